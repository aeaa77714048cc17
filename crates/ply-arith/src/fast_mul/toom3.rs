//! Toom-3 products and squares: each operand cut into three pieces of `k` words, seen as
//! polynomials evaluated at 0, 1, -1, 2 and infinity, five products of a third the size
//! (instead of Karatsuba's nine for two levels), and the product polynomial's three middle
//! coefficients recovered from the values. Evaluation and interpolation work in place on
//! word slices of one buffer ([`super::signed`]: one halving and one exact division by 3);
//! the five products recurse into [`super`], the ones at 0 and infinity straight into their
//! places in the result.

use super::signed::{acc, add_coefficient, add_shifted, divexact, negate, plus_minus, shr};
use super::signed::{sub_from, sum_shifted};
use super::words::add_in;
use super::{mul_same, sqr_same};

/// The values of `a0 + a1 x + a2 x²` at 1, -1 and 2 (magnitudes of `k + 1` words each in
/// `out`, in that order); true when the value at -1 is negative.
fn evaluate(out: &mut [u64], a0: &[u64], a1: &[u64], a2: &[u64]) -> bool {
    let w = out.len() / 4;
    let (at_1, rest) = out.split_at_mut(w);
    let (at_m1, rest) = rest.split_at_mut(w);
    let (at_2, even) = rest.split_at_mut(w);
    even[..a0.len()].copy_from_slice(a0);
    even[a0.len()..].fill(0);
    let carry = add_in(even, a2);
    debug_assert!(!carry);
    let negative = plus_minus(at_1, at_m1, even, a1);
    sum_shifted(at_2, a0, a1, 1);
    add_shifted(at_2, a2, 2);
    negative
}

/// `r = a * b` for operands of the same length `n >= 9`, `r.len() == 2n`.
pub(super) fn mul(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = a.len();
    let k = n.div_ceil(3);
    let w = k + 1;
    let mut buf = vec![0u64; 8 * w + 6 * w];
    let (ea, rest) = buf.split_at_mut(4 * w);
    let (eb, values) = rest.split_at_mut(4 * w);
    let a_neg = evaluate(ea, &a[..k], &a[k..2 * k], &a[2 * k..]);
    let b_neg = evaluate(eb, &b[..k], &b[k..2 * k], &b[2 * k..]);
    let (v1, rest) = values.split_at_mut(2 * w);
    let (vm1, v2) = rest.split_at_mut(2 * w);
    mul_same(v1, &ea[..w], &eb[..w]);
    mul_same(vm1, &ea[w..2 * w], &eb[w..2 * w]);
    if a_neg != b_neg {
        negate(vm1);
    }
    mul_same(v2, &ea[2 * w..3 * w], &eb[2 * w..3 * w]);
    mul_same(&mut r[..2 * k], &a[..k], &b[..k]);
    mul_same(&mut r[4 * k..], &a[2 * k..], &b[2 * k..]);
    interpolate(r, k, v1, vm1, v2);
}

/// `r = a * a` for `n = a.len() >= 9`, `r.len() == 2n`.
pub(super) fn sqr(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    let k = n.div_ceil(3);
    let w = k + 1;
    let mut buf = vec![0u64; 4 * w + 6 * w];
    let (ea, values) = buf.split_at_mut(4 * w);
    evaluate(ea, &a[..k], &a[k..2 * k], &a[2 * k..]);
    let (v1, rest) = values.split_at_mut(2 * w);
    let (vm1, v2) = rest.split_at_mut(2 * w);
    sqr_same(v1, &ea[..w]);
    sqr_same(vm1, &ea[w..2 * w]);
    sqr_same(v2, &ea[2 * w..3 * w]);
    sqr_same(&mut r[..2 * k], &a[..k]);
    sqr_same(&mut r[4 * k..], &a[2 * k..]);
    interpolate(r, k, v1, vm1, v2);
}

/// Given `r` holding the product at 0 (words `..2k`) and at infinity (words `4k..`), and
/// the products at 1, -1 and 2 (signed, `2k + 2` words each), adds the three middle
/// coefficients `c1`, `c2`, `c3` at words `k`, `2k` and `3k`.
fn interpolate(r: &mut [u64], k: usize, v1: &mut [u64], vm1: &mut [u64], v2: &mut [u64]) {
    r[2 * k..4 * k].fill(0);
    let (c0, c4) = (&r[..2 * k], &r[4 * k..]);
    // With the product c0 + c1 x + ... + c4 x⁴: vm1 becomes (v1 - vm1) / 2 = c1 + c3,
    // v1 the even part c0 + c2 + c4, then c2.
    sub_from(vm1, v1);
    shr(vm1, 1);
    acc(v1, vm1, -1);
    acc(v1, c0, -1);
    acc(v1, c4, -1);
    // v2 = c0 + 2c1 + 4c2 + 8c3 + 16c4 becomes c1 + 4c3, then c3.
    acc(v2, c0, -1);
    acc(v2, v1, -4);
    acc(v2, c4, -16);
    shr(v2, 1);
    acc(v2, vm1, -1);
    divexact(v2, 3);
    acc(vm1, v2, -1);
    add_coefficient(r, k, vm1);
    add_coefficient(r, 2 * k, v1);
    add_coefficient(r, 3 * k, v2);
}
