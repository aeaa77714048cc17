% Nim (programs/games/nim.pl) searched by the textbook's figures 15.3 and 15.5, in a form both
% swipl and ply run: the golden case game_protocol_nim of tests/golden/commands.txt, whose output
% swipl produced. The evaluation is the protocol's default (docs/games.md, "Games written in
% Prolog"), written out here because swipl has no game library to supply it.

стат_оц( Поз, Оц) :-
        (   конец_игры( Поз, Итог) ->  итог( Итог, Оц) ;   Оц = 0 ).

итог( max, 1).
итог( min, -1).
итог( draw, 0).

% ним_пуск: from the start and from heaps 2, 2 (lost for the side to move, as the start is),
% and from the start with MIN to move at horizon 2: the minimax and alpha-beta choices and
% values, and the number of positions of the whole tree.
ним_пуск :-
        начало_игры( Старт),
        forall( member( П, [Старт, ним( inf, макс, [2, 2]), ним( 2, мин, [1, 2, 3])]),
                (   минимакс( П, Л, О),
                    альфабета( П, -10, 10, Л2, О2),
                    позиций( П, Н),
                    writeq( П: Л-О / Л2-О2 / Н), nl
                )).

позиций( П, Н) :-
        (   ходы( П, Сп)
        ->  findall( Н1, ( member( П1, Сп), позиций( П1, Н1)), Нс),
            sum_list( Нс, Н0),
            Н is Н0 + 1
        ;   Н = 1
        ).
