//! A work stack of cells kept between term walks, so that a walk over a small term (the
//! compiler asks whether a variable occurs in each argument of each goal) costs no allocation.
//!
//! [`CellStack::lend`] hands out the stack kept for this thread, empty, and dropping the
//! [`CellStack`] puts it back. A walk that starts inside another walk finds it lent and gets a
//! fresh one, so nesting is safe and merely allocates. A stack grown very large is freed rather
//! than kept. It must never carry anything from one walk to the next.

use super::cell::Cell;
use std::cell::Cell as Slot;
use std::ops::{Deref, DerefMut};

/// Stacks that grew past this many cells are freed rather than kept for the next walk.
const KEEP: usize = 1 << 14;

thread_local! {
    static STACK: Slot<Vec<Cell>> = const { Slot::new(Vec::new()) };
}

/// A work stack on loan; use it as a `Vec<Cell>`.
pub struct CellStack(Vec<Cell>);

impl CellStack {
    /// An empty work stack: the one kept for this thread when it is free, a new one otherwise.
    #[inline]
    pub fn lend() -> CellStack {
        let mut v = STACK.try_with(Slot::take).unwrap_or_default();
        v.clear();
        CellStack(v)
    }
}

impl Drop for CellStack {
    #[inline]
    fn drop(&mut self) {
        if self.0.capacity() <= KEEP {
            let v = std::mem::take(&mut self.0);
            let _ = STACK.try_with(|s| s.set(v));
        }
    }
}

impl Deref for CellStack {
    type Target = Vec<Cell>;
    #[inline]
    fn deref(&self) -> &Vec<Cell> {
        &self.0
    }
}

impl DerefMut for CellStack {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<Cell> {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A nested loan gets its own empty stack, the outer one keeps its cells, and the stack
    /// comes back empty for the next walk.
    #[test]
    fn nested_loans_do_not_share_a_stack() {
        let mut outer = CellStack::lend();
        outer.push(Cell(1));
        outer.push(Cell(2));
        {
            let mut inner = CellStack::lend();
            assert!(inner.is_empty());
            inner.push(Cell(3));
        }
        assert_eq!(outer.as_slice(), &[Cell(1), Cell(2)]);
        drop(outer);
        assert!(CellStack::lend().is_empty());
    }
}
