% Big findall/3 results and the heap collector: a list of answers just built is not collected at
% the next call (it is almost always live, so a collection there would copy all of it to free
% little), but a loop that keeps building such lists and dropping them still collects, in
% bounded memory.

:- consult(peak_rss).

count(0) :- !.
count(N) :- N1 is N - 1, count(N1).

% kept: one list of 200,000 answers (a million heap cells), then calls of a clause predicate;
% prints the list's length and the collections made from the findall/3 to the end.
kept :-
    statistics(garbage_collection, [C0|_]),
    findall(X-X, between(1, 200000, X), L),
    count(1000),
    statistics(garbage_collection, [C1|_]),
    length(L, N),
    C is C1 - C0,
    format("~w ~w~n", [N, C]).

drop(0) :- !.
drop(N) :-
    findall(X-X, between(1, 40000, X), L),
    length(L, 40000),
    N1 is N - 1,
    drop(N1).

% run(N): N lists of 40,000 answers (200,000 heap cells each) built and dropped, then the peak
% RSS in kilobytes and the number of collections.
run(N) :-
    drop(N),
    peak_rss_kb(K),
    statistics(garbage_collection, [C|_]),
    format("~w ~w~n", [K, C]).

keep(Acc) :-
    findall(X, between(1, 100000, X), L),
    keep([L|Acc]).

% limited: lists kept alive without end under a 64 MB stack limit; prints 10 (a findall/3 run
% after it) when the resource error is caught.
limited :-
    set_prolog_flag(stack_limit, 64000000),
    catch(keep([]), error(resource_error(stack), _), true),
    findall(X, between(1, 10, X), L),
    length(L, N),
    format("~w~n", [N]).
