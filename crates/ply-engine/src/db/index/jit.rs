//! Just-in-time indexes, as SWI-Prolog's JITI and YAP's: for a long clause list, a hash table on
//! whichever place of the head calls bind, made the first time a call needs one and kept up to
//! date as clauses come and go.
//!
//! A place is a head argument or, recursively, an argument of a compound there (`Path`), so a
//! table of answers whose first arguments all share one functor is indexed inside it (deep
//! indexing). A call that reaches here has two candidates or more by its first argument
//! (`enter.rs`); it lists the places it binds (`Places`), and the list's decision for that set
//! of places says which index to look in, or that none would pay. A decision is made
//! (`assess.rs`) by counting, for each place the call binds, how many candidates a call would
//! be left with on average, and, when no one place leaves few, for the best two together
//! (multi-argument indexing); the index is built when it pays and kept. Decisions and counts
//! are made again once the list has changed by as many clauses as it had.
//!
//! The indexes name slots, like the first-argument table: they belong to the list, are copied
//! with it when a running call shares it (the logical update view), and are changed in place
//! on assert, retract and renumbering (`update.rs`). Whatever an index selects is a superset of
//! the clauses whose heads could unify, in clause order: a clause is left out only when its key
//! at the place differs from the call's. A fast path: with the fast paths off, calls select by
//! the first argument alone and never come here.

use super::{live_match, Cands, ClauseList, Narrowed};
use crate::db::clause_term::MISMATCH;
use crate::db::HeadKeys;
use crate::instr::Instr;
use ply_term::Cell;
use std::cell::RefCell;

mod assess;
mod keyed;
mod scan;
mod table;

pub(super) use keyed::KeyedArgs;

pub use scan::Selected;
pub use table::Slots;
pub(super) use table::{add_slot, put_slot};
use table::{Found, Table};

/// The deepest place looked at: a head argument and three levels of arguments inside it.
pub const MAX_DEPTH: usize = 4;

/// How many arguments of one term are looked at.
const MAX_WIDTH: usize = 8;

/// How many places of one call are looked at.
const MAX_PLACES: usize = 24;

/// How many indexes a list keeps.
const MAX_INDEXES: usize = 8;

/// How many decisions a list keeps, one per set of places calls bind.
const MAX_DECISIONS: usize = 16;

/// A place in a head: argument `steps[0]` of the head, then argument `steps[1]` of that, and so
/// on (counted from 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Path {
    steps: [u8; MAX_DEPTH],
    len: u8,
}

impl Path {
    /// Head argument `i`.
    pub fn arg(i: u8) -> Path {
        Path {
            steps: [i, 0, 0, 0],
            len: 1,
        }
    }

    /// The place reached by `steps` (at most [`MAX_DEPTH`]).
    pub fn of_steps(steps: &[u8]) -> Path {
        let mut p = Path::default();
        p.steps[..steps.len()].copy_from_slice(steps);
        p.len = steps.len() as u8;
        p
    }

    /// The steps, from the head down.
    pub fn steps(&self) -> &[u8] {
        &self.steps[..self.len as usize]
    }

    /// Argument `i` of the term at this place, if not too deep.
    fn child(self, i: u8) -> Option<Path> {
        let len = self.len as usize;
        if len >= MAX_DEPTH {
            return None;
        }
        let mut p = self;
        p.steps[len] = i;
        p.len += 1;
        Some(p)
    }

    /// The path as one word, for signatures.
    fn word(self) -> u64 {
        u32::from_le_bytes(self.steps) as u64 | (self.len as u64) << 32
    }

    /// Whether this is the first argument itself, which the first-argument table serves.
    fn is_first(self) -> bool {
        self.len == 1 && self.steps[0] == 0
    }
}

/// What an index is keyed on: one place, or two together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IndexKey {
    paths: [Path; 2],
    two: bool,
}

impl IndexKey {
    /// An index on place `p`.
    pub fn one(p: Path) -> IndexKey {
        IndexKey {
            paths: [p, Path::default()],
            two: false,
        }
    }

    /// An index on places `a` and `b` together.
    pub fn two(a: Path, b: Path) -> IndexKey {
        IndexKey {
            paths: [a, b],
            two: true,
        }
    }

    /// The places.
    pub fn paths(&self) -> &[Path] {
        &self.paths[..1 + self.two as usize]
    }

    /// The key code of a clause.
    fn clause_code(&self, term: &HeadKeys) -> u64 {
        let a = term.code_at(self.paths[0].steps());
        if !self.two {
            return a;
        }
        combine(a, term.code_at(self.paths[1].steps()))
    }

    /// The key code of a call that binds the places.
    fn call_code(&self, places: &Places) -> u64 {
        let a = places.code(self.paths[0]);
        if !self.two {
            return a;
        }
        combine(a, places.code(self.paths[1]))
    }
}

/// The key code of two places together: a variable in either matches every call, a place the
/// clause cannot have matches none, and two keys make a word no key code and no empty slot has
/// (its low bit is set, so it is never a variable's tag).
fn combine(a: u64, b: u64) -> u64 {
    if a == MISMATCH || b == MISMATCH {
        return MISMATCH;
    }
    if a == 0 || b == 0 {
        return 0;
    }
    (a.rotate_left(29) ^ b).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1
}

/// A call's arguments as the indexes read them: every cell handed out is dereferenced.
pub trait CallTerms {
    /// How many arguments the call has.
    fn arity(&self) -> usize;
    /// Argument `i` of the call.
    fn arg(&self, i: usize) -> Cell;
    /// How many arguments term `t` has (0 for anything but a compound or a list pair).
    fn width(&self, t: Cell) -> usize;
    /// Argument `i` of compound or list pair `t`.
    fn sub(&self, t: Cell, i: usize) -> Cell;
    /// The key code of `t` (0 for a variable).
    fn code(&self, t: Cell) -> u64;
}

/// The places a call binds, breadth first from its arguments, with its key code at each.
pub struct Places {
    at: [(Path, u64); MAX_PLACES],
    len: usize,
}

impl Places {
    /// The places `call` binds, up to [`MAX_DEPTH`] deep and [`MAX_WIDTH`] wide, in and under
    /// the arguments whose bits are set in `args`.
    pub fn of_call(call: &impl CallTerms, args: u64) -> Places {
        let mut places = Places {
            at: [(Path::default(), 0); MAX_PLACES],
            len: 0,
        };
        let mut cells = [Cell(0); MAX_PLACES];
        let mut rest = args;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            places.push(Path::arg(i as u8), call.arg(i), call, &mut cells);
        }
        // The queue is the list itself: each place's arguments go after it.
        let mut next = 0;
        while next < places.len {
            let (path, t) = (places.at[next].0, cells[next]);
            next += 1;
            for i in 0..call.width(t).min(MAX_WIDTH) {
                let Some(p) = path.child(i as u8) else {
                    break;
                };
                places.push(p, call.sub(t, i), call, &mut cells);
            }
        }
        places
    }

    /// Note place `p`, where the call has `t`, if the call binds it and there is room.
    fn push(&mut self, p: Path, t: Cell, call: &impl CallTerms, cells: &mut [Cell]) {
        let code = call.code(t);
        if code != 0 && self.len < MAX_PLACES {
            self.at[self.len] = (p, code);
            cells[self.len] = t;
            self.len += 1;
        }
    }

    /// The call's key code at `p`, 0 when it does not bind it.
    fn code(&self, p: Path) -> u64 {
        self.at[..self.len]
            .iter()
            .find(|(q, _)| *q == p)
            .map_or(0, |&(_, c)| c)
    }

    /// The places an index may be on: all but the first argument itself.
    fn candidates(&self) -> impl Iterator<Item = Path> + '_ {
        self.at[..self.len]
            .iter()
            .map(|&(p, _)| p)
            .filter(|p| !p.is_first())
    }

    /// The set of places as one word: calls that bind the same places share a decision.
    fn signature(&self) -> u64 {
        self.candidates().fold(0x51_7CC1_B727_220A, |h, p| {
            (h ^ p.word()).wrapping_mul(0x100_0000_01B3)
        })
    }
}

/// One index: what it is keyed on and its table.
#[derive(Clone, Debug)]
struct JitIndex {
    key: IndexKey,
    table: Table,
}

/// How many candidates an index key would leave a call with, on average, when counted.
#[derive(Clone, Copy, Debug)]
struct Assessed {
    key: IndexKey,
    /// The list's change count when counted.
    at: usize,
    /// The live clauses then.
    live: usize,
    cost: f64,
    /// How many different keys the place had then: what a table built on it reserves, so that
    /// a table of a million keys is not grown (and for a moment held twice) while it is built.
    keys: usize,
}

/// What calls that bind one set of places do.
#[derive(Clone, Copy, Debug)]
struct Decision {
    signature: u64,
    /// The list's change count when decided.
    at: usize,
    /// The live clauses then.
    live: usize,
    /// The index to look in, or none.
    index: Option<u8>,
}

/// The just-in-time indexes of a list, its decisions and what it has counted.
#[derive(Clone, Debug, Default)]
pub(super) struct Jit {
    indexes: Vec<JitIndex>,
    assessed: Vec<Assessed>,
    decisions: Vec<Decision>,
    /// How many clauses have come and gone: counts and decisions older than the list's length
    /// in changes are made again.
    changes: usize,
}

/// Whether something counted at change `at` with `live` clauses is out of date at `now`.
fn stale(at: usize, live: usize, now: usize) -> bool {
    now - at > live.max(super::INDEX_THRESHOLD)
}

impl Jit {
    /// Note a clause of term `term` put in slot `slot` of a list of `live` clauses.
    pub(super) fn inserted(&mut self, slot: usize, term: &HeadKeys, live: usize) {
        self.changes += 1;
        if self.indexes.is_empty() {
            return;
        }
        let budget = table::budget(live);
        let before = self.indexes.len();
        self.indexes.retain_mut(|ix| {
            ix.table
                .insert(slot as u32, ix.key.clause_code(term), budget)
        });
        if self.indexes.len() != before {
            // Decisions name indexes by position.
            self.decisions.clear();
        }
    }

    /// Note that the clause of term `term` left slot `slot`.
    pub(super) fn removed(&mut self, slot: usize, term: &HeadKeys) {
        self.changes += 1;
        for ix in &mut self.indexes {
            ix.table.remove(slot as u32, ix.key.clause_code(term));
        }
    }

    /// Give every slot its new number after the list was laid out again.
    pub(super) fn renumber(&mut self, map: &[u32]) {
        for ix in &mut self.indexes {
            ix.table.renumber(map);
        }
    }

    /// The indexes, as what they are keyed on and how many keys each has.
    pub(super) fn describe(&self) -> Vec<(IndexKey, usize)> {
        self.indexes
            .iter()
            .map(|ix| (ix.key, ix.table.keys()))
            .collect()
    }
}

impl ClauseList {
    /// The candidates of a call of a long list that its first argument (key code `first`)
    /// left with two or more: those of the index the list's decision for the places the call
    /// binds names, when that index leaves fewer than the first argument does.
    /// `area` is the code area (`Program::code`), which the keys of a fact kept in its code are
    /// read back from when an index is assessed or built.
    pub fn jit_narrow(&self, first: u64, call: &impl CallTerms, area: &[Instr]) -> Narrowed {
        // Most calls that get here bind no argument any clause has a key in (a derivative's
        // `d(U*V, x, DU)` against clauses whose second argument is a variable and whose
        // third the call leaves unbound): they are let go after a look at those arguments
        // alone, with no place listed and no decision looked up.
        let args = self.bound_keyed_args(call, area);
        if args == 0 {
            return Narrowed::Same;
        }
        let places = self.bound_places(call, args, area);
        if places.candidates().next().is_none() {
            return Narrowed::Same;
        }
        let mut jit = self.jit.borrow_mut();
        let Some(i) = self.decide(&mut jit, &places, area) else {
            return Narrowed::Same;
        };
        let index = &jit.indexes[i];
        match index.table.get(index.key.call_code(&places)) {
            Found::One(slot) => {
                let (code, start) = self.clauses.keys[slot as usize];
                if live_match(code, first) {
                    Narrowed::Only(start)
                } else {
                    Narrowed::Fail
                }
            }
            Found::Many(slots) if slots.len() >= self.first_len(first) => Narrowed::Same,
            Found::Many(slots) => self.narrowed_to_slots(slots.clone(), first),
        }
    }

    /// How many candidates the first argument's key code `first` leaves, at most.
    fn first_len(&self, first: u64) -> usize {
        if first != 0 && self.indexed {
            if let Some(b) = self.first_buckets() {
                return b.get(first).len();
            }
        }
        self.clauses.len()
    }

    /// The call narrowed to those of `slots` whose first argument may match key code `first`.
    fn narrowed_to_slots(&self, slots: Slots, first: u64) -> Narrowed {
        let keys = &self.clauses.keys;
        let passes = |s: &u32| live_match(keys[*s as usize].0, first);
        let Some(p0) = slots.iter().position(passes) else {
            return Narrowed::Fail;
        };
        let start = keys[slots[p0] as usize].1;
        match slots[p0 + 1..].iter().position(passes) {
            None => Narrowed::Only(start),
            Some(d) => Narrowed::To(Cands::Slots(slots, first), start, p0 + 1 + d),
        }
    }

    /// The index calls that bind `places` look in, deciding it if no decision stands.
    fn decide(&self, jit: &mut Jit, places: &Places, area: &[Instr]) -> Option<usize> {
        let signature = places.signature();
        let now = jit.changes;
        let found = jit.decisions.iter().position(|d| d.signature == signature);
        if let Some(d) = found.map(|i| jit.decisions[i]) {
            if !stale(d.at, d.live, now) {
                return d.index.map(usize::from);
            }
        }
        let index = self.choose(jit, places, area);
        let decision = Decision {
            signature,
            at: now,
            live: self.clauses.len(),
            index: index.map(|i| i as u8),
        };
        match jit.decisions.iter_mut().find(|d| d.signature == signature) {
            Some(d) => *d = decision,
            None => {
                if jit.decisions.len() >= MAX_DECISIONS {
                    jit.decisions.clear();
                }
                jit.decisions.push(decision);
            }
        }
        index
    }

    /// The indexes of this list, as what each is keyed on and how many keys it has.
    pub fn jit_indexes(&self) -> Vec<(IndexKey, usize)> {
        self.jit.borrow().describe()
    }
}

/// The indexes of a list, behind a cell so that a call, which sees the list shared, can build
/// one.
pub(super) type JitCell = RefCell<Jit>;

impl ClauseList {
    /// How many keys the first-argument hash table has, when calls have made it.
    pub fn first_table_keys(&self) -> Option<usize> {
        match self.index.get() {
            Some(Some(b)) if self.indexed => Some(b.map.len()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
