% Lambdas in clause bodies, which ply compiles at load into auxiliary predicates when no
% variable of the lambda occurs elsewhere in the clause: the answers must be those of copying
% the lambda at each call (swipl without library(yall) imported copies every lambda).

double(L, L2) :- maplist([X, Y]>>(Y is X * 2), L, L2).
% Z is shared with the clause: copied at each call, with the binding it has by then.
add(Z, L, L2) :- maplist([X, Y]>>(Y is X + Z), L, L2).
% Y is shared but unbound: each call binds a copy, so Y stays unbound.
unbound_shared(Y) :- maplist([X]>>(Y = X), [1, 2]).
% More arguments than parameters: the rest are appended to the body's goal.
more_args(L) :- maplist([X]>>pair(X), [a, b], L).
pair(X, X-X).
no_params(L) :- maplist([]>>succ, [1, 2], L).
% Fewer arguments than parameters: an error, as the copying path raises it.
fewer(D) :- catch(maplist([X, Y]>>(Y = 1, X = Y), [_]), error(domain_error(D, _), _), true).
% Nested lambdas: the inner one is the outer one's, copied when the outer body runs.
nested(L) :- maplist([X, Ys]>>maplist([Y, Z]>>(Z is X * Y), [1, 2], Ys), [3, 4], L).
% The same lambda twice in one clause, each its own.
twice(A, B) :- maplist([X, Y]>>(Y = f(X)), [1], A), maplist([X, Y]>>(Y = g(X)), [2], B).
% Two lambdas sharing a variable with each other only: both keep the copying path.
between_two(A, B) :- maplist([X]>>(X = W), A), maplist([X]>>(X = W), B).
% Free variables declared with {}/: shared with the clause, bound by the first call.
free_shared(Q, L) :- maplist({Q}/[X, Y]>>(Q = X, Y = Q), [1, 1], L).
free_clash(R) :- ( maplist({R}/[X]>>(R = X), [1, 2]) -> R = yes ; R = clash ).
free_none(L) :- maplist({}/[X, Y]>>(Y = X-Z, Z = z), [1, 2], L).
free_term(T) :- maplist({f(V)}/[X]>>(V = X), [7]), T = V.
% A free variable with an attribute: the lambda's copy has none, so no goal runs twice.
free_frozen(V) :- freeze(V, writeln(woken(V))), maplist({V}/[X]>>(V = X), [3]).
% A lambda passed as data, then called.
as_data(G, R) :- G = ([X, Y]>>(Y is X + 100)), call(G, 1, R).
kept(G) :- maplist([X]>>(X > 0), [1]), G = ([X]>>(X > 0)).
% Parameters that are not distinct variables: unified with the arguments one by one, in order,
% so that a constraint on the first argument wakes up before the second is bound.
patterns(L) :- maplist([X-Y, Z]>>(Z = Y/X), [1-a, 2-b], L).
repeated(L) :- ( maplist([X, X]>>true, [1, 2], [1, 3]) -> L = yes ; maplist([X, X]>>true, [1, 2], L) ).
wake(L) :-
    freeze(A, (var(B) -> L = [first] ; L = [both])),
    maplist([1, 2]>>true, [A], [B]).
% Backtracking into the lambda's body, and a cut inside it.
choices(L) :- findall(Ys, maplist([X, Y]>>member(Y, [X, x]), [1, 2], Ys), L).
cut(L) :- maplist([X, Y]>>(member(Y, [X, x]), !), [1, 2], L).
% foldl, include, exclude and partition.
sum(L, S) :- foldl([X, A0, A]>>(A is A0 + X), L, 0, S).
sum2(S) :- foldl([X, Y, A0, A]>>(A is A0 + X * Y), [1, 2], [3, 4], 0, S).
filters(I, E, P) :-
    include([X]>>(X > 1), [1, 2, 3], I),
    exclude([X]>>(X > 1), [1, 2, 3], E),
    partition([X]>>(X < 2), [1, 2, 3], P1, P2), P = P1 / P2.
% A lambda whose body raises an error.
raises(E) :- catch(maplist([X]>>(_ is X + a), [1]), error(E, _), true).
% A body with a control construct.
control(L) :- maplist([X, Y]>>(X > 1 -> Y = big ; Y = small), [1, 2], L).

main :-
    double([1, 2, 3], L1), writeln(double(L1)),
    add(10, [1, 2], L2), writeln(add(L2)),
    unbound_shared(Y), ( var(Y) -> writeln(unbound_shared(var)) ; writeln(unbound_shared(Y)) ),
    free_clash(R), writeln(free_clash(R)),
    more_args(L3), writeln(more_args(L3)),
    no_params(L4), writeln(no_params(L4)),
    fewer(D), writeln(fewer(D)),
    free_shared(Q, FL), writeln(free_shared(Q, FL)),
    free_none(FN), writeln(free_none(FN)),
    free_term(FT), writeln(free_term(FT)),
    free_frozen(FF), writeln(free_frozen(FF)),
    nested(L6), writeln(nested(L6)),
    twice(A, B), writeln(twice(A, B)),
    ( between_two([1], [2]) -> writeln(between_two(yes)) ; writeln(between_two(no)) ),
    as_data(_, R2), writeln(as_data(R2)),
    kept(G), G = (Ps >> Body), length(Ps, N), functor(Body, F, Ar), writeln(kept(N, F/Ar)),
    patterns(PL), writeln(patterns(PL)),
    repeated(RL), writeln(repeated(RL)),
    wake(WL), writeln(wake(WL)),
    choices(L7), writeln(choices(L7)),
    cut(L8), writeln(cut(L8)),
    sum([1, 2, 3], S), writeln(sum(S)),
    sum2(S2), writeln(sum2(S2)),
    filters(I, E, P), writeln(filters(I, E, P)),
    raises(Err), writeln(raises(Err)),
    control(L9), writeln(control(L9)),
    assertz((dyn(L) :- maplist([X, Y]>>(Y is X - 1), [5, 6], L))),
    dyn(L10), writeln(asserted(L10)),
    assertz((dyn_shared(K, L) :- maplist([X, Y]>>(Y is X - K), [5, 6], L))),
    dyn_shared(5, L11), writeln(asserted_shared(L11)).
