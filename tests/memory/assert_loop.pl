% A tail-recursive loop that retracts a counter and asserts its successor N times, as programs
% that count nodes or moves in the database do. Each turn removes one clause and adds another of
% the same length; with the code of removed clauses reused, memory stays where it started.

:- consult(peak_rss).

:- dynamic counter/1.

loop(0) :- !.
loop(N) :-
    retract(counter(C)),
    C1 is C + 1,
    assertz(counter(C1)),
    N1 is N - 1,
    loop(N1).

% run(N): the loop, then the counter's value and the peak RSS in kilobytes.
run(N) :-
    retractall(counter(_)),
    assertz(counter(0)),
    loop(N),
    counter(C),
    peak_rss_kb(K),
    format("~w ~w~n", [C, K]).
