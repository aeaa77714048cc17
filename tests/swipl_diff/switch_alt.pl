% Clause bodies that are disjunctions switching on an argument, `(X = a, ... ; X = f(Y), ...
% ; ...)` and if-then-else chains `(X = a -> ... ; X = b -> ... ; ...)`: bound to each key,
% to none, unbound, attributed (freeze/2, dif/2, when/2), with cuts inside alternatives, keys
% repeated, alternatives that open with something else mixed in, and the order of solutions.

t(M) :-
    (   M = bool, !
    ;   M = nat, !
    ;   M = (A -> B), t(A), t(B), !
    ;   M = [X|_], t(X), !
    ;   M = [], !
    ;   M = 3, !
    ;   M = -2, !
    ;   M = f(_), write(f1), nl
    ;   M = f(_), write(f2), nl
    ).

s(X, Y) :- ( X = a, Y = 1 ; X = b, Y = 2 ; X = a, Y = 3 ; X = c, Y = 4 ).

% Every alternative opens with a different key: a match runs alone.
n(X, R) :- ( X = f(a), R = 1 ; X = g(Y), integer(Y), Y > 0, R = 2 ; X = h, R = 3 ; p(1, 2) = X, R = 4 ).

% The same functor twice: the first may fail after its key matched.
m(X, R) :- ( X = f(a), R = fa ; X = g(_), R = g ; X = f(b), R = fb ).

% A cut in an alternative cuts the clause.
c(X, R) :- ( X = a, !, R = 1 ; X = b, R = 2 ; X = c, !, fail ).
c(_, fallback).

% If-then-else chains as a whole body.
w(X, R) :-
    (   X = a -> R = 1
    ;   X = f(Y) -> R = f(Y)
    ;   X = [H|_] -> R = head(H)
    ;   X = 7 -> R = seven
    ;   R = other
    ).
w2(X, R) :- ( X = a -> R = 1 ; X = b -> R = 2 ).
w3(X, R) :- ( X = f(Y), Y > 1 -> R = big ; X = f(_) -> R = small ; X = g -> R = g ).

% Alternatives that open with something else, mixed in.
mix(X, R) :- ( X = a, R = 1 ; atom(X), R = atom ; X = b, R = 2 ; R = any ; X = c, R = 3 ).

% Heads that are not distinct variables.
q(X, a) :- ( X = a, true ; X = b ).
r(X, X) :- ( X = a ; X = b ).
k(X, Y, Z) :- ( Y = a, Z = X ; X = b, Z = Y ; Z = none ).

% Alternatives that bind the switched variable further.
b(X) :- ( X = f(1), write(one) ; X = f(Y), write(any(Y)) ; X = g ), nl.

all(G) :- forall(G, (write(G), nl)), write(end), nl.

main :-
    forall(member(T, [bool, nat, (bool -> nat), [nat], [], 3, -2, ([] -> 3), foo, 3.0, "s",
                      99999999999999999999999, g(x), [x]]),
           ( ( t(T) -> write(yes(T)) ; write(no(T)) ), nl )),
    all(t(f(1))),
    all(s(_, _)), all(s(a, _)), all(s(b, _)), all(s(c, _)), all(s(d, _)), all(s(1, _)),
    all(n(_, _)),
    forall(member(X, [f(a), f(b), g(1), g(-1), g(_), h, p(1, 2), p(1, 3), 1.5, z]), all(n(X, _))),
    forall(member(X, [f(a), f(b), f(_), g(q), z]), all(m(X, _))),
    forall(member(X, [a, b, c, d]), all(c(X, _))),
    all(c(_, _)),
    forall(member(X, [a, f(1), [p, q], 7, 7.0, b, "s", _]), all(w(X, _))),
    forall(member(X, [a, b, c, _]), all(w2(X, _))),
    forall(member(X, [f(2), f(0), f(a), g, h, _]), catch(all(w3(X, _)), error(E, _), (write(caught(E)), nl))),
    forall(member(X, [a, b, c, d, 1, _]), all(mix(X, _))),
    forall(member(X, [a, b, c]), all(q(X, _))),
    all(q(_, _)),
    forall(member(X, [a, b, c, _]), all(r(X, _))),
    all(k(b, a, _)), all(k(_, a, _)), all(k(b, c, _)),
    forall(member(X, [f(1), f(2), f(_), g, h]), all(b(X))),
    % Attributed variables: woken when an alternative binds them, in the order swipl wakes.
    freeze(V1, (write(woke(V1)), nl)), all(s(V1, _)),
    freeze(V2, V2 == b), all(s(V2, _)),
    dif(V3, a), all(s(V3, _)),
    dif(V4, a), all(w(V4, _)),
    when(nonvar(V5), (write(when(V5)), nl)), all(t(V5)),
    freeze(V6, (write(bound(V6)), nl)), V6 = b, all(s(V6, _)),
    freeze(V7, fail), all(c(V7, _)),
    % Backtracking into an alternative entered after others were skipped.
    findall(X-Y, (member(X, [c, a, b]), s(X, Y)), L1), write(L1), nl,
    findall(Y, (s(a, Y), Y > 1), L2), write(L2), nl,
    ( s(b, 2) -> write(det_b) ; write(nondet_b) ), nl.
