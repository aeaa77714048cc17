//! The powers `10^(19·k)` that split numbers in the decimal conversion, with their
//! reciprocals, computed once per thread and kept: `10^(19·2k)` is the square of
//! `10^(19·k)` and `10^(19·(2k+1))` that square times `10^19`, so a power costs one square
//! when the smaller ones are known. A conversion that starts with the table grown past
//! [`MAX_CACHED_WORDS`] empties it first ([`forget_if_large`]), so printing one huge number
//! does not hold its powers for ever, and no conversion loses its powers while it runs.

use super::reciprocal::reciprocal;
use crate::fast_mul::{mul_word, mul_words, sqr_words};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::rc::Rc;

/// The words the table may hold (powers and reciprocals) before the next conversion
/// empties it.
const MAX_CACHED_WORDS: usize = 1 << 22;

/// 10^19.
const TEN19: u64 = 10_000_000_000_000_000_000;

/// A power of ten and, once a division asked for it, its reciprocal.
pub(crate) struct Power {
    /// The power's words, trimmed.
    value: Vec<u64>,
    /// `⌊B^(2n) / value⌋` for `n = value.len()`.
    inverse: RefCell<Option<Rc<Vec<u64>>>>,
    /// How many low words of `value` are zero (`10^(19k)` ends in `19k` zero bits).
    zero_words: usize,
}

thread_local! {
    static TABLE: RefCell<(HashMap<usize, Rc<Power>>, usize)> = RefCell::new((HashMap::new(), 0));
}

/// `10^(19·blocks)`, from the table or computed (and kept).
pub(super) fn power(blocks: usize) -> Rc<Power> {
    if let Some(p) = TABLE.with(|t| t.borrow().0.get(&blocks).cloned()) {
        return p;
    }
    let value = if blocks == 1 {
        vec![TEN19]
    } else {
        let half = power(blocks / 2);
        let mut v = sqr_words(&half.value);
        trim(&mut v);
        if blocks % 2 == 1 {
            v = mul_word(&v, TEN19);
            trim(&mut v);
        }
        v
    };
    let p = Rc::new(Power::divisor(value));
    remember(blocks, &p, p.value.len());
    p
}

/// Puts `p` in the table.
fn remember(blocks: usize, p: &Rc<Power>, words: usize) {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        t.0.insert(blocks, p.clone());
        t.1 += words;
    });
}

/// Empties the table if it holds more than [`MAX_CACHED_WORDS`] words; called before a
/// conversion, never during one.
pub(super) fn forget_if_large() {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.1 > MAX_CACHED_WORDS {
            t.0.clear();
            t.1 = 0;
        }
    });
}

impl Power {
    /// Any divisor (trimmed, not zero) for [`Power::div_rem`], its reciprocal computed at
    /// the first division; the modular powers use it for their reductions.
    pub(crate) fn divisor(value: Vec<u64>) -> Power {
        let zero_words = value.iter().take_while(|&&w| w == 0).count();
        Power {
            value,
            inverse: RefCell::new(None),
            zero_words,
        }
    }

    /// The reciprocal, computed at the first division by this power.
    fn inverse(&self) -> Rc<Vec<u64>> {
        if let Some(inv) = self.inverse.borrow().as_ref() {
            return inv.clone();
        }
        let inv = Rc::new(reciprocal(&self.value).as_words().to_vec());
        TABLE.with(|t| t.borrow_mut().1 += inv.len());
        *self.inverse.borrow_mut() = Some(inv.clone());
        inv
    }

    /// `n / self` and `n % self`, trimmed, for `n < self²` (trimmed), by Barrett's method
    /// (Handbook of Applied Cryptography 14.42): the quotient estimated from `n`'s top words
    /// times the reciprocal is at most two below the true one.
    ///
    /// The remainder is then below `3·self < B^(d+1)` (`d` the power's words), so only the
    /// low `d + 1` words of `q·self` are needed; and `self = 10^(19k)` ends in `19k` zero
    /// bits, about 30% of its words, so those low words are `(q mod B^(s+1))·odd` shifted by
    /// the zero words, `odd` the power's `s` other words: a product of `s + 1` by `s` words
    /// where the whole `q·self` would be `d` by `d`.
    pub(crate) fn div_rem(&self, n: &[u64]) -> (Vec<u64>, Vec<u64>) {
        let d = self.value.len();
        if compare(n, &self.value) == Ordering::Less {
            return (Vec::new(), n.to_vec());
        }
        let inv = self.inverse();
        let mut q = mul_words(&n[d - 1..], &inv);
        q.drain(..(d + 1).min(q.len()));
        trim(&mut q);
        let zeros = self.zero_words;
        let odd = &self.value[zeros..];
        let s = odd.len();
        let mut r = n[..(d + 1).min(n.len())].to_vec();
        r.resize(d + 1, 0);
        if !q.is_empty() {
            let low = mul_words(&q[..q.len().min(s + 1)], odd);
            sub_wrapping(&mut r[zeros..], &low);
        }
        trim(&mut r);
        while compare(&r, &self.value) != Ordering::Less {
            sub_in(&mut r, &self.value);
            add_one(&mut q);
        }
        (q, r)
    }
}

/// `a -= b` modulo `B^a.len()`, `b`'s words above `a`'s ignored.
fn sub_wrapping(a: &mut [u64], b: &[u64]) {
    let mut borrow = false;
    for (i, x) in a.iter_mut().enumerate() {
        if i >= b.len() && !borrow {
            break;
        }
        let (s, b1) = x.overflowing_sub(b.get(i).copied().unwrap_or(0));
        let (s, b2) = s.overflowing_sub(u64::from(borrow));
        *x = s;
        borrow = b1 || b2;
    }
}

/// Compares two trimmed magnitudes.
fn compare(a: &[u64], b: &[u64]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// `a -= b` for `a >= b` (trimmed), leaving `a` trimmed: `b` is no longer than `a`, so the
/// wrapping subtraction is the exact one.
fn sub_in(a: &mut Vec<u64>, b: &[u64]) {
    sub_wrapping(a, b);
    trim(a);
}

/// `a += 1`.
fn add_one(a: &mut Vec<u64>) {
    for w in a.iter_mut() {
        *w = w.wrapping_add(1);
        if *w != 0 {
            return;
        }
    }
    a.push(1);
}

/// Drops high zero words.
fn trim(v: &mut Vec<u64>) {
    while v.last() == Some(&0) {
        v.pop();
    }
}

/// The reciprocal as dashu-int's value, for the tests.
#[cfg(test)]
pub(super) fn inverse_of(blocks: usize) -> (dashu_int::UBig, dashu_int::UBig) {
    let p = power(blocks);
    let words = |w: &[u64]| dashu_int::UBig::from_words(w);
    (words(&p.value), words(&p.inverse()))
}
