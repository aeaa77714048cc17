% queens8: all 92 solutions of the 8 queens problem, repeated.
% Measures deep backtracking through select/3 and arithmetic safety tests.

sel(X, [X|T], T).
sel(X, [H|T], [H|R]) :-
    sel(X, T, R).

queens(N, Qs) :-
    numlist_(1, N, Ns),
    place(Ns, [], Qs).

% place(Unplaced, Placed, Solution): put one queen per column, checking it
% against the queens already placed to the left.
place([], Qs, Qs).
place(Unplaced, Placed, Qs) :-
    sel(Q, Unplaced, Rest),
    safe(Placed, Q, 1),
    place(Rest, [Q|Placed], Qs).

safe([], _, _).
safe([Q|Qs], Q0, D) :-
    Q0 =\= Q + D,
    Q0 =\= Q - D,
    D1 is D + 1,
    safe(Qs, Q0, D1).

numlist_(N, N, [N]) :- !.
numlist_(I, N, [I|T]) :-
    I1 is I + 1,
    numlist_(I1, N, T).

len_([], N, N).
len_([_|T], N0, N) :-
    N1 is N0 + 1,
    len_(T, N1, N).

work(S) :-
    findall(Qs, queens(8, Qs), S).

bench :-
    rounds(80, Sols),
    len_(Sols, 0, Count),
    Sols = [First|_],
    format('queens8: 80 rounds, ~d solutions, first ~w~n', [Count, First]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
