//! What ply itself defines, as the editor needs it: every predicate a program may call without
//! defining it, and the Prolog text of those written in Prolog, so that go to definition can
//! open them.
//!
//! The list of predicates is taken from a machine built as `ply` builds one (builtins, the game
//! library, the Prolog library, the toplevel's commands), once when the server starts; no
//! program is ever run on it. The library's Prolog text is compiled into the binary; it is
//! written out under the user's cache directory (`$XDG_CACHE_HOME/ply/<version>/library`, or
//! `~/.cache/...`, or the temporary directory) so that an editor can open it like any file.

use super::analysis::{analyse, Analysis, Key};
use crate::docs::Docs;
use crate::reader::Span;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Control constructs, which a program may call whether or not the machine lists them.
const CONTROL: &[(&str, usize)] = &[
    ("!", 0),
    ("true", 0),
    ("fail", 0),
    ("false", 0),
    (",", 2),
    (";", 2),
    ("|", 2),
    ("->", 2),
    ("*->", 2),
    ("\\+", 1),
    ("call", 1),
];

/// Where a predicate ply supplies comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Written in Rust (a native or a control construct).
    Native,
    /// Written in Prolog in ply's library.
    Prolog,
}

/// One of ply's own Prolog files.
#[derive(Clone, Debug)]
pub struct LibraryFile {
    /// Where it was written out, if that worked.
    pub path: Option<PathBuf>,
    /// Its text.
    pub text: &'static str,
    /// Its clauses, read like a user's.
    pub analysis: Analysis,
}

/// Everything ply supplies.
#[derive(Debug, Default)]
pub struct Library {
    /// Every predicate a program may call without defining it (names starting with `$` are
    /// ply's helpers and are left out).
    pub known: HashMap<Key, Origin>,
    /// ply's Prolog files.
    pub files: Vec<LibraryFile>,
    /// The documentation of natives and of the game library.
    pub docs: Docs,
    /// Where `docs/games.md` was written out, if that worked.
    pub games_md: Option<PathBuf>,
}

impl Library {
    /// Build the list from a fresh machine, and write out the library's text.
    pub fn load() -> Library {
        let m = crate::system::toplevel_machine();
        let mut known = HashMap::new();
        for p in m.preds() {
            let name = m.atoms().name(p.name);
            if !p.defined || name.starts_with('$') {
                continue;
            }
            let origin = if p.is_builtin() {
                Origin::Native
            } else {
                Origin::Prolog
            };
            known.insert((name.to_string(), p.arity), origin);
        }
        // A predicate known by two names is known under both.
        for (alias, pid) in m.pred_aliases() {
            let p = m.pred(pid);
            if p.defined {
                let origin = if p.is_builtin() {
                    Origin::Native
                } else {
                    Origin::Prolog
                };
                known.insert((m.atoms().name(alias).to_string(), p.arity), origin);
            }
        }
        // The compiler runs these itself; some have no entry in the predicate table.
        for (name, arity) in CONTROL {
            known
                .entry((name.to_string(), *arity))
                .or_insert(Origin::Native);
        }
        // The machine is not needed any more; its memory is given back at once.
        drop(m);
        let dir = cache_dir();
        let sources: Vec<(&str, &'static str)> = crate::system::system_texts().collect();
        let files = sources
            .into_iter()
            .map(|(name, text)| LibraryFile {
                path: dir.as_deref().and_then(|d| write_out(d, name, text)),
                text,
                analysis: analyse(name, text),
            })
            .collect();
        let games_md = dir
            .as_deref()
            .and_then(|d| write_out(d, "games.md", crate::docs::GAMES_MD));
        Library {
            known,
            files,
            docs: Docs::new(),
            games_md,
        }
    }

    /// The library file and the clause index that define `key` first, if it is written in
    /// Prolog.
    pub fn definition(&self, key: &Key) -> Option<(&LibraryFile, usize)> {
        self.files.iter().find_map(|f| {
            f.analysis
                .definitions
                .iter()
                .position(|d| d.key == *key && !d.declared)
                .map(|i| (f, i))
        })
    }

    /// The row of the game library's documentation about `key`: the file it was written to,
    /// its text and the row's span.
    pub fn documentation_row(&self, key: &Key) -> Option<(PathBuf, &'static str, Span)> {
        let path = self.games_md.clone()?;
        let span = crate::docs::games_row(key)?;
        Some((path, crate::docs::GAMES_MD, span))
    }

    /// The comment above the library's clauses of `key`.
    pub fn comment(&self, key: &Key) -> Option<&str> {
        self.files
            .iter()
            .find_map(|f| f.analysis.comments.get(key))
            .map(String::as_str)
    }
}

/// The directory the library's text is written to, made if need be.
fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    let dir = base
        .join("ply")
        .join(env!("CARGO_PKG_VERSION"))
        .join("library");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir)
}

/// Write `text` to `dir/name` unless it is there already; its path.
fn write_out(dir: &Path, name: &str, text: &str) -> Option<PathBuf> {
    let path = dir.join(name);
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
        // Written to a fresh name and renamed, so that two servers starting at once never
        // leave a half-written file.
        let tmp = dir.join(format!("{name}.{}", std::process::id()));
        std::fs::write(&tmp, text).ok()?;
        std::fs::rename(&tmp, &path).ok()?;
    }
    Some(path)
}
