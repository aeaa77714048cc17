//! Disjunctions switching on a variable (`compile/switch.rs`, `key_alt.rs`), as a clause's
//! whole body or inside one: `tests/swipl_diff/switch_alt.pl` (keys of every kind, values of
//! none, unbound and attributed arguments, cuts in alternatives, if-then-else chains,
//! alternatives that open with something else, the order of solutions) and
//! `tests/swipl_diff/switch_body.pl` (chains after other goals, on temporary and permanent
//! variables and parts of a head compound, soft-cuts, negations, `Key = X`, exceptions) print
//! swipl's goldens (`golden/switch_alt.out`, `golden/switch_body.out`, made by
//! `sh tests/swipl_diff/regen.sh`) with the fast paths on and off; only with them on does such
//! a chain compile to `KeyAlt`, and an alternative no later one can match then leaves no
//! choicepoint.

use crate::support::capture;
use crate::swipl_diff::{dir, main_output, normalise};
use capture::run;
use ply::machine::instr::Instr;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

/// The standard output of case `name` under ply with the fast paths `on` or off.
fn output(name: &str, on: bool) -> String {
    let d = dir();
    normalise(
        &main_output(&format!("{name}.pl"), on),
        &d.to_string_lossy(),
    )
}

/// Case `name` prints its golden, of more than `lines` lines, both ways.
fn answers_as_swipl(name: &str, lines: usize) {
    let d = dir();
    let golden = std::fs::read_to_string(d.join(format!("golden/{name}.out"))).expect("the golden");
    let want = normalise(&golden, &d.to_string_lossy());
    assert!(want.lines().count() > lines, "the golden lists every goal");
    assert_eq!(output(name, true), want);
    assert_eq!(output(name, false), want);
}

#[test]
fn switching_bodies_answer_as_swipl_both_ways() {
    answers_as_swipl("switch_alt", 150);
}

#[test]
fn switching_chains_inside_bodies_answer_as_swipl_both_ways() {
    answers_as_swipl("switch_body", 150);
}

const PROGRAM: &str = r#"
n(X, R) :- ( X = f(a), R = 1 ; X = g(Y), integer(Y), R = 2 ; X = h, R = 3 ).
s(X, Y) :- ( X = a, Y = 1 ; X = b, Y = 2 ; X = a, Y = 3 ; X = c, Y = 4 ).
w(X, R) :- ( X = a -> R = 1 ; X = [_|_] -> R = 2 ; R = 3 ).
q(X, a) :- ( X = a ; X = b ).
dir(1, '->').
dir(2, '<-').
dir(3, up).
step(N, R) :- dir(N, D), ( D = '->' -> R = 1 ; '<-' = D -> R = 2 ; R = 3 ).
or(N, R) :- dir(N, D), ( D = '->', R = 1 ; D = '<-', R = 2 ; D = up, R = 3 ).
pair(t(L), R) :- ( L = [] -> R = nil ; L = [_|_] -> R = pair ; R = other ).
fresh(R) :- true, ( X = a, R = X ; X = b, R = X ).
"#;

/// How many `KeyAlt` steps the code holds.
fn key_alts(m: &Machine) -> usize {
    m.program
        .code
        .iter()
        .filter(|i| matches!(i, Instr::KeyAlt { .. }))
        .count()
}

#[test]
fn switching_alternatives_compile_to_key_alt_only_with_the_fast_paths_on() {
    let mut on = machine_with_fast_paths(true);
    let mut off = machine_with_fast_paths(false);
    let before = (key_alts(&on), key_alts(&off));
    on.consult_text(PROGRAM, "switch.pl", None);
    off.consult_text(PROGRAM, "switch.pl", None);
    // n/2: two of three alternatives push; s/2: three; w/2: two; q/2, whose head is no
    // variable, one in line after its head. Inside bodies: step/2, or/2 and pair/2 two each;
    // fresh/1's variable is first met in the disjunction.
    assert_eq!(key_alts(&on) - before.0, 14);
    assert_eq!(key_alts(&off) - before.1, 0);
}

#[test]
fn an_alternative_no_later_one_can_match_leaves_no_choicepoint() {
    let mut m = capture::loaded(PROGRAM, "switch.pl", true);
    let det = |m: &mut Machine, goal: &str| {
        run(
            m,
            &format!(
                "setup_call_cleanup(true, {goal}, D = det), (D == det -> write(det) ; write(open))"
            ),
        )
    };
    // f(a) matches the first alternative only; g(1) the second, whose test may still fail.
    assert_eq!(det(&mut m, "n(f(a), _)"), "det");
    assert_eq!(det(&mut m, "n(g(1), _)"), "det");
    // `a` matches the first and the third alternatives of s/2.
    assert_eq!(det(&mut m, "s(a, _)"), "open");
    assert_eq!(det(&mut m, "s(b, _)"), "det");
    assert_eq!(run(&mut m, "findall(R, n(g(z), R), L), writeq(L)"), "[]");
    assert_eq!(run(&mut m, "findall(Y, s(a, Y), L), writeq(L)"), "[1,3]");
    // Inside a body: a condition that is the switch alone commits; a disjunction whose later
    // alternatives switch on other keys runs its match alone.
    for n in 1..=3 {
        assert_eq!(det(&mut m, &format!("step({n}, _)")), "det");
        assert_eq!(det(&mut m, &format!("or({n}, _)")), "det");
    }
    assert_eq!(det(&mut m, "pair(t([]), _)"), "det");
    assert_eq!(det(&mut m, "pair(t([a]), _)"), "det");
    assert_eq!(det(&mut m, "fresh(_)"), "open");
    assert_eq!(
        run(&mut m, "findall(N-R, or(N, R), L), writeq(L)"),
        "[1-1,2-2,3-3]"
    );
}
