:- module(util, [shout/1]).
shout(X) :- upcase_atom(X, U), writeln(U).
