//! Vectors kept between term walks, so that a walk over a small term (the compiler asks whether
//! a variable occurs in each argument of each goal; storing a clause copies its term) costs no
//! allocation.
//!
//! A [`Lent`] vector comes, empty, from a thread-local keeping place that its user declares, and
//! dropping it puts it back. A walk that starts inside another walk finds the place empty and
//! gets a fresh vector, so nesting is safe and merely allocates. A vector grown past its place's
//! limit is freed rather than kept. It must never carry anything from one walk to the next.
//! [`CellStack`] is the shared work stack of cells.

use super::cell::Cell;
use std::cell::Cell as Slot;
use std::ops::{Deref, DerefMut};
use std::thread::LocalKey;

/// Where a thread keeps a vector between loans.
pub type Home<T> = LocalKey<Slot<Vec<T>>>;

/// Work stacks of cells that grew past this many cells are freed rather than kept.
const KEEP: usize = 1 << 14;

thread_local! {
    static STACK: Slot<Vec<Cell>> = const { Slot::new(Vec::new()) };
}

/// A vector on loan from its [`Home`]; use it as a `Vec<T>`.
pub struct Lent<T: 'static> {
    vec: Vec<T>,
    home: &'static Home<T>,
    keep: usize,
}

impl<T: 'static> Lent<T> {
    /// An empty vector: the one kept in `home` when it is there, a new one otherwise. It goes
    /// back to `home` when dropped, unless its capacity has grown past `keep`.
    #[inline]
    pub fn from(home: &'static Home<T>, keep: usize) -> Lent<T> {
        let mut vec = home.try_with(Slot::take).unwrap_or_default();
        vec.clear();
        Lent { vec, home, keep }
    }
}

/// The shared work stack of cells.
pub type CellStack = Lent<Cell>;

impl Lent<Cell> {
    /// An empty work stack of cells, from the place kept for this thread.
    #[inline]
    pub fn lend() -> CellStack {
        Lent::from(&STACK, KEEP)
    }
}

impl<T: 'static> Drop for Lent<T> {
    #[inline]
    fn drop(&mut self) {
        if self.vec.capacity() <= self.keep {
            let v = std::mem::take(&mut self.vec);
            let _ = self.home.try_with(|s| s.set(v));
        }
    }
}

impl<T: 'static> Deref for Lent<T> {
    type Target = Vec<T>;
    #[inline]
    fn deref(&self) -> &Vec<T> {
        &self.vec
    }
}

impl<T: 'static> DerefMut for Lent<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.vec
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
