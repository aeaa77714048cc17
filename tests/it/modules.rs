//! Modules against SWI-Prolog 9: each line of `tests/modules/cases.txt` names a program of
//! `tests/modules/` and a goal; the goldens are swipl's standard output, standard error and
//! exit status for `-q -g Goal -t halt File`, made by `sh tests/modules/regen.sh` (never by
//! hand). ply runs the same command line in the same directory and must print the same
//! standard output and exit with the same status; a case marked `all` compares standard
//! error too (SWI-Prolog's words for a refused import); a case marked `hints` compares, of
//! standard error, the "Unknown procedure" lines and the "However, there are definitions for:"
//! lines under them (`hints`). The directory is written `<dir>`.

use std::path::PathBuf;
use std::process::Command;

/// The directory of the cases, absolute.
fn dir() -> PathBuf {
    let d = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/modules");
    std::fs::canonicalize(d).expect("the cases' directory")
}

/// ply's standard output, standard error (the directory written `<dir>`) and exit status.
fn run_ply(file: &str, goal: &str) -> (String, String, String) {
    let d = dir();
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["-q", "-g", goal, "-t", "halt", file])
        .current_dir(&d)
        .output()
        .expect("ply runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).replace(d.to_string_lossy().as_ref(), "<dir>");
    (
        text(&out.stdout),
        text(&out.stderr),
        format!("{}\n", out.status.code().unwrap_or(-1)),
    )
}

/// A golden file of case `name`.
fn golden(name: &str, ext: &str) -> String {
    let p = dir().join("golden").join(format!("{name}.{ext}"));
    std::fs::read_to_string(&p).unwrap_or_else(|_| panic!("golden {}", p.display()))
}

/// Of standard error, each "Unknown procedure: PI" (without what SWI-Prolog puts before it)
/// and the "However, there are definitions for:" lines that follow one.
fn hints(err: &str) -> String {
    let mut out = String::new();
    let mut in_hints = false;
    for line in err.lines() {
        let Some(rest) = line.strip_prefix("ERROR:") else {
            in_hints = false;
            continue;
        };
        if let Some(at) = rest.find("Unknown procedure: ") {
            out.push_str(&rest[at..]);
            in_hints = false;
        } else if rest.trim() == "However, there are definitions for:" {
            out.push_str(rest.trim());
            in_hints = true;
        } else if in_hints && rest.starts_with("        ") {
            out.push_str("    ");
            out.push_str(rest.trim());
        } else {
            in_hints = false;
            continue;
        }
        out.push('\n');
    }
    out
}

#[test]
fn module_programs_behave_as_in_swipl() {
    let cases = std::fs::read_to_string(dir().join("cases.txt")).expect("cases");
    let mut failures = Vec::new();
    for line in cases
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (name, file, goal, what) = (f[0], f[1], f[2], f[3]);
        let (out, err, exit) = run_ply(file, goal);
        if out != golden(name, "out") {
            failures.push(format!(
                "{name}: stdout\n{out}\n--- swipl:\n{}",
                golden(name, "out")
            ));
        }
        if exit != golden(name, "exit") {
            failures.push(format!(
                "{name}: exit {exit} (swipl {})",
                golden(name, "exit")
            ));
        }
        if what == "hints" && hints(&err) != hints(&golden(name, "err")) {
            failures.push(format!(
                "{name}: hints\n{}\n--- swipl:\n{}",
                hints(&err),
                hints(&golden(name, "err"))
            ));
        }
        if what == "all" && err != golden(name, "err") {
            failures.push(format!(
                "{name}: stderr\n{err}\n--- swipl:\n{}",
                golden(name, "err")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `listing/1` of `M:Name/Arity` lists a module's own predicate, and a predicate imported into
/// `user` with its head qualified, its variables named as the source named them: the text
/// swipl 9 prints for the same goal.
#[test]
fn listing_takes_a_module_qualified_indicator() {
    let goal = "listing(helpers1:helper/1), listing(run1/1), listing(helpers2:counter/1)";
    let (out, err, exit) = run_ply("basic.pl", goal);
    let want = "helper(1).\n\nhelpers1:run1(X) :-\n    helper(X0),\n    twice(X0, X).\n\n\
                :- dynamic counter/1.\n\ncounter(0).\n\n";
    assert_eq!(
        (out.as_str(), err.as_str(), exit.as_str()),
        (want, "", "0\n")
    );
}

/// Where `buzzysin/playground`'s multi-module program is kept when fetched (benches/README.md,
/// "A multi-module program from outside"); never committed.
const PLAYGROUND: &str = "/work/ext/playground/prolog-playground/src";

/// The public multi-module program prints what swipl 9 prints, run side by side here (both
/// `-q -g main -t halt main.pl` in its directory); skipped when it is not fetched.
#[test]
fn a_public_multi_module_program_prints_what_swipl_prints() {
    let dir = std::path::Path::new(PLAYGROUND);
    if !dir.is_dir() {
        crate::support::skip::skipped(
            "modules::a_public_multi_module_program_prints_what_swipl_prints",
            PLAYGROUND,
            "buzzysin/playground, fetched as benches/README.md says",
        );
        return;
    }
    let args = ["-q", "-g", "main", "-t", "halt", "main.pl"];
    let run = |program: &str| {
        let out = Command::new(program)
            .args(args)
            .current_dir(dir)
            .output()
            .expect("the program runs");
        (
            String::from_utf8_lossy(&out.stdout).to_string(),
            out.status.code(),
        )
    };
    if Command::new("swipl").arg("--version").output().is_err() {
        crate::support::skip::skipped(
            "modules::a_public_multi_module_program_prints_what_swipl_prints",
            "swipl",
            "SWI-Prolog 9, the reference",
        );
        return;
    }
    let swipl = run("swipl");
    let ply = run(env!("CARGO_BIN_EXE_ply"));
    assert!(!swipl.0.is_empty(), "swipl printed nothing");
    assert_eq!(ply, swipl);
}

const NAN_PRIMES: &str = "/work/ext/nanprime/Tests";

/// A second public program of modules, jp-diegidio/Nan.Numerics.Prime-Prolog (five module
/// files and their four plunit test modules, whose units each define helpers of the same
/// names, extend `error:has_type/2` and declare `prolog:message//1`): its whole test run,
/// `-q -g test_all -t halt test_all.pl` in its `Tests` directory, prints what swipl prints
/// (but for the timing line) and exits as swipl exits; skipped when it is not fetched
/// (benches/README.md says how).
#[test]
fn a_public_library_with_plunit_test_modules_runs_as_in_swipl() {
    const NAME: &str = "modules::a_public_library_with_plunit_test_modules_runs_as_in_swipl";
    let dir = std::path::Path::new(NAN_PRIMES);
    if !dir.is_dir() {
        crate::support::skip::skipped(NAME, NAN_PRIMES, "Nan.Numerics.Prime-Prolog, fetched");
        return;
    }
    if Command::new("swipl").arg("--version").output().is_err() {
        crate::support::skip::skipped(NAME, "swipl", "SWI-Prolog 9, the reference");
        return;
    }
    let run = |program: &str| {
        let out = Command::new(program)
            .args(["-q", "-g", "test_all", "-t", "halt", "test_all.pl"])
            .current_dir(dir)
            .output()
            .expect("the program runs");
        let keep = |b: &[u8]| {
            String::from_utf8_lossy(b)
                .lines()
                .filter(|l| !l.contains(" inferences, "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        (keep(&out.stdout), keep(&out.stderr), out.status.code())
    };
    let swipl = run("swipl");
    let ply = run(env!("CARGO_BIN_EXE_ply"));
    assert!(swipl.1.contains("...."), "swipl ran no test: {swipl:?}");
    assert_eq!(ply, swipl);
}
