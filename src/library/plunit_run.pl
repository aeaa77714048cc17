% library(plunit), running: run_tests/0,1 run the units plunit.pl stored and report as swipl
% 9 does (plunit_report.pl has the words). A test's result is kept as
% '$pu_result'(Kind, Unit, Name, Detail) with Kind one of passed, failed, blocked and fixme,
% and a unit is a pass when none of its tests failed.

run_tests :-
    '$pu_init',
    findall(U, '$pu_unit'(U, _, _, _), Units),
    '$pu_run_specs'(Units).

run_tests(Spec) :-
    '$pu_init',
    '$pu_run_specs'(Spec).

'$pu_run_specs'(Spec) :-
    retractall('$pu_result'(_, _, _, _)),
    setup_call_cleanup(
        true,
        ( '$pu_run_unit'(Spec), \+ '$pu_result'(failed, _, _, _) ),
        '$pu_report').

'$pu_run_unit'([]) :- !.
'$pu_run_unit'([H|T]) :- !,
    '$pu_run_unit'(H),
    '$pu_run_unit'(T).
'$pu_run_unit'(Spec) :-
    '$pu_spec'(Spec, Unit, Tests),
    '$pu_unit'(Unit, _, _, Options),
    (   memberchk(blocked(Reason), Options)
    ->  '$pu_info'('PL-Unit: ~w blocked: ~w', [Unit, Reason])
    ;   '$pu_setup'(unit(Unit), Options)
    ->  get_time(T0),
        '$pu_begin'(Spec),
        forall(( '$pu_test'(Unit, Name, Line, TOptions, Body),
                 '$pu_matching'(Name, Tests) ),
               '$pu_run_test'(Unit, Name, Line, TOptions, Body)),
        get_time(T1),
        Time is T1 - T0,
        '$pu_end'(Unit, Time),
        '$pu_cleanup'(Unit, Options)
    ;   true
    ).

'$pu_spec'(Unit, Unit, _) :- atom(Unit), !, '$pu_known'(Unit).
'$pu_spec'(Unit:Tests, Unit, Tests) :- atom(Unit), !, '$pu_known'(Unit).
'$pu_spec'(Spec, _, _) :- throw(error(type_error(test_spec, Spec), _)).

'$pu_known'(Unit) :-
    (   '$pu_unit'(Unit, _, _, _)
    ->  true
    ;   throw(error(existence_error(unit_test, Unit), _))
    ).

'$pu_matching'(Name, Tests) :- var(Tests), !, Name = Name.
'$pu_matching'(Name, Name) :- !.
'$pu_matching'(Name, Tests) :- is_list(Tests), memberchk(Name, Tests).

'$pu_run_test'(Unit, Name, Line, Options, Body) :-
    (   memberchk(forall(Generator), Options)
    ->  term_variables(Generator, Vars),
        '$pu_in_unit'(Unit, Generator, G),
        forall(G, '$pu_run_once'(Unit, @(Name, Vars), Line, Options, Body))
    ;   '$pu_run_once'(Unit, Name, Line, Options, Body)
    ).

'$pu_run_once'(Unit, Name, Line, Options, _) :-
    memberchk(blocked(Reason), Options),
    !,
    assertz('$pu_result'(blocked, Unit, Name, Line-Reason)).
'$pu_run_once'(Unit, Name, Line, Options, Body) :-
    (   '$pu_setup'(test(Unit, Name, Line), Options)
    ->  '$pu_outcome'(Options, Body, Outcome),
        '$pu_cleanup'(Unit, Options),
        '$pu_record'(Outcome, Unit, Name, Line, Options)
    ;   true
    ).

% '$pu_outcome'(+Options, +Body, -Outcome): run Body as its test's mode asks. Outcome is
% passed(Det) or failed(How), How as plunit_report.pl words it.
'$pu_outcome'(Options, Body, Outcome) :-
    memberchk(all(Cmp), Options), !,
    '$pu_collect'(all, Cmp, Body, Outcome).
'$pu_outcome'(Options, Body, Outcome) :-
    memberchk(set(Cmp), Options), !,
    '$pu_collect'(set, Cmp, Body, Outcome).
'$pu_outcome'(Options, Body, Outcome) :-
    memberchk(fail, Options), !,
    statistics(runtime, [T0, _]),
    (   catch(Body, E, true)
    ->  (   var(E)
        ->  statistics(runtime, [T1, _]),
            Time is (T1 - T0) / 1000.0,
            Outcome = failed(succeeded(Time))
        ;   Outcome = failed(E)
        )
    ;   Outcome = passed(true)
    ).
'$pu_outcome'(Options, Body, Outcome) :-
    memberchk(true(Cmp), Options), !,
    (   catch('$pu_call_det'(Body, Det), E, true)
    ->  (   var(E)
        ->  (   catch(Cmp, E2, true)
            ->  (   var(E2)
                ->  Outcome = passed(Det)
                ;   Outcome = failed(cmp_error(Cmp, E2))
                )
            ;   Outcome = failed(wrong_answer(Cmp))
            )
        ;   Outcome = failed(E)
        )
    ;   Outcome = failed(failed)
    ).
'$pu_outcome'(Options, Body, Outcome) :-
    memberchk(throws(Expect), Options), !,
    (   catch(Body, E, true)
    ->  (   var(E)
        ->  Outcome = failed(no_exception)
        ;   subsumes_term(Expect, E)
        ->  Outcome = passed(true)
        ;   Outcome = failed(wrong_error(Expect, E))
        )
    ;   Outcome = failed(failed)
    ).

% Whether Body left a choicepoint is seen right after it succeeds, before any cut runs its
% cleanup.
'$pu_call_det'(Body, Det) :-
    call_cleanup(Body, Det0 = true),
    ( var(Det0) -> Det = false ; Det = true ).

'$pu_collect'(Type, Cmp, Body, Outcome) :-
    Cmp =.. [Op, Vars, Expected0],
    (   catch(findall(Vars, Body, Found0), E, true)
    ->  (   var(E)
        ->  (   Type == set
            ->  sort(Expected0, Expected), sort(Found0, Found)
            ;   Expected = Expected0, Found = Found0
            ),
            (   '$pu_cmp_list'(Expected, Found, Op)
            ->  Outcome = passed(true)
            ;   Outcome = failed(wrong_answer(Type, Expected, Found))
            )
        ;   Outcome = failed(E)
        )
    ;   Outcome = failed(failed)
    ).

'$pu_cmp_list'([], [], _).
'$pu_cmp_list'([E|Es], [V|Vs], Op) :-
    call(Op, E, V),
    '$pu_cmp_list'(Es, Vs, Op).

% '$pu_in_unit'(+Unit, +Goal, -Qualified): Goal as the unit's module runs it (plunit.pl).
'$pu_in_unit'(Unit, Goal, M:Goal) :-
    (   '$pu_unit_module'(Unit, M0) -> M = M0 ; M = user ).

% '$pu_setup'(+Context, +Options): the condition and the setup of a unit or test; false when
% the unit or test must not run (a failed condition says nothing, a failed setup does).
'$pu_setup'(Context, Options) :-
    arg(1, Context, Unit),
    (   memberchk(condition(Cond0), Options)
    ->  '$pu_in_unit'(Unit, Cond0, Cond),
        (   catch(Cond, E, true)
        ->  (   var(E) -> true
            ;   '$pu_error_in'(condition, Context, E), fail
            )
        ;   fail
        )
    ;   true
    ),
    (   memberchk(setup(Setup), Options)
    ->  '$pu_in_unit'(Unit, Setup, QSetup),
        (   catch(QSetup, E2, true)
        ->  (   var(E2) -> true
            ;   '$pu_error_in'(setup, Context, E2), fail
            )
        ;   '$pu_goal_failed'(Setup), fail
        )
    ;   true
    ).

'$pu_cleanup'(Unit, Options) :-
    (   memberchk(cleanup(Cleanup), Options)
    ->  '$pu_in_unit'(Unit, Cleanup, QCleanup),
        (   catch(QCleanup, E, true)
        ->  (   var(E) -> true ; print_message(warning, E) )
        ;   '$pu_cleanup_failed'(Cleanup)
        )
    ;   true
    ).

% '$pu_record'(+Outcome, +Unit, +Name, +Line, +Options): note and show one test's result.
'$pu_record'(Outcome, Unit, Name, Line, Options) :-
    memberchk(fixme(Reason), Options), !,
    (   Outcome = passed(Det)
    ->  (   ( Det == true ; memberchk(nondet, Options) )
        ->  '$pu_progress'('+'), How = passed
        ;   '$pu_progress'('!'), How = nondet
        )
    ;   '$pu_progress'('-'), How = failed
    ),
    assertz('$pu_result'(fixme, Unit, Name, Line-Reason-How)).
'$pu_record'(passed(Det), Unit, Name, Line, Options) :- !,
    assertz('$pu_result'(passed, Unit, Name, Line)),
    (   ( Det == true ; memberchk(nondet, Options) )
    ->  '$pu_progress'('.')
    ;   '$pu_nondet'(Unit, Name, Line)
    ).
'$pu_record'(failed(How), Unit, Name, Line, _) :-
    '$pu_failure'(Unit, Name, Line, How),
    assertz('$pu_result'(failed, Unit, Name, Line-How)).
