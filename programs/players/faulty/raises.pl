% A player that raises an error in the middle of its search.
choose_move(_, _) :- X is foo + 1, write(X).
