:- module(c2, [q/0]).
q :- writeln(c2).
