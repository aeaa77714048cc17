% qsort: quicksort with difference lists on a 50-element list, repeated.
% Measures partition-style recursion, arithmetic comparison and choicepoint
% removal by first-argument indexing plus cuts.

data([27,74,17,33,94,18,46,83,65, 2,
      32,53,28,85,99,47,28,82, 6,11,
      55,29,39,81,90,37,10, 0,66,51,
       7,21,85,27,31,63,75, 4,95,99,
      11,28,61,74,18,92,40,53,59, 8]).

qsort(L, S) :-
    qsort(L, S, []).

qsort([], S, S).
qsort([X|L], S, S0) :-
    partition(L, X, Small, Big),
    qsort(Small, S, [X|S1]),
    qsort(Big, S1, S0).

partition([], _, [], []).
partition([X|L], Y, [X|Small], Big) :-
    X =< Y, !,
    partition(L, Y, Small, Big).
partition([X|L], Y, Small, [X|Big]) :-
    partition(L, Y, Small, Big).

% Each round sorts the list and a rotated copy of it, so the input differs
% between the two sorts but the work per round is fixed.
work(S) :-
    data(L),
    qsort(L, _),
    L = [H|T],
    app(T, [H], L1),
    qsort(L1, S).

app([], L, L).
app([H|T], L, [H|R]) :-
    app(T, L, R).

sum_list_([], S, S).
sum_list_([X|L], S0, S) :-
    S1 is S0 + X,
    sum_list_(L, S1, S).

bench :-
    rounds(10000, S),
    sum_list_(S, 0, Sum),
    S = [Min|_],
    last_(S, Max),
    format('qsort: 20000 sorts of 50 elements, min ~d max ~d sum ~d~n', [Min, Max, Sum]).

last_([X], X) :- !.
last_([_|T], X) :-
    last_(T, X).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
