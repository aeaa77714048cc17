% Toplevel commands written in Prolog over natives of src/toplevel/commands.rs.

% time(Goal): run Goal, then print inferences, CPU time, wall time and lips to standard error,
% after each answer and on failure or an exception, as SWI-Prolog does. A deterministic Goal
% leaves no choicepoint behind.
time(G) :-
    '$time_start'(S),
    (   catch('$time_run'(G, Det), E, ('$time_report'(S), throw(E))),
        '$time_report'(S),
        (   Det == true -> ! ; true )
    ;   '$time_report'(S),
        fail
    ).

'$time_run'(G, Det) :-
    '$choice_count'(N0),
    call(G),
    '$choice_count'(N1),
    (   N1 =:= N0 -> Det = true ; Det = false ).
