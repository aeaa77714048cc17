//! The variables of a term, found in one pass: `term_variables/2`'s list, `ground/1`'s test,
//! and the in-place marks that let a walk tell a variable met before from a new one without a
//! hash table.
//!
//! A walk that must remember which variables it has met writes a *mark* into each one's own
//! cell: a header cell of a kind no box uses, carrying a number the walk chooses. A reference
//! chain that ends at a mark thus dereferences to it, and a walk knows the variable by its mark
//! in one memory access. A mark lives only inside one call: the walk that writes marks removes
//! every one (the cell becomes an unbound variable again) before it returns, so no other code
//! ever meets one, and no two marking walks may run at once. Seen from outside a walk, every
//! cell holds what it held before (so [`Heap::note_rewrite`] has nothing to record). Nothing
//! here binds a variable for good, allocates on the heap, or recurses on term depth.

use super::cell::{Cell, Tag};
use super::cycles::{is_node, push_args, NodeGuard};
use super::heap::Heap;
use super::scratch::CellStack;

/// The low five bits of a mark: the header tag (7) and header kind 3, which no box has.
const MARK_BITS: u64 = 0x1f;

/// A mark carrying `payload` (below 2^59), to be written into an unbound variable's cell.
#[inline]
pub fn mark(payload: usize) -> Cell {
    Cell(((payload as u64) << 5) | MARK_BITS)
}

/// True when `c`, a dereferenced cell, is a mark rather than a term.
#[inline]
pub fn is_mark(c: Cell) -> bool {
    c.0 & MARK_BITS == MARK_BITS
}

/// The payload of mark `c`.
#[inline]
pub fn mark_payload(c: Cell) -> usize {
    (c.0 >> 5) as usize
}

/// Make the variable at `addr` unbound again, undoing a mark.
#[inline]
pub fn unmark(heap: &mut Heap, addr: usize) {
    heap.cells[addr] = Cell::reference(addr);
}

/// Append to `out` the unbound variables of `root`, each once, in depth-first left-to-right
/// order (the order of `term_variables/2`). Entries already in `out` are left alone and are not
/// looked at. A cyclic term is walked once per compound past [`walk_bound`].
pub fn term_variables(heap: &mut Heap, root: Cell, out: &mut Vec<Cell>) {
    let first = out.len();
    let mut guard = NodeGuard::new(heap);
    let mut stack = CellStack::lend();
    stack.push(root);
    while let Some(c) = stack.pop() {
        let c = heap.deref(c);
        match c.tag() {
            Tag::Ref => {
                out.push(c);
                heap.cells[c.addr()] = mark(0);
            }
            Tag::Str | Tag::List => {
                if !guard.enter(c) {
                    continue;
                }
                push_args(heap, c, &mut stack);
            }
            _ => {}
        }
    }
    for v in &out[first..] {
        unmark(heap, v.addr());
    }
}

/// True when `root` has no unbound variable. The walk stops at the first variable it meets.
pub fn is_ground(heap: &Heap, root: Cell) -> bool {
    let mut guard = NodeGuard::new(heap);
    let mut stack = CellStack::lend();
    stack.push(root);
    while let Some(c) = stack.pop() {
        let c = heap.deref(c);
        if c.tag() == Tag::Ref {
            return false;
        }
        if is_node(c) {
            if !guard.enter(c) {
                continue;
            }
            push_args(heap, c, &mut stack);
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_told_from_every_cell_a_term_holds() {
        let m = mark(12_345);
        assert!(is_mark(m));
        assert_eq!(mark_payload(m), 12_345);
        assert_eq!(m.tag(), Tag::Header);
        for c in [
            Cell::reference(7),
            Cell::atom(3),
            Cell::int(-1),
            Cell::structure(9),
            Cell::list(9),
            Cell::boxed(9),
            Cell::functor(4, 2),
        ] {
            assert!(!is_mark(c), "{c:?}");
        }
    }

    #[test]
    fn variables_come_once_each_in_order_and_are_left_unbound() {
        let mut heap = Heap::default();
        let x = heap.new_var();
        let y = heap.new_var();
        // f(Y, [X, Y | X])
        let tail = heap.cons(y, x);
        let l = heap.cons(x, tail);
        let t = heap.compound(5, &[y, l]);
        let mut out = Vec::new();
        term_variables(&mut heap, t, &mut out);
        assert_eq!(out, vec![y, x]);
        assert_eq!(heap.deref(x), x);
        assert_eq!(heap.deref(y), y);
        assert!(!is_ground(&heap, t));
        assert!(is_ground(&heap, Cell::atom(1)));
    }
}
