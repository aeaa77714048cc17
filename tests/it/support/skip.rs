//! How a test that needs a program from outside (Neovim, Chromium, swipl, ...) says that it did
//! not run. libtest captures what `print!` and `eprint!` write in a test that passes, so a
//! skipped test would pass in silence; this line goes to the process's standard error directly,
//! past the capture, in a fixed form that `.ci/run` looks for: `SKIPPED: <test> needs
//! <program>`, followed by the reason.

use std::io::Write;
use std::process::{Command, Stdio};

/// Whether `program --version` runs and exits with success.
pub fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Reports that `test` did not run (or ran only in part) because `program` is missing.
pub fn skipped(test: &str, program: &str, why: &str) {
    let line = format!("SKIPPED: {test} needs {program} ({why})\n");
    // A failed write to standard error leaves nothing better to report it on.
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}
