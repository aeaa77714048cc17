% Perft through Prolog: perft_pl/4 over ходы/2 against the native perft/3.
% Each line printed: `perft NAME DEPTH PROLOG NATIVE`. The published figures the Rust test
% compares them with are cited there (tests/it/games_prolog.rs).

:- consult(sample).

case(chess_start, chess, 3, finished_ignored).
case(kiwipete, chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'), 3, finished_ignored).
case(checkers, checkers, 6, finished_ignored).
case(othello, othello, 6, finished_counts).
case(connect4, connect4, 6, finished_ignored).

run :-
    forall(case(Name, Game, Depth, Ends),
           ( initial_position(Game, Depth, P),
             perft_pl(P, Depth, Ends, N),
             perft(P, Depth, M),
             format("perft ~w ~w ~w ~w~n", [Name, Depth, N, M]) )).
