% Drivers of tests/it/mcts.rs: the Prolog searches of programs/search/ against the natives,
% and the documented playout generator written out in Prolog against playout/4. Load after
% programs/search/mcts_en.pl, mcts_ru.pl, pns_en.pl and pns_ru.pl.

% walk( Pos0, K, Pos): K plies from Pos0, the I-th move chosen as (I*5 + I*I) mod the number
% of moves, stopping early where the game ends. A fixed rule, so positions are the same in
% every run.
walk( Pos, 0, Pos)  :-  !.
walk( Pos0, K, Pos)  :-
        (   moves( Pos0, Succs)
        ->  length( Succs, N),
            I is (K * 5 + K * K) mod N,
            nth0( I, Succs, Pos1),
            K1 is K - 1,
            walk( Pos1, K1, Pos)
        ;   Pos = Pos0
        ).

% mcts_agree( Game, Plies, Iterations, Seeds): for the positions Plies plies into Game and every
% seed, the English and the Russian program and native_mcts/5 give the same visits and move.
% Prints Game, the cases checked and the visits counted, or the first disagreement.
mcts_agree( Game, Plies, Iterations, Seeds)  :-
        findall( Sum,
                 ( member( K, Plies), member( Seed, Seeds),
                   initial_position( Game, inf, P0), walk( P0, K, P),
                   one_agree( Game, P, Iterations, Seed, Sum) ),
                 Sums),
        length( Sums, Cases),
        sum_list( Sums, Visits),
        format( "~q ~w cases ~w visits~n", [Game, Cases, Visits]).

one_agree( Game, P, Iterations, Seed, Sum)  :-
        native_mcts( P, Iterations, Seed, B1, V1),
        mcts( P, Iterations, Seed, B2, V2),
        монте_карло( P, Iterations, Seed, B3, V3),
        (   V1-B1 == V2-B2, V1-B1 == V3-B3
        ->  sum_list( V1, Sum)
        ;   format( "~q disagree at ~q seed ~w: ~q ~q ~q~n", [Game, P, Seed, V1, V2, V3]),
            Sum = 0
        ).

% The generator of docs/mcts.md in Prolog's unbounded integers: the choice at ply K of the
% playout with seed S is mix(S + (K+1) * gamma) mod N, all modulo 2^64.
mask( 0xFFFFFFFFFFFFFFFF).

mix( Z0, Z)  :-
        mask( M),
        Z1 is ((Z0 xor (Z0 >> 30)) * 0xBF58476D1CE4E5B9) /\ M,
        Z2 is ((Z1 xor (Z1 >> 27)) * 0x94D049BB133111EB) /\ M,
        Z is Z2 xor (Z2 >> 31).

choice( S, K, N, I)  :-
        mask( M),
        Z0 is (S + (K + 1) * 0x9E3779B97F4A7C15) /\ M,
        mix( Z0, Z),
        I is Z mod N.

% my_playout( Pos, Seed, Result, Length): the playout of docs/mcts.md, written from its words.
my_playout( Pos, Seed, Result, Length)  :-
        mask( M),
        S is Seed /\ M,
        my_playout( Pos, S, 0, Result, Length).

my_playout( Pos, S, K, Result, Length)  :-
        (   K < 10000, moves( Pos, Succs)
        ->  length( Succs, N),
            choice( S, K, N, I),
            nth0( I, Succs, Pos1),
            K1 is K + 1,
            my_playout( Pos1, S, K1, Result, Length)
        ;   game_over( Pos, Result0)
        ->  Result = Result0, Length = K
        ;   Result = draw, Length = K
        ).

% playouts_agree( Game, Seeds): playout/4 and my_playout/4 from the start of Game for each seed.
playouts_agree( Game, Seeds)  :-
        initial_position( Game, inf, P),
        findall( R-L, ( member( S, Seeds), playout( P, S, R, L), my_playout( P, S, R1, L1),
                        R-L == R1-L1 ),
                 Same),
        findall( R, ( member( S, Seeds), playout( P, S, R, _) ), Results),
        sort( Results, Kinds),
        length( Same, N),
        format( "~q ~w same ~q~n", [Game, N, Kinds]).

% pns_agree( Game, Plies, Side): native_pns/4 and both programs on the position Plies plies in.
pns_agree( Game, Plies, Side)  :-
        initial_position( Game, inf, P0),
        walk( P0, Plies, P),
        native_pns( P, Side, R1, E1),
        pns( P, Side, R2, E2),
        доказательство( P, Side, R3, E3),
        (   R1-E1 == R2-E2, R1-E1 == R3-E3
        ->  format( "~q ~w ~w: ~w~n", [Game, Plies, Side, R1])
        ;   format( "~q ~w ~w disagree: ~w ~w ~w~n", [Game, Plies, Side, R1-E1, R2-E2, R3-E3])
        ).

% pns_value( Game, Plies): the verdicts for both sides and the sign of the minimax value
% (alpha-beta to the end of the game) of the same position.
pns_value( Game, Plies)  :-
        initial_position( Game, inf, P0),
        walk( P0, Plies, P),
        native_pns( P, max, RMax, _),
        native_pns( P, min, RMin, _),
        native_alphabeta( P, -inf, inf, _, V, _),
        Sign is sign( V),
        format( "~q ~w ~w ~w ~w~n", [Game, Plies, RMax, RMin, Sign]).
