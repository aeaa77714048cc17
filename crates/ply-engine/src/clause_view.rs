//! A clause as `clause/2` and `listing/1` show it, in SWI-Prolog's shape: its body's
//! conjunction flattened (`(a, b), c` is `a, b, c`) and each unification `V = Term` that opens
//! the body moved into the head when `V` is an argument of the head occurring there once and
//! not in `Term`. SWI-Prolog's compiler does that to the clauses it stores (its
//! `optimise_unify`), so that `p(X) :- X = f(Y), q(Y)` is given back as `p(f(Y)) :- q(Y)`,
//! and a grammar rule `x --> [a], y` as `x([a|A], B) :- y(A, B)`. `true` goals before such a
//! unification do not stop the moving (they stay in the body); anything else does.
//!
//! Both shapes mean the same, for the unification is the first thing the clause does either
//! way. ply stores and compiles the clause as it was given, as `retract/1` matches it (swipl's
//! `retract((p(X) :- X = f(Y), q(Y)))` finds the clause too); only the views are reshaped.

use super::Machine;
use ply_term::{atom, Cell, Tag};

impl Machine {
    /// Clause `term` (`Head :- Body` or `Head`, a fresh copy whose variables nobody else
    /// sees) in the shape `clause/2` shows: the same term when the shape is the same, else a
    /// new `Head :- Body` with the moved variables bound.
    pub fn clause_view(&mut self, term: Cell) -> Cell {
        let term = self.stacks.heap.deref(term);
        let (head, body) = self.split_clause(term);
        let head = self.stacks.heap.deref(head);
        if !self.reshaped(head, body) {
            return term;
        }
        let goals = self.conjuncts(body);
        let mut kept = Vec::with_capacity(goals.len());
        let mut opening = true;
        for g in goals {
            if opening {
                if g == Cell::atom(atom::TRUE) {
                    kept.push(g);
                    continue;
                }
                if let Some((v, value)) = self.mergeable(head, g) {
                    self.stacks.heap.cells[v] = value;
                    continue;
                }
                opening = false;
            }
            kept.push(g);
        }
        let mut body = Cell::atom(atom::TRUE);
        if let Some((&last, rest)) = kept.split_last() {
            body = last;
            for &g in rest.iter().rev() {
                body = self.stacks.heap.compound(atom::COMMA, &[g, body]);
            }
        }
        self.stacks.heap.compound(atom::NECK, &[head, body])
    }

    /// Whether the clause `head :- body` has another shape in [`Machine::clause_view`]: a
    /// conjunction as a left operand, or an opening unification to move. A walk down the
    /// conjunction, so that `clause/2` on most clauses costs no more than it did.
    fn reshaped(&self, head: Cell, body: Cell) -> bool {
        let heap = &self.stacks.heap;
        let comma = Cell::functor(atom::COMMA, 2);
        let is_comma = |g: Cell| g.tag() == Tag::Str && heap.functor_of(g) == comma;
        let mut g = heap.deref(body);
        let mut opening = true;
        loop {
            let (first, rest) = if is_comma(g) {
                (heap.deref(heap.arg(g, 0)), Some(heap.deref(heap.arg(g, 1))))
            } else {
                (g, None)
            };
            if is_comma(first) {
                return true;
            }
            if opening && first != Cell::atom(atom::TRUE) {
                if self.mergeable(head, first).is_some() {
                    return true;
                }
                opening = false;
            }
            match rest {
                Some(r) => g = r,
                None => return false,
            }
        }
    }

    /// The goals of the conjunction `body`, flattened.
    fn conjuncts(&self, body: Cell) -> Vec<Cell> {
        let heap = &self.stacks.heap;
        let mut goals = Vec::new();
        let mut stack = vec![body];
        while let Some(g) = stack.pop() {
            let g = heap.deref(g);
            if g.tag() == Tag::Str && heap.functor_of(g) == Cell::functor(atom::COMMA, 2) {
                stack.push(heap.arg(g, 1));
                stack.push(heap.arg(g, 0));
            } else {
                goals.push(g);
            }
        }
        goals
    }

    /// The variable goal `g` (`V = Term` or `Term = V`) would bind in the head, by address,
    /// and `Term`: `V` an unattributed variable that is an argument of `head` occurring there
    /// once, `Term` bound and not holding it.
    fn mergeable(&self, head: Cell, g: Cell) -> Option<(usize, Cell)> {
        let heap = &self.stacks.heap;
        if head.tag() != Tag::Str
            || g.tag() != Tag::Str
            || heap.functor_of(g) != Cell::functor(atom::EQUALS, 2)
        {
            return None;
        }
        let (l, r) = (heap.deref(heap.arg(g, 0)), heap.deref(heap.arg(g, 1)));
        let (v, value) = match (l.tag() == Tag::Ref, r.tag() == Tag::Ref) {
            (true, false) => (l, r),
            (false, true) => (r, l),
            _ => return None,
        };
        if self.is_attvar(v) {
            return None;
        }
        // V is one argument of the head and occurs nowhere else in it, nor in the value.
        let arity = heap.functor_of(head).functor_arity();
        let arg = |i: usize| heap.deref(heap.arg(head, i));
        let at = (0..arity).find(|&i| arg(i) == v)?;
        let elsewhere = (0..arity).any(|i| i != at && self.occurs_in(v, arg(i)));
        (!elsewhere && !self.occurs_in(v, value)).then_some((v.addr(), value))
    }
}
