//! Whether a term on the heap is identical (`==`) to a stored term, read in place: no copy of
//! the stored term onto the heap. A program that keeps a value in a global variable and asks
//! whether the term it holds is that value (the GDL translation's check that the state given is
//! the one loaded) otherwise copies the value out each time only to walk the copy once.
//!
//! The walk settles the plain cases only: atoms, small integers, compounds and lists of them.
//! On anything else (a variable in the stored term, a boxed number or string, a walk longer
//! than the stored block, as a cyclic or shared term gives) it answers `None`, and the caller
//! asks the general comparison: the answer is never a guess.

use super::StoredTerm;
use crate::cell::{Cell, Tag};
use crate::heap::Heap;

/// Work stacks grown past this many entries are freed rather than kept.
const KEEP: usize = 1 << 16;

thread_local! {
    /// The work stack of [`StoredTerm::identical_to`], kept between calls.
    static TODO: std::cell::Cell<Vec<(usize, Cell)>> = const { std::cell::Cell::new(Vec::new()) };
}

impl StoredTerm {
    /// `Some(true)` when the heap term `t` is identical to this stored term, `Some(false)`
    /// when it is not, `None` when the walk cannot tell (see the module's notes).
    pub fn identical_to(&self, heap: &Heap, t: Cell) -> Option<bool> {
        // Pairs of a stored cell (its address in the block) and a heap cell still to compare.
        let mut todo = TODO.take();
        todo.clear();
        todo.push((0, t));
        let answer = self.walk(heap, &mut todo);
        if todo.capacity() <= KEEP {
            TODO.set(todo);
        }
        answer
    }

    /// The walk of [`StoredTerm::identical_to`] over the pairs in `todo`.
    fn walk(&self, heap: &Heap, todo: &mut Vec<(usize, Cell)>) -> Option<bool> {
        let block = &self.cells;
        let mut steps = 0usize;
        while let Some((i, h)) = todo.pop() {
            steps += 1;
            if steps > block.len() {
                return None;
            }
            let s = block[i];
            let h = heap.deref(h);
            match s.tag() {
                Tag::Atom | Tag::Int => {
                    if s != h {
                        return if matches!(h.tag(), Tag::Boxed) {
                            None
                        } else {
                            Some(false)
                        };
                    }
                }
                Tag::List => {
                    if h.tag() != Tag::List {
                        return if h.tag() == Tag::Ref {
                            Some(false)
                        } else {
                            plain(h)
                        };
                    }
                    todo.push((s.addr() + 1, heap.cells[h.addr() + 1]));
                    todo.push((s.addr(), heap.cells[h.addr()]));
                }
                Tag::Str => {
                    if h.tag() != Tag::Str {
                        return if h.tag() == Tag::Ref {
                            Some(false)
                        } else {
                            plain(h)
                        };
                    }
                    let (sf, hf) = (block[s.addr()], heap.cells[h.addr()]);
                    if sf != hf {
                        return Some(false);
                    }
                    // Atomic arguments, the usual ones, are compared here rather than pushed.
                    for k in (1..=sf.functor_arity()).rev() {
                        let (sa, ha) = (block[s.addr() + k], heap.cells[h.addr() + k]);
                        if matches!(sa.tag(), Tag::Atom | Tag::Int) && sa == heap.deref(ha) {
                            continue;
                        }
                        todo.push((s.addr() + k, ha));
                    }
                }
                // A variable of the stored term is a fresh one in every copy, identical to
                // nothing; but a chain of references inside the block is left to the caller.
                _ => return None,
            }
        }
        Some(true)
    }
}

/// The answer when a stored compound meets heap cell `h` of another kind: a plain kind differs
/// for certain; a boxed one is left to the general comparison.
fn plain(h: Cell) -> Option<bool> {
    match h.tag() {
        Tag::Atom | Tag::Int | Tag::Str | Tag::List => Some(false),
        _ => None,
    }
}
