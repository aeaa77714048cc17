//! Coroutining against SWI-Prolog: `dif/2`, `freeze/2`, `when/2` and attributed variables with
//! their residual goals. The expected files were made by running swipl
//! (`sh tests/coroutining/regen.sh`): `queries.swipl` holds the toplevel's answer to each
//! query of `queries.txt` (blank lines dropped), `programs.out` the output of `programs.pl`'s
//! cases. Each is checked with the fast paths on and off, and the program also with the heap
//! collector running every few hundred cells, which its cases that keep constraints across
//! much garbage need. `traced.pl` is the tracer's case.

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/coroutining");

/// Run ply in the cases' directory with `args`, `stdin` and extra environment.
fn ply(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> String {
    crate::support::run::stdout_with_env(std::path::Path::new(DIR), args, stdin, env)
}

/// Every query of `queries.txt` with its answer, as `regen.sh` writes swipl's.
fn answers(env: &[(&str, &str)]) -> String {
    let queries = std::fs::read_to_string(format!("{DIR}/queries.txt")).expect("queries");
    let mut out = String::new();
    for q in queries.lines() {
        out.push_str(&format!("== {q}\n"));
        for line in ply(&["-q"], &format!("{q}\n"), env).lines() {
            if !line.is_empty() {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

fn check_answers(env: &[(&str, &str)]) {
    let expected = std::fs::read_to_string(format!("{DIR}/queries.swipl")).expect("golden");
    let got = answers(env);
    for (g, e) in got.lines().zip(expected.lines()) {
        assert_eq!(g, e, "toplevel answers differ from swipl's ({env:?})");
    }
    assert_eq!(
        got, expected,
        "toplevel answers differ from swipl's ({env:?})"
    );
}

fn check_program(env: &[(&str, &str)]) {
    let expected = std::fs::read_to_string(format!("{DIR}/programs.out")).expect("golden");
    let got = ply(&["-q", "-g", "main", "-t", "halt", "programs.pl"], "", env);
    for (g, e) in got.lines().zip(expected.lines()) {
        assert_eq!(g, e, "program output differs from swipl's ({env:?})");
    }
    assert_eq!(
        got, expected,
        "program output differs from swipl's ({env:?})"
    );
}

#[test]
fn residual_goals_as_swipl() {
    check_answers(&[]);
}

#[test]
fn residual_goals_without_fast_paths() {
    check_answers(&[("PLY_FAST_PATHS", "0")]);
}

#[test]
fn cases_as_swipl() {
    check_program(&[]);
}

#[test]
fn cases_without_fast_paths() {
    check_program(&[("PLY_FAST_PATHS", "0")]);
}

#[test]
fn cases_with_frequent_collections() {
    check_program(&[("PLY_GC_GROWTH", "400")]);
}

/// The tracer shows the goal a binding wakes, as a call of its own before the next goal, and
/// neither the wakeup's own work nor the toplevel's search for residual goals.
#[test]
fn tracer_shows_woken_goals_only() {
    let got = ply(&["-q", "traced.pl"], "trace, p(X).\n", &[]);
    let ports: Vec<&str> = got.lines().map(str::trim).collect();
    let at = |s: &str| ports.iter().position(|l| *l == s);
    let woken = at("Call: (2) q").expect("woken goal traced");
    let next = at("Call: (2) r").expect("next goal traced");
    assert!(woken < next, "{got}");
    assert!(at("Exit: (1) p(1)").is_some(), "{got}");
    for hidden in ["var(", "term_attvars", "wake", "get_attr"] {
        assert!(!got.contains(hidden), "{hidden} shown:\n{got}");
    }
}
