//! The standard order of terms (`compare/3`, `==`, `@<`, sorting), over an explicit stack.
//!
//! Var < Number < String < Atom < Compound (as SWI-Prolog orders strings); numbers by value with a float before an equal
//! integer; atoms by character codes; compounds by arity, then name, then arguments left to
//! right. This module must never bind anything.

use super::Machine;
use crate::term::{BoxKind, Cell, Tag};
use std::cmp::Ordering;

fn class(m: &Machine, c: Cell) -> u8 {
    match c.tag() {
        Tag::Ref => 0,
        Tag::Int => 1,
        Tag::Boxed => match m.heap.box_kind(c) {
            BoxKind::Str => 2,
            _ => 1,
        },
        Tag::Atom => 3,
        _ => 4,
    }
}

impl Machine {
    /// Compare two terms in the standard order.
    pub fn compare_terms(&self, a: Cell, b: Cell) -> Ordering {
        let mut stack: Vec<(Cell, Cell)> = Vec::new();
        let (mut a, mut b) = (a, b);
        loop {
            let x = self.heap.deref(a);
            let y = self.heap.deref(b);
            let ord = if x == y {
                Ordering::Equal
            } else {
                self.compare_shallow(x, y, &mut stack)
            };
            if ord != Ordering::Equal {
                return ord;
            }
            match stack.pop() {
                Some((p, q)) => {
                    a = p;
                    b = q;
                }
                None => return Ordering::Equal,
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
                let nx = self.number_of(x).expect("number");
                let ny = self.number_of(y).expect("number");
                crate::arith::number::standard_order(&nx, &ny)
            }
            3 => self
                .atoms
                .name(x.atom_index())
                .cmp(self.atoms.name(y.atom_index())),
            2 => self.heap.string_value(x).cmp(self.heap.string_value(y)),
            _ => {
                let (fx, ax) = self.functor_parts(x);
                let (fy, ay) = self.functor_parts(y);
                let ord = fx.functor_arity().cmp(&fy.functor_arity()).then_with(|| {
                    self.atoms
                        .name(fx.functor_name())
                        .cmp(self.atoms.name(fy.functor_name()))
                });
                if ord != Ordering::Equal {
                    return ord;
                }
                let n = fx.functor_arity();
                for i in (0..n).rev() {
                    stack.push((self.heap.cells[ax + i], self.heap.cells[ay + i]));
                }
                Ordering::Equal
            }
        }
    }

    /// The functor cell of a compound or list and the address of its first argument.
    #[inline]
    pub fn functor_parts(&self, c: Cell) -> (Cell, usize) {
        match c.tag() {
            Tag::List => (Cell::functor(crate::term::atom::DOT, 2), c.addr()),
            _ => (self.heap.functor_of(c), c.addr() + 1),
        }
    }
}
