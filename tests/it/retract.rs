//! `retract/1`: which clause it removes, in which order on backtracking, when it leaves a
//! choicepoint, what it does with clauses asserted or erased while it runs (the logical update
//! view), and its errors, each with the fast paths on and off; and `retractall/1` over a long
//! table, where the clauses it tests are picked by the key or an index on the bound arguments.

use crate::support::capture;
use capture::run;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

const PROGRAM: &str = r#"
:- dynamic c/1.
:- dynamic r/2.
:- dynamic q/0.
det(G, R) :- setup_call_cleanup(true, G, D = det), ( var(D) -> R = nondet ; R = D ).
fill(N) :- retractall(c(_)), forall(between(1, N, I), assertz(c(I))).
:- dynamic e/3.
efill(N) :-
    retractall(e(_, _, _)),
    forall(between(1, N, I), (K is I mod 7, T is I mod 3, assertz(e(I, K, f(T))))).
cnt(N) :- aggregate_all(count, e(_, _, _), N).
"#;

/// Goals and what they print.
const CASES: &[(&str, &str)] = &[
    // By key, from a short list and from a hashed one.
    (
        "fill(5), retract(c(3)), findall(X, c(X), L), writeq(L)",
        "[1,2,4,5]",
    ),
    (
        "fill(50), retract(c(30)), aggregate_all(count, c(_), N), writeq(N)",
        "49",
    ),
    // Every clause in order on backtracking; a failed key leaves the clauses alone.
    (
        "fill(4), findall(X, retract(c(X)), L), findall(Y, c(Y), M), writeq(L/M)",
        "[1,2,3,4]/[]",
    ),
    (
        "fill(3), \\+ retract(c(7)), findall(X, c(X), L), writeq(L)",
        "[1,2,3]",
    ),
    // A choicepoint only while a later clause may match, as SWI-Prolog leaves one.
    (
        "fill(20), det(retract(c(5)), A), det(retract(c(_)), B), det(retract(c(20)), C), \
         fill(2), det(retract(c(_)), D), det(retract(c(_)), E), writeq([A, B, C, D, E])",
        "[det,nondet,det,nondet,det]",
    ),
    // Clauses asserted while a retract runs are not among its candidates.
    (
        "fill(2), (retract(c(X)), Y is X + 10, assertz(c(Y)), fail ; true), \
         findall(Z, c(Z), L), writeq(L)",
        "[11,12]",
    ),
    // A clause retracted by someone else meanwhile is not retracted twice.
    (
        "fill(3), findall(X, (retract(c(X)), (X =:= 1 -> retract(c(2)) ; true)), L), \
         writeq(L)",
        "[1,3]",
    ),
    // Rules, by head and body; facts of compound arguments; an atom.
    (
        "assertz(r(1, a)), assertz((r(2, X) :- X = b)), assertz(r(f(Y), Y)), \
         retract((r(2, V) :- B)), retract(r(f(z), W)), findall(K-U, r(K, U), L), \
         writeq(V/B/W/L)",
        "_/(_=b)/z/[1-a]",
    ),
    (
        "assertz(q), retract(q), (retract(q) -> writeq(twice) ; writeq(once))",
        "once",
    ),
    (
        "fill(3), retract((c(2) :- true)), \\+ retract((c(1) :- fail)), findall(X, c(X), L), \
         writeq(L)",
        "[1,3]",
    ),
    // Errors name retract/1.
    (
        "catch(retract(_), error(E, C), true), writeq(E/C)",
        "instantiation_error/context(system:retract/1,_)",
    ),
    (
        "catch(retract(3), error(E, C), true), writeq(E/C)",
        "type_error(callable,3)/context(system:retract/1,_)",
    ),
    (
        "catch(retract(atom_length(_, _)), error(E, _), true), writeq(E)",
        "permission_error(modify,static_procedure,atom_length/2)",
    ),
];

/// `retractall/1` on a table long enough to be hashed: by a non-first argument, by the first,
/// inside a compound, with a variable shared between arguments, among clauses added in front,
/// while a call runs over the table, and interleaved with asserts that lay the list out again.
/// The answers are swipl's.
const RETRACTALL: &[(&str, &str)] = &[
    (
        "efill(300), retractall(e(_, 3, _)), cnt(N), writeq(N)",
        "257",
    ),
    (
        "efill(300), retractall(e(10, _, _)), retractall(e(_, _, f(1))), cnt(N), \
         findall(I, e(I, 3, f(0)), L), length(L, M), writeq(N/M)",
        "200/15",
    ),
    (
        "efill(300), retractall(e(X, X, _)), findall(I, (e(I, _, _), I < 8), L), writeq(L)",
        "[7]",
    ),
    (
        "efill(300), forall(between(1, 20, I), asserta(e(I, 9, f(9)))), \
         forall((between(1, 300, I), I mod 3 =\\= 0), retractall(e(I, _, _))), cnt(N), \
         aggregate_all(sum(I), e(I, _, _), S), findall(I, e(I, 9, _), L), writeq(N/S/L)",
        "106/15213/[18,15,12,9,6,3]",
    ),
    (
        "efill(300), findall(I, (e(I, 1, _), I < 30, retractall(e(_, 1, _))), L), cnt(N), \
         writeq(L/N)",
        "[1,8,15,22,29]/257",
    ),
    (
        "efill(300), retractall(e(_, _, f(_))), cnt(N), assertz(e(a, b, c)), \
         retractall(e(a, _, d)), cnt(M), writeq(N/M)",
        "0/1",
    ),
    (
        "efill(300), forall(between(1, 150, I), (retractall(e(_, _, f(I))), J is I + 1000, \
         K is J mod 7, assertz(e(J, K, f(I))))), cnt(N), aggregate_all(count, e(_, 2, _), C), \
         writeq(N/C)",
        "250/36",
    ),
    (
        "catch(retractall(atom_length(_, _)), error(E, C), true), writeq(E/C)",
        "permission_error(modify,static_procedure,atom_length/2)/context(system:retractall/1,_)",
    ),
];

#[test]
fn retractall_removes_what_unifies_whichever_arguments_are_bound() {
    for on in [true, false] {
        let mut m = loaded(on);
        for (goal, want) in RETRACTALL {
            let got = blank_variables(run(&mut m, goal).trim());
            assert_eq!(got, *want, "{goal} (fast paths {on})");
        }
    }
}

fn loaded(on: bool) -> Machine {
    let mut m = machine_with_fast_paths(on);
    m.consult_text(PROGRAM, "retract.pl", None);
    m
}

#[test]
fn retract_answers_as_specified_with_the_fast_paths_on_and_off() {
    for on in [true, false] {
        let mut m = loaded(on);
        for (goal, want) in CASES {
            let got = run(&mut m, goal);
            // Variables print with machine-made names: compare with them blanked.
            let got = blank_variables(got.trim());
            assert_eq!(got, *want, "{goal} (fast paths {on})");
        }
    }
}

/// `text` with every variable name `_G123` (or `_123`) written `_`.
fn blank_variables(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let starts = !out.ends_with(|p: char| p.is_ascii_alphanumeric() || p == '_');
        out.push(c);
        if c == '_' && starts {
            while chars.peek().is_some_and(|d| d.is_ascii_alphanumeric()) {
                chars.next();
            }
        }
    }
    out
}

/// A retract of a clause a running call is about to try changes nothing for that call.
#[test]
fn a_running_call_keeps_the_clauses_it_started_with() {
    for on in [true, false] {
        let mut m = loaded(on);
        let got = run(
            &mut m,
            "fill(3), findall(X, (c(X), (retract(c(3)) -> true ; true)), L), findall(Y, c(Y), M), \
             writeq(L/M)",
        );
        assert_eq!(got.trim(), "[1,2,3]/[1,2]", "fast paths {on}");
    }
}
