% The shared benchmark harness, loaded by every program in benches/ with
% :- ensure_loaded(harness).
%
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
