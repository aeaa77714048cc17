//! The atom garbage collector: frees the volatile atoms (those that builtins such as
//! `atom_concat/3` and `atom_codes/2` make from text at run time) that nothing in the machine
//! refers to any more, so that a loop that makes and drops atoms keeps the atom table bounded.
//!
//! It marks conservatively: every word of every place that holds cells is looked at, live or
//! not, and anything that looks like an atom (an atom cell or a functor cell's name) keeps that
//! atom. Extra words can only keep an atom alive too long; a missed place would hand a live
//! atom's index to a new name, so this file must never skip a place that may hold an atom index,
//! and must never free a permanent atom (the table refuses to).
//!
//! ## Where atom indices live, and how each place is covered
//!
//! `Machine` fields:
//! - `atoms`: the table itself.
//! - `heap`: every cell up to the top, garbage included (after a heap collection, which the
//!   atom collection starts with, so that dropped terms of the innermost query are gone).
//! - `x` (all registers, not only the live ones), `saved_args`, `unify_stack`, `pair_stack`
//!   (empty between steps; scanned anyway): every word; `stack`: every word up to the
//!   environment top (frames above it are dead and are written before they are read again).
//! - `trail`: the old values of `Assign` and `Global` entries and the names of `Global` ones.
//! - `code`: the constants and functors of every instruction ([`instr_cells`], an exhaustive
//!   match, so a new instruction that carries a cell cannot be forgotten). Code is never freed,
//!   so atoms that compiled clauses name stay as long as the code does.
//! - `templates`: every cell of the arena.
//! - `preds`: each predicate's name and file, and the term of every clause (its keys are read
//!   off the term, see `db/clause_term.rs`). The
//!   table of predicates never shrinks, so a predicate named by a volatile atom
//!   (`assert(foo_123(x))`) keeps its name for good. `pred_map` has the same names as keys and is
//!   scanned too.
//! - `choices`: the clause lists that `Clauses` choicepoints keep (retracted clauses may be only
//!   there); the other kinds hold no atom (`Redo` states are integers of `between/3` and
//!   `arg/3`).
//! - `globals` (names and stored values), `bglobals` (names and values), `bags` (stored
//!   answers), `pending` (a stored ball), `saved_states` (the registers of outer queries).
//! - `loading`: `init_goals` and `main_goal` are stored terms and are scanned; `loaded_files`
//!   and `load_dirs` are text, `source_file`, `pending_sites` and `recorder` hold text, spans
//!   and heap addresses of a clause being loaded (no collection runs while it is compiled), `load_messages` and `loading_library` numbers and flags, and
//!   `deferred` points into the system's static clause words. `halt` and `started` are numbers.
//! - `natives`: every state reports the atoms it holds through [`NativeState::atoms`] (the
//!   clause scans of `retract/1` and `clause/2` report the clauses of the lists they keep,
//!   where a retracted clause may be the only copy), and hears of every collection that freed
//!   atoms through [`NativeState::atoms_collected`] (a table keyed by atom index empties
//!   itself). A state that reports nothing must hold only permanent atoms.
//! - No atom index: `ops` (keyed by name text), `flags` (enumerations), `meta_cache` (keyed by
//!   predicate names, which are never collected; the compiled bodies are code), `out`, `last_error_site` (text, and its ball, a stored term that is
//!   scanned), `code_owners`,
//!   `aux_parent` (predicate ids), `inferences`, the registers `pc` `cp` `e` `b0` `s`
//!   `cur_pred`, `write_mode`, the code addresses, `next_clause_id`, `aux_counter`,
//!   `memory_limit`, `attention`, `gc`.
//! - `call_hook` (the toplevel's session): spy points are `(name, arity)` keys taken from
//!   `pred_map`, whose names are kept as above; the rest is text and numbers.
//!
//! - `natives`: the game library's state (`games/prolog/state.rs`) holds only atom indices
//!   interned with [`AtomTable::intern`] (permanent) and positions written from those.
//!
//! ## When
//!
//! Only where the heap collector may run: at the dispatch of a clause predicate or a control
//! construct, through the one trigger word the run loop already checks, which is set to 0 once
//! more volatile atoms were made since the last collection than [`AtomGcState::threshold`], or
//! by `garbage_collect_atoms/0`. Rust code that holds an atom index across running Prolog code
//! (the toplevel, the loader, a native that runs a nested query) must hold a permanent one
//! (see "Architecture invariants" in docs/ARCHITECTURE.md).
//!
//! [`AtomTable::intern`]: ply_term::AtomTable::intern
//! [`NativeState::atoms`]: super::native_state::NativeState::atoms
//! [`NativeState::atoms_collected`]: super::native_state::NativeState::atoms_collected

use super::instr::Instr;
use super::run::Outcome;
use super::Machine;
use ply_term::{AtomMarks, Cell, StoredTerm};
use std::time::{Duration, Instant};

/// Volatile atoms made between two collections at the least, unless `PLY_AGC_THRESHOLD` says
/// otherwise (SWI-Prolog's default `agc_margin`).
const MARGIN: usize = 10_000;

/// The atom collector's counters and when it runs next.
#[derive(Clone, Debug)]
pub struct AtomGcState {
    /// Collections so far.
    pub collections: u64,
    /// Atoms freed so far.
    pub freed: u64,
    /// Time spent collecting atoms.
    pub time: Duration,
    /// Collect once this many volatile atoms were made since the last collection.
    pub threshold: usize,
    /// The least threshold.
    pub margin: usize,
    /// Whether the threshold also grows with the table and the machine (false when
    /// `PLY_AGC_THRESHOLD` fixes it, so that tests can collect after every new atom).
    pub proportional: bool,
    /// A collection is due at the next call boundary.
    pub requested: bool,
}

impl AtomGcState {
    /// The state before any collection. `PLY_AGC_THRESHOLD=N` collects whenever N volatile
    /// atoms were made since the last collection, exactly (1: at the first call boundary after
    /// every new atom).
    pub fn new() -> AtomGcState {
        let fixed: Option<usize> = std::env::var("PLY_AGC_THRESHOLD")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&n| n > 0);
        let margin = fixed.unwrap_or(MARGIN);
        AtomGcState {
            collections: 0,
            freed: 0,
            time: Duration::ZERO,
            threshold: margin,
            margin,
            proportional: fixed.is_none(),
            requested: false,
        }
    }
}

impl Default for AtomGcState {
    fn default() -> Self {
        AtomGcState::new()
    }
}

/// The cell an instruction carries (a constant or a functor), if any. Exhaustive on purpose: a
/// new instruction must say whether it holds an atom. `GetStructConst` and `GetConst2` carry
/// two: this is the first, and [`instr_second_cell`] the second.
pub fn instr_cells(i: &Instr) -> Option<Cell> {
    match *i {
        Instr::GetStructConst(_, c, _)
        | Instr::GetConst2(_, c, _)
        | Instr::GetConst2Proceed(_, c, _)
        | Instr::GetConstFloat(_, c, _)
        | Instr::GetConstFloatProceed(_, c, _)
        | Instr::GetConst(c, _)
        | Instr::GetConstProceed(c, _)
        | Instr::GetStruct(c, _)
        | Instr::PutStruct(c, _)
        | Instr::UnifyConst(c)
        | Instr::PutListValConst(_, _, c)
        | Instr::PutConst(c, _)
        | Instr::KeyAlt { key: c, .. } => Some(c),
        Instr::GetVar(..)
        | Instr::GetVal(..)
        | Instr::GetFloat(..)
        | Instr::GetFloatProceed(..)
        | Instr::GetFloat2(..)
        | Instr::GetFloat2Proceed(..)
        | Instr::GetTerm(..)
        | Instr::GetList(_)
        | Instr::GetListVars(..)
        | Instr::GetListValVar(..)
        | Instr::PutList(_)
        | Instr::PutListValVal(..)
        | Instr::UnifyVar(_)
        | Instr::UnifyVal(_)
        | Instr::UnifyVoid
        | Instr::PutVar(..)
        | Instr::PutVal(..)
        | Instr::PutTerm(..)
        | Instr::Move(..)
        | Instr::PutValX(..)
        | Instr::PutValY(..)
        | Instr::PutVarX(..)
        | Instr::PutVarY(..)
        | Instr::GetVarY(..)
        | Instr::PutValX2(..)
        | Instr::PutValY2(..)
        | Instr::PutVarY2(..)
        | Instr::GetVarY2(..)
        | Instr::PutValXVarX(..)
        | Instr::PutValXVarY(..)
        | Instr::PutValYVarX(..)
        | Instr::PutValYVarY(..)
        | Instr::Allocate(..)
        | Instr::Deallocate
        | Instr::Call(_)
        | Instr::CallLib(_)
        | Instr::CallLibLast(_)
        | Instr::CallRedo(..)
        | Instr::Execute(_)
        | Instr::DeallocExecute(_)
        | Instr::Proceed
        | Instr::DeallocProceed
        | Instr::Cut(_)
        | Instr::CutExit(_)
        | Instr::GetLevel(..)
        | Instr::Mark(_)
        | Instr::CutTo(_)
        | Instr::SoftCut(_)
        | Instr::PushAlt(..)
        | Instr::GuardAlt { .. }
        | Instr::TestAlt { .. }
        | Instr::Jump(_)
        | Instr::IfUnattended(_)
        | Instr::Fail
        | Instr::Succeed
        | Instr::Pending
        | Instr::FindallCollect
        | Instr::CatchExit
        | Instr::WakeResume
        | Instr::ArithCmp(..)
        | Instr::ArithIs { .. }
        | Instr::ArgOf { .. }
        | Instr::FunctorOf { .. }
        | Instr::Inline { .. }
        | Instr::ArithStep { .. }
        | Instr::CmpStep { .. }
        | Instr::ArithCmpExpr { .. } => None,
    }
}

/// The second cell an instruction carries: `GetStructConst`'s constant and `GetConst2`'s
/// second.
pub fn instr_second_cell(i: &Instr) -> Option<Cell> {
    match *i {
        Instr::GetStructConst(_, _, c)
        | Instr::GetConst2(_, _, c)
        | Instr::GetConst2Proceed(_, _, c) => Some(c),
        _ => None,
    }
}

/// Mark the atoms of `cs`; returns how many words that was.
fn cells(marks: &mut AtomMarks, cs: &[Cell]) -> usize {
    marks.cells(cs);
    cs.len()
}

fn stored(marks: &mut AtomMarks, t: &StoredTerm) {
    marks.cells(&t.cells);
}

fn clause_list(marks: &mut AtomMarks, list: &super::db::ClauseList) {
    // A clause's keys are read off its term, so its term's cells are all it holds; a fact
    // kept in its code has its atoms in the code, which is marked whole.
    for c in &list.clauses {
        marks.cells(c.stored_cells());
    }
}

impl Machine {
    /// The index of `name` as a volatile atom: one that the atom collector frees once nothing
    /// refers to it. For builtins that make atoms from text at run time; the index must go into
    /// a heap cell or a register before the next call, never into Rust state that outlives
    /// the builtin.
    pub fn volatile_atom(&mut self, name: &str) -> u32 {
        let i = self.atoms.intern_volatile(name);
        self.note_volatile_atoms();
        i
    }

    /// Make the next call boundary collect atoms when enough volatile atoms have been made
    /// since the last collection: [`Machine::volatile_atom`]'s check, for code that interned
    /// them itself (the compiler, which sees the atom table only).
    pub(crate) fn note_volatile_atoms(&mut self) {
        if self.atoms.volatile_made() >= self.services.gc.atoms.threshold
            && !self.services.gc.atoms.requested
        {
            self.request_atom_gc();
        }
    }

    /// Make the next call boundary collect atoms (`garbage_collect_atoms/0`).
    pub fn request_atom_gc(&mut self) {
        self.services.gc.atoms.requested = true;
        self.services.gc.trigger = 0;
    }

    /// The collectors' stop at a call boundary whose first `live` registers are the callee's
    /// arguments: the heap collector when the heap has grown enough, the atom collector when
    /// it is due (after the heap collector, so that the terms the innermost query dropped no
    /// longer keep atoms).
    pub fn collect_at_call(&mut self, live: usize) {
        let atoms = self.services.gc.atoms.requested;
        if self.stacks.heap.top() >= self.services.gc.heap_trigger
            || (atoms && self.services.gc.enabled)
        {
            self.collect_garbage(live);
        }
        if atoms {
            self.collect_atoms();
        }
        self.services
            .gc
            .set_heap_trigger(self.services.gc.heap_trigger);
    }

    /// Free every volatile atom that nothing in the machine refers to; returns how many.
    pub fn collect_atoms(&mut self) -> usize {
        let started = Instant::now();
        let mut marks = AtomMarks::new(self.atoms.slots());
        let scanned = self.mark_atoms(&mut marks);
        let freed = self.atoms.sweep(&marks);
        if freed > 0 {
            // A freed atom's index may come back under another name.
            self.services.natives.atoms_collected();
        }
        let st = &mut self.services.gc.atoms;
        st.collections += 1;
        st.freed += freed as u64;
        st.requested = false;
        st.threshold = if st.proportional {
            // The next collection waits for as many new atoms as half the table, and for one per
            // 64 words this one had to look at, so collecting costs a bounded share of the run.
            st.margin.max(self.atoms.len() / 2).max(scanned / 64)
        } else {
            st.margin
        };
        st.time += started.elapsed();
        freed
    }

    /// Mark every atom the machine refers to; returns how many words were looked at.
    fn mark_atoms(&self, marks: &mut AtomMarks) -> usize {
        let mut words = 0;
        // Frames above the environment top are dead: what their slots held must not keep an
        // atom (a loop's last frames would otherwise keep one of the atoms it dropped).
        let frames = &self.stacks.stack[..self.env_top().min(self.stacks.stack.len())];
        for cs in [
            &self.stacks.heap.cells[..],
            &self.stacks.x,
            frames,
            &self.stacks.saved_args,
        ] {
            words += cells(marks, cs);
        }
        for &(a, b) in self
            .stacks
            .unify_stack
            .iter()
            .chain(&self.stacks.pair_stack)
        {
            marks.cell(a);
            marks.cell(b);
        }
        for t in &self.stacks.trail {
            match *t {
                super::choice::TrailEntry::Assign(_, old) => marks.cell(old),
                super::choice::TrailEntry::Global(name, old) => {
                    marks.atom(name);
                    if let Some(old) = old {
                        marks.cell(old);
                    }
                }
                super::choice::TrailEntry::Bind(_)
                | super::choice::TrailEntry::Root(_)
                | super::choice::TrailEntry::AttVar(_)
                | super::choice::TrailEntry::CatchExited(_)
                | super::choice::TrailEntry::Depth(..) => {}
            }
        }
        words += self.stacks.trail.len();
        for i in &self.program.code {
            if let Some(c) = instr_cells(i) {
                marks.cell(c);
            }
            if let Some(c) = instr_second_cell(i) {
                marks.cell(c);
            }
        }
        words += self.program.code.len();
        // Every template's cells, and its registers' slot cells, which hold no atom.
        words += cells(marks, &self.program.templates.arena);
        // Clause lists: the database's and those that choicepoints still iterate over, each
        // list once.
        let mut seen: std::collections::HashSet<*const super::db::ClauseList> =
            std::collections::HashSet::new();
        let lists = self
            .program
            .preds
            .iter()
            .filter_map(|p| match &p.kind {
                super::db::PredKind::Clauses(l) => Some(l),
                _ => None,
            })
            .chain(self.stacks.choices.iter().filter_map(|c| match &c.kind {
                super::choice::ChoiceKind::Clauses { list, .. } => Some(list),
                _ => None,
            }));
        for l in lists {
            if seen.insert(std::rc::Rc::as_ptr(l)) {
                clause_list(marks, l);
                words += l
                    .clauses
                    .iter()
                    .map(|c| c.stored_cells().len())
                    .sum::<usize>();
            }
        }
        for p in &self.program.preds {
            marks.atom(p.name);
            if let Some(f) = p.file {
                marks.atom(f);
            }
        }
        for &(name, _) in self.program.pred_map.keys() {
            marks.atom(name);
        }
        for (&name, t) in &self.services.globals {
            marks.atom(name);
            stored(marks, t);
        }
        for (&name, &c) in &self.stacks.bglobals {
            marks.atom(name);
            marks.cell(c);
        }
        for b in &self.stacks.bags {
            marks.cells(b.cells());
        }
        if let Some(Outcome::Error(t)) = &self.stacks.pending {
            stored(marks, t);
        }
        for s in &self.stacks.saved_states {
            words += cells(marks, s.registers());
        }
        for t in self
            .services
            .loading
            .init_goals
            .iter()
            .map(|(goal, _)| goal)
            .chain(&self.services.loading.main_goal)
        {
            stored(marks, t);
        }
        if let Some(t) = self
            .stacks
            .last_error_site
            .as_ref()
            .and_then(|s| s.ball.as_ref())
        {
            stored(marks, t);
        }
        for s in self.services.natives.all() {
            s.atoms(&mut |a| marks.atom(a));
        }
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arithmetic remembers which functors are evaluable by atom index; after a collection a
    /// freed index may name an evaluable function, which must then evaluate.
    #[test]
    fn evaluable_functors_are_forgotten_with_the_atoms() {
        let mut m = Machine::bare();
        let mark = m.stacks.heap.top();
        let odd = m.atoms.intern_volatile("zz_not_popcount");
        let seven = Cell::int(7);
        let t = m.stacks.heap.compound(odd, &[seven]);
        assert!(m.eval(t).is_err());
        m.stacks.heap.truncate(mark);
        m.collect_atoms();
        assert_eq!(m.atoms.lookup("zz_not_popcount"), None);
        // The freed index comes back first, under an evaluable name.
        let popcount = m.atoms.intern_volatile("popcount");
        assert_eq!(popcount, odd);
        let t = m.stacks.heap.compound(popcount, &[seven]);
        assert_eq!(m.eval(t).ok(), Some(ply_arith::number::Number::Int(3)));
    }
}
