p(1).
:- dynamic d/1.
d(1).
