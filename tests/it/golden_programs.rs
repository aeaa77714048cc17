//! The textbook programs against golden output produced by SWI-Prolog 9.
//!
//! Each case of `tests/golden/commands.txt` runs `ply -q -g GOAL -t halt FILE...` from the
//! repository root; its standard output and exit status must equal the files SWI-Prolog wrote
//! (`tests/golden/regen.sh` regenerates them with swipl). Standard error is checked separately
//! for ply's own diagnostics, since its wording is ply's, not SWI's.

use std::path::Path;
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run_case(goal: &str, files: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(root())
        .arg("-q")
        .arg("-g")
        .arg(goal)
        .arg("-t")
        .arg("halt")
        .args(files)
        .stdin(Stdio::null())
        .output()
        .expect("run ply");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn every_golden_case_matches_swipl() {
    let commands = std::fs::read_to_string(root().join("tests/golden/commands.txt")).unwrap();
    let mut failures = Vec::new();
    let mut cases = 0;
    for line in commands.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (name, goal, files) = (words[0], words[1], &words[2..]);
        cases += 1;
        let (stdout, stderr, code) = run_case(goal, files);
        let dir = root().join("tests/golden");
        let want_out = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
        let want_code: i32 = std::fs::read_to_string(dir.join(format!("{name}.exit")))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        if stdout != want_out || code != want_code {
            failures.push(format!(
                "{name}: exit {code} (want {want_code})\n--- got\n{stdout}--- want\n{want_out}--- stderr\n{stderr}"
            ));
        }
    }
    assert!(cases >= 6, "commands.txt lists the golden cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The verbatim figure 15.3 warns about `Оц` in each branch of the first выбор/6 clause, with
/// the line and column of each occurrence and the suggestion `Оц0`, and reports the singletons
/// of the second выбор/6 clause as SWI-Prolog does (textbook README, tests/golden/*.err.swipl).
#[test]
fn verbatim_program_warns_like_swipl_and_better() {
    let (_, stderr, _) = run_case(
        "true",
        &["programs/textbook/bratko_15_3_minimax_verbatim.pl"],
    );
    assert!(
        stderr.contains("Singleton variable in branch: Оц"),
        "{stderr}"
    );
    // Both occurrences are pointed at: line 22 and line 23 of the file.
    assert!(
        stderr.contains("bratko_15_3_minimax_verbatim.pl:22:"),
        "{stderr}"
    );
    assert!(stderr.contains("23 │"), "{stderr}");
    assert!(stderr.contains("`Оц0`"), "{stderr}");
    assert!(
        stderr.contains("Singleton variables: [Поз0,Оц0]"),
        "{stderr}"
    );
    assert!(stderr.contains("Singleton variables: [Поз1]"), "{stderr}");
}

/// The verbatim program raises an instantiation error at the comparison with the unbound `Оц`,
/// reported with the goal and the chain of textbook predicates that led there.
#[test]
fn verbatim_program_reports_the_culprit_comparison() {
    let (_, stderr, code) = run_case(
        "показать_ход",
        &[
            "programs/textbook/bratko_15_3_minimax_verbatim.pl",
            "programs/games/tictactoe_pure.pl",
            "programs/games/tictactoe_run.pl",
        ],
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("Arguments are not sufficiently instantiated"),
        "{stderr}"
    );
    // The goal is written with the clause's own variable name, and its place is shown.
    assert!(stderr.contains("In goal: Оц<1"), "{stderr}");
    assert!(
        stderr.contains("bratko_15_3_minimax_verbatim.pl:23:35]"),
        "{stderr}"
    );
    assert!(
        stderr.contains("выбор/6 at ./programs/textbook/bratko_15_3_minimax_verbatim.pl:23:35"),
        "{stderr}"
    );
    assert!(stderr.contains("выбор/6"), "{stderr}");
    assert!(stderr.contains("лучш/3"), "{stderr}");
}
