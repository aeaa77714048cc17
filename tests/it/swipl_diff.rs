//! Differential tests against SWI-Prolog 9: library(plunit)'s output and exit status, and
//! SWI's everyday habits (`style_check/1`, path terms in consult, a failing `-g` goal, the list
//! of undefined procedures of `make/0` and `check/0`).
//!
//! Each line of `tests/swipl_diff/cases.txt` is a command line; its goldens are swipl's
//! standard output, standard error and exit status for it, made by
//! `sh tests/swipl_diff/regen.sh` (never by hand). ply runs the same command line in the same
//! directory and must print the same, up to what must differ: the directory the goldens were
//! made in, timings, and the numbers in the names of fresh variables. A case that feeds the
//! interactive toplevel (`make.`, `check.`) is compared on standard error and exit status.

use std::process::{Command, Stdio};

/// The directory of the cases, absolute.
pub(super) fn dir() -> std::path::PathBuf {
    let d = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/swipl_diff");
    std::fs::canonicalize(d).expect("the cases' directory")
}

/// Run ply with `args` in the cases' directory, stdin from `stdin` (`-` for none).
pub(super) fn run_ply(stdin: &str, args: &[&str]) -> (String, String, i32) {
    let d = dir();
    let input = if stdin == "-" {
        Stdio::null()
    } else {
        Stdio::from(std::fs::File::open(d.join(stdin)).expect("stdin file"))
    };
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .current_dir(&d)
        .stdin(input)
        .output()
        .expect("ply runs");
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
        out.status.code().unwrap_or(-1),
    )
}

/// What may differ between two runs: the directory, `0.012 sec` and `in 0.00 seconds`, and
/// the number of a fresh variable (`_G123`, `_5314`).
pub(super) fn normalise(text: &str, dir: &str) -> String {
    let text = text.replace(dir, "<dir>");
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let word_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '_' && !word_before {
            let mut j = i + 1;
            if j < chars.len() && chars[j] == 'G' {
                j += 1;
            }
            let digits = chars[j..].iter().take_while(|d| d.is_ascii_digit()).count();
            if digits > 0 {
                out.push_str("_V");
                i = j + digits;
                continue;
            }
        }
        if c.is_ascii_digit() && !word_before {
            let int = chars[i..].iter().take_while(|d| d.is_ascii_digit()).count();
            let k = i + int;
            if k < chars.len() && chars[k] == '.' {
                let frac = chars[k + 1..]
                    .iter()
                    .take_while(|d| d.is_ascii_digit())
                    .count();
                let rest: String = chars[k + 1 + frac..].iter().take(8).collect();
                if frac > 0 && (rest.starts_with(" sec") || rest.starts_with(" seconds")) {
                    out.push_str("<t>");
                    i = k + 1 + frac;
                    continue;
                }
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

#[test]
fn ply_prints_and_exits_as_swipl_does() {
    let d = dir();
    let dir_text = d.to_string_lossy().to_string();
    let cases = std::fs::read_to_string(d.join("cases.txt")).expect("cases.txt");
    let mut wrong = Vec::new();
    let mut n = 0;
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let name = words.next().expect("a name");
        let stdin = words.next().expect("stdin");
        let args: Vec<&str> = words.collect();
        let golden = |ext: &str| {
            let p = d.join("golden").join(format!("{name}.{ext}"));
            std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        };
        let (out, err, status) = run_ply(stdin, &args);
        let want_status: i32 = golden("status").trim().parse().expect("a status");
        if status != want_status {
            wrong.push(format!("{name}: exit status {status}, swipl {want_status}"));
        }
        let mut streams = vec![("stderr", err, golden("err"))];
        // A case that feeds the interactive toplevel is compared on standard error and status:
        // the toplevel's answers and its end of input are tests/golden_repl's matter.
        if stdin == "-" {
            streams.push(("stdout", out, golden("out")));
        }
        for (what, got, want) in streams {
            let got = normalise(&got, &dir_text);
            // regen.sh wrote the goldens normalised already (`<dir>`, `<t>`).
            let want = normalise(&want, "<dir>");
            if got != want {
                wrong.push(format!(
                    "{name}: {what} differs\n--- swipl\n{want}--- ply\n{got}---"
                ));
            }
        }
        n += 1;
    }
    assert!(n >= 10, "the cases were read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn normalising_keeps_what_must_agree() {
    let d = "/x/y";
    assert_eq!(
        normalise("/x/y/a.pl:4: -**FAILED 0.003 sec [1-a,2-_G211]", d),
        "<dir>/a.pl:4: -**FAILED <t> sec [1-a,2-_V]"
    );
    // A number that is not a timing, or a name with digits, is left alone.
    assert_eq!(
        normalise("All 12 tests, x_1 2.5 f", d),
        "All 12 tests, x_1 2.5 f"
    );
}

/// No error of a text, atom or list builtin names one of the library's own natives in its
/// context (`'$concat_det'/4` where the program called atom_concat/3): the survey calls each
/// with arguments of wrong types (`context_survey.sh` compares the contexts with swipl's).
#[test]
fn error_contexts_name_no_internal_predicate() {
    let (out, _, status) = run_ply(
        "-",
        &["-q", "-g", "main", "-t", "halt", "context_survey.pl"],
    );
    assert_eq!(status, 0);
    let calls = out.lines().filter(|l| l.contains("=>")).count();
    assert!(calls > 1000, "the survey ran {calls} calls");
    let leaks: Vec<&str> = out.lines().filter(|l| l.contains("'$")).collect();
    assert!(leaks.is_empty(), "{}", leaks.join("\n"));
}
