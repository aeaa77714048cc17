% A module for chain.pl with a private predicate and a predicate of user's imported.
:- module(chain_m, [p/1]).
:- import(user:zz/0).
p(1).
r(3).
