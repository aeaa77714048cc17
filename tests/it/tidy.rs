//! Tidy checks: rules about the source tree itself, checked by reading the files, as
//! rust-analyzer's tidy tests do. Each failure names the file and line that break a rule.
//!
//! - The engine knows no game: nothing under `src/term`, `src/machine`, `src/reader`,
//!   `src/arith`, `src/diag` (or their top files `term.rs`, `machine.rs`, ...) names the
//!   builtins, the games or the toplevel (`crate::builtins`, `crate::games`, `crate::toplevel`,
//!   through `super::` or `ply::` alike). Its code outside tests does not reach the assembled
//!   system either (`crate::system`, `Machine::new()`, `Machine::default()`, which
//!   `src/system.rs` defines); its tests may build the whole system, as integration tests do,
//!   and its comments may say where the system is made.
//! - Every `.rs` file under `src/` and `tests/` opens with a `//!` paragraph.
//! - No `.rs` file under `src/` is longer than 800 lines.
//! - No `mod.rs`: a module `foo` is `foo.rs` beside a folder `foo/`.

use std::path::{Path, PathBuf};

/// The folders and top files of the engine, relative to `src/`.
const ENGINE: &[&str] = &["term", "machine", "reader", "arith", "diag"];

/// The parts above the engine that it must not name.
const ABOVE: &[&str] = &["builtins", "games", "toplevel"];

/// The longest a source file may be, in lines.
const MAX_LINES: usize = 800;

/// Every `.rs` file under `dir`, recursively, in a stable order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Whether a file is wholly test code by its name: `tests.rs`, `*_test.rs`, `*_tests.rs`.
fn is_test_file(name: &str) -> bool {
    name == "tests.rs" || name.ends_with("_test.rs") || name.ends_with("_tests.rs")
}

/// For each line of `text`, whether it is test code: inside a module that a `#[cfg(test)]`
/// line opens (`mod name {` up to the `}` that closes it at the same indentation).
fn test_lines(text: &str) -> Vec<bool> {
    let mut out = Vec::new();
    let mut cfg_test = false;
    let mut inside: Option<usize> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let t = line.trim();
        match inside {
            Some(at) => {
                out.push(true);
                if t == "}" && indent == at {
                    inside = None;
                }
            }
            None => {
                let opens = ["mod ", "pub mod ", "pub(crate) mod "]
                    .iter()
                    .any(|m| t.starts_with(m));
                if cfg_test && opens && t.ends_with('{') {
                    inside = Some(indent);
                    out.push(true);
                } else {
                    out.push(cfg_test);
                }
                if !t.starts_with("#[") {
                    cfg_test = false;
                }
                if t == "#[cfg(test)]" {
                    cfg_test = true;
                }
            }
        }
    }
    out
}

/// The engine rule's violations in one file's text, as `file:line: what`.
fn engine_violations(file: &str, text: &str) -> Vec<String> {
    let whole_test = is_test_file(file.rsplit('/').next().unwrap_or(file));
    let tests = test_lines(text);
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.replace(' ', "");
        let mut names = Vec::new();
        for part in ABOVE {
            for prefix in ["crate::", "ply::", "super::", "$crate::"] {
                names.push(format!("{prefix}{part}"));
            }
            // `use crate::{builtins, ...}` and the like.
            names.push(format!("crate::{{{part}"));
        }
        let mut found: Vec<String> = names.into_iter().filter(|n| code.contains(n)).collect();
        // A comment may say where the system is made; code outside tests may not make it.
        let comment = line.trim_start().starts_with("//");
        if !(comment || whole_test || tests.get(i).copied().unwrap_or(false)) {
            for n in ["crate::system", "Machine::new(", "Machine::default("] {
                if code.contains(n) {
                    found.push(n.to_string());
                }
            }
        }
        for n in found {
            out.push(format!(
                "{file}:{}: the engine names `{n}`: {}",
                i + 1,
                line.trim()
            ));
        }
    }
    out
}

/// Whether `rel` (relative to `src/`) is part of the engine.
fn in_engine(rel: &str) -> bool {
    ENGINE
        .iter()
        .any(|e| rel == format!("{e}.rs") || rel.starts_with(&format!("{e}/")))
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_engine_names_nothing_above_it() {
    let src = root().join("src");
    let mut bad = Vec::new();
    let mut seen = 0;
    for p in rust_files(&src) {
        let rel = p
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if !in_engine(&rel) {
            continue;
        }
        seen += 1;
        let text = std::fs::read_to_string(&p).unwrap();
        bad.extend(engine_violations(&format!("src/{rel}"), &text));
    }
    assert!(seen > 50, "the engine's files were not found ({seen})");
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

#[test]
fn every_file_opens_with_a_module_comment() {
    let mut bad = Vec::new();
    for dir in ["src", "tests"] {
        for p in rust_files(&root().join(dir)) {
            let text = std::fs::read_to_string(&p).unwrap();
            if !text.starts_with("//!") {
                bad.push(format!("{}:1: no `//!` paragraph first", p.display()));
            }
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

#[test]
fn no_source_file_is_too_long_and_none_is_mod_rs() {
    let mut bad = Vec::new();
    for p in rust_files(&root().join("src")) {
        let text = std::fs::read_to_string(&p).unwrap();
        let n = text.lines().count();
        if n > MAX_LINES {
            bad.push(format!(
                "{}:{n}: longer than {MAX_LINES} lines",
                p.display()
            ));
        }
        if p.file_name().is_some_and(|f| f == "mod.rs") {
            bad.push(format!(
                "{}:1: a mod.rs (use foo.rs beside foo/)",
                p.display()
            ));
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

/// The scanner itself, on small texts: it must see each way of naming the parts above the
/// engine, and must leave alone what is allowed.
#[test]
fn the_engine_scanner_catches_what_it_must() {
    let caught = |text: &str| engine_violations("src/machine/x.rs", text);
    assert_eq!(
        caught("//! A file.\nuse super::db::Pred;\n"),
        Vec::<String>::new()
    );
    let bad = caught("//! A file.\nfn f(m: &mut Machine) {\n    crate::builtins::install(m);\n}\n");
    assert_eq!(bad.len(), 1);
    assert!(bad[0].starts_with("src/machine/x.rs:3:"), "{bad:?}");
    for text in [
        "use crate::games::prolog::GameCalls;",
        "use crate::{games, term};",
        "use crate :: toplevel;",
        "use super::super::super::toplevel::commands;",
        "let s = ply::builtins::Ext::default();",
        "let m = crate::system::machine();",
        "let m = Machine::new();",
        "/// A link to [`crate::toplevel::run`].",
        "impl Default for X { fn default() -> X { Machine::default() } }",
    ] {
        assert_eq!(caught(text).len(), 1, "{text}");
    }
    // Tests may build the whole system, but still name no part above the engine.
    let test_mod = "//! A file.\n#[cfg(test)]\nmod tests {\n    fn t() {\n        let m = \
                    crate::system::machine();\n        let n = Machine::new();\n    }\n}\nfn \
                    after() { Machine::new(); }\n";
    let bad = caught(test_mod);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(bad[0].starts_with("src/machine/x.rs:9:"), "{bad:?}");
    let in_test = "#[cfg(test)]\nmod tests {\n    use crate::games::prolog;\n}\n";
    assert_eq!(caught(in_test).len(), 1);
    assert!(engine_violations("src/machine/x/tests.rs", "let m = Machine::new();").is_empty());
    assert!(caught("/// `Machine::new()` is the whole system.").is_empty());
    assert!(in_engine("machine.rs") && in_engine("term/cell.rs") && !in_engine("system.rs"));
    assert!(!in_engine("games/prolog.rs") && !in_engine("termite.rs"));
}
