% findall/3 copies its answers last first: the variables of a later answer are older, which
% the standard order of terms shows when answers with variables are sorted or merged.
main :-
    findall(N-f(_), member(N, [1, 2, 3]), L),
    L = [_-F1, _-F2, _-F3],
    arg(1, F1, V1), arg(1, F2, V2), arg(1, F3, V3),
    compare(O12, V1, V2), compare(O23, V2, V3), compare(O13, V1, V3),
    print([O12, O23, O13]), nl,
    msort([V1-1, V2-2, V3-3], S), pairs_values(S, Order), print(Order), nl,
    findall(C:[s(X, X)], member(C, [83, 83, 83]), H), msort(H, Sorted),
    ( Sorted == H -> print(same) ; print(reordered) ), nl.
