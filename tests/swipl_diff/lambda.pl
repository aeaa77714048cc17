% yall's Free/Lambda: Free must be {X,...} or {}; an unbound or other Free is an error.
show(G) :-
    (   catch(G, E, (print(caught(E)), nl, fail))
    ->  print(G), nl
    ;   print(failed(G)), nl
    ).

main :-
    show(maplist(_/[X]>>(X > 0), [1, 2])),
    show(call(_/[X]>>true, 1)),
    show(call(f(_)/[X]>>true, 1)),
    show(call(a/[X]>>true, 1)),
    show((call({K}/[X]>>(K = X), 1), K == 1)),
    show(call({}/[X]>>(X = 1), _)),
    show((N = 0, maplist({N}/[X, Y]>>(Y is X + N), [1, 2], L), L == [1, 2])),
    show((N1 = 1, maplist([X, Y]>>(Y is X + N1), [1, 2], L1), L1 == [2, 3])),
    show((maplist([X]>>(Z = X), [1, 2]), var(Z))),
    show((maplist({Z2}/[X]>>(Z2 = X), [1, 1]), Z2 == 1)).
