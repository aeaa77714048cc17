//! Whether two terms are variants: equal up to a one-to-one renaming of their variables, the
//! test under `=@=/2` and `\=@=/2`.
//!
//! One walk over both terms with an explicit stack. A variable met for the first time is
//! marked in place with its slot (see `term/variables.rs`) rather than looked up in a hash
//! table, and every mark is gone before the test returns. Cyclic terms end the walk: past
//! [`walk_bound`] compounds it remembers the pairs it has entered.

use crate::unify::revisited;
use crate::Machine;
use ply_term::cycles::{is_node, walk_bound};
use ply_term::variables::{is_mark, mark, mark_payload, unmark};
use ply_term::{Cell, Tag};
use std::cmp::Ordering;

/// No partner yet, in [`Machine::variant`]'s table of variables.
const NONE: usize = usize::MAX;

impl Machine {
    /// True when `a` and `b` are variants: equal up to a one-to-one renaming of variables.
    pub fn variant(&mut self, a: Cell, b: Cell) -> bool {
        // A term is a variant of itself (though a subterm met twice inside a walk need not be).
        if self.stacks.heap.deref(a) == self.stacks.heap.deref(b) {
            return true;
        }
        // Each variable met gets a slot: the variable of the other side it is paired with when
        // met on the left, and when met on the right (one variable may occur on both sides).
        let mut partners: Vec<(usize, usize)> = Vec::new();
        let mut marked: Vec<usize> = Vec::new();
        let same = self.variant_walk(a, b, &mut partners, &mut marked);
        for &addr in &marked {
            unmark(&mut self.stacks.heap, addr);
        }
        same
    }

    /// The walk of [`Machine::variant`]; the variables it marks are listed in `marked`.
    fn variant_walk(
        &mut self,
        a: Cell,
        b: Cell,
        partners: &mut Vec<(usize, usize)>,
        marked: &mut Vec<usize>,
    ) -> bool {
        let mut stack = vec![(a, b)];
        // Cyclic terms are variants when their unfoldings are (a pair met again holds).
        let mut budget = walk_bound(&self.stacks.heap);
        let mut seen = None;
        while let Some((x, y)) = stack.pop() {
            let x = self.stacks.heap.deref(x);
            let y = self.stacks.heap.deref(y);
            if x == y && x.is_immediate() {
                continue;
            }
            let x_var = x.tag() == Tag::Ref || is_mark(x);
            let y_var = y.tag() == Tag::Ref || is_mark(y);
            if x_var || y_var {
                if !(x_var && y_var) {
                    return false;
                }
                let kx = self.variant_slot(x, partners, marked);
                let ky = if y == x {
                    kx
                } else {
                    self.variant_slot(y, partners, marked)
                };
                let left = partners[kx].0;
                let right = partners[ky].1;
                if left == NONE && right == NONE {
                    partners[kx].0 = ky;
                    partners[ky].1 = kx;
                } else if left != ky || right != kx {
                    return false;
                }
                continue;
            }
            if is_node(x) && is_node(y) {
                if revisited(&mut budget, &mut seen, x, y) {
                    continue;
                }
                let (fx, ax) = self.functor_parts(x);
                let (fy, ay) = self.functor_parts(y);
                if fx != fy {
                    return false;
                }
                for i in 0..fx.functor_arity() {
                    stack.push((
                        self.stacks.heap.cells[ax + i],
                        self.stacks.heap.cells[ay + i],
                    ));
                }
            } else if is_node(x) || is_node(y) || self.compare_terms(x, y) != Ordering::Equal {
                // Compared here are atomic terms only, which hold no variable and no mark.
                return false;
            }
        }
        true
    }

    /// The slot of variable `v` (an unbound variable, which gets a new slot and a mark naming
    /// it, or the mark of one met before).
    fn variant_slot(
        &mut self,
        v: Cell,
        partners: &mut Vec<(usize, usize)>,
        marked: &mut Vec<usize>,
    ) -> usize {
        if is_mark(v) {
            return mark_payload(v);
        }
        let k = partners.len();
        partners.push((NONE, NONE));
        self.stacks.heap.cells[v.addr()] = mark(k);
        marked.push(v.addr());
        k
    }
}
