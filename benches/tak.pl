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

% The harness: work/1 runs Rounds times. All rounds but the last run in a
% failure-driven loop, so backtracking frees each round's data at once; the
% last round keeps its result for printing.
upto(Low, High, Low) :-
    Low =< High.
upto(Low, High, I) :-
    Low < High,
    Low1 is Low + 1,
    upto(Low1, High, I).

rounds(Rounds, Result) :-
    (   upto(2, Rounds, _),
        once(work(_)),
        fail
    ;   once(work(Result))
    ).
