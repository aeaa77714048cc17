% Round trip and memory.
%
% run_roundtrip: every sampled position of every game, and every successor of it, written with
% writeq/1 and read back with term_to_atom/2, is == to itself, under the default flags (no
% position holds a string, so double_quotes does not matter). Prints `roundtrip GAME N ok` with N the number of terms checked, or `FAIL` lines.
%
% run_memory: after one warm-up walk per game (which interns the fixed names games use, such as
% `o` or `white`), generating over a million successors leaves statistics(atoms, _) unchanged.
% Prints `memory successors N atoms_before A0 atoms_after A1`.

:- consult(sample).

game(tictactoe, 3).
game(tictactoe(4), 3).
game(tictactoe(3, winloss), 3).
game(tictactoe(4, 5, 3), 3).
game(coins(7), 3).
game(coins(11, 4), 3).
game(puzzle8, 3).
game(puzzle8([2,8,3,1,0,4,7,6,5]), 3).
% Korf instance 1 (facts korf15_first10.txt); the plain puzzle15 starts at its goal, where it is over.
game(puzzle15([14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3]), 3).
game(puzzle15([1,2,3,0,4,5,6,7,8,9,10,11,12,13,14,15]), 3).
game(connect4, 3).
game(connect4('4455'), 3).
game(othello, 3).
game(kalah(6, 4), 3).
game(kalah(3, 3), 3).
game(checkers, 3).
game(chess, 3).
game(chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'), 3).

run_roundtrip :-
    forall(game(Game, Depth),
           ( sample_positions(Game, 20, 0, 10, 1-Depth, Ps),
             roundtrip_all(Ps, 0, N, 0, Bad),
             (   Bad =:= 0
             ->  format("roundtrip ~q ~w ok~n", [Game, N])
             ;   format("roundtrip ~q ~w FAIL ~w~n", [Game, N, Bad])
             ) )).

roundtrip_all([], N, N, Bad, Bad).
roundtrip_all([P | Ps], N0, N, Bad0, Bad) :-
    (   ходы(P, Succs) -> true ; Succs = [] ),
    roundtrip_list([P | Succs], N0, N1, Bad0, Bad1),
    roundtrip_all(Ps, N1, N, Bad1, Bad).

roundtrip_list([], N, N, Bad, Bad).
roundtrip_list([T | Ts], N0, N, Bad0, Bad) :-
    N1 is N0 + 1,
    (   roundtrips(T)
    ->  Bad1 = Bad0
    ;   Bad1 is Bad0 + 1,
        format("FAIL roundtrip ~q~n", [T])
    ),
    roundtrip_list(Ts, N1, N, Bad1, Bad).

roundtrips(T) :-
    with_output_to(atom(A), writeq(T)),
    term_to_atom(T2, A),
    T2 == T.

run_memory :-
    forall(game(Game, _),
           ( initial_position(Game, 3, P), count_walk(P, 0, _) )),
    statistics(atoms, A0),
    initial_position(tictactoe, inf, T1),
    count_walk(T1, 0, N1),
    initial_position(tictactoe(3, winloss), inf, T2),
    count_walk(T2, N1, N2),
    findall(G-D, member(G-D, [connect4-5, othello-5, checkers-5, chess-3, kalah(6,4)-5,
                              puzzle15-8, tictactoe(4)-4, coins(13,3)-inf]), Others),
    count_games(Others, N2, N),
    statistics(atoms, A1),
    format("memory successors ~w atoms_before ~w atoms_after ~w~n", [N, A0, A1]).

count_games([], N, N).
count_games([G-D | Gs], N0, N) :-
    initial_position(G, D, P),
    count_walk(P, N0, N1),
    count_games(Gs, N1, N).

% count_walk(+Pos, +N0, -N): N0 plus the successors generated in the whole tree below Pos.
count_walk(P, N0, N) :-
    (   ходы(P, Succs)
    ->  length(Succs, K),
        N1 is N0 + K,
        count_list(Succs, N1, N)
    ;   N = N0
    ).

count_list([], N, N).
count_list([P | Ps], N0, N) :-
    count_walk(P, N0, N1),
    count_list(Ps, N1, N).
