% A program that defines no move predicate (neither choose_move/2 nor выбрать_ход/2): a match
% refuses it before the first game.
chose_move(_, _).
