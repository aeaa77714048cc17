//! Running the `ply` binary under test from an integration test: with arguments, in a directory,
//! with text on standard input, returning what it printed and its exit status.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs ply with `args` in `dir`, feeding `stdin`; returns standard output, standard error and
/// the exit status (-1 when a signal ended it).
pub fn ply_in(dir: &Path, args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ply"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ply");
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
