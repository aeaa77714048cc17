//! A copy of a term on its own heap, with fresh variables, made in one pass: the fast way of
//! `copy_term/2` (and of everything that copies a term only to use it at once). The same walk
//! ([`mark_copy`]) writes the block of a clause's stored term (`stored.rs`), so both copies
//! always agree.
//!
//! Each variable of the original is marked (see [`super::variables`]) with the address of its
//! fresh twin the first time the walk meets it, so a later occurrence is one memory access
//! rather than a hash table look-up; the marks are removed before the copy returns. The copy is
//! made as a tree. A term that is cyclic, or whose shared subterms make it unfold to more cells
//! than the heap held when the copy began, is left to [`super::StoredTerm`], which keeps the
//! sharing: the copy stops and answers `None` as soon as it outgrows that size. Nothing here
//! recurses on term depth or binds a variable for good.

use super::cell::{Cell, Tag};
use super::heap::Heap;
use super::scratch::Lent;
use super::variables::{is_mark, mark, mark_payload, unmark};

/// Work stacks grown past this many entries are freed rather than kept.
const KEEP: usize = 1 << 16;

thread_local! {
    /// The work stack of [`mark_copy`], kept between copies.
    static STACK: std::cell::Cell<Vec<(Cell, usize)>> =
        const { std::cell::Cell::new(Vec::new()) };
    /// The addresses of the variables [`copy_term`] has marked.
    static MARKED: std::cell::Cell<Vec<usize>> = const { std::cell::Cell::new(Vec::new()) };
}

/// Push a copy of `root` onto `heap` and return it, or `None` (with the heap as it was) when the
/// term is cyclic or unfolds past the size of the heap. Variables are fresh and shared as in the
/// original; atoms and small integers are themselves.
pub fn copy_term(heap: &mut Heap, root: Cell) -> Option<Cell> {
    let root = heap.deref(root);
    if root.is_immediate() {
        return Some(root);
    }
    let start = heap.top();
    // An acyclic term without shared subterms lies in the cells below `start`, so its copy
    // needs at most as many (and one for the root).
    let limit = 2 * start + 16;
    let mut marked = Lent::from(&MARKED, KEEP);
    let done = mark_copy(heap, root, &mut OntoHeap, limit, &mut marked);
    for &a in marked.iter() {
        unmark(heap, a);
    }
    if done {
        Some(heap.cells[start])
    } else {
        heap.truncate(start);
        None
    }
}

/// Where a marking copy ([`mark_copy`]) writes: onto the heap itself ([`OntoHeap`], for
/// [`copy_term`]) or into a block of its own (a `Vec<Cell>`, for
/// [`StoredTerm::from_heap_marking`](super::StoredTerm::from_heap_marking)). Addresses in the
/// copy are indices into these cells.
pub(super) trait CopyTarget {
    /// The cells of the copy so far.
    fn cells<'a>(&'a mut self, heap: &'a mut Heap) -> &'a mut Vec<Cell>;
    /// Append the heap's cells `from` (a box, header and words) to the copy.
    fn copy_words(&mut self, heap: &mut Heap, from: std::ops::Range<usize>);
}

/// The heap as the target of a copy: the copy is pushed above what it copies.
pub(super) struct OntoHeap;

impl CopyTarget for OntoHeap {
    #[inline(always)]
    fn cells<'a>(&'a mut self, heap: &'a mut Heap) -> &'a mut Vec<Cell> {
        &mut heap.cells
    }
    fn copy_words(&mut self, heap: &mut Heap, from: std::ops::Range<usize>) {
        heap.cells.extend_from_within(from);
    }
}

impl CopyTarget for Vec<Cell> {
    #[inline(always)]
    fn cells<'a>(&'a mut self, _heap: &'a mut Heap) -> &'a mut Vec<Cell> {
        self
    }
    fn copy_words(&mut self, heap: &mut Heap, from: std::ops::Range<usize>) {
        self.extend_from_slice(&heap.cells[from]);
    }
}

/// Copy `root` as a tree to the end of `target`'s cells, the root's copy in a cell of its own
/// first, marking each variable in place with its home in the copy (its address pushed on
/// `marked`, for the caller to unmark). False when the copy grew past `limit` cells.
pub(super) fn mark_copy<T: CopyTarget>(
    heap: &mut Heap,
    root: Cell,
    target: &mut T,
    limit: usize,
    marked: &mut Vec<usize>,
) -> bool {
    let cells = target.cells(heap);
    let start = cells.len();
    cells.push(Cell(0));
    let mut stack = Lent::from(&STACK, KEEP);
    stack.push((root, start));
    while let Some((c, dst)) = stack.pop() {
        let c = heap.deref(c);
        let copy = match c.tag() {
            Tag::Ref => {
                // The first occurrence: the fresh variable lives in the argument cell itself.
                heap.cells[c.addr()] = mark(dst);
                marked.push(c.addr());
                Cell::reference(dst)
            }
            Tag::Header if is_mark(c) => Cell::reference(mark_payload(c)),
            Tag::Str | Tag::List | Tag::Boxed if target.cells(heap).len() > limit => return false,
            Tag::Str => {
                let a = c.addr();
                let f = heap.cells[a];
                let n = f.functor_arity();
                let out = target.cells(heap);
                let b = out.len();
                out.push(f);
                out.resize(b + 1 + n, Cell(0));
                for i in (0..n).rev() {
                    stack.push((heap.cells[a + 1 + i], b + 1 + i));
                }
                Cell::structure(b)
            }
            Tag::List => {
                let a = c.addr();
                let out = target.cells(heap);
                let b = out.len();
                out.resize(b + 2, Cell(0));
                stack.push((heap.cells[a + 1], b + 1));
                stack.push((heap.cells[a], b));
                Cell::list(b)
            }
            Tag::Boxed => {
                let a = c.addr();
                let n = heap.cells[a].header_words();
                let b = target.cells(heap).len();
                target.copy_words(heap, a..a + 1 + n);
                Cell::boxed(b)
            }
            _ => c,
        };
        target.cells(heap)[dst] = copy;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_variables_stay_shared_and_the_original_stays_unbound() {
        let mut heap = Heap::default();
        let x = heap.new_var();
        let y = heap.new_var();
        let fl = heap.float(1.5);
        let t = heap.compound(9, &[x, y, x, fl]);
        let c = copy_term(&mut heap, t).unwrap();
        assert_eq!(heap.deref(x), x);
        assert_eq!(heap.deref(y), y);
        let cx = heap.deref(heap.arg(c, 0));
        let cy = heap.deref(heap.arg(c, 1));
        assert_eq!(cx.tag(), Tag::Ref);
        assert_ne!(cx, x);
        assert_ne!(cx, cy);
        assert_eq!(heap.deref(heap.arg(c, 2)), cx);
        assert_eq!(heap.float_value(heap.arg(c, 3)), 1.5);
    }

    #[test]
    fn a_cyclic_term_is_left_to_the_stored_copy() {
        let mut heap = Heap::default();
        let x = heap.new_var();
        let t = heap.compound(9, &[x]);
        heap.cells[x.addr()] = t;
        let top = heap.top();
        assert_eq!(copy_term(&mut heap, t), None);
        assert_eq!(heap.top(), top);
        assert_eq!(heap.cells[x.addr()], t);
    }

    #[test]
    fn a_variable_copies_to_a_fresh_one() {
        let mut heap = Heap::default();
        let x = heap.new_var();
        let c = copy_term(&mut heap, x).unwrap();
        assert_eq!(c.tag(), Tag::Ref);
        assert_ne!(c, x);
        assert_eq!(heap.deref(c), c);
    }
}
