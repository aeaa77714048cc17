% Perft through the Prolog interface, for tests/it/perft_diff.rs.
%
% run(+Ends): for every fact case(P, D, H) prints `N M`: N = perft(P, D) from the native
% perft/3, M = the leaves H plies below P found by a perft written here over ходы/2, with the
% horizon set by с_глубиной/3. Ends is `finished_counts` when a game over above the horizon
% counts as one leaf (Othello's published convention), `finished_ignored` otherwise.

run(Ends) :-
    forall(case(P, D, H),
           ( perft(P, D, N),
             ходы_перфт(P, H, Ends, M),
             format("~w ~w~n", [N, M]) )).

ходы_перфт(P, H, Ends, N) :-
    с_глубиной(P, H, P1),
    обход(P1, H, Ends, N).

обход(_, 0, _, 1) :- !.
обход(P, D, Ends, N) :-
    (   ходы(P, Преемники)
    ->  (   D =:= 1
        ->  length(Преемники, N)
        ;   D1 is D - 1,
            сумма(Преемники, D1, Ends, 0, N)
        )
    ;   Ends == finished_counts
    ->  N = 1
    ;   N = 0
    ).

сумма([], _, _, N, N).
сумма([P | Ps], D, Ends, N0, N) :-
    обход(P, D, Ends, N1),
    N2 is N0 + N1,
    сумма(Ps, D, Ends, N2, N).

% dead(+Fen, +Depth): prints perft of the position at depths 1..Depth, then what ходы/2 and
% конец_игры/2 say of it: the game's own rules still end a dead game.
dead(Fen, Depth) :-
    initial_position(chess(Fen), Depth, P),
    forall(between(1, Depth, D), ( perft(P, D, N), format("~w ", [N]) )),
    (   ходы(P, L) -> length(L, K), format("moves ~w", [K]) ; write('no moves') ),
    (   конец_игры(P, R) -> format(" over ~w~n", [R]) ; format(" going on~n") ).
