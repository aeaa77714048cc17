% A local definition after an import replaces it.
:- use_module(c1).
q :- writeln(local).
main :- q.
