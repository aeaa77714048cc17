% A module for ops_n.pl that exports an operator only.
:- module(ops_o, [op(500, yfx, +++)]).
