//! Native predicates, one file per family, all registered through [`install`].
//!
//! A native reads its arguments, may bind them, and returns `Ok(true)`, `Ok(false)` or an ISO
//! error. Natives are deterministic; nondeterministic builtins are written in Prolog in
//! `library/` over deterministic natives. No native may call back into the run loop except
//! through the query API (`solve.rs`), and none may recurse on term depth.

pub mod arith;
pub mod atoms;
pub mod char_io;
pub mod db;
pub mod edinburgh_io;
pub mod format;
pub mod io;
pub mod lists;
pub mod read_util;
pub mod stream_props;
pub mod streams;
pub mod strings;
pub mod system;
pub mod term_hash;
pub mod terms;
pub mod text;
pub mod variables;

use crate::machine::Machine;

/// State of builtin families that the machine carries for them.
#[derive(Default)]
pub struct Ext {
    /// Files loaded so far (absolute paths), for ensure_loaded/1 and make/0.
    pub loaded_files: Vec<String>,
    /// Directories of the files being loaded, innermost last, to resolve relative paths.
    pub load_dirs: Vec<std::path::PathBuf>,
    /// Goals registered by initialization/1 while loading, run when the file is loaded.
    pub init_goals: Vec<crate::term::StoredTerm>,
    /// The goal of initialization(G, main), run after loading everything.
    pub main_goal: Option<crate::term::StoredTerm>,
    /// Set by halt/0,1: the exit status.
    pub halt: Option<i32>,
    /// Start time, for statistics/2.
    pub start: Option<std::time::Instant>,
    /// Standard input, as text not yet consumed by read_term/2.
    pub stdin_buf: String,
    /// Whether standard input is at end of file.
    pub stdin_eof: bool,
    /// Files opened for reading, by stream number: their text and how far it has been read.
    pub inputs: std::collections::HashMap<usize, streams::InputFile>,
    /// Every open file stream, by stream number: its file name, mode and alias.
    pub streams: std::collections::HashMap<usize, streams::StreamInfo>,
    /// The next stream number to hand out (0, 1 and 2 are the standard streams).
    pub next_stream: usize,
    /// The current input stream number (0 is standard input).
    pub current_input: usize,
    /// Warnings and errors printed while loading, counted.
    pub load_messages: usize,
    /// True while ply's own library is being loaded: its clauses are not linted.
    pub loading_library: bool,
    /// Calls of the native `ходы/2` and `стат_оц/2`, for `game_counters/2`.
    pub game_calls: crate::games::prolog::GameCalls,
    /// The answer tables of tabled predicates (`db/tables.rs`).
    pub tables: db::tables::Tables,
    /// The running clause scans of `retract/1` and `clause/2`.
    pub clause_scans: db::clause_scan::Scans,
    /// The arithmetic evaluation's work stacks and its table of evaluable functors.
    pub arith: arith::Scratch,
    /// The clauses of the system's text left to be compiled at their predicate's first call.
    pub deferred: crate::machine::load::Deferred,
}

/// Register every builtin family.
pub fn install(m: &mut Machine) {
    terms::install(m);
    variables::install(m);
    arith::install(m);
    atoms::install(m);
    strings::install(m);
    lists::install(m);
    db::install(m);
    io::install(m);
    format::install(m);
    system::install(m);
    streams::install(m);
    char_io::install(m);
    term_hash::install(m);
    stream_props::install(m);
    edinburgh_io::install(m);
    read_util::install(m);
}
