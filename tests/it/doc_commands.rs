//! Every command that README.md, programs/README.md and docs/*.md show runs as written.
//!
//! In a fenced block of those files:
//! - a line `$ COMMAND` (continued by lines ending in `\`) is run from the repository root, and
//!   its standard output must be the lines that follow it up to the next `$` line or the end of
//!   the block (blank lines ignored); lines among them that start with `?- ` are not output but
//!   queries typed at the toplevel, given to the command as its standard input;
//! - a line `ply -q -g GOAL -t halt FILE...` without output must be a golden case of
//!   `tests/golden/commands.txt`, whose test compares its output with the golden file;
//! - any other line that runs ply (`ply ...`, `... | ply ...`) is run and must exit with status 0
//!   and report no error.
//!
//! A documented output line `...` stands for any number of lines. `ply` is the binary under test,
//! and so is `cargo run --release -q --`. `cargo test` itself, and the benchmark scripts
//! (`bash benches/...`, whose output is timings), are not run, and neither are blocks marked
//! `text`: scripts for other machines (a Slurm job array, GNU parallel over ssh), whose local
//! equivalent the tests run elsewhere (`tests/it/matches.rs` shards and merges a match).

use std::path::Path;
use std::process::{Command, Stdio};

/// A command found in a document, with what it must print if the document says.
struct DocCommand {
    file: String,
    line: usize,
    text: String,
    output: Option<Vec<String>>,
    input: String,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The documents whose commands are checked.
fn documents() -> Vec<String> {
    let mut docs = vec!["README.md".to_string(), "programs/README.md".to_string()];
    let mut more: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// True for a line of a fenced block that runs ply.
fn runs_ply(line: &str) -> bool {
    line.starts_with("ply ") || line.contains("| ply ") || line.starts_with("cargo run ")
}

/// The command starting with `first` on line `*i`, joined with the lines its trailing `\`s
/// continue it on; `*i` is left on its last line.
fn continued(first: &str, lines: &[&str], i: &mut usize) -> String {
    let mut cmd = first.to_string();
    while cmd.ends_with('\\') && *i + 1 < lines.len() {
        cmd.pop();
        *i += 1;
        cmd.push(' ');
        cmd.push_str(lines[*i].trim());
    }
    cmd
}

/// The commands of one document.
fn commands(file: &str) -> Vec<DocCommand> {
    let text = std::fs::read_to_string(root().join(file)).expect("document");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut in_block = false;
    while i < lines.len() {
        let line = lines[i].trim_end();
        if let Some(info) = line.trim_start().strip_prefix("```") {
            if !in_block && info.trim() == "text" {
                // Skip the whole block.
                i += 1;
                while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                    i += 1;
                }
                i += 1;
                continue;
            }
            in_block = !in_block;
            i += 1;
            continue;
        }
        if !in_block {
            i += 1;
            continue;
        }
        let start = i + 1;
        if let Some(first) = line.strip_prefix("$ ") {
            let cmd = continued(first, &lines, &mut i);
            let mut output = Vec::new();
            let mut input = String::new();
            i += 1;
            while i < lines.len()
                && !lines[i].starts_with("$ ")
                && !lines[i].trim_start().starts_with("```")
            {
                match lines[i].strip_prefix("?- ") {
                    Some(query) => {
                        input.push_str(query);
                        input.push('\n');
                    }
                    None if lines[i].trim().is_empty() => {}
                    None => output.push(lines[i].trim_end().to_string()),
                }
                i += 1;
            }
            out.push(DocCommand {
                file: file.to_string(),
                line: start,
                text: cmd.trim().to_string(),
                output: Some(output),
                input,
            });
            continue;
        }
        let cmd = continued(line.trim_start(), &lines, &mut i);
        if runs_ply(&cmd) {
            out.push(DocCommand {
                file: file.to_string(),
                line: start,
                text: cmd.trim().to_string(),
                output: None,
                input: String::new(),
            });
        }
        i += 1;
    }
    out
}

/// `cmd` with ply standing for the binary under test.
fn with_binary(cmd: &str) -> String {
    let bin = env!("CARGO_BIN_EXE_ply");
    let cmd = cmd.replace("cargo run --release -q -- ", &format!("{bin} "));
    let cmd = if let Some(rest) = cmd.strip_prefix("ply ") {
        format!("{bin} {rest}")
    } else {
        cmd
    };
    cmd.replace("| ply ", &format!("| {bin} "))
}

/// Runs `cmd` from the repository root with `input` as its standard input: its status,
/// standard output and error.
fn run(cmd: &str, input: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(with_binary(cmd))
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // A command that reads nothing may exit before taking its input.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().expect("the command ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Whether the printed lines `got` are the documented ones, a documented `...` standing for
/// any number of lines.
fn matches_doc(got: &[&str], want: &[String]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((w, rest)) if w == "..." => (0..=got.len()).any(|k| matches_doc(&got[k..], rest)),
        Some((w, rest)) => got.first() == Some(&w.as_str()) && matches_doc(&got[1..], rest),
    }
}

/// The golden case matching `ply -q -g GOAL -t halt FILE...`, if there is one.
fn golden_case(cmd: &str, cases: &[Vec<String>]) -> bool {
    let words: Vec<&str> = cmd.split_whitespace().collect();
    let [_, "-q", "-g", goal, "-t", "halt", files @ ..] = words.as_slice() else {
        return false;
    };
    cases.iter().any(|c| {
        c.len() >= 2 && c[1] == *goal && c[2..].iter().map(String::as_str).eq(files.iter().copied())
    })
}

#[test]
fn every_documented_command_runs_as_written() {
    let cases: Vec<Vec<String>> = std::fs::read_to_string(root().join("tests/golden/commands.txt"))
        .expect("commands.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    let mut failures = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        for c in commands(&doc) {
            if c.text.starts_with("cargo test") || c.text.starts_with("bash benches/") {
                continue;
            }
            checked += 1;
            let place = format!("{}:{}: {}", c.file, c.line, c.text);
            match &c.output {
                Some(want) => {
                    let (_, out, err) = run(&c.text, &c.input);
                    let got: Vec<&str> = out
                        .lines()
                        .map(str::trim_end)
                        .filter(|l| !l.is_empty())
                        .collect();
                    if !matches_doc(&got, want) {
                        failures.push(format!(
                            "{place}\n  printed:\n{}\n  documented:\n{}\n  stderr:\n{err}",
                            got.join("\n"),
                            want.join("\n")
                        ));
                    }
                }
                None if c.text.starts_with("ply -q -g ") && c.text.contains(" -t halt ") => {
                    if !golden_case(&c.text, &cases) {
                        failures.push(format!(
                            "{place}\n  is no case of tests/golden/commands.txt"
                        ));
                    }
                }
                None => {
                    let (status, _, err) = run(&c.text, "");
                    if status != 0 || err.contains("ERROR") {
                        failures.push(format!("{place}\n  exit {status}, stderr:\n{err}"));
                    }
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} documented commands found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
