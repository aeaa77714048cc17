//! The atom table's index from names to atom numbers: an open-addressing table of words, each
//! an atom's number with the low half of its name's hash kept beside it.
//!
//! The table holds no names: the caller says whether the atom of a slot has the name looked
//! for (by reading the name where the atom table keeps it), and only for slots whose kept hash
//! matches. Slots are probed linearly from the hash's home slot; a removal shifts the rest of
//! its run back, so there are no tombstones and a run never outgrows what it holds. The table
//! doubles past three quarters full, so it holds between 8/0.75 and 8/0.375 bytes an atom.

use super::super::fast_hash::FastHasher;
use std::hash::Hasher;

/// A slot that holds no atom.
const EMPTY: u64 = u64::MAX;

/// The hash of a name, as the index keeps it: the well-mixed low half of the fast hasher's.
#[inline]
pub(super) fn hash_name(name: &str) -> u32 {
    let mut h = FastHasher::default();
    h.write(name.as_bytes());
    h.finish() as u32
}

/// Names' hashes to atom numbers.
pub(super) struct NameIndex {
    /// A power of two of slots: [`EMPTY`], or `hash << 32 | atom`.
    slots: Vec<u64>,
    /// How many slots hold an atom.
    len: usize,
}

impl Default for NameIndex {
    fn default() -> NameIndex {
        NameIndex::with_capacity(8)
    }
}

impl NameIndex {
    /// An index that holds `n` atoms before it grows.
    pub(super) fn with_capacity(n: usize) -> NameIndex {
        let slots = (n * 4 / 3 + 1).next_power_of_two().max(8);
        NameIndex {
            slots: vec![EMPTY; slots],
            len: 0,
        }
    }

    /// How many atoms the index holds.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bytes the index's slots take.
    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    #[inline]
    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The atom whose name has hash `hash` and passes `is_it`, or else the slot where such an
    /// atom would go ([`NameIndex::insert_at`]).
    #[inline]
    pub(super) fn find(&self, hash: u32, mut is_it: impl FnMut(u32) -> bool) -> Result<u32, usize> {
        let mask = self.mask();
        let mut pos = hash as usize & mask;
        loop {
            let s = self.slots[pos];
            if s == EMPTY {
                return Err(pos);
            }
            if (s >> 32) as u32 == hash && is_it(s as u32) {
                return Ok(s as u32);
            }
            pos = (pos + 1) & mask;
        }
    }

    /// Put `atom`, whose name has hash `hash`, in slot `pos` that [`NameIndex::find`] gave for
    /// it (nothing may have changed the index in between).
    pub(super) fn insert_at(&mut self, pos: usize, hash: u32, atom: u32) {
        debug_assert_eq!(self.slots[pos], EMPTY);
        self.slots[pos] = (u64::from(hash) << 32) | u64::from(atom);
        self.len += 1;
        if self.len * 4 > self.slots.len() * 3 {
            self.grow();
        }
    }

    /// Double the slots, placing every atom again by its kept hash (no name is read).
    fn grow(&mut self) {
        let doubled = vec![EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.mask();
        for s in old.into_iter().filter(|&s| s != EMPTY) {
            let mut pos = (s >> 32) as usize & mask;
            while self.slots[pos] != EMPTY {
                pos = (pos + 1) & mask;
            }
            self.slots[pos] = s;
        }
    }

    /// Take `atom`, whose name has hash `hash`, out of the index (nothing if it is not there).
    pub(super) fn remove(&mut self, hash: u32, atom: u32) {
        let mask = self.mask();
        let want = (u64::from(hash) << 32) | u64::from(atom);
        let mut hole = hash as usize & mask;
        loop {
            let s = self.slots[hole];
            if s == EMPTY {
                return;
            }
            if s == want {
                break;
            }
            hole = (hole + 1) & mask;
        }
        self.len -= 1;
        // Shift back each later entry of the run that the hole stands between it and its home
        // slot, so that every entry stays reachable from its home without a gap.
        let mut pos = hole;
        loop {
            pos = (pos + 1) & mask;
            let s = self.slots[pos];
            if s == EMPTY {
                break;
            }
            let home = (s >> 32) as usize & mask;
            // Distances along the ring: the entry may move to the hole when the hole lies on
            // its way from its home slot to where it is.
            if (pos.wrapping_sub(home) & mask) >= (pos.wrapping_sub(hole) & mask) {
                self.slots[hole] = s;
                hole = pos;
            }
        }
        self.slots[hole] = EMPTY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colliding_entries_stay_reachable_through_removals() {
        // Every atom of one home slot, and a run that wraps past the end of the slots.
        let mut ix = NameIndex::with_capacity(100);
        let n = ix.slots.len() as u32;
        let hashes: Vec<u32> = (0..60)
            .map(|i| {
                if i % 3 == 0 {
                    n - 2
                } else {
                    n - 1 - i % 2 + 3 * n * (i % 5)
                }
            })
            .collect();
        for (a, &h) in hashes.iter().enumerate() {
            let pos = ix.find(h, |x| x == a as u32).unwrap_err();
            ix.insert_at(pos, h, a as u32);
        }
        for a in (0..60).step_by(2) {
            ix.remove(hashes[a], a as u32);
        }
        assert_eq!(ix.len(), 30);
        for (a, &h) in hashes.iter().enumerate() {
            let found = ix.find(h, |x| x == a as u32).ok();
            assert_eq!(found, (a % 2 == 1).then_some(a as u32), "atom {a}");
        }
    }
}
