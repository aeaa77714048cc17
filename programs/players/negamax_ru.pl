% Игрок для матчей на программе programs/search/negamax_ru.pl (негамакс; docs/search_algorithms.md),
% в именах русского перевода. Английский вариант - negamax_en.pl.
%
%   ply match tictactoe programs/players/negamax_ru.pl random
%   ply match connect4 programs/players/negamax_ru.pl:4 alphabeta:4
%
% ply match вызывает выбрать_ход(+Поз, -След), установив в Поз горизонт,
% указанный после имени файла (без него - inf); ходы/2, стат_оц/2,
% ход_мина/1 и ход_макса/1 дает библиотека игр ply для любой своей игры.

:- ensure_loaded('../search/negamax_ru.pl').

% выбрать_ход( Поз, След): След - преемник, которого предпочитает поиск.
выбрать_ход( Поз, След)  :-
        негамакс( Поз, След, _).
