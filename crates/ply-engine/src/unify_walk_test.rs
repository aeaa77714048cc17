//! Unit tests of the walk of a unification and of undoing it: bindings older than the newest
//! choicepoint are trailed and younger ones are not, every binding is undone by untrailing
//! (also among entries of other kinds), terms a million deep in a first argument or a million
//! pairs long unify in constant Rust stack, and the occurs check still refuses a cycle.

use super::choice::{ChoiceKind, TrailEntry};
use super::Machine;
use ply_term::{Cell, Tag};

/// `f(f(...f(leaf, b)..., b), b)`: `depth` compounds nested in their first argument, so that
/// every level leaves its pair of compounds on the walk's work stack.
fn nested_first(m: &mut Machine, depth: usize, leaf: Cell) -> Cell {
    let f = m.atoms.intern("f");
    let b = Cell::atom(m.atoms.intern("b"));
    let mut t = leaf;
    for _ in 0..depth {
        t = m.stacks.heap.compound(f, &[t, b]);
    }
    t
}

/// A list of `n` pairs `p(V, i)` with a fresh variable `V` in each, and the variables.
fn pairs_with_vars(m: &mut Machine, n: usize) -> (Cell, Vec<Cell>) {
    let p = m.atoms.intern("p");
    let mut items = Vec::with_capacity(n);
    let mut vars = Vec::with_capacity(n);
    for i in 0..n {
        let v = m.stacks.heap.new_var();
        vars.push(v);
        items.push(m.stacks.heap.compound(p, &[v, Cell::int(i as i64)]));
    }
    let nil = Cell::atom(m.atoms.intern("[]"));
    (m.stacks.heap.list_from(&items, nil), vars)
}

/// A list of `n` pairs `p(i, i)`.
fn pairs_of_ints(m: &mut Machine, n: usize) -> Cell {
    let p = m.atoms.intern("p");
    let items: Vec<Cell> = (0..n)
        .map(|i| {
            m.stacks
                .heap
                .compound(p, &[Cell::int(i as i64), Cell::int(i as i64)])
        })
        .collect();
    let nil = Cell::atom(m.atoms.intern("[]"));
    m.stacks.heap.list_from(&items, nil)
}

#[test]
fn a_million_pairs_bind_are_trailed_and_are_all_undone() {
    let mut m = Machine::bare();
    let n = 1_000_000;
    let (with_vars, vars) = pairs_with_vars(&mut m, n);
    let ints = pairs_of_ints(&mut m, n);
    // A choicepoint above every variable: each binding must be trailed.
    m.push_choice(ChoiceKind::Barrier, 0);
    let mark = m.stacks.trail.len();
    assert!(m.unify(with_vars, ints));
    assert_eq!(m.stacks.trail.len() - mark, n);
    for (i, &v) in vars.iter().enumerate() {
        assert_eq!(m.stacks.heap.deref(v), Cell::int(i as i64));
    }
    m.untrail(mark);
    assert_eq!(m.stacks.trail.len(), mark);
    assert!(vars.iter().all(|&v| m.stacks.heap.deref(v) == v));
    // A last pair that differs fails the unification; what it bound is undone the same way.
    let (again, vars) = pairs_with_vars(&mut m, 3);
    let p = m.atoms.intern("p");
    let nil = Cell::atom(m.atoms.intern("[]"));
    let items: Vec<Cell> = [(0, 0), (1, 1), (2, 7)]
        .iter()
        .map(|&(a, b)| m.stacks.heap.compound(p, &[Cell::int(a), Cell::int(b)]))
        .collect();
    let wrong = m.stacks.heap.list_from(&items, nil);
    m.push_choice(ChoiceKind::Barrier, 0);
    let mark = m.stacks.trail.len();
    assert!(!m.unify(again, wrong));
    m.untrail(mark);
    assert!(vars.iter().all(|&v| m.stacks.heap.deref(v) == v));
}

#[test]
fn bindings_younger_than_the_newest_choicepoint_are_not_trailed() {
    let mut m = Machine::bare();
    m.push_choice(ChoiceKind::Barrier, 0);
    let (with_vars, vars) = pairs_with_vars(&mut m, 100);
    let ints = pairs_of_ints(&mut m, 100);
    let mark = m.stacks.trail.len();
    assert!(m.unify(ints, with_vars));
    assert_eq!(m.stacks.trail.len(), mark);
    assert_eq!(m.stacks.heap.deref(vars[42]), Cell::int(42));
}

#[test]
fn two_variables_bind_the_younger_to_the_older() {
    let mut m = Machine::bare();
    let f = m.atoms.intern("g");
    let (old, young) = (m.stacks.heap.new_var(), m.stacks.heap.new_var());
    let s = m.stacks.heap.compound(f, &[old, young]);
    let t = m.stacks.heap.compound(f, &[young, old]);
    assert!(m.unify(s, t));
    assert_eq!(m.stacks.heap.cells[young.addr()], old);
    assert_eq!(m.stacks.heap.deref(old), old);
}

#[test]
fn a_million_compounds_deep_in_first_arguments_unify_in_constant_stack() {
    let mut m = Machine::bare();
    let a = Cell::atom(m.atoms.intern("a"));
    let c = Cell::atom(m.atoms.intern("c"));
    let x = m.stacks.heap.new_var();
    let s = nested_first(&mut m, 1_000_000, x);
    let t = nested_first(&mut m, 1_000_000, a);
    let u = nested_first(&mut m, 1_000_000, c);
    m.push_choice(ChoiceKind::Barrier, 0);
    let mark = m.stacks.trail.len();
    assert!(m.unify(s, t));
    assert_eq!(m.stacks.heap.deref(x), a);
    assert!(!m.unify(s, u));
    m.untrail(mark);
    assert_eq!(m.stacks.heap.deref(x), x);
    assert!(m.unify(u, s));
    assert_eq!(m.stacks.heap.deref(x), c);
    assert!(!m.unify(t, u));
}

#[test]
fn untrailing_undoes_bindings_among_entries_of_other_kinds() {
    let mut m = Machine::bare();
    let (a, b) = (m.stacks.heap.new_var(), m.stacks.heap.new_var());
    let f = m.atoms.intern("h");
    let s = m.stacks.heap.compound(f, &[Cell::int(1)]);
    m.push_choice(ChoiceKind::Barrier, 0);
    let mark = m.stacks.trail.len();
    m.bind(a, Cell::int(5));
    // A `setarg/3`-like change in place between two bindings.
    let arg = s.addr() + 1;
    m.stacks
        .trail
        .push(TrailEntry::Assign(arg, m.stacks.heap.cells[arg]));
    m.stacks.heap.cells[arg] = Cell::int(2);
    m.bind(b, Cell::int(6));
    m.untrail(mark);
    assert_eq!((m.stacks.heap.deref(a), m.stacks.heap.deref(b)), (a, b));
    assert_eq!(m.stacks.heap.cells[arg], Cell::int(1));
    assert_eq!(m.stacks.trail.len(), mark);
}

#[test]
fn the_occurs_check_refuses_a_cycle_and_allows_the_rest() {
    let mut m = Machine::bare();
    let f = m.atoms.intern("f");
    let g = m.atoms.intern("g");
    let a = Cell::atom(m.atoms.intern("a"));
    let x = m.stacks.heap.new_var();
    let gx = m.stacks.heap.compound(g, &[x]);
    let cyclic = m.stacks.heap.compound(f, &[a, gx]);
    assert!(!m.unify_occurs(x, cyclic));
    assert_eq!(m.stacks.heap.deref(x), x);
    // The variable deep in the first arguments of a deep term is found too.
    let deep = nested_first(&mut m, 100_000, x);
    let y = m.stacks.heap.new_var();
    let pair = m.stacks.heap.compound(f, &[x, y]);
    let other = m.stacks.heap.compound(f, &[y, deep]);
    assert!(!m.unify_occurs(pair, other));
    // Without a cycle it binds as plain unification does.
    let z = m.stacks.heap.new_var();
    let gz = m.stacks.heap.compound(g, &[z]);
    let w = m.stacks.heap.new_var();
    assert!(m.unify_occurs(w, gz));
    assert_eq!(m.stacks.heap.deref(w).tag(), Tag::Str);
}
