//! The answers of one table, kept in one block of cells.
//!
//! Each answer is a stored term (see `term/stored.rs`: addresses relative to the answer's first
//! cell) laid end to end with the others in a single vector, with its span and stamp beside it.
//! A table may gather tens of thousands of answers; a block of its own for each, and another
//! for the key of the map that finds variants, cost two allocations per answer and as many
//! frees when the table goes. Here an answer costs no allocation of its own: the vectors grow
//! by doubling. The variant check of a plain table hashes the answer's cells and compares them
//! with those of the earlier answers of the same hash: found by a scan while the table is
//! small, through an open-addressed index once it is not. A table of tens of thousands of
//! answers is probed once per derivation, mostly to find the answer there already, so each
//! slot holds half of the answer's hash beside its place: a probe touches the slot, and the
//! answer's description and cells only when that half matches.
//!
//! A moded table replaces answers in place; the new version goes at the end of the block and
//! the old one becomes dead space, which is reclaimed once it outweighs the live answers.

use crate::term::fast_hash::FastHasher;
use crate::term::Cell;
use std::hash::Hasher;

/// An empty slot of the index (no answer has place `u32::MAX`).
const EMPTY: u64 = u64::MAX;

/// A plain table indexes its answers by hash once it has more than this many; below, a scan
/// of their hashes is as quick, and a table of one answer (a memoised function) makes no map.
const SCAN: usize = 8;

/// What is known of one answer besides its cells.
#[derive(Clone, Copy)]
struct Meta {
    /// Where its cells start in the block.
    start: usize,
    /// How many cells it has.
    len: usize,
    /// Its stamp (increasing along the answers).
    stamp: u64,
    /// For a plain table, the hash of its cells.
    hash: u64,
}

/// The answers of one table, in the order found.
#[derive(Default)]
pub struct Answers {
    /// Every answer's cells, one after another (and, for a moded table, replaced versions).
    cells: Vec<Cell>,
    /// Each answer's place, stamp and hash, in their order.
    metas: Vec<Meta>,
    /// For a plain table of more than `SCAN` answers, the index: a power of two of slots, at
    /// most half full, each `EMPTY` or an answer's place (low half) and the low half of its
    /// hash (high half), probed linearly from the slot its hash picks.
    index: Vec<u64>,
    /// How many cells of `cells` belong to no answer any more.
    dead: usize,
}

/// The hash under which answer cells `cells` are indexed.
#[inline]
pub fn hash_cells(cells: &[Cell]) -> u64 {
    let mut h = FastHasher::default();
    for c in cells {
        h.write_u64(c.0);
    }
    h.write_usize(cells.len());
    h.finish()
}

impl Answers {
    /// How many answers there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.metas.len()
    }

    /// The cells of answer `i`, a stored term.
    #[inline]
    pub fn get(&self, i: usize) -> Option<&[Cell]> {
        let m = self.metas.get(i)?;
        Some(&self.cells[m.start..m.start + m.len])
    }

    /// The place of the first answer stamped `stamp` or later.
    pub fn first_stamped(&self, stamp: u64) -> usize {
        self.metas.partition_point(|m| m.stamp < stamp)
    }

    /// The place of the answer whose cells are `cells` (of hash `hash`), among those added by
    /// [`Answers::push_indexed`].
    pub fn find(&self, cells: &[Cell], hash: u64) -> Option<usize> {
        if self.index.is_empty() {
            return (0..self.len())
                .find(|&i| self.metas[i].hash == hash && self.get(i) == Some(cells));
        }
        let mask = self.index.len() - 1;
        let mut s = slot_of(hash, mask);
        loop {
            let e = self.index[s];
            if e == EMPTY {
                return None;
            }
            if e >> 32 == hash & 0xffff_ffff {
                let i = (e & 0xffff_ffff) as usize;
                if self.metas[i].hash == hash && self.get(i) == Some(cells) {
                    return Some(i);
                }
            }
            s = (s + 1) & mask;
        }
    }

    /// Add answer `cells` (of hash `hash`, see [`hash_cells`]) stamped `stamp`, indexed so that
    /// [`Answers::find`] finds it. Every answer of the table must be added this way.
    pub fn push_indexed(&mut self, cells: &[Cell], hash: u64, stamp: u64) {
        self.push_meta(cells, hash, stamp);
        let n = self.len();
        if n <= SCAN {
            return;
        }
        if 2 * n > self.index.len() {
            // Index every answer again in a table twice as large (the first time, those
            // found so far).
            let size = (4 * n).next_power_of_two();
            self.index.clear();
            self.index.resize(size, EMPTY);
            for i in 0..n {
                self.link(i);
            }
        } else {
            self.link(n - 1);
        }
    }

    /// Put answer `i` in the first free slot from the one its hash picks.
    fn link(&mut self, i: usize) {
        let hash = self.metas[i].hash;
        let mask = self.index.len() - 1;
        let mut s = slot_of(hash, mask);
        while self.index[s] != EMPTY {
            s = (s + 1) & mask;
        }
        self.index[s] = (hash << 32) | i as u64;
    }

    /// Add answer `cells` stamped `stamp`, without indexing it (a moded table finds its
    /// answers by their index arguments).
    pub fn push(&mut self, cells: &[Cell], stamp: u64) {
        self.push_meta(cells, 0, stamp);
    }

    /// Append `cells` and their description.
    fn push_meta(&mut self, cells: &[Cell], hash: u64, stamp: u64) {
        let start = self.cells.len();
        self.cells.extend_from_slice(cells);
        self.metas.push(Meta {
            start,
            len: cells.len(),
            stamp,
            hash,
        });
    }

    /// Put `cells` in place of answer `i` (of a moded table, which has no index).
    pub fn replace(&mut self, i: usize, cells: &[Cell]) {
        let Some(m) = self.metas.get(i) else {
            return;
        };
        self.dead += m.len;
        let start = self.cells.len();
        self.cells.extend_from_slice(cells);
        let m = &mut self.metas[i];
        m.start = start;
        m.len = cells.len();
        if self.dead > self.cells.len() / 2 {
            self.compact();
        }
    }

    /// Drop the dead space: copy the live answers, in their order, into a new block.
    fn compact(&mut self) {
        let mut cells = Vec::with_capacity(self.cells.len() - self.dead);
        for m in &mut self.metas {
            let start = m.start;
            m.start = cells.len();
            cells.extend_from_slice(&self.cells[start..start + m.len]);
        }
        self.cells = cells;
        self.dead = 0;
    }
}

/// The slot of the index (of `mask + 1` slots) that hash `hash` picks: the top bits of its
/// product with an odd constant, which depend on all of its bits.
#[inline]
fn slot_of(hash: u64, mask: usize) -> usize {
    (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(words: &[u64]) -> Vec<Cell> {
        words.iter().map(|&w| Cell(w)).collect()
    }

    /// Indexed answers are found by their cells, also when their hashes collide, and only
    /// those that were added.
    #[test]
    fn finds_indexed_answers_through_collisions() {
        let mut a = Answers::default();
        let x = block(&[1, 2, 3]);
        let y = block(&[4]);
        let z = block(&[5, 6]);
        // All three under one hash: the chain must tell them apart by their cells.
        a.push_indexed(&x, 7, 0);
        a.push_indexed(&y, 7, 1);
        a.push_indexed(&z, hash_cells(&z), 2);
        assert_eq!(a.find(&x, 7), Some(0));
        assert_eq!(a.find(&y, 7), Some(1));
        assert_eq!(a.find(&z, 7), None);
        assert_eq!(a.find(&z, hash_cells(&z)), Some(2));
        assert_eq!(a.find(&block(&[9]), 7), None);
        assert_eq!(a.len(), 3);
        assert_eq!(a.get(1), Some(&y[..]));
        assert_eq!(a.first_stamped(1), 1);
        assert_eq!(a.first_stamped(3), 3);
    }

    /// Past the answers a scan looks through, the index finds every answer, old and new, and
    /// nothing else.
    #[test]
    fn the_index_made_late_finds_every_answer() {
        let mut a = Answers::default();
        let blocks: Vec<Vec<Cell>> = (0..40u64).map(|k| block(&[k % 7, k])).collect();
        for (k, b) in blocks.iter().enumerate() {
            // Few distinct hashes, so that the chains are long.
            a.push_indexed(b, k as u64 % 3, k as u64);
            for (j, old) in blocks[..=k].iter().enumerate() {
                assert_eq!(a.find(old, j as u64 % 3), Some(j));
            }
            assert_eq!(a.find(&block(&[99]), 0), None);
        }
    }

    /// Replaced answers read back as their last version, in their places, across the
    /// compaction that reclaims the old versions.
    #[test]
    fn replaced_answers_survive_compaction() {
        let mut a = Answers::default();
        a.push(&block(&[1, 1]), 0);
        a.push(&block(&[2]), 1);
        for k in 0..50u64 {
            a.replace(0, &block(&[10 + k, 0, k]));
            a.replace(1, &block(&[k]));
            assert_eq!(a.get(0), Some(&block(&[10 + k, 0, k])[..]));
            assert_eq!(a.get(1), Some(&block(&[k])[..]));
            assert!(a.cells.len() <= 2 * 4 + 4, "dead space is reclaimed");
        }
        assert_eq!(a.get(2), None);
    }
}
