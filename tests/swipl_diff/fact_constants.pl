% Facts of constants and floats, consulted and asserted: matched by every argument, read back
% by clause/2 and listing/1, retracted and erased (their code pairs constants and matches
% floats by their bits).
m(a, b, c, d, e).
m(a, b, 1, 2.5, x).
m(1.0, -0.0, 0.0, z, 7).
m(p, q, r, s, 1.5e300).
w(1, 2).
w(1, 3).
w(2, 2).
pt(point(1.5, -2.25), 3.0).
pt(point(0.0, 1), 1).

show(G) :- ( findall(G, G, L), format("~q~n", [L]) ).

main :-
    show(m(_, _, _, _, _)),
    show(m(a, b, _, _, _)),
    show(m(_, _, 1, 2.5, _)),
    show(m(_, _, _, 2.5, x)),
    show(m(1, _, _, _, _)),
    show(m(1.0, _, _, _, _)),
    show(m(_, 0.0, _, _, _)),
    show(m(_, -0.0, _, _, _)),
    show(m(_, _, -0.0, _, _)),
    show(m(_, _, _, _, 1.5e300)),
    show(w(1, _)), show(w(_, 2)), show(w(2, 3)),
    show(pt(point(_, -2.25), _)), show(pt(point(0.0, _), _)), show(pt(_, 3)),
    X is nan, ( m(_, _, _, _, X) -> writeln(nan_matched) ; writeln(nan_unmatched) ),
    forall(clause(m(A, B, C, D, E), Body), (print(m(A, B, C, D, E)-Body), nl)),
    listing(m/5), listing(pt/2),
    assertz(d(1, 2.0, a, b)), assertz(d(2, -0.0, c, 4.25)), assertz(d(3, 1.0e-10, e, f)),
    assertz(d(4.5, 5, g, h), Ref),
    show(d(_, _, _, _)), show(d(_, 2.0, _, _)), show(d(_, 2, _, _)), show(d(_, _, c, 4.25)),
    show(d(_, 0.0, _, _)), show(d(_, -0.0, _, _)), show(d(4.5, _, _, _)),
    clause(d(4.5, P, Q, R), true, Ref2), print(P-Q-R), nl,
    ( Ref == Ref2 -> writeln(same_ref) ; writeln(other_ref) ),
    retract(d(_, -0.0, _, _)), show(d(_, _, _, _)),
    erase(Ref), show(d(_, _, _, _)),
    retract(d(1, 2.0, a, b)), show(d(_, _, _, _)),
    listing(d/4),
    forall(between(1, 5, I), (F is I / 4, assertz(e(I, F, k)))),
    show(e(_, 0.5, _)), show(e(_, 1.25, k)), show(e(_, 1, _)),
    retract(e(3, _, _)), show(e(_, _, _)),
    ( retract(e(_, 0.25, k)), fail ; true ), show(e(_, _, _)).
