% Игрок для матчей на программе programs/search/alphabeta_ordered_ru.pl (альфа-бета с упорядочением ходов; docs/search_algorithms.md),
% в именах русского перевода. Английский вариант - ordered_en.pl.
%
%   ply match tictactoe programs/players/ordered_ru.pl random
%   ply match connect4 programs/players/ordered_ru.pl:4 alphabeta:4
%
% ply match вызывает выбрать_ход(+Поз, -След), установив в Поз горизонт,
% указанный после имени файла (без него - inf); ходы/2, стат_оц/2,
% ход_мина/1 и ход_макса/1 дает библиотека игр ply для любой своей игры.

:- ensure_loaded('../search/alphabeta_ordered_ru.pl').

% выбрать_ход( Поз, След): След - преемник, которого предпочитает поиск.
выбрать_ход( Поз, След)  :-
        упоряд_альфабета( Поз, След, _).
