% Kalah, tic-tac-toe and the coin game: evaluations of one's own, written in Prolog over the
% position terms, each as simple as the game allows.
%
%   kalah(Глубина, Очередь, ЛункиМакс, КалахМакс, ЛункиМин, КалахМин): MAX's store minus MIN's.
%   ttt(Глубина, Очередь, 3, Оценка, Ряды) on the 3 x 3 board: the lines still open for X (no O
%     on them) minus those still open for O, +1000 / -1000 when X / O has a line.
%   coins(Глубина, Очередь, Монеты, K): +1 when the pile is empty and MAX is to move (MIN took
%     the last coin and lost), -1 when it is empty and MIN is to move, else 0.
%
% These are the definitions of the library's own evaluations (`lines` for tic-tac-toe), so they
% agree with it on every position. Defining стат_оц/2 here replaces the library's:
%
%   ply -q -g показать -t halt programs/textbook/bratko_15_3_minimax_corrected.pl \
%       programs/games/kalah_eval.pl

стат_оц(kalah(_, _, _, КалахМакс, _, КалахМин), Оц) :-
    Оц is КалахМакс - КалахМин.
стат_оц(ttt(_, _, 3, _, Ряды), Оц) :-
    линии(Ряды, Линии),
    (   member(Л, Линии), Л == [x, x, x] -> Оц = 1000
    ;   member(Л, Линии), Л == [o, o, o] -> Оц = -1000
    ;   открытых(Линии, o, ОткрИкс),
        открытых(Линии, x, ОткрНоль),
        Оц is ОткрИкс - ОткрНоль
    ).
стат_оц(coins(_, Очередь, Монеты, _), Оц) :-
    (   Монеты =:= 0, Очередь == max -> Оц = 1
    ;   Монеты =:= 0 -> Оц = -1
    ;   Оц = 0
    ).

% линии(+Ряды, -Линии): the eight lines of the 3 x 3 board, each a list of three squares.
линии([[A, B, C], [D, E, F], [G, H, I]],
      [[A, B, C], [D, E, F], [G, H, I],
       [A, D, G], [B, E, H], [C, F, I],
       [A, E, I], [C, E, G]]).

% открытых(+Линии, +Чужой, -N): N lines hold no stone of Чужой.
открытых(Линии, Чужой, N) :-
    exclude(memberchk(Чужой), Линии, Открытые),
    length(Открытые, N).

% показать: the textbook minimax over each game with these evaluations.
показать :-
    forall(member(Игра-Глубина, [kalah(6, 4)-4, tictactoe-2, coins(7)-inf]),
           ( начальная_позиция(Игра, Глубина, Поз),
             минимакс(Поз, Лучш, Оц),
             ход(Поз, Лучш, Запись),
             writeq(Игра-Запись-Оц), nl )).
