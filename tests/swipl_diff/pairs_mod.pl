% A module whose private predicates library meta-predicates call: predsort/3 and
% map_list_to_pairs/3 must run them in this module.
:- module(pairs_mod, [sorted_desc/2, keyed_by_length/2]).

desc(O, A, B) :- compare(O, B, A).
len(A, N) :- atom_length(A, N).

sorted_desc(L, S) :- predsort(desc, L, S).
keyed_by_length(L, P) :- map_list_to_pairs(len, L, P).
