% A module for ops.pl that imports an operator from ops_o.pl and does not export it.
:- module(ops_n, [w/1]).
:- use_module(ops_o).
w(X) :- X = (a +++ b).
