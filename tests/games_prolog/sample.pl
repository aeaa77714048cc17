% Positions to test on, and a perft, written over the game predicates only.
%
% sample_positions(+Game, +Count, +MinPly, +MaxPly, +Depth, -Positions): Count distinct
% positions of Game, each reached from the start by a pseudo-random walk of MinPly..MaxPly plies
% (a fixed linear congruential sequence picks the ply count and each move, so every run tests the
% same positions), then given the horizon Depth: a number, `inf`, or Lo-Hi for a horizon picked
% from Lo..Hi by the same sequence. A walk that reaches the end of the game stops there. Fails
% if 50 * Count walks do not find Count distinct positions.

sample_positions(Game, Count, MinPly, MaxPly, Depth, Positions) :-
    initial_position(Game, inf, Start),
    Tries is 50 * Count,
    sample_loop(Tries, Count, Start, MinPly-MaxPly, Depth, 12345, [], Positions).

sample_loop(_, 0, _, _, _, _, Seen, Positions) :- !,
    reverse(Seen, Positions).
sample_loop(Tries, N, Start, MinPly-MaxPly, Depth, Seed, Seen, Positions) :-
    Tries > 0,
    next_seed(Seed, S1),
    Plies is MinPly + S1 mod (MaxPly - MinPly + 1),
    walk(Plies, Start, S1, End, S2),
    horizon(Depth, S2, S3, D),
    с_глубиной(End, D, P),
    Tries1 is Tries - 1,
    (   memberchk(P, Seen)
    ->  sample_loop(Tries1, N, Start, MinPly-MaxPly, Depth, S3, Seen, Positions)
    ;   N1 is N - 1,
        sample_loop(Tries1, N1, Start, MinPly-MaxPly, Depth, S3, [P | Seen], Positions)
    ).

horizon(Lo-Hi, S, S1, D) :- !,
    next_seed(S, S1),
    D is Lo + S1 mod (Hi - Lo + 1).
horizon(D, S, S, D).

walk(0, P, S, P, S) :- !.
walk(K, P, S, End, S2) :-
    (   ходы(P, Succs)
    ->  next_seed(S, S1),
        length(Succs, Len),
        I is S1 mod Len,
        nth_elem(I, Succs, Next),
        K1 is K - 1,
        walk(K1, Next, S1, End, S2)
    ;   End = P, S2 = S
    ).

next_seed(S, S1) :- S1 is (S * 1103515245 + 12345) mod 2147483648.

nth_elem(0, [X | _], X) :- !.
nth_elem(I, [_ | Xs], X) :- I1 is I - 1, nth_elem(I1, Xs, X).

% perft_pl(+Pos, +Depth, +Ends, -Count): the leaves Depth plies below Pos found with ходы/2.
% Ends is `finished_counts` when a game over above the horizon counts as one leaf (Othello's
% published convention), `finished_ignored` otherwise (chess, checkers, Connect Four).
perft_pl(Pos, Depth, Ends, Count) :-
    с_глубиной(Pos, Depth, P),
    perft_walk(P, Depth, Ends, Count).

perft_walk(_, 0, _, 1) :- !.
perft_walk(P, D, Ends, Count) :-
    (   ходы(P, Succs)
    ->  (   D =:= 1
        ->  length(Succs, Count)
        ;   D1 is D - 1,
            perft_sum(Succs, D1, Ends, 0, Count)
        )
    ;   Ends == finished_counts
    ->  Count = 1
    ;   Count = 0
    ).

perft_sum([], _, _, Acc, Acc).
perft_sum([P | Ps], D, Ends, Acc, Count) :-
    perft_walk(P, D, Ends, C),
    Acc1 is Acc + C,
    perft_sum(Ps, D, Ends, Acc1, Count).
