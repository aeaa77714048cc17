% Mode-directed tabling (answer subsumption): one answer per variant of the index arguments,
% the other arguments aggregated. Each line prints a sorted answer set. The golden output is
% SWI-Prolog's (tests/golden/regen.sh, case tabling_moded).

% Cheapest path cost over a weighted cyclic graph: terminates although paths do not.
:- table cost(_, _, min).
cost(X, Y, C) :- road(X, Y, C).
cost(X, Y, C) :- cost(X, Z, C0), road(Z, Y, C1), C is C0 + C1.

road(a, b, 4).
road(a, c, 1).
road(c, b, 2).
road(b, d, 1).
road(d, a, 3).
road(c, d, 7).
road(d, e, 2).

% The most expensive path that does not exceed a budget.
:- table dear(_, _, max).
dear(X, Y, C) :- road(X, Y, C).
dear(X, Y, C) :- dear(X, Z, C0), road(Z, Y, C1), C is C0 + C1, C =< 12.

% The shortest path itself, by a lattice predicate over the paths; of two as short, the one
% first in the standard order, so that the answer does not depend on the order of evaluation.
:- table route(_, _, lattice(shorter/3)).
shorter(P1, P2, P) :-
    length(P1, L1),
    length(P2, L2),
    (   L1-P1 @=< L2-P2 -> P = P1 ; P = P2 ).
route(X, Y, [X, Y]) :- road(X, Y, _).
route(X, Y, P) :- route(X, Z, P0), road(Z, Y, _), append(P0, [Y], P).

% First and last of non-recursive answers, and two moded arguments aggregated separately.
:- table first_of(_, first), last_of(_, last), span(_, min, max).
first_of(K, V) :- member(K-V, [x-1, y-3, x-5, y-2]).
last_of(K, V) :- member(K-V, [x-1, y-3, x-5, y-2]).
span(K, Lo, Hi) :- member(K-Lo-Hi, [x-4-4, x-1-1, x-6-9, y-2-3]).

show(Name, Template, Goal) :-
    findall(Template, Goal, L),
    msort(L, S),
    format("~w: ~q~n", [Name, S]).

main :-
    show(cost_all, X-Y-C, cost(X, Y, C)),
    show(cost_from_a, Y-C, cost(a, Y, C)),
    show(cost_a_e, C, cost(a, e, C)),
    show(dear_all, X-Y-C, dear(X, Y, C)),
    show(route_all, X-Y-P, route(X, Y, P)),
    show(route_from_d, Y-P, route(d, Y, P)),
    show(first_of, K-V, first_of(K, V)),
    show(last_of, K-V, last_of(K, V)),
    show(span, K-Lo-Hi, span(K, Lo, Hi)).
