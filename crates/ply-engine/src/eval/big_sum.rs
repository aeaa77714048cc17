//! Sums and differences of big integers computed where they lie: `X is A + B` and `A - B`
//! when both operands are integers and one of them is big. The 64-bit words of both are
//! read on the heap, added or subtracted into a work vector the evaluation keeps, and
//! copied onto the heap as the result, so no big-integer value is built for either operand
//! or for the result. Everything else goes through the general evaluation, which gives the
//! same value (the tests compare the two).

use super::Scratch;
use crate::Machine;
use ply_term::{atom, Cell, Tag};
use std::cmp::Ordering;

impl Machine {
    /// The cell of `A + B` or `A - B` when `c` is such an expression of two integers, one
    /// of them big; `None` for anything else.
    pub(super) fn big_sum(&mut self, c: Cell) -> Option<Cell> {
        if c.tag() != Tag::Str {
            return None;
        }
        let f = self.stacks.heap.functor_of(c);
        let subtract = match (f.functor_name(), f.functor_arity()) {
            (atom::PLUS, 2) => false,
            (atom::MINUS, 2) => true,
            _ => return None,
        };
        let x = self.stacks.heap.deref(self.stacks.heap.arg(c, 0));
        let y = self.stacks.heap.deref(self.stacks.heap.arg(c, 1));
        if x.tag() != Tag::Boxed && y.tag() != Tag::Boxed {
            return None;
        }
        let mut out = std::mem::take(&mut self.services.natives.get::<Scratch>().words);
        let negative = {
            let (mut xs, mut ys) = ([Cell(0)], [Cell(0)]);
            let (xneg, xw) = self.integer_parts(x, &mut xs)?;
            let (yneg, yw) = self.integer_parts(y, &mut ys)?;
            signed_sum((xneg, xw), (yneg != subtract, yw), &mut out)
        };
        let cell = self.stacks.heap.integer_from_words(negative, &out);
        out.clear();
        self.services.natives.get::<Scratch>().words = out;
        Some(cell)
    }
}

/// The sum of two signed magnitudes (words least significant first, no high zero word)
/// into `out` as a magnitude; returns whether the sum is negative.
fn signed_sum(x: (bool, &[Cell]), y: (bool, &[Cell]), out: &mut Vec<u64>) -> bool {
    out.clear();
    if x.0 == y.0 {
        if x.1.len() >= y.1.len() {
            add(x.1, y.1, out);
        } else {
            add(y.1, x.1, out);
        }
        return x.0;
    }
    match magnitude_order(x.1, y.1) {
        Ordering::Equal => false,
        Ordering::Greater => {
            sub(x.1, y.1, out);
            x.0
        }
        Ordering::Less => {
            sub(y.1, x.1, out);
            y.0
        }
    }
}

fn magnitude_order(a: &[Cell], b: &[Cell]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().map(|w| w.0).cmp(b.iter().rev().map(|w| w.0)))
}

/// `a + b` for `a` at least as long as `b`.
fn add(a: &[Cell], b: &[Cell], out: &mut Vec<u64>) {
    out.reserve(a.len() + 1);
    let mut carry = false;
    for (i, w) in a.iter().enumerate() {
        let (s, c1) = w.0.overflowing_add(b.get(i).map_or(0, |v| v.0));
        let (s, c2) = s.overflowing_add(u64::from(carry));
        out.push(s);
        carry = c1 || c2;
    }
    if carry {
        out.push(1);
    }
}

/// `a - b` for `a` of a magnitude at least `b`'s.
fn sub(a: &[Cell], b: &[Cell], out: &mut Vec<u64>) {
    out.reserve(a.len());
    let mut borrow = false;
    for (i, w) in a.iter().enumerate() {
        let (d, b1) = w.0.overflowing_sub(b.get(i).map_or(0, |v| v.0));
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        out.push(d);
        borrow = b1 || b2;
    }
    while out.last() == Some(&0) {
        out.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dashu_int::{IBig, Sign};

    fn value(negative: bool, words: &[u64]) -> IBig {
        let sign = if negative {
            Sign::Negative
        } else {
            Sign::Positive
        };
        IBig::from_sign_words(sign, words)
    }

    /// Every pair of signs and of magnitudes built from the words around the carries and
    /// borrows (zero, one, all ones, a high bit alone) gives what dashu-int's own sum gives.
    #[test]
    fn word_sums_agree_with_big_integer_sums() {
        let pieces = [0u64, 1, u64::MAX, 1 << 63, 12345];
        let mut magnitudes: Vec<Vec<u64>> = vec![vec![]];
        for &a in &pieces {
            for &b in &pieces {
                for &c in &pieces {
                    let mut m = vec![a, b, c];
                    while m.last() == Some(&0) {
                        m.pop();
                    }
                    magnitudes.push(m);
                }
            }
        }
        let mut out = Vec::new();
        let mut checked = 0;
        for x in &magnitudes {
            for y in &magnitudes {
                for (xn, yn) in [(false, false), (false, true), (true, false), (true, true)] {
                    let xc: Vec<Cell> = x.iter().map(|&w| Cell(w)).collect();
                    let yc: Vec<Cell> = y.iter().map(|&w| Cell(w)).collect();
                    let xn = xn && !x.is_empty();
                    let yn = yn && !y.is_empty();
                    let neg = signed_sum((xn, &xc), (yn, &yc), &mut out);
                    assert_ne!(out.last(), Some(&0), "a high zero word");
                    let want = value(xn, x) + value(yn, y);
                    assert_eq!(value(neg && !out.is_empty(), &out), want, "{x:?} {y:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 60_000);
    }
}
