% tak: the Takeuchi function, a classic test of integer arithmetic and
% non-tail recursion with many small frames.

tak(X, Y, Z, A) :-
    X =< Y, !,
    Z = A.
tak(X, Y, Z, A) :-
    X1 is X - 1,
    Y1 is Y - 1,
    Z1 is Z - 1,
    tak(X1, Y, Z, A1),
    tak(Y1, Z, X, A2),
    tak(Z1, X, Y, A3),
    tak(A1, A2, A3, A).

work(A) :-
    tak(18, 12, 6, A).

bench :-
    rounds(100, A),
    format('tak: 100 x tak(18,12,6) = ~w~n', [A]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
