//! Golden tests of the toplevel through piped input: answers as SWI-Prolog prints them, the
//! tracer's ports, and listing. The expected files were produced by running ply
//! (`sh tests/golden_repl/regen.sh`) and checked by eye against swipl given the same queries.

use std::io::Write;
use std::process::{Command, Stdio};

fn run_case(case: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden_repl");
    let input = std::fs::read_to_string(format!("{}/{}.in", dir, case)).expect("input");
    let expected = std::fs::read_to_string(format!("{}/{}.out", dir, case)).expect("golden");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["-q", "program.pl"])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ply");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write input");
    let out = child.wait_with_output().expect("ply output");
    let got = String::from_utf8_lossy(&out.stdout);
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
