% The harness of benches/suite.sh, loaded after a program that defines top/0.
%
% '$suite_time'(N) runs top/0 N times the way SWI-Prolog's benchmark suite does (a
% failure-driven loop over \+ \+ top, so each round's data is freed by backtracking), subtracts
% the time of the same loop over true, and prints the CPU seconds. It first runs top/0 once
% and stops with an error when it fails, so a wrong answer is never timed as a fast one.

'$suite_time'(N) :-
    (   \+ \+ top
    ->  true
    ;   format(user_error, "top/0 failed~n", []),
        halt(1)
    ),
    statistics(cputime, T0),
    '$suite_loop'(N),
    statistics(cputime, T1),
    '$suite_empty'(N),
    statistics(cputime, T2),
    T is max(0.0, (T1 - T0) - (T2 - T1)),
    format("~4f~n", [T]).

'$suite_loop'(N) :-
    between(1, N, _),
    \+ \+ top,
    fail.
'$suite_loop'(_).

'$suite_empty'(N) :-
    between(1, N, _),
    \+ \+ true,
    fail.
'$suite_empty'(_).
