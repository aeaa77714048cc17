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

/// The standard output of ply running `main` of the case file `file`
/// (`support::run::main_of`), with the fast paths `on` or off (`PLY_FAST_PATHS`); ply must
/// succeed. For the tests that hold a case's output to swipl's golden both ways.
pub(super) fn main_output(file: &str, on: bool) -> String {
    crate::support::run::main_of(&format!("tests/swipl_diff/{file}"), on)
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

/// A case of a cases file after ply ran it: its name, the word for its standard input, and
/// what ply printed, normalised.
pub(super) struct Ran {
    pub name: String,
    pub stdin: String,
    pub out: String,
    pub err: String,
}

impl Ran {
    /// swipl's golden `ext` (`out`, `err`) for this case, normalised as ply's output is.
    pub fn golden(&self, ext: &str) -> String {
        let p = dir().join("golden").join(format!("{}.{ext}", self.name));
        let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        // regen.sh wrote the goldens normalised already (`<dir>`, `<t>`).
        normalise(&text, "<dir>")
    }
}

/// Runs each case of the cases file `cases` (in the cases' directory) with ply, checks its
/// exit status against swipl's and hands it to `compare`, which adds what is wrong to the
/// list; returns the number of cases run and that list.
pub(super) fn run_cases(
    cases: &str,
    mut compare: impl FnMut(&Ran, &mut Vec<String>),
) -> (usize, Vec<String>) {
    let d = dir();
    let dir_text = d.to_string_lossy().to_string();
    let cases = std::fs::read_to_string(d.join(cases)).expect("the cases file");
    let mut wrong = Vec::new();
    let mut n = 0;
    for line in cases.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let name = words.next().expect("a name");
        let stdin = words.next().expect("stdin");
        let args: Vec<&str> = words.collect();
        let (out, err, status) = run_ply(stdin, &args);
        let ran = Ran {
            name: name.to_string(),
            stdin: stdin.to_string(),
            out: normalise(&out, &dir_text),
            err: normalise(&err, &dir_text),
        };
        let want_status: i32 = ran.golden("status").trim().parse().expect("a status");
        if status != want_status {
            wrong.push(format!("{name}: exit status {status}, swipl {want_status}"));
        }
        compare(&ran, &mut wrong);
        n += 1;
    }
    (n, wrong)
}

#[test]
fn ply_prints_and_exits_as_swipl_does() {
    let (n, wrong) = run_cases("cases.txt", |ran, wrong| {
        let mut streams = vec![("stderr", &ran.err, ran.golden("err"))];
        // A case that feeds the interactive toplevel is compared on standard error and status:
        // the toplevel's answers and its end of input are tests/golden_repl's matter.
        if ran.stdin == "-" {
            streams.push(("stdout", &ran.out, ran.golden("out")));
        }
        for (what, got, want) in streams {
            if *got != want {
                wrong.push(format!(
                    "{}: {what} differs\n--- swipl\n{want}--- ply\n{got}---",
                    ran.name
                ));
            }
        }
    });
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
    // SWI-Prolog itself names these of its own internal predicates (bagof/3's and setof/3's
    // walk, forall/2, phrase/3's call), and ply names them as it does.
    let swipl_names = [
        "'$bags':findall_loop/4",
        "'$apply':forall/2",
        "'$dcg':call_dcg/3",
    ];
    let leaks: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("'$") && !swipl_names.iter().any(|n| l.contains(n)))
        .collect();
    assert!(leaks.is_empty(), "{}", leaks.join("\n"));
}
