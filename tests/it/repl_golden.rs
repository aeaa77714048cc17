//! Golden tests of the toplevel through piped input: answers as SWI-Prolog prints them, the
//! tracer's ports, and listing. The expected files were produced by running ply
//! (`sh tests/golden_repl/regen.sh`) and checked by eye against swipl given the same queries.

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
fn answers() {
    run_case("answers");
}

#[test]
fn trace_ports() {
    run_case("trace");
}

#[test]
fn listing() {
    run_case("listing");
}
