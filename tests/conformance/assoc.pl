% Association lists (library(assoc)), AVL trees.  The shape of a tree is
% not part of the contract: results are compared through assoc_to_list/2,
% assoc_to_keys/2 and assoc_to_values/2.

t((empty_assoc(A), assoc_to_list(A, L)), sols(L, [[]])).
t((empty_assoc(A), get_assoc(a, A, V)), fail).
t((list_to_assoc([c-3, a-1, b-2], A), assoc_to_list(A, L)), sols(L, [[a-1, b-2, c-3]])).
t((list_to_assoc([], A), assoc_to_list(A, L)), sols(L, [[]])).
t((list_to_assoc([1-a, 1.0-b], A), assoc_to_list(A, L)), sols(L, [[1.0-b, 1-a]])).
t((list_to_assoc([K-1], A), assoc_to_list(A, L)), sols(K-L, [K-[K-1]])).
t(list_to_assoc([a-1, b-2, a-3], A), error(domain_error(unique_key_pairs, [a-1, b-2, a-3]))).
t(list_to_assoc([a-1, b], A), error(type_error(pair, b))).
t(list_to_assoc(a, A), error(type_error(list, a))).
t(list_to_assoc(_, A), error(instantiation_error)).
t(list_to_assoc([a-1|_], A), error(instantiation_error)).

t((ord_list_to_assoc([a-1, b-2, c-3], A), assoc_to_list(A, L)), sols(L, [[a-1, b-2, c-3]])).
t((ord_list_to_assoc([], A), assoc_to_list(A, L)), sols(L, [[]])).
t(ord_list_to_assoc([b-1, a-2], A), error(domain_error(key_ordered_pairs, [b-1, a-2]))).
t(ord_list_to_assoc([a-1, a-2], A), error(domain_error(key_ordered_pairs, [a-1, a-2]))).
t(ord_list_to_assoc([a-1, b], A), error(domain_error(key_ordered_pairs, [a-1, b]))).
t(ord_list_to_assoc(foo, A), error(domain_error(key_ordered_pairs, foo))).

t((list_to_assoc([a-1, b-2], A), get_assoc(a, A, V)), sols(V, [1])).
t((list_to_assoc([a-1, b-2], A), get_assoc(c, A, V)), fail).
t((list_to_assoc([a-1, b-2], A), get_assoc(a, A, 2)), fail).
t((list_to_assoc([a-1, b-2], A), get_assoc(K, A, V)), fail).
t((list_to_assoc([f(X)-a], A), get_assoc(f(Y), A, V)), fail).
t((list_to_assoc([f(X)-a], A), get_assoc(f(X), A, V)), sols(V, [a])).
t(get_assoc(a, _, V), error(instantiation_error)).
t((list_to_assoc([a-1, b-2], A), get_assoc(a, A, V0, A2, x), assoc_to_list(A2, L)),
  sols(V0-L, [1-[a-x, b-2]])).

t((list_to_assoc([a-1, c-3, b-2], A), put_assoc(b, A, x, A2), assoc_to_list(A2, L)),
  sols(L, [[a-1, b-x, c-3]])).
t((empty_assoc(E), put_assoc(k, E, v, A), assoc_to_list(A, L)), sols(L, [[k-v]])).
t((empty_assoc(E), put_assoc(X, E, v, A), assoc_to_list(A, L)), sols(X-L, [X-[X-v]])).
t((numlist(1, 50, Ns), empty_assoc(E),
   foldl([N, A0, A1]>>(K is (N * 37) mod 50, put_assoc(K, A0, N, A1)), Ns, E, A),
   assoc_to_keys(A, Ks), numlist(0, 49, Ks)), true).
t((numlist(1, 20, Ns), empty_assoc(E),
   foldl([N, A0, A1]>>put_assoc(N, A0, N, A1), Ns, E, A),
   get_assoc(13, A, V)), sols(V, [13])).

t((list_to_assoc([a-1, c-3, b-2], A), assoc_to_keys(A, K), assoc_to_values(A, V)),
  sols(K-V, [[a, b, c]-[1, 2, 3]])).
t((empty_assoc(A), assoc_to_keys(A, K), assoc_to_values(A, V)), sols(K-V, [[]-[]])).

t((list_to_assoc([a-1, c-3, b-2], A), max_assoc(A, K, V)), sols(K-V, [c-3])).
t((list_to_assoc([a-1, c-3, b-2], A), min_assoc(A, K, V)), sols(K-V, [a-1])).
t((empty_assoc(A), max_assoc(A, K, V)), fail).
t((empty_assoc(A), min_assoc(A, K, V)), fail).
t((list_to_assoc([a-1, b-2], A), max_assoc(A, a, V)), fail).

t((list_to_assoc([a-1, c-3, b-2], A), del_assoc(b, A, V, A2), assoc_to_list(A2, L)),
  sols(V-L, [2-[a-1, c-3]])).
t((list_to_assoc([a-1, c-3, b-2], A), del_assoc(x, A, V, A2)), fail).
t((list_to_assoc([a-1, c-3, b-2], A), del_assoc(b, A, 5, A2)), fail).
t((list_to_assoc([a-1, c-3, b-2], A), del_assoc(K, A, V, A2)), fail).
t((list_to_assoc([a-1], A), del_assoc(a, A, _, A2), assoc_to_list(A2, L)), sols(L, [[]])).
t((numlist(1, 40, Ns), findall(N-N, member(N, Ns), Ps), list_to_assoc(Ps, A),
   foldl([N, A0, A1]>>(0 =:= N mod 3 -> del_assoc(N, A0, N, A1) ; A1 = A0), Ns, A, A2),
   assoc_to_keys(A2, Ks), length(Ks, Len), sum_list(Ks, Sum)), sols(Len-Sum, [27-547])).
t((list_to_assoc([a-1, b-2, c-3], A), del_min_assoc(A, K, V, A2), assoc_to_list(A2, L)),
  sols(K-V-L, [a-1-[b-2, c-3]])).
t((list_to_assoc([a-1, b-2, c-3], A), del_max_assoc(A, K, V, A2), assoc_to_list(A2, L)),
  sols(K-V-L, [c-3-[a-1, b-2]])).
t((empty_assoc(A), del_min_assoc(A, K, V, A2)), fail).

t((list_to_assoc([a-1, b-2], A), map_assoc(integer, A)), true).
t((list_to_assoc([a-1, b-x], A), map_assoc(integer, A)), fail).
t((list_to_assoc([a-1, b-2], A), map_assoc(succ, A, A2), assoc_to_list(A2, L)),
  sols(L, [[a-2, b-3]])).

t(transpose_pairs([b-1, a-1, c-0], P), sols(P, [[0-c, 1-b, 1-a]])).
t(transpose_pairs([], P), sols(P, [[]])).

t((numlist(1, 100000, Ns), findall(N-N, member(N, Ns), Ps), list_to_assoc(Ps, A),
   get_assoc(77777, A, V), max_assoc(A, Max, _), min_assoc(A, Min, _),
   assoc_to_keys(A, Ks), length(Ks, Len)), sols(V-Max-Min-Len, [77777-100000-1-100000])).
