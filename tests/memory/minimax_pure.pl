% The corrected textbook minimax (Bratko, figure 15.3) with the pure-Prolog tic-tac-toe, from a
% given position: the search conses successor lists that are garbage as soon as they are searched.

:- consult('../../programs/textbook/bratko_15_3_minimax_corrected.pl').
:- consult('../../programs/games/tictactoe_pure.pl').
:- consult(peak_rss).

% run(Board, ToMove): the search, then its value, the peak RSS in kilobytes and the number of
% collections.
run(Board, ToMove) :-
    минимакс(поз(Board, ToMove), _, Оц),
    peak_rss_kb(K),
    statistics(garbage_collection, [C|_]),
    format("~w ~w ~w~n", [Оц, K, C]).
