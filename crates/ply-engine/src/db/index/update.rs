//! Changing a clause list in place: appending a clause (`assertz`), putting one in front
//! (`asserta`) and removing one (`retract`, `erase`), keeping the caches of `index.rs` where
//! the change allows.
//!
//! The database changes a list in place only when no choicepoint shares it (a shared list is
//! copied first: the logical update view), so nothing here is ever seen by a running call. Each
//! change costs a constant (amortised) whatever the length of the list: clauses keep their slots
//! (`clauses.rs`), so a removal leaves the others where they are, and the first-argument hash
//! table, which names slots, is kept up to date on append, prepend and removal, so that a
//! program that changes a table between lookups (a memo or transposition table, a queue) does
//! not pay for a new table at every lookup. Only laying the slots out again renumbers them: the
//! first-argument table is renumbered in place, the other columns are dropped (they are rebuilt
//! when a call next needs them), and the renumbering is reported to the caller, who tells
//! whoever keeps slot numbers (`retract/1` scans). Nothing here may reorder clauses.

use super::buckets::value_of;
use super::jit::{add_slot, put_slot, Slots};
use super::slot_map::Value;
use super::{has_two_keys, Buckets, ClauseList, BUCKET_BUDGET, DEAD, INDEX_THRESHOLD};
use crate::db::Clause;
use crate::instr::Instr;
use std::cell::OnceCell;
use std::rc::Rc;

/// Empty slots are tolerated until they outnumber the clauses by this many: then the list is
/// laid out again, which costs the length of the list once per as many removals.
const SLACK: usize = 16;

/// The least number of empty slots left before the first clause when a prepend finds none.
const MIN_GAP: usize = 8;

/// How many keys a table may have for a removed clause with a variable first argument, which is
/// listed under every key, to be taken out of each list; past it the table is dropped.
const VARIABLE_REMOVAL_KEYS: usize = 64;

/// Where each slot went when a change laid the list out again: entry `s` is the new slot of the
/// first clause at or after old slot `s`; the last entry is for every slot past the old end.
pub type Renumbering = Box<[u32]>;

impl ClauseList {
    /// Give the clause in slot `slot` the code of `new`, the same clause compiled again (its
    /// code's address, length, family and source table): the same clause, so its keys, its
    /// slot and the tables stay as they are.
    pub fn set_clause_code(&mut self, slot: usize, new: Clause) {
        self.forget_answers();
        self.clauses.set_start(slot, new);
    }

    /// Change every clause in place with `f`, which may move its code and change its term but
    /// not its head's keys (the code space moving a family's auxiliary clauses).
    pub fn change_clauses(&mut self, f: impl FnMut(&mut Clause)) {
        self.forget_answers();
        self.clauses.change_each(f);
    }

    /// Add `clause` after the others; `area` is the code area (`Program::code`), which a fact
    /// kept in its code is read back from for its keys.
    pub fn push_clause(&mut self, clause: Rc<Clause>, area: &[Instr]) {
        self.forget_answers();
        let cells = clause.keys(area);
        let code = cells.key_code();
        let slot = self.clauses.push(clause.clone(), code);
        let live = self.clauses.len();
        self.jit.get_mut().inserted(slot, &cells, live);
        self.keyed.inserted(&cells);
        self.update_indexed(code, slot);
        self.table_insert(slot, code);
    }

    /// Add `clause` before the others (`area` as for [`ClauseList::push_clause`]). Returns the
    /// renumbering when the slots had to be laid out again to make room in front.
    pub fn prepend_clause(&mut self, clause: Rc<Clause>, area: &[Instr]) -> Option<Renumbering> {
        self.forget_answers();
        let cells = clause.keys(area);
        let code = cells.key_code();
        let moved = if self.clauses.head() == 0 && !self.clauses.is_empty() {
            Some(self.relayout(self.clauses.len().max(MIN_GAP)))
        } else {
            None
        };
        let slot = self.clauses.push_front(clause.clone(), code);
        let live = self.clauses.len();
        self.jit.get_mut().inserted(slot, &cells, live);
        self.keyed.inserted(&cells);
        self.update_indexed(code, slot);
        self.table_insert(slot, code);
        moved
    }

    /// Remove the clause in slot `slot` (nothing if that slot is empty; `area` as for
    /// [`ClauseList::push_clause`]). Returns the renumbering when the list was laid out again to
    /// give back empty slots.
    pub fn remove_clause(&mut self, slot: usize, area: &[Instr]) -> Option<Renumbering> {
        self.forget_answers();
        let clause = self.clauses.get(slot)?.clone();
        self.jit.get_mut().removed(slot, &clause.keys(area));
        let code = self.clauses.take(slot)?;
        // Whether two keys remain would take a pass over the list to know; an index on a list
        // that no longer needs one is only slower, never wrong, so the flag stays until the
        // list is short.
        self.indexed = self.indexed && self.clauses.len() >= INDEX_THRESHOLD;
        if self.clauses.is_empty() {
            self.drop_tables();
            return None;
        }
        if let Some(slot_table) = self.index.get_mut() {
            if let Some(buckets) = slot_table {
                if !buckets.remove(slot as u32, code) {
                    *slot_table = None;
                }
            }
        }
        // The other columns are cheap to rebuild and rarely asked for on a changing table.
        self.forget_columns();
        if self.clauses.holes() > self.clauses.len() + SLACK {
            return Some(self.relayout(0));
        }
        None
    }

    /// Lay the slots out again with `gap` empty slots in front. The first-argument table names
    /// slots: it is renumbered where it stands (a pass over its lists, no hashing), so that a
    /// table that shrinks or grows at its ends keeps its index; the other columns are dropped.
    fn relayout(&mut self, gap: usize) -> Renumbering {
        self.forget_columns();
        let map = self.clauses.relayout(gap);
        if let Some(Some(buckets)) = self.index.get_mut() {
            buckets.renumber(&map);
        }
        self.jit.get_mut().renumber(&map);
        map
    }

    /// Put slot `slot`, just filled with a clause of key code `code`, in the first-argument table
    /// if there is one, and forget the other columns. A table that would grow past its budget is
    /// given up, as [`Buckets::build`] would give it up.
    fn table_insert(&mut self, slot: usize, code: u64) {
        let budget = self.clauses.len().saturating_mul(BUCKET_BUDGET);
        if let Some(table) = self.index.get_mut() {
            if let Some(buckets) = table {
                if !buckets.insert(slot as u32, code, budget) {
                    *table = None;
                }
            }
        }
        // The other columns are cheap to rebuild and rarely asked for on a growing table.
        self.forget_columns();
    }

    /// Forget the key columns and the masks made with them.
    fn forget_columns(&mut self) {
        self.columns = OnceCell::new();
        self.first_masks = OnceCell::new();
    }

    /// Forget the hash tables, which name slots.
    fn drop_tables(&mut self) {
        self.index = OnceCell::new();
        self.forget_columns();
    }

    /// Decide `indexed` after a clause with key code `code` was put in slot `slot`. Without a
    /// pass over the whole list: a list at least as long as the threshold that is not indexed
    /// has one key other than variables at most, so only the new clause can add a second.
    fn update_indexed(&mut self, code: u64, slot: usize) {
        let n = self.clauses.len();
        if self.indexed || n < INDEX_THRESHOLD {
            return;
        }
        let keys = &self.clauses.keys;
        let others = || {
            (self.clauses.head()..keys.len())
                .filter(move |&s| s != slot && keys[s].0 != DEAD)
                .map(move |s| keys[s].0)
        };
        self.indexed = if n == INDEX_THRESHOLD {
            has_two_keys(others().chain([code]))
        } else {
            code != 0 && others().find(|&k| k != 0).is_some_and(|k| k != code)
        };
    }
}

impl Buckets {
    /// Add slot `slot` with key code `code` to every list it belongs in, in order; false when the
    /// table would then list more than `budget` slots, and should be given up.
    fn insert(&mut self, slot: u32, code: u64, budget: usize) -> bool {
        // A list nothing else holds grows in place, so that asserting clause after clause under
        // one key costs each clause a push, not a copy of the key's whole list.
        if code == 0 {
            // A variable matches every key: every list gets the slot.
            let total: usize = self.map.values().map(<[u32]>::len).sum::<usize>()
                + self.any.len()
                + self.map.len()
                + 1;
            if total > budget {
                return false;
            }
            self.map.update_all(|v| add_slot(v, slot));
            put_slot(&mut self.any, slot);
        } else if self.map.update(code, |v| add_slot(v, slot)).is_none() {
            // A new key's clauses are those with a variable and this one.
            let new = if self.any.is_empty() {
                Value::One(slot)
            } else {
                let mut list = Rc::new(self.any.to_vec());
                put_slot(&mut list, slot);
                Value::Many(list)
            };
            self.map.insert(code, new);
        }
        true
    }

    /// Take slot `slot`, whose clause had key code `code`, out of every list; false when that
    /// would cost more than building the table again, and the table should be given up.
    fn remove(&mut self, slot: u32, code: u64) -> bool {
        let without = |list: &[u32]| -> Option<Vec<u32>> {
            let at = list.binary_search(&slot).ok()?;
            let (before, after) = (&list[..at], &list[at + 1..]);
            Some(before.iter().chain(after).copied().collect())
        };
        if code == 0 {
            if self.map.len() > VARIABLE_REMOVAL_KEYS {
                return false;
            }
            self.map.update_all(|v| {
                if let Some(l) = without(v.slots()) {
                    *v = value_of(l);
                }
            });
            if let Some(l) = without(&self.any) {
                self.any = Rc::new(l);
            }
        } else if let Some(hit) = self.map.get(code) {
            let list = hit.slots();
            if list.len() == self.any.len() + 1 && list.binary_search(&slot).is_ok() {
                // The slot was the key's only clause beside the variables: the key goes, and
                // with it the list, without a new one being made first.
                self.map.remove(code);
            } else if let Some(l) = without(list) {
                // A list left with only the clauses with a variable is what a key without a
                // list gets: drop it, so that keys come and go without the table growing.
                if l.len() == self.any.len() {
                    self.map.remove(code);
                } else {
                    self.map.insert(code, value_of(l));
                }
            }
        }
        true
    }

    /// Give every slot in the lists its new number after the clauses were laid out again
    /// (`map`, as `Clauses::relayout` returns it: a slot that holds a clause goes to exactly
    /// `map[slot]`). Order is kept, since laying out never reorders clauses. A list nothing
    /// else holds is changed in place; one a call still holds is copied.
    fn renumber(&mut self, map: &[u32]) {
        let at = |s: &u32| map.get(*s as usize).copied().unwrap_or(*s);
        let moved = |list: &mut Slots| match Rc::get_mut(list) {
            Some(slots) => slots.iter_mut().for_each(|s| *s = at(s)),
            None => *list = Rc::new(list.iter().map(at).collect()),
        };
        self.map.update_all(|v| match v {
            Value::One(s) => *s = at(s),
            Value::Many(list) => moved(list),
        });
        moved(&mut self.any);
    }
}

#[cfg(test)]
mod tests;
