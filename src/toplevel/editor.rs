//! The line editor at the prompt (rustyline): one line at a time, the toplevel putting queries
//! that span lines together, history kept in the user's data directory
//! across sessions, tab completion and syntax highlighting.
//!
//! The editor knows predicate names only through the snapshot the toplevel gives it before
//! each prompt; it must never reach into the machine.

use super::completion::{complete, PredName};
use super::highlight::highlight;
use rustyline::completion::Completer;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::FileHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};
use std::borrow::Cow;
use std::cell::Cell;
use std::path::PathBuf;

/// The rustyline helper: completion, highlighting and validation for Prolog input.
#[derive(Default)]
pub struct PlyHelper {
    /// Predicate names offered by completion.
    pub preds: Vec<PredName>,
    /// False for the final redraw of an accepted line, when no bracket should be marked.
    match_brackets: Cell<bool>,
}

impl Completer for PlyHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(complete(line, pos, &self.preds))
    }
}

impl Hinter for PlyHelper {
    type Hint = String;
}

impl Highlighter for PlyHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        let cursor = self.match_brackets.get().then_some(pos);
        Cow::Owned(highlight(line, cursor))
    }

    fn highlight_char(&self, _line: &str, _pos: usize, kind: CmdKind) -> bool {
        self.match_brackets.set(kind != CmdKind::ForcedRefresh);
        true
    }
}

// Every line is handed over as it is entered: the toplevel keeps the unfinished query and asks
// for the next line with the continuation prompt `|    `, as swipl does, so that an unfinished
// term never looks like a hang. The whole query goes into the history once it is complete.
impl Validator for PlyHelper {}

impl Helper for PlyHelper {}

/// The editor type the toplevel uses.
pub type PlyEditor = Editor<PlyHelper, FileHistory>;

/// Where the history is kept: `$XDG_DATA_HOME/ply/history`, else
/// `$HOME/.local/share/ply/history`.
pub fn history_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_DATA_HOME") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(std::env::var_os("HOME")?).join(".local/share"),
    };
    Some(base.join("ply").join("history"))
}

/// A new editor with the history of earlier sessions loaded.
pub fn new_editor() -> Option<PlyEditor> {
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .max_history_size(1000)
        .ok()?
        .auto_add_history(false)
        .build();
    let mut ed: PlyEditor = Editor::with_config(config).ok()?;
    ed.set_helper(Some(PlyHelper::default()));
    if let Some(p) = history_path() {
        let _ = ed.load_history(&p);
    }
    Some(ed)
}

/// Add an entry to the history and save the file at once, so a crash loses nothing.
pub fn remember(ed: &mut PlyEditor, entry: &str) {
    let entry = entry.trim();
    if entry.is_empty() {
        return;
    }
    if ed.history().iter().last().is_some_and(|e| e == entry) {
        return;
    }
    let _ = ed.add_history_entry(entry);
    if let Some(p) = history_path() {
        if let Some(dir) = p.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = ed.save_history(&p);
    }
}
