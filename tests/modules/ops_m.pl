% A module for ops.pl with an operator of its own, an exported one and a reading flag of its own.
:- module(ops_m, [t/1, show/1, op(700, xfx, ===>)]).
:- op(700, xfx, <==).
:- set_prolog_flag(double_quotes, atom).
t(X) :- X = "ab".
u(X) :- X = (a <== b).
show(X) :- X = (a ===> b).
