% minimax_ttt: the corrected textbook minimax (Bratko, figure 15.3) over the
% full tic-tac-toe tree (549,946 positions) with the pure-Prolog game of
% programs/games/tictactoe_pure.pl. Both files are loaded relative to this
% file's directory. Expected: value 0, X on square 9.

:- consult('../programs/textbook/bratko_15_3_minimax_corrected.pl').
:- consult('../programs/games/tictactoe_pure.pl').

bench :-
    нач_поз(Поз),
    минимакс(Поз, ЛучшПоз, Оц),
    format('minimax_ttt: ЛучшПоз = ~q, Оц = ~q~n', [ЛучшПоз, Оц]).
