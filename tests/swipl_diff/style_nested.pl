% The style of an included file ends with it: g/1's singleton is warned about.
:- [style].
g(X) :- true.
