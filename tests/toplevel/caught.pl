% A goal run by catch/3 that raises, its error printed by the handler.
main :- catch(X is foo + 1, E, print_message(error, E)), write(X), nl.
