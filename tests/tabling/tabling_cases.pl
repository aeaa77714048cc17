% Tabled programs: each prints the sorted set of its answers, since the order in which a
% tabled predicate gives its answers is not fixed (SWI-Prolog's comes from its tries).
% The golden output is SWI-Prolog's (tests/golden/regen.sh, case tabling_cases).

% Left recursion over a cyclic graph: without tabling, path/2 never ends.
:- table path/2.
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).

edge(a, b).
edge(b, c).
edge(c, a).
edge(c, d).
edge(d, e).

% Right recursion over the same graph: one table per start node, each depending on others.
:- table reach/2.
reach(X, Y) :- edge(X, Z), reach(Z, Y).
reach(X, Y) :- edge(X, Y).

% Doubly recursive transitive closure.
:- table conn/2.
conn(X, Y) :- conn(X, Z), conn(Z, Y).
conn(X, Y) :- edge(X, Y).

% Fibonacci numbers: exponential untabled, linear tabled; fib(300) needs big integers.
:- table fib/2.
fib(0, 0).
fib(1, 1).
fib(N, F) :-
    N > 1,
    N1 is N - 1,
    N2 is N - 2,
    fib(N1, F1),
    fib(N2, F2),
    F is F1 + F2.

% Mutual recursion between two tabled predicates over a cycle of odd length.
:- table even/1, odd/1.
even(n0).
even(Y) :- odd(X), succ_node(X, Y).
odd(Y) :- even(X), succ_node(X, Y).

succ_node(n0, n1).
succ_node(n1, n2).
succ_node(n2, n0).
succ_node(n2, n3).

% The same-generation program over a small family.
:- table sg/2.
sg(X, X) :- person(X).
sg(X, Y) :- par(X, XP), sg(XP, YP), par(Y, YP).

par(ann, carl).
par(bob, carl).
par(carl, eve).
par(dan, eve).
par(fay, dan).
par(gus, dan).
par(hal, fay).

person(P) :- par(P, _).
person(P) :- par(_, P), \+ par(P, _).

% A tabled predicate with no answers, one with an atom argument only, one of arity 0.
:- table none/1, loop0/0.
none(X) :- none(X).
loop0 :- loop0.
loop0.

% A tabled predicate called with a partly bound argument and repeated variables.
:- table pair/2.
pair(X, Y) :- edge(X, Y).
pair(X, X) :- edge(X, _).

% An exception inside an evaluation leaves no table behind, and a later call evaluates anew.
:- table risky/1.
risky(X) :- edge(a, X).
risky(_) :- nb_getval(tabling_case_throw, yes), throw(stop).

% A ring of 200 nodes, made at run time: 40,000 answers for the open call.
:- dynamic ring/2.
:- table ring_path/2, ring_reach/2.
ring_path(X, Y) :- ring_path(X, Z), ring(Z, Y).
ring_path(X, Y) :- ring(X, Y).
ring_reach(X, Y) :- ring(X, Z), ring_reach(Z, Y).
ring_reach(X, Y) :- ring(X, Y).

count(Name, Goal) :-
    findall(x, Goal, L),
    length(L, N),
    format("~w: ~d~n", [Name, N]).

show(Name, Template, Goal) :-
    (   catch(findall(Template, Goal, L), E, (L = error(E)))
    ->  true
    ;   L = failed
    ),
    (   L = [_|_] -> msort(L, S) ; S = L ),
    format("~w: ~q~n", [Name, S]).

main :-
    show(path_all, X-Y, path(X, Y)),
    show(path_from_a, Y, path(a, Y)),
    show(path_to_a, X, path(X, a)),
    show(path_bound, yes, path(d, e)),
    show(path_none, yes, path(e, _)),
    show(reach_all, X-Y, reach(X, Y)),
    show(reach_from_d, Y, reach(d, Y)),
    show(conn_all, X-Y, conn(X, Y)),
    show(fib_30, F, fib(30, F)),
    show(fib_300, F, fib(300, F)),
    show(even, X, even(X)),
    show(odd, X, odd(X)),
    show(sg_all, X-Y, sg(X, Y)),
    show(sg_hal, Y, sg(hal, Y)),
    show(none, X, none(X)),
    show(loop0, yes, loop0),
    show(pair_same, X, pair(X, X)),
    show(pair_all, X-Y, pair(X, Y)),
    nb_setval(tabling_case_throw, yes),
    show(risky_throws, X, risky(X)),
    nb_setval(tabling_case_throw, no),
    show(risky_again, X, risky(X)),
    abolish_all_tables,
    show(after_abolish, X-Y, path(X, Y)),
    show(twice, X-Y, (path(X, Y), path(X, Y))),
    forall(between(1, 200, I), (J is I mod 200 + 1, assertz(ring(I, J)))),
    count(ring_path_all, ring_path(_, _)),
    count(ring_path_from_1, ring_path(1, _)),
    count(ring_reach_from_1, ring_reach(1, _)),
    count(ring_reach_all, ring_reach(_, _)),
    show(fib_1000_digits, N, (fib(1000, F), number_codes(F, Cs), length(Cs, N))).
