//! Tab completion for the prompt: predicate names (any script, `мини` completes to
//! `минимакс(`), and file names inside `['...` or `consult('...`.
//!
//! Pure functions over the line and a snapshot of predicate names, so they are easy to test;
//! they must never touch the machine.

use super::line_scan::{scan, TokKind};
use std::path::Path;

/// A predicate name the prompt may offer, and whether it has a version with arguments only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredName {
    /// The name.
    pub name: String,
    /// True when every arity of the name is above zero (so `(` follows it).
    pub takes_args: bool,
}

/// Predicates whose first argument is a file name, so a quoted atom after them completes files.
const FILE_TAKERS: &[&str] = &["consult", "ensure_loaded", "load_files", "edit", "include"];

/// Completions at byte `pos` of `line`: where the replaced text starts, and the candidates.
pub fn complete(line: &str, pos: usize, preds: &[PredName]) -> (usize, Vec<String>) {
    let pos = pos.min(line.len());
    if !line.is_char_boundary(pos) {
        return (pos, Vec::new());
    }
    let before = &line[..pos];
    if let Some(start) = open_file_quote(before) {
        return (start, complete_file(&before[start..]));
    }
    if scan(before).last().is_some_and(|t| t.open) {
        // Inside other quoted text or a comment nothing is a predicate name.
        return (pos, Vec::new());
    }
    let word_start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map(|(i, _)| i)
        .unwrap_or(pos);
    let word = &before[word_start..];
    match word.chars().next() {
        Some(c) if c.is_alphabetic() && !c.is_uppercase() => {}
        _ => return (pos, Vec::new()),
    }
    let mut items: Vec<String> = preds
        .iter()
        .filter(|p| p.name.starts_with(word))
        .map(|p| {
            if p.takes_args {
                format!("{}(", p.name)
            } else {
                p.name.clone()
            }
        })
        .collect();
    items.sort();
    items.dedup();
    (word_start, items)
}

/// If `before` ends inside a quoted atom that names a file (inside `[...` or after a loading
/// predicate), the byte offset just after the opening quote.
fn open_file_quote(before: &str) -> Option<usize> {
    let toks = scan(before);
    let last = toks.last()?;
    if last.kind != TokKind::Quoted || !last.open {
        return None;
    }
    let mut prev = toks[..toks.len() - 1]
        .iter()
        .rev()
        .filter(|t| t.kind != TokKind::Layout);
    let p = prev.next()?;
    let text = &before[p.start..p.end];
    let ok = match text {
        "[" | "," => true,
        "(" => prev
            .next()
            .is_some_and(|f| FILE_TAKERS.contains(&&before[f.start..f.end])),
        _ => false,
    };
    ok.then_some(last.start + 1)
}

/// File names starting with `partial` (a path, maybe with directories).
fn complete_file(partial: &str) -> Vec<String> {
    let (dir, base) = match partial.rfind('/') {
        Some(i) => (&partial[..=i], &partial[i + 1..]),
        None => ("", partial),
    };
    let read_dir = if dir.is_empty() {
        Path::new(".")
    } else {
        Path::new(dir)
    };
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(read_dir) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if !name.starts_with(base) || (name.starts_with('.') && !base.starts_with('.')) {
                continue;
            }
            let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(false);
            out.push(format!("{}{}{}", dir, name, if is_dir { "/" } else { "" }));
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preds() -> Vec<PredName> {
        vec![
            PredName {
                name: "минимакс".into(),
                takes_args: true,
            },
            PredName {
                name: "member".into(),
                takes_args: true,
            },
            PredName {
                name: "halt".into(),
                takes_args: false,
            },
        ]
    }

    #[test]
    fn cyrillic_predicate() {
        let line = "?- мини";
        let (start, items) = complete(line, line.len(), &preds());
        assert_eq!(start, 3);
        assert_eq!(items, vec!["минимакс(".to_string()]);
    }

    #[test]
    fn plain_and_no_args() {
        assert_eq!(complete("ha", 2, &preds()).1, vec!["halt".to_string()]);
        assert!(complete("X", 1, &preds()).1.is_empty());
        assert!(complete("'mem", 4, &preds()).1.is_empty());
    }

    #[test]
    fn files_in_consult_list() {
        let dir = env!("CARGO_MANIFEST_DIR");
        let line = format!("['{}/Carg", dir);
        let (start, items) = complete(&line, line.len(), &[]);
        assert_eq!(start, 2);
        assert!(items.contains(&format!("{}/Cargo.toml", dir)));
        let line = format!("consult('{}/sr", dir);
        let (_, items) = complete(&line, line.len(), &[]);
        assert_eq!(items, vec![format!("{}/src/", dir)]);
    }
}
