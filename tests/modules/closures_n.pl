:- module(closures_n, []).
n_pair(X, X+X).
