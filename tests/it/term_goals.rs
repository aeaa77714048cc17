//! `arg/3` and `functor/3` compiled to instructions of their own (`Instr::ArgOf`,
//! `Instr::FunctorOf`): new outputs written straight into their registers, known ones unified,
//! anonymous ones dropped, and every case the instructions do not decide handed to the native
//! exactly as the call would have been (an unbound position that enumerates, with backtracking
//! into a clause whose temporaries must survive, atomic terms, errors, big arities, lists).
//! Every goal must answer exactly as with the fast paths off, where these are plain calls, and
//! the compiler must emit the instructions only with the fast paths on.

use crate::support::capture;
use ply::machine::instr::Instr;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

/// Clauses in which `arg/3` and `functor/3` have every kind of argument the instructions take.
const PROGRAM: &str = r#"
% A new output in a temporary register, then used (the commonest shape).
second(T, X) :- arg(2, T, A), X = got(A).
% A known output: unification, which may bind inside the term or fail.
match2(T, V) :- arg(2, T, V).
% An anonymous output: only the test that the position exists.
has3(T) :- arg(3, T, _).
% Outputs kept across a real call, in permanent registers.
around(T, R) :- arg(1, T, A), functor(T, F, N), length(L, 2), R = r(A, F, N, L).
% The position known only at run time: bound, or unbound and then enumerating.
pick(N, T, X) :- arg(N, T, X), atomic(X).
pick_keep(N, T, X, R) :- arg(N, T, X), R = k(N, X, T).
% A copier: read one term's name and arity, build another, walk the arguments (boyer's and
% flatten's shape).
copy(T, C) :- var(T), !, C = T.
copy(T, C) :- atomic(T), !, C = T.
copy(T, C) :- functor(T, F, N), functor(C, F, N), copy_args(N, T, C).
copy_args(0, _, _) :- !.
copy_args(N, T, C) :- arg(N, T, A), arg(N, C, B), copy(A, B), N1 is N - 1, copy_args(N1, T, C).
% functor/3 with a known term that may be unbound, and constants for the arity.
build(T, F) :- functor(T, F, 3).
name_of(T, F) :- functor(T, F, _).
arity_of(T, N) :- functor(T, _, N).
same_shape(T, U) :- functor(T, F, N), functor(U, F, N).
% The same variable twice in one goal: left to the native.
self_arg(T) :- arg(1, T, T).
% Garbage made while a term built by functor/3 is live: the heap collector runs.
churn(R) :- functor(T, big, 200), arg(200, T, x), length(L, 200000), maplist(=(1), L),
    sum_list(L, S), arg(200, T, Y), R = S-Y.
"#;

/// Goals whose output (and how they end) must not depend on the fast paths.
const GOALS: &[&str] = &[
    "second(f(a, b), X), writeq(X)",
    "second([h | t], X), writeq(X)",
    "(second(f(a), X) -> writeq(X) ; write(none))",
    "catch(second(_, X), error(E, C), true), writeq(E-C-X)",
    "catch(second(abc, X), error(E, C), true), writeq(E-C-X)",
    "match2(f(a, b), b)",
    "match2(f(a, b), c)",
    "match2(f(a, Y), c), writeq(Y)",
    "match2(f(a, g(Y)), g(1)), writeq(Y)",
    "has3(f(1, 2, 3))",
    "has3(f(1, 2))",
    "has3([a | b])",
    "around(f(q, r), R), writeq(R)",
    "catch(around(abc, R), error(E, _), true), writeq(E-R)",
    "pick(1, f(a, g(b)), X), writeq(X)",
    "findall(N-X, pick(N, f(a, g(b), c), X), L), writeq(L)",
    "findall(R, pick_keep(_, f(x, y), _, R), L), writeq(L)",
    "findall(R, pick_keep(2, f(x, y), _, R), L), writeq(L)",
    "catch(pick(a, f(a), _), error(E, C), true), writeq(E-C)",
    "catch(pick(-1, f(a), _), error(E, C), true), writeq(E-C)",
    "catch(pick(99999999999999999999, f(a), _), error(E, C), true), writeq(E-C)",
    "(pick(0, f(a), X) -> writeq(X) ; write(none))",
    "copy(f(g(a, h(B)), [1, 2 | T], k, B, 1.5, \"s\"), C), writeq(C-B-T)",
    "build(T, g), writeq(T)",
    "build(g(1, 2, 3), F), writeq(F)",
    "build(g(1, 2), F)",
    "catch(build(_, _), error(E, C), true), writeq(E-C)",
    "catch(build(_, g(a)), error(E, C), true), writeq(E-C)",
    "catch(build(_, 1.5), error(E, C), true), writeq(E-C)",
    "build(T, '.'), writeq(T)",
    "name_of(f(a), F), writeq(F)",
    "name_of([a], F), writeq(F)",
    "name_of(abc, F), writeq(F)",
    "name_of(7, F), writeq(F)",
    "catch(name_of(_, F), error(E, C), true), writeq(E-C-F)",
    "arity_of(f(a, b), N), writeq(N)",
    "arity_of(\"ab\", N), writeq(N)",
    "same_shape(f(a, b), U), writeq(U)",
    "same_shape(f(a, b), g(1, 2))",
    "same_shape(f(a, b), f(1, 2))",
    "same_shape(abc, U), writeq(U)",
    "same_shape([a | b], U), writeq(U)",
    "same_shape(T, f(a)), writeq(T)",
    "catch(same_shape(_, _), error(E, C), true), writeq(E-C)",
    "functor(T, big, 300), arg(300, T, z), arg(1, T, A), writeq(A), functor(T, F, N), writeq(F/N)",
    "catch(functor(_, f, 99999999999), error(E, C), true), writeq(E-C)",
    "catch(functor(_, f, -1), error(E, C), true), writeq(E-C)",
    "functor(T, f, 0), writeq(T)",
    "X = 2, arg(X, f(a, b), A), writeq(A)",
    "self_arg(T)",
    "T = f(T0), self_arg(T), writeq(T0)",
    "churn(R), writeq(R)",
];

/// A machine with the fast paths on or off and [`PROGRAM`] loaded.
fn loaded(on: bool) -> Machine {
    capture::loaded(PROGRAM, "term_goals.pl", on)
}

#[test]
fn arg_and_functor_answer_as_with_the_fast_paths_off() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    capture::assert_same(&mut on, &mut off, GOALS);
}

#[test]
fn the_answers_are_the_expected_ones() {
    let mut m = loaded(true);
    let cases: &[(&str, &str)] = &[
        ("second(f(a, b), X), writeq(X)", "got(b)"),
        ("match2(f(a, Y), c), writeq(Y)", "c"),
        ("has3(f(1, 2))", " !false"),
        ("around(f(q, r), R), writeq(R)", "r(q,f,2,[_,_])"),
        (
            "findall(N-X, pick(N, f(a, g(b), c), X), L), writeq(L)",
            "[1-a,3-c]",
        ),
        (
            "findall(R, pick_keep(_, f(x, y), _, R), L), writeq(L)",
            "[k(1,x,f(x,y)),k(2,y,f(x,y))]",
        ),
        (
            "copy(f(g(a, h(B)), [1, 2 | T], k, B, 1.5, \"s\"), C), writeq(C-B-T)",
            "f(g(a,h(_)),[1,2|_],k,_,1.5,\"s\")-_-_",
        ),
        ("build(T, g), writeq(T)", "g(_,_,_)"),
        ("same_shape([a | b], U), writeq(U)", "[_|_]"),
        (
            "catch(build(_, g(a)), error(E, _), true), writeq(E)",
            "type_error(atomic,g(a))",
        ),
        ("churn(R), writeq(R)", "200000-x"),
    ];
    capture::assert_answers(&mut m, cases);
}

/// How many `ArgOf` and `FunctorOf` instructions the code area holds.
fn term_instructions(m: &Machine) -> (usize, usize) {
    let arg = m
        .program
        .code
        .iter()
        .filter(|i| matches!(i, Instr::ArgOf { .. }))
        .count();
    let functor = m
        .program
        .code
        .iter()
        .filter(|i| matches!(i, Instr::FunctorOf { .. }))
        .count();
    (arg, functor)
}

#[test]
fn the_compiler_emits_the_instructions_only_with_the_fast_paths_on() {
    // `a/2`: two of each; `b/2`: an unbound position (known to the clause) still qualifies;
    // `c/1`: a constant name is left to the native; `d/1`: a variable twice in one goal too.
    let program = "a(T, R) :- arg(1, T, X), arg(2, T, X), functor(T, F, N), functor(R, F, N).\n\
                   b(N, T) :- arg(N, T, _).\n\
                   c(T) :- functor(T, foo, 2).\n\
                   d(T) :- arg(1, T, T).\n";
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    let (before_on, before_off) = (term_instructions(&on), term_instructions(&off));
    on.consult_text(program, "calls.pl", None);
    off.consult_text(program, "calls.pl", None);
    let (after_on, after_off) = (term_instructions(&on), term_instructions(&off));
    assert_eq!((after_on.0 - before_on.0, after_on.1 - before_on.1), (3, 2));
    assert_eq!(after_off, before_off);
}
