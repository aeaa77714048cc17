//! Navigation over the workspace in the reader's terms (files and byte spans): which predicate
//! is named at a place, where it is defined, where it is called, what to say about it, and
//! which names complete a word. `handlers.rs` turns the answers into protocol messages.

use super::analysis::Key;
use super::library::Origin;
use super::workspace::{FileData, Workspace};
use crate::reader::Span;
use lsp_types::Url;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::rc::Rc;

/// A place in a file: a file the server has read, or one of ply's own on disk.
#[derive(Clone, Debug)]
pub enum Place {
    /// A span of a file the workspace read.
    File(Rc<FileData>, Span),
    /// A line (counted from 0) of a file ply wrote out, whose text is `text`.
    Library(PathBuf, &'static str, Span),
}

/// The predicate named at byte `offset` of `file` (in a call, a clause head or a declaration),
/// and where its name is.
pub fn key_at(file: &FileData, offset: usize) -> Option<(Key, Span)> {
    let inside = |s: &Span| s.start <= offset && offset <= s.end;
    let a = &file.analysis;
    a.calls
        .iter()
        .filter(|c| inside(&c.goal.span))
        .map(|c| (c.goal.key.clone(), c.goal.span))
        .chain(
            a.definitions
                .iter()
                .filter(|d| inside(&d.name_span))
                .map(|d| (d.key.clone(), d.name_span)),
        )
        // The innermost: a call's span may hold another (`\+ p(X)` and `p`).
        .min_by_key(|(_, s)| s.end - s.start)
}

/// The clauses that define `key` as seen from `uri`: those of the first file of its scope that
/// has any (its declarations when it has no clause), else the library's.
pub fn definitions(ws: &Workspace, uri: &Url, key: &Key) -> Vec<Place> {
    for f in ws.scope(uri) {
        let defs: Vec<_> = f
            .analysis
            .definitions
            .iter()
            .filter(|d| d.key == *key)
            .collect();
        let clauses: Vec<_> = defs.iter().filter(|d| !d.declared).collect();
        let chosen: Vec<Span> = if clauses.is_empty() {
            defs.iter().map(|d| d.name_span).collect()
        } else {
            clauses.iter().map(|d| d.name_span).collect()
        };
        if !chosen.is_empty() {
            return chosen
                .into_iter()
                .map(|s| Place::File(f.clone(), s))
                .collect();
        }
    }
    let lib = &ws.library;
    if let Some((file, i)) = lib.definition(key) {
        if let Some(path) = &file.path {
            let first = &file.analysis.definitions[i];
            return file
                .analysis
                .definitions
                .iter()
                .filter(|d| d.key == first.key && !d.declared)
                .map(|d| Place::Library(path.clone(), file.text, d.name_span))
                .collect();
        }
    }
    if let Some((path, text, span)) = lib.documentation_row(key) {
        return vec![Place::Library(path, text, span)];
    }
    Vec::new()
}

/// Every call of `key` in the program `uri`'s file belongs to (its scope, and the files of the
/// workspace that load it), and its definitions too when `declarations` is set. Another
/// program of the workspace with a predicate of the same name is another predicate.
pub fn references(ws: &Workspace, uri: &Url, key: &Key, declarations: bool) -> Vec<Place> {
    let mut files = ws.scope(uri);
    for f in ws.all_files() {
        if !files.iter().any(|g| g.uri == f.uri) && ws.closure(&f.uri).iter().any(|g| g.uri == *uri)
        {
            files.push(f);
        }
    }
    let mut out = Vec::new();
    for f in files {
        let a = &f.analysis;
        let mut spans: Vec<Span> = a
            .calls
            .iter()
            .filter(|c| c.goal.key == *key)
            .map(|c| c.goal.span)
            .collect();
        if declarations {
            spans.extend(
                a.definitions
                    .iter()
                    .filter(|d| d.key == *key)
                    .map(|d| d.name_span),
            );
        }
        spans.sort_by_key(|s| (s.start, s.end));
        spans.dedup();
        out.extend(spans.into_iter().map(|s| Place::File(f.clone(), s)));
    }
    out
}

/// What hover says about `key` seen from `uri`, in Markdown.
pub fn hover(ws: &Workspace, uri: &Url, key: &Key) -> Option<String> {
    let title = format!(
        "**{}/{}**",
        crate::diag::term_text::quoted_atom(&key.0),
        key.1
    );
    for f in ws.scope(uri) {
        let a = &f.analysis;
        let Some(first) = a.definitions.iter().find(|d| d.key == *key) else {
            continue;
        };
        let line = f
            .index
            .position(&f.text, first.span.start, super::text::Encoding::Utf8);
        let name = f
            .uri
            .to_file_path()
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().to_string()))
            .unwrap_or_default();
        let mut text = title;
        if let Some(c) = a.comments.get(key) {
            text.push_str("\n\n");
            text.push_str(c);
        }
        let clauses = a
            .definitions
            .iter()
            .filter(|d| d.key == *key && !d.declared)
            .count();
        text.push_str(&format!(
            "\n\n*defined in {name}:{}, {clauses} clause{}*",
            line.line + 1,
            if clauses == 1 { "" } else { "s" }
        ));
        return Some(text);
    }
    let lib = &ws.library;
    let origin = lib.known.get(key)?;
    let mut text = title;
    if let Some(doc) = lib.docs.get(key) {
        text.push_str("\n\n");
        text.push_str(doc);
    } else if let Some(c) = lib.comment(key) {
        text.push_str("\n\n");
        text.push_str(c);
        text.push_str("\n\n*library*");
    } else {
        text.push_str(match origin {
            Origin::Native => "\n\n*builtin*",
            Origin::Prolog => "\n\n*library*",
        });
    }
    Some(text)
}

/// The predicates whose name starts with `prefix`, seen from `uri`: name, arity and where each
/// comes from (a file name, `builtin` or `library`), sorted by name and arity.
pub fn completions(ws: &Workspace, uri: &Url, prefix: &str) -> Vec<(Key, String)> {
    let mut out: BTreeMap<Key, String> = BTreeMap::new();
    for (key, origin) in &ws.library.known {
        if key.0.starts_with(prefix) && !is_operator_like(&key.0) {
            let from = if ws
                .library
                .docs
                .get(key)
                .is_some_and(|d| d.contains("game library"))
            {
                "game library"
            } else if *origin == Origin::Native {
                "builtin"
            } else {
                "library"
            };
            out.insert(key.clone(), from.to_string());
        }
    }
    for f in ws.scope(uri) {
        let name = f
            .uri
            .path_segments()
            .and_then(|mut s| s.next_back().map(str::to_string))
            .unwrap_or_default();
        for key in f.analysis.defined() {
            if key.0.starts_with(prefix) {
                out.insert(key.clone(), name.clone());
            }
        }
    }
    out.into_iter().collect()
}

/// Names that are written as operators or punctuation rather than typed as a word.
fn is_operator_like(name: &str) -> bool {
    !name.chars().next().is_some_and(char::is_alphabetic)
}

/// The word being typed just before byte `offset` of `text`: letters, digits and `_` of any
/// script, starting with a lower-case letter; where it starts and the word.
pub fn word_before(text: &str, offset: usize) -> Option<(usize, &str)> {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
        .last()
        .map_or(offset, |(i, _)| i);
    let word = &before[start..];
    let first = word.chars().next()?;
    (first.is_alphabetic() && !first.is_uppercase()).then_some((start, word))
}
