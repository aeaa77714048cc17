//! Reciprocals for Barrett's division: `⌊B^(2n) / d⌋` for a divisor `d` of `n` words
//! (`B = 2^64`), by Newton's iteration on ply's products. A reciprocal of the divisor's top
//! half, shifted into place, is within a relative `B^-(h-1)` of the answer; one Newton step
//! `x + x·(B^(2n) - d·x) / B^(2n)` squares that error; the last few units are then settled
//! exactly against `d`, so the result never depends on the error bounds being tight.

use crate::fast_mul::mul_words;
use dashu_int::UBig;

/// Divisors of at most this many words get their reciprocal by dashu-int's division.
const DIRECT_WORDS: usize = 32;

/// `⌊B^(2n) / d⌋` for `d` of `n` words, its top word non-zero.
pub(super) fn reciprocal(d: &[u64]) -> UBig {
    let n = d.len();
    let mut x = approximate(d);
    let one = UBig::ONE << (128 * n);
    let dv = UBig::from_words(d);
    let mut p = product(d, x.as_words());
    // Settle the last units: afterwards p = d·x <= B^(2n) < p + d.
    while p > one {
        x -= UBig::ONE;
        p -= &dv;
    }
    while &p + &dv <= one {
        x += UBig::ONE;
        p += &dv;
    }
    x
}

/// A value within a few units of `⌊B^(2n) / d⌋`.
fn approximate(d: &[u64]) -> UBig {
    let n = d.len();
    if n <= DIRECT_WORDS {
        return (UBig::ONE << (128 * n)) / UBig::from_words(d);
    }
    let h = n / 2 + 3;
    // xh ≈ B^(2h) / dh, so xh·B^(n-h) ≈ B^(2n) / d.
    let xh = approximate(&d[n - h..]);
    // e = B^(n+h) - d·xh, the error of xh·B^(n-h) divided by B^(n-h).
    let p = product(d, xh.as_words());
    let top = UBig::ONE << (64 * (n + h));
    let (e, negative) = if p <= top {
        (top - p, false)
    } else {
        (p - top, true)
    };
    // The correction xh·e / B^(2h), with e's low h-2 words dropped (worth less than a unit).
    let e_high = e >> (64 * (h - 2));
    let c = product(xh.as_words(), e_high.as_words()) >> (64 * (h + 2));
    let x0 = xh << (64 * (n - h));
    if negative {
        x0 - c
    } else {
        x0 + c
    }
}

/// `a · b` by ply's products.
fn product(a: &[u64], b: &[u64]) -> UBig {
    if a.is_empty() || b.is_empty() {
        return UBig::ZERO;
    }
    UBig::from_words(&mul_words(a, b))
}
