% A player that answers with garbage: a term that is no position of the game at all.
choose_move(_, 'not a position').
