//! The program part of the machine: the code area and the predicate database.
//!
//! It is everything the compiler writes and the run loop reads. It is a part of its own so that
//! the compiler can be handed it (with the atom table and the clause term) instead of the whole
//! machine, and so that what a consulted program is stays apart from how a query is running it
//! (`stacks.rs`) and from the services around both (`services.rs`).

use super::code_space::CodeSpace;
use super::db::Pred;
use super::instr::{Instr, PredId};
use super::lib_natives::LibNatives;
use super::shallow::TestClause;
use super::template::Templates;
use ply_term::FastMap;

/// The code area and the predicate database.
pub struct Program {
    /// All compiled code.
    pub code: Vec<Instr>,
    /// Compound templates referred to by the code.
    pub templates: Templates,
    /// First clauses of tests decoded for `try_test_clause`, by the `shape` of their first
    /// `TestAlt` (see `shallow/test_clause.rs`).
    pub test_clauses: Vec<TestClause>,
    /// Predicates by id.
    pub preds: Vec<Pred>,
    /// Predicates by name and arity. A predicate known by two names (`aliases`) is here under
    /// both.
    pub pred_map: FastMap<(u32, usize), PredId>,
    /// The system's own predicates a program has redefined in `user`, which the library's
    /// code goes on calling (`overrides.rs`).
    pub overrides: super::overrides::Overrides,
    /// The library's predicates under the old names it keeps for older programs (library
    /// quintus and backcomp): a "did you mean" never suggests them, as SWI-Prolog, which
    /// loads those libraries only when a program calls one, does not.
    pub old_names: ply_term::FastSet<PredId>,
    /// The second name of each predicate that has one (the library's `staticval/2` is
    /// `стат_оц/2`): one predicate, so a definition under either name replaces both.
    pub aliases: FastMap<PredId, u32>,
    /// The modules other than `user` and the module clauses are compiled in (`modules.rs`).
    pub modules: super::modules::Modules,
    /// Next clause id.
    pub next_clause_id: usize,
    /// Cache of compiled meta-call bodies by their control skeleton (`control/meta_cache.rs`).
    pub meta_cache: FastMap<Vec<u64>, PredId>,
    /// The buffers a meta-call's walk over its goal reuses, and the arguments it found.
    pub meta_scratch: super::control::MetaScratch,
    /// Counter for naming auxiliary predicates.
    pub aux_counter: usize,
    /// For each auxiliary predicate, the predicate whose clause it was made from.
    pub aux_parent: FastMap<PredId, PredId>,
    /// The source table of each clause read from text that has one, by clause id: kept here
    /// rather than in the clause, which a program of a million asserted facts has a million
    /// of, none with a table.
    pub clause_sources: FastMap<usize, Box<super::source_map::ClauseSource>>,
    /// The source names of the variables of each clause read from text that names any, by
    /// clause id: one name a variable, in the order `listing/1` meets them (depth first, left
    /// to right), empty for a variable the text did not name.
    pub clause_names: FastMap<usize, Box<[Box<str>]>>,
    /// Start address of each compiled clause with its predicate, in address order. The
    /// address is 32-bit (a code area of 4G instructions would be 96 GB): one entry per fact
    /// of a big fact base, 8 bytes less each.
    pub code_owners: Vec<(u32, PredId)>,
    /// Code of removed clauses, waiting to be freed or reused.
    pub code_space: CodeSpace,
    /// Calls compiled in line to library natives, and the natives programs replaced (see
    /// `lib_natives.rs`).
    pub lib_natives: LibNatives,
    /// Code address of `Succeed`.
    pub succeed_pc: usize,
    /// Code address of the findall collector.
    pub findall_pc: usize,
    /// Code address of the catch exit.
    pub catch_exit_pc: usize,
    /// Code address of a plain `Proceed`.
    pub proceed_pc: usize,
    /// Code address of `Fail`.
    pub fail_pc: usize,
    /// Code address of `Execute(call/1)`, used to call a goal held in `X[0]`.
    pub call1_pc: usize,
    /// Code address of the instruction that ends the run with `pending`.
    pub pending_pc: usize,
    /// Code address of `Call('$wakeup'/2)` followed by `WakeResume` (see `attvar.rs`).
    pub wake_call_pc: usize,
}

impl Program {
    /// An empty program, with room for the library's code and predicates. The system code's
    /// addresses are set when it is installed (`boot.rs`).
    pub fn new() -> Program {
        Program {
            // Room for the library's code, so that compiling it never moves the code area.
            code: Vec::with_capacity(1 << 13),
            templates: Templates::default(),
            test_clauses: Vec::new(),
            // Room for every predicate of the builtins and the library, which would otherwise be
            // copied at each doubling while they are defined.
            preds: Vec::with_capacity(1 << 11),
            pred_map: FastMap::with_capacity_and_hasher(1024, Default::default()),
            aliases: Default::default(),
            overrides: Default::default(),
            old_names: Default::default(),
            modules: Default::default(),
            next_clause_id: 0,
            meta_cache: Default::default(),
            meta_scratch: Default::default(),
            aux_counter: 0,
            aux_parent: Default::default(),
            clause_sources: Default::default(),
            clause_names: Default::default(),
            code_owners: Vec::new(),
            code_space: Default::default(),
            lib_natives: Default::default(),
            succeed_pc: 0,
            findall_pc: 0,
            catch_exit_pc: 0,
            proceed_pc: 0,
            fail_pc: 0,
            call1_pc: 0,
            pending_pc: 0,
            wake_call_pc: 0,
        }
    }
}

impl Default for Program {
    fn default() -> Program {
        Program::new()
    }
}
