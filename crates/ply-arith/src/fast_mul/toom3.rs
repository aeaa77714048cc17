//! Toom-3 products and squares: each operand cut into three pieces of `k` words, seen as
//! polynomials evaluated at 0, 1, -1, -2 and infinity, five products of a third the size
//! (instead of Karatsuba's nine for two levels), and the product polynomial recovered by
//! Bodrato's interpolation sequence (two exact halvings and one exact division by 3).
//! The evaluations and the interpolation are linear in the size and done with dashu-int's
//! signed integers; the five products recurse into [`super`]. The product at 0 and at
//! infinity are written straight into their places in the result.

use dashu_int::{IBig, Sign, UBig};

use super::words::add_in;
use super::{mul_same, mul_words, sqr_same, sqr_words};

/// The values of `p0 + p1 x + p2 x²` at 1, -1 and -2.
fn evaluate(p0: &[u64], p1: &[u64], p2: &[u64]) -> (IBig, IBig, IBig) {
    let (p0, p1, p2) = (
        IBig::from(UBig::from_words(p0)),
        IBig::from(UBig::from_words(p1)),
        IBig::from(UBig::from_words(p2)),
    );
    let even = &p0 + &p2;
    let at_1 = &even + &p1;
    let at_minus_1 = even - &p1;
    let at_minus_2 = ((&at_minus_1 + &p2) << 1) - &p0;
    (at_1, at_minus_1, at_minus_2)
}

/// `x / 3` for a multiple of 3: each word times the inverse of 3 modulo 2^64, the borrow
/// carried up (a product and no division per word, as GMP's `divexact_by3`).
fn divide_by_3(x: IBig) -> IBig {
    const INVERSE_OF_3: u64 = 0xaaaa_aaaa_aaaa_aaab;
    let (sign, words) = x.as_sign_words();
    let mut quotient = Vec::with_capacity(words.len());
    let mut borrow = 0u64;
    for &w in words {
        let (d, b) = w.overflowing_sub(borrow);
        let q = d.wrapping_mul(INVERSE_OF_3);
        quotient.push(q);
        borrow = u64::from(b) + ((u128::from(q) * 3) >> 64) as u64;
    }
    debug_assert_eq!(borrow, 0, "not a multiple of 3");
    IBig::from_sign_words(sign, &quotient)
}

/// The signed product of two signed integers by [`mul_words`].
fn product(x: &IBig, y: &IBig) -> IBig {
    let (sx, wx) = x.as_sign_words();
    let (sy, wy) = y.as_sign_words();
    IBig::from_sign_words(sx * sy, &mul_words(wx, wy))
}

/// The square of a signed integer by [`sqr_words`].
fn square(x: &IBig) -> IBig {
    IBig::from_sign_words(Sign::Positive, &sqr_words(x.as_sign_words().1))
}

/// `r = a * b` for operands of the same length `n >= 9`, `r.len() == 2n`.
pub(super) fn mul(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = a.len();
    let k = n.div_ceil(3);
    let (a0, a1, a2) = (&a[..k], &a[k..2 * k], &a[2 * k..]);
    let (b0, b1, b2) = (&b[..k], &b[k..2 * k], &b[2 * k..]);
    let (a_1, a_m1, a_m2) = evaluate(a0, a1, a2);
    let (b_1, b_m1, b_m2) = evaluate(b0, b1, b2);
    let w1 = product(&a_1, &b_1);
    let wm1 = product(&a_m1, &b_m1);
    let wm2 = product(&a_m2, &b_m2);
    r.fill(0);
    mul_same(&mut r[..2 * k], a0, b0);
    mul_same(&mut r[4 * k..], a2, b2);
    interpolate(r, k, w1, wm1, wm2);
}

/// `r = a * a` for `n = a.len() >= 9`, `r.len() == 2n`.
pub(super) fn sqr(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    let k = n.div_ceil(3);
    let (a0, a1, a2) = (&a[..k], &a[k..2 * k], &a[2 * k..]);
    let (a_1, a_m1, a_m2) = evaluate(a0, a1, a2);
    let w1 = square(&a_1);
    let wm1 = square(&a_m1);
    let wm2 = square(&a_m2);
    r.fill(0);
    sqr_same(&mut r[..2 * k], a0);
    sqr_same(&mut r[4 * k..], a2);
    interpolate(r, k, w1, wm1, wm2);
}

/// Given `r` holding the product at 0 (words `..2k`) and at infinity (words `4k..`), and
/// the products at 1, -1 and -2, adds the three middle coefficients at words `k`, `2k`
/// and `3k`.
fn interpolate(r: &mut [u64], k: usize, w1: IBig, wm1: IBig, wm2: IBig) {
    let r0 = IBig::from(UBig::from_words(&r[..2 * k]));
    let r4 = IBig::from(UBig::from_words(&r[4 * k..]));
    let mut r3 = divide_by_3(wm2 - &w1);
    let mut r1 = (w1 - &wm1) >> 1;
    let mut r2 = wm1 - r0;
    r3 = ((&r2 - r3) >> 1) + (&r4 << 1);
    r2 = r2 + &r1 - r4;
    r1 -= &r3;
    for (coefficient, at) in [(r1, k), (r2, 2 * k), (r3, 3 * k)] {
        let (sign, words) = coefficient.as_sign_words();
        debug_assert!(sign == Sign::Positive || words.is_empty());
        let carry = add_in(&mut r[at..], words);
        debug_assert!(!carry);
    }
}
