% The corrected textbook minimax (Bratko, figure 15.3) over the full tic-tac-toe tree
% (549,946 positions) with ply's native game predicates, and native_minimax/5 on the same tree.
% The game is tictactoe(3, winloss), the evaluation of programs/games/tictactoe_pure.pl (+1, -1,
% 0), so the tree, the values and the answer are those of ../minimax_ttt.pl. ply only: swipl has
% no native games. Each goal prints its answer and the CPU time of the search alone.

:- consult('../../programs/textbook/bratko_15_3_minimax_corrected.pl').

bench :-
    initial_position(tictactoe(3, winloss), inf, P),
    reset_game_counters,
    statistics(cputime, T0),
    минимакс(P, Best, Val),
    statistics(cputime, T1),
    game_counters(Nodes, Leaves),
    Ms is round((T1 - T0) * 1000),
    format("textbook_native: Best = ~q, Val = ~q, nodes ~w, leaves ~w, cpu_ms ~w~n",
           [Best, Val, Nodes, Leaves, Ms]).

bench_native :-
    initial_position(tictactoe(3, winloss), inf, P),
    statistics(cputime, T0),
    native_minimax(P, Best, Val, Nodes, Leaves),
    statistics(cputime, T1),
    Ms is (T1 - T0) * 1000,
    format("native_minimax: Best = ~q, Val = ~q, nodes ~w, leaves ~w, cpu_ms ~3f~n",
           [Best, Val, Nodes, Leaves, Ms]).
