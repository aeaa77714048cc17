//! Unification of two compounds of one functor whose argument pairs each hold a variable or
//! an atomic value on one side at least: `house(red, X, _, dog, Y)` against
//! `house(A, english, C, D, zebra)`, the commonest unification of compounds in clause code.
//!
//! The walk of `unify.rs` is made for terms of any depth and shape: it keeps a work stack,
//! counts the compounds it enters so that shared and cyclic terms stay linear, and holds the
//! attributed variables. Two compounds whose arguments it would settle one by one at once need
//! none of that, and its setting up is a good part of their cost. They are unified here by a
//! plain loop over the argument pairs, with the same rules for each pair as the walk's (the
//! younger of two variables bound to the older, a binding trailed when it is older than the
//! newest choicepoint). At the first pair that needs the walk (two compounds, lists or boxed
//! values) the pair of compounds is handed to the walk whole; the pairs before it are equal by
//! then, and the walk passes over them. A fast path: with the fast paths off, or once the
//! program has made an attributed variable, every pair of compounds goes to the walk.

use super::super::choice::TrailEntry;
use super::super::Machine;
use ply_term::heap::Heap;
use ply_term::{Cell, Tag};

impl Machine {
    /// Unify the compounds `x` and `y` (dereferenced, different, both `Str`) by a loop over
    /// their argument pairs: `Some` of the answer when every pair was settled in the loop,
    /// `None` when a pair needs the walk, which must then unify `x` and `y`.
    #[inline(always)]
    pub(super) fn unify_compound_pair(&mut self, x: Cell, y: Cell) -> Option<bool> {
        debug_assert!(x.tag() == Tag::Str && y.tag() == Tag::Str);
        let hb = self.hb();
        let st = &mut self.stacks;
        let cells = &mut st.heap.cells[..];
        let (xf, yf) = (x.addr(), y.addr());
        let f = cells[xf];
        if f != cells[yf] {
            return Some(false);
        }
        for i in 1..=f.functor_arity() {
            let p = Heap::deref_over(cells, cells[xf + i]);
            let q = Heap::deref_over(cells, cells[yf + i]);
            if p == q {
                continue;
            }
            let (var, value) = if p.tag() == Tag::Ref {
                // Of two variables, the younger is bound to the older.
                if q.tag() == Tag::Ref && p.addr() < q.addr() {
                    (q, p)
                } else {
                    (p, q)
                }
            } else if q.tag() == Tag::Ref {
                (q, p)
            } else if p.is_immediate() || q.is_immediate() {
                return Some(false);
            } else {
                return None;
            };
            let a = var.addr();
            cells[a] = value;
            if a < hb {
                st.trail.push(TrailEntry::Bind(a));
            }
        }
        Some(true)
    }
}
