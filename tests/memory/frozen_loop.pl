% A tail-recursive loop that freezes a variable on a goal holding a 2,000-element list, binds it
% (the goal runs at once) and keeps the variable in a list. Once bound the variable can never be
% unbound, so its attribute, the goal and the list, is garbage though the variable is not: with
% the collector forgetting it, the peak memory grows only by the kept list's cells.

:- consult(peak_rss).

loop(0, Kept) :- !, length(Kept, _).
loop(N, Kept) :-
    numlist(1, 2000, L),
    freeze(X, holds(L)),
    X = N,
    N1 is N - 1,
    loop(N1, [X|Kept]).

holds(L) :- L = [_|_].

% run(N): the loop, then the peak RSS in kilobytes and the number of collections.
run(N) :-
    loop(N, []),
    peak_rss_kb(K),
    statistics(garbage_collection, [C|_]),
    format("~w ~w~n", [K, C]).
