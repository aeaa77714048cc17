//! Nondeterministic natives called in line (`Instr::CallRedo`): `arg/3` with `N` bound runs
//! with no choicepoint and no dispatch, `arg/3` with `N` unbound and `between/3` enumerate under
//! a choicepoint that saves the calling clause's temporary registers, and `functor/3` beside
//! them. Every goal must answer exactly as with the fast paths off, where each of these calls
//! is a real call: in-range, zero, out-of-range, negative and non-integer positions, unbound
//! and atomic terms, enumeration with backtracking into clauses that keep many temporaries,
//! cuts after an enumeration, calls after it, errors, the library's own nondeterministic
//! natives (`clause/2`, `retract/1`, tabling) and enough garbage that the heap collector runs
//! while those choicepoints are live.

use crate::support::capture;
use ply::machine::instr::Instr;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

/// Clauses that call `arg/3`, `functor/3` and `between/3` in every position.
const PROGRAM: &str = r#"
% Two arguments picked by the same position, then a real call and a recursion (boyer's shape).
copy_args(0, _, _) :- !.
copy_args(N, Old, New) :-
    arg(N, Old, A),
    arg(N, New, B),
    same(A, B),
    N1 is N - 1,
    copy_args(N1, Old, New).
same(X, X).

copy(T, C) :- atomic(T), !, C = T.
copy(T, C) :- functor(T, F, N), functor(C, F, N), copy_args(N, T, C).

% Enumeration in a clause without an environment: the temporaries live in registers.
pick(T, N-X) :- arg(N, T, X).
pick_big(T, X) :- arg(_, T, X), X > 1.
pick_cut(T, R) :- arg(N, T, X), X > 1, !, R = N-X.
pick_after(T, N, X, Y) :- arg(N, T, X), Y = got(X, N).

% Many temporaries across an enumeration, more than eight registers.
wide(A, B, C, D, E, F, G, H, I, J, K, L) :-
    arg(N, f(A, B, C), V),
    W = w(D, E, F, G, H, I, J, K, L, N, V),
    writeq(W), nl, fail.
wide(_, _, _, _, _, _, _, _, _, _, _, _).

% Enumeration with an environment: calls before and after it.
around(T, L) :- length(T0, 2), arg(N, T, X), length(T1, 1), L = [N, X, T0, T1].

% An enumeration whose output only partly matches: the failed bindings must be undone.
partial(T, Want, N) :- arg(N, T, Want).

% Nested enumerations, and an enumeration inside a disjunction.
pairs(T, N-M) :- arg(N, T, X), arg(M, T, Y), X @< Y.
either(T, R) :- ( arg(N, T, x) -> R = found(N) ; R = none ).
either2(T, R) :- ( arg(1, T, R) ; arg(2, T, R) ).

% Bound positions as the last call and before a cut.
last(T, X) :- arg(2, T, X).
first_or(T, X) :- arg(1, T, X), !.
first_or(_, none).

% between/3 in line, with a cut and with temporaries after it.
count(L, H, Xs) :- findall(X, between(L, H, X), Xs).
first_over(L, H, Min, X) :- between(L, H, X), X > Min, !.
squares(H, S) :- between(1, H, X), Y is X * X, S = X-Y.

% Garbage made while an enumeration's choicepoint is live: the heap collector runs with it.
churn(T, R) :-
    findall(N-S, (arg(N, T, X), length(L, 100000), maplist(=(X), L), sum_list(L, S)), R).

% Clauses read by clause/2 and removed by retract/1, whose natives are nondeterministic too.
:- dynamic(fact/2).
fact(1, a).
fact(2, b).
fact(3, c).

:- table(path/2).
edge(1, 2).
edge(2, 3).
edge(3, 1).
path(X, Y) :- edge(X, Y).
path(X, Y) :- path(X, Z), edge(Z, Y).
"#;

/// Goals whose output (and how they end) must not depend on the fast paths.
const GOALS: &[&str] = &[
    // N bound.
    "arg(1, f(a, b), X), writeq(X)",
    "arg(2, f(a, b), X), writeq(X)",
    "arg(2, [h | t], X), writeq(X)",
    "arg(1, f(X0, b), Y), Y = z, writeq(X0)",
    "arg(2, f(a, g(Z)), g(1)), writeq(Z)",
    "arg(1, f(a), b)",
    "arg(0, f(a), _)",
    "arg(3, f(a, b), _)",
    "arg(99999999999999999999999, f(a), _)",
    "catch(arg(-1, f(a), _), error(E, C), true), writeq(E-C)",
    "catch(arg(a, f(a), _), error(E, C), true), writeq(E-C)",
    "catch(arg(1.0, f(a), _), error(E, C), true), writeq(E-C)",
    "catch(arg(1, _, _), error(E, C), true), writeq(E-C)",
    "catch(arg(1, foo, _), error(E, C), true), writeq(E-C)",
    "catch(arg(1, 3, _), error(E, C), true), writeq(E-C)",
    "catch(arg(0, _, _), error(E, _), true), writeq(E)",
    // N unbound.
    "findall(N-X, arg(N, f(a, b, c), X), L), writeq(L)",
    "findall(N, arg(N, f(a, b, a), a), L), writeq(L)",
    "findall(N, arg(N, [a | a], a), L), writeq(L)",
    "findall(N-X, arg(N, g(X, 1, X), 1), L), writeq(L)",
    "findall(N-X-Y, arg(N, f(g(X, 1), g(2, Y)), g(2, 2)), L), writeq(L)",
    "arg(N, f(a, b), b), writeq(N)",
    "(arg(N, f(a, b), c) -> writeq(N) ; write(none))",
    "catch(arg(_, foo, _), error(E, C), true), writeq(E-C)",
    "catch(arg(_, _, _), error(E, C), true), writeq(E-C)",
    "findall(X, arg(_, f, X), L), writeq(L)",
    // In clauses.
    "copy(f(g(a, h(b)), [1, 2], k), C), writeq(C)",
    "findall(P, pick(f(a, b), P), L), writeq(L)",
    "findall(X, pick_big(f(0, 2, 1, 3), X), L), writeq(L)",
    "pick_cut(k(0, 1, 2, 3), R), writeq(R)",
    "(pick_cut(k(0, 1), R) -> writeq(R) ; write(none))",
    "findall(N-Y, pick_after(h(1, 2), N, _, Y), L), writeq(L)",
    "wide(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)",
    "findall(L, around(f(a, b), L), Ls), writeq(Ls)",
    "findall(N, partial(f(g(1), g(X), g(2)), g(2), N), L), writeq(L-X)",
    "findall(P, pairs(f(c, a, b), P), L), writeq(L)",
    "either(f(a, x, x), R), writeq(R)",
    "either(f(a), R), writeq(R)",
    "findall(R, either2(f(1, 2), R), L), writeq(L)",
    "last(f(a, b), X), writeq(X)",
    "(last(f(a), X) -> writeq(X) ; write(none))",
    "first_or(f(a), X), writeq(X)",
    "first_or(foo(b, c), X), writeq(X)",
    "catch(first_or(_, X), error(E, _), true), writeq(E-X)",
    // functor/3 both ways.
    "functor(f(a, b), N, A), writeq(N/A)",
    "functor([a], N, A), writeq(N/A)",
    "functor(abc, N, A), writeq(N/A)",
    "functor(1.5, N, A), writeq(N/A)",
    "functor(T, g, 3), writeq(T)",
    "functor(T, '.', 2), writeq(T)",
    "functor(T, abc, 0), writeq(T)",
    "functor(T, 7, 0), writeq(T)",
    "functor(f(a), f, 1)",
    "functor(f(a), g, 1)",
    "functor(f(a), f, 2)",
    "catch(functor(_, _, 1), error(E, C), true), writeq(E-C)",
    "catch(functor(_, f, _), error(E, C), true), writeq(E-C)",
    "catch(functor(_, f, a), error(E, C), true), writeq(E-C)",
    "catch(functor(_, f, -1), error(E, C), true), writeq(E-C)",
    "catch(functor(_, f(a), 1), error(E, C), true), writeq(E-C)",
    "catch(functor(_, 1.5, 1), error(E, C), true), writeq(E-C)",
    "T =.. [f, a, b], writeq(T)",
    "f(a, b) =.. L, writeq(L)",
    // between/3 in line.
    "count(1, 5, L), writeq(L)",
    "count(3, 2, L), writeq(L)",
    "first_over(1, 10, 4, X), writeq(X)",
    "findall(S, squares(4, S), L), writeq(L)",
    "between(1, 3, 2)",
    "catch(between(1, a, _), error(E, C), true), writeq(E-C)",
    // The heap collector while enumerations are live.
    "churn(f(1, 2, 3), R), writeq(R)",
    // The library's nondeterministic natives.
    "findall(X-Y, clause(fact(X, Y), true), L), writeq(L)",
    "retract(fact(2, Y)), findall(X, fact(X, _), L), writeq(Y-L)",
    "findall(Y, path(1, Y), L), msort(L, S), writeq(S)",
];

/// A machine with the fast paths on or off and [`PROGRAM`] loaded.
fn loaded(on: bool) -> Machine {
    capture::loaded(PROGRAM, "arg_functor_fast.pl", on)
}

#[test]
fn arg_functor_and_between_answer_as_with_the_fast_paths_off() {
    let mut on = loaded(true);
    let mut off = loaded(false);
    capture::assert_same(&mut on, &mut off, GOALS);
}

#[test]
fn the_answers_are_the_expected_ones() {
    let mut m = loaded(true);
    let cases: &[(&str, &str)] = &[
        ("arg(2, f(a, b), X), writeq(X)", "b"),
        ("arg(0, f(a), _)", " !false"),
        ("arg(3, f(a, b), _)", " !false"),
        (
            "catch(arg(-1, f(a), _), error(E, C), true), writeq(E-C)",
            "domain_error(not_less_than_zero,-1)-context(system:arg/3,_)",
        ),
        (
            "catch(arg(a, f(a), _), error(E, _), true), writeq(E)",
            "type_error(integer,a)",
        ),
        (
            "catch(arg(1, _, _), error(E, _), true), writeq(E)",
            "instantiation_error",
        ),
        (
            "catch(arg(_, foo, _), error(E, _), true), writeq(E)",
            "type_error(compound,foo)",
        ),
        (
            "findall(N-X, arg(N, f(a, b, c), X), L), writeq(L)",
            "[1-a,2-b,3-c]",
        ),
        ("findall(N, arg(N, f(a, b, a), a), L), writeq(L)", "[1,3]"),
        (
            "copy(f(g(a, h(b)), [1, 2], k), C), writeq(C)",
            "f(g(a,h(b)),[1,2],k)",
        ),
        ("pick_cut(k(0, 1, 2, 3), R), writeq(R)", "3-2"),
        (
            "findall(N-Y, pick_after(h(1, 2), N, _, Y), L), writeq(L)",
            "[1-got(1,1),2-got(2,2)]",
        ),
        (
            "wide(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)",
            "w(4,5,6,7,8,9,10,11,12,1,1)\nw(4,5,6,7,8,9,10,11,12,2,2)\n\
             w(4,5,6,7,8,9,10,11,12,3,3)\n",
        ),
        (
            "findall(N, partial(f(g(1), g(X), g(2)), g(2), N), L), writeq(L-X)",
            "[2,3]-_",
        ),
        (
            "findall(P, pairs(f(c, a, b), P), L), writeq(L)",
            "[2-1,2-3,3-1]",
        ),
        ("functor(T, g, 3), writeq(T)", "g(_,_,_)"),
        ("first_over(1, 10, 4, X), writeq(X)", "5"),
        (
            "findall(S, squares(4, S), L), writeq(L)",
            "[1-1,2-4,3-9,4-16]",
        ),
        (
            "churn(f(1, 2, 3), R), writeq(R)",
            "[1-100000,2-200000,3-300000]",
        ),
    ];
    capture::assert_answers(&mut m, cases);
}

/// How many in-line calls of nondeterministic natives the code area holds: `CallRedo`, and
/// `ArgOf`, which is `arg/3` compiled to an instruction that falls back to `CallRedo`.
fn in_line_calls(m: &Machine) -> usize {
    m.program
        .code
        .iter()
        .filter(|i| matches!(i, Instr::CallRedo(..) | Instr::ArgOf { .. }))
        .count()
}

#[test]
fn the_compiler_calls_nondeterministic_natives_in_line_only_with_the_fast_paths_on() {
    let program = "a(T, X) :- arg(1, T, X), arg(2, T, X).\n\
                   b(T, L) :- arg(N, T, X), L = [N, X].\n\
                   c(X) :- between(1, 3, X).\n";
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    let (before_on, before_off) = (in_line_calls(&on), in_line_calls(&off));
    on.consult_text(program, "calls.pl", None);
    off.consult_text(program, "calls.pl", None);
    assert_eq!(in_line_calls(&on) - before_on, 4);
    assert_eq!(in_line_calls(&off) - before_off, 0);
}
