//! The general way across the heap: any game term ([`GTerm`]) put onto the heap and a heap term
//! read back as one, without growing the atom table and without allocating a string per atom.
//! It serves the predicates a search does not call at every node and the positions the bridge
//! (`games/bridge.rs`) does not know.
//!
//! A game names its atoms with `&'static str`s (`x`, `o`, `e`, `lines`...). The first time such a
//! name goes onto the heap it is interned and remembered twice in an [`AtomCache`] (one per
//! machine, kept in the game library's state there): by the address of the static text (so the
//! next term finds its atom index without hashing the name) and by atom index (so reading a term
//! back yields a borrowed name, not a fresh `String`). Each atom table has its own cache, so no
//! table ever meets another's atom indices.
//!
//! Reading a heap term is a loop over an explicit stack with a limit on nesting and on size, so
//! a deep or cyclic term handed to a game predicate is refused, never a stack overflow. Building
//! a heap term recurses over the `GTerm`, which is safe because every `GTerm` built here is at
//! most [`MAX_NESTING`] deep and games only make shallow ones. Nothing here may bind a variable
//! or intern a name that did not come from a game or from the user's own term.

use crate::GTerm;
use ply_term::{atom, AtomTable, BoxKind, Cell, Heap, Tag};
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The deepest nesting of compounds and lists a game term may have.
pub const MAX_NESTING: usize = 32;

/// The most subterms a game term may have.
pub const MAX_NODES: usize = 1 << 16;

/// Why a heap term could not be read as a game term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// It contains an unbound variable.
    Unbound,
    /// It holds something no game term has (a float, a big integer, a partial or improper list)
    /// or is too deep or too big.
    Shape,
}

/// A hasher for text addresses: one multiplication, enough to spread pointers over buckets.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// How many static names [`AtomCache`] keeps in its short array.
const RECENT: usize = 24;

/// One atom table's memory of which static names have which atom indices.
#[derive(Default)]
pub struct AtomCache {
    /// Atom index by the address of a static name, for the first few names: a game uses a
    /// handful, and a scan of a short array beats hashing.
    recent: Vec<(usize, u32)>,
    /// Atom index by the address of a static name, for names beyond the first few.
    by_address: HashMap<usize, u32, BuildHasherDefault<AddressHasher>>,
    /// Static name by atom index, for the names seen so far.
    by_index: Vec<Option<&'static str>>,
}

impl AtomCache {
    /// Every atom index remembered (all interned permanently).
    pub fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        for &(_, index) in &self.recent {
            mark(index);
        }
        for &index in self.by_address.values() {
            mark(index);
        }
    }

    /// The atom index of the fixed name `name` in `atoms`, interning it the first time.
    pub fn fixed(&mut self, atoms: &mut AtomTable, name: &'static str) -> u32 {
        let address = name.as_ptr() as usize;
        if let Some(&(_, index)) = self.recent.iter().find(|(a, _)| *a == address) {
            return index;
        }
        if let Some(&index) = self.by_address.get(&address) {
            return index;
        }
        let index = atoms.intern(name);
        if self.recent.len() < RECENT {
            self.recent.push((address, index));
        } else {
            self.by_address.insert(address, index);
        }
        let slot = index as usize;
        if self.by_index.len() <= slot {
            self.by_index.resize(slot + 1, None);
        }
        self.by_index[slot] = Some(name);
        index
    }

    /// The name of atom `index` as a `GTerm` name: borrowed when a game has used it before.
    fn name(&self, atoms: &AtomTable, index: u32) -> Cow<'static, str> {
        match self.by_index.get(index as usize) {
            Some(&Some(fixed)) => Cow::Borrowed(fixed),
            _ => Cow::Owned(atoms.name(index).to_string()),
        }
    }

    /// The atom index of a `GTerm` name.
    // It takes the `Cow` itself: whether the name is borrowed is what picks the fast path.
    #[allow(clippy::ptr_arg)]
    fn index(&mut self, atoms: &mut AtomTable, name: &Cow<'static, str>) -> u32 {
        match name {
            Cow::Borrowed(fixed) => self.fixed(atoms, fixed),
            Cow::Owned(text) => atoms.intern(text),
        }
    }

    /// Put `t` on the heap and return it, with the atoms of `atoms`. The cells of a compound
    /// or a list are reserved before its arguments are built, so that nothing but the heap
    /// itself grows.
    pub fn put(&mut self, heap: &mut Heap, atoms: &mut AtomTable, t: &GTerm) -> Cell {
        match t {
            GTerm::Int(i) => heap.int(*i),
            GTerm::Str(s) => heap.string(s),
            GTerm::Atom(name) if name == "[]" => Cell::atom(atom::NIL),
            GTerm::Atom(name) => Cell::atom(self.index(atoms, name)),
            GTerm::Compound(name, args) => {
                let functor = self.index(atoms, name);
                let base = heap.top();
                heap.cells.push(Cell::functor(functor, args.len()));
                heap.cells
                    .extend(std::iter::repeat_n(Cell::atom(atom::NIL), args.len()));
                for (i, arg) in args.iter().enumerate() {
                    let c = self.put(heap, atoms, arg);
                    heap.cells[base + 1 + i] = c;
                }
                Cell::structure(base)
            }
            GTerm::List(items) => {
                if items.is_empty() {
                    return Cell::atom(atom::NIL);
                }
                let start = heap.top();
                heap.cells
                    .extend(std::iter::repeat_n(Cell::atom(atom::NIL), 2 * items.len()));
                for (i, item) in items.iter().enumerate() {
                    let c = self.put(heap, atoms, item);
                    heap.cells[start + 2 * i] = c;
                    if i + 1 < items.len() {
                        heap.cells[start + 2 * i + 1] = Cell::list(start + 2 * i + 2);
                    }
                }
                Cell::list(start)
            }
        }
    }
}

/// A step of reading a heap term.
enum Step {
    /// Read this cell, at this nesting.
    Read(Cell, usize),
    /// Make a compound of the last `n` values read.
    Compound(Cow<'static, str>, usize),
    /// Make a list of the last `n` values read.
    List(usize),
}

/// Read the heap term `root` as a ground game term, with the atoms of `atoms` and, when there is
/// one, the memory of fixed names that goes with them (without it every name read is a fresh
/// string).
///
/// The empty list reads as `GTerm::List(vec![])`, the form in which games write it, so that a
/// position read back compares equal to the one a game made.
pub fn read_with(
    heap: &Heap,
    atoms: &AtomTable,
    names: Option<&AtomCache>,
    root: Cell,
) -> Result<GTerm, Unreadable> {
    let empty = AtomCache::default();
    let names = names.unwrap_or(&empty);
    let mut todo = Vec::new();
    let mut values = Vec::new();
    read(names, heap, atoms, root, &mut todo, &mut values)
}

/// [`read_with`] with the work space handed in.
fn read(
    cache: &AtomCache,
    heap: &Heap,
    atoms: &AtomTable,
    root: Cell,
    todo: &mut Vec<Step>,
    values: &mut Vec<GTerm>,
) -> Result<GTerm, Unreadable> {
    todo.push(Step::Read(root, 0));
    let mut nodes = 0usize;
    while let Some(step) = todo.pop() {
        match step {
            Step::Read(cell, nesting) => {
                nodes += 1;
                if nodes > MAX_NODES || nesting > MAX_NESTING {
                    return Err(Unreadable::Shape);
                }
                let c = heap.deref(cell);
                match c.tag() {
                    Tag::Ref => return Err(Unreadable::Unbound),
                    Tag::Int => values.push(GTerm::Int(c.int_value())),
                    Tag::Atom if c.atom_index() == atom::NIL => values.push(GTerm::List(vec![])),
                    Tag::Atom => values.push(GTerm::Atom(cache.name(atoms, c.atom_index()))),
                    Tag::Boxed => match heap.box_kind(c) {
                        BoxKind::Str => values.push(GTerm::Str(heap.string_value(c).to_string())),
                        BoxKind::Float | BoxKind::BigInt => return Err(Unreadable::Shape),
                    },
                    Tag::Str => {
                        let f = heap.functor_of(c);
                        let n = f.functor_arity();
                        todo.push(Step::Compound(cache.name(atoms, f.functor_name()), n));
                        for i in (0..n).rev() {
                            todo.push(Step::Read(heap.arg(c, i), nesting + 1));
                        }
                    }
                    Tag::List => {
                        let start = todo.len();
                        todo.push(Step::List(0));
                        let mut n = 0usize;
                        let mut l = c;
                        loop {
                            match l.tag() {
                                Tag::List => {
                                    n += 1;
                                    if n > MAX_NODES {
                                        return Err(Unreadable::Shape);
                                    }
                                    todo.push(Step::Read(heap.cells[l.addr()], nesting + 1));
                                    l = heap.deref(heap.cells[l.addr() + 1]);
                                }
                                Tag::Atom if l.atom_index() == atom::NIL => break,
                                Tag::Ref => return Err(Unreadable::Unbound),
                                _ => return Err(Unreadable::Shape),
                            }
                        }
                        todo[start] = Step::List(n);
                        // The elements were pushed first to last; they must be read first to
                        // last, so from the top of the stack down.
                        todo[start + 1..].reverse();
                    }
                    Tag::Functor | Tag::Header => return Err(Unreadable::Shape),
                }
            }
            Step::Compound(name, n) => {
                let args = values.split_off(values.len() - n);
                values.push(GTerm::Compound(name, args));
            }
            Step::List(n) => {
                let items = values.split_off(values.len() - n);
                values.push(GTerm::List(items));
            }
        }
    }
    values.pop().ok_or(Unreadable::Shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heap and an atom table alone, as any Rust program has them without a machine.
    fn parts() -> (Heap, AtomTable, AtomCache) {
        (Heap::default(), AtomTable::new(), AtomCache::default())
    }

    #[test]
    fn round_trip_on_a_bare_heap_keeps_the_term_and_the_atom_table() {
        let (mut heap, mut atoms, mut names) = parts();
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
        let c = names.put(&mut heap, &mut atoms, &t);
        let before = atoms.len();
        for _ in 0..10 {
            let back = read_with(&heap, &atoms, Some(&names), c).unwrap();
            assert_eq!(back, t);
            assert!(matches!(back, GTerm::Compound(Cow::Borrowed(_), _)));
            let again = names.put(&mut heap, &mut atoms, &back);
            assert_eq!(read_with(&heap, &atoms, None, again).unwrap(), t);
        }
        assert_eq!(atoms.len(), before);
    }

    #[test]
    fn a_bare_heap_refuses_variables_floats_and_deep_or_cyclic_terms() {
        let (mut heap, atoms, _) = parts();
        let read = |heap: &Heap, c| read_with(heap, &atoms, None, c);
        let v = heap.new_var();
        assert_eq!(read(&heap, v), Err(Unreadable::Unbound));
        let f = heap.float(1.5);
        let g = heap.compound(atom::MINUS, &[f]);
        assert_eq!(read(&heap, g), Err(Unreadable::Shape));
        let mut deep = Cell::int(0);
        for _ in 0..=MAX_NESTING {
            deep = heap.compound(atom::MINUS, &[deep]);
        }
        assert_eq!(read(&heap, deep), Err(Unreadable::Shape));
        let improper = heap.cons(Cell::int(1), Cell::int(2));
        assert_eq!(read(&heap, improper), Err(Unreadable::Shape));
        // A list whose tail is itself, bound by writing the variable's cell.
        let hole = heap.new_var();
        let cyclic = heap.cons(Cell::int(1), hole);
        heap.cells[hole.addr()] = cyclic;
        assert_eq!(read(&heap, cyclic), Err(Unreadable::Shape));
    }
}
