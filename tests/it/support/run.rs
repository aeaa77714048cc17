//! Running the `ply` binary under test from an integration test: with arguments, in a directory,
//! with text on standard input, returning what it printed and its exit status.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs ply with `args` in `dir` and the extra environment `env`, feeding `stdin`; returns
/// standard output, standard error and the exit status (-1 when a signal ended it).
fn run_with(dir: &Path, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> (String, String, i32) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ply"));
    cmd.current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("run ply");
    // A program that reads nothing may exit before taking its input.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes());
    let out = child.wait_with_output().expect("wait for ply");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs ply with `args` in `dir`, feeding `stdin`; returns standard output, standard error and
/// the exit status (-1 when a signal ended it).
pub fn ply_in(dir: &Path, args: &[&str], stdin: &str) -> (String, String, i32) {
    run_with(dir, args, stdin, &[])
}

/// Runs ply in `dir` with `args`, `stdin` and the extra environment `env`; returns its standard
/// output whatever its exit status, for suites that compare output alone.
pub fn stdout_with_env(dir: &Path, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> String {
    run_with(dir, args, stdin, env).0
}

/// [`ply_in`] from the repository root.
pub fn ply(args: &[&str], stdin: &str) -> (String, String, i32) {
    ply_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// A fresh, empty scratch directory for one test, named by the suite's `prefix`, the process and
/// `name`, so that runs of the suites side by side never share one.
pub fn scratch(prefix: &str, name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("{prefix}_{}_{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("make a scratch directory");
    dir
}

/// Runs `main` of the program `file` (relative to the repository root) with the fast paths on
/// or off and no standard input; returns its standard output, failing the test when ply
/// exits with an error.
pub fn main_of(file: &str, fast_paths: bool) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PLY_FAST_PATHS", if fast_paths { "1" } else { "0" })
        .args(["-q", "-g", "main", "-t", "halt", file])
        .stdin(Stdio::null())
        .output()
        .expect("run ply");
    assert!(
        out.status.success(),
        "ply failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs `goal` of the program `file` with the collector's settings as by default, or with its
/// step fixed at `growth` cells; returns the integers the goal printed on standard output.
pub fn numbers_printed(file: &str, goal: &str, growth: Option<&str>) -> Vec<i64> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ply"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["-q", "-g", goal, "-t", "halt", file])
        .env_remove("PLY_GC_GROWTH")
        .env_remove("PLY_AGC_THRESHOLD");
    if let Some(g) = growth {
        cmd.env("PLY_GC_GROWTH", g);
    }
    let out = cmd.output().expect("run ply");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{goal}: {stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .split_whitespace()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("{goal}: {stdout}")))
        .collect()
}

/// Fails the test unless `got` has exactly the lines of `want` (what SWI-Prolog printed),
/// naming up to twenty differing lines and `what` was run.
pub fn assert_same_lines(got: &str, want: &str, what: &str) {
    let differing: Vec<String> = got
        .lines()
        .zip(want.lines())
        .filter(|(a, b)| a != b)
        .take(20)
        .map(|(a, b)| format!("got `{a}`, swipl `{b}`"))
        .collect();
    assert!(
        differing.is_empty() && got.lines().count() == want.lines().count(),
        "ply printed {} lines, swipl {} ({what}):\n{}",
        got.lines().count(),
        want.lines().count(),
        differing.join("\n")
    );
}
