:- module(helpers1, [run1/1, twice/2]).
:- use_module(library(lists)).
run1(X) :- helper(X0), twice(X0, X).
helper(1).
twice(X, Y) :- Y is 2*X.
