% A module whose clauses call a predicate nobody defines (named m:zz/1 by check.).
:- module(undefined_mod, [p2/1]).
p2(X) :- zz(X), q2(X).
q2(X) :- integer(X).
