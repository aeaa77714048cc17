//! Positions across the boundary: heap terms to [`GTerm`]s and back, without growing the atom
//! table and without allocating a string per atom.
//!
//! A game names its atoms with `&'static str`s (`x`, `o`, `e`, `lines`...). The first time such a
//! name goes onto the heap it is interned and remembered twice in a per-thread cache: by the
//! address of the static text (so the next successor finds its atom index without hashing the
//! name) and by atom index (so reading a position back yields a borrowed name, not a fresh
//! `String`). Every cache hit is confirmed against the machine's own atom table, so two machines
//! on one thread can never see each other's indices.
//!
//! Reading a heap term is a loop over an explicit stack with a limit on nesting and on size, so
//! a deep or cyclic term handed to a game predicate is refused, never a stack overflow. Building
//! a heap term recurses over the `GTerm`, which is safe because every `GTerm` built here is at
//! most [`MAX_NESTING`] deep and games only make shallow ones. Nothing here may bind a variable
//! or intern a name that did not come from a game or from the user's own term.

use crate::games::GTerm;
use crate::machine::Machine;
use crate::term::{atom, BoxKind, Cell, Tag};
use std::borrow::Cow;
use std::cell::RefCell;
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
        self.0 = (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The per-thread memory of which static names have which atom indices.
#[derive(Default)]
struct AtomCache {
    /// Atom index by the address of a static name.
    by_address: HashMap<usize, u32, BuildHasherDefault<AddressHasher>>,
    /// Static name by atom index, for the names seen so far.
    by_index: Vec<Option<&'static str>>,
}

thread_local! {
    static CACHE: RefCell<AtomCache> = RefCell::new(AtomCache::default());
}

/// The atom index of the fixed name `name` in `m`, interning it the first time.
pub fn fixed_atom(m: &mut Machine, name: &'static str) -> u32 {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let address = name.as_ptr() as usize;
        if let Some(&index) = cache.by_address.get(&address) {
            if (index as usize) < m.atoms.len() && m.atoms.name(index) == name {
                return index;
            }
        }
        let index = m.atoms.intern(name);
        cache.by_address.insert(address, index);
        let slot = index as usize;
        if cache.by_index.len() <= slot {
            cache.by_index.resize(slot + 1, None);
        }
        cache.by_index[slot] = Some(name);
        index
    })
}

/// The name of atom `index` as a `GTerm` name: borrowed when a game has used it before.
fn atom_name(m: &Machine, index: u32) -> Cow<'static, str> {
    let name = m.atoms.name(index);
    let known = CACHE.with(|cache| {
        let cache = cache.borrow();
        match cache.by_index.get(index as usize) {
            Some(&Some(fixed)) if fixed == name => Some(fixed),
            _ => None,
        }
    });
    match known {
        Some(fixed) => Cow::Borrowed(fixed),
        None => Cow::Owned(name.to_string()),
    }
}

/// The atom index of a `GTerm` name.
fn name_index(m: &mut Machine, name: &Cow<'static, str>) -> u32 {
    match name {
        Cow::Borrowed(fixed) => fixed_atom(m, fixed),
        Cow::Owned(text) => m.atoms.intern(text),
    }
}

/// Put `t` on the heap and return it.
///
/// The cells of a compound or a list are reserved before its arguments are built, so that
/// nothing but the heap itself is allocated.
pub fn to_heap(m: &mut Machine, t: &GTerm) -> Cell {
    match t {
        GTerm::Int(i) => m.heap.int(*i),
        GTerm::Str(s) => m.heap.string(s),
        GTerm::Atom(name) => {
            if name == "[]" {
                Cell::atom(atom::NIL)
            } else {
                Cell::atom(name_index(m, name))
            }
        }
        GTerm::Compound(name, args) => {
            let functor = name_index(m, name);
            let base = m.heap.top();
            m.heap.cells.push(Cell::functor(functor, args.len()));
            m.heap
                .cells
                .extend(std::iter::repeat_n(Cell::atom(atom::NIL), args.len()));
            for (i, arg) in args.iter().enumerate() {
                let c = to_heap(m, arg);
                m.heap.cells[base + 1 + i] = c;
            }
            Cell::structure(base)
        }
        GTerm::List(items) => list_to_heap(m, items),
    }
}

/// A proper list of `items` on the heap.
pub fn list_to_heap(m: &mut Machine, items: &[GTerm]) -> Cell {
    let start = m.heap.top();
    if items.is_empty() {
        return Cell::atom(atom::NIL);
    }
    m.heap
        .cells
        .extend(std::iter::repeat_n(Cell::atom(atom::NIL), 2 * items.len()));
    for (i, item) in items.iter().enumerate() {
        let c = to_heap(m, item);
        m.heap.cells[start + 2 * i] = c;
        if i + 1 < items.len() {
            m.heap.cells[start + 2 * i + 1] = Cell::list(start + 2 * i + 2);
        }
    }
    Cell::list(start)
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

/// Read the heap term `root` as a ground game term.
///
/// The empty list reads as `GTerm::List(vec![])`, the form in which games write it, so that a
/// position read back compares equal to the one a game made.
pub fn from_heap(m: &Machine, root: Cell) -> Result<GTerm, Unreadable> {
    let mut todo = vec![Step::Read(root, 0)];
    let mut values: Vec<GTerm> = Vec::new();
    let mut nodes = 0usize;
    while let Some(step) = todo.pop() {
        match step {
            Step::Read(cell, nesting) => {
                nodes += 1;
                if nodes > MAX_NODES || nesting > MAX_NESTING {
                    return Err(Unreadable::Shape);
                }
                let c = m.heap.deref(cell);
                match c.tag() {
                    Tag::Ref => return Err(Unreadable::Unbound),
                    Tag::Int => values.push(GTerm::Int(c.int_value())),
                    Tag::Atom if c.atom_index() == atom::NIL => values.push(GTerm::List(vec![])),
                    Tag::Atom => values.push(GTerm::Atom(atom_name(m, c.atom_index()))),
                    Tag::Boxed => match m.heap.box_kind(c) {
                        BoxKind::Str => values.push(GTerm::Str(m.heap.string_value(c).to_string())),
                        BoxKind::Float | BoxKind::BigInt => return Err(Unreadable::Shape),
                    },
                    Tag::Str => {
                        let f = m.heap.functor_of(c);
                        let n = f.functor_arity();
                        todo.push(Step::Compound(atom_name(m, f.functor_name()), n));
                        for i in (0..n).rev() {
                            todo.push(Step::Read(m.heap.arg(c, i), nesting + 1));
                        }
                    }
                    Tag::List => {
                        let items = list_items(m, c)?;
                        if items.len() > MAX_NODES {
                            return Err(Unreadable::Shape);
                        }
                        todo.push(Step::List(items.len()));
                        for &item in items.iter().rev() {
                            todo.push(Step::Read(item, nesting + 1));
                        }
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

/// The elements of the proper list starting at the list cell `c`.
fn list_items(m: &Machine, c: Cell) -> Result<Vec<Cell>, Unreadable> {
    let mut items = Vec::new();
    let mut c = c;
    loop {
        match c.tag() {
            Tag::List => {
                if items.len() > MAX_NODES {
                    return Err(Unreadable::Shape);
                }
                items.push(m.heap.cells[c.addr()]);
                c = m.heap.deref(m.heap.cells[c.addr() + 1]);
            }
            Tag::Atom if c.atom_index() == atom::NIL => return Ok(items),
            Tag::Ref => return Err(Unreadable::Unbound),
            _ => return Err(Unreadable::Shape),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_keeps_the_term_and_the_atom_table() {
        let mut m = Machine::new();
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
        assert!(matches!(from_heap(&m, c).unwrap(), GTerm::Compound(Cow::Borrowed(_), _)));
    }

    #[test]
    fn refuses_variables_floats_and_deep_terms() {
        let mut m = Machine::new();
        let v = m.heap.new_var();
        assert_eq!(from_heap(&m, v), Err(Unreadable::Unbound));
        let f = m.heap.float(1.5);
        let g = m.heap.compound(atom::MINUS, &[f]);
        assert_eq!(from_heap(&m, g), Err(Unreadable::Shape));
        let mut deep = Cell::int(0);
        for _ in 0..100_000 {
            deep = m.heap.compound(atom::MINUS, &[deep]);
        }
        assert_eq!(from_heap(&m, deep), Err(Unreadable::Shape));
        let tail = m.heap.new_var();
        let partial = m.heap.cons(Cell::int(1), tail);
        assert_eq!(from_heap(&m, partial), Err(Unreadable::Unbound));
        let improper = m.heap.cons(Cell::int(1), Cell::int(2));
        assert_eq!(from_heap(&m, improper), Err(Unreadable::Shape));
    }
}
