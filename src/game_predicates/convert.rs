//! Game terms across a machine's boundary: [`to_heap`] and [`from_heap`] are the general codec
//! (`games/codec/terms.rs`) with the machine's heap, atom table and the game library's memory of
//! fixed names (`state.rs`), which every machine keeps for itself, so that no machine ever meets
//! another's atom indices. [`is_cyclic`] tells a term that cannot travel in an error.

use super::state::GameState;
use crate::games::codec::{read_with, Unreadable};
use crate::games::GTerm;
use crate::machine::Machine;
use crate::term::{Cell, Tag};
use std::collections::HashMap;

/// The atom index of the fixed name `name` in `m`, interning it the first time.
pub fn fixed_atom(m: &mut Machine, name: &'static str) -> u32 {
    m.services
        .natives
        .get::<GameState>()
        .names
        .fixed(&mut m.atoms, name)
}

/// Put `t` on the heap and return it.
pub fn to_heap(m: &mut Machine, t: &GTerm) -> Cell {
    m.services
        .natives
        .get::<GameState>()
        .names
        .put(&mut m.stacks.heap, &mut m.atoms, t)
}

/// Read the heap term `root` as a ground game term.
///
/// The empty list reads as `GTerm::List(vec![])`, the form in which games write it, so that a
/// position read back compares equal to the one a game made.
pub fn from_heap(m: &Machine, root: Cell) -> Result<GTerm, Unreadable> {
    let names = m.services.natives.peek::<GameState>().map(|s| &s.names);
    read_with(&m.stacks.heap, &m.atoms, names, root)
}

/// True when the term `root` is cyclic (a rational tree, such as `L = [e|L]`).
///
/// A depth-first walk that marks the compounds on the current path and those already finished;
/// meeting a compound that is on the path closes a cycle. It loops over an explicit stack and
/// visits each compound once, so deep terms cost their size and no Rust stack.
pub fn is_cyclic(m: &Machine, root: Cell) -> bool {
    let heap = &m.stacks.heap;
    // Compounds by address: true while on the current path, false once finished.
    let mut on_path: HashMap<usize, bool> = HashMap::new();
    // (address of the compound, address of its first argument, arguments, next to visit)
    let mut stack: Vec<(usize, usize, usize, usize)> = Vec::new();
    let mut next = Some(heap.deref(root));
    loop {
        if let Some(c) = next.take() {
            let (first, n) = match c.tag() {
                Tag::Str => (c.addr() + 1, heap.functor_of(c).functor_arity()),
                Tag::List => (c.addr(), 2),
                _ => (0, 0),
            };
            if n > 0 {
                match on_path.get(&c.addr()) {
                    Some(true) => return true,
                    Some(false) => {}
                    None => {
                        on_path.insert(c.addr(), true);
                        stack.push((c.addr(), first, n, 0));
                    }
                }
            }
        }
        let Some(top) = stack.last_mut() else {
            return false;
        };
        let (address, first, n, i) = *top;
        if i == n {
            stack.pop();
            on_path.insert(address, false);
        } else {
            top.3 += 1;
            next = Some(heap.deref(heap.cells[first + i]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::atom;
    use std::borrow::Cow;

    #[test]
    fn round_trip_keeps_the_term_and_the_atom_table() {
        let mut m = crate::system::machine();
        let t = GTerm::compound(
            "ttt",
            vec![
                GTerm::Int(3),
                GTerm::atom("x"),
                GTerm::List(vec![]),
                GTerm::Str("a b".into()),
                GTerm::List(vec![GTerm::List(vec![GTerm::atom("e"), GTerm::Int(-7)])]),
            ],
        );
        let c = to_heap(&mut m, &t);
        let atoms = m.atoms.len();
        for _ in 0..100 {
            let back = from_heap(&m, c).unwrap();
            assert_eq!(back, t);
            let again = to_heap(&mut m, &back);
            assert_eq!(from_heap(&m, again).unwrap(), t);
        }
        assert_eq!(m.atoms.len(), atoms);
        assert!(matches!(
            from_heap(&m, c).unwrap(),
            GTerm::Compound(Cow::Borrowed(_), _)
        ));
    }

    #[test]
    fn refuses_variables_floats_and_deep_terms() {
        let mut m = crate::system::machine();
        let v = m.stacks.heap.new_var();
        assert_eq!(from_heap(&m, v), Err(Unreadable::Unbound));
        let f = m.stacks.heap.float(1.5);
        let g = m.stacks.heap.compound(atom::MINUS, &[f]);
        assert_eq!(from_heap(&m, g), Err(Unreadable::Shape));
        let mut deep = Cell::int(0);
        for _ in 0..100_000 {
            deep = m.stacks.heap.compound(atom::MINUS, &[deep]);
        }
        assert_eq!(from_heap(&m, deep), Err(Unreadable::Shape));
        let tail = m.stacks.heap.new_var();
        let partial = m.stacks.heap.cons(Cell::int(1), tail);
        assert_eq!(from_heap(&m, partial), Err(Unreadable::Unbound));
        let improper = m.stacks.heap.cons(Cell::int(1), Cell::int(2));
        assert_eq!(from_heap(&m, improper), Err(Unreadable::Shape));
        assert!(!is_cyclic(&m, deep));
        let hole = m.stacks.heap.new_var();
        let cyclic = m.stacks.heap.cons(Cell::int(1), hole);
        m.bind(hole, cyclic);
        assert_eq!(from_heap(&m, cyclic), Err(Unreadable::Shape));
        assert!(is_cyclic(&m, cyclic));
        let shared = m.stacks.heap.compound(atom::MINUS, &[deep, deep]);
        assert!(!is_cyclic(&m, shared));
    }
}
