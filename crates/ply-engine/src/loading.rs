//! What the machine keeps about loading files: the files loaded so far, the directories of the
//! files being loaded, the goals their directives left to run, how many messages loading
//! printed, and the system's clauses still waiting for their first call.
//!
//! This is the engine's own state of the loader (`load.rs`), which the builtins that load
//! files (`consult/1`, `ensure_loaded/1`, `initialization/1,2`) and the toplevel read and
//! write as well; what natives keep for themselves lives in `native_state.rs` instead.

use super::load::{Deferred, Preread};
use ply_term::StoredTerm;
use std::path::PathBuf;

/// The loader's state.
#[derive(Default)]
pub struct Loading {
    /// Files loaded so far (absolute paths), for `ensure_loaded/1` and `make/0`.
    pub loaded_files: Vec<String>,
    /// Directories of the files being loaded, innermost last, to resolve relative paths.
    pub load_dirs: Vec<PathBuf>,
    /// Goals registered by `initialization/1` while loading, run when the file is loaded,
    /// each with the line of the directive that registered it (for its messages).
    pub init_goals: Vec<(StoredTerm, Option<usize>)>,
    /// The goal of `initialization(G, main)`, run after loading everything.
    pub main_goal: Option<StoredTerm>,
    /// How SWI-Prolog names the `main` goal in its messages: `/abs/file.pl:Line: user:main`.
    pub main_header: Option<String>,
    /// Warnings and errors printed while loading, counted.
    pub load_messages: usize,
    /// True while the system's own library is being loaded: its clauses are not linted.
    pub loading_library: bool,
    /// Set when a term read since the loader last cleared it holds a dict's functional dot
    /// (`'$dot'/2`), which the loader then expands into calls of `./3`.
    pub read_dot: bool,
    /// The clauses of the system's text left to be compiled at their predicate's first call.
    pub deferred: Deferred,
    /// The clauses the system's build step read from its Prolog texts, which loading such a
    /// text builds instead of reading it (see `load/preread.rs`); none in a bare engine.
    pub preread: Preread,
    /// The text of the file being loaded, which the source tables of its clauses share.
    pub source_file: Option<std::rc::Rc<super::source_map::SourceFile>>,
    /// What the loader knows of the clause it read last, until the clause is compiled.
    pub pending_sites: Option<super::source_map::SiteRecorder>,
    /// Set while a clause read from text is compiled: the compiler notes its calls here.
    pub recorder: Option<super::source_map::SiteRecorder>,
    /// The named variables of the clause read last, as the text names them; kept with the
    /// compiled clause (`Program::clause_names`) while `naming` is set.
    pub pending_names: Vec<(ply_term::Cell, Box<str>)>,
    /// Set while the clause read last is compiled, so that its variables' names go with it.
    pub naming: bool,
    /// The named variables of the directive read last (kept while it runs), for the goal of
    /// an error it raises.
    pub directive_names: Vec<(String, ply_term::Cell)>,
    /// The style checks `style_check/1` turned off for the file being loaded.
    pub style: super::load::Style,
    /// The file (an atom) and line of the term being loaded, for `source_location/2`.
    pub term_place: Option<(u32, usize)>,
    /// Whether the term being loaded is the first of its file: only there does `module/2`
    /// declare a module, as in SWI-Prolog.
    pub first_term: bool,
    /// The atoms of the term-expansion hooks' names, interned at the first load.
    pub hook_atoms: Option<[u32; 2]>,
    /// The `:- if` branches open in the file being loaded, innermost last (`load/cond.rs`).
    pub cond: Vec<super::load::CondFrame>,
    /// The file (an atom) whose load the loader is in: the one consulted, which an included
    /// file's clauses belong to (`prolog_load_context(source, F)`); none outside a load.
    pub unit: Option<u32>,
    /// Set by `include/1` for the text it reads next: the predicates the load has defined so
    /// far, which that text adds clauses to rather than replacing them (`load/include.rs`).
    pub include_seen: Option<ply_term::FastSet<u32>>,
    /// What included texts defined, for the text that included them to go on from.
    pub included: ply_term::FastSet<u32>,
}

impl super::Machine {
    /// The files consulted so far (absolute paths), in the order they were first loaded.
    pub fn loaded_files(&self) -> &[String] {
        &self.services.loading.loaded_files
    }

    /// Name the variables of a goal about to run as `names` does (a `-g` goal's own names),
    /// for the report of an error it raises; an empty list forgets them.
    pub fn set_goal_names(&mut self, names: Vec<(String, ply_term::Cell)>) {
        self.services.loading.directive_names = names;
    }

    /// The goal of `initialization(G, main)`, taken, with the header its messages open with
    /// (`/abs/file.pl:Line: user:main`): the command line runs it once, after loading
    /// everything.
    pub fn take_main_goal(&mut self) -> Option<(StoredTerm, String)> {
        let goal = self.services.loading.main_goal.take()?;
        let header = self.services.loading.main_header.take().unwrap_or_default();
        Some((goal, header))
    }
}
