% Program for the toplevel's golden tests (answers, tracing, listing).
colour(red).
colour(green).
colour(blue).

app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).

big(X) :- colour(X), X \== red.

classify(X, Y) :-
    (   X > 1 -> Y = big
    ;   X < 0 -> Y = negative
    ;   Y = small
    ),
    colour(_).
pair(X-Y, [X, Y|_]) :- \+ X == Y, !.

:- dynamic counter/1.
counter(0).
