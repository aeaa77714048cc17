% The nondeterministic game predicates, over the native '$game_move'/4 (src/game_predicates/position.rs).
%
% ход(+Поз, ?Преемник, ?Запись) / move(+Pos, ?Succ, ?Notation): Succ is reached from Pos by the
% move written Notation in the game's notation. With Notation given it parses the move; with
% Succ given it names the move; with neither it enumerates the moves in the game's order.

ход(Поз, Преемник, Запись) :-
    '$game_move'(Поз, Преемник, Запись, Пары),
    '$game_member'(Преемник-Запись, Пары).

'$game_member'(X, [X|_]).
'$game_member'(X, [_|T]) :-
    '$game_member'(X, T).
