% Drivers for the textbook alpha-beta (figure 15.5, programs/textbook/alphabeta_ru.pl) over the
% pure-Prolog tic-tac-toe of tictactoe_pure.pl, so that SWI-Prolog can produce the golden output
% and ply must match it. Run from the repository root:
%   ply -q -g показать_альфабета -t halt programs/textbook/alphabeta_ru.pl \
%       programs/games/tictactoe_pure.pl programs/games/tictactoe_alphabeta_run.pl
% With the full tree and the window (-2, 2) around the values +1/-1/0 the answer is the
% minimax value 0.

показать_альфабета :-
        нач_поз( Поз),
        альфабета( Поз, -2, 2, ХорПоз, Оц),
        format('Поз = ~q~n', [Поз]),
        format('ХорПоз = ~q~n', [ХорПоз]),
        format('Оц = ~q~n', [Оц]).
