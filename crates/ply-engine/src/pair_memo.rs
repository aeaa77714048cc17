//! A small table of the pairs of compounds a walk over two terms has entered, so that a pair
//! met again through shared subterms is known in one step.
//!
//! Unification and comparison enter a pair of compounds and then their arguments. When the two
//! terms share subterms (`X = f(Y, Y), Y = f(Z, Z), ...`) the same pair comes back once per
//! path, and the paths are exponentially many. A pair entered before has either been settled
//! (the walk would have stopped had it failed or differed) or is still open, which on a finite
//! term it cannot be: an open pair met again means a compound contains itself. So a walk may
//! take a pair met again as settled, which is exact on finite terms and the co-inductive answer
//! on cyclic ones. The table is direct-mapped: a new pair overwrites the slot of an older one
//! with the same hash, so it costs a fixed amount whatever the terms, and it forgets; it speeds
//! up the common sharing (a pair met again soon after), while the walks keep their own exact
//! guard (`cycles::walk_bound` and a set of pairs) for cycles and for sharing it misses.

use ply_term::Cell;

/// How many pairs the table holds, as a power of two.
const BITS: u32 = 6;

/// The table; see the module documentation.
pub struct PairMemo {
    slots: Box<[(u64, u64)]>,
}

impl PairMemo {
    /// An empty table. No pair of compounds is `(Cell(0), Cell(0))` (that is a reference), so
    /// zeroed slots hold no pair.
    #[allow(clippy::new_without_default)]
    pub fn new() -> PairMemo {
        PairMemo {
            slots: vec![(0, 0); 1 << BITS].into_boxed_slice(),
        }
    }

    /// True when the pair of compounds `(x, y)` is in the table; otherwise it is put there.
    #[inline]
    pub fn met(&mut self, x: Cell, y: Cell) -> bool {
        let slot = &mut self.slots[slot_of(x, y)];
        if *slot == (x.0, y.0) {
            return true;
        }
        *slot = (x.0, y.0);
        false
    }

    /// True when the pair of compounds `(x, y)` is in the table.
    #[inline]
    pub fn holds(&self, x: Cell, y: Cell) -> bool {
        self.slots[slot_of(x, y)] == (x.0, y.0)
    }

    /// Put the pair of compounds `(x, y)` in the table.
    #[inline]
    pub fn put(&mut self, x: Cell, y: Cell) {
        self.slots[slot_of(x, y)] = (x.0, y.0);
    }
}

/// The slot of pair `(x, y)`.
#[inline]
fn slot_of(x: Cell, y: Cell) -> usize {
    ((x.0 ^ y.0.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_met_again_and_the_order_of_its_terms_counts() {
        let mut m = PairMemo::new();
        let (x, y) = (Cell::structure(10), Cell::structure(20));
        assert!(!m.met(x, y));
        assert!(m.met(x, y));
        assert!(!m.met(y, x));
        assert!(m.met(y, x));
        // The zeroed slots hold no pair of compounds.
        assert!(!m.met(Cell::list(0), Cell::list(0)));
        let z = Cell::list(30);
        assert!(!m.holds(x, z));
        m.put(x, z);
        assert!(m.holds(x, z));
    }
}
