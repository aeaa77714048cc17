:- module(helpers2, [run2/1, apply_all/3]).
:- meta_predicate apply_all(2, ?, ?).
run2(X) :- helper(X).
helper(2).
apply_all(G, L, R) :- maplist(G, L, R).
:- dynamic counter/1.
counter(0).
bump :- retract(counter(N)), N1 is N+1, assert(counter(N1)).
:- export(bump/0).
