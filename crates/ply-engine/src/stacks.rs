//! The stacks and registers part of the machine: how a query is running the program.
//!
//! It holds the heap, the environment and choicepoint stacks, the trail, the argument registers
//! and the code registers, with the work stacks and the answers of running findalls; nested
//! queries save the registers here and restore them. The compiler sees only the heap of this
//! part, where the clause term is and where it builds the terms it makes of it.

use super::choice::{Choice, TrailEntry};
use super::instr::PredId;
use super::{run, solve, ErrorSite, NO_ENV};
use ply_term::{Cell, FastMap, Heap};

/// The data areas and registers of the run.
pub struct Stacks {
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
    /// Whether `Unify*` instructions build (true) or match (false).
    pub write_mode: bool,
    /// The heap address the next `Unify*` instruction works on.
    pub s: usize,
    /// A reusable work stack for unification.
    pub unify_stack: Vec<(Cell, Cell)>,
    /// A reusable work stack for template matching.
    pub pair_stack: Vec<(Cell, Cell)>,
    /// An outcome decided outside the run loop (an uncaught throw), returned at its next step.
    pub pending: Option<run::Outcome>,
    /// Outer run states saved by nested queries.
    pub saved_states: Vec<solve::SavedState>,
    /// Answers collected by running findall/3 calls, innermost last.
    pub bags: Vec<super::bag::Bag>,
    /// The buffers of the last finished findall's bag, emptied, for the next findall to fill
    /// (`bag.rs`, [`super::bag::Bag::recycle`]).
    pub spare_bag: super::bag::Bag,
    /// The cells those answers take, counted against the stack limit (`limits.rs`).
    pub bag_cells: usize,
    /// Backtrackable global variables (`b_setval/2`).
    pub bglobals: FastMap<u32, Cell>,
    /// Counted calls, for `statistics(inferences, N)`.
    pub inferences: u64,
    /// The goal and call chain of the last error raised by a native, for the toplevel.
    pub last_error_site: Option<ErrorSite>,
    /// Which heap cells are attributed variables (`attvar.rs`).
    pub attvars: super::attvar::AttVars,
    /// The depth of frames under `call_with_depth_limit/3` (`depth_limit.rs`).
    pub depth: super::depth_limit::DepthLimit,
    /// The count of inferences past which a call raises `inference_limit_exceeded`
    /// (`inference_limit.rs`), `u64::MAX` while no limit is active.
    pub infer_limit: u64,
}

impl Stacks {
    /// Empty stacks, with room for a first program's run, and no environment.
    pub fn new() -> Stacks {
        Stacks {
            heap: Heap::with_capacity(1 << 20),
            x: vec![Cell(0); 256],
            stack: Vec::with_capacity(1 << 16),
            choices: Vec::new(),
            saved_args: Vec::new(),
            cleanups: Vec::new(),
            trail: Vec::new(),
            pc: 0,
            cp: 0,
            e: NO_ENV,
            b0: 0,
            cur_pred: 0,
            write_mode: false,
            s: 0,
            unify_stack: Vec::new(),
            pair_stack: Vec::new(),
            pending: None,
            saved_states: Vec::new(),
            bags: Vec::new(),
            spare_bag: Default::default(),
            bag_cells: 0,
            bglobals: Default::default(),
            inferences: 0,
            last_error_site: None,
            attvars: Default::default(),
            depth: Default::default(),
            infer_limit: u64::MAX,
        }
    }
}

impl Default for Stacks {
    fn default() -> Stacks {
        Stacks::new()
    }
}
