% Toplevel commands written in Prolog over natives of src/toplevel/commands.rs.

% time(Goal): run Goal, then print inferences, CPU time, wall time and lips to standard error,
% after each answer and on failure or an exception, as SWI-Prolog does.
time(G) :-
    '$time_start'(S),
    (   catch(G, E, ('$time_report'(S), throw(E)))
    *-> '$time_report'(S)
    ;   '$time_report'(S),
        fail
    ).
