% Clause selection asked the same question again after the clauses changed: a call's
% candidates, found by the first argument in a hash table or narrowed by other arguments, must
% follow every assert and retract, and a running call must keep seeing the clauses it started
% with. Each line prints the solutions of one call.

:- dynamic(k/3).
:- dynamic(p/3).
:- dynamic(q/2).

show(Label, Template, Goal) :-
    findall(Template, Goal, L),
    write(Label), write(': '), write(L), nl.

% Ten clauses under three first-argument keys: long enough for a hash table on the first
% argument, with a third argument that tells clauses of one key apart.
fill_k :-
    retractall(k(_, _, _)),
    between(1, 10, I),
    A is I mod 3,
    assertz(k(f(A), I, c(I))),
    fail.
fill_k.

k_cases :-
    fill_k,
    show(k1, X, k(f(1), X, _)),
    show(k1_again, X, k(f(1), X, _)),
    show(k2, X, k(f(2), X, _)),
    show(k1_c4, X, k(f(1), X, c(4))),
    show(k1_c4_again, X, k(f(1), X, c(4))),
    assertz(k(f(1), 11, c(4))),
    show(k1_after_assertz, X, k(f(1), X, _)),
    show(k1_c4_after_assertz, X, k(f(1), X, c(4))),
    asserta(k(_, 0, c(4))),
    show(k1_c4_after_asserta, X, k(f(1), X, c(4))),
    show(k9_after_asserta, X, k(f(9), X, _)),
    retract(k(f(1), 4, _)),
    show(k1_after_retract, X, k(f(1), X, _)),
    show(k1_c4_after_retract, X, k(f(1), X, c(4))),
    show(k1_while_asserting, X, (k(f(1), X, _), assertz(k(f(1), new(X), c(0))))),
    show(k1_after_that, X, k(f(1), X, _)).

% A short list narrowed by the argument of a list and by the second argument.
p_cases :-
    retractall(p(_, _, _)),
    assertz(p([a|_], x, 1)),
    assertz(p([b|_], y, 2)),
    assertz(p(_, x, 3)),
    assertz(p([], z, 4)),
    show(pa, R, p([a], x, R)),
    show(pa_again, R, p([a], x, R)),
    show(pb, R, p([b], x, R)),
    show(pb_y, R, p([b], y, R)),
    show(pa_again2, R, p([a], x, R)),
    assertz(p([a], x, 5)),
    show(pa_after_assertz, R, p([a], x, R)),
    retract(p(_, x, 3)),
    show(pa_after_retract, R, p([a], x, R)),
    show(pb_after_retract, R, p([b], x, R)).

% A long list narrowed by its second argument only.
q_cases :-
    retractall(q(_, _)),
    forall(between(1, 12, I), (B is I mod 4, assertz(q(I, b(B))))),
    show(q_b1, I, q(I, b(1))),
    show(q_b1_again, I, q(I, b(1))),
    show(q_b2, I, q(I, b(2))),
    assertz(q(_, b(1))),
    show(q_b1_after_assertz, V, (q(I, b(1)), named(I, V))),
    retract(q(5, _)),
    show(q_b1_after_retract, V, (q(I, b(1)), named(I, V))).

named(I, V) :- ( var(I) -> V = any ; V = I ).

% The derivative of the benchmark suite's shape: ten clauses with cuts, called with two keys in
% turn.
d(U+V, X, DU+DV) :- !, d(U, X, DU), d(V, X, DV).
d(U-V, X, DU-DV) :- !, d(U, X, DU), d(V, X, DV).
d(U*V, X, DU*V+U*DV) :- !, d(U, X, DU), d(V, X, DV).
d(U/V, X, (DU*V-U*DV)/(^(V, 2))) :- !, d(U, X, DU), d(V, X, DV).
d(^(U, N), X, DU*N*(^(U, N1))) :- !, integer(N), N1 is N-1, d(U, X, DU).
d(-U, X, -DU) :- !, d(U, X, DU).
d(exp(U), X, exp(U)*DU) :- !, d(U, X, DU).
d(log(U), X, DU/U) :- !, d(U, X, DU).
d(X, X, 1) :- !.
d(_, _, 0).

d_cases :-
    d(((x*x)*x)/x + log(x) - (-x), x, D),
    write(d), write(': '), write(D), nl,
    d(x*y, y, D2),
    write(d2), write(': '), write(D2), nl.

main :-
    k_cases,
    p_cases,
    q_cases,
    d_cases.
