//! Unification, with and without the occurs check, over an explicit work stack.
//!
//! Deep terms (a million nested compounds, a million-element list) unify in constant Rust stack.
//! Variables are bound younger-to-older so that backtracking and the trail stay simple.
//!
//! Terms that share subterms (`X = f(Y, Y), Y = f(Z, Z), ...`) are small on the heap but their
//! unfolding is exponential. Past [`LINK_AFTER`] compound pairs, a unification links every pair
//! of compounds it enters: the functor cell of the one is overwritten, for the rest of this
//! unification, with a reference to the other's functor cell, so that a pair met again (through
//! another path, or round a cycle) is found to be the same compound in one step and the walk is
//! linear in the number of compounds. This is exact: a linked compound stands for its partner,
//! which must equal it if the unification succeeds. Every linked cell is put back before the
//! unification returns, on success and on failure, so no other code ever sees a link. List pairs
//! have no functor cell to link: past `LINK_AFTER` pairs, those entered lately are kept in a
//! small table ([`PairMemo`]) and a pair found there is taken as unified; and past
//! `cycles::walk_bound` list pairs the walk remembers every list pair it enters, which ends it
//! on any cycle of lists with what SWI-Prolog computes for `X = [a|X], Y = [a|Y], X = Y`.

mod compound_pair;

use super::attvar::AttVars;
use super::choice::TrailEntry;
use super::pair_memo::PairMemo;
use super::Machine;
use ply_term::cycles::{is_node, node_key, walk_bound_over, NodeGuard};
use ply_term::heap::Heap;
use ply_term::scratch::{CellStack, Lent};
use ply_term::FastSet;
use ply_term::{atom, Cell, Tag};

/// How many pairs of compounds a unification enters plainly before it links the pairs it
/// enters. Unifications in clause code rarely enter this many, and so never pay for a link.
const LINK_AFTER: usize = 8;

/// Lists of linked cells grown past this many entries are freed rather than kept.
const KEEP_LINKS: usize = 1 << 14;

thread_local! {
    /// The functor cells a unification has linked, with what they held, kept between
    /// unifications so that one that links costs no allocation.
    static LINKS: std::cell::Cell<Vec<(usize, Cell)>> = const { std::cell::Cell::new(Vec::new()) };
}

/// How the plain walk of a unification ended: with its answer, or at a pair of compounds
/// past [`LINK_AFTER`].
enum Walk {
    Done(bool),
    Link(Cell, Cell),
}

/// Count one more compound pair entered; past the budget, remember the pair and answer whether
/// it was entered before.
#[inline]
pub(crate) fn revisited(
    budget: &mut usize,
    seen: &mut Option<FastSet<(u64, u64)>>,
    x: Cell,
    y: Cell,
) -> bool {
    if *budget > 0 {
        *budget -= 1;
        return false;
    }
    !seen
        .get_or_insert_with(FastSet::default)
        .insert((node_key(x), node_key(y)))
}

impl Machine {
    /// Unify two terms; on failure some bindings may remain and the caller backtracks.
    ///
    /// In line: most unifications in clause code bind an unbound variable to a value or meet two
    /// equal cells, and those are decided here without a call.
    #[inline(always)]
    pub fn unify(&mut self, a: Cell, b: Cell) -> bool {
        let x = self.stacks.heap.deref(a);
        let y = self.stacks.heap.deref(b);
        if x == y {
            return true;
        }
        match (x.tag() == Tag::Ref, y.tag() == Tag::Ref) {
            (true, false) => {
                self.bind(x, y);
                true
            }
            (false, true) => {
                self.bind(y, x);
                true
            }
            _ => self.unify_derefd(x, y),
        }
    }

    /// [`Machine::unify`] of two dereferenced, different cells, out of line.
    ///
    /// One of them is a variable only when both are: those, and a pair with an atomic value,
    /// are settled here; the walk, which makes more ready, is entered only for the rest.
    #[inline(never)]
    fn unify_derefd(&mut self, x: Cell, y: Cell) -> bool {
        debug_assert!((x.tag() == Tag::Ref) == (y.tag() == Tag::Ref));
        if x.tag() == Tag::Ref {
            // Bind the younger variable to the older one.
            if x.addr() < y.addr() {
                self.bind(y, x);
            } else {
                self.bind(x, y);
            }
            true
        } else if x.is_immediate() || y.is_immediate() {
            false
        } else {
            if x.tag() == Tag::Str
                && y.tag() == Tag::Str
                && self.services.fast_paths
                && !self.stacks.attvars.on
            {
                if let Some(ok) = self.unify_compound_pair(x, y) {
                    return ok;
                }
            }
            self.unify_impl::<false>(x, y)
        }
    }

    /// Unify with the occurs check.
    pub fn unify_occurs(&mut self, a: Cell, b: Cell) -> bool {
        self.unify_impl::<true>(a, b)
    }

    /// The walk of a unification, with the occurs check when `OCCURS`: made twice, so that
    /// the walk without it holds no flag and tests none.
    #[inline(never)]
    fn unify_impl<const OCCURS: bool>(&mut self, a: Cell, b: Cell) -> bool {
        // No choicepoint is made or dropped during a unification: the trail bound is read once.
        let hb = self.hb();
        let super::Stacks {
            heap,
            trail,
            unify_stack: stack,
            attvars,
            ..
        } = &mut self.stacks;
        // A unification never pushes onto the heap, so its cells can be held as a slice.
        let mut w = Walker::<OCCURS> {
            cells: &mut heap.cells,
            trail,
            hb,
            att: if attvars.on { Some(attvars) } else { None },
        };
        // The work stack is kept across calls (unification is hot and usually shallow) and
        // left as a walk that failed left it: it is emptied here, before use.
        stack.clear();
        match w.plain(a, b, stack) {
            Walk::Done(ok) => ok,
            Walk::Link(x, y) => w.linking(x, y, stack),
        }
    }

    /// True when two boxed cells hold equal values of the same kind.
    pub fn boxed_equal(&self, x: Cell, y: Cell) -> bool {
        boxed_equal(&self.stacks.heap.cells, x, y)
    }

    /// True when variable `v` occurs in term `t` (which may be cyclic).
    pub fn occurs_in(&self, v: Cell, t: Cell) -> bool {
        occurs_in(&self.stacks.heap.cells, v, t)
    }
}

/// The heap's cells and the trail, borrowed for one unification, with the bound below which a
/// binding is trailed; with the occurs check when `OCCURS`.
///
/// The cells are held as a slice, whose start and length stay in registers across the stores
/// of bindings and trail entries (the heap's own would be read again after each).
struct Walker<'m, const OCCURS: bool> {
    cells: &'m mut [Cell],
    trail: &'m mut Vec<TrailEntry>,
    /// The heap top saved by the newest choicepoint ([`Machine::hb`]).
    hb: usize,
    /// The attributed variables, once the program has made one (`attvar.rs`).
    att: Option<&'m mut AttVars>,
}

impl<const OCCURS: bool> Walker<'_, OCCURS> {
    #[inline(always)]
    fn deref(&self, c: Cell) -> Cell {
        Heap::deref_over(self.cells, c)
    }

    /// Bind the unbound variable `var` to `value`, trailing it when it is older than the newest
    /// choicepoint ([`Machine::bind`] with the bound read once).
    #[inline(always)]
    fn bind(&mut self, var: Cell, value: Cell) {
        if let Some(att) = &mut self.att {
            att.bind(self.cells, self.trail, self.hb, var, value);
            return;
        }
        let a = var.addr();
        self.cells[a] = value;
        if a < self.hb {
            self.trail.push(TrailEntry::Bind(a));
        }
    }

    /// Bind the unbound variable `v` to the term `t`, which is not a variable, unless the
    /// occurs check is on and finds `v` in `t`.
    #[inline(always)]
    fn bind_value(&mut self, v: Cell, t: Cell) -> bool {
        if OCCURS && occurs_in(self.cells, v, t) {
            return false;
        }
        self.bind(v, t);
        true
    }

    /// The walk of a unification up to [`LINK_AFTER`] pairs of compounds: the answer, or the
    /// pair of compounds the walk stopped before, for [`Walker::linking`] to go on from with
    /// the same work stack.
    fn plain(&mut self, a: Cell, b: Cell, stack: &mut Vec<(Cell, Cell)>) -> Walk {
        let (mut a, mut b) = (a, b);
        let mut plain = LINK_AFTER;
        loop {
            let x = self.deref(a);
            let y = self.deref(b);
            if x != y {
                // Variables and atomic values are settled at once; what is left are pairs of
                // compounds, lists and boxed values.
                let ok = match self.settle_flat(x, y) {
                    Some(ok) => ok,
                    None => match (x.tag(), y.tag()) {
                        (Tag::Str, Tag::Str) | (Tag::List, Tag::List) if plain == 0 => {
                            return Walk::Link(x, y)
                        }
                        (Tag::Str, Tag::Str) => {
                            plain -= 1;
                            let f = self.cells[x.addr()];
                            if f != self.cells[y.addr()] {
                                false
                            } else {
                                match self.args(x.addr(), y.addr(), f, stack) {
                                    Some((p, q)) => {
                                        (a, b) = (p, q);
                                        continue;
                                    }
                                    None => return Walk::Done(false),
                                }
                            }
                        }
                        (Tag::List, Tag::List) => {
                            plain -= 1;
                            match self.list(x, y, stack) {
                                Some((p, q)) => {
                                    (a, b) = (p, q);
                                    continue;
                                }
                                None => return Walk::Done(false),
                            }
                        }
                        (Tag::Boxed, Tag::Boxed) => boxed_equal(self.cells, x, y),
                        _ => false,
                    },
                };
                if !ok {
                    return Walk::Done(false);
                }
            }
            match stack.pop() {
                Some((p, q)) => {
                    a = p;
                    b = q;
                }
                None => return Walk::Done(true),
            }
        }
    }

    /// The rest of a unification that entered [`LINK_AFTER`] pairs of compounds, from pair
    /// `(a, b)` and the pairs waiting on `stack`: each pair of compounds it enters is linked,
    /// and every link is undone before it returns.
    #[inline(never)]
    fn linking(&mut self, a: Cell, b: Cell, stack: &mut Vec<(Cell, Cell)>) -> bool {
        let mut links = Lent::from(&LINKS, KEEP_LINKS);
        let ok = self.linked(a, b, stack, &mut links);
        // Put back every functor cell that was linked, whichever way the walk ended.
        for &(addr, functor) in links.iter().rev() {
            self.cells[addr] = functor;
        }
        ok
    }

    /// The walk of [`Walker::linking`], which records in `links` each functor cell it
    /// overwrites.
    fn linked(
        &mut self,
        a: Cell,
        b: Cell,
        stack: &mut Vec<(Cell, Cell)>,
        links: &mut Vec<(usize, Cell)>,
    ) -> bool {
        let (mut a, mut b) = (a, b);
        // List pairs entered so far; past the bound, the pairs themselves.
        let mut budget = walk_bound_over(self.cells);
        let mut seen: Option<FastSet<(u64, u64)>> = None;
        // The list pairs entered lately, made at the first list pair.
        let mut memo: Option<PairMemo> = None;
        loop {
            let x = self.deref(a);
            let y = self.deref(b);
            if x != y {
                let ok = match self.settle_flat(x, y) {
                    Some(ok) => ok,
                    None => match (x.tag(), y.tag()) {
                        (Tag::Str, Tag::Str) => {
                            let (xf, yf) = (
                                link_root(self.cells, x.addr()),
                                link_root(self.cells, y.addr()),
                            );
                            let f = self.cells[xf];
                            if xf == yf {
                                // The two stand for one compound already.
                                true
                            } else if f != self.cells[yf] {
                                false
                            } else {
                                links.push((xf, f));
                                self.cells[xf] = Cell::structure(yf);
                                match self.args(xf, yf, f, stack) {
                                    Some((p, q)) => {
                                        (a, b) = (p, q);
                                        continue;
                                    }
                                    None => return false,
                                }
                            }
                        }
                        (Tag::List, Tag::List) => {
                            // A pair entered before unifies if the rest does (co-induction).
                            if revisited(&mut budget, &mut seen, x, y)
                                || memo.get_or_insert_with(PairMemo::new).met(x, y)
                            {
                                true
                            } else {
                                match self.list(x, y, stack) {
                                    Some((p, q)) => {
                                        (a, b) = (p, q);
                                        continue;
                                    }
                                    None => return false,
                                }
                            }
                        }
                        (Tag::Boxed, Tag::Boxed) => boxed_equal(self.cells, x, y),
                        _ => false,
                    },
                };
                if !ok {
                    return false;
                }
            }
            match stack.pop() {
                Some((p, q)) => {
                    a = p;
                    b = q;
                }
                None => return true,
            }
        }
    }

    /// Unify the arguments of the compounds with functor `f` at `xf` and `yf`: those before the
    /// last that are variables or atomic are settled here, left to right; pairs of compounds
    /// wait on the stack; the last pair is returned, to be taken up next, so that a term nested
    /// in its last argument (a list, a chain) needs no stack at all. `None` on a failure.
    #[inline(always)]
    fn args(
        &mut self,
        xf: usize,
        yf: usize,
        f: Cell,
        stack: &mut Vec<(Cell, Cell)>,
    ) -> Option<(Cell, Cell)> {
        let n = f.functor_arity();
        if n == 0 {
            // Two compounds with no arguments (`foo()`) and the same functor are equal: the
            // pair handed back is one atom twice, which the walk passes over at once.
            return Some((Cell::atom(atom::NIL), Cell::atom(atom::NIL)));
        }
        let (xa, ya) = (xf + 1, yf + 1);
        // A compound's arguments lie on the heap after its functor cell: checked once here
        // rather than at each of the 2n reads below, which are the loop's hottest line.
        let len = self.cells.len();
        if xa + n > len || ya + n > len {
            return heap_overrun();
        }
        for i in 0..n - 1 {
            // SAFETY: `xa + i` and `ya + i` are below `xa + n` and `ya + n`, checked above
            // against the length of `cells`, which a unification never shortens.
            let (p, q) = unsafe {
                (
                    *self.cells.get_unchecked(xa + i),
                    *self.cells.get_unchecked(ya + i),
                )
            };
            match self.flat(p, q) {
                Some(true) => {}
                Some(false) => return None,
                None => stack.push((p, q)),
            }
        }
        // SAFETY: as above; n is at least 1 for a compound.
        unsafe {
            Some((
                *self.cells.get_unchecked(xa + n - 1),
                *self.cells.get_unchecked(ya + n - 1),
            ))
        }
    }

    /// Unify list pairs `x` and `y`: the heads as the arguments before the last above, and
    /// the tails returned, to be taken up next. `None` on a failure.
    #[inline(always)]
    fn list(&mut self, x: Cell, y: Cell, stack: &mut Vec<(Cell, Cell)>) -> Option<(Cell, Cell)> {
        let (xa, ya) = (x.addr(), y.addr());
        let (p, q) = (self.cells[xa], self.cells[ya]);
        match self.flat(p, q) {
            Some(true) => {}
            Some(false) => return None,
            None => stack.push((p, q)),
        }
        Some((self.cells[xa + 1], self.cells[ya + 1]))
    }

    /// One pair of arguments of a unification's walk, unified at once when that needs no
    /// walk: a variable bound, atomic values compared. `None` when both are compounds (or a
    /// compound and a boxed value), which the walk takes up.
    #[inline(always)]
    fn flat(&mut self, p: Cell, q: Cell) -> Option<bool> {
        let x = self.deref(p);
        let y = self.deref(q);
        if x == y {
            return Some(true);
        }
        self.settle_flat(x, y)
    }

    /// [`Walker::flat`] of two dereferenced, different cells. Tested as a chain of the common
    /// cases first (a variable on either side, then atomic values), not as a table of pairs
    /// of tags, which costs an indirect jump for each.
    #[inline(always)]
    fn settle_flat(&mut self, x: Cell, y: Cell) -> Option<bool> {
        if x.tag() == Tag::Ref {
            if y.tag() != Tag::Ref {
                Some(self.bind_value(x, y))
            } else {
                // Bind the younger variable to the older one.
                if x.addr() < y.addr() {
                    self.bind(y, x);
                } else {
                    self.bind(x, y);
                }
                Some(true)
            }
        } else if y.tag() == Tag::Ref {
            Some(self.bind_value(y, x))
        } else if x.is_immediate() || y.is_immediate() {
            Some(false)
        } else {
            None
        }
    }
}

/// A compound whose arguments would lie past the heap's end: never made by the machine, and
/// answered as the checked indexing it replaces would answer, by a panic, out of line.
#[cold]
#[inline(never)]
fn heap_overrun() -> Option<(Cell, Cell)> {
    panic!("a compound's arguments lie past the end of the heap")
}

/// The functor cell's address of the compound that the compound with functor cell `addr`
/// stands for in the unification under way: `addr` itself unless it has been linked.
#[inline]
fn link_root(cells: &[Cell], mut addr: usize) -> usize {
    loop {
        let c = cells[addr];
        if c.tag() != Tag::Str {
            return addr;
        }
        addr = c.addr();
    }
}

/// True when two boxed cells hold equal values of the same kind.
fn boxed_equal(cells: &[Cell], x: Cell, y: Cell) -> bool {
    let (xa, ya) = (x.addr(), y.addr());
    let hx = cells[xa];
    if hx != cells[ya] {
        return false;
    }
    if hx.header_kind() == ply_term::BoxKind::Float {
        // Compare as numbers so that 0.0 and -0.0 stay distinct but NaN payloads agree.
        return cells[xa + 1] == cells[ya + 1];
    }
    let n = hx.header_words();
    cells[xa + 1..xa + 1 + n] == cells[ya + 1..ya + 1 + n]
}

/// True when variable `v` occurs in term `t` (which may be cyclic, or hold compounds linked
/// by the unification under way).
pub(crate) fn occurs_in(cells: &[Cell], v: Cell, t: Cell) -> bool {
    // Most terms asked about are variables or atomic: answer those without a work stack.
    let t = Heap::deref_over(cells, t);
    if t == v {
        return true;
    }
    if !is_node(t) {
        return false;
    }
    let mut guard = NodeGuard::over(cells);
    let mut stack = CellStack::lend();
    stack.push(t);
    while let Some(c) = stack.pop() {
        let c = Heap::deref_over(cells, c);
        if c == v {
            return true;
        }
        if is_node(c) {
            if !guard.enter(c) {
                continue;
            }
            push_args_linked(cells, c, &mut stack);
        }
    }
    false
}

/// Push the arguments of compound or list pair `c` so that they pop left to right, reading
/// the arity of a compound linked by the unification under way from the compound it is
/// linked to (linked compounds have the same functor).
#[inline]
fn push_args_linked(cells: &[Cell], c: Cell, stack: &mut Vec<Cell>) {
    let a = c.addr();
    match c.tag() {
        Tag::Str => {
            let n = cells[link_root(cells, a)].functor_arity();
            for i in (0..n).rev() {
                stack.push(cells[a + 1 + i]);
            }
        }
        _ => {
            stack.push(cells[a + 1]);
            stack.push(cells[a]);
        }
    }
}
