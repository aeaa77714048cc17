//! The engine: a WAM-class machine that runs compiled clauses.
//!
//! Bird's-eye view: `compile.rs` turns a clause term into instructions (`instr.rs`) and registers
//! it in the database (`db.rs`); `run.rs` executes instructions, calling natives through one
//! table; `choice.rs` holds choicepoints, the trail and backtracking; `control.rs` implements the
//! meta-call, catch/throw and findall without Rust recursion; `solve.rs` is the nested-query API
//! the loader and the natives use, and `query.rs` the handle the front-ends run goals through,
//! reading the rest through methods (`parts.rs`, `pred_table.rs`, `status.rs`). Nothing in here
//! knows about terminals or files beyond what `load.rs` reads.
//!
//! The engine knows no builtin and no game: it depends on the crates below it (`ply-term`,
//! `ply-arith`, `ply-reader`, `ply-diag`) only, and the `ply` package above installs the
//! natives and the library into a bare engine (`Machine::bare`).

pub mod atom_gc;
pub mod backtrack;
pub mod bglobals;
pub mod boot;
pub mod cell_text;
pub mod choice;
pub mod cleanup;
pub mod code_space;
pub mod compare;
pub mod compile;
pub mod control;
pub mod copy_term;
pub mod cputime;
pub mod db;
pub mod enter;
pub mod error;
pub mod error_report;
pub mod error_site;
pub mod eval;
pub mod explain;
pub mod gc;
pub mod hook;
pub mod inline_arith;
pub mod inline_op;
pub mod instr;
pub mod lib_natives;
pub mod limits;
pub mod list_cells;
pub mod load;
pub mod loading;
pub mod native_state;
pub mod pair_memo;
pub mod parts;
pub mod pred_table;
pub mod query;
pub mod redo_in_line;
pub mod run;
pub mod shallow;
pub mod solve;
pub mod source_map;
pub mod status;
pub mod template;
pub mod term_instr;
pub mod unify;
pub mod variant;
pub mod write;

#[cfg(test)]
mod cycles_test;
#[cfg(test)]
mod unify_test;
#[cfg(test)]
mod unify_walk_test;

use choice::{Choice, TrailEntry};
use db::Pred;
use instr::{Instr, PredId};
use ply_reader::ops::OpTable;
use ply_reader::ReadFlags;
use ply_term::FastMap;
use ply_term::{AtomTable, Cell, Heap, StoredTerm};
use template::Templates;

/// "No environment": the value of `e` at the top of a query.
pub const NO_ENV: usize = usize::MAX;

/// Words of an environment frame before its permanent variables: previous frame, continuation,
/// cut barrier, number of permanent variables, predicate.
pub const FRAME_HEADER: usize = 5;

/// Prolog flags the machine consults.
#[derive(Clone, Debug)]
pub struct Flags {
    /// How the reader treats double quotes.
    pub read: ReadFlags,
    /// `unknown`: raise an error (true) or fail (false) on unknown procedures.
    pub unknown_error: bool,
    /// `unknown = warning`: when `unknown_error` is false, print a warning before failing.
    pub unknown_warning: bool,
    /// `occurs_check`.
    pub occurs_check: bool,
}

/// The whole state of one Prolog system.
pub struct Machine {
    /// Interned atoms.
    pub atoms: AtomTable,
    /// The term heap.
    pub heap: Heap,
    /// Argument and temporary registers.
    pub x: Vec<Cell>,
    /// Environment frames.
    pub stack: Vec<Cell>,
    /// Choicepoints.
    pub choices: Vec<Choice>,
    /// Argument registers saved by choicepoints.
    pub saved_args: Vec<Cell>,
    /// Indices of the armed cleanup choicepoints (`ChoiceKind::Cleanup`), oldest first.
    pub cleanups: Vec<usize>,
    /// Bindings and other changes to undo on backtracking.
    pub trail: Vec<TrailEntry>,
    /// All compiled code.
    pub code: Vec<Instr>,
    /// Compound templates referred to by the code.
    pub templates: Templates,
    /// First clauses of tests decoded for `try_test_clause`, by the `shape` of their first
    /// `TestAlt` (see `shallow/test_clause.rs`).
    pub test_clauses: Vec<shallow::TestClause>,
    /// Predicates by id.
    pub preds: Vec<Pred>,
    /// Predicates by name and arity.
    pub pred_map: FastMap<(u32, usize), PredId>,
    /// The operator table.
    pub ops: OpTable,
    /// Flags.
    pub flags: Flags,
    /// Non-backtrackable global variables (`nb_setval/2`).
    pub globals: FastMap<u32, StoredTerm>,
    /// Answers collected by running findall/3 calls, innermost last.
    pub bags: Vec<Vec<StoredTerm>>,
    /// The cells those answers take, counted against the stack limit (`limits.rs`).
    pub bag_cells: usize,
    /// Counted calls, for `statistics(inferences, N)`.
    pub inferences: u64,
    /// Program counter.
    pub pc: usize,
    /// Continuation: where to go on `Proceed`.
    pub cp: usize,
    /// Current environment, or [`NO_ENV`].
    pub e: usize,
    /// Cut barrier of the current call: the choicepoint height when it was called.
    pub b0: usize,
    /// Predicate being executed (for error contexts).
    pub cur_pred: PredId,
    /// Next clause id.
    pub next_clause_id: usize,
    /// Cache of compiled meta-call bodies by their control skeleton.
    pub meta_cache: FastMap<String, PredId>,
    /// Counter for naming auxiliary predicates.
    pub aux_counter: usize,
    /// Where output goes.
    pub out: output::Output,
    /// The stack limit in cells (the `stack_limit` flag over eight): the heap, environments,
    /// choicepoints, trail and findall answers together, before a `resource_error(stack)`
    /// (`limits.rs`); 1 GB by default, as SWI-Prolog's.
    pub memory_limit: usize,
    /// The goal and call chain of the last error raised by a native, for the toplevel.
    pub last_error_site: Option<ErrorSite>,
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
    /// An outcome decided outside the run loop (an uncaught throw), returned at its next step.
    pub pending: Option<run::Outcome>,
    /// Outer run states saved by nested queries.
    pub saved_states: Vec<solve::SavedState>,
    /// Start address of each compiled clause with its predicate, in address order.
    pub code_owners: Vec<(usize, PredId)>,
    /// Code of removed clauses, waiting to be freed or reused.
    pub code_space: code_space::CodeSpace,
    /// For each auxiliary predicate, the predicate whose clause it was made from.
    pub aux_parent: FastMap<PredId, PredId>,
    /// Whether `Unify*` instructions build (true) or match (false).
    pub write_mode: bool,
    /// The heap address the next `Unify*` instruction works on.
    pub s: usize,
    /// A reusable work stack for unification.
    pub unify_stack: Vec<(Cell, Cell)>,
    /// A reusable work stack for template matching.
    pub pair_stack: Vec<(Cell, Cell)>,
    /// Code address of the instruction that ends the run with `pending`.
    pub pending_pc: usize,
    /// Backtrackable global variables (`b_setval/2`).
    pub bglobals: FastMap<u32, Cell>,
    /// What the loader keeps: files loaded, directories being loaded, goals of directives
    /// waiting to run, the system's clauses waiting for their first call (see `loading.rs`).
    pub loading: loading::Loading,
    /// Set by `halt/0,1`: the exit status the run stops with.
    pub halt: Option<i32>,
    /// When the machine was made, for `statistics/2`'s wall time.
    pub started: std::time::Instant,
    /// What natives remember between calls, one value per type (see `native_state.rs`).
    pub natives: native_state::NativeStates,
    /// Whether the fast paths are on: shallow backtracking, specialised and paired register
    /// moves, inline arithmetic, index plans and natives' shortcuts. `PLY_FAST_PATHS=0` in the
    /// environment turns them all off; answers never depend on it.
    pub fast_paths: bool,
    /// Nonzero when calls must be shown to `call_hook` first (see `hook.rs`).
    pub attention: hook::Attention,
    /// The observer of calls (the toplevel's debugger and interrupt handler), if any.
    pub call_hook: Option<Box<dyn hook::CallHook>>,
    /// The garbage collector's counters and trigger (see `gc.rs`).
    pub gc: gc::GcState,
    /// Calls compiled in line to library natives, and the natives programs replaced (see
    /// `lib_natives.rs`).
    pub lib_natives: lib_natives::LibNatives,
}

/// Where an error was raised: the goal text, its place in the program and the user
/// predicates on the call chain (see `error_site.rs`).
#[derive(Clone, Debug, Default)]
pub struct ErrorSite {
    /// The goal, written with `writeq`, its variables named as in the clause where it can.
    pub goal: String,
    /// Where the goal is in the program, when its clause was loaded from text.
    pub place: Option<source_map::SourcePlace>,
    /// The predicates in the environment chain, innermost first.
    pub chain: Vec<error_site::Caller>,
    /// The error term as it was thrown, to tell whether a report is about this error.
    pub ball: Option<StoredTerm>,
}

pub mod output;

impl Machine {
    /// The current top of the environment stack.
    #[inline]
    pub fn env_top(&self) -> usize {
        self.env_top_in_line()
    }

    /// [`Machine::env_top`], always in line: a choicepoint's push calls nothing else, and a
    /// call there would make its callers save registers around it.
    #[inline(always)]
    pub(crate) fn env_top_in_line(&self) -> usize {
        let own = if self.e == NO_ENV {
            0
        } else {
            self.e + FRAME_HEADER + self.stack[self.e + 3].0 as usize
        };
        match self.choices.last() {
            Some(c) if c.e_top > own => c.e_top,
            _ => own,
        }
    }

    /// Read register `r`.
    #[inline]
    pub fn reg(&self, r: instr::Reg) -> Cell {
        match r {
            instr::Reg::X(i) => {
                debug_assert!((i as usize) < self.x.len());
                // SAFETY: the compiler grows `x` past every register a clause names before
                // the clause can run, and `x` never shrinks.
                unsafe { *self.x.get_unchecked(i as usize) }
            }
            instr::Reg::Y(i) => {
                let at = self.e + FRAME_HEADER + i as usize;
                debug_assert!(at < self.stack.len());
                // SAFETY: a clause names `Y(i)` only after its `Allocate(n)` with `i < n` has
                // made `e` a frame of `n` slots within `stack`, which never shrinks.
                unsafe { *self.stack.get_unchecked(at) }
            }
        }
    }

    /// Read argument register `ai` of an instruction.
    #[inline(always)]
    pub fn arg_reg(&self, ai: u32) -> Cell {
        debug_assert!((ai as usize) < self.x.len());
        // SAFETY: an instruction names an argument of its clause's head or of a goal of its
        // body, and the compiler grows `x` past the largest such arity (and every temporary)
        // before the clause can run; `x` never shrinks.
        unsafe { *self.x.get_unchecked(ai as usize) }
    }

    /// The first `N` argument registers, copied out so that a native may be handed them beside
    /// `&mut self`.
    ///
    /// Each register is read as a word of its own. The instructions before a call write the
    /// registers one word at a time, and a wider load that spans several of those fresh stores
    /// cannot take its value from them: the processor waits until they have all reached the
    /// cache, which cost the run loop more than any other single instruction. Volatile reads
    /// keep the compiler from merging the loads.
    #[inline(always)]
    pub(crate) fn first_args<const N: usize>(&self) -> [Cell; N] {
        let regs = &self.x[..N];
        // SAFETY: each read is of an initialised element of `regs`, a live slice.
        std::array::from_fn(|i| unsafe { std::ptr::read_volatile(regs.as_ptr().add(i)) })
    }

    /// Write argument register `ai` of an instruction.
    #[inline(always)]
    pub fn set_arg_reg(&mut self, ai: u32, c: Cell) {
        debug_assert!((ai as usize) < self.x.len());
        // SAFETY: as in `arg_reg`.
        unsafe { *self.x.get_unchecked_mut(ai as usize) = c }
    }

    /// Write register `r`.
    #[inline]
    pub fn set_reg(&mut self, r: instr::Reg, c: Cell) {
        match r {
            instr::Reg::X(i) => {
                debug_assert!((i as usize) < self.x.len());
                // SAFETY: as in `reg`.
                unsafe { *self.x.get_unchecked_mut(i as usize) = c }
            }
            instr::Reg::Y(i) => {
                let at = self.e + FRAME_HEADER + i as usize;
                debug_assert!(at < self.stack.len());
                // SAFETY: as in `reg`.
                unsafe { *self.stack.get_unchecked_mut(at) = c }
            }
        }
    }

    /// The name of atom `a`.
    pub fn atom_name(&self, a: u32) -> &str {
        self.atoms.name(a)
    }
}
