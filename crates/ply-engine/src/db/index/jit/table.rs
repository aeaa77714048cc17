//! The hash table of one just-in-time index (`jit.rs`): for each key, the slots of the clauses
//! whose key at the index's place is that key or a variable, in clause order, and the slots of
//! the clauses with a variable there, for a key no clause has. Unlike the first-argument table
//! (`buckets.rs`), whose lists are made anew at each change, its lists grow and shrink in place:
//! an index may key a million clauses, some keys many of them, and each assert or retract must
//! cost about as much as the clause's own lists. A list a call still holds (a choicepoint of an
//! older snapshot) is copied before it changes, so the call keeps what it started with.

use super::super::slot_map::{Hit, SlotMap, Value};
use super::super::BUCKET_BUDGET;
use crate::db::clause_term::MISMATCH;
use std::rc::Rc;

/// The slots of one key, in clause order.
pub type Slots = Rc<Vec<u32>>;

/// What a look-up finds: one slot, or a list.
pub enum Found<'a> {
    /// Only this slot.
    One(u32),
    /// These slots, in order.
    Many(&'a Slots),
}

/// The table of one index.
#[derive(Clone, Debug, Default)]
pub(super) struct Table {
    /// Per key: the clauses with that key or a variable, in order (a key of one clause keeps
    /// its slot in the map, `slot_map.rs`; only when no clause has a variable).
    map: SlotMap<Slots>,
    /// The clauses with a variable, in order: the answer for a key no clause has.
    any: Slots,
    /// How many slots the lists hold in all, for the budget.
    total: usize,
}

impl Table {
    /// The table of the key codes `codes` (slot and code, in slot order, empty slots left out);
    /// `None` when clauses with a variable are so many that listing them under every key would
    /// hold more than `budget` slots. Clauses that cannot have the place ([`MISMATCH`]) are in
    /// no list: no call that uses the index can match them. The table is made with room for
    /// `keys` keys (the count of a recent assessment), so that a table of a million keys is not
    /// grown, and for a moment held twice, while it is built.
    pub(super) fn build(
        codes: impl Iterator<Item = (u32, u64)>,
        keys: usize,
        budget: usize,
    ) -> Option<Table> {
        // Slots come in order, so each goes at the end of its lists: building is inserting,
        // and a key of one clause never has a list made for it.
        let mut table = Table::default();
        table.map.reserve(keys);
        for (slot, code) in codes {
            if !table.insert(slot, code, budget) {
                return None;
            }
        }
        Some(table)
    }

    /// The slots compatible with key code `code` (not 0).
    #[inline]
    pub(super) fn get(&self, code: u64) -> Found<'_> {
        match self.map.get(code) {
            Some(Hit::One(s)) => Found::One(*s),
            Some(Hit::Many(list)) => Found::Many(list),
            None => Found::Many(&self.any),
        }
    }

    /// Whether the table lists what `other` lists, key by key (for tests).
    #[cfg(test)]
    pub(super) fn same_as(&self, other: &Table) -> bool {
        self.map.same_as(&other.map) && self.any == other.any && self.total == other.total
    }

    /// How many different keys the table has.
    pub(super) fn keys(&self) -> usize {
        self.map.len()
    }

    /// Add slot `slot`, just filled with a clause of key code `code`; false when the table
    /// would then hold more than `budget` slots, and should be given up.
    pub(super) fn insert(&mut self, slot: u32, code: u64, budget: usize) -> bool {
        match code {
            MISMATCH => true,
            0 => {
                self.total += self.map.len() + 1;
                if self.total > budget {
                    return false;
                }
                self.map.update_all(|entry| add_slot(entry, slot));
                put_slot(&mut self.any, slot);
                true
            }
            _ => {
                if self
                    .map
                    .update(code, |entry| add_slot(entry, slot))
                    .is_none()
                {
                    if self.any.is_empty() {
                        self.map.insert(code, Value::One(slot));
                    } else {
                        let mut list = self.any.clone();
                        put_slot(&mut list, slot);
                        self.total += self.any.len();
                        self.map.insert(code, Value::Many(list));
                    }
                }
                self.total += 1;
                self.total <= budget
            }
        }
    }

    /// Take slot `slot`, whose clause had key code `code`, out of every list it is in.
    pub(super) fn remove(&mut self, slot: u32, code: u64) {
        match code {
            MISMATCH => {}
            0 => {
                if take(&mut self.any, slot) {
                    self.total -= 1;
                }
                let alone = self.any.is_empty();
                let total = &mut self.total;
                self.map.update_all(|entry| {
                    if let Value::Many(list) = entry {
                        if take(list, slot) {
                            *total -= 1;
                        }
                        if alone && list.len() == 1 {
                            *entry = Value::One(list[0]);
                        }
                    }
                });
            }
            _ => {
                let (total, any) = (&mut self.total, &self.any);
                let left = self.map.update(code, |entry| match entry {
                    Value::One(s) if *s == slot => {
                        *total -= 1;
                        0
                    }
                    Value::One(_) => 1,
                    Value::Many(list) => {
                        if take(list, slot) {
                            *total -= 1;
                        }
                        if list.len() == 1 && any.is_empty() {
                            *entry = Value::One(list[0]);
                        }
                        entry.slots().len()
                    }
                });
                let Some(left) = left else {
                    return;
                };
                // A list left with only the clauses with a variable is what a key without a
                // list gets: it goes, so that keys come and go without the table growing.
                if left == self.any.len() {
                    self.total -= left;
                    self.map.remove(code);
                }
            }
        }
    }

    /// Give every slot its new number after the clauses were laid out again (`map`, as
    /// `Clauses::relayout` returns it). Order is kept, since laying out never reorders clauses.
    pub(super) fn renumber(&mut self, map: &[u32]) {
        let at = |s: &mut u32| *s = map.get(*s as usize).copied().unwrap_or(*s);
        self.map.update_all(|entry| match entry {
            Value::One(s) => at(s),
            Value::Many(list) => Rc::make_mut(list).iter_mut().for_each(at),
        });
        Rc::make_mut(&mut self.any).iter_mut().for_each(at);
    }
}

/// Add `slot` to an entry, in order.
pub(in crate::db::index) fn add_slot(entry: &mut Value<Slots>, slot: u32) {
    match entry {
        Value::One(s) => {
            let (a, b) = if *s < slot { (*s, slot) } else { (slot, *s) };
            *entry = Value::Many(Rc::new(vec![a, b]));
        }
        Value::Many(list) => put_slot(list, slot),
    }
}

/// Put `slot` in `list` in order: at the end for an appended clause, the commonest change.
/// A list nothing else holds grows in place; one a call still holds is copied first.
pub(in crate::db::index) fn put_slot(list: &mut Slots, slot: u32) {
    let v = Rc::make_mut(list);
    match v.last() {
        Some(&last) if last > slot => {
            let at = v.partition_point(|&s| s < slot);
            v.insert(at, slot);
        }
        _ => v.push(slot),
    }
}

/// Take `slot` out of `list`; false when it was not there.
fn take(list: &mut Slots, slot: u32) -> bool {
    let Ok(at) = list.binary_search(&slot) else {
        return false;
    };
    Rc::make_mut(list).remove(at);
    true
}

/// The most slots a table of a list of `live` clauses may hold.
pub(super) fn budget(live: usize) -> usize {
    live.max(super::super::INDEX_THRESHOLD)
        .saturating_mul(BUCKET_BUDGET)
}
