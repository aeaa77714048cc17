//! [`StoredTerm`]: a term copied off the heap into a block of its own, with addresses relative
//! to the block, so that it survives backtracking (clauses in the database, findall answers,
//! global variables, exception balls) and can be copied back onto the heap in one pass.
//!
//! Both directions are loops with an explicit work stack, never recursion on term depth. A
//! cyclic term is copied as a cyclic block: a copy of a term that unfolds to more compounds than
//! the heap has cells starts again, copying every compound once and pointing later visits at
//! that copy, so the cycles (and shared subterms) of the original are those of the copy.

use super::cell::{Cell, Tag};
use super::cycles::{node_key, unfolds_within, walk_bound};
use super::fast_hash::FastMap;
use super::heap::Heap;
use super::heap_copy::mark_copy;
use super::scratch::{CellStack, Lent};
use super::variables::unmark;

mod identical;

/// Copy work stacks grown past this many entries are freed rather than kept.
const KEEP: usize = 1 << 16;

thread_local! {
    /// The work stack of [`copy_walk`], kept between copies.
    static COPY_STACK: std::cell::Cell<Vec<(Cell, usize)>> =
        const { std::cell::Cell::new(Vec::new()) };
    /// The addresses of the variables [`StoredTerm::from_heap_marking`] has marked.
    static MARKED: std::cell::Cell<Vec<usize>> = const { std::cell::Cell::new(Vec::new()) };
}

/// A term held outside the heap. Cell 0 is the root; addresses are offsets into `cells`.
#[derive(Clone, Debug, Default)]
pub struct StoredTerm {
    /// The cells, root first.
    pub cells: Vec<Cell>,
    /// How many distinct variables the term has.
    pub nvars: usize,
}

/// How many variables [`VarMap`] keeps in its array before it hashes them.
const VARMAP_SMALL: usize = 16;

/// Maps heap variable addresses to their new homes during a copy; an array scanned linearly for
/// the common case of few variables (no allocation at all), hashed beyond that.
pub struct VarMap {
    small: [(usize, usize); VARMAP_SMALL],
    nsmall: usize,
    big: FastMap<usize, usize>,
}

impl Default for VarMap {
    fn default() -> Self {
        VarMap {
            small: [(0, 0); VARMAP_SMALL],
            nsmall: 0,
            big: FastMap::default(),
        }
    }
}

impl VarMap {
    /// The new home of the variable at `addr`, if seen.
    #[inline]
    pub fn get(&self, addr: usize) -> Option<usize> {
        if self.big.is_empty() {
            self.small[..self.nsmall]
                .iter()
                .find(|(a, _)| *a == addr)
                .map(|(_, d)| *d)
        } else {
            self.big.get(&addr).copied()
        }
    }
    /// Record the new home of the variable at `addr`.
    #[inline]
    pub fn insert(&mut self, addr: usize, home: usize) {
        if self.big.is_empty() && self.nsmall < VARMAP_SMALL {
            self.small[self.nsmall] = (addr, home);
            self.nsmall += 1;
        } else {
            if self.big.is_empty() {
                self.big.extend(self.small[..self.nsmall].iter().copied());
                self.nsmall = 0;
            }
            self.big.insert(addr, home);
        }
    }
    /// How many variables were recorded.
    #[inline]
    pub fn len(&self) -> usize {
        self.nsmall + self.big.len()
    }
    /// True when no variable was recorded.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Forget every variable, keeping the storage, so that a map can serve copy after copy
    /// without being made (and its array zeroed) for each.
    #[inline]
    pub fn clear(&mut self) {
        self.nsmall = 0;
        if !self.big.is_empty() {
            self.big.clear();
        }
    }
    /// Forget the variables whose new homes are at `from` or later.
    fn forget_from(&mut self, from: usize) {
        let mut kept = 0;
        for k in 0..self.nsmall {
            if self.small[k].1 < from {
                self.small[kept] = self.small[k];
                kept += 1;
            }
        }
        self.nsmall = kept;
        self.big.retain(|_, home| *home < from);
    }
}

/// Copy the term `root` of `heap` into `out`, appending; returns the cell that stands for the
/// root, with addresses offset by `base` (the address `out[0]` will have when the block is used).
/// Unbound variables become fresh variables in the copy, shared as in the original; a cyclic
/// `root` becomes a cyclic block.
pub fn copy_out(heap: &Heap, root: Cell, out: &mut Vec<Cell>, base: usize, vars: &mut VarMap) {
    if copy_flat(heap, root, out, base, vars) || copy_flat_list(heap, root, out, base) {
        return;
    }
    let start = out.len();
    if !copy_walk(heap, root, out, base, vars, true) {
        out.truncate(start);
        vars.forget_from(start);
        copy_walk(heap, root, out, base, vars, false);
    }
}

/// Copy `root` as [`copy_walk`] would when it is an atom, a small integer or a compound whose
/// arguments are atoms, numbers or variables (a tabled call or answer such as `fib(5, F)`, a
/// fact's head), without setting up the walk; answers false, having appended and recorded
/// nothing, for any other term.
#[inline]
fn copy_flat(heap: &Heap, root: Cell, out: &mut Vec<Cell>, base: usize, vars: &mut VarMap) -> bool {
    let c = heap.deref(root);
    match c.tag() {
        Tag::Atom | Tag::Int => {
            out.push(c);
            true
        }
        Tag::Str => {
            let start = out.len();
            let a = c.addr();
            let f = heap.cells[a];
            let n = f.functor_arity();
            // The root, the functor and the arguments' places, then any boxed argument's
            // words after them, in the order of the arguments: the layout of `copy_walk`.
            out.push(Cell::structure(start + 1 + base));
            out.push(f);
            out.resize(start + 2 + n, Cell(0));
            for i in 0..n {
                let dst = start + 2 + i;
                let x = heap.deref(heap.cells[a + 1 + i]);
                out[dst] = match x.tag() {
                    Tag::Atom | Tag::Int => x,
                    Tag::Ref => match vars.get(x.addr()) {
                        Some(home) => Cell::reference(home + base),
                        None => {
                            vars.insert(x.addr(), dst);
                            Cell::reference(dst + base)
                        }
                    },
                    Tag::Boxed => {
                        let b = out.len();
                        let w = heap.cells[x.addr()].header_words();
                        out.extend_from_slice(&heap.cells[x.addr()..x.addr() + 1 + w]);
                        Cell::boxed(b + base)
                    }
                    _ => {
                        out.truncate(start);
                        vars.forget_from(start);
                        return false;
                    }
                };
            }
            true
        }
        _ => false,
    }
}

/// Copy `root` as [`copy_walk`]'s plain pass would when it is a proper list of atoms, small
/// integers and compounds of atoms and small integers (a set of facts kept in a global
/// variable, a row of a table), in one loop over the list rather than a walk with a work stack:
/// the same cells in the same places. Answers false, having appended nothing, for any other
/// term, and for a copy that would pass [`CHECK_AFTER`] cells (where the walk asks about shared
/// parts). Such a list has no variables, so none is recorded.
fn copy_flat_list(heap: &Heap, root: Cell, out: &mut Vec<Cell>, base: usize) -> bool {
    let mut c = heap.deref(root);
    if c.tag() != Tag::List {
        return false;
    }
    let start = out.len();
    let limit = start + CHECK_AFTER;
    // The cell that will point at the next list pair: the root first, then each pair's tail.
    let mut dst = start;
    out.push(Cell(0));
    while c.tag() == Tag::List {
        if out.len() > limit {
            out.truncate(start);
            return false;
        }
        let pair = out.len();
        out[dst] = Cell::list(pair + base);
        out.resize(pair + 2, Cell(0));
        let a = c.addr();
        let x = heap.deref(heap.cells[a]);
        out[pair] = match x.tag() {
            Tag::Atom | Tag::Int => x,
            Tag::Str => {
                let s = out.len();
                let f = heap.cells[x.addr()];
                out.push(f);
                for i in 0..f.functor_arity() {
                    let y = heap.deref(heap.cells[x.addr() + 1 + i]);
                    if !matches!(y.tag(), Tag::Atom | Tag::Int) {
                        out.truncate(start);
                        return false;
                    }
                    out.push(y);
                }
                Cell::structure(s + base)
            }
            _ => {
                out.truncate(start);
                return false;
            }
        };
        dst = pair + 1;
        c = heap.deref(heap.cells[a + 1]);
    }
    if c != Cell::atom(crate::atom::NIL) {
        out.truncate(start);
        return false;
    }
    out[dst] = c;
    true
}

/// Copies of up to this many cells never stop to ask whether the term has shared parts.
const CHECK_AFTER: usize = 1 << 16;

/// One copying pass. A `plain` pass copies the term as a tree; once the copy passes
/// [`CHECK_AFTER`] cells it checks that the term, written out, fits in the heap (it always does
/// without shared subterms), and gives up (answering false) when it does not. A pass that is
/// not plain maps every compound to its one copy.
fn copy_walk(
    heap: &Heap,
    root: Cell,
    out: &mut Vec<Cell>,
    base: usize,
    vars: &mut VarMap,
    plain: bool,
) -> bool {
    let mut check_at = if plain {
        out.len() + CHECK_AFTER
    } else {
        usize::MAX
    };
    let start = out.len();
    out.push(Cell(0));
    let mut copies: FastMap<u64, Cell> = FastMap::default();
    let mut stack = Lent::from(&COPY_STACK, KEEP);
    stack.push((root, start));
    while let Some((c, dst)) = stack.pop() {
        let c = heap.deref(c);
        match c.tag() {
            Tag::Ref => {
                let a = c.addr();
                match vars.get(a) {
                    Some(home) => out[dst] = Cell::reference(home + base),
                    None => {
                        out[dst] = Cell::reference(dst + base);
                        vars.insert(a, dst);
                    }
                }
            }
            Tag::Atom | Tag::Int => out[dst] = c,
            Tag::Str | Tag::List => {
                if plain {
                    if out.len() > check_at {
                        if !unfolds_within(heap, root, walk_bound(heap)) {
                            return false;
                        }
                        check_at = usize::MAX;
                    }
                } else if let Some(&copy) = copies.get(&node_key(c)) {
                    out[dst] = copy;
                    continue;
                }
                let b = out.len();
                let a = c.addr();
                let copy = if c.tag() == Tag::Str {
                    let f = heap.cells[a];
                    let n = f.functor_arity();
                    out.push(f);
                    out.resize(b + 1 + n, Cell(0));
                    for i in (0..n).rev() {
                        stack.push((heap.cells[a + 1 + i], b + 1 + i));
                    }
                    Cell::structure(b + base)
                } else {
                    out.resize(b + 2, Cell(0));
                    stack.push((heap.cells[a + 1], b + 1));
                    stack.push((heap.cells[a], b));
                    Cell::list(b + base)
                };
                out[dst] = copy;
                if !plain {
                    copies.insert(node_key(c), copy);
                }
            }
            Tag::Boxed => {
                let a = c.addr();
                let n = heap.cells[a].header_words();
                let b = out.len();
                out.extend_from_slice(&heap.cells[a..a + 1 + n]);
                out[dst] = Cell::boxed(b + base);
            }
            Tag::Functor | Tag::Header => out[dst] = c,
        }
    }
    true
}

impl StoredTerm {
    /// A stored copy of heap term `root`.
    pub fn from_heap(heap: &Heap, root: Cell) -> StoredTerm {
        let mut cells = CellStack::lend();
        let mut vars = VarMap::default();
        copy_out(heap, root, &mut cells, 0, &mut vars);
        // The block gets exactly its size; the work vector goes back for the next copy.
        StoredTerm {
            cells: cells.as_slice().to_vec(),
            nvars: vars.len(),
        }
    }

    /// A stored copy of heap term `root`, the same as [`StoredTerm::from_heap`] gives, made by
    /// marking each variable in its own cell with its home in the copy (see
    /// [`super::variables`]) instead of looking it up in a table. The marks are gone when this
    /// returns. A term that unfolds past twice the heap's size (cyclic, or with shared
    /// subterms) is left to `from_heap`.
    pub fn from_heap_marking(heap: &mut Heap, root: Cell) -> StoredTerm {
        match StoredTerm::try_from_heap_marking(heap, root) {
            Some(stored) => stored,
            None => StoredTerm::from_heap(heap, root),
        }
    }

    /// What [`StoredTerm::from_heap_marking`] gives, or `None` when the term unfolds past
    /// twice the heap's size: always for a cyclic term, never for an acyclic one without shared
    /// subterms.
    pub fn try_from_heap_marking(heap: &mut Heap, root: Cell) -> Option<StoredTerm> {
        let mut cells = CellStack::lend();
        let mut marked = Lent::from(&MARKED, KEEP);
        // A term without shared subterms lies in the heap, so its copy needs no more cells.
        let limit = 2 * heap.top() + 16;
        // The same walk as `copy_term`'s, into a block of its own: in the order and with the
        // result of `copy_walk`'s plain pass.
        let done = mark_copy(heap, root, &mut *cells, limit, &mut marked);
        for &a in marked.iter() {
            unmark(heap, a);
        }
        done.then(|| StoredTerm {
            cells: cells.as_slice().to_vec(),
            nvars: marked.len(),
        })
    }

    /// Copy the stored term onto the heap, with fresh variables; returns its root.
    #[inline]
    pub fn to_heap(&self, heap: &mut Heap) -> Cell {
        let base = heap.top();
        relocate_into(&self.cells, base, &mut heap.cells);
        heap.cells[base]
    }
}

/// Append `block` to `dst`, adding `base` to every address it holds (raw words after box
/// headers are copied as they are).
pub fn relocate_into(block: &[Cell], base: usize, dst: &mut Vec<Cell>) {
    dst.reserve(block.len());
    let mut i = 0;
    while i < block.len() {
        let c = block[i];
        match c.tag() {
            Tag::Ref => dst.push(Cell::reference(c.addr() + base)),
            Tag::Str => dst.push(Cell::structure(c.addr() + base)),
            Tag::List => dst.push(Cell::list(c.addr() + base)),
            Tag::Boxed => dst.push(Cell::boxed(c.addr() + base)),
            Tag::Header => {
                let n = c.header_words();
                dst.extend_from_slice(&block[i..i + 1 + n]);
                i += 1 + n;
                continue;
            }
            _ => dst.push(c),
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dashu_int::IBig;

    /// The copy of a flat term (atomic arguments, variables, boxed numbers) made without the
    /// walk is the walk's copy, cell for cell, with the same variables recorded; a term with a
    /// compound argument is left to the walk with nothing appended or recorded.
    #[test]
    fn flat_copies_are_the_walks_copies() {
        let mut heap = Heap::default();
        let x = heap.new_var();
        let y = heap.new_var();
        let big = heap.bigint(&(IBig::from(1u64) << 100));
        let fl = heap.float(2.5);
        let flat = heap.compound(7, &[Cell::atom(3), x, Cell::int(-4), x, big, y, fl]);
        let inner = heap.compound(8, &[x]);
        let nested = heap.compound(9, &[y, inner]);
        for (root, is_flat) in [
            (flat, true),
            (Cell::atom(5), true),
            (Cell::int(42), true),
            (nested, false),
        ] {
            for base in [0, 100] {
                // A variable recorded before the copy keeps its home.
                let mut walked = vec![Cell::reference(base)];
                let mut wvars = VarMap::default();
                wvars.insert(y.addr(), 0);
                assert!(copy_walk(&heap, root, &mut walked, base, &mut wvars, true));
                let mut flat_out = vec![Cell::reference(base)];
                let mut fvars = VarMap::default();
                fvars.insert(y.addr(), 0);
                assert_eq!(
                    copy_flat(&heap, root, &mut flat_out, base, &mut fvars),
                    is_flat
                );
                if is_flat {
                    assert_eq!(flat_out, walked);
                    assert_eq!(fvars.len(), wvars.len());
                    assert_eq!(fvars.get(x.addr()), wvars.get(x.addr()));
                } else {
                    assert_eq!(flat_out, vec![Cell::reference(base)]);
                    assert_eq!(fvars.len(), 1);
                }
            }
        }
    }

    /// The copy of a proper list of atomic and flat ground elements made in one loop is the
    /// walk's copy, cell for cell; any other list is left to the walk with nothing appended.
    #[test]
    fn flat_list_copies_are_the_walks_copies() {
        let mut heap = Heap::default();
        let nil = Cell::atom(crate::atom::NIL);
        let x = heap.new_var();
        let f1 = heap.compound(7, &[Cell::atom(3), Cell::int(-4), Cell::atom(5)]);
        let f2 = heap.compound(8, &[Cell::int(1)]);
        let with_var = heap.compound(7, &[Cell::atom(3), x, Cell::atom(5)]);
        let nested = heap.compound(9, &[f2]);
        let big = heap.bigint(&(IBig::from(1u64) << 100));
        // A list cell whose tail is a bound variable: the copy follows the binding.
        let tail = heap.new_var();
        let rest = heap.list_from(&[f2, Cell::atom(6)], nil);
        heap.cells[tail.addr()] = rest;
        let bound_tail = heap.cons(f1, tail);
        let flat = [
            heap.list_from(&[f1, f2, f1], nil),
            heap.list_from(&[Cell::atom(2), f2, Cell::int(9), Cell::int(-1)], nil),
            heap.list_from(&[f2], nil),
            bound_tail,
        ];
        let not_flat = [
            heap.list_from(&[f1, with_var], nil),
            heap.list_from(&[f1, nested], nil),
            heap.list_from(&[f1, big], nil),
            heap.list_from(&[f1, f2], Cell::atom(4)),
            heap.list_from(&[f1, f2], x),
            nil,
            f1,
        ];
        for base in [0, 100] {
            for root in flat {
                let mut walked = vec![Cell::atom(1)];
                assert!(copy_walk(
                    &heap,
                    root,
                    &mut walked,
                    base,
                    &mut VarMap::default(),
                    true
                ));
                let mut looped = vec![Cell::atom(1)];
                assert!(copy_flat_list(&heap, root, &mut looped, base));
                assert_eq!(looped, walked);
            }
            for root in not_flat {
                let mut looped = vec![Cell::atom(1)];
                assert!(!copy_flat_list(&heap, root, &mut looped, base));
                assert_eq!(looped, vec![Cell::atom(1)]);
            }
        }
    }
}
