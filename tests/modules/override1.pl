% A local definition keeps out an import of the same name.
q :- writeln(local).
:- use_module(c1).
main :- q.
