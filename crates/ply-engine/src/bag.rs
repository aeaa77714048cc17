//! [`Bag`]: the answers a running findall/3 has collected, as one block of cells.
//!
//! Each answer was a stored term of its own: a vector of its cells, allocated per answer (a
//! 32-byte block for an atom's one cell), behind a 32-byte entry, so that a findall of 700,000
//! atoms over a table of a million facts held 45 MB besides the table. Here the answers' cells
//! follow one another in one vector and each answer's end is noted, so an atomic answer costs
//! two words. An answer's cells are a block in the layout of [`ply_term::StoredTerm`], with
//! addresses relative to its own first cell, and go back to the heap as a stored term does.

use ply_term::scratch::CellStack;
use ply_term::stored::{copy_out, relocate_into, VarMap};
use ply_term::{Cell, Heap};

/// The most cells (or answers) a bag's buffers may hold to be kept for the next findall.
const RECYCLED_CELLS: usize = 4096;

/// The answers of one findall/3 call, in order.
#[derive(Debug, Default)]
pub struct Bag {
    /// The cells of every answer, one after another.
    cells: Vec<Cell>,
    /// Where each answer's cells end.
    ends: Vec<usize>,
}

impl Bag {
    /// Add a copy of heap term `t` as the last answer; returns the cells it took.
    pub fn push(&mut self, heap: &Heap, t: Cell) -> usize {
        // The copy is made in a work stack that starts empty, so that its addresses are
        // relative to the answer's first cell.
        let mut copy = CellStack::lend();
        copy_out(heap, t, &mut copy, 0, &mut VarMap::default());
        self.cells.extend_from_slice(copy.as_slice());
        self.ends.push(self.cells.len());
        copy.as_slice().len()
    }

    /// How many answers there are.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True when there is no answer.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The cells of all answers (for the atom collector).
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The bag emptied, its buffers kept for the next findall when they are small: a findall
    /// in a loop (a game's moves at every position) then allocates nothing for its answers
    /// once the buffers have grown to its size. Big buffers are given back, so that one
    /// findall of a million answers does not keep its memory for the rest of the run.
    pub fn recycle(mut self) -> Bag {
        if self.cells.capacity() > RECYCLED_CELLS || self.ends.capacity() > RECYCLED_CELLS {
            return Bag::default();
        }
        self.cells.clear();
        self.ends.clear();
        self
    }

    /// Copy answer `i` onto the heap, with fresh variables; returns its root.
    pub fn to_heap(&self, i: usize, heap: &mut Heap) -> Cell {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        let base = heap.top();
        relocate_into(&self.cells[start..self.ends[i]], base, &mut heap.cells);
        heap.cells[base]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_term::Tag;

    #[test]
    fn answers_come_back_in_order_with_their_own_variables() {
        let mut heap = Heap::with_capacity(64);
        let x = heap.new_var();
        let t = heap.compound(7, &[x, Cell::int(3), x]);
        let mut bag = Bag::default();
        assert_eq!(bag.push(&heap, Cell::atom(5)), 1);
        assert_eq!(bag.push(&heap, t), 5);
        assert_eq!(bag.push(&heap, Cell::int(9)), 1);
        assert_eq!((bag.len(), bag.cells().len()), (3, 7));
        assert_eq!(bag.to_heap(2, &mut heap), Cell::int(9));
        assert_eq!(bag.to_heap(0, &mut heap), Cell::atom(5));
        let back = bag.to_heap(1, &mut heap);
        assert_eq!(back.tag(), Tag::Str);
        let (a, b, c) = (heap.arg(back, 0), heap.arg(back, 1), heap.arg(back, 2));
        assert_eq!(heap.deref(a), heap.deref(c));
        assert_ne!(heap.deref(a), heap.deref(x));
        assert_eq!(heap.deref(b), Cell::int(3));
    }
}
