% Connect Four: an evaluation of one's own, written in Prolog over the position term
% c4(Глубина, Очередь, Столбцы), Столбцы seven lists of stones (x, o) from the bottom up.
%
% Defining стат_оц/2 here replaces the library's, so the textbook minimax loaded with this file
% scores its leaves with this evaluation:
%
%   ply -q -g показать -t halt programs/textbook/bratko_15_3_minimax_corrected.pl \
%       programs/games/connect4_eval.pl
%
% The value, from X's side (X is MAX and moves first):
%   +1000 / -1000 when X / O has four in a row;
%   else 3 per stone in the centre column (X's minus O's) plus the threats: empty cells that
%   would complete a four for X, minus those for O.

стат_оц(c4(_, _, Столбцы), Оц) :-
    (   четвёрка(Столбцы, x) -> Оц = 1000
    ;   четвёрка(Столбцы, o) -> Оц = -1000
    ;   nth1(4, Столбцы, Центр),
        камней(Центр, x, ЦентрИкс),
        камней(Центр, o, ЦентрНоль),
        угроз(Столбцы, x, УгрИкс),
        угроз(Столбцы, o, УгрНоль),
        Оц is 3 * (ЦентрИкс - ЦентрНоль) + УгрИкс - УгрНоль
    ).

% клетка(+Столбцы, +C, +R, -S): the cell in column C (1..7), row R (1..6 from the bottom)
% holds S: x, o, or e when it is empty.
клетка(Столбцы, C, R, S) :-
    C >= 1, C =< 7, R >= 1, R =< 6,
    nth1(C, Столбцы, Столбец),
    (   nth1(R, Столбец, S0) -> S = S0 ; S = e ).

% The four directions of a line: along a row, up a column, and the two diagonals.
направление(1, 0).
направление(0, 1).
направление(1, 1).
направление(1, -1).

% четвёрка(+Столбцы, +Кто): Кто has four stones in a line.
четвёрка(Столбцы, Кто) :-
    between(1, 7, C), between(1, 6, R),
    клетка(Столбцы, C, R, Кто),
    направление(DC, DR),
    forall(between(1, 3, K),
           ( C1 is C + K * DC, R1 is R + K * DR, клетка(Столбцы, C1, R1, Кто) )),
    !.

% угроз(+Столбцы, +Кто, -N): N empty cells would each complete a four for Кто.
угроз(Столбцы, Кто, N) :-
    findall(C-R,
            ( between(1, 7, C), between(1, 6, R),
              клетка(Столбцы, C, R, e),
              once(завершает(Столбцы, C, R, Кто)) ),
            Клетки),
    length(Клетки, N).

% завершает(+Столбцы, +C, +R, +Кто): a stone of Кто on the empty cell (C, R) makes a four:
% some line of four through the cell has Кто's stones on its other three cells.
завершает(Столбцы, C, R, Кто) :-
    направление(DC, DR),
    between(0, 3, Сдвиг),
    C0 is C - Сдвиг * DC, R0 is R - Сдвиг * DR,
    forall(( between(0, 3, K), K =\= Сдвиг ),
           ( C1 is C0 + K * DC, R1 is R0 + K * DR, клетка(Столбцы, C1, R1, Кто) )).

камней(Столбец, Кто, N) :-
    include(==(Кто), Столбец, Свои),
    length(Свои, N).

% показать: the textbook minimax three plies deep from the empty board with this evaluation.
показать :-
    начальная_позиция(connect4, 3, Поз),
    минимакс(Поз, Лучш, Оц),
    ход(Поз, Лучш, Запись),
    writeq(Запись), nl,
    writeq(Оц), nl.
