//! Tidy checks: rules about the source tree itself, checked by reading the files, as
//! rust-analyzer's tidy tests do. Each failure names the file and line that break a rule.
//!
//! - Every `.rs` file under `src/`, `tests/` and each crate's `crates/*/src/` opens with a `//!`
//!   paragraph.
//! - No `.rs` file under `src/` or `crates/*/src/` is longer than 800 lines.
//! - No `mod.rs`: a module `foo` is `foo.rs` beside a folder `foo/`.
//!
//! That the engine knows no game and no builtin is no longer checked here: the engine and the
//! layers below it are crates of their own (`crates/`), which cannot name the `ply` package
//! above them, so the compiler enforces it.

use std::path::{Path, PathBuf};

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

/// The workspace's root, where the top `Cargo.toml` is.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The folders of Rust source the length and `mod.rs` rules cover: the `ply` package's `src/`
/// and each crate's `crates/*/src/`.
fn source_dirs() -> Vec<PathBuf> {
    let mut dirs = vec![root().join("src")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .expect("the workspace's crates")
        .flatten()
        .map(|e| e.path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    assert!(crates.len() >= 5, "the crates were not found ({crates:?})");
    dirs.extend(crates);
    dirs
}

#[test]
fn every_file_opens_with_a_module_comment() {
    let mut bad = Vec::new();
    let mut dirs = source_dirs();
    dirs.push(root().join("tests"));
    for dir in dirs {
        for p in rust_files(&dir) {
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
    for p in source_dirs().iter().flat_map(|d| rust_files(d)) {
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
