//! Clause bodies that are disjunctions switching on an argument (`compile/switch.rs`,
//! `key_alt.rs`): `tests/swipl_diff/switch_alt.pl` (keys of every kind, values of none,
//! unbound and attributed arguments, cuts in alternatives, if-then-else chains, alternatives
//! that open with something else, the order of solutions) prints swipl's golden
//! (`golden/switch_alt.out`, made by `sh tests/swipl_diff/regen.sh`) with the fast paths on and
//! off; only with them on does such a body compile to `KeyAlt`, and an alternative no later one
//! can match then leaves no choicepoint.

use crate::support::capture;
use crate::swipl_diff::{dir, main_output, normalise};
use capture::run;
use ply::machine::instr::Instr;
use ply::machine::Machine;
use ply::system::machine_with_fast_paths;

/// The standard output of `switch_alt.pl` under ply with the fast paths `on` or off.
fn output(on: bool) -> String {
    let d = dir();
    normalise(&main_output("switch_alt.pl", on), &d.to_string_lossy())
}

#[test]
fn switching_bodies_answer_as_swipl_both_ways() {
    let d = dir();
    let golden = std::fs::read_to_string(d.join("golden/switch_alt.out")).expect("the golden");
    let want = normalise(&golden, &d.to_string_lossy());
    assert!(want.lines().count() > 150, "the golden lists every goal");
    assert_eq!(output(true), want);
    assert_eq!(output(false), want);
}

const PROGRAM: &str = r#"
n(X, R) :- ( X = f(a), R = 1 ; X = g(Y), integer(Y), R = 2 ; X = h, R = 3 ).
s(X, Y) :- ( X = a, Y = 1 ; X = b, Y = 2 ; X = a, Y = 3 ; X = c, Y = 4 ).
w(X, R) :- ( X = a -> R = 1 ; X = [_|_] -> R = 2 ; R = 3 ).
q(X, a) :- ( X = a ; X = b ).
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
    // n/2: two of three alternatives push; s/2: three; w/2: two; q/2's head is no variable.
    assert_eq!(key_alts(&on) - before.0, 7);
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
}
