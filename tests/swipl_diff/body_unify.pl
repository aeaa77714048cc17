% X = f(...) in clause bodies, with X bound, unbound, kept across calls and inside control
% constructs; =.. both ways; call_with_depth_limit/3 over goals that leave choicepoints; and
% clauses asserted one by one with keys at new places, called between the asserts.

shape(T, S) :-
    (   T = f(A, B), !, S = f2(A, B)
    ;   T = g(h(A), [B|C]), !, S = gh(A, B, C)
    ;   T = [A, b|R], !, S = list(A, R)
    ;   T = s("str", 1.5), !, S = boxed
    ;   T = k(A, A), !, S = same(A)
    ;   S = other(T)
    ).

kept(T, R) :- T = p(A, B), write(A), nl, R = q(B, A), write(R), nl.
across(X, Y) :- atom_length(abc, _), X = w(Y, Z), (var(Z) -> Z = zz ; true), atom_length(Z, L), Y = L.
builds(T) :- T = node(L, R), L = leaf(1), R = [x, y].
twice(X) :- X = a(B), X = a(c), write(B), nl.
cyclic_ok(X) :- X = f(X), X = f(Y), Y == X.

walk(T, N) :- T = n(L, R), !, walk(L, NL), walk(R, NR), N is NL + NR.
walk(T, 1) :- T = leaf.

univ_cases :-
    f(a, B, [c]) =.. L1, writeq(L1), nl,
    T =.. [g, 1, "s", B], writeq(T), nl,
    T3 =.. [h], writeq(T3), nl,
    7 =.. L4, writeq(L4), nl,
    forall(member(L, [[foo|bar], [f(x)], [1, 2], ["s", 2], [_, 1], []]),
           (   catch(_ =.. L, error(E, _), true),
               writeq(E), nl
           )),
    findall(A, (member(X, [p(1), q(2, 3), r]), X =.. [_|A]), As), writeq(As), nl.

deep(0) :- !.
deep(N) :- N1 is N - 1, deep(N1).
pick(N) :- member(N, [1, 3, 6, 2, 9, 4]).

depth_cases :-
    findall(N-R, call_with_depth_limit((pick(N), deep(N)), 6, R), L1), writeq(L1), nl,
    findall(N-R, call_with_depth_limit((pick(N), deep(N), N > 2), 8, R), L2), writeq(L2), nl,
    findall(R, (between(1, 3, K), call_with_depth_limit(deep(K), 3, R)), L3), writeq(L3), nl,
    (   call_with_depth_limit((pick(N4), deep(N4), N4 >= 6), 20, R4)
    ->  writeq(N4-R4), nl
    ;   true
    ).

:- dynamic fact/2.
assert_cases :-
    forall(between(1, 40, I),
           (   K is I mod 5,
               (   K =:= 0 -> T = a(I)
               ;   K =:= 1 -> T = b(c(I))
               ;   K =:= 2 -> T = d(e(f(I)), I)
               ;   K =:= 3 -> T = [I|g]
               ;   T = h(I, I, I)
               ),
               assertz(fact(T, I)),
               findall(J, fact(b(c(J)), _), Bs),
               length(Bs, NB),
               (   I mod 10 =:= 0 -> writeq(I-NB), nl ; true )
           )),
    findall(I, fact(d(e(f(I)), _), _), Ds), writeq(Ds), nl,
    (   fact([12|g], X) -> writeq(X), nl ; true ),
    retract(fact(b(c(6)), _)),
    findall(I, fact(b(c(I)), _), Bs2), writeq(Bs2), nl.

main :-
    forall(member(T, [f(1, 2), g(h(x), [y, z]), [q, b, r, s], s("str", 1.5), k(1, 1),
                      k(1, 2), 42, "text", g(h(x), []), [q, c]]),
           (shape(T, S), writeq(S), nl)),
    shape(V, S0), writeq(V-S0), nl,
    kept(p(1, 2), R), writeq(R), nl,
    (   kept(z, _) -> true ; writeln(kept_fails) ),
    (   across(X, Y) -> writeq(X-Y), nl ; writeln(across_fails) ),
    (   across(w(3, abc), Y3) -> writeq(Y3), nl ; writeln(across_fails) ),
    (   across(w(2, abc), _) -> true ; writeln(across_fails) ),
    (   across(v(3, abc), _) -> true ; writeln(across_fails) ),
    builds(B), writeq(B), nl,
    (   twice(_) -> true ; writeln(twice_fails) ),
    (   cyclic_ok(_) -> writeln(cyclic_ok) ; writeln(cyclic_fails) ),
    walk(n(n(leaf, leaf), n(leaf, n(leaf, leaf))), W), writeq(W), nl,
    freeze(F, (write(woken(F)), nl)), F = m(1), writeln(after_freeze),
    univ_cases,
    depth_cases,
    assert_cases.
