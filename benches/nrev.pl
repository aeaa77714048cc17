% nrev: naive reverse of a 30-element list, repeated.
% Measures plain calls, head unification of lists and last-call optimisation
% (496 logical inferences per reversal).

app([], L, L).
app([H|T], L, [H|R]) :-
    app(T, L, R).

nrev([], []).
nrev([H|T], R) :-
    nrev(T, RT),
    app(RT, [H], R).

count_list(N, N, [N]) :- !.
count_list(I, N, [I|T]) :-
    I < N,
    I1 is I + 1,
    count_list(I1, N, T).

work(R) :-
    count_list(1, 30, L),
    nrev(L, R).

bench :-
    rounds(30000, R),
    format('nrev: 30000 reversals of 30 elements, result ~w~n', [R]).

% The rounds/2 harness is shared: see harness.pl.
:- ensure_loaded(harness).
