% Glue between the textbook minimax (programs/textbook/minimax_en.pl: moves/2, staticval/2,
% min_to_move/1, max_to_move/1) and a game written with one successor per solution of move/2
% and a utility/2 for final positions, as course versions of tic-tac-toe for Bratko's minimax
% are. bench(Start, Runs) times the search from Start inside the running system (CPU time
% around the search alone) and prints the value, the best move and the best time of Runs runs.

moves(Pos, PosList) :-
    bagof(Next, move(Pos, Next), PosList).

staticval(Pos, Val) :-
    utility(Pos, Val).

bench(Start, Runs) :-
    findall(T-V-B, (between(1, Runs, _), timed(Start, T, V, B)), Results),
    msort(Results, [Best-Val-Move|_]),
    format("value ~q best ~q~ntime ~4f~n", [Val, Move, Best]).

timed(Start, T, V, B) :-
    garbage_collect,
    statistics(cputime, T0),
    minimax(Start, B, V),
    statistics(cputime, T1),
    T is T1 - T0.
