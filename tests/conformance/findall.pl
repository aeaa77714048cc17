% findall/3, findall/4, bagof/3, setof/3 with ^ and free variables,
% aggregate_all/3, forall/2.

t(findall(X, member(X, [a, b, c]), L), sols(L, [[a, b, c]])).
t(findall(X, fail, L), sols(L, [[]])).
t(findall(X-Y, member(X-Y, [1-a, 2-b]), L), sols(L, [[1-a, 2-b]])).
t(findall(X, (X = f(Y), Y = 1 ; X = g(_)), L), sols(L, [[f(1), g(_)]])).
t((findall(X, member(X, [A, B]), L), L = [P, Q], P \== A), true).
t(findall(X, member(X, [a, b]), [a, b]), true).
t(findall(X, member(X, [a, b]), [a]), fail).
t(findall(X, G, L), error(instantiation_error)).
t(findall(X, 4, L), error(type_error(callable, 4))).
t(findall(X, true, [a|b]), error(type_error(list, [a|b])), iso('ISO checks the result argument; SWI fails')).
t(findall(X, member(X, [1, 2]), L, [3]), sols(L, [[1, 2, 3]])).
t(findall(X, fail, L, T), sols(L-T, [T-T])).
t(findall(X, member(X, [1, 2]), L, T), sols(L-T, [[1, 2|T]-T])).

t(bagof(X, member(X, [c, a, b]), L), sols(L, [[c, a, b]])).
t(bagof(X, fail, L), fail).
t(bagof(X, member(X-Y, [1-a, 2-b, 3-a]), L), sols(Y-L, [a-[1, 3], b-[2]])).
t(bagof(X, Y^member(X-Y, [1-a, 2-b, 3-a]), L), sols(L, [[1, 2, 3]])).
t(bagof(X-Z, Y^member(X-Y-Z, [1-a-p, 2-b-q]), L), sols(L, [[1-p, 2-q]])).
t(bagof(X, member(X-Y-Z, [1-a-p, 2-a-p, 3-b-q]), L), sols(Y-Z-L, [a-p-[1, 2], b-q-[3]])).
t(bagof(X, Y^Z^member(X-Y-Z, [1-a-p, 2-a-p, 3-b-q]), L), sols(L, [[1, 2, 3]])).
t(bagof(X, Z^member(X-Y-Z, [1-a-p, 2-a-q, 3-b-q]), L), sols(Y-L, [a-[1, 2], b-[3]])).
t(bagof(X, (Y, Z)^member(X-Y-Z, [1-a-p, 2-b-q]), L), sols(L, [[1, 2]])).
t(bagof(X, f(Y, Z)^member(X-Y-Z, [1-a-p, 2-b-q]), L), sols(L, [[1, 2]])).
t(bagof(X, member(X-Y, [1-b, 2-a, 3-b, 4-a]), L), sols(Y-L, [a-[2, 4], b-[1, 3]])).
t(bagof(f(X, Y), member(X-Y, [1-a, 2-b]), L), sols(L, [[f(1, a), f(2, b)]])).
t(bagof(X, (member(X, [1, 2, 3]), X > 1), L), sols(L, [[2, 3]])).
t(bagof(X, Y^(member(X-Y, [1-a, 2-b]), Y \== a), L), sols(L, [[2]])).
t(bagof(X, G, L), error(instantiation_error)).
t(bagof(X, Y^G, L), error(instantiation_error)).
t(bagof(X, 1, L), error(type_error(callable, 1))).
t(bagof(X, (X = Y ; X = Z), L), sols(L, [[Y, Z]])).
t(bagof(X, member(X-Y, [1-Z, 2-Z]), L), sols(L, [[1, 2]])).
t(bagof(X, X^member(X, [1, 2]), L), sols(L, [[1, 2]])).
t(bagof(X-Y, member(X-Y, [2-b, 1-a]), L), sols(L, [[2-b, 1-a]])).
t(bagof(X, member(X, [A, B, A]), L), sols(L, [[A, B, A]])).
t(bagof(N-X, member(N-X, [2-b, 1-a]), L), sols(L, [[2-b, 1-a]])).
t((bagof(X, member(X-Y, [1-f(A), 2-f(A)]), L), Y == f(A)), sols(L, [[1, 2]])).
t(bagof(K, member(K-V, [1-x, 2-1, 3-x, 4-1.0]), L), sols(V-L, [1.0-[4], 1-[2], x-[1, 3]])).

t(setof(X, member(X, [c, a, b, a]), L), sols(L, [[a, b, c]])).
t(setof(X, fail, L), fail).
t(setof(X, member(X-Y, [3-a, 1-b, 2-a, 1-a]), L), sols(Y-L, [a-[1, 2, 3], b-[1]])).
t(setof(X, Y^member(X-Y, [3-a, 1-b, 2-a, 1-a]), L), sols(L, [[1, 2, 3]])).
t(setof(Y-X, member(X-Y, [3-a, 1-b]), L), sols(L, [[a-3, b-1]])).
t((atom_string(s, S), setof(X, member(X, [f(b), 2, a, 1.0, S]), L), L == [1.0, 2, S, a, f(b)]), true, swi('strings sort before atoms in SWI 9')).
t(setof(X-Y, member(X, [b, a]), L), sols(L, [[a-_, b-_]])).
t(setof(X, G, L), error(instantiation_error)).
t(setof(X, member(X, [b, a]), [a, b]), true).
t(setof(X, member(X, [b, a]), [b, a]), fail).
t(setof(K-Vs, setof(V, member(K-V, [b-2, a-1, b-1]), Vs), L), sols(L, [[a-[1], b-[1, 2]]])).
t(setof(X, Y^Z^member(X-Y-Z, [b-1-2, a-2-1]), L), sols(L, [[a, b]])).
t(bagof(X-S, setof(Y, member(X-Y-_, [a-p-1, b-q-2, a-r-3]), S), L), sols(L, [[a-[p]], [b-[q]], [a-[r]]])).
t(bagof(X-S, setof(Y, member(X-Y-Z, [a-p-1, b-q-2, a-r-3]), S), L), sols(Z-L, [1-[a-[p]], 2-[b-[q]], 3-[a-[r]]])).
t(bagof(K, (member(K, [3, 1, 2]), \+ member(K-_, [2-x])), L), sols(L, [[3, 1]])).
t(bagof(X, (member(X, [1, 2]), (X > 5 -> bagof(Y, G, _) ; true)), L), sols(L, [[1, 2]])).
t((setof(X, member(X-Y, [1-a, 2-b]), L), Y == b), sols(L, [[2]])).

t(aggregate_all(count, member(_, [a, b, c]), C), sols(C, [3])).
t(aggregate_all(count, fail, C), sols(C, [0])).
t(aggregate_all(sum(X), member(X, [1, 2, 3]), S), sols(S, [6])).
t(aggregate_all(sum(X), member(X, [1, 2.5]), S), sols(S, [3.5])).
t(aggregate_all(sum(X), fail, S), sols(S, [0])).
t(aggregate_all(max(X), member(X, [1, 3, 2]), M), sols(M, [3])).
t(aggregate_all(max(X), fail, M), fail).
t(aggregate_all(min(X), member(X, [4, 3, 5]), M), sols(M, [3])).
t(aggregate_all(max(X, W), member(X-W, [1-a, 3-b, 2-c]), M), sols(M, [max(3, b)])).
t(aggregate_all(min(X, W), member(X-W, [1-a, 3-b, 1-c]), M), sols(M, [min(1, a)])).
t(aggregate_all(bag(X), member(X, [c, a, c]), B), sols(B, [[c, a, c]])).
t(aggregate_all(set(X), member(X, [c, a, c]), S), sols(S, [[a, c]])).
t(aggregate_all(r(count, sum(X), max(X)), member(X, [1, 2]), R), sols(R, [r(2, 3, 2)])).
t(aggregate_all(foo, true, _), error(domain_error(aggregate_template, foo))).
t(aggregate_all(count, _, _), error(instantiation_error)).
t(aggregate_all(max(X), member(X, [a, b]), _), error(type_error(evaluable, a/0))).
t(aggregate_all(count, member(X, [a, b]), 2), true).

% aggregate/3: bagof/3 underneath, so free variables group and no solution fails.
t(aggregate(count, X^member(X, [a, b, c]), C), sols(C, [3])).
t(aggregate(count, member(_, [a, b, c]), C), sols(C, [1, 1, 1])).
t(aggregate(count, fail, C), fail).
t(aggregate(sum(X), member(X, [1, 2, 3]), S), sols(S, [6])).
t(aggregate(max(X), member(X, [1, 5, 3]), M), sols(M, [5])).
t(aggregate(min(X, W), member(X-W, [2-a, 1-b, 3-c]), M), sols(M, [min(1, b)])).
t(aggregate(bag(X), member(X, [c, a, c]), B), sols(B, [[c, a, c]])).
t(aggregate(set(X), member(X, [c, a, c]), B), sols(B, [[a, c]])).
t(aggregate(count, member(K-_, [a-1, b-2, a-3]), N), sols(K-N, [a-1, a-1, b-1])).
t(aggregate(count, V^member(K-V, [a-1, b-2, a-3]), N), sols(K-N, [a-2, b-1])).
t(aggregate(sum(V), member(K-V, [a-1, b-2, a-3]), S), sols(K-S, [a-4, b-2])).
t(aggregate(r(count, max(X), min(X)), member(X, [4, 2, 9]), R), sols(R, [r(3, 9, 2)])).
t(aggregate(_, true, _), error(instantiation_error)).
