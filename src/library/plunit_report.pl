% library(plunit), reporting: what run_tests prints, in swipl 9's words and places. All of it
% goes to standard error. The unit's begin and end and the summary are informational, left out
% under -q (the verbose flag silent); progress marks, failures and warnings always show. A
% message that is not a progress mark starts on a fresh line (~N), as print_message does.

'$pu_verbose' :- \+ current_prolog_flag(verbose, silent).

'$pu_info'(Format, Args) :-
    (   '$pu_verbose'
    ->  format(user_error, '~N% ', []),
        format(user_error, Format, Args),
        nl(user_error)
    ;   true
    ).

'$pu_begin'(Spec) :-
    (   '$pu_verbose'
    ->  format(user_error, '~N% PL-Unit: ~w ', [Spec]),
        flush_output(user_error)
    ;   true
    ).

'$pu_end'(Unit, Time) :-
    (   '$pu_verbose'
    ->  (   '$pu_result'(failed, Unit, _, _)
        ->  format(user_error, '**FAILED ~3f sec~n', [Time])
        ;   format(user_error, ' passed ~3f sec~n', [Time])
        )
    ;   true
    ),
    format(user_error, '~N', []).

'$pu_progress'(Mark) :-
    format(user_error, '~w', [Mark]),
    flush_output(user_error).

%   The start of a report of kind Kind (ERROR or Warning).  Tests run by a
%   directive of a file being loaded are reported, as print_message
%   reports anything then, under the directive's place first.
'$pu_prefix'(Kind) :-
    (   source_location(File, Line)
    ->  format(user_error, '~N~w: ~w:~w:~n~w:    ', [Kind, File, Line, Kind])
    ;   format(user_error, '~N~w: ', [Kind])
    ).

%   The further lines of a report are indented as far again under a
%   directive's place.
'$pu_indent'(I) :-
    (   source_location(_, _) -> I = '   ' ; I = '' ).

'$pu_place'(Unit, Line) :-
    (   '$pu_unit'(Unit, File, _, _) -> true ; File = user ),
    format(user_error, '~w:~w:~n\t', [File, Line]).

'$pu_test_name'(@(Name, Bindings)) :- !,
    format(user_error, 'test ~w (forall bindings = ~p)', [Name, Bindings]).
'$pu_test_name'(Name) :-
    format(user_error, 'test ~w', [Name]).

'$pu_failure'(Unit, Name, Line, How) :-
    b_setval('$pu_reporting', Unit-Line),
    '$pu_prefix'('ERROR'),
    '$pu_place'(Unit, Line),
    '$pu_test_name'(Name),
    format(user_error, ': ', []),
    '$pu_how'(How, Unit),
    flush_output(user_error).

'$pu_how'(succeeded(Time), _) :- !,
    format(user_error, 'must fail but succeeded in ~2f seconds~n~n', [Time]).
'$pu_how'(wrong_error(Expected, Error), _) :- !,
    '$pu_system_context'(Error, Error1),
    copy_term(Expected-Error1, Ex-E),
    numbervars(Ex-E, 0, _),
    format(user_error, 'wrong error~n', []),
    '$pu_expected_got'(Ex, E).
'$pu_how'(wrong_answer(Cmp), _) :-
    Cmp =.. [Op, Answer, Expected], !,
    copy_term(Expected-Answer, Ex-A),
    numbervars(Ex-A, 0, _),
    format(user_error, 'wrong answer (compared using ~w)~n', [Op]),
    '$pu_expected_got'(Ex, A).
'$pu_how'(wrong_answer(Type, Expected, Found), _) :- !,
    '$pu_indent'(I),
    format(user_error, 'wrong "~w" answer:~nERROR: ~w    Expected: ~q~nERROR: ~w       Found: ~q~n',
           [Type, I, Expected, I, Found]).
'$pu_how'(cmp_error(_, E), Unit) :- !,
    '$pu_message'(E, Unit, Text),
    format(user_error, 'Comparison error: ~w~n', [Text]).
'$pu_how'(E, Unit) :-
    nonvar(E), E = error(_, _), !,
    '$pu_message'(E, Unit, Text),
    format(user_error, 'received error: ~w~n', [Text]).
'$pu_how'(Why, _) :-
    format(user_error, '~p~n~n', [Why]).

'$pu_expected_got'(Ex, Got) :-
    Options = [quoted(true), numbervars(true), max_depth(100)],
    '$pu_indent'(I),
    format(user_error, 'ERROR: ~w    Expected: ', [I]),
    write_term(user_error, Ex, Options),
    format(user_error, '~nERROR: ~w    Got:      ', [I]),
    write_term(user_error, Got, Options),
    nl(user_error).

% swipl names the builtin an error came from with its module, system.
'$pu_system_context'(E, E1) :-
    (   nonvar(E), E = error(F, context(N/A, M)), atom(N), integer(A),
        functor(H, N, A), predicate_property(H, built_in)
    ->  E1 = error(F, context(system:N/A, M))
    ;   E1 = E
    ).

% '$pu_message'(+Error, +Unit, -Text): an error in words as message_to_string/2 gives it
% in swipl: the predicate of its context first. An unknown procedure called from a test is
% named as swipl names it from the test's module, plunit_<Unit>, when a test or a clause read
% inside the unit calls it (ply cannot tell which caller raised it).
'$pu_message'(error(existence_error(procedure, PI), C), Unit, Text) :-
    '$pu_no_context'(C), !,
    (   '$pu_called_by_body'(Unit, PI)
    ->  '$pu_caller'(Unit, PI, Caller),
        format(atom(Text), '~w: Unknown procedure: plunit_~w:~q', [Caller, Unit, PI])
    ;   '$pu_caller'(Unit, PI, Caller),
        format(atom(Text), '~w: Unknown procedure: ~q', [Caller, PI])
    ).
'$pu_message'(E, _, Text) :-
    '$message_text'(E, T0),
    '$pu_first_line'(T0, Text).

% The caller swipl names: the test's body when the test being reported calls the procedure
% with more of the body after it (its frame is still there), the test's setup otherwise.
'$pu_caller'(Unit, PI, Caller) :-
    (   catch(b_getval('$pu_reporting', Unit-Line), error(existence_error(_, _), _), fail),
        '$pu_test'(Unit, _, Line, _, Body),
        '$pu_not_last_call'(Body, PI)
    ->  format(atom(Caller), 'plunit_~w:\'unit body\'/2', [Unit])
    ;   Caller = 'setup_call_catcher_cleanup/4'
    ).

'$pu_not_last_call'(_:Body, PI) :- !, '$pu_not_last_call'(Body, PI).
'$pu_not_last_call'(Body, _:PI) :- !, '$pu_not_last_call'(Body, PI).
'$pu_not_last_call'(Body, PI) :-
    '$pu_conjuncts'(Body, Gs, []),
    append(Front, [_], Gs),
    member(G, Front),
    '$pu_body_goal'(G, C),
    callable(C),
    functor(C, N, A),
    PI == N/A, !.

'$pu_conjuncts'(B, [B|Gs], Gs) :- var(B), !.
'$pu_conjuncts'((A, B), Gs0, Gs) :- !, '$pu_conjuncts'(A, Gs0, Gs1), '$pu_conjuncts'(B, Gs1, Gs).
'$pu_conjuncts'(G, [G|Gs], Gs).

% A context that names no predicate of the test: none, the one ply gives a ball thrown by
% throw/1, or what ply runs a test's body under (catch/3, and the meta-call of the body
% itself) where swipl names its own (setup_call_catcher_cleanup/4, 'unit body'/2): then
% '$pu_caller'/3 names swipl's.
'$pu_no_context'(C) :- var(C), !.
'$pu_no_context'(context(P, _)) :-
    ( var(P) ; P == throw/1 ; P == system:catch/3 ; P == system:'<meta-call>'/1 ), !.

'$pu_first_line'(T0, T) :-
    (   sub_string(T0, B, _, _, "\n")
    ->  sub_string(T0, 0, B, _, T)
    ;   T = T0
    ).

'$pu_called_by_body'(Unit, PI) :-
    '$pu_local_call'(Unit, PI), !.

'$pu_body_goal'(B, _) :- var(B), !, fail.
'$pu_body_goal'((A, B), G) :- !, ( '$pu_body_goal'(A, G) ; '$pu_body_goal'(B, G) ).
'$pu_body_goal'((A ; B), G) :- !, ( '$pu_body_goal'(A, G) ; '$pu_body_goal'(B, G) ).
'$pu_body_goal'((A -> B), G) :- !, ( '$pu_body_goal'(A, G) ; '$pu_body_goal'(B, G) ).
'$pu_body_goal'(\+ A, G) :- !, '$pu_body_goal'(A, G).
'$pu_body_goal'(G, G).

'$pu_nondet'(Unit, Name, Line) :-
    '$pu_prefix'('Warning'),
    '$pu_place'(Unit, Line),
    format(user_error, 'PL-Unit: Test ~w: Test succeeded with choicepoint~n', [Name]).

'$pu_error_in'(Where, Context, E) :-
    b_setval('$pu_reporting', none),
    '$pu_prefix'('ERROR'),
    (   Context = test(Unit, _, Line)
    ->  '$pu_place'(Unit, Line)
    ;   Context = unit(Unit),
        format(user_error, 'PL-Unit: unit ~w: ', [Unit])
    ),
    (   nonvar(E), E = error(_, _)
    ->  '$pu_message'(E, Unit, Text)
    ;   format(atom(Text), 'Unknown message: ~p', [E])
    ),
    format(user_error, 'error in ~w: ~w~n', [Where, Text]).

'$pu_goal_failed'(Goal) :-
    format(user_error, '~NERROR: goal unexpectedly failed: ~p~n', [Goal]).

'$pu_cleanup_failed'(Goal) :-
    format(user_error, '~NWarning: Goal (~w) failed: ~q~n', [Goal, '(cleanup handler)']).

% The summary after all units ran.
'$pu_report' :-
    '$pu_count'(passed, Passed),
    '$pu_count'(failed, Failed),
    '$pu_count'(blocked, Blocked),
    (   Passed + Failed + Blocked =:= 0
    ->  '$pu_info'('No tests to run', [])
    ;   Failed + Blocked =:= 0
    ->  '$pu_report_fixme',
        (   Passed =:= 1
        ->  '$pu_info'('test passed', [])
        ;   '$pu_info'('All ~D tests passed', [Passed])
        )
    ;   '$pu_report_blocked'(Blocked),
        '$pu_report_fixme',
        (   Failed =:= 0 -> true
        ;   Failed =:= 1 -> '$pu_info'('1 test failed', [])
        ;   '$pu_info'('~D tests failed', [Failed])
        ),
        '$pu_info'('~D tests passed', [Passed])
    ).

'$pu_count'(Kind, N) :-
    findall(x, '$pu_result'(Kind, _, _, _), L),
    length(L, N).

'$pu_report_blocked'(0) :- !.
'$pu_report_blocked'(N) :-
    (   N =:= 1
    ->  '$pu_info'('one test is blocked:', [])
    ;   '$pu_info'('~D tests are blocked:', [N])
    ),
    forall('$pu_result'(blocked, Unit, Name, Line-Reason),
           (   '$pu_unit'(Unit, File, _, _),
               '$pu_info'('~w:~w:~n\ttest ~w: ~w', [File, Line, Name, Reason])
           )).

'$pu_report_fixme' :-
    '$pu_count_fixme'(failed, F),
    '$pu_count_fixme'(passed, P),
    '$pu_count_fixme'(nondet, N),
    (   F + P + N =:= 0
    ->  true
    ;   P + N =:= 0
    ->  '$pu_info'('all ~D tests flagged FIXME failed', [F])
    ;   N =:= 0
    ->  '$pu_info'('FIXME: ~D failed; ~D passed', [F, P])
    ;   T is P + N,
        '$pu_info'('FIXME: ~D failed; ~D passed; (~D nondet)', [F, T, N])
    ).

'$pu_count_fixme'(How, N) :-
    findall(x, '$pu_result'(fixme, _, _, _-_-How), L),
    length(L, N).
