% List library: append, member, reverse, nth0/nth1, last, select,
% permutation, set operations, maplist, foldl, include/exclude,
% partition, sum/max/min, numlist, flatten, pairs, predsort.

t(append([a, b], [c], L), sols(L, [[a, b, c]])).
t(append(X, Y, [1, 2]), sols(X-Y, [[]-[1, 2], [1]-[2], [1, 2]-[]])).
t(append(X, [c], [a, b, c]), sols(X, [[a, b]])).
t(append([a], X, [a, b, c]), sols(X, [[b, c]])).
t(append([], [], L), sols(L, [[]])).
t(once(append([a|T], [b], L)), sols(L-T, [[a, b]-[]])).
t(append([[a], [b, c], []], L), sols(L, [[a, b, c]])).
t(append([], L), sols(L, [[]])).
t(append([[1], X], [1, 2]), sols(X, [[2]])).

t(member(X, [a, b, c]), sols(X, [a, b, c])).
t(member(b, [a, b, c]), true).
t(member(d, [a, b, c]), fail).
t(member(X, []), fail).
t(member(f(X), [f(1), g(2), f(3)]), sols(X, [1, 3])).
t(findall(L, (L = [_, _], member(a, L)), Ls), sols(Ls, [[[a, _], [_, a]]])).
t(memberchk(X, [a, b]), sols(X, [a])).
t(memberchk(c, [a, b]), fail).
t(memberchk(f(X), [g(1), f(2), f(3)]), sols(X, [2])).
t((memberchk(a, L), L = [Y|_]), sols(Y, [a])).
t(memberchk(f(X, 1), [f(a, 2), f(b, 1)]), sols(X, [b])).
t((dif(X, 1), memberchk(X, [1, 2])), sols(X, [2])).

t(reverse([1, 2, 3], L), sols(L, [[3, 2, 1]])).
t(reverse([], L), sols(L, [[]])).
t(reverse(L, [1, 2]), sols(L, [[2, 1]])).
t(reverse([a, [b, c]], L), sols(L, [[[b, c], a]])).

t(nth0(0, [a, b, c], X), sols(X, [a])).
t(nth0(2, [a, b, c], X), sols(X, [c])).
t(nth0(3, [a, b, c], X), fail).
t(nth0(-1, [a, b, c], X), fail).
t(nth0(I, [a, b, c], X), sols(I-X, [0-a, 1-b, 2-c])).
t(nth0(I, [a, b, a], a), sols(I, [0, 2])).
t(nth0(a, [a], X), error(type_error(integer, a))).
t(nth0(1, L, x), sols(L, [[_, x|_]])).
t(nth1(1, [a, b, c], X), sols(X, [a])).
t(nth1(3, [a, b, c], X), sols(X, [c])).
t(nth1(0, [a, b, c], X), fail).
t(nth1(I, [a, b], X), sols(I-X, [1-a, 2-b])).
t(nth0(1, [a, b, c], X, R), sols(X-R, [b-[a, c]])).
t(nth0(I, [a, b, c], b, R), sols(I-R, [1-[a, c]])).
t(nth1(I, L, x, [a, b]), sols(I-L, [1-[x, a, b], 2-[a, x, b], 3-[a, b, x]])).
t(nth1(2, L, x, [a, b]), sols(L, [[a, x, b]])).

t(last([1, 2, 3], X), sols(X, [3])).
t(last([1], X), sols(X, [1])).
t(last([], X), fail).
t(nextto(X, Y, [1, 2, 3]), sols(X-Y, [1-2, 2-3])).
t(nextto(2, Y, [1, 2, 3]), sols(Y, [3])).

t(select(b, [a, b, c], R), sols(R, [[a, c]])).
t(select(X, [a, b], R), sols(X-R, [a-[b], b-[a]])).
t(select(b, [a, b, c, b], R), sols(R, [[a, c, b], [a, b, c]])).
t(select(x, [a, b], R), fail).
t(select(x, L, [a, b]), sols(L, [[x, a, b], [a, x, b], [a, b, x]])).
t(selectchk(b, [a, b, c, b], R), sols(R, [[a, c, b]])).
t(selectchk(x, [a], R), fail).
t(select(b, [a, b, c, b], x, R), sols(R, [[a, x, c, b], [a, b, c, x]])).
t(select(X, [a, b], Y, [a, c]), sols(X-Y, [b-c])).

t(permutation([1, 2, 3], P), sols(P, [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]])).
t(permutation([], P), sols(P, [[]])).
t(permutation(P, [a, b]), sols(P, [[a, b], [b, a]])).
t(permutation([a, b], [b, a]), true).
t(permutation([a, b], [a, c]), fail).

t(subtract([1, 2, 3, 4], [2, 4], R), sols(R, [[1, 3]])).
t(subtract([a, b], [], R), sols(R, [[a, b]])).
t(intersection([a, b, c], [c, a, d], R), sols(R, [[a, c]])).
t(intersection([a, b, a], [a], R), sols(R, [[a, a]])).
t(union([a, b], [b, c], R), sols(R, [[a, b, c]])).
t(union([], [x], R), sols(R, [[x]])).
t(delete([a, b, a, c], a, R), sols(R, [[b, c]])).
t(delete([f(1), g(2), f(3)], f(_), R), sols(R, [[g(2)]])).
t(delete([a, B, c], a, R), sols(R, [[c]])).
t(exclude(==(a), [a, b, a, c], R), sols(R, [[b, c]])).
t(include(integer, [a, 1, b, 2], R), sols(R, [[1, 2]])).
t(include(integer, [], R), sols(R, [[]])).
t(exclude(integer, [a, 1, b, 2], R), sols(R, [[a, b]])).
t(partition(integer, [a, 1, b, 2], I, E), sols(I-E, [[1, 2]-[a, b]])).
t(partition(compare_to_two, [1, 2, 3], L, E, G), error(existence_error(procedure, compare_to_two/2))).
t(partition(succ_or_zero, [], L, E, G), sols(L-E-G, [[]-[]-[]])).
t(include(member(X), [[a, b], [c]], R), sols(R, [[[a, b]]])).

t(maplist(atom, [a, b]), true).
t(maplist(atom, [a, 1]), fail).
t(maplist(atom, []), true).
t(maplist(succ, [1, 2, 3], L), sols(L, [[2, 3, 4]])).
t(maplist(succ, L, [1, 2, 3]), sols(L, [[0, 1, 2]])).
t(once(maplist(=(x), L)), sols(L, [[]])).
t(findall(L, (between(0, 2, N), length(L, N), maplist(=(x), L)), Ls), sols(Ls, [[[], [x], [x, x]]])).
t(maplist(plus, [1, 2], [10, 20], L), sols(L, [[11, 22]])).
t(maplist(=, [a, b], [a, c]), fail).
t(maplist(atom_length, [ab, c], L), sols(L, [[2, 1]])).
t(maplist(nth0(0), [[a, b], [c]], L), sols(L, [[a, c]])).
t(maplist(atom_concat(x), [a, b], L), sols(L, [[xa, xb]])).
t(maplist(format(atom(_)), ['~w'], [[a]]), true).
t((length(L, 2), maplist(=(z), L)), sols(L, [[z, z]])).
t(maplist(succ, [1, 2], [2, 3, 4]), fail).
t(maplist(functor, [f(a), g], Ns, As), sols(Ns-As, [[f, g]-[1, 0]])).
t(maplist(plus(1), [1, 2], L), sols(L, [[2, 3]])).
t(maplist(call, [true, true]), true).
t(maplist(setarg_free_test, [a]), error(existence_error(procedure, setarg_free_test/1))).
t(maplist(atomic_list_concat, [[a, b], [c]], ['-', '+'], L), sols(L, [['a-b', c]])).
t(maplist(sort(0, @>=), [[1, 2], [3, 1]], L), sols(L, [[[2, 1], [3, 1]]])).

t(foldl(plus, [1, 2, 3], 0, S), sols(S, [6])).
t(foldl(plus, [], 7, S), sols(S, [7])).
t(foldl(atom_concat_rev, [], a, S), sols(S, [a])).
t(foldl(pairs_add, [], [], 0, S), sols(S, [0])).
t(foldl(plus_three, [], [], [], 0, S), sols(S, [0])).

t(sum_list([1, 2, 3], S), sols(S, [6])).
t(sum_list([], S), sols(S, [0])).
t(sum_list([1, 2.5], S), sols(S, [3.5])).
t(sumlist([1, 2], S), sols(S, [3])).
t(sum_list([1, a], S), error(type_error(evaluable, a/0))).
t(max_list([1, 5, 3], M), sols(M, [5])).
t(max_list([1, 3.0, 3], M), sols(M, [3.0])).
t(max_list([], M), fail).
t(min_list([4, 2, 8], M), sols(M, [2])).
t(min_list([], M), fail).
t(max_member(M, [a, f(x), 1]), sols(M, [f(x)])).
t(min_member(M, [a, f(x), 1]), sols(M, [1])).
t(max_member(M, []), fail).
t(max_member(M, [3, 1, 3]), sols(M, [3])).
t(numlist(1, 5, L), sols(L, [[1, 2, 3, 4, 5]])).
t(numlist(3, 3, L), sols(L, [[3]])).
t(numlist(3, 1, L), fail).
t(numlist(a, 1, L), error(type_error(integer, a))).
t(numlist(X, 1, L), error(instantiation_error)).

t(list_to_set([a, b, a, c, b], S), sols(S, [[a, b, c]])).
t(list_to_set([1, 1.0, 1], S), sols(S, [[1, 1.0]])).
t(list_to_set([X, Y, X], S), sols(S-X-Y, [[X, Y]-X-Y])).
t(list_to_set([], S), sols(S, [[]])).
t(flatten([a, [b, [c, d], []], e], F), sols(F, [[a, b, c, d, e]])).
t(flatten([], F), sols(F, [[]])).
t(flatten(a, F), sols(F, [[a]])).
t(flatten([a, [X|T]], F), sols(F-X-T, [[a, X, T]-X-T])).

t(pairs_keys_values(P, [a, b], [1, 2]), sols(P, [[a-1, b-2]])).
t(pairs_keys_values([a-1, b-2], K, V), sols(K-V, [[a, b]-[1, 2]])).
t(pairs_keys([a-1, b-2], K), sols(K, [[a, b]])).
t(pairs_values([a-1, b-2], V), sols(V, [[1, 2]])).

t(predsort(compare, [c, a, b, a], L), sols(L, [[a, b, c]])).
t(predsort(compare, [], L), sols(L, [[]])).
t(predsort(compare, [x], L), sols(L, [[x]])).
t(predsort(compare, [3, 1, 2, 5, 4, 1, 3], L), sols(L, [[1, 2, 3, 4, 5]])).
t(length(L, 2), sols(L, [[_, _]])).
t(length([a, b, c], N), sols(N, [3])).
t(msort([b, a, b], L), sols(L, [[a, b, b]])).

% The set and aggregate predicates match their list argument without binding it, as in
% SWI-Prolog's library: an unbound list, or a tail that is no list, is an error naming the
% goal that met it.
t(intersection(_, [a], _), error(existence_error(matching_rule, lists:intersection(_, [a], _)))).
t(intersection([a|_], [b], _), error(existence_error(matching_rule, lists:intersection(_, [b], _)))).
t(intersection([], foo, X), sols(X, [[]])).
t(subtract(_, [a], _), error(existence_error(matching_rule, lists:subtract(_, [a], _)))).
t(subtract([a|b], [a], _), error(existence_error(matching_rule, lists:subtract(b, [a], _)))).
t(union(_, [a], _), error(existence_error(matching_rule, lists:union(_, [a], _)))).
t(union([a], [b|c], _), error(type_error(list, c))).
t(max_list(_, _), error(existence_error(matching_rule, lists:max_list(_, _)))).
t(max_list([1|_], _), error(existence_error(matching_rule, lists:max_list(_, 1, _)))).
t(max_list([], _), fail).
t(min_list(foo, _), error(existence_error(matching_rule, lists:min_list(foo, _)))).
t(sum_list(_, _), error(existence_error(matching_rule, lists:sum_list(_, 0, _)))).
t(sum_list([1|foo], _), error(existence_error(matching_rule, lists:sum_list(foo, 1, _)))).
t(max_member(_, foo), error(existence_error(matching_rule, lists:max_member(_, foo)))).
t(max_member(_, [a|foo]), error(existence_error(matching_rule, lists:max_member_(foo, a, _)))).
t(min_member(_, []), fail).
t(memberchk(a, foo), error(type_error(list, foo))).
t(memberchk(a, [b|c]), error(type_error(list, c))).
t(memberchk(a, [a|c]), true).
