% Sorting records that carry floats: the order of floats among themselves (by value, -0.0
% before 0.0, NaN first), against integers of equal value, and duplicates removed by sort/2
% and sort/4 (records made separately, so equal floats are never the same cell).
main :-
    Xs = [1.5, -0.0, 0.0, 2, 2.0, 1.0e10, -3.25, 1, 1.0, nan, inf, -inf, 7],
    findall(r(a, X, Y), (member(X0, Xs), X is X0, member(Y, [2.5, 0.5])), Rs0),
    findall(r(a, X, Y), (member(X0, Xs), X is X0, member(Y, [0.5, 2.5])), Rs1),
    append(Rs0, Rs1, Rs),
    msort(Rs, M), length(M, NM), print(NM), nl,
    sort(Rs, S), print(S), nl,
    sort(2, @>=, Rs, D), print(D), nl,
    predsort([O, A, B]>>compare(O, A, B), Rs, P), length(P, NP), print(NP), nl,
    forall(member(X-Y, [1.0-1.0, -0.0-0.0, 0.0-(-0.0), 1-1.0, 1.0-1, nan-nan, nan-1.0, 2.5-2.49]),
           ( compare(O, X, Y), X1 is X, Y1 is Y, compare(O1, f(X1), f(Y1)), print(O/O1), nl )).
