//! Short clause lists whose every narrowing column holds one key beside variables, such as
//! `rule3([i, i, i | X], [u | X])` against `rule3([H | X], [H | Y])` (the head and the tail
//! of the first argument): with the fast paths on, a call is narrowed by those columns
//! without the remembered answers (`ClauseList::narrow_by_single_keys`); with them off,
//! every call tries its first-argument candidates in order. The answers, all of them in
//! order, must be the same: columns bound to the one key, to another key, left unbound or
//! bound to an attributed variable, first arguments that have no such argument, and a
//! dynamic predicate changed between calls.

use crate::support::capture::{assert_answers, assert_same, loaded};

/// Predicates whose narrowing columns each hold a single key, and one that mixes such a
/// column with a column of several keys (narrowed by the remembered answers instead).
const PROGRAM: &str = r#"
rule1([i], [i, u]).
rule1([H|X], [H|Y]) :- rule1(X, Y).

rule3([i, i, i|X], [u|X]).
rule3([H|X], [H|Y]) :- rule3(X, Y).

rule4([u, u|X], X).
rule4([H|X], [H|Y]) :- rule4(X, Y).

s3(f(a, b, c), 1).
s3(f(_, b, _), 2).
s3(f(a, _, c), 3).
s3(f(_, _, _), 4).
s3(g, 5).

mixed(f(a, x), 1).
mixed(f(_, y), 2).
mixed(f(a, _), 3).
mixed(f(_, _), 4).

:- dynamic dyn/2.
dyn(p(a, _), 1).
dyn(p(_, b), 2).
"#;

/// Goals whose printed answers are compared, fast paths on and off.
const GOALS: &[&str] = &[
    "findall(Y, rule1([m, i, u, i], Y), L), writeq(L)",
    "findall(Y, rule1([i], Y), L), writeq(L)",
    "findall(X-Y, rule1([i|X], Y), L), writeq(L)",
    "findall(Y, rule3([m, i, i, i, u, i, i, i], Y), L), writeq(L)",
    "findall(Y, rule3([u, i, i], Y), L), writeq(L)",
    "findall(Y, rule4([m, u, u, i, u, u], Y), L), writeq(L)",
    "findall(X, rule4(X, [a]), L), writeq(L)",
    "findall(Y, rule4([u|T], Y), L), writeq(T-L)",
    "findall(N, s3(f(a, b, c), N), L), writeq(L)",
    "findall(N, s3(f(z, b, c), N), L), writeq(L)",
    "findall(N, s3(f(a, z, c), N), L), writeq(L)",
    "findall(N, s3(f(z, z, z), N), L), writeq(L)",
    "findall(N, s3(f(_, z, _), N), L), writeq(L)",
    "findall(N-A, s3(f(A, b, q), N), L), writeq(L)",
    "findall(N, s3(f(1, 2.5, \"c\"), N), L), writeq(L)",
    "findall(N, s3(f(g(a), b, [c]), N), L), writeq(L)",
    "findall(N, s3(g, N), L), writeq(L)",
    "findall(N, s3(_, N), L), writeq(L)",
    "findall(N, (freeze(A, true), s3(f(A, z, c), N)), L), writeq(L)",
    "findall(N-A, (freeze(A, A == a), s3(f(A, b, c), N)), L), writeq(L)",
    "findall(N, mixed(f(a, x), N), L), writeq(L)",
    "findall(N, mixed(f(b, y), N), L), writeq(L)",
    "findall(N, mixed(f(b, z), N), L), writeq(L)",
    "findall(N, dyn(p(z, z), N), L0), assertz(dyn(p(_, _), 3)), findall(N, dyn(p(z, z), N), L1), \
     retract(dyn(p(_, b), 2)), findall(N, dyn(p(z, b), N), L2), writeq([L0, L1, L2])",
];

#[test]
fn single_key_columns_answer_as_with_the_fast_paths_off() {
    let mut on = loaded(PROGRAM, "single_key_columns.pl", true);
    let mut off = loaded(PROGRAM, "single_key_columns.pl", false);
    assert_same(&mut on, &mut off, GOALS);
}

/// The answers SWI-Prolog 9 prints for the same goals (`swipl -q -g "GOAL, nl" -t halt` over
/// [`PROGRAM`]).
#[test]
fn single_key_columns_keep_only_the_clauses_a_call_can_match() {
    let mut m = loaded(PROGRAM, "single_key_columns.pl", true);
    assert_answers(
        &mut m,
        &[
            ("findall(N, s3(f(a, b, c), N), L), writeq(L)", "[1,2,3,4]"),
            ("findall(N, s3(f(z, b, c), N), L), writeq(L)", "[2,4]"),
            ("findall(N, s3(f(z, z, z), N), L), writeq(L)", "[4]"),
            (
                "findall(Y, rule3([u, i, i, i], Y), L), writeq(L)",
                "[[u,u]]",
            ),
            ("findall(Y, rule4([m, u, u], Y), L), writeq(L)", "[[m]]"),
        ],
    );
}
