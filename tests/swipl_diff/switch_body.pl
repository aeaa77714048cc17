% Disjunctions and if-then-else chains that switch on a variable inside a clause body, after
% other goals: the variable a head argument, a part of a head compound, a temporary or a
% permanent variable of the body; bound to each key, to none, unbound, attributed (freeze/2,
% dif/2, when/2); with cuts inside alternatives, soft-cuts, negations, `Key = X` written the
% other way round, alternatives that open with something else, exceptions, and the order of
% solutions.

dir(1, '->').
dir(2, '<-').
dir(3, up).
dir(4, _).
dir(5, f(x)).

% A chain after a call, on a temporary variable it bound (the Turing machine's step).
step(N, L, R) :-
    dir(N, Dir),
    (   Dir = '->' -> L = right, R = 1
    ;   Dir = '<-' -> L = left, R = 2
    ;   L = other, R = Dir
    ).

% The same on a permanent variable: a call after the chain reads it.
stepp(N, R) :-
    dir(N, Dir),
    (   Dir = '->' -> R0 = 1
    ;   '<-' = Dir -> R0 = 2
    ;   Dir = f(Y) -> R0 = f(Y)
    ;   R0 = 0
    ),
    atom_length(abc, _),
    R = R0-Dir.

% A head with compound arguments, chains on parts of it.
tape(tape(L, C, R), Out) :-
    (   R = [] -> Rx = [blank] ; Rx = R ),
    (   L = [] -> Lx = [blank] ; Lx = L ),
    (   C = 0 -> Out = zero(Lx, Rx)
    ;   C = 1 -> Out = one(Lx, Rx)
    ;   Out = other(C)
    ).

% Disjunctions inside a body: every solution, in order, and cuts that cut the clause.
d(K, R) :-
    K \== zzz,
    (   K = a, R = 1
    ;   K = b, R = 2
    ;   K = a, R = 3
    ;   R = any
    ).
dc(K, R) :-
    dir(K, D),
    (   D = '->', !, R = cut
    ;   D = up, R = up1
    ;   D = up, R = up2
    ;   D = '<-', !, fail
    ).
dc(_, fallback).

% An if-then-else whose condition goes on after the switch, and one that can fail.
c(X, R) :-
    X = X,
    (   X = f(Y), Y > 1 -> R = big
    ;   X = f(_) -> R = small
    ;   X = [H|_] -> R = list(H)
    ;   R = none
    ).
c2(X, R) :- true, ( X = a -> R = 1 ; X = b -> R = 2 ).
c3(X, R) :- true, ( X = a -> R = 1 ).

% Soft-cuts: the choicepoint the soft-cut disables stays.
s(X, R) :-
    true,
    (   X = a *-> member(R, [1, 2])
    ;   X = b *-> R = b
    ;   R = none
    ).

% Negations and alternatives that open with something else, mixed in.
n(X, R) :-
    true,
    (   \+ X = a, R = not_a
    ;   X = a, R = a
    ;   atom(X), R = atom
    ;   X = b, R = b
    ).

% Exceptions inside alternatives and conditions.
e(X, R) :-
    true,
    (   X = 1 -> R is 1 / 0
    ;   X = 2 -> throw(two)
    ;   X = 3, atom_length(_, R)
    ;   R = fine
    ).

% Integers, floats, big integers, strings and lists as keys and values.
k(X, R) :-
    true,
    (   X = 1 -> R = int
    ;   X = [] -> R = nil
    ;   X = [_|_] -> R = pair
    ;   X = "s" -> R = string
    ;   X = 99999999999999999999 -> R = big
    ;   X = g(_, _) -> R = g2
    ;   R = other
    ).

% The switched variable first met inside the chain is no switch.
fresh(R) :- true, ( X = a, R = X ; X = b, R = X ).

show(T) :- copy_term(T, C, _), numbervars(C, 0, _), print(C), nl.
all(G) :- forall(G, show(G)), write(end), nl.
try(G) :- catch(all(G), E, show(caught(E))).

main :-
    forall(between(1, 6, N), all(step(N, _, _))),
    forall(between(1, 6, N), all(stepp(N, _))),
    forall(member(T, [tape([], 0, []), tape([a], 1, [b]), tape(_, 2, [c]), tape([x], _, _)]),
           all(tape(T, _))),
    forall(member(X, [a, b, c, 1, _]), all(d(X, _))),
    forall(between(1, 6, N), all(dc(N, _))),
    forall(member(X, [f(2), f(0), f(a), [h|t], [], g, _]), try(c(X, _))),
    forall(member(X, [a, b, c, _]), all(c2(X, _))),
    forall(member(X, [a, b, _]), all(c3(X, _))),
    forall(member(X, [a, b, c, _]), all(s(X, _))),
    forall(member(X, [a, b, c, 1, _]), all(n(X, _))),
    forall(member(X, [1, 2, 3, 4, 1.0, _]), try(e(X, _))),
    forall(member(X, [1, 1.0, [], [a], "s", s, 99999999999999999999, 99999999999999999998,
                      g(1, 2), g(1), _]),
           all(k(X, _))),
    all(fresh(_)),
    % Attributed variables: woken when an alternative binds them, in the order swipl wakes.
    freeze(V1, (write(woke(V1)), nl)), all(d(V1, _)),
    freeze(V2, (write(woke(V2)), nl)), all(c2(V2, _)),
    dif(V3, a), all(c2(V3, _)),
    dif(V4, b), all(s(V4, _)),
    when(nonvar(V5), (write(when(V5)), nl)), all(k(V5, _)),
    freeze(V6, V6 \== '->'), all(dc_var(V6)),
    freeze(V7, (write(bound(V7)), nl)), V7 = b, all(c2(V7, _)),
    % Backtracking into an alternative entered after others were skipped.
    findall(X-Y, (member(X, [b, a, c]), d(X, Y)), L1), write(L1), nl,
    findall(Y, (d(a, Y), integer(Y), Y > 1), L2), write(L2), nl,
    ( d(b, 2) -> write(det_b) ; write(nondet_b) ), nl.

% A chain on a variable an attribute watches, bound by the chain.
dc_var(D) :-
    true,
    (   D = '->', R = right
    ;   D = up, R = up
    ;   R = none
    ),
    show(D-R).
