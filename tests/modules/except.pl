% use_module/2 with except/1, and reexport/1.
:- use_module(re, except([twice/2])).
main :- run1(X), writeln(X), catch(twice(1, _), error(E, _), (print(E), nl)), shout(re).
