% library(plunit): unit tests as SWI-Prolog writes them.
%
%     :- begin_tests(lists).
%     test(reverse) :- reverse([a,b], [b,a]).
%     test(member, all(X == [a,b])) :- member(X, [a,b]).
%     :- end_tests(lists).
%
% and run_tests/0,1 run them, printing progress, failures (with the file and line of the test)
% and a summary on standard error as swipl 9 prints them; run_tests fails when a test failed, so
% `ply -g run_tests -t halt f.pl` exits with status 1 then.
%
% As in SWI-Prolog, a unit's clauses are read into a module plunit_<Unit> (importing from the
% module the unit is written in), so two units may define helpers of the same name; the tests
% themselves are stored with their unit, not as clauses of test/1,2.
%
% While a unit is open, the loader offers each term read to '$term_expansion'/2: a clause of
% test/1,2 is stored as '$pu_test'(Unit, Name, Line, Options, Body) and disappears from the
% program. begin_tests/1,2 of a unit loaded again forgets the unit's tests first, so make/0 and
% a second consult replace them.

begin_tests(Unit) :-
    begin_tests(Unit, []).

begin_tests(Unit, Options) :-
    '$pu_init',
    must_be(atom, Unit),
    '$pu_valid_options'(Options, '$pu_unit_option'),
    (   source_location(File, Line) -> true ; File = user, Line = 0 ),
    retractall('$pu_test'(Unit, _, _, _, _)),
    retractall('$pu_local_call'(Unit, _)),
    (   '$pu_unit'(Unit, File, _, Options)
    ->  true
    ;   retractall('$pu_unit'(Unit, _, _, _)),
        assertz('$pu_unit'(Unit, File, Line, Options))
    ),
    asserta('$pu_open'(Unit, File)),
    '$pu_enter_unit'(Unit),
    (   clause('$term_expansion'(_, _), '$pu_expand'(_, _))
    ->  true
    ;   assertz(('$term_expansion'(T, X) :- '$pu_expand'(T, X)))
    ).

end_tests(Unit) :-
    '$pu_init',
    (   '$pu_open'(Open, _)
    ->  (   Open == Unit
        ->  once(retract('$pu_open'(Open, _))),
            '$pu_leave_unit'(Unit),
            (   '$pu_open'(_, _)
            ->  true
            ;   retractall(('$term_expansion'(_, _) :- '$pu_expand'(_, _)))
            )
        ;   '$pu_close_error'('PL-Unit: cannot close unit ~w: current unit is ~w', [Unit, Open])
        )
    ;   '$pu_close_error'('PL-Unit: cannot close unit ~w: no open unit', [Unit])
    ).

%   Closing a unit that is not the open one is reported, as SWI-Prolog
%   does, by a message and a failure rather than an error term.
'$pu_close_error'(Format, Args) :-
    print_message(error, format(Format, Args)),
    fail.

% The clauses of a unit are read into its own module, plunit_<Unit>, as in SWI-Prolog, so two
% units' helpers of one name are two predicates; the module imports from the module the unit
% is written in, so the unit sees that module's predicates and what it imports.
'$pu_enter_unit'(Unit) :-
    '$context_module'(Outer),
    atom_concat(plunit_, Unit, M),
    '$set_import_modules'(M, [Outer]),
    asserta('$pu_outer'(Unit, Outer)),
    % A unit's module reads double quotes as a new module does, whatever the file set.
    current_prolog_flag(double_quotes, Quotes),
    asserta('$pu_outer_quotes'(Unit, Quotes)),
    '$flag_value'('$default_double_quotes', Default),
    set_prolog_flag(double_quotes, Default),
    retractall('$pu_unit_module'(Unit, _)),
    assertz('$pu_unit_module'(Unit, M)),
    '$set_source_module'(M).

'$pu_leave_unit'(Unit) :-
    (   retract('$pu_outer'(Unit, Outer))
    ->  '$set_source_module'(Outer)
    ;   true
    ),
    (   retract('$pu_outer_quotes'(Unit, Quotes))
    ->  set_prolog_flag(double_quotes, Quotes)
    ;   true
    ).

% set_test_options(+Options): the run's options as SWI-Prolog 9's plunit takes them. They are
% checked and kept; ply's runs do what these defaults say (tests loaded with the program, run
% by run_tests, progress shown) whatever they are set to.
set_test_options(Options) :-
    '$pu_init',
    must_be(list, Options),
    forall(member(O, Options),
           (   '$pu_run_option'(O) -> true
           ;   throw(error(domain_error(plunit:global_test_option, O), _))
           )),
    retractall('$pu_run_options'(_)),
    assertz('$pu_run_options'(Options)).

'$pu_run_option'(load(V)) :- memberchk(V, [never, always, normal]).
'$pu_run_option'(run(V)) :- memberchk(V, [manual, make, make(all)]).
'$pu_run_option'(silent(V)) :- must_be(boolean, V).
'$pu_run_option'(sto(V)) :- memberchk(V, [false, true, finite_trees, rational_trees]).
'$pu_run_option'(cleanup(V)) :- must_be(boolean, V).
'$pu_run_option'(jobs(V)) :- must_be(positive_integer, V).
'$pu_run_option'(timeout(V)) :- must_be(number, V).
'$pu_run_option'(format(V)) :- memberchk(V, [tty, log]).
'$pu_run_option'(output(V)) :- memberchk(V, [on_failure, always]).
'$pu_run_option'(show_blocked(V)) :- must_be(boolean, V).
'$pu_run_option'(occurs_check(V)) :- memberchk(V, [false, true, error]).

'$pu_init' :-
    dynamic('$pu_unit_module'/2),
    dynamic('$pu_run_options'/1),
    dynamic('$pu_outer'/2),
    dynamic('$pu_outer_quotes'/2),
    dynamic('$pu_unit'/4),
    dynamic('$pu_test'/5),
    dynamic('$pu_open'/2),
    dynamic('$pu_result'/4),
    dynamic('$pu_local_call'/2),
    dynamic('$term_expansion'/2).

% '$pu_expand'(+Term, -Clauses): a test clause read while a unit of this file is open is
% stored with its unit; nothing of it reaches the program.
'$pu_expand'(Term, []) :-
    '$pu_open'(Unit, File),
    source_location(File, Line),
    '$pu_test_clause'(Term, Name, Options0, Body),
    '$pu_test_options'(Options0, Options),
    % A unit in a module file runs its tests in that module, as swipl does.
    '$context_module'(M),
    (   M == user -> QBody = Body ; QBody = M:Body ),
    assertz('$pu_test'(Unit, Name, Line, Options, QBody)),
    forall(( '$pu_body_goal'(Body, G), callable(G), functor(G, N, A),
             \+ '$pu_local_call'(Unit, N/A) ),
           assertz('$pu_local_call'(Unit, N/A))).

% Every other clause read while the unit is open loads as it is; what its body calls is noted,
% for naming an unknown procedure as swipl does from the unit's module (plunit_report.pl).
'$pu_expand'(Term, _) :-
    '$pu_open'(Unit, _),
    Term \= (:- _),
    (   Term = (_ :- Body) -> true ; Body = true ),
    forall(( '$pu_body_goal'(Body, G), callable(G), functor(G, N, A),
             \+ '$pu_local_call'(Unit, N/A) ),
           assertz('$pu_local_call'(Unit, N/A))),
    fail.

'$pu_test_clause'((test(Name) :- Body), Name, [], Body) :- !.
'$pu_test_clause'((test(Name, Options) :- Body), Name, Options, Body).
'$pu_test_clause'(test(Name), _, _, _) :-
    throw(error(existence_error(body, test(Name)), _)).
'$pu_test_clause'(test(Name, _), _, _, _) :-
    throw(error(existence_error(body, test(Name)), _)).

% The options of one test, as SWI-Prolog reads them: a single option needs no list, A == B
% and its kin stand for true(A == B), error(E) for throws(error(E, _)), and a test of no
% mode is true(true).
'$pu_test_options'(Options0, Options) :-
    (   is_list(Options0) -> Options1 = Options0 ; Options1 = [Options0] ),
    '$pu_map_options'(Options1, Options2),
    '$pu_valid_options'(Options2, '$pu_test_option'),
    '$pu_modes'(Options2, Modes),
    (   Modes == []
    ->  Options = [true(true)|Options2]
    ;   Modes = [_]
    ->  Options = Options2
    ;   throw(error(plunit(incompatible_options, Modes), _))
    ).

'$pu_map_options'([], []).
'$pu_map_options'([O0|T0], [O|T]) :-
    '$pu_map_option'(O0, O),
    '$pu_map_options'(T0, T).

'$pu_map_option'(V, _) :- var(V), !, throw(error(instantiation_error, _)).
'$pu_map_option'(A == B, true(A == B)) :- !.
'$pu_map_option'(A = B, true(A = B)) :- !.
'$pu_map_option'(A =@= B, true(A =@= B)) :- !.
'$pu_map_option'(A =:= B, true(A =:= B)) :- !.
'$pu_map_option'(error(E), throws(error(E, _))) :- !.
'$pu_map_option'(exception(E), throws(E)) :- !.
'$pu_map_option'(error(F, C), throws(error(F, C))) :- !.
'$pu_map_option'(true, true(true)) :- !.
'$pu_map_option'(O, O).

'$pu_modes'([], []).
'$pu_modes'([O|T], Modes) :-
    (   '$pu_mode'(O) -> Modes = [O|Rest] ; Modes = Rest ),
    '$pu_modes'(T, Rest).

'$pu_mode'(true(_)).
'$pu_mode'(all(_)).
'$pu_mode'(set(_)).
'$pu_mode'(fail).
'$pu_mode'(throws(_)).

'$pu_valid_options'(Options, Kind) :-
    must_be(list, Options),
    '$pu_check_options'(Options, Kind).

'$pu_check_options'([], _).
'$pu_check_options'([O|T], Kind) :-
    (   call(Kind, O)
    ->  '$pu_check_options'(T, Kind)
    ;   Kind == '$pu_unit_option'
    ->  throw(error(domain_error(test_set_option, O), _))
    ;   throw(error(domain_error(test_option, O), _))
    ).

'$pu_unit_option'(blocked(X)) :- must_be(ground, X).
'$pu_unit_option'(condition(X)) :- must_be(callable, X).
'$pu_unit_option'(setup(X)) :- must_be(callable, X).
'$pu_unit_option'(cleanup(X)) :- must_be(callable, X).
'$pu_unit_option'(sto(V)) :- nonvar(V), memberchk(V, [finite_trees, rational_trees]).
'$pu_unit_option'(concurrent(V)) :- must_be(boolean, V).

'$pu_test_option'(O) :- '$pu_unit_option'(O), !.
'$pu_test_option'(true(_)).
'$pu_test_option'(fail).
'$pu_test_option'(throws(_)).
'$pu_test_option'(all(_)).
'$pu_test_option'(set(_)).
'$pu_test_option'(nondet).
'$pu_test_option'(fixme(_)).
'$pu_test_option'(forall(X)) :- must_be(callable, X).

% current_test_unit(?Unit, ?Options) and current_test(?Unit, ?Name, ?Line, ?Body, ?Options):
% the units and tests loaded.
current_test_unit(Unit, Options) :-
    '$pu_init',
    '$pu_unit'(Unit, _, _, Options).
current_test(Unit, Name, Line, Body, Options) :-
    '$pu_init',
    '$pu_test'(Unit, Name, Line, Options, Body).
