/*  ply conformance harness.

    Run the whole suite from the repository root:

        swipl -q tests/conformance/harness.pl          (SWI-Prolog 9)
        ply tests/conformance/harness.pl                (ply)

    or a subset, naming the files in PLY_CONFORMANCE_FILES:

        PLY_CONFORMANCE_FILES="tests/conformance/lists.pl" \
            swipl -q tests/conformance/harness.pl

    From another program call run_suite(+Files); it prints the report
    and halts.  tests/conformance/check_with_swipl.sh runs both checks
    that must pass under swipl.

    Each data file holds facts
        t(Goal, Expected).        t(Goal, Expected, Note).
    Expected is fail, true, sols(Template, Instances), error(Formal) or
    throws(Ball).  Note iso(Text) marks a case where SWI-Prolog departs
    from ISO and the expectation follows ISO; under swipl such a case is
    printed as "divergence, expected: ..." and counted separately, not
    as a failure.  Note swi(Text)
    marks a case where ply follows SWI rather than ISO.  A directive
    `:- Goal.` in a data file is run when it is read (used to set
    double_quotes for the rest of that file; the flag is restored after
    the file).

    The text inside syntax_error(Text) is implementation-defined in ISO,
    so an expected error(syntax_error(_)) accepts any syntax error;
    likewise error(format(_)) accepts any format error.

    Cases are read with read_term/2, never consulted, so t/2 facts are
    not clauses.  A failing case prints
        FAIL File:N Goal expected Expected got Got
    where N is the case's ordinal in its file.  A case that cannot be
    read (a syntax error) counts as failed and reading goes on with the
    next clause.  The last line is exactly
        conformance: P passed, F failed
    and the process halts with status 0 when F is 0, else 1.

    Only core builtins are used here, so the harness runs unchanged on
    ply and on SWI-Prolog.
*/

conformance_main :-
    (   catch(getenv('PLY_CONFORMANCE_FILES', Spec), _, fail),
        Spec \== ''
    ->  atomic_list_concat(Files0, ' ', Spec),
        conf_drop_empty(Files0, Files)
    ;   conf_suite_files(Files)
    ),
    run_suite(Files).

conf_suite_files([
    'tests/conformance/control.pl',
    'tests/conformance/unify.pl',
    'tests/conformance/terms.pl',
    'tests/conformance/arith.pl',
    'tests/conformance/atoms.pl',
    'tests/conformance/strings.pl',
    'tests/conformance/db.pl',
    'tests/conformance/index.pl',
    'tests/conformance/findall.pl',
    'tests/conformance/lists.pl',
    'tests/conformance/ordsets.pl',
    'tests/conformance/assoc.pl',
    'tests/conformance/error.pl',
    'tests/conformance/dcg.pl',
    'tests/conformance/flags_ops.pl',
    'tests/conformance/io.pl',
    'tests/conformance/char_io.pl',
    'tests/conformance/streams.pl',
    'tests/conformance/misc.pl'
]).

conf_drop_empty([], []).
conf_drop_empty([F|Fs], Out) :-
    (   F == ''
    ->  Out = Out1
    ;   Out = [F|Out1]
    ),
    conf_drop_empty(Fs, Out1).

run_suite(Files) :-
    conf_under_swi(Swi),
    nb_setval(conf_passed, 0),
    nb_setval(conf_failed, 0),
    nb_setval(conf_diverged, 0),
    conf_run_files(Files, Swi),
    nb_getval(conf_passed, P),
    nb_getval(conf_failed, F),
    nb_getval(conf_diverged, D),
    (   Swi == true
    ->  format("divergences from ISO (marked iso, expected under swipl): ~d~n", [D])
    ;   true
    ),
    format("conformance: ~d passed, ~d failed~n", [P, F]),
    (   F =:= 0
    ->  halt(0)
    ;   halt(1)
    ).

conf_under_swi(Swi) :-
    (   catch(current_prolog_flag(dialect, swi), _, fail)
    ->  Swi = true
    ;   Swi = false
    ).

conf_run_files([], _).
conf_run_files([File|Files], Swi) :-
    conf_run_file(File, Swi),
    conf_run_files(Files, Swi).

conf_run_file(File, Swi) :-
    current_prolog_flag(double_quotes, DQ),
    catch(open(File, read, Stream), E, true),
    (   nonvar(E)
    ->  format("FAIL ~a:0 cannot open: ~q~n", [File, E]),
        conf_bump(conf_failed)
    ;   catch(conf_run_stream(Stream, File, 1, Swi), E2, true),
        close(Stream),
        (   nonvar(E2)
        ->  format("FAIL ~a:0 cannot read: ~q~n", [File, E2]),
            conf_bump(conf_failed)
        ;   true
        )
    ),
    set_prolog_flag(double_quotes, DQ).

conf_run_stream(Stream, File, N, Swi) :-
    catch(read_term(Stream, Term0, []), Error, true),
    (   var(Error)
    ->  Term = Term0
    ;   Term = '$conf_read_error'(Error)
    ),
    (   Term == end_of_file
    ->  true
    ;   Term = '$conf_read_error'(E)
    ->  format("FAIL ~a:~d cannot read: ~q~n", [File, N, E]),
        conf_bump(conf_failed),
        N1 is N + 1,
        conf_run_stream(Stream, File, N1, Swi)
    ->  true
    ;   Term = (:- Directive)
    ->  call(Directive),
        conf_run_stream(Stream, File, N, Swi)
    ;   conf_case(Term, Goal, Expected, Note)
    ->  conf_run_case(File, N, Goal, Expected, Note, Swi),
        N1 is N + 1,
        conf_run_stream(Stream, File, N1, Swi)
    ;   format("FAIL ~a:~d not a case: ~q~n", [File, N, Term]),
        conf_bump(conf_failed),
        N1 is N + 1,
        conf_run_stream(Stream, File, N1, Swi)
    ).

conf_case(t(Goal, Expected), Goal, Expected, none).
conf_case(t(Goal, Expected, Note), Goal, Expected, Note).

conf_run_case(File, N, Goal, Expected, Note, Swi) :-
    conf_outcome(Goal, Expected, Got),
    (   conf_matches(Expected, Got)
    ->  conf_bump(conf_passed)
    ;   Swi == true,
        nonvar(Note),
        Note = iso(_)
    ->  conf_bump(conf_diverged),
        format("divergence, expected: ~a:~d ~q expected ~q got ~q~n", [File, N, Goal, Expected, Got])
    ;   conf_bump(conf_failed),
        format("FAIL ~a:~d ~q expected ~q got ~q~n", [File, N, Goal, Expected, Got])
    ).

%   conf_outcome(+Goal, +Expected, -Got): Got is sols(List) with every
%   solution of the template, or caught(Ball).
conf_outcome(Goal, Expected, Got) :-
    (   nonvar(Expected),
        Expected = sols(Template, _)
    ->  true
    ;   Template = Goal
    ),
    catch(( findall(Template, Goal, List),
            Got = sols(List)
          ),
          Ball,
          Got = caught(Ball)).

conf_matches(Expected, Got) :-
    nonvar(Expected),
    conf_matches_(Expected, Got).

conf_matches_(fail, sols([])).
conf_matches_(true, sols([_|_])).
conf_matches_(sols(_, Expected), sols(List)) :-
    conf_variant(Expected, List).
conf_matches_(error(Formal), caught(Ball)) :-
    nonvar(Ball),
    Ball = error(F, _),
    (   conf_free_text_error(Formal, Pattern)
    ->  nonvar(F),
        F = Pattern
    ;   conf_variant(Formal, F)
    ).
conf_matches_(throws(Expected), caught(Ball)) :-
    conf_variant(Expected, Ball).

%   syntax_error(_) and format(_) carry implementation-defined text: an
%   expected one with an unbound argument accepts any text.
conf_free_text_error(Formal, Pattern) :-
    nonvar(Formal),
    (   Formal = syntax_error(Any),
        Pattern = syntax_error(_)
    ;   Formal = format(Any),
        Pattern = format(_)
    ),
    var(Any),
    !.

%   conf_variant(@A, @B): equal up to a consistent renaming of variables.
conf_variant(A, B) :-
    \+ \+ conf_variant_(A, B).

conf_variant_(A, B) :-
    copy_term(A, A1),
    copy_term(B, B1),
    term_variables(A1, VA),
    term_variables(B1, VB),
    conf_number_vars(VA, 0),
    conf_number_vars(VB, 0),
    A1 == B1.

conf_number_vars([], _).
conf_number_vars(['$conf_var'(N)|Vs], N) :-
    N1 is N + 1,
    conf_number_vars(Vs, N1).

conf_bump(Key) :-
    nb_getval(Key, V),
    V1 is V + 1,
    nb_setval(Key, V1).

:- initialization(conformance_main).
