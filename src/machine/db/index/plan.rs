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

use super::{CallKeys, Cands, ClauseList, DEAD, DEEP};

/// In a plan, the position of no clause.
const NONE: usize = usize::MAX;

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
#[derive(Clone, Copy, Debug)]
pub struct DeepPlan {
    /// The first-argument key code every clause has.
    first: u64,
    /// The column: an argument of the first argument.
    column: u8,
    /// The one key in that column beside variables.
    only: u64,
    /// The code address of the first clause and the position of the second: the candidates of
    /// a call whose key in the column rules nothing out.
    start: usize,
    /// See `start`.
    next: usize,
    /// The clauses with a variable in the column, as bits: the candidates of a call with
    /// another key there.
    mask: u64,
    /// The code address of the first of `mask` (unused when `mask` is 0).
    mask_start: usize,
    /// The position of the second of `mask`, or [`NONE`].
    mask_next: usize,
}

impl DeepPlan {
    /// The candidates of a call whose first argument has key code `k`, whose other keys
    /// `call` gives; `None` when no clause may match.
    #[inline(always)]
    pub fn select(&self, k: u64, call: &impl CallKeys) -> Option<Selection> {
        if k == 0 {
            // An unbound first argument has no arguments to look at.
            return Some(Selection::scan(0, self.start, self.next));
        }
        if k != self.first {
            return None;
        }
        let d = call.code(self.column);
        if d == 0 || d == self.only {
            return Some(Selection::scan(k, self.start, self.next));
        }
        if self.mask == 0 {
            return None;
        }
        Some(Selection {
            mask: self.mask,
            key: 0,
            start: self.mask_start,
            next: self.mask_next,
        })
    }
}

/// The candidates a [`DeepPlan`] selects, in plain words: [`Cands::Scan`] of `key` when `mask`
/// is 0, else [`Cands::Mask`] of `mask`; the code address of the first; the position of the
/// second, or none.
///
/// Words rather than a [`Cands`] with an `Option`, so that the selection stays in registers up
/// to the choicepoint it goes into: built as an enum on each of the paths above, it was merged
/// in memory a word at a time and read back as one wider load, which waits for those stores
/// to reach the cache.
#[derive(Clone, Copy, Debug)]
pub struct Selection {
    mask: u64,
    key: u64,
    /// The code address of the first candidate.
    pub start: usize,
    next: usize,
}

impl Selection {
    /// All positions compatible with key code `key`, the first at code address `start`, the
    /// second at position `next`.
    #[inline(always)]
    fn scan(key: u64, start: usize, next: usize) -> Selection {
        Selection {
            mask: 0,
            key,
            start,
            next,
        }
    }

    /// Which positions the call may try.
    #[inline(always)]
    pub fn cands(&self) -> Cands {
        if self.mask == 0 {
            Cands::Scan(self.key)
        } else {
            Cands::Mask(self.mask)
        }
    }

    /// The position of the second candidate, if there is one.
    #[inline(always)]
    pub fn next(&self) -> Option<usize> {
        (self.next != NONE).then_some(self.next)
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
    #[cold]
    #[inline(never)]
    pub fn work_out_plan(&self) {
        self.plan.get_or_init(|| self.plan_for_keys());
    }

    /// [`ClauseList::work_out_plan`] when the list has one of the plan's shapes.
    fn plan_for_keys(&self) -> Option<Plan> {
        if self.clauses.len() < 2 {
            return None;
        }
        let keys = &self.clauses.keys[self.clauses.head()..];
        let mut live = keys.iter().filter(|&&(c, _)| c != DEAD);
        let first = live.next()?.0;
        if !live.all(|&(c, _)| c == first) {
            return None;
        }
        // Every call that the first argument does not rule out finds two candidates.
        let columns = self.columns.get_or_init(|| self.build_columns());
        let (start, next) = match self.scan_two_with(|c| c != DEAD) {
            Some((_, start, Some(next))) => (start, next),
            _ => return None,
        };
        if first == 0 {
            return columns.is_empty().then_some(Plan::Fixed { start, next });
        }
        let (arg, only, var_mask) = self.single_deep_column()?;
        // What `narrow_to_vars` finds for a call with another key in the column: the clauses
        // with a variable there, since every clause has the call's first key.
        let mask = var_mask & self.first_mask(0);
        let keys = &self.clauses.keys;
        let mask_start = if mask == 0 {
            0
        } else {
            keys[mask.trailing_zeros() as usize].1
        };
        let mask_next = match mask & mask.wrapping_sub(1) {
            0 => NONE,
            rest => rest.trailing_zeros() as usize,
        };
        Some(Plan::Deep(DeepPlan {
            first,
            column: DEEP + arg as u8,
            only,
            start,
            next,
            mask,
            mask_start,
            mask_next,
        }))
    }

    /// Forget the answers remembered for calls: the list is about to change.
    pub(super) fn forget_answers(&mut self) {
        self.memo.forget();
        self.plan = OnceCell::new();
    }
}
