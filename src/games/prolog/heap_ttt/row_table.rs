//! The table of rows of three of the heap-level tic-tac-toe path: every row of three squares
//! written once onto the heap, which successors point at rather than each writing its new row.
//! It only ever writes fresh cells at the top of the heap.

use super::HeapTtt;
use crate::term::{atom, Cell, Heap};

impl HeapTtt {
    /// Write the table of rows of three at the top of the heap: every row of three squares
    /// once, as a plain list (`[x, e, o]`), found by its stones in `row_table`. Successors
    /// point at these rows instead of each writing its new row, which keeps them six cells
    /// smaller; the rows are ground, so sharing them is as sharing the parent's unchanged rows.
    /// The table is written again when the heap has been cut back into it or changed in place
    /// ([`HeapTtt::forget_stale`]), so a garbage collection (which moves cells) renews it.
    #[inline(never)]
    pub(super) fn write_row_table(&mut self, heap: &mut Heap) {
        let nil = Cell::atom(atom::NIL);
        for code in 0..64usize {
            let (xs, os) = (code & 7, code >> 3);
            if xs & os != 0 {
                continue;
            }
            let at = heap.cells.len();
            for j in 0..3 {
                let square = if xs >> j & 1 != 0 {
                    self.x
                } else if os >> j & 1 != 0 {
                    self.o
                } else {
                    self.e
                };
                heap.cells.push(square);
                heap.cells.push(if j < 2 {
                    Cell::list(at + 2 * j + 2)
                } else {
                    nil
                });
            }
            self.row_table[code] = Cell::list(at);
        }
        self.table_end = heap.cells.len();
        self.built_end = self.built_end.max(self.table_end);
    }
}
