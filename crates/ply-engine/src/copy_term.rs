//! A fresh copy of a term on the heap, the copy under `copy_term/2` and every native that hands
//! back a renamed term.
//!
//! The plain copy (`term/heap_copy.rs`) walks the term once; a cyclic term, or one whose
//! unfolding would outgrow the heap, is copied through a stored term instead, which keeps its
//! sharing.

use crate::Machine;
use ply_term::{Cell, StoredTerm};

impl Machine {
    /// A fresh copy of `t` on the heap.
    pub fn copy_term(&mut self, t: Cell) -> Cell {
        let t = self.stacks.heap.deref(t);
        if t.is_immediate() {
            return t;
        }
        if let Some(c) = ply_term::heap_copy::copy_term(&mut self.stacks.heap, t) {
            return c;
        }
        // Cyclic, or unfolding past the heap: the stored copy keeps the sharing.
        let st = StoredTerm::from_heap(&self.stacks.heap, t);
        st.to_heap(&mut self.stacks.heap)
    }
}
