% English checkers: an evaluation of one's own, written in Prolog over the position term
% checkers(Глубина, Очередь, Ряды), Ряды eight rows of the four playing squares (squares 1 to 32
% in order), each e, b, w (men) or bk, wk (kings).
%
% Defining стат_оц/2 here replaces the library's, so the textbook minimax loaded with this file
% scores its leaves with this evaluation:
%
%   ply -q -g показать -t halt programs/textbook/bratko_15_3_minimax_corrected.pl \
%       programs/games/checkers_eval.pl
%
% The value, from Black's side (Black is MAX and moves first): +100000 / -100000 when the game
% is won by Black / White (the side to move has no move; конец_игры/2 says so); else the
% material counted here: man 100, king 150, Black's minus White's. It is the definition of the
% library's own evaluation, so the two agree on every position.

стат_оц(Поз, Оц) :-
    Поз = checkers(_, _, Ряды),
    (   конец_игры(Поз, Итог)
    ->  итог_оц(Итог, Оц)
    ;   foldl(материал_ряда, Ряды, 0, Оц)
    ).

итог_оц(max, 100000).
итог_оц(min, -100000).
итог_оц(draw, 0).

материал_ряда(Ряд, Оц0, Оц) :-
    foldl(добавить, Ряд, Оц0, Оц).

добавить(Поле, Оц0, Оц) :-
    цена(Поле, Цена),
    Оц is Оц0 + Цена.

цена(e, 0).
цена(b, 100).
цена(bk, 150).
цена(w, -100).
цена(wk, -150).

% показать: the textbook minimax four plies deep from the start with this evaluation.
показать :-
    начальная_позиция(checkers, 4, Поз),
    минимакс(Поз, Лучш, Оц),
    ход(Поз, Лучш, Запись),
    writeq(Запись), nl,
    writeq(Оц), nl.
