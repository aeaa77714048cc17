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
//!
//! A `Machine` is in parts: the program (`program.rs`: code and predicates), the stacks and
//! registers of the run (`stacks.rs`), the services (`services.rs`: output, flags, natives'
//! states, the loader, limits, the collector, hooks) and the atom table. The compiler
//! (`compile.rs`) sees the program, the atom table and the clause term only.

pub mod atom_gc;
pub mod attvar;
pub mod backtrack;
pub mod bag;
pub mod bglobals;
pub mod boot;
pub mod caller_context;
mod catch_ahead;
pub mod cell_text;
pub mod choice;
pub mod clause_view;
pub mod cleanup;
pub mod code_space;
pub mod compare;
pub mod compile;
pub mod control;
pub mod copy_term;
pub mod cputime;
pub mod db;
pub mod db_limit;
pub mod depth_limit;
pub mod enter;
pub mod error;
pub mod error_report;
pub mod error_site;
pub mod eval;
pub mod explain;
mod fused_get;
mod fused_put;
pub mod gc;
pub mod hook;
pub mod inference_limit;
pub mod inline_arith;
pub mod inline_op;
pub mod instr;
mod key_alt;
pub mod lib_natives;
pub mod limits;
pub mod list_cells;
pub mod load;
pub mod loading;
pub mod modules;
pub mod native_state;
pub mod occurs;
pub mod overrides;
pub mod pair_memo;
pub mod parts;
pub mod pred_table;
pub mod program;
pub mod query;
pub mod redo_in_line;
mod reg_copy;
pub mod run;
pub mod services;
pub mod shallow;
pub mod solve;
pub mod source_map;
pub mod stacks;
pub mod status;
pub mod template;
pub mod term_instr;
pub mod undefined_calls;
pub mod unify;
pub mod variant;
pub mod write;

#[cfg(test)]
mod cycles_test;
#[cfg(test)]
mod unify_test;
#[cfg(test)]
mod unify_walk_test;

use ply_term::{AtomTable, Cell, StoredTerm};

/// "No environment": the value of `e` at the top of a query.
pub const NO_ENV: usize = usize::MAX;

/// Words of an environment frame before its permanent variables: previous frame, continuation,
/// cut barrier, number of permanent variables, predicate.
pub const FRAME_HEADER: usize = 5;

pub use program::Program;
pub use services::{Flags, Services};
pub use stacks::Stacks;

/// The whole state of one Prolog system, in parts: what the program is, how a query is running
/// it, and the services around both. The atom table is a part of its own, which the compiler
/// takes beside the program.
pub struct Machine {
    /// Interned atoms.
    pub atoms: AtomTable,
    /// The code and the predicate database (`program.rs`).
    pub program: Program,
    /// The heap, stacks and registers of the run (`stacks.rs`).
    pub stacks: Stacks,
    /// Output, flags, natives' states, the loader, limits, the collector, hooks (`services.rs`).
    pub services: Services,
}

/// Where an error was raised: the goal text, its place in the program and the user
/// predicates on the call chain (see `error_site.rs`).
#[derive(Clone, Debug, Default)]
pub struct ErrorSite {
    /// The goal, written with `writeq`, its variables named as in the clause where it can; for
    /// an error a library predicate raised with `throw/1`, that predicate as `name/arity`, or
    /// nothing when no frame of it is left.
    pub goal: String,
    /// Where the goal is in the program, when its clause was loaded from text.
    pub place: Option<source_map::SourcePlace>,
    /// The predicates in the environment chain, innermost first.
    pub chain: Vec<error_site::Caller>,
    /// The error term as it was thrown, to tell whether a report is about this error.
    pub ball: Option<StoredTerm>,
}

pub mod output;
#[cfg(test)]
mod test_rng;

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
        let own = if self.stacks.e == NO_ENV {
            0
        } else {
            self.stacks.e + FRAME_HEADER + self.stacks.stack[self.stacks.e + 3].0 as usize
        };
        match self.stacks.choices.last() {
            Some(c) if c.e_top > own => c.e_top,
            _ => own,
        }
    }

    /// Read register `r`.
    #[inline]
    pub fn reg(&self, r: instr::Reg) -> Cell {
        match r {
            instr::Reg::X(i) => {
                debug_assert!((i as usize) < self.stacks.x.len());
                // SAFETY: the compiler grows `x` past every register a clause names before
                // the clause can run, and `x` never shrinks.
                unsafe { *self.stacks.x.get_unchecked(i as usize) }
            }
            instr::Reg::Y(i) => {
                let at = self.stacks.e + FRAME_HEADER + i as usize;
                debug_assert!(at < self.stacks.stack.len());
                // SAFETY: a clause names `Y(i)` only after its `Allocate(n)` with `i < n` has
                // made `e` a frame of `n` slots within `stack`, which never shrinks.
                unsafe { *self.stacks.stack.get_unchecked(at) }
            }
        }
    }

    /// Read argument register `ai` of an instruction.
    #[inline(always)]
    pub fn arg_reg(&self, ai: u32) -> Cell {
        debug_assert!((ai as usize) < self.stacks.x.len());
        // SAFETY: an instruction names an argument of its clause's head or of a goal of its
        // body, and the compiler grows `x` past the largest such arity (and every temporary)
        // before the clause can run; `x` never shrinks.
        unsafe { *self.stacks.x.get_unchecked(ai as usize) }
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
        let regs = &self.stacks.x[..N];
        // SAFETY: each read is of an initialised element of `regs`, a live slice.
        std::array::from_fn(|i| unsafe { std::ptr::read_volatile(regs.as_ptr().add(i)) })
    }

    /// Write argument register `ai` of an instruction.
    #[inline(always)]
    pub fn set_arg_reg(&mut self, ai: u32, c: Cell) {
        debug_assert!((ai as usize) < self.stacks.x.len());
        // SAFETY: as in `arg_reg`.
        unsafe { *self.stacks.x.get_unchecked_mut(ai as usize) = c }
    }

    /// Write register `r`.
    #[inline]
    pub fn set_reg(&mut self, r: instr::Reg, c: Cell) {
        match r {
            instr::Reg::X(i) => {
                debug_assert!((i as usize) < self.stacks.x.len());
                // SAFETY: as in `reg`.
                unsafe { *self.stacks.x.get_unchecked_mut(i as usize) = c }
            }
            instr::Reg::Y(i) => {
                let at = self.stacks.e + FRAME_HEADER + i as usize;
                debug_assert!(at < self.stacks.stack.len());
                // SAFETY: as in `reg`.
                unsafe { *self.stacks.stack.get_unchecked_mut(at) = c }
            }
        }
    }

    /// The name of atom `a`.
    pub fn atom_name(&self, a: u32) -> &str {
        self.atoms.name(a)
    }
}
