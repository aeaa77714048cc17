//! Exit statuses for every way loading a program can go wrong, as SWI-Prolog 9 gives them.
//!
//! Each case names a command line over the files in `tests/exit_status/` and the status
//! `swipl` exits with for the same command line (checked by `tests/exit_status/swipl.sh`, which
//! needs swipl and is not part of `cargo test`). ply must exit with the same status.

use std::process::{Command, Stdio};

/// Command-line arguments and the status swipl gives for them.
const CASES: &[(&[&str], i32)] = &[
    (&["-q", "-t", "halt", "nosuch.pl"], 1),
    (&["-q", "-g", "halt", "nosuch.pl"], 1),
    (&["-q", "-g", "true", "-t", "halt", "nosuch.pl"], 1),
    (&["-q", "nosuch.pl"], 1),
    (&["-q", "-t", "halt", "syn.pl"], 0),
    (&["-q", "-t", "halt", "undefdir.pl"], 0),
    (&["-q", "-t", "halt", "faildir.pl"], 0),
    (&["-q", "-t", "halt", "errdir.pl"], 0),
    (&["-q", "-t", "halt", "warn.pl"], 0),
    (&["-q", "-t", "halt", "ok.pl"], 0),
    (&["-q", "-g", "consult(nosuch)", "-t", "halt"], 2),
    (&["-q", "-g", "fail", "-t", "halt", "ok.pl"], 1),
    (&["-q", "mainfail.pl"], 1),
    (&["-q", "mainerr.pl"], 2),
    (&["-q", "halt3.pl"], 3),
    (&["-q", "mainhalt.pl"], 4),
];

#[test]
fn exit_statuses_are_swipls() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/exit_status");
    let mut wrong = Vec::new();
    for (args, want) in CASES {
        let status = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(*args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("ply runs");
        if status.code() != Some(*want) {
            wrong.push(format!("{args:?}: ply {:?}, swipl {want}", status.code()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_case_list_matches_the_swipl_script() {
    // The script checks the same table against swipl; the two lists must not drift apart.
    let script = include_str!("../exit_status/swipl.sh");
    for (args, want) in CASES {
        let quoted: Vec<String> = args
            .iter()
            .map(|a| {
                if a.contains('(') {
                    format!("'{a}'")
                } else {
                    a.to_string()
                }
            })
            .collect();
        let line = format!("check {want} {}", quoted.join(" "));
        assert!(script.contains(&line), "swipl.sh lacks `{line}`");
    }
}
