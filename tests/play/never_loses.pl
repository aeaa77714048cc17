% Every game of tic-tac-toe a person can play against programs/games/play.pl
% at full depth: the person tries every legal move at each turn, the program
% answers with the textbook alpha-beta exactly as in the game (искать/4 of
% play.pl). Prints the number of finished games and how many the person won,
% drew and lost, with the person moving first and with the program moving
% first.
%
%   ply -q -g run -t halt tests/play/never_loses.pl

:- consult('../../programs/games/play.pl').

run :-
        все_партии( человек),
        все_партии( программа).

все_партии( Кто) :-
        начальная_позиция( tictactoe, inf, Поз),
        (   Кто = человек, Человек = макс, Первый = person
        ;   Кто = программа, Человек = мин, Первый = program
        ),  !,
        партии( Поз, Человек, и(0, 0, 0), и(Выигр, Ничьи, Проигр)),
        Всего is Выигр + Ничьи + Проигр,
        format( '~w first: games ~w, person wins ~w, draws ~w, program wins ~w~n',
                [Первый, Всего, Выигр, Ничьи, Проигр]).

% партии( Поз, Человек, Итоги0, Итоги): Итоги - Итоги0 плюс исходы всех
% партий из Поз (выигрыши человека, ничьи, выигрыши программы).
партии( Поз, Человек, И0, И) :-
        конец_игры( Поз, Итог),  !,
        победитель( Итог, Человек, Кто),
        учесть( Кто, И0, И).
партии( Поз, Человек, И0, И) :-
        очередь( Поз, Человек),  !,
        findall( П, ход( Поз, П, _), Пп),
        все( Пп, Человек, И0, И).
партии( Поз, Человек, И0, И) :-
        искать( ru, Поз, П, _),  !,
        с_глубиной( П, inf, П1),
        партии( П1, Человек, И0, И).

все( [], _, И, И).
все( [П | Пп], Человек, И0, И) :-
        с_глубиной( П, inf, П1),
        партии( П1, Человек, И0, И1),
        все( Пп, Человек, И1, И).

учесть( человек, и(В, Н, П), и(В1, Н, П)) :-  В1 is В + 1.
учесть( ничья, и(В, Н, П), и(В, Н1, П)) :-  Н1 is Н + 1.
учесть( программа, и(В, Н, П), и(В, Н, П1)) :-  П1 is П + 1.
