% The tracer's box around a traced goal: Call, Exit, Redo, Fail and Exception ports with the
% goal's depth. The machine's call hook (src/toplevel/debugger.rs) replaces a traced call
% G by '$trace_goal'(G); '$trace_run'/4 then calls G itself, telling the hook to let that one
% call through. Depth and whether the goal's inside is hidden (library and builtin
% predicates) are backtrackable globals, so they come back by themselves on backtracking.
% Retry is a throw of '$trace_retry'(Depth) caught by the box of that depth.
%
% Every predicate called here is a control construct or has a name starting with '$': the
% hook lets those through, so the box never traces itself.

'$trace_goal'(G) :-
    '$trace_state'(P, PO, D),
    catch('$trace_box'(G, D, P, PO), '$trace_retry'(D), '$trace_again'(G, P, PO)).

'$trace_again'(G, P, PO) :-
    '$trace_set'(P, PO),
    '$trace_goal'(G).

'$trace_box'(G, D, P, PO) :-
    '$trace_port'(call, G, D, A),
    '$trace_called'(A, G, D, P, PO).

'$trace_called'(fail, G, D, _, _) :- !,
    '$trace_port'(fail, G, D, A),
    '$trace_after'(A, D),
    fail.
'$trace_called'(_, G, D, P, PO) :-
    '$trace_opaque_for'(G, O),
    (   catch('$trace_run'(G, D, O, Det), E, '$trace_exception'(G, D, E)),
        '$trace_set'(P, PO),
        '$trace_exit'(Det, G, D)
    ;   '$trace_port'(fail, G, D, A),
        '$trace_after'(A, D),
        fail
    ),
    (   '$trace_is_det'(Det) -> ! ; true ).

'$trace_is_det'(true).

'$trace_run'(G, D, O, Det) :-
    '$trace_set'(D, O),
    '$choice_count'(N0),
    '$trace_pass_next',
    call(G),
    '$trace_det'(N0, Det).

'$trace_exit'(true, G, D) :-
    '$trace_port'(exit, G, D, A),
    '$trace_after'(A, D).
'$trace_exit'(false, G, D) :-
    (   '$trace_port'(exit, G, D, A),
        '$trace_after'(A, D)
    ;   '$trace_port'(redo, G, D, A),
        '$trace_after'(A, D),
        fail
    ).

'$trace_after'(retry, D) :- !, '$trace_throw'('$trace_retry'(D)).
'$trace_after'(fail, _) :- !, fail.
'$trace_after'(_, _).

'$trace_exception'(G, D, E) :-
    (   '$trace_quiet_ball'(E) -> true
    ;   '$trace_port'(exception(E), G, D, A),
        '$trace_after'(A, D)
    ),
    '$trace_throw'(E).

'$trace_quiet_ball'('$trace_retry'(_)).
'$trace_quiet_ball'('$aborted').
'$trace_quiet_ball'('$halt').

% The wakeup of attributed variables (coroutining.pl) in place of '$wakeup'/2: the hooks run
% hidden, as inside a library predicate, so only the user predicates they call are shown; then
% the goal the wakeup came before.
'$trace_wakeup'(Wakes, G) :-
    '$trace_state'(P, PO, _),
    '$trace_set'(P, true),
    '$wake_all'(Wakes),
    '$trace_set'(P, PO),
    call(G).
