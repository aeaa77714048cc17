//! Unification of two compounds of one functor by a loop over their argument pairs
//! (`unify/compound_pair.rs`), a fast path beside the walk of `unify.rs`: variables on either
//! side and on both, atomic values equal and different, bindings older than a choicepoint
//! undone on backtracking, a pair that needs the walk met first, in the middle and last
//! (compounds, lists, floats, big integers, strings), cyclic compounds, attributed variables,
//! and the puzzle the loop is made for. Every answer must be the same with the fast paths off
//! and the same as SWI-Prolog's.

use crate::support::capture::{assert_answers, assert_same, loaded};

/// A small puzzle in the style of the suite's zebra: houses as compounds of five arguments,
/// matched against each other by `member/2`'s head.
const PROGRAM: &str = r#"
houses([house(_, norwegian, _, _, _), _, house(_, _, _, milk, _)]).

mem(X, [X|_]).
mem(X, [_|T]) :- mem(X, T).

right_of(A, B, [B, A|_]).
right_of(A, B, [_|Y]) :- right_of(A, B, Y).

solve(Hs) :-
    houses(Hs),
    mem(house(red, english, _, _, _), Hs),
    mem(house(green, _, _, coffee, _), Hs),
    right_of(house(green, _, _, _, _), house(ivory, _, _, _, _), Hs),
    mem(house(_, spanish, dog, _, _), Hs),
    mem(house(_, _, _, _, zebra), Hs).

pair(f(a, X, Y), X, Y).
twice(g(X, X)).
"#;

/// Goals whose printed answers are compared, fast paths on and off.
const GOALS: &[&str] = &[
    "findall(Hs, solve(Hs), L), length(L, N), writeq(N)",
    "(solve(Hs) -> writeq(Hs) ; write(none))",
    "f(A, b, C) = f(a, B, c), writeq([A, B, C])",
    "f(A, B) = f(B, A), writeq(A-B), (A == B -> write(same) ; write(different))",
    "X = f(A, B, A), Y = f(C, C, d), X = Y, writeq(X-Y)",
    "(f(a, b, c) = f(a, b, d) -> write(yes) ; write(no))",
    "(f(a, b) = g(a, b) -> write(yes) ; write(no))",
    "(f(a, b) = f(a, b, c) -> write(yes) ; write(no))",
    "(f(A, B, x) = f(1, 2, y) -> write(yes) ; writeq(no(A, B)))",
    "(f(A, B) = f(1, 2), fail ; writeq(A-B))",
    "findall(A-B, (member(P, [f(1, B), f(A, 2), f(3, 3)]), P = f(A, B)), L), writeq(L)",
    "f(g(X), Y, [Z]) = f(g(1), 2, [3]), writeq([X, Y, Z])",
    "f(A, g(B), C) = f(1, g(2), 3), writeq([A, B, C])",
    "f(A, B, h(C)) = f(1, 2, h(3)), writeq([A, B, C])",
    "(f(a, g(b), c) = f(a, g(x), c) -> write(yes) ; write(no))",
    "(f(a, g(b), c) = f(a, g(b), d) -> write(yes) ; write(no))",
    "f(A, 1.5, B) = f(x, 1.5, y), writeq(A-B)",
    "(f(1.5) = f(2.5) -> write(yes) ; write(no))",
    "X is 10^30, Y is 10^30, f(X, A) = f(Y, b), writeq(A)",
    "(f(\"abc\", A) = f(\"abd\", b) -> write(yes) ; write(no))",
    "f(\"abc\", A) = f(\"abc\", b), writeq(A)",
    "(f(1) = f(1.0) -> write(yes) ; write(no))",
    "(f(a) = f(\"a\") -> write(yes) ; write(no))",
    "X = f(X, a), Y = f(Y, a), (X = Y -> write(yes) ; write(no))",
    "X = f(X, a), Y = f(Y, b), (X = Y -> write(yes) ; write(no))",
    "X = f(a, X), Y = f(A, Y), X = Y, writeq(A)",
    "freeze(A, (write(woke(A)), nl)), f(A, b) = f(1, B), writeq(B)",
    "dif(A, 1), (f(A, b) = f(1, b) -> write(yes) ; write(no))",
    "freeze(A, A > 0), (f(A, x) = f(-1, x) -> write(yes) ; write(no))",
    "pair(f(a, 1, 2), X, Y), writeq(X-Y)",
    "(pair(f(b, 1, 2), X, Y) -> writeq(X-Y) ; write(no))",
    "twice(g(A, b)), writeq(A)",
    "(twice(g(a, b)) -> write(yes) ; write(no))",
    "T = f(_, _, _, _, _, _, _, _, _, _), T = f(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), writeq(T)",
    "f() = f(), write(yes)",
    "(f(A) = f(A) -> writeq(yes) ; write(no))",
];

#[test]
fn compound_pairs_answer_as_with_the_fast_paths_off() {
    let mut on = loaded(PROGRAM, "compound_pairs.pl", true);
    let mut off = loaded(PROGRAM, "compound_pairs.pl", false);
    assert_same(&mut on, &mut off, GOALS);
}

/// The answers SWI-Prolog 9 prints for the same goals (`swipl -q -g "GOAL, nl" -t halt` over
/// [`PROGRAM`]).
#[test]
fn compound_pairs_answer_as_swi_prolog() {
    let mut m = loaded(PROGRAM, "compound_pairs.pl", true);
    assert_answers(&mut m, SWIPL_ANSWERS);
}

/// Goals and what `swipl` prints for them, each checked by running it.
const SWIPL_ANSWERS: &[(&str, &str)] = &[
    (
        "findall(Hs, solve(Hs), L), length(L, N), writeq(N)",
        "3",
    ),
    (
        "(solve(Hs) -> writeq(Hs) ; write(none))",
        "[house(ivory,norwegian,_,_,zebra),house(green,spanish,dog,coffee,_),house(red,english,_,milk,_)]",
    ),
    (
        "f(A, b, C) = f(a, B, c), writeq([A, B, C])",
        "[a,b,c]",
    ),
    (
        "f(A, B) = f(B, A), writeq(A-B), (A == B -> write(same) ; write(different))",
        "_-_same",
    ),
    (
        "X = f(A, B, A), Y = f(C, C, d), X = Y, writeq(X-Y)",
        "f(d,d,d)-f(d,d,d)",
    ),
    (
        "(f(a, b, c) = f(a, b, d) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "(f(a, b) = g(a, b) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "(f(a, b) = f(a, b, c) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "(f(A, B, x) = f(1, 2, y) -> write(yes) ; writeq(no(A, B)))",
        "no(_,_)",
    ),
    (
        "(f(A, B) = f(1, 2), fail ; writeq(A-B))",
        "_-_",
    ),
    (
        "findall(A-B, (member(P, [f(1, B), f(A, 2), f(3, 3)]), P = f(A, B)), L), writeq(L)",
        "[1-_,_-2,3-3]",
    ),
    (
        "f(g(X), Y, [Z]) = f(g(1), 2, [3]), writeq([X, Y, Z])",
        "[1,2,3]",
    ),
    (
        "f(A, g(B), C) = f(1, g(2), 3), writeq([A, B, C])",
        "[1,2,3]",
    ),
    (
        "f(A, B, h(C)) = f(1, 2, h(3)), writeq([A, B, C])",
        "[1,2,3]",
    ),
    (
        "(f(a, g(b), c) = f(a, g(x), c) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "(f(a, g(b), c) = f(a, g(b), d) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "f(A, 1.5, B) = f(x, 1.5, y), writeq(A-B)",
        "x-y",
    ),
    (
        "(f(1.5) = f(2.5) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "X is 10^30, Y is 10^30, f(X, A) = f(Y, b), writeq(A)",
        "b",
    ),
    (
        "(f(\"abc\", A) = f(\"abd\", b) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "f(\"abc\", A) = f(\"abc\", b), writeq(A)",
        "b",
    ),
    (
        "(f(1) = f(1.0) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "(f(a) = f(\"a\") -> write(yes) ; write(no))",
        "no",
    ),
    (
        "X = f(X, a), Y = f(Y, a), (X = Y -> write(yes) ; write(no))",
        "yes",
    ),
    (
        "X = f(X, a), Y = f(Y, b), (X = Y -> write(yes) ; write(no))",
        "no",
    ),
    (
        "X = f(a, X), Y = f(A, Y), X = Y, writeq(A)",
        "a",
    ),
    (
        "freeze(A, (write(woke(A)), nl)), f(A, b) = f(1, B), writeq(B)",
        "woke(1)\nb",
    ),
    (
        "dif(A, 1), (f(A, b) = f(1, b) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "freeze(A, A > 0), (f(A, x) = f(-1, x) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "pair(f(a, 1, 2), X, Y), writeq(X-Y)",
        "1-2",
    ),
    (
        "(pair(f(b, 1, 2), X, Y) -> writeq(X-Y) ; write(no))",
        "no",
    ),
    (
        "twice(g(A, b)), writeq(A)",
        "b",
    ),
    (
        "(twice(g(a, b)) -> write(yes) ; write(no))",
        "no",
    ),
    (
        "T = f(_, _, _, _, _, _, _, _, _, _), T = f(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), writeq(T)",
        "f(1,2,3,4,5,6,7,8,9,10)",
    ),
    (
        "f() = f(), write(yes)",
        "yes",
    ),
    (
        "(f(A) = f(A) -> writeq(yes) ; write(no))",
        "yes",
    ),
];
