% The load each game puts on the textbook search: the corrected minimax of Bratko's figure 15.3
% over ply's native game predicates, against native_minimax/5 on the same tree, with the search's
% own cost per node measured over the coin game (whose moves cost nothing) in the same run.
%
%   added/native = (T_prolog - S * Nodes) / T_native,   S = T_prolog(coins) / Nodes(coins)
%   load         = added/native / 3
%
% The load is what a game adds to the Prolog search measured against three times what its native
% engine spends on the same tree: a load of at most 1.0 means T_prolog <= S * Nodes + 3 * T_native.
%
% CPU times of the searches alone (statistics(cputime, _)), best of Runs runs each, a small
% tree searched several times in a run. Run by
% benches/games.sh; the positions and depths are listed in case/3 below.

:- consult('../../programs/textbook/bratko_15_3_minimax_corrected.pl').

% case(Name, Depth, Goal): Goal binds P to the position searched to Depth.
case('coins(21,3)', 21, initial_position(coins(21, 3), 21, _)).
case('tictactoe start', 9, initial_position(tictactoe, 9, _)).
case('tictactoe mid', 8, mid(tictactoe, 8, 1)).
case('connect4 start', 7, initial_position(connect4, 7, _)).
case('connect4 mid', 7, initial_position(connect4('4453'), 7, _)).
case('kalah(6,4) start', 8, initial_position(kalah(6, 4), 8, _)).
case('kalah(6,4) mid', 8, mid(kalah(6, 4), 8, 4)).
case('checkers start', 7, initial_position(checkers, 7, _)).
case('checkers mid', 7, mid(checkers, 7, 8)).
case('othello start', 8, initial_position(othello, 8, _)).
case('othello mid', 6, mid(othello, 6, 8)).
case('chess start', 4, initial_position(chess, 4, _)).
case('chess mid', 3,
     initial_position(chess('r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4'), 3, _)).

% mid(Game, Depth, Plies): a mid-game position, the one reached by taking the middle move
% Plies times from the start, with the horizon Depth.
mid(Game, Depth, Plies, P) :-
    initial_position(Game, inf, P0),
    walk(Plies, P0, P1),
    с_глубиной(P1, Depth, P).

walk(0, P, P) :- !.
walk(N, P0, P) :-
    ходы(P0, L), length(L, K), I is (K + 1) // 2, nth1(I, L, P1),
    N1 is N - 1, walk(N1, P1, P).

position(Goal, P) :-
    (   Goal = mid(G, D, N) -> mid(G, D, N, P)
    ;   Goal = initial_position(G, D, _), initial_position(G, D, P)
    ).

% Each search is repeated Reps times inside one measurement, enough for some 0.2 s of the
% Prolog search, so that small trees are timed above the clock's resolution.
prolog_time(P, Reps, Nodes, T) :-
    statistics(cputime, T0),
    forall(between(1, Reps, _), ( reset_game_counters, минимакс(P, _, _) )),
    statistics(cputime, T1),
    game_counters(Nodes, _),
    T is (T1 - T0) / Reps.

native_time(P, Reps, Nodes, T) :-
    statistics(cputime, T0),
    forall(between(1, Reps, _), native_minimax(P, _, _, _, _)),
    statistics(cputime, T1),
    native_minimax(P, _, _, Nodes, _),
    T is (T1 - T0) / Reps.

% reps(P, Reps): how many times to search P, from the node count of one search.
reps(P, Reps) :-
    native_minimax(P, _, _, Nodes, _),
    Reps is max(1, 1000000 // Nodes).

best(Runs, Goal, Nodes, Best) :-
    findall(T-N, (between(1, Runs, _), call(Goal, N, T)), Ts),
    msort(Ts, [Best-Nodes | _]).

bench(Runs) :-
    case('coins(21,3)', _, CoinsGoal),
    position(CoinsGoal, C),
    reps(C, CoinsReps),
    best(Runs, prolog_time(C, CoinsReps), CoinsNodes, CoinsT),
    S is CoinsT / CoinsNodes,
    format("~w~t~20|~t~w~30|~t~w~42|~t~w~54|~t~w~64|~t~w~79|~t~w~86|~n",
           [position, nodes, 'Prolog ms', 'native ms', 'S ns', 'added/native', load]),
    forall(( case(Name, _, Goal), Name \== 'coins(21,3)' ),
           ( position(Goal, P),
             reps(P, Reps),
             best(Runs, prolog_time(P, Reps), Nodes, TP),
             best(Runs, native_time(P, Reps), Nodes2, TN),
             ( Nodes == Nodes2 -> true ; throw(nodes_differ(Name, Nodes, Nodes2)) ),
             Added is (TP - S * Nodes) / TN,
             Load is Added / 3,
             TPms is TP * 1000, TNms is TN * 1000, Sns is S * 1.0e9,
             format("~w~t~20|~t~d~30|~t~1f~42|~t~1f~54|~t~0f~64|~t~2f~79|~t~2f~86|~n",
                    [Name, Nodes, TPms, TNms, Sns, Added, Load]) )).
