//! `powm(B, E, M)` for moduli of many words: a left-to-right power by windows of four bits,
//! each square and product by ply's own ([`crate::fast_mul`]) and each reduction by
//! Barrett's division with the modulus' reciprocal ([`crate::decimal::Power`]), computed once
//! per call. dashu-int's modular power divides by schoolbook rows after each square, which
//! took two thirds of a Miller-Rabin test's time at 35 words; smaller moduli keep it.

use crate::decimal::Power;
use crate::fast_mul::{mul_words, sqr_words};

/// Moduli of at least this many words take this path (below it dashu-int's modular
/// arithmetic on a few words costs less than the reciprocal and the products' calls).
pub(crate) const MIN_WORDS: usize = 8;

/// Bits of the exponent taken at once: 4 makes a product every four squares at most, with a
/// table of 15 powers of the base.
const WINDOW: u32 = 4;

/// `base^exp mod modulus` for a trimmed modulus of at least [`MIN_WORDS`] words and a base
/// already below it (trimmed, little-endian words); the exponent's words likewise.
pub(crate) fn powm_words(base: &[u64], exp: &[u64], modulus: &[u64]) -> Vec<u64> {
    let m = Power::divisor(modulus.to_vec());
    let reduce = |x: Vec<u64>| {
        let mut x = x;
        trim(&mut x);
        m.div_rem(&x).1
    };
    // table[i] = base^(i+1) mod modulus.
    let mut table: Vec<Vec<u64>> = vec![base.to_vec()];
    for i in 1..(1usize << WINDOW) - 1 {
        let next = reduce(mul_words(&table[i - 1], base));
        table.push(next);
    }
    // An exponent of zero may come as no words at all: its bit count is 0, not a wrapped
    // subtraction.
    let bits = exp.iter().rposition(|&w| w != 0).map_or(0, |top| {
        top as u64 * 64 + 64 - u64::from(exp[top].leading_zeros())
    });
    let mut acc: Vec<u64> = vec![1];
    let mut started = false;
    let chunks = bits.div_ceil(u64::from(WINDOW));
    for c in (0..chunks).rev() {
        if started {
            for _ in 0..WINDOW {
                acc = reduce(sqr_words(&acc));
            }
        }
        let digit = window(exp, c * u64::from(WINDOW));
        if digit != 0 {
            let t = &table[digit - 1];
            acc = if started {
                reduce(mul_words(&acc, t))
            } else {
                t.clone()
            };
            started = true;
        }
    }
    // An exponent of zero leaves 1, which is 1 mod any modulus of several words.
    trim(&mut acc);
    acc
}

/// The [`WINDOW`] bits of `exp` from bit `at` up, as a number.
fn window(exp: &[u64], at: u64) -> usize {
    let mut v = 0usize;
    for k in 0..u64::from(WINDOW) {
        let b = at + k;
        let w = (b / 64) as usize;
        if w < exp.len() && exp[w] >> (b % 64) & 1 == 1 {
            v |= 1 << k;
        }
    }
    v
}

/// Drops high zero words.
fn trim(v: &mut Vec<u64>) {
    while v.last() == Some(&0) {
        v.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::{powm_words, MIN_WORDS};
    use crate::test_words::{powm_reference, Words};
    use dashu_int::UBig;

    fn check(base: &[u64], exp: &[u64], modulus: &[u64]) {
        let (b, _, _, expected) = powm_reference(base, exp, modulus);
        let got = UBig::from_words(&powm_words(b.as_words(), exp, modulus));
        assert_eq!(got, expected, "{} words", modulus.len());
    }

    /// Against dashu-int's modular power: random odd and even moduli from the threshold to
    /// 80 words (the reduction's products cross the Karatsuba levels), Mersenne-like moduli
    /// of all ones, exponents of zero, one and many words, bases of zero and one.
    #[test]
    fn matches_dashu_modular_power() {
        let mut g = Words(0x1234_5678_9abc_def1);
        for n in MIN_WORDS..=80 {
            let mut m = g.take(n);
            let top = g.next() % 64;
            m[n - 1] |= 1 << top;
            let base = g.take(n);
            let len = 1 + (g.next() % 3) as usize;
            let exp = g.take(len);
            check(&base, &exp, &m);
        }
        for n in [MIN_WORDS, 35, 64] {
            let ones = vec![u64::MAX; n];
            let base = g.take(n);
            check(&base, &[0], &ones);
            check(&base, &[], &ones);
            let mut even = ones.clone();
            even[0] = u64::MAX - 1;
            check(&base, &[], &even);
            check(&base, &[1], &ones);
            check(&base, &g.take(n), &ones);
            check(&[], &[5], &ones);
            check(&[1], &g.take(2), &ones);
            let mut m = g.take(n);
            m[0] &= !1;
            check(&base, &g.take(n / 4 + 1), &m);
        }
    }
}
