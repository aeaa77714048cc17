% The recorded database (recorda/2,3, recordz/2,3, recorded/2,3, instance/2, erase/1,
% current_key/1) and library(lists)' clumped/2, max_member/3 and min_member/3, which
% programs over fact bases call. Keys are enumerated one at a time (swipl's order of keys is
% its hash table's), references are never printed (they differ), only compared.
check(G) :-
    catch((G -> true ; writeln(failed)), error(F, _), (print(caught(F)), nl)).

main :-
    recordz(k, a), recordz(k, b(X, X), R2), recorda(k, first), recordz(f(1, 2), pair),
    recorda(7, seven, R7), recordz(k, c),
    findall(V, recorded(k, V), Vs), print(Vs), nl,
    findall(V, recorded(f(x, y), V), Fs), print(Fs), nl,
    findall(V, recorded(f(x), V), F1), print(F1), nl,
    recorded(7, S7), print(S7), nl,
    ( recorded(K, pair), print(key(K)), nl, fail ; true ),
    once(recorded(k, b(P, Q), Ref)), ( Ref == R2 -> writeln(same_ref) ; writeln(other_ref) ),
    ( P == Q -> writeln(shared_kept) ; writeln(shared_lost) ),
    instance(R7, I7), print(I7), nl,
    once(recorded(RK, RV, R7)), print(RK-RV), nl,
    erase(R2), findall(V, recorded(k, V), Vs2), print(Vs2), nl,
    check(instance(R2, _)), check(recorded(_, _, R2)),
    findall(K, current_key(K), Ks0), msort(Ks0, Ks), print(Ks), nl,
    forall(recorded(k, _, R), erase(R)), check(recorded(k, _)),
    findall(K, current_key(K), Ks1), msort(Ks1, Ks1s), print(Ks1s), nl,
    check(recorda(_, x)), check(recorda(1.5, x)), check(recordz("s", x)), check(recorded(2.5, _)),
    check(recorded(1.5, _, _)), check(recorded(nokey, _)),
    assertz(fact(1)), assertz((rule(Y) :- fact(Y))),
    clause(fact(_), true, CR), instance(CR, CI), print(CI), nl,
    clause(rule(_), _, RR), instance(RR, RI), print(RI), nl,
    clumped([a, a, b, c, c, c, a], C1), print(C1), nl,
    msort([f(1), g, f(1), 2, 2.0, g], M), clumped(M, C2), print(C2), nl,
    check(clumped([], C3)), print(C3), nl,
    check((clumped([A1, A1, B1], C4), print(C4), nl)),
    max_member([X1, Y1]>>(X1 =< Y1), Max, [3, 1, 4, 1, 5, 9, 2, 6]), print(Max), nl,
    min_member([X2, Y2]>>(X2 =< Y2), Min, [3, 1, 4, 1, 5, 9, 2, 6]), print(Min), nl,
    max_member([A-_, B-_]>>(A =< B), MaxP, [1-a, 3-b, 3-c, 2-d]), print(MaxP), nl,
    min_member([A-_, B-_]>>(A =< B), MinP, [2-a, 1-b, 1-c, 3-d]), print(MinP), nl,
    check(max_member([X3, Y3]>>(X3 @=< Y3), _, [])),
    _ = B1, _ = X.
