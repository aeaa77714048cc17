//! Unit tests of unification and comparison on terms that share subterms, on a bare engine: a
//! pair of compounds met again is taken in one step (the walk is linear in the compounds, not
//! in the unfolding), the answer is the plain one, and every functor cell the walk linked is
//! back in place afterwards, whether the unification succeeded or failed.

use super::Machine;
use ply_term::{Cell, Tag};
use std::cmp::Ordering;

/// `d(T, T)` nested `depth` times over `leaf`: `depth` compounds on the heap, `2^depth` leaves
/// in the unfolding.
fn dag(m: &mut Machine, depth: usize, leaf: Cell) -> Cell {
    let d = m.atoms.intern("d");
    let mut t = leaf;
    for _ in 0..depth {
        t = m.stacks.heap.compound(d, &[t, t]);
    }
    t
}

/// Every functor cell of the heap, by address, to check that none is left linked.
fn functor_cells(m: &Machine) -> Vec<(usize, Cell)> {
    (0..m.stacks.heap.top())
        .map(|a| (a, m.stacks.heap.cells[a]))
        .filter(|(_, c)| c.tag() == Tag::Functor)
        .collect()
}

/// Make the heap big, as it is in a long-running program, so that the bound past which other
/// walks start remembering what they have seen is far away.
fn pad_heap(m: &mut Machine, cells: usize) {
    for _ in 0..cells {
        m.stacks.heap.new_var();
    }
}

#[test]
fn shared_subterms_unify_in_linear_time() {
    let mut m = Machine::bare();
    pad_heap(&mut m, 1 << 20);
    // Leaves that are variables of their own, as `X2048 = f(X4096, X4096)` leaves them.
    let (va, vb) = (m.stacks.heap.new_var(), m.stacks.heap.new_var());
    let s = dag(&mut m, 30, va);
    let t = dag(&mut m, 30, vb);
    let before = functor_cells(&m);
    // 2^30 paths: a walk along every path would not finish.
    let start = std::time::Instant::now();
    assert!(m.unify(s, t));
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
    assert_eq!(functor_cells(&m), before);
    assert_eq!(m.stacks.heap.deref(va), m.stacks.heap.deref(vb));
    // Unified, the two are the same term.
    assert!(m.unify(s, t));
    assert_eq!(m.compare_terms(s, t), Ordering::Equal);
}

#[test]
fn a_failure_deep_in_shared_subterms_puts_every_cell_back() {
    let mut m = Machine::bare();
    pad_heap(&mut m, 1 << 16);
    let s = dag(&mut m, 40, Cell::int(1));
    let t = dag(&mut m, 40, Cell::int(2));
    let before = functor_cells(&m);
    assert!(!m.unify(s, t));
    assert_eq!(functor_cells(&m), before);
    assert!(!m.unify_occurs(s, t));
    assert_eq!(functor_cells(&m), before);
    // The same terms unify with themselves and with a copy, and the cells are back after both.
    let u = dag(&mut m, 40, Cell::int(1));
    let before = functor_cells(&m);
    assert!(m.unify(s, u));
    assert!(m.unify_occurs(s, u));
    assert_eq!(functor_cells(&m), before);
}

#[test]
fn the_occurs_check_sees_through_linked_compounds() {
    let mut m = Machine::bare();
    // g(D, X) = g(D', h(X)) with D, D' big shared terms: the compounds of D are linked when X
    // is bound, and h(X) still contains X.
    let g = m.atoms.intern("g");
    let h = m.atoms.intern("h");
    let x = m.stacks.heap.new_var();
    let d1 = dag(&mut m, 25, Cell::int(0));
    let d2 = dag(&mut m, 25, Cell::int(0));
    let hx = m.stacks.heap.compound(h, &[x]);
    let l = m.stacks.heap.compound(g, &[d1, x]);
    let r = m.stacks.heap.compound(g, &[d2, hx]);
    let before = functor_cells(&m);
    assert!(!m.unify_occurs(l, r));
    assert_eq!(functor_cells(&m), before);
    // X = h(D) for the linked D: D holds no X.
    let y = m.stacks.heap.new_var();
    let hd = m.stacks.heap.compound(h, &[d2]);
    let l = m.stacks.heap.compound(g, &[d1, y]);
    let r = m.stacks.heap.compound(g, &[d2, hd]);
    assert!(m.unify_occurs(l, r));
    assert_eq!(m.stacks.heap.deref(y), hd);
}

#[test]
fn cyclic_compounds_and_lists_unify_through_links() {
    let mut m = Machine::bare();
    let f = m.atoms.intern("f");
    let a = Cell::atom(m.atoms.intern("a"));
    let b = Cell::atom(m.atoms.intern("b"));
    // X = [f(X), a|X] and Y = [f(Y), a|Y], made directly on the heap.
    let cyclic_list = |m: &mut Machine, last: Cell| {
        let v = m.stacks.heap.new_var();
        let fv = m.stacks.heap.compound(f, &[v]);
        let tail = m.stacks.heap.new_var();
        let inner = m.stacks.heap.cons(last, tail);
        let outer = m.stacks.heap.cons(fv, inner);
        m.stacks.heap.cells[v.addr()] = outer;
        m.stacks.heap.cells[tail.addr()] = outer;
        outer
    };
    let x = cyclic_list(&mut m, a);
    let y = cyclic_list(&mut m, a);
    let z = cyclic_list(&mut m, b);
    let before = functor_cells(&m);
    assert!(m.unify(x, y));
    assert!(!m.unify(x, z));
    assert_eq!(functor_cells(&m), before);
    assert_eq!(m.compare_terms(x, y), Ordering::Equal);
}

#[test]
fn shared_subterms_compare_in_linear_time_and_in_order() {
    let mut m = Machine::bare();
    pad_heap(&mut m, 1 << 20);
    let a = Cell::atom(m.atoms.intern("a"));
    let b = Cell::atom(m.atoms.intern("b"));
    let s = dag(&mut m, 40, a);
    let t = dag(&mut m, 40, a);
    let u = dag(&mut m, 40, b);
    let start = std::time::Instant::now();
    assert_eq!(m.compare_terms(s, t), Ordering::Equal);
    assert_eq!(m.compare_terms(s, u), Ordering::Less);
    assert_eq!(m.compare_terms(u, t), Ordering::Greater);
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
    // The same shape with one leaf apart, far along: d(d(...), d(..., b)) against all a.
    let d = m.atoms.intern("d");
    let left = dag(&mut m, 30, a);
    let right = dag(&mut m, 30, b);
    let mixed = m.stacks.heap.compound(d, &[left, right]);
    let all_a = dag(&mut m, 31, a);
    assert_eq!(m.compare_terms(mixed, all_a), Ordering::Greater);
    assert_eq!(m.compare_terms(all_a, mixed), Ordering::Less);
    assert!(!m.unify(mixed, all_a));
}
