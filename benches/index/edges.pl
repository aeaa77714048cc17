% A graph of 100,000 weighted edges between compound node names, edge(node(A), node(B), W):
% every first and second argument is node/1, so no argument's own key tells the edges apart
% and only the numbers inside do, alone (a thousand values each) or together. Asked 200,000
% times by both ends and 300 times by the far end alone (SWI-Prolog indexes inside the first
% argument only, so each of these walks the whole table there).
:- dynamic edge/3.

bench :-
    retractall(edge(_, _, _)),
    fill(0),
    by_both(0, 0, S1),
    by_far_end(0, 0, S2),
    format("~w ~w~n", [S1, S2]).

fill(100000) :- !.
fill(I) :-
    A is I mod 1000,
    B is (I * 7) // 1000 mod 1000,
    W is I mod 13,
    assertz(edge(node(A), node(B), W)),
    I1 is I + 1,
    fill(I1).

by_both(200000, S, S) :- !.
by_both(I, S0, S) :-
    J is (I * 31) mod 100000,
    A is J mod 1000,
    B is (J * 7) // 1000 mod 1000,
    (   edge(node(A), node(B), W) -> S1 is S0 + W ; S1 = S0 ),
    I1 is I + 1,
    by_both(I1, S1, S).

by_far_end(300, S, S) :- !.
by_far_end(I, S0, S) :-
    B is I mod 1000,
    (   edge(node(A), node(B), _) -> S1 is S0 + A ; S1 = S0 ),
    I1 is I + 1,
    by_far_end(I1, S1, S).
