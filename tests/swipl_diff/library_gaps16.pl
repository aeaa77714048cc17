% Library predicates public programs called (Advent of Code 2020 in SWI-Prolog): tries,
% get_string_code/3, foreach/2, dict_keys/2 and select_dict/3. Variables are never printed
% (their numbers differ), nor a trie (swipl writes its address), nor the order trie_gen/3
% enumerates in (that of swipl's trie nodes): answers are sorted first.
:- use_module(library(clpfd)).

check(G) :-
    catch((G -> true ; writeln(failed)), error(F, _), (print(caught(F)), nl)).

main :-
    forall(member(G, [get_string_code(1, "abc", C), get_string_code(3, abc, C),
                      get_string_code(2, [0'x, 0'y], C)]),
           ( G, print(C), nl )),
    forall(member(G, [get_string_code(0, "abc", _), get_string_code(4, "abc", _),
                      get_string_code(1, "", _), get_string_code(_, "abc", _),
                      get_string_code(a, "abc", _), get_string_code(1, _, _)]),
           check(G)),
    foreach(member(X, [1, 2, 3]), Y #> X), Y in 0..10, fd_dom(Y, D), print(D), nl,
    check(foreach(member(X1, [1, 2, 3]), X1 > 0)),
    check(foreach(member(X2, [1, -2, 3]), X2 > 0)),
    check((foreach(between(1, 4, I), nth1(I, L, I)), length(L, 4), print(L), nl)),
    dict_keys(_{b:1, a:2, c:3}, Keys), print(Keys), nl,
    check((select_dict(_{a:A}, t{a:1, b:2}, R), dict_pairs(R, _, RP), print(A-RP), nl)),
    check((select_dict(T{a:A2}, u{a:1, b:2, c:3}, R2), dict_pairs(R2, _, RP2), print(T-A2-RP2), nl)),
    check(select_dict(t{a:_}, u{a:1}, _)),
    check(select_dict(_{c:_}, t{a:1, b:2}, _)),
    check(select_dict(_{a:2}, t{a:1}, _)),
    check(select_dict(x, t{a:1}, _)),
    check(select_dict(_{a:1}, _, _)),
    tries.

tries :-
    trie_new(T),
    trie_insert(T, a-1, x), trie_insert(T, f(_), y), trie_insert(T, g(V, V), z),
    check(trie_insert(T, a-1, x)),
    check(trie_insert(T, a-1, w)),
    check((trie_lookup(T, f(Q), V1), var(Q), print(V1), nl)),
    check(trie_lookup(T, f(a), _)),
    check((trie_lookup(T, g(B, B), V2), print(V2), nl)),
    check(trie_lookup(T, g(_, _), _)),
    trie_update(T, a-1, new), trie_update(T, b, 7), trie_update(T, b, 8),
    findall(K-W, (trie_gen(T, K, W), ground(K)), L1), msort(L1, S1), print(S1), nl,
    findall(W, trie_gen_compiled(T, _, W), L2), msort(L2, S2), print(S2), nl,
    findall(W, trie_gen(T, f(c), W), L3), print(L3), nl,
    ( trie_insert(T, once_more, 1), fail ; true ),
    check((trie_lookup(T, once_more, W1), print(W1), nl)),
    check((trie_delete(T, b, W2), print(W2), nl)),
    check(trie_lookup(T, b, _)),
    trie_new(T2), check((trie_insert(T2, k), trie_gen(T2, K2), print(K2), nl)),
    check(trie_insert(T2, k)),
    trie_destroy(T),
    catch(trie_lookup(T, b, _), error(existence_error(trie, _), _), (writeln(destroyed))),
    check(trie_lookup(_, b, _)).
