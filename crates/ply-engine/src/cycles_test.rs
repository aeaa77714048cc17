//! Unit tests of unify, compare and copy on rational trees, on a bare engine: cyclic
//! terms end every walk with SWI-Prolog's answers, and terms whose unfolding is far larger than
//! the heap (a chain of shared pairs) take the remembering mode instead of the plain walk.

use super::Machine;
use ply_term::{Cell, StoredTerm};
use std::cmp::Ordering;

/// `X` with `X = name(X, extra...)`, made directly on the heap.
fn self_loop(m: &mut Machine, name: &str, extra: &[Cell]) -> Cell {
    let f = m.atoms.intern(name);
    let v = m.stacks.heap.new_var();
    let mut args = vec![v];
    args.extend_from_slice(extra);
    let t = m.stacks.heap.compound(f, &args);
    m.stacks.heap.cells[v.addr()] = t;
    t
}

/// `d(d(...d(0, 0)..., ...), ...)` with each level's two arguments the same subterm: `depth`
/// compounds on the heap, `2^depth` in the unfolding.
fn shared_chain(m: &mut Machine, depth: usize) -> Cell {
    let d = m.atoms.intern("d");
    let mut t = Cell::int(0);
    for _ in 0..depth {
        t = m.stacks.heap.compound(d, &[t, t]);
    }
    t
}

#[test]
fn cyclic_terms_unify_coinductively() {
    let mut m = Machine::bare();
    let x = self_loop(&mut m, "f", &[]);
    let y = self_loop(&mut m, "f", &[]);
    assert!(m.unify(x, y));
    // f(f(Y)) with Y = f(f(Y)) is the same infinite tree as X.
    let f = m.atoms.intern("f");
    let v = m.stacks.heap.new_var();
    let inner = m.stacks.heap.compound(f, &[v]);
    let z = m.stacks.heap.compound(f, &[inner]);
    m.stacks.heap.cells[v.addr()] = z;
    assert!(m.unify(x, z));
    let a = Cell::atom(m.atoms.intern("a"));
    let b = Cell::atom(m.atoms.intern("b"));
    let xa = self_loop(&mut m, "g", &[a]);
    let yb = self_loop(&mut m, "g", &[b]);
    assert!(!m.unify(xa, yb));
    // A variable unifies with a cyclic term under the occurs check: it does not occur there.
    let w = m.stacks.heap.new_var();
    assert!(m.unify_occurs(w, x));
    assert_eq!(m.compare_terms(w, x), Ordering::Equal);
}

#[test]
fn cyclic_terms_compare_as_swi_prolog_does() {
    let mut m = Machine::bare();
    let a = Cell::atom(m.atoms.intern("a"));
    let b = Cell::atom(m.atoms.intern("b"));
    let x = self_loop(&mut m, "f", &[]);
    let y = self_loop(&mut m, "f", &[]);
    assert_eq!(m.compare_terms(x, y), Ordering::Equal);
    let xa = self_loop(&mut m, "g", &[a]);
    let yb = self_loop(&mut m, "g", &[b]);
    assert_eq!(m.compare_terms(xa, yb), Ordering::Less);
    assert_eq!(m.compare_terms(yb, xa), Ordering::Greater);
    assert!(m.variant(x, y));
}

#[test]
fn cyclic_terms_copy_as_cycles() {
    let mut m = Machine::bare();
    let x = self_loop(&mut m, "f", &[]);
    let st = StoredTerm::from_heap(&m.stacks.heap, x);
    // One functor cell and one argument, pointing back at the copy's root.
    assert!(st.cells.len() <= 3, "{:?}", st.cells);
    let c = st.to_heap(&mut m.stacks.heap);
    assert_ne!(c, x);
    assert_eq!(m.compare_terms(c, x), Ordering::Equal);
    assert!(!ply_term::cycles::is_acyclic(&m.stacks.heap, c));
    let c2 = m.copy_term(x);
    assert!(m.unify(c2, x));
}

#[test]
fn terms_that_unfold_past_the_heap_take_the_remembering_mode() {
    let mut m = Machine::bare();
    // 2^80 compounds unfolded: only a walk that remembers pairs can finish.
    let s = shared_chain(&mut m, 80);
    let t = shared_chain(&mut m, 80);
    assert_eq!(m.compare_terms(s, t), Ordering::Equal);
    assert!(m.unify(s, t));
    assert!(m.variant(s, t));
    let st = StoredTerm::from_heap(&m.stacks.heap, s);
    assert!(st.cells.len() < 1000, "the copy keeps the sharing");
    let c = st.to_heap(&mut m.stacks.heap);
    assert_eq!(m.compare_terms(c, s), Ordering::Equal);
    assert!(ply_term::cycles::is_acyclic(&m.stacks.heap, s));
    let v = m.stacks.heap.new_var();
    assert!(!m.occurs_in(v, s));
    let mut vars = Vec::new();
    m.with_compiler(None, |c| c.term_vars(s, &mut vars));
    assert!(vars.is_empty());
}

/// Without `numbervars(true)` the names of the cycles are variables. SWI-Prolog writes them as
/// its fresh variables (`@(_424,[=(_424,f(_424))])` from `write_canonical/1`); ply writes `_S1`,
/// `_S2`, ... so that the text does not depend on heap addresses. Both read back as the same
/// term, which the golden case `write_canonical` checks against SWI-Prolog.
#[test]
fn cycles_without_numbervars_are_named_as_variables() {
    let mut m = Machine::bare();
    let x = self_loop(&mut m, "f", &[]);
    let canonical = crate::write::WriteOpts {
        quoted: true,
        ignore_ops: true,
        numbervars: false,
        max_depth: 0,
        name_vars: true,
    };
    assert_eq!(m.write_term_string(x, canonical), "@(_S1,[=(_S1,f(_S1))])");
    assert_eq!(m.format_term(x, true, 0), "@(S_1,[S_1=f(S_1)])");
}
