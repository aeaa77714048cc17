% Facts of every shape of argument, consulted and asserted, read back through clause/2,3,
% listing/1 and portray_clause/1, and taken away by retract/1 and erase/1: atoms (quoted,
% special, empty), small and big integers at the edges, floats (signed zeros, infinities,
% the smallest and largest, NaN), strings, variables met once, twice and in several
% arguments, nested compounds, lists and partial lists, and foo() beside foo. What a fact
% reads back as must not depend on how it is kept (its stored term or its code).
k(a, 'B c', [], {}, '{}', '', 'don''t', "").
k(0, -1, 1, 4611686018427387903, -4611686018427387904, 9223372036854775807, -9223372036854775808, 123456789012345678901234567890).
k(0.0, -0.0, 1.0, 1.0e-300, 1.7976931348623157e308, 5.0e-324, -2.5, 3.0e10).
k(X, Y, X, _, Y, _Z, X, "str").
k(f(X), g(X, Y), [Y], [a|T], T, "", point(1.5, -0.0), h(h(h(1)))).
k(1, a, 2.0, X, X, X, b, -7).
z.
z().

show(G) :- findall(G, G, L), format("~q~n", [L]).

each_clause(H) :-
    forall(clause(H, B), (print(H-B), nl)).

main :-
    each_clause(k(_, _, _, _, _, _, _, _)),
    each_clause(z), each_clause(z()),
    listing(k/8), listing(z/0),
    forall(clause(k(A, B, C, D, E, F, G, H), true), portray_clause(k(A, B, C, D, E, F, G, H))),
    X is inf, Y is -inf, N is nan,
    assertz(j(X, Y, N, 1.5NaN)),
    assertz(j(a, V, V, _W)), assertz(j(W2, W2, b, W2)),
    assertz(j(-0.0, 0.0, 0, -0)),
    assertz(j("text", 'text', [t, e|_], f(_, _))),
    assertz(j(100000000000000000000, -100000000000000000000, 1.0Inf, -1.0Inf)),
    each_clause(j(_, _, _, _)),
    listing(j/4),
    show(j(_, -0.0, _, _)), show(j(_, 0.0, _, _)), show(j(a, 1, _, _)),
    show(j(_, _, b, _)), show(j(_, _, _, -0)), show(j(100000000000000000000, _, _, _)),
    % The logical update view: clause/2 goes on over what was there when it started.
    forall(clause(j(P, Q, R, S), true), (retract(j(P, Q, R, S)) -> print(gone(P, Q, R, S)), nl ; print(kept(P, Q, R, S)), nl)),
    show(j(_, _, _, _)),
    forall(between(1, 6, I), (F1 is I / 2, J is I * I, assertz(r(I, F1, J, I)))),
    assertz(r(7, _, 7, _), Ref),
    clause(r(7, A7, B7, C7), true, Ref2), print(r(7, A7, B7, C7)), nl,
    ( Ref == Ref2 -> writeln(same_ref) ; writeln(other_ref) ),
    clause(Head, Body, Ref), print(Head-Body), nl,
    retract(r(_, 1.5, _, _)), show(r(_, _, _, _)),
    retract(r(I2, _, 16, I2)), print(I2), nl, show(r(_, _, _, _)),
    erase(Ref), show(r(_, _, _, _)),
    ( retract(r(_, _, _, _)), fail ; true ), show(r(_, _, _, _)),
    listing(r/4).
