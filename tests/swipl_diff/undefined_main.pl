% Calls of a module's private predicate and of a qualified undefined goal (check.).
:- use_module(undefined_mod).
go :- p2(1), undefined_mod:q2(2), q2(3), undefined_mod:nothere(4).
