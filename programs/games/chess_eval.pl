% Chess: an evaluation of one's own, written in Prolog over the position term
% chess(Глубина, Очередь, Ряды, Рокировки, ВзятиеНаПроходе, Полуходы, Ход), Ряды eight ranks
% (8 first) of eight squares (a to h), each e or a piece: wp, wn, wb, wr, wq, wk for White's
% pawn, knight, bishop, rook, queen and king, bp ... bk for Black's.
%
% Defining стат_оц/2 here replaces the library's, so the textbook minimax loaded with this file
% scores its leaves with this evaluation:
%
%   ply -q -g показать -t halt programs/textbook/bratko_15_3_minimax_corrected.pl \
%       programs/games/chess_eval.pl
%
% The value, from White's side (White is MAX): +100000 / -100000 for a checkmate given by White
% / by Black, 0 for a drawn game (конец_игры/2 knows the rules of the game's end); else the
% material counted here, in centipawns: pawn 100, knight 320, bishop 330, rook 500, queen 900,
% White's minus Black's. (The library's own evaluation adds mobility.)

стат_оц(Поз, Оц) :-
    Поз = chess(_, _, Ряды, _, _, _, _),
    (   конец_игры(Поз, Итог)
    ->  итог_оц(Итог, Оц)
    ;   материал(Ряды, 0, Оц)
    ).

итог_оц(max, 100000).
итог_оц(min, -100000).
итог_оц(draw, 0).

материал([], Оц, Оц).
материал([Ряд | Ряды], Оц0, Оц) :-
    материал_ряда(Ряд, Оц0, Оц1),
    материал(Ряды, Оц1, Оц).

материал_ряда([], Оц, Оц).
материал_ряда([Поле | Поля], Оц0, Оц) :-
    цена(Поле, Цена),
    Оц1 is Оц0 + Цена,
    материал_ряда(Поля, Оц1, Оц).

цена(e, 0).
цена(wp, 100).   цена(bp, -100).
цена(wn, 320).   цена(bn, -320).
цена(wb, 330).   цена(bb, -330).
цена(wr, 500).   цена(br, -500).
цена(wq, 900).   цена(bq, -900).
цена(wk, 0).     цена(bk, 0).

% показать: the textbook minimax two plies deep after 1. e4 e5 2. Nf3 Qg5, where White wins
% the queen.
показать :-
    начальная_позиция(chess('rnb1kbnr/pppp1ppp/8/4p1q1/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'),
                      2, Поз),
    минимакс(Поз, Лучш, Оц),
    ход(Поз, Лучш, Запись),
    writeq(Запись), nl,
    writeq(Оц), nl.
