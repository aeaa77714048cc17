% A tail-recursive loop that reverses a 30-element list naively N times. Every iteration
% leaves about a thousand heap cells of garbage, so without a garbage collector the heap grows
% with N; with one, the peak memory does not depend on N.

:- consult(peak_rss).

app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).

nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).

range(N, N, [N]) :- !.
range(I, N, [I|T]) :- I < N, I1 is I + 1, range(I1, N, T).

loop(0) :- !.
loop(N) :-
    range(1, 30, L),
    nrev(L, _),
    N1 is N - 1,
    loop(N1).

% run(N): the loop, then the peak RSS in kilobytes and the number of collections.
run(N) :-
    loop(N),
    peak_rss_kb(K),
    statistics(garbage_collection, [C|_]),
    format("~w ~w~n", [K, C]).
