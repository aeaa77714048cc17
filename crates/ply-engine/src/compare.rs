//! The standard order of terms (`compare/3`, `==`, `@<`, sorting), over an explicit stack.
//!
//! Var < Number < String < Atom < Compound (as SWI-Prolog orders strings); numbers by value with a float before an equal
//! integer; atoms by character codes; compounds by arity, then name, then arguments left to
//! right. Rational trees compare co-inductively: a comparison that enters more compound pairs
//! than `cycles::walk_bound` starts again remembering every pair it enters and takes a pair met
//! again as equal, so `X = f(X), Y = f(Y), X == Y` holds and `compare/3` answers on cyclic
//! terms as SWI-Prolog does. Terms that share subterms compare in time linear in their
//! compounds: past a few pairs, pairs found equal are kept in a small table and not compared
//! again (see `compare_walk`). With the fast paths on, two cells whose tags decide the order,
//! two atoms, two small integers or two variables are ordered in line, two compounds of one
//! functor whose arguments those decide in one loop over the arguments (`compare_flat`), and
//! two small compounds on a work stack of the comparison's own (`compare_small`), before any of
//! that is set up.
//! This module must never bind anything.

use super::pair_memo::PairMemo;
use super::Machine;
use ply_arith::number::Number;
use ply_term::cycles::node_key;
use ply_term::scratch::Lent;
use ply_term::FastSet;
use ply_term::{BoxKind, Cell, Tag};
use std::cmp::Ordering;

/// Work stacks grown past this many pairs are freed rather than kept.
const KEEP: usize = 1 << 14;

thread_local! {
    /// The work stack of [`Machine::compare_terms`], kept between comparisons: sorting calls it
    /// for every pair of elements, and a fresh vector for each cost an allocation.
    static PAIRS: std::cell::Cell<Vec<(Cell, Cell)>> = const { std::cell::Cell::new(Vec::new()) };
}

/// How many pairs of compounds [`Machine::compare_small`] enters, and how many pairs of
/// arguments it keeps waiting, before it leaves the terms to the general walk. At most the
/// least budget of `walk_bound`, so that the general walk never gives up where it did not.
const SMALL: usize = 16;

/// How many pairs of compounds a comparison enters before it keeps those found equal.
const MEMO_AFTER: usize = 32;

/// The work-stack entry that stands below the arguments of compound or list pair `x`: the same
/// address under a tag no term cell has (`Functor` for a compound, `Header` for a list).
#[inline]
fn marked(x: Cell) -> Cell {
    let tag = if x.tag() == Tag::Str { 5 } else { 7 };
    Cell((x.0 & !7) | tag)
}

/// The pair's left compound if `c` is a marker made by [`marked`].
#[inline]
fn unmarked(c: Cell) -> Option<Cell> {
    match c.tag() {
        Tag::Functor => Some(Cell((c.0 & !7) | 3)),
        Tag::Header => Some(Cell((c.0 & !7) | 4)),
        _ => None,
    }
}

fn class(m: &Machine, c: Cell) -> u8 {
    match c.tag() {
        Tag::Ref => 0,
        Tag::Int => 1,
        Tag::Boxed => match m.stacks.heap.box_kind(c) {
            BoxKind::Str => 2,
            _ => 1,
        },
        Tag::Atom => 3,
        _ => 4,
    }
}

impl Machine {
    /// The number held by cell `c` (dereferenced), if it is one.
    pub fn number_of(&self, c: Cell) -> Option<Number> {
        let c = self.stacks.heap.deref(c);
        match c.tag() {
            Tag::Int => Some(Number::Int(c.int_value())),
            Tag::Boxed => match self.stacks.heap.box_kind(c) {
                BoxKind::Float => Some(Number::Float(self.stacks.heap.float_value(c))),
                // A boxed integer may lie inside the `i64` range (small integers are 61 bits),
                // where a `Number` must be an `Int`: comparisons take a `Big` to be outside it.
                BoxKind::BigInt => Some(Number::from_bigint(self.stacks.heap.bigint_value(c))),
                BoxKind::Str => None,
            },
            _ => None,
        }
    }

    /// The order of the values of two dereferenced integer cells (small or big), read where
    /// they lie on the heap: no big integer is built to compare them. `None` when either is
    /// not an integer.
    pub fn integer_order(&self, x: Cell, y: Cell) -> Option<Ordering> {
        let mut xs = [Cell(0)];
        let mut ys = [Cell(0)];
        let (xneg, xmag) = self.integer_parts(x, &mut xs)?;
        let (yneg, ymag) = self.integer_parts(y, &mut ys)?;
        // Equal signs: the longer magnitude is the larger, and equal lengths compare from
        // the most significant word down.
        let mag = |a: &[Cell], b: &[Cell]| {
            a.len()
                .cmp(&b.len())
                .then_with(|| a.iter().rev().map(|w| w.0).cmp(b.iter().rev().map(|w| w.0)))
        };
        Some(match (xneg, yneg) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => mag(xmag, ymag),
            (true, true) => mag(ymag, xmag),
        })
    }

    /// The sign (true when negative) and the magnitude (64-bit words, least significant
    /// first, without high zero words) of integer cell `c`; a small integer's magnitude is
    /// written into `small`.
    pub(crate) fn integer_parts<'a>(
        &'a self,
        c: Cell,
        small: &'a mut [Cell; 1],
    ) -> Option<(bool, &'a [Cell])> {
        match c.tag() {
            Tag::Int => {
                let v = c.int_value();
                small[0] = Cell(v.unsigned_abs());
                let n = usize::from(v != 0);
                Some((v < 0, &small[..n]))
            }
            Tag::Boxed if self.stacks.heap.box_kind(c) == BoxKind::BigInt => {
                let a = c.addr();
                let n = self.stacks.heap.cells[a].header_words();
                let words: &[Cell] = &self.stacks.heap.cells[a + 2..a + 1 + n];
                let len = words.iter().rposition(|w| w.0 != 0).map_or(0, |i| i + 1);
                let neg = self.stacks.heap.cells[a + 1].0 == 1 && len > 0;
                Some((neg, &words[..len]))
            }
            _ => None,
        }
    }

    /// Compare two terms in the standard order.
    ///
    /// Most comparisons that programs make (sorting atoms, numbers or variables, `compare/3` on
    /// keys) are decided by the two cells alone; [`quick_order`] answers those in line, and
    /// only the rest take the general walk.
    #[inline(always)]
    pub fn compare_terms(&self, a: Cell, b: Cell) -> Ordering {
        let x = self.stacks.heap.deref(a);
        let y = self.stacks.heap.deref(b);
        if x == y {
            return Ordering::Equal;
        }
        if self.services.fast_paths {
            if let Some(o) = self.quick_order(x, y) {
                return o;
            }
        }
        self.compare_general(x, y)
    }

    /// True when two terms are identical (`==`): [`Machine::compare_terms`] answering
    /// `Equal`, but two different cells that are variables, small integers or atoms are never
    /// identical, which needs no look at an atom's name.
    #[inline]
    pub fn terms_identical(&self, a: Cell, b: Cell) -> bool {
        let x = self.stacks.heap.deref(a);
        let y = self.stacks.heap.deref(b);
        if x == y {
            return true;
        }
        // An atom is interned once and a small integer is its cell, so equal ones are equal
        // cells; a variable is identical only to itself.
        let plain = |c: Cell| matches!(c.tag(), Tag::Ref | Tag::Atom);
        if self.services.fast_paths
            && (plain(x) || plain(y) || (x.tag() == Tag::Int && y.tag() == Tag::Int))
        {
            return false;
        }
        if self.services.fast_paths {
            if let Some(same) = self.identical_flat(x, y) {
                return same;
            }
        }
        self.compare_general(x, y) == Ordering::Equal
    }

    /// Whether two different dereferenced compounds are identical when their functors or the
    /// cells of their arguments decide it: a record of atoms, small integers and variables (a
    /// game's `cell(2, 3, b)`) is checked cell by cell, with no look at an atom's name, where
    /// the order would compare the names of the first two atoms that differ. `None` at the
    /// first pair of arguments the cells do not decide (two compounds, a boxed number or
    /// string), for the general comparison. A fast path, used by `==` and by the sorts'
    /// removal of duplicates.
    #[inline]
    fn identical_flat(&self, x: Cell, y: Cell) -> Option<bool> {
        if !(matches!(x.tag(), Tag::Str | Tag::List) && matches!(y.tag(), Tag::Str | Tag::List)) {
            return None;
        }
        let (fx, ax) = self.functor_parts(x);
        let (fy, ay) = self.functor_parts(y);
        if fx != fy {
            return Some(false);
        }
        // As in `terms_identical`: a variable or an atom is identical only to its own cell,
        // and two small integers only when their cells are equal.
        let plain = |c: Cell| matches!(c.tag(), Tag::Ref | Tag::Atom);
        for i in 0..fx.functor_arity() {
            let a = self.stacks.heap.deref(self.stacks.heap.cells[ax + i]);
            let b = self.stacks.heap.deref(self.stacks.heap.cells[ay + i]);
            if a == b {
                continue;
            }
            if plain(a) || plain(b) || (a.tag() == Tag::Int && b.tag() == Tag::Int) {
                return Some(false);
            }
            return None;
        }
        Some(true)
    }

    /// The order of two different dereferenced cells when their tags decide it, or they are
    /// two variables, two small integers or two atoms; `None` otherwise (a boxed number or
    /// string, or two compounds). A fast path: [`Machine::compare_general`] gives the same.
    #[inline(always)]
    fn quick_order(&self, x: Cell, y: Cell) -> Option<Ordering> {
        // The class of a cell as in `class`, for the tags that fix it.
        let rank = |c: Cell| match c.tag() {
            Tag::Ref => Some(0u8),
            Tag::Int => Some(1),
            Tag::Atom => Some(3),
            Tag::Str | Tag::List => Some(4),
            _ => None,
        };
        let (rx, ry) = (rank(x)?, rank(y)?);
        if rx != ry {
            return Some(rx.cmp(&ry));
        }
        match rx {
            0 => Some(x.addr().cmp(&y.addr())),
            1 => Some(x.int_value().cmp(&y.int_value())),
            3 => Some(self.atoms.order(x.atom_index(), y.atom_index())),
            _ => None,
        }
    }

    /// [`Machine::compare_terms`] of two different dereferenced cells, in full.
    #[inline(never)]
    fn compare_general(&self, x: Cell, y: Cell) -> Ordering {
        if !(matches!(x.tag(), Tag::Str | Tag::List) && matches!(y.tag(), Tag::Str | Tag::List)) {
            // Not two compounds: decided by their principal parts, which push nothing.
            return self.compare_shallow(x, y, &mut Vec::new());
        }
        if self.services.fast_paths {
            if let Some(o) = self.compare_flat(x, y) {
                return o;
            }
            if let Some(o) = self.compare_small(x, y) {
                return o;
            }
        }
        let budget = ply_term::cycles::walk_bound(&self.stacks.heap);
        match self.compare_walk(x, y, Some(budget)) {
            Some(o) => o,
            // Cyclic (or heavily shared) terms: compare again, remembering pairs from the
            // start, so that the answer does not depend on the size of the heap.
            None => self.compare_walk(x, y, None).unwrap_or(Ordering::Equal),
        }
    }

    /// Two different compounds whose order their functors or their arguments' principal parts
    /// decide: a record of atoms and small integers (a game's `cell(2, 3, b)`, a key-value
    /// pair) compared argument by argument in one loop, with no work stack. `None` at the
    /// first pair of arguments [`quick_order`] does not decide (two compounds, a boxed number
    /// or string), for [`Machine::compare_small`] to compare from the start, which gives the
    /// same order (the arguments before it are equal). A fast path.
    #[inline]
    fn compare_flat(&self, x: Cell, y: Cell) -> Option<Ordering> {
        let (fx, ax) = self.functor_parts(x);
        let (fy, ay) = self.functor_parts(y);
        if fx != fy {
            return Some(self.functor_order(fx, fy));
        }
        for i in 0..fx.functor_arity() {
            let a = self.stacks.heap.deref(self.stacks.heap.cells[ax + i]);
            let b = self.stacks.heap.deref(self.stacks.heap.cells[ay + i]);
            if a == b {
                continue;
            }
            match self.quick_order(a, b).or_else(|| self.float_order(a, b))? {
                Ordering::Equal => {}
                o => return Some(o),
            }
        }
        Some(Ordering::Equal)
    }

    /// The standard order of two dereferenced cells when both are floats that are not NaN:
    /// by value, and `-0.0` before `0.0`; `None` otherwise. The records of a fact base often
    /// carry floats (populations, coordinates), and sorting them compares float to float
    /// millions of times, which this does without making a `Number` of either. A fast path:
    /// [`ply_arith::number::standard_order`] gives the same.
    #[inline]
    fn float_order(&self, x: Cell, y: Cell) -> Option<Ordering> {
        if x.tag() != Tag::Boxed || y.tag() != Tag::Boxed {
            return None;
        }
        let heap = &self.stacks.heap;
        if heap.box_kind(x) != BoxKind::Float || heap.box_kind(y) != BoxKind::Float {
            return None;
        }
        let (a, b) = (heap.float_value(x), heap.float_value(y));
        match a.partial_cmp(&b)? {
            Ordering::Equal => Some(a.is_sign_positive().cmp(&b.is_sign_positive())),
            o => Some(o),
        }
    }

    /// Two different compounds compared as [`Machine::compare_walk`] with a budget would,
    /// walking both left to right until a pair of subterms differs, but on a small work stack
    /// of the function's own, with no table of pairs: `None` when the terms turn out too big
    /// for it (more than [`SMALL`] compound pairs entered, or more arguments waiting than it
    /// holds). Most compounds that programs compare (keys, small records) are that small, and
    /// this skips the general walk's setting up. A fast path: the general walk, which starts
    /// again from the top when this gives up, answers the same, since it looks at pairs in the
    /// same order and gives up on no term this small (see `walk_bound`).
    fn compare_small(&self, x: Cell, y: Cell) -> Option<Ordering> {
        let mut stack = [(Cell(0), Cell(0)); SMALL];
        let mut top = 0;
        let mut entered = 0;
        let (mut x, mut y) = (x, y);
        loop {
            if x != y {
                match self.quick_order(x, y) {
                    Some(Ordering::Equal) => {}
                    Some(o) => return Some(o),
                    None if matches!(x.tag(), Tag::Str | Tag::List)
                        && matches!(y.tag(), Tag::Str | Tag::List) =>
                    {
                        entered += 1;
                        if entered > SMALL {
                            return None;
                        }
                        let (fx, ax) = self.functor_parts(x);
                        let (fy, ay) = self.functor_parts(y);
                        if fx != fy {
                            // An atom is interned once, so different functor cells differ
                            // in name or arity.
                            return Some(self.functor_order(fx, fy));
                        }
                        let n = fx.functor_arity();
                        if top + n > SMALL {
                            return None;
                        }
                        for i in (0..n).rev() {
                            stack[top] = (
                                self.stacks.heap.cells[ax + i],
                                self.stacks.heap.cells[ay + i],
                            );
                            top += 1;
                        }
                    }
                    None => {
                        // A boxed number or string: decided by the pair alone.
                        let o = self.compare_shallow(x, y, &mut Vec::new());
                        if o != Ordering::Equal {
                            return Some(o);
                        }
                    }
                }
            }
            if top == 0 {
                return Some(Ordering::Equal);
            }
            top -= 1;
            x = self.stacks.heap.deref(stack[top].0);
            y = self.stacks.heap.deref(stack[top].1);
        }
    }

    /// The standard order of two functors: by arity, then by name.
    fn functor_order(&self, fx: Cell, fy: Cell) -> Ordering {
        fx.functor_arity()
            .cmp(&fy.functor_arity())
            .then_with(|| self.atoms.order(fx.functor_name(), fy.functor_name()))
    }

    /// One comparison. With a budget, a plain walk that gives up (`None`) after entering that
    /// many compound pairs; without, a walk that takes a pair met again as equal.
    ///
    /// Past [`MEMO_AFTER`] pairs, the plain walk also keeps the pairs it has found equal in a
    /// [`PairMemo`] and takes such a pair met again as equal at once, so that terms sharing
    /// subterms compare in time linear in their compounds. A pair goes into the table when the
    /// entry below its arguments on the work stack, a marker, comes off it: only pairs found
    /// equal are ever there, which skips only work whose answer is known.
    fn compare_walk(&self, a: Cell, b: Cell, budget: Option<usize>) -> Option<Ordering> {
        let mut stack = Lent::from(&PAIRS, KEEP);
        let (mut a, mut b) = (a, b);
        let mut left = budget.unwrap_or(0);
        let mut seen: FastSet<(u64, u64)> = FastSet::default();
        let mut plain = MEMO_AFTER;
        let mut memo: Option<PairMemo> = None;
        loop {
            if let Some(x) = unmarked(a) {
                // All of the pair's arguments compared equal.
                if let Some(memo) = memo.as_mut() {
                    memo.put(x, b);
                }
            } else {
                let x = self.stacks.heap.deref(a);
                let y = self.stacks.heap.deref(b);
                let pair = x != y
                    && matches!(
                        (x.tag(), y.tag()),
                        (Tag::Str | Tag::List, Tag::Str | Tag::List)
                    );
                let met_again =
                    pair && budget.is_none() && !seen.insert((node_key(x), node_key(y)));
                // A pair already found equal is equal again.
                let known = pair && plain == 0 && memo.as_ref().is_some_and(|m| m.holds(x, y));
                let ord = if x == y || met_again || known {
                    Ordering::Equal
                } else {
                    if pair && budget.is_some() {
                        if left == 0 {
                            return None;
                        }
                        left -= 1;
                        if plain > 0 {
                            plain -= 1;
                            if plain == 0 {
                                memo = Some(PairMemo::new());
                            }
                        } else if x.tag() == y.tag() {
                            // Equal principal parts push the arguments above this marker.
                            stack.push((marked(x), y));
                        }
                    }
                    self.compare_shallow(x, y, &mut stack)
                };
                if ord != Ordering::Equal {
                    return Some(ord);
                }
            }
            match stack.pop() {
                Some((p, q)) => {
                    a = p;
                    b = q;
                }
                None => return Some(Ordering::Equal),
            }
        }
    }

    /// Compare the principal parts of two dereferenced terms; for compounds with equal
    /// functors, push their argument pairs and answer `Equal`.
    fn compare_shallow(&self, x: Cell, y: Cell, stack: &mut Vec<(Cell, Cell)>) -> Ordering {
        let (cx, cy) = (class(self, x), class(self, y));
        if cx != cy {
            return cx.cmp(&cy);
        }
        match cx {
            0 => x.addr().cmp(&y.addr()),
            1 => {
                if x.tag() == Tag::Int && y.tag() == Tag::Int {
                    return x.int_value().cmp(&y.int_value());
                }
                if self.services.fast_paths {
                    if let Some(ord) = self.float_order(x, y) {
                        return ord;
                    }
                }
                if let Some(ord) = self.integer_order(x, y) {
                    return ord;
                }
                let nx = self.number_of(x).expect("number");
                let ny = self.number_of(y).expect("number");
                ply_arith::number::standard_order(&nx, &ny)
            }
            3 => self
                .atoms
                .name(x.atom_index())
                .cmp(self.atoms.name(y.atom_index())),
            2 => self
                .stacks
                .heap
                .string_value(x)
                .cmp(self.stacks.heap.string_value(y)),
            _ => {
                let (fx, ax) = self.functor_parts(x);
                let (fy, ay) = self.functor_parts(y);
                if fx != fy {
                    return self.functor_order(fx, fy);
                }
                let n = fx.functor_arity();
                for i in (0..n).rev() {
                    stack.push((
                        self.stacks.heap.cells[ax + i],
                        self.stacks.heap.cells[ay + i],
                    ));
                }
                Ordering::Equal
            }
        }
    }

    /// The functor cell of a compound or list and the address of its first argument.
    #[inline]
    pub fn functor_parts(&self, c: Cell) -> (Cell, usize) {
        match c.tag() {
            Tag::List => (Cell::functor(ply_term::atom::DOT, 2), c.addr()),
            _ => (self.stacks.heap.functor_of(c), c.addr() + 1),
        }
    }
}
