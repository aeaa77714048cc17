% The native searches serially and split at the root over the cores (native_parallel/1), side
% by side in one run: wall-clock milliseconds, best of three, and the speed-up. The split
% answers are checked against the serial ones (perft counts equal, alpha-beta values equal).
%
%   ply -q -g bench -t halt benches/native/parallel.pl      (benches/match.sh runs it)

bench :-
        case( connect4, perft, 9),
        case( chess, perft, 5),
        case( othello, perft, 8),
        case( connect4, alphabeta, 9),
        case( chess, alphabeta, 4).

case( Game, What, Depth) :-
        initial_position( Game, Depth, P),
        best_of( 3, serial( What, P, Depth, A), Serial),
        best_of( 3, split( What, P, Depth, B), Split),
        (   same( What, A, B) -> true
        ;   format("~w ~w ~w: split answer ~w differs from ~w~n", [Game, What, Depth, B, A]), fail ),
        SpeedUp is Serial / max(Split, 1),
        format("| ~w | ~w | ~w | ~d | ~d | ~2f |~n", [Game, What, Depth, Serial, Split, SpeedUp]).

serial( perft, P, D, N) :- perft( P, D, N).
serial( alphabeta, P, _, V-K) :- native_alphabeta( P, -1000000, 1000000, _, V, K).
split( perft, P, D, N) :- native_parallel( perft( P, D, N)).
split( alphabeta, P, _, V-K) :- native_parallel( native_alphabeta( P, -1000000, 1000000, _, V, K)).

same( perft, N, N).
same( alphabeta, V-_, V-_).

% best_of( Runs, Goal, Ms): the fastest of Runs runs of Goal, in wall-clock milliseconds;
% Goal's answer is that of the last run.
best_of( 1, G, Ms) :-  !,
        timed( G, Ms).
best_of( R, G, Ms) :-
        timed( G, Ms1),
        R1 is R - 1,
        best_of( R1, G, Ms2),
        Ms is min(Ms1, Ms2).

timed( G, Ms) :-
        statistics( walltime, [T0, _]),
        call( G),  !,
        statistics( walltime, [T1, _]),
        Ms is T1 - T0.
