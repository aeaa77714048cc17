% order_by/2 and distinct/1,2 of library(solution_sequences): orders, ties, errors, and
% distinct answers among many, variants told apart from instances. (`[]` and `'[]'` are left
% out: ply reads both as one atom, as SWI-Prolog does with --traditional.)
p(1, b). p(2, a). p(3, b). p(1, a). p(2, c). p(3, a).

show(G) :-
    catch(( forall(G, (print(G), nl)) ), error(E, _), (print(caught(E)), nl)).

main :-
    show(order_by([asc(X)], p(X, _))),
    show(order_by([desc(X)], p(X, _))),
    show(order_by([asc(Y), desc(X)], p(X, Y))),
    show(order_by([desc(Y), asc(X)], p(X, Y))),
    show(order_by([asc(f(X, Y))], p(X, Y))),
    show(order_by([], p(_, _))),
    show(order_by(foo, p(_, _))),
    show(order_by([foo(X)], p(X, _))),
    show(order_by(_, p(_, _))),
    show(order_by([asc(_)|_], p(_, _))),
    findall(X, distinct(X, (between(1, 3000, I), X is I mod 7)), Xs),
    print(Xs), nl,
    findall(K, distinct(K, (between(1, 3000, I), K is (I * I) mod 1009)), Ks),
    length(Ks, NK), sum_list(Ks, SK), print(NK-SK), nl,
    findall(T, distinct(T, member(T, [f(A), f(B), f(a), g(A, B), g(C, C), g(_D, _E), f(a), h(A, A)])), Ts),
    \+ \+ ( numbervars(Ts, 0, _), print(Ts), nl ),
    findall(Y1, distinct(p(_, Y1)), Ys),
    print(Ys), nl,
    findall(S, distinct(S, member(S, ["x", x, "x", 1.0, 1, 1.0, [], a])), Ss),
    print(Ss), nl.
