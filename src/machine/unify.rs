//! Unification, with and without the occurs check, over an explicit work stack.
//!
//! Deep terms (a million nested compounds, a million-element list) unify in constant Rust stack.
//! Variables are bound younger-to-older so that backtracking and the trail stay simple.
//! Rational trees unify co-inductively: past `cycles::walk_bound` compound pairs the walk
//! remembers the pairs it has entered and takes a pair met again as unified, which is what
//! SWI-Prolog computes for `X = f(X), Y = f(Y), X = Y`.

use super::Machine;
use crate::term::cycles::{is_node, node_key, push_args, walk_bound, NodeGuard};
use crate::term::scratch::CellStack;
use crate::term::FastSet;
use crate::term::{Cell, Tag};

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
        let x = self.heap.deref(a);
        let y = self.heap.deref(b);
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
    #[inline(never)]
    fn unify_derefd(&mut self, x: Cell, y: Cell) -> bool {
        match self.settle_flat(x, y, false) {
            Some(ok) => ok,
            None => self.unify_impl(x, y, false),
        }
    }

    /// Unify with the occurs check.
    pub fn unify_occurs(&mut self, a: Cell, b: Cell) -> bool {
        self.unify_impl(a, b, true)
    }

    fn bind_var(&mut self, v: Cell, t: Cell, occurs: bool) -> bool {
        if occurs && t.tag() != Tag::Ref && self.occurs_in(v, t) {
            return false;
        }
        self.bind(v, t);
        true
    }

    fn unify_impl(&mut self, a: Cell, b: Cell, occurs: bool) -> bool {
        // Reuse one work stack across calls: unification is hot and usually shallow.
        let mut stack = std::mem::take(&mut self.unify_stack);
        stack.clear();
        let ok = self.unify_with(a, b, occurs, &mut stack);
        self.unify_stack = stack;
        ok
    }

    fn unify_with(
        &mut self,
        a: Cell,
        b: Cell,
        occurs: bool,
        stack: &mut Vec<(Cell, Cell)>,
    ) -> bool {
        let (mut a, mut b) = (a, b);
        // Compound pairs entered so far; past the bound, the pairs themselves.
        let mut budget = walk_bound(&self.heap);
        let mut seen: Option<FastSet<(u64, u64)>> = None;
        loop {
            let x = self.heap.deref(a);
            let y = self.heap.deref(b);
            if x != y {
                // Variables and atomic values are settled at once; what is left are pairs of
                // compounds, lists and boxed values.
                let ok = match self.settle_flat(x, y, occurs) {
                    Some(ok) => ok,
                    None => match (x.tag(), y.tag()) {
                        // A pair entered before unifies if the rest does (co-induction).
                        (Tag::Str, Tag::Str) if revisited(&mut budget, &mut seen, x, y) => true,
                        (Tag::List, Tag::List) if revisited(&mut budget, &mut seen, x, y) => true,
                        (Tag::Str, Tag::Str) => {
                            let f = self.heap.functor_of(x);
                            if f != self.heap.functor_of(y) {
                                false
                            } else {
                                // The arguments before the last that are variables or atomic are
                                // settled here, left to right; pairs of compounds wait on the
                                // stack; the last pair is taken up next, so that a term nested in
                                // its last argument (a list, a chain) needs no stack at all.
                                let n = f.functor_arity();
                                let (xa, ya) = (x.addr() + 1, y.addr() + 1);
                                for i in 0..n - 1 {
                                    let (p, q) = (self.heap.cells[xa + i], self.heap.cells[ya + i]);
                                    match self.unify_flat(p, q, occurs) {
                                        Some(true) => {}
                                        Some(false) => return false,
                                        None => stack.push((p, q)),
                                    }
                                }
                                a = self.heap.cells[xa + n - 1];
                                b = self.heap.cells[ya + n - 1];
                                continue;
                            }
                        }
                        (Tag::List, Tag::List) => {
                            // The heads as the arguments before the last above, then the tails.
                            let (xa, ya) = (x.addr(), y.addr());
                            let (p, q) = (self.heap.cells[xa], self.heap.cells[ya]);
                            match self.unify_flat(p, q, occurs) {
                                Some(true) => {}
                                Some(false) => return false,
                                None => stack.push((p, q)),
                            }
                            a = self.heap.cells[xa + 1];
                            b = self.heap.cells[ya + 1];
                            continue;
                        }
                        (Tag::Boxed, Tag::Boxed) => self.boxed_equal(x, y),
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

    /// One pair of arguments of [`Machine::unify_with`], unified at once when that needs no
    /// walk: a variable bound, atomic values compared. `None` when both are compounds (or a
    /// compound and a boxed value), which the walk takes up.
    #[inline(always)]
    fn unify_flat(&mut self, p: Cell, q: Cell, occurs: bool) -> Option<bool> {
        let x = self.heap.deref(p);
        let y = self.heap.deref(q);
        if x == y {
            return Some(true);
        }
        self.settle_flat(x, y, occurs)
    }

    /// [`Machine::unify_flat`] of two dereferenced, different cells.
    #[inline(always)]
    fn settle_flat(&mut self, x: Cell, y: Cell, occurs: bool) -> Option<bool> {
        match (x.tag(), y.tag()) {
            (Tag::Ref, Tag::Ref) => {
                // Bind the younger variable to the older one.
                if x.addr() < y.addr() {
                    self.bind(y, x);
                } else {
                    self.bind(x, y);
                }
                Some(true)
            }
            (Tag::Ref, _) => Some(self.bind_var(x, y, occurs)),
            (_, Tag::Ref) => Some(self.bind_var(y, x, occurs)),
            (Tag::Atom | Tag::Int, _) | (_, Tag::Atom | Tag::Int) => Some(false),
            _ => None,
        }
    }

    /// True when two boxed cells hold equal values of the same kind.
    pub fn boxed_equal(&self, x: Cell, y: Cell) -> bool {
        let (xa, ya) = (x.addr(), y.addr());
        let hx = self.heap.cells[xa];
        if hx != self.heap.cells[ya] {
            return false;
        }
        if hx.header_kind() == crate::term::BoxKind::Float {
            // Compare as numbers so that 0.0 and -0.0 stay distinct but NaN payloads agree.
            return self.heap.cells[xa + 1] == self.heap.cells[ya + 1];
        }
        let n = hx.header_words();
        self.heap.cells[xa + 1..xa + 1 + n] == self.heap.cells[ya + 1..ya + 1 + n]
    }

    /// True when variable `v` occurs in term `t` (which may be cyclic).
    pub fn occurs_in(&self, v: Cell, t: Cell) -> bool {
        // Most terms asked about are variables or atomic: answer those without a work stack.
        let t = self.heap.deref(t);
        if t == v {
            return true;
        }
        if !is_node(t) {
            return false;
        }
        let mut guard = NodeGuard::new(&self.heap);
        let mut stack = CellStack::lend();
        stack.push(t);
        while let Some(c) = stack.pop() {
            let c = self.heap.deref(c);
            if c == v {
                return true;
            }
            if is_node(c) {
                if !guard.enter(c) {
                    continue;
                }
                push_args(&self.heap, c, &mut stack);
            }
        }
        false
    }
}
