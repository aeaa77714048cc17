//! Positions across the boundary: heap terms to [`GTerm`]s and back, without growing the atom
//! table and without allocating a string per atom.
//!
//! A game names its atoms with `&'static str`s (`x`, `o`, `e`, `lines`...). The first time such a
//! name goes onto the heap it is interned and remembered twice in a per-thread cache: by the
//! address of the static text (so the next successor finds its atom index without hashing the
//! name) and by atom index (so reading a position back yields a borrowed name, not a fresh
//! `String`). The cache belongs to one machine at a time (see `known::machine_id`) and starts
//! over when another machine's term comes along, so two machines on one thread never see each
//! other's indices.
//!
//! Reading a heap term is a loop over an explicit stack with a limit on nesting and on size, so
//! a deep or cyclic term handed to a game predicate is refused, never a stack overflow. Building
//! a heap term recurses over the `GTerm`, which is safe because every `GTerm` built here is at
//! most [`MAX_NESTING`] deep and games only make shallow ones. Nothing here may bind a variable
//! or intern a name that did not come from a game or from the user's own term.

use super::known;
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

/// The per-thread memory of which static names have which atom indices, with the work space
/// of [`from_heap`] kept between calls.
#[derive(Default)]
struct AtomCache {
    /// The machine whose atom indices are remembered ([`known::machine_id`]).
    machine: usize,
    /// Atom index by the address of a static name, for the first few names: a game uses a
    /// handful, and a scan of a short array beats hashing.
    recent: Vec<(usize, u32)>,
    /// Atom index by the address of a static name, for names beyond the first few.
    by_address: HashMap<usize, u32, BuildHasherDefault<AddressHasher>>,
    /// Static name by atom index, for the names seen so far.
    by_index: Vec<Option<&'static str>>,
    /// The steps still to do while reading a heap term.
    todo: Vec<Step>,
    /// The terms read so far while reading a heap term.
    values: Vec<GTerm>,
}

thread_local! {
    static CACHE: RefCell<AtomCache> = RefCell::new(AtomCache::default());
}

impl AtomCache {
    /// Start over when machine `id` is not the machine the cache remembers.
    fn serve(&mut self, id: usize) {
        if self.machine != id {
            self.machine = id;
            self.recent.clear();
            self.by_address.clear();
            self.by_index.clear();
        }
    }

    /// The atom index of the fixed name `name` in `m`, interning it the first time.
    fn fixed(&mut self, m: &mut Machine, name: &'static str) -> u32 {
        let address = name.as_ptr() as usize;
        if let Some(&(_, index)) = self.recent.iter().find(|(a, _)| *a == address) {
            return index;
        }
        if let Some(&index) = self.by_address.get(&address) {
            return index;
        }
        let index = m.atoms.intern(name);
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
    fn name(&self, m: &Machine, index: u32) -> Cow<'static, str> {
        match self.by_index.get(index as usize) {
            Some(&Some(fixed)) => Cow::Borrowed(fixed),
            _ => Cow::Owned(m.atoms.name(index).to_string()),
        }
    }

    /// The atom index of a `GTerm` name.
    // It takes the `Cow` itself: whether the name is borrowed is what picks the fast path.
    #[allow(clippy::ptr_arg)]
    fn index(&mut self, m: &mut Machine, name: &Cow<'static, str>) -> u32 {
        match name {
            Cow::Borrowed(fixed) => self.fixed(m, fixed),
            Cow::Owned(text) => m.atoms.intern(text),
        }
    }

    /// Put `t` on the heap. The cells of a compound or a list are reserved before its arguments
    /// are built, so that nothing but the heap itself grows.
    fn put(&mut self, m: &mut Machine, t: &GTerm) -> Cell {
        match t {
            GTerm::Int(i) => m.heap.int(*i),
            GTerm::Str(s) => m.heap.string(s),
            GTerm::Atom(name) if name == "[]" => Cell::atom(atom::NIL),
            GTerm::Atom(name) => Cell::atom(self.index(m, name)),
            GTerm::Compound(name, args) => {
                let functor = self.index(m, name);
                let base = m.heap.top();
                m.heap.cells.push(Cell::functor(functor, args.len()));
                m.heap
                    .cells
                    .extend(std::iter::repeat_n(Cell::atom(atom::NIL), args.len()));
                for (i, arg) in args.iter().enumerate() {
                    let c = self.put(m, arg);
                    m.heap.cells[base + 1 + i] = c;
                }
                Cell::structure(base)
            }
            GTerm::List(items) => self.put_list(m, items),
        }
    }

    /// Put the proper list of `items` on the heap.
    fn put_list(&mut self, m: &mut Machine, items: &[GTerm]) -> Cell {
        if items.is_empty() {
            return Cell::atom(atom::NIL);
        }
        let start = m.heap.top();
        m.heap
            .cells
            .extend(std::iter::repeat_n(Cell::atom(atom::NIL), 2 * items.len()));
        for (i, item) in items.iter().enumerate() {
            let c = self.put(m, item);
            m.heap.cells[start + 2 * i] = c;
            if i + 1 < items.len() {
                m.heap.cells[start + 2 * i + 1] = Cell::list(start + 2 * i + 2);
            }
        }
        Cell::list(start)
    }
}

/// The cache, ready to serve the machine with identity `id` ([`known::machine_id`]).
fn with_cache<R>(id: usize, f: impl FnOnce(&mut AtomCache) -> R) -> R {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        cache.serve(id);
        f(&mut cache)
    })
}

/// Forget every remembered atom index (a machine is being built, and may reuse the identity of
/// one that was dropped).
pub fn forget_all() {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        cache.machine = 0;
        cache.recent.clear();
        cache.by_address.clear();
        cache.by_index.clear();
    });
    known::forget_all();
}

/// The atom index of the fixed name `name` in `m`, interning it the first time.
pub fn fixed_atom(m: &mut Machine, name: &'static str) -> u32 {
    with_cache(known::machine_id(m), |cache| cache.fixed(m, name))
}

/// Put `t` on the heap and return it.
pub fn to_heap(m: &mut Machine, t: &GTerm) -> Cell {
    with_cache(known::machine_id(m), |cache| cache.put(m, t))
}

/// Put the position `t` on the heap and remember it there (see [`known`]).
pub fn position_to_heap(m: &mut Machine, t: GTerm) -> Cell {
    with_cache(known::machine_id(m), |cache| {
        let start = m.heap.top();
        let c = cache.put(m, &t);
        if c.tag() == Tag::Str && c.addr() == start {
            known::remember(m, start, m.heap.top(), t);
        }
        c
    })
}

/// The proper list of the positions `items` on the heap, each remembered (see [`known`]).
pub fn positions_to_heap(m: &mut Machine, items: Vec<GTerm>) -> Cell {
    if items.is_empty() {
        return Cell::atom(atom::NIL);
    }
    with_cache(known::machine_id(m), |cache| {
        let n = items.len();
        let list = m.heap.top();
        m.heap
            .cells
            .extend(std::iter::repeat_n(Cell::atom(atom::NIL), 2 * n));
        for (i, item) in items.into_iter().enumerate() {
            let start = m.heap.top();
            let c = cache.put(m, &item);
            m.heap.cells[list + 2 * i] = c;
            if i + 1 < n {
                m.heap.cells[list + 2 * i + 1] = Cell::list(list + 2 * i + 2);
            }
            if c.tag() == Tag::Str && c.addr() == start {
                known::remember(m, start, m.heap.top(), item);
            }
        }
        Cell::list(list)
    })
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
    with_cache(known::machine_id(m), |cache| {
        let mut todo = std::mem::take(&mut cache.todo);
        let mut values = std::mem::take(&mut cache.values);
        todo.clear();
        values.clear();
        let result = read(cache, m, root, &mut todo, &mut values);
        cache.todo = todo;
        cache.values = values;
        result
    })
}

/// [`from_heap`] with the cache borrowed and the work space handed in.
fn read(
    cache: &AtomCache,
    m: &Machine,
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
                let c = m.heap.deref(cell);
                match c.tag() {
                    Tag::Ref => return Err(Unreadable::Unbound),
                    Tag::Int => values.push(GTerm::Int(c.int_value())),
                    Tag::Atom if c.atom_index() == atom::NIL => values.push(GTerm::List(vec![])),
                    Tag::Atom => values.push(GTerm::Atom(cache.name(m, c.atom_index()))),
                    Tag::Boxed => match m.heap.box_kind(c) {
                        BoxKind::Str => values.push(GTerm::Str(m.heap.string_value(c).to_string())),
                        BoxKind::Float | BoxKind::BigInt => return Err(Unreadable::Shape),
                    },
                    Tag::Str => {
                        let f = m.heap.functor_of(c);
                        let n = f.functor_arity();
                        todo.push(Step::Compound(cache.name(m, f.functor_name()), n));
                        for i in (0..n).rev() {
                            todo.push(Step::Read(m.heap.arg(c, i), nesting + 1));
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
                                    todo.push(Step::Read(m.heap.cells[l.addr()], nesting + 1));
                                    l = m.heap.deref(m.heap.cells[l.addr() + 1]);
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

/// True when the term `root` is cyclic (a rational tree, such as `L = [e|L]`).
///
/// A depth-first walk that marks the compounds on the current path and those already finished;
/// meeting a compound that is on the path closes a cycle. It loops over an explicit stack and
/// visits each compound once, so deep terms cost their size and no Rust stack.
pub fn is_cyclic(m: &Machine, root: Cell) -> bool {
    // Compounds by address: true while on the current path, false once finished.
    let mut on_path: HashMap<usize, bool> = HashMap::new();
    // (address of the compound, address of its first argument, arguments, next to visit)
    let mut stack: Vec<(usize, usize, usize, usize)> = Vec::new();
    let mut next = Some(m.heap.deref(root));
    loop {
        if let Some(c) = next.take() {
            let (first, n) = match c.tag() {
                Tag::Str => (c.addr() + 1, m.heap.functor_of(c).functor_arity()),
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
            next = Some(m.heap.deref(m.heap.cells[first + i]));
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
        assert!(matches!(
            from_heap(&m, c).unwrap(),
            GTerm::Compound(Cow::Borrowed(_), _)
        ));
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
        assert!(!is_cyclic(&m, deep));
        let hole = m.heap.new_var();
        let cyclic = m.heap.cons(Cell::int(1), hole);
        m.bind(hole, cyclic);
        assert_eq!(from_heap(&m, cyclic), Err(Unreadable::Shape));
        assert!(is_cyclic(&m, cyclic));
        let shared = m.heap.compound(atom::MINUS, &[deep, deep]);
        assert!(!is_cyclic(&m, shared));
    }
}
