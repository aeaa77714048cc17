//! Golden tests of the toplevel through piped input (`tests/golden_repl/README.md`). The answers
//! that need no key press are compared with what SWI-Prolog's own toplevel printed for the same
//! input (`swipl_answers`); the key presses, the tracer's ports and listing, whose layout swipl
//! cannot produce piped, are regression guards: ply's own output, checked by eye against swipl
//! when it was made (`sh tests/golden_repl/regen.sh` makes them all).

use crate::support::run;

use std::path::Path;

fn run_case(case: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden_repl");
    let input = std::fs::read_to_string(format!("{}/{}.in", dir, case)).expect("input");
    let expected = std::fs::read_to_string(format!("{}/{}.out", dir, case)).expect("golden");
    let (got, _, _) = run::ply_in(Path::new(dir), &["-q", "program.pl"], &input);
    assert_eq!(got, expected, "toplevel output for {}.in differs", case);
}

#[test]
fn answers_are_swipls() {
    run_case("swipl_answers");
}

/// Regression guard: ply's own output, with the key presses after an answer.
#[test]
fn answers() {
    run_case("answers");
}

/// Regression guard: ply's own output.
#[test]
fn trace_ports() {
    run_case("trace");
}

/// Regression guard: ply's own output.
#[test]
fn listing() {
    run_case("listing");
}

/// At the end of piped input the toplevel ends the line on standard output and, unless `-q`
/// was given, says `% halt` on standard error, as swipl does; an error report is followed by
/// no empty line.
#[test]
fn end_of_input_as_swipl() {
    let (out, err, status) = crate::support::run::ply(&["-f", "none"], "X = 1.\n");
    assert_eq!(
        (out.as_str(), err.as_str(), status),
        ("X = 1.\n\n\n", "% halt\n", 0)
    );
    let (out, err, _) = crate::support::run::ply(&["-q"], "atom_length(_, _).\nX = 2.\n");
    assert_eq!(out, "X = 2.\n\n\n");
    assert!(
        err.starts_with("ERROR:") && !err.contains("% halt"),
        "{err}"
    );
}
