//! The just-in-time indexes for `clause/2` and `retract/1`, which walk a list one clause per
//! answer rather than entering it: the head asked about picks its index as a call's arguments
//! would (`jit.rs`), and the walk goes through that index's slots instead of every clause the
//! first argument leaves. A walk may be resumed after the list has changed (a retract erases the
//! clause it found) and may then find another index, or none: every index lists a superset of
//! the clauses that could match, in slot order, so going on from a slot in any of them finds
//! the same next clause.

use super::table::Found;
use super::CallTerms;
use crate::db::index::{live_match, ClauseList, Key};
use crate::instr::Instr;
use std::rc::Rc;

/// The slots a walk goes through, when an index leaves fewer than the first argument.
#[derive(Clone, Debug)]
pub enum Selected {
    /// The first argument's selection: no index would pay, or none applies.
    First,
    /// These slots, in order.
    Slots(Rc<Vec<u32>>),
}

impl ClauseList {
    /// The slots a walk for the head `call`, with first-argument key `key`, goes through: an
    /// index's when the list is long, the first argument leaves two candidates or more, and
    /// the head binds a place an index pays on.
    /// `area` is the code area (`Program::code`) the clauses' keys are read from.
    pub fn walk_selection(&self, key: Key, call: &impl CallTerms, area: &[Instr]) -> Selected {
        let first = key.code();
        if !self.is_long() || self.first_len(first) < 2 {
            return Selected::First;
        }
        let args = self.bound_keyed_args(call, area);
        if args == 0 {
            return Selected::First;
        }
        let places = self.bound_places(call, args, area);
        if places.candidates().next().is_none() {
            return Selected::First;
        }
        let mut jit = self.jit.borrow_mut();
        let Some(i) = self.decide(&mut jit, &places, area) else {
            return Selected::First;
        };
        let index = &jit.indexes[i];
        match index.table.get(index.key.call_code(&places)) {
            Found::One(slot) => Selected::Slots(Rc::new(vec![slot])),
            Found::Many(slots) if slots.len() >= self.first_len(first) => Selected::First,
            Found::Many(slots) => Selected::Slots(slots.clone()),
        }
    }

    /// [`ClauseList::next_match`] through `selected`: the slot of the first clause at or after
    /// slot `from` among the selected ones whose first argument may match `key` and whose id is
    /// below `first_new`.
    pub fn next_selected(
        &self,
        selected: &Selected,
        key: Key,
        from: usize,
        first_new: usize,
    ) -> Option<usize> {
        let Selected::Slots(slots) = selected else {
            return self.next_match(key, from, first_new);
        };
        let from = from.max(self.clauses.head());
        let k = key.code();
        let at = slots.partition_point(|&s| (s as usize) < from);
        slots[at..].iter().map(|&s| s as usize).find(|&s| {
            self.clauses
                .keys
                .get(s)
                .is_some_and(|&(code, _)| live_match(code, k))
                && self.clauses.get(s).is_some_and(|c| c.id < first_new)
        })
    }
}
