//! How every call of one snapshot finds its first two candidates, worked out once by the first
//! call that finds two, for the two shapes whose answer follows from the snapshot alone or from
//! one or two keys of the call: clauses that all have a variable first argument and nothing
//! else to tell them apart (`выбор/6` of the textbook minimax), and a short list walk whose
//! clauses share their first argument's functor and differ in one of its arguments (`[X]`
//! against `[X|Xs]`, the minimax's `лучш/3`). Such a call then reads no key array, no memo and
//! no column, and computes no key it does not compare.
//!
//! A plan is a cache of its snapshot like the others of `index.rs`, forgotten with the scan
//! memo at every change to the list. The first call that finds two candidates by its first
//! argument works it out; until then, and for lists of other shapes, calls take the general
//! path. Nothing here may select other candidates than
//! [`ClauseList::scan_two`] followed by the narrowing of `index.rs` would select.

use std::cell::OnceCell;

use super::{CallKeys, Cands, ClauseList, DEAD, DEEP, INDEX_THRESHOLD};
use crate::instr::Instr;
use ply_term::{atom, Cell, Tag};

/// In a plan, the position of no clause.
const NONE: usize = usize::MAX;

/// [`DeepPlan::list_arg`] of a plan whose clauses' first arguments are not list pairs.
const NOT_LISTS: u8 = u8::MAX;

/// What the calls of a snapshot of one of the plan's shapes do to find their candidates.
#[derive(Clone, Copy, Debug)]
pub enum Plan {
    /// Every clause has a variable first argument and no other column holds a key: every call
    /// has the same candidates, all clauses, the first at code address `start` and the second
    /// at position `next`.
    Fixed {
        /// The code address of the first clause.
        start: usize,
        /// The position of the second.
        next: usize,
    },
    /// A short list whose clauses all have the first-argument key `first`, with one column, an
    /// argument of the first argument, which holds one key beside variables
    /// ([`ClauseList::single_deep_column`]).
    Deep(DeepPlan),
}

/// The answers of a [`Plan::Deep`] snapshot.
///
/// A call's candidates are one of two answers worked out with the plan, each a set of slots
/// as bits, so that the choicepoint keeps them as [`Cands::Mask`] and the call reads three
/// words of the plan and builds nothing: every clause has the first-argument key the call
/// must have, so the slots a first-argument scan would find are the live ones.
#[derive(Clone, Copy, Debug)]
pub struct DeepPlan {
    /// The first-argument key code every clause has.
    first: u64,
    /// The column: an argument of the first argument.
    column: u8,
    /// The one key in that column beside variables.
    only: u64,
    /// Whether `only` is the key of an atom or a small integer, whose key code is the cell
    /// itself: a call's argument then has that key exactly when it is that cell, and any
    /// other bound argument has another key, which needs no key computed. A byte rather than
    /// a `bool`, as is `list_arg`: a `bool` would lend its unused values to the enums around
    /// the plan for their tags, which every call then decodes with more instructions.
    only_is_cell: u8,
    /// When the first key is that of a list pair, whose arguments (0 and 1) the call reads
    /// straight from the pair, the argument the column is; else [`NOT_LISTS`].
    list_arg: u8,
    /// The candidates of a call whose key in the column rules nothing out (every clause),
    /// and of a call with another key there (the clauses with a variable in the column).
    answers: [Answer; 2],
}

/// The candidates of a call by a [`DeepPlan`]: the slots of the clauses it may try as bits,
/// the code address of the first, and the position of the second.
///
/// Plain words rather than a [`Cands`] with an `Option`, so that the answer goes straight from
/// the plan to the choicepoint: built as an enum on several paths, it was merged in memory a
/// word at a time and read back as one wider load, which waits for those stores to reach the
/// cache.
#[derive(Clone, Copy, Debug)]
pub struct Answer {
    /// The slots of the candidates, as bits: 0 when no clause may match.
    pub mask: u64,
    /// The code address of the first candidate (unused when `mask` is 0).
    pub start: usize,
    /// The position of the second candidate, or [`NONE`] when there is one candidate.
    pub next: usize,
}

impl Answer {
    /// The answer for the slots in `mask` of a list whose key array is `keys`.
    fn of_mask(mask: u64, keys: &[(u64, usize)]) -> Answer {
        let start = if mask == 0 {
            0
        } else {
            keys[mask.trailing_zeros() as usize].1
        };
        let next = match mask & mask.wrapping_sub(1) {
            0 => NONE,
            rest => rest.trailing_zeros() as usize,
        };
        Answer { mask, start, next }
    }

    /// Whether no clause may match.
    #[inline(always)]
    pub fn fails(&self) -> bool {
        self.mask == 0
    }

    /// The position of the second candidate, if there is one.
    #[inline(always)]
    pub fn next(&self) -> Option<usize> {
        (self.next != NONE).then_some(self.next)
    }

    /// Which positions the call may try.
    #[inline(always)]
    pub fn cands(&self) -> Cands {
        Cands::Mask(self.mask)
    }
}

impl DeepPlan {
    /// The candidates of a call whose first argument has key code `k`, whose other keys
    /// `call` gives; `None` when no clause may match.
    #[inline(always)]
    pub fn select(&self, k: u64, call: &impl CallKeys) -> Option<&Answer> {
        if k == 0 {
            // An unbound first argument has no arguments to look at.
            return Some(&self.answers[0]);
        }
        if k != self.first {
            return None;
        }
        self.by_column_key(call.code(self.column))
    }

    /// [`DeepPlan::select`] once the first argument has passed, by the call's key code `d` in
    /// the column.
    #[inline(always)]
    fn by_column_key(&self, d: u64) -> Option<&Answer> {
        let answer = &self.answers[(d != 0 && d != self.only) as usize];
        (!answer.fails()).then_some(answer)
    }

    /// Which argument of a list pair the column is, when the clauses' first arguments are
    /// list pairs: a call whose first argument is a pair passes the first key, and needs
    /// only that argument looked at ([`DeepPlan::by_column_cell`]).
    #[inline(always)]
    pub fn list_arg(&self) -> Option<usize> {
        (self.list_arg != NOT_LISTS).then_some(self.list_arg as usize)
    }

    /// [`DeepPlan::select`] for a call whose first argument passed, by its argument in the
    /// column, `d`, dereferenced; `key` gives the key code of a cell when one is needed.
    #[inline(always)]
    pub fn by_column_cell(&self, d: Cell, key: impl FnOnce(Cell) -> u64) -> Option<&Answer> {
        if d.0 == self.only || d.tag() == Tag::Ref {
            return Some(&self.answers[0]);
        }
        if self.only_is_cell != 0 {
            // A bound cell other than `only` has another key.
            let answer = &self.answers[1];
            return (!answer.fails()).then_some(answer);
        }
        self.by_column_key(key(d))
    }
}

impl ClauseList {
    /// This snapshot's plan, if it has one and a call has worked it out.
    #[inline(always)]
    pub fn plan(&self) -> Option<&Plan> {
        match self.plan.get() {
            Some(Some(plan)) => Some(plan),
            _ => None,
        }
    }

    /// Whether a call has worked out this snapshot's plan (or found it has none).
    #[inline(always)]
    pub fn plan_worked_out(&self) -> bool {
        self.plan.get().is_some()
    }

    /// Work out and remember the plan of this snapshot, for a call that found two candidates
    /// by its first argument. Only lists whose calls would build their columns anyway (every
    /// call with a first argument the clauses share finds two candidates) build them here.
    /// `area` is the code area (`Program::code`) the columns are built from.
    #[cold]
    #[inline(never)]
    pub fn work_out_plan(&self, area: &[Instr]) {
        self.plan.get_or_init(|| self.plan_for_keys(area));
    }

    /// [`ClauseList::work_out_plan`] when the list has one of the plan's shapes.
    fn plan_for_keys(&self, area: &[Instr]) -> Option<Plan> {
        // A long list has none: working one out reads every clause's columns, which a list
        // that changes between calls (a table of answers asked before each assert) would pay
        // at every call. Its calls are narrowed by the just-in-time indexes (`jit.rs`).
        if self.clauses.len() < 2 || self.clauses.end() >= INDEX_THRESHOLD {
            return None;
        }
        let keys = &self.clauses.keys[self.clauses.head()..];
        let mut live = keys.iter().filter(|&&(c, _)| c != DEAD);
        let first = live.next()?.0;
        if !live.all(|&(c, _)| c == first) {
            return None;
        }
        // Every call that the first argument does not rule out finds two candidates.
        let columns = self.columns.get_or_init(|| self.build_columns(area));
        let (start, next) = match self.scan_two_with(|c| c != DEAD) {
            Some((_, start, Some(next))) => (start, next),
            _ => return None,
        };
        if first == 0 {
            return columns.is_empty().then_some(Plan::Fixed { start, next });
        }
        let (arg, only, var_mask) = self.single_deep_column()?;
        // Every live slot: what a first-argument scan finds, since every clause has the
        // call's first key (or the call has a variable there).
        let live = self.first_mask(0, area);
        // What `narrow_to_vars` finds for a call with another key in the column: the clauses
        // with a variable there, since every clause has the call's first key.
        let vars = var_mask & live;
        let keys = &self.clauses.keys;
        let all = Answer::of_mask(live, keys);
        debug_assert_eq!((all.start, all.next), (start, next));
        let only_cell = Cell(only);
        Some(Plan::Deep(DeepPlan {
            first,
            column: DEEP + arg as u8,
            only,
            only_is_cell: matches!(only_cell.tag(), Tag::Atom | Tag::Int) as u8,
            list_arg: if first == Cell::functor(atom::DOT, 2).0 && arg < 2 {
                arg as u8
            } else {
                NOT_LISTS
            },
            answers: [all, Answer::of_mask(vars, keys)],
        }))
    }

    /// Forget the answers remembered for calls: the list is about to change.
    pub(super) fn forget_answers(&mut self) {
        self.memo.forget();
        self.plan = OnceCell::new();
    }
}
