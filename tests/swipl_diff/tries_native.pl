% library(tries) kept outside the stacks: every predicate, keys with variables, values that are
% compound, big, float or string, the errors, and refused keys. A trie is never written (swipl
% writes its address), nor an error's context (swipl names the module); trie_gen/2,3's
% answers are sorted, since the order differs (that of swipl's trie nodes).

formal(G) :-
    catch(( G -> writeln(yes) ; writeln(no) ), error(E, _), ( mask(E, M), print(M), nl )).

mask(permission_error(A, trie, _), permission_error(A, trie, '<trie>')) :- !.
mask(existence_error(trie, _), existence_error(trie, '<trie>')) :- !.
mask(type_error(acyclic_term, _), type_error(acyclic_term, '<cyclic>')) :- !.
mask(permission_error(modify, trie_key, K), permission_error(modify, trie_key, N)) :- !,
    copy_term(K, N),
    numbervars(N, 0, _).
mask(type_error(free_of_attvar, _), type_error(free_of_attvar, '<attributed>')) :- !.
mask(E, E).

main :-
    trie_new(T),
    formal(is_trie(T)),
    formal(trie_insert(T, p(X, _Y, X), 1)),
    formal(trie_insert(T, p(A, _, A), 1)),
    formal(trie_insert(T, p(B, _, B), 2)),
    formal(trie_insert(T, p(_, _, _), 3)),
    formal(( trie_lookup(T, p(C, D, C), V1), var(D), print(V1), nl )),
    formal(trie_lookup(T, p(a, b, a), _)),
    formal(( trie_gen(T, p(a, b, a), V2), print(V2), nl )),
    formal(( findall(V, trie_gen(T, p(a, b, c), V), Vs), print(Vs), nl )),
    formal(trie_insert(T, 12345678901234567890123, big)),
    formal(trie_insert(T, 2.5, float)),
    formal(trie_insert(T, "text", string)),
    formal(trie_insert(T, k, f(_, "s", 1.0e10))),
    formal(( trie_lookup(T, 12345678901234567890123, W1), print(W1), nl )),
    formal(( trie_lookup(T, 2.5, W2), print(W2), nl )),
    formal(( trie_lookup(T, "text", W3), print(W3), nl )),
    formal(( trie_lookup(T, k, f(G1, S, F)), var(G1), print(S/F), nl )),
    formal(trie_update(T, k, 1)),
    formal(trie_update(T, k, 1)),
    formal(trie_update(T, new, 1)),
    formal(( trie_lookup(T, k, W4), print(W4), nl )),
    formal(( findall(K-W, (trie_gen(T, K, W), ground(K)), L1), msort(L1, S1), print(S1), nl )),
    formal(( findall(K, (trie_gen(T, K), ground(K)), L2), msort(L2, S2), print(S2), nl )),
    formal(( findall(W, trie_gen_compiled(T, new, W), L3), print(L3), nl )),
    formal(trie_delete(T, k, 2)),
    formal(( trie_delete(T, k, W5), print(W5), nl )),
    formal(trie_lookup(T, k, _)),
    formal(trie_delete(T, k, _)),
    formal(trie_delete(T, p(_, _, _), 3)),
    formal(trie_lookup(T, p(_, _, _), _)),
    formal(trie_lookup(T, p(E1, _, E1), _)),
    Cyc = f(Cyc),
    formal(trie_insert(T, Cyc, 1)),
    formal(trie_update(T, g(Cyc), 1)),
    put_attr(AV, test, 1),
    formal(trie_insert(T, AV, 1)),
    formal(trie_update(T, h(AV), 1)),
    formal(trie_insert(_, a, 1)),
    formal(trie_insert(foo, a, 1)),
    formal(trie_lookup(42, a, _)),
    formal(trie_new(foo)),
    atom_codes(Fresh, "an_atom_made_at_run_time"),
    formal(trie_insert(T, Fresh, Fresh)),
    garbage_collect_atoms,
    formal(( trie_gen(T, Key, an_atom_made_at_run_time), print(Key), nl )),
    trie_new(T2),
    formal(trie_insert(T2, k)),
    formal(trie_insert(T2, k)),
    formal(( trie_gen(T2, K2), print(K2), nl )),
    forall(between(1, 300, I), trie_insert(T2, n(I))),
    forall(between(1, 290, I), trie_delete(T2, n(I), _)),
    formal(( findall(N, trie_gen(T2, n(N)), L4), msort(L4, S4), print(S4), nl )),
    formal(trie_destroy(T)),
    formal(is_trie(T)),
    formal(trie_insert(T, a, 1)),
    formal(trie_update(T, a, 1)),
    formal(trie_gen(T, _, _)),
    formal(trie_destroy(T)),
    formal(is_trie(T2)),
    formal(is_trie(foo)),
    formal(is_trie(_)).
