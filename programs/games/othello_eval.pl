% Othello: an evaluation of one's own, written in Prolog over the position term
% othello(Глубина, Очередь, Ряды), Ряды a list of eight rows (1 to 8), each a term
% row(A, B, C, D, E, F, G, H) of the squares of columns a to h, each e, b (Black) or w (White).
%
% Defining стат_оц/2 here replaces the library's, so the textbook minimax loaded with this file
% scores its leaves with this evaluation:
%
%   ply -q -g показать -t halt programs/textbook/bratko_15_3_minimax_corrected.pl \
%       programs/games/othello_eval.pl
%
% The value, from Black's side (Black is MAX and moves first):
%   at the end of the game (neither side can place a disc) +10000 when Black has more discs,
%   -10000 when White has, 0 for a draw;
%   else 25 per corner (Black's minus White's) plus the mobility: the squares where Black could
%   place a disc minus those where White could, whoever is to move. The squares come from the
%   library's own move list (ход/3), so the rules of a legal placement are not written twice.

стат_оц(othello(_, Очередь, Ряды), Оц) :-
    (   конец_игры(othello(0, Очередь, Ряды), Итог)
    ->  итог_оц(Итог, Оц)
    ;   углы(Ряды, b, УЧ),
        углы(Ряды, w, УБ),
        подвижность(Ряды, black, ПЧ),
        подвижность(Ряды, white, ПБ),
        Оц is 25 * (УЧ - УБ) + ПЧ - ПБ
    ).

итог_оц(max, 10000).
итог_оц(min, -10000).
итог_оц(draw, 0).

% углы(+Ряды, +Диск, -N): N of the four corners hold Диск.
углы(Ряды, Диск, N) :-
    Ряды = [Первый | _],
    last(Ряды, Последний),
    findall(x, ( member(Ряд, [Первый, Последний]),
                 member(Столбец, [1, 8]),
                 arg(Столбец, Ряд, Диск) ),
            Угол),
    length(Угол, N).

% подвижность(+Ряды, +Сторона, -N): Сторона could place a disc on N squares if it were to move.
подвижность(Ряды, Сторона, N) :-
    findall(Ход, ( ход(othello(1, Сторона, Ряды), _, Ход), Ход \== pass ), Ходы),
    length(Ходы, N).

% показать: the textbook minimax three plies deep from the start with this evaluation.
показать :-
    начальная_позиция(othello, 3, Поз),
    минимакс(Поз, Лучш, Оц),
    ход(Поз, Лучш, Запись),
    writeq(Запись), nl,
    writeq(Оц), nl.
