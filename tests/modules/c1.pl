:- module(c1, [q/0]).
q :- writeln(c1).
