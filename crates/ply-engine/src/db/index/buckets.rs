//! The hash table of one key column of a clause list: for each key, the slots of the clauses
//! whose key there is that key or a variable, in clause order, and the slots of the clauses with a
//! variable, for a key no clause has. A table names slots (`clauses.rs`), never clause ids: it is
//! kept up to date in place as clauses come and go (`update.rs`), renumbered when the list is laid
//! out again, and must never list an empty slot or put two slots of one list out of order.

use super::jit::Slots;
use super::slot_map::{SlotMap, Value};
use super::{BUCKET_BUDGET, DEAD};
use ply_term::FastMap;
use std::rc::Rc;

/// The positions of the clauses whose key in one column is compatible with each key.
#[derive(Debug)]
pub(super) struct Buckets {
    /// Per key: the clauses with that key or a variable, in order (a key of one clause keeps
    /// its slot in the map, `slot_map.rs`).
    pub(super) map: SlotMap<Slots>,
    /// The clauses with a variable, in order: the answer for a key no clause has.
    pub(super) any: Slots,
}

impl Buckets {
    /// Hash the key codes of one column, slot by slot ([`DEAD`] for an empty slot); `None` when
    /// clauses with a variable there are so many that listing them under every key would cost
    /// more than scanning.
    pub(super) fn build(codes: impl ExactSizeIterator<Item = u64> + Clone) -> Option<Buckets> {
        let budget = codes.len().saturating_mul(BUCKET_BUDGET);
        // The live slots are walked again rather than collected: for a million facts, a
        // vector of the pairs was 16 megabytes beside the table at the program's peak.
        let live = codes
            .enumerate()
            .filter(|&(_, code)| code != DEAD)
            .map(|(i, code)| (code, i as u32));
        if live.clone().all(|(code, _)| code != 0) {
            return Some(Buckets::build_keyed(live));
        }
        let mut map: FastMap<u64, Vec<u32>> = FastMap::default();
        let mut any: Vec<u32> = Vec::new();
        let mut total = 0usize;
        for (code, i) in live {
            if code == 0 {
                // A variable matches every key, those seen so far and those still to come.
                for v in map.values_mut() {
                    v.push(i);
                }
                total += map.len() + 1;
                any.push(i);
            } else {
                let bucket = map.entry(code).or_insert_with(|| {
                    total += any.len();
                    any.clone()
                });
                bucket.push(i);
                total += 1;
            }
            if total > budget {
                return None;
            }
        }
        let mut slots = SlotMap::default();
        slots.reserve(map.len());
        for (k, v) in map {
            slots.insert(k, value_of(v));
        }
        Some(Buckets {
            map: slots,
            any: Rc::new(any),
        })
    }

    /// [`Buckets::build`] for slots `live` (key code and slot, in slot order) of which none
    /// has a variable, the commonest table (a table of facts), made in slot order without
    /// sorting or collecting the pairs ([`SlotMap::from_slot_order`]).
    fn build_keyed(live: impl Iterator<Item = (u64, u32)> + Clone) -> Buckets {
        Buckets {
            map: SlotMap::from_slot_order(live),
            any: Rc::new(Vec::new()),
        }
    }

    /// The positions compatible with key code `code` (not 0).
    #[inline]
    pub(super) fn get(&self, code: u64) -> &[u32] {
        match self.map.get(code) {
            Some(hit) => hit.slots(),
            None => &self.any,
        }
    }

    /// [`Buckets::get`] as a list of its own, for a choicepoint.
    pub(super) fn list(&self, code: u64) -> Slots {
        match self.map.get(code) {
            Some(hit) => hit.to_list(),
            None => self.any.clone(),
        }
    }
}

/// The value of a key whose slots are `slots`.
pub(super) fn value_of(slots: Vec<u32>) -> Value<Slots> {
    match slots[..] {
        [slot] => Value::One(slot),
        _ => Value::Many(Rc::new(slots)),
    }
}
