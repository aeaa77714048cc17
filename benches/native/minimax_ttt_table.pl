% The corrected textbook minimax (Bratko, figure 15.3) over the full tic-tac-toe tree, with its
% moves looked up in a table that ttt_table.pl writes (positions are p(Number)), so that what is
% measured is the search alone, in any Prolog system. The answer is the position with X on
% square 9 and the value 0, as with pure-Prolog or native moves.
%
%   bench(TableFile)   consults the table, then runs and times the search

:- consult('../../programs/textbook/bratko_15_3_minimax_corrected.pl').

ходы(p(I), Ps) :- ttt_successors(I, Ps).
стат_оц(p(I), V) :- ttt_value(I, V).
ход_мина(p(I)) :- ttt_min_to_move(I).
ход_макса(p(I)) :- ttt_max_to_move(I).

bench(Table) :-
    consult(Table),
    statistics(cputime, T0),
    минимакс(p(0), Best, Val),
    statistics(cputime, T1),
    Ms is round((T1 - T0) * 1000),
    format("textbook_table: Best = ~q, Val = ~q, cpu_ms ~w~n", [Best, Val, Ms]).
