//! Toom-4 products and squares: each operand cut into four pieces of `k` words, evaluated at
//! 0, 1, -1, 2, -2, 1/2 (scaled by 8) and infinity, seven products of a quarter the size
//! (where two Karatsuba levels take nine of a quarter), and the product polynomial's five
//! middle coefficients recovered from the values: the points ±1 and ±2 split each into an
//! even and an odd part, the even coefficients come from the two even parts, the odd ones
//! from the two odd parts and the value at 1/2. Evaluation and interpolation work in place
//! on word slices of one buffer ([`super::signed`]: halvings and exact divisions by 3, 9
//! and 15); the products recurse into [`super`].

use super::scratch::with_scratch;
use super::signed::{acc, add_coefficient, add_shifted, divexact, negate, plus_minus, shr};
use super::signed::{sub_from, sum_shifted};
use super::{mul_same, sqr_same};

/// Words of one operand's evaluation: five values and two temporaries of `w` words.
const EVALUATION: usize = 7;

/// The values of `a0 + a1 x + a2 x² + a3 x³` at 1, -1, 2, -2 and 8 times the value at 1/2
/// (magnitudes of `w = k + 1` words each at the front of `out`, in that order); the two
/// signs of the values at -1 and -2, true when negative.
fn evaluate(out: &mut [u64], a: &[u64], k: usize) -> (bool, bool) {
    let w = k + 1;
    let (a0, a1, a2, a3) = (&a[..k], &a[k..2 * k], &a[2 * k..3 * k], &a[3 * k..]);
    let (values, temps) = out.split_at_mut(5 * w);
    let (even, odd) = temps.split_at_mut(w);
    let (at_1, rest) = values.split_at_mut(w);
    let (at_m1, rest) = rest.split_at_mut(w);
    let (at_2, rest) = rest.split_at_mut(w);
    let (at_m2, at_half) = rest.split_at_mut(w);
    sum_shifted(even, a0, a2, 0);
    sum_shifted(odd, a1, a3, 0);
    let neg1 = plus_minus(at_1, at_m1, even, odd);
    sum_shifted(even, a0, a2, 2);
    sum_shifted(odd, &[], a1, 1);
    add_shifted(odd, a3, 3);
    let neg2 = plus_minus(at_2, at_m2, even, odd);
    sum_shifted(at_half, a3, a2, 1);
    add_shifted(at_half, a1, 2);
    add_shifted(at_half, a0, 3);
    (neg1, neg2)
}

/// The five values' slices of `len` words each, from the front of `values`.
fn five(values: &mut [u64], len: usize) -> [&mut [u64]; 5] {
    let (v1, rest) = values.split_at_mut(len);
    let (vm1, rest) = rest.split_at_mut(len);
    let (v2, rest) = rest.split_at_mut(len);
    let (vm2, rest) = rest.split_at_mut(len);
    [v1, vm1, v2, vm2, &mut rest[..len]]
}

/// `r = a * b` for operands of the same length `n >= 16`, `r.len() == 2n`.
pub(super) fn mul(r: &mut [u64], a: &[u64], b: &[u64]) {
    let k = a.len().div_ceil(4);
    let w = k + 1;
    with_scratch(2 * EVALUATION * w + 10 * w, |buf| mul_in(r, a, b, buf));
}

/// [`mul`] with its evaluations and values in `buf`.
fn mul_in(r: &mut [u64], a: &[u64], b: &[u64], buf: &mut [u64]) {
    let k = a.len().div_ceil(4);
    let w = k + 1;
    let (ea, rest) = buf.split_at_mut(EVALUATION * w);
    let (eb, values) = rest.split_at_mut(EVALUATION * w);
    let (a1n, a2n) = evaluate(ea, a, k);
    let (b1n, b2n) = evaluate(eb, b, k);
    let mut v = five(values, 2 * w);
    for (i, value) in v.iter_mut().enumerate() {
        mul_same(value, &ea[i * w..(i + 1) * w], &eb[i * w..(i + 1) * w]);
    }
    if a1n != b1n {
        negate(v[1]);
    }
    if a2n != b2n {
        negate(v[3]);
    }
    mul_same(&mut r[..2 * k], &a[..k], &b[..k]);
    mul_same(&mut r[6 * k..], &a[3 * k..], &b[3 * k..]);
    interpolate(r, k, v);
}

/// `r = a * a` for `n = a.len() >= 16`, `r.len() == 2n`.
pub(super) fn sqr(r: &mut [u64], a: &[u64]) {
    let k = a.len().div_ceil(4);
    let w = k + 1;
    with_scratch(EVALUATION * w + 10 * w, |buf| sqr_in(r, a, buf));
}

/// [`sqr`] with its evaluation and values in `buf`.
fn sqr_in(r: &mut [u64], a: &[u64], buf: &mut [u64]) {
    let k = a.len().div_ceil(4);
    let w = k + 1;
    let (ea, values) = buf.split_at_mut(EVALUATION * w);
    evaluate(ea, a, k);
    let mut v = five(values, 2 * w);
    for (i, value) in v.iter_mut().enumerate() {
        sqr_same(value, &ea[i * w..(i + 1) * w]);
    }
    sqr_same(&mut r[..2 * k], &a[..k]);
    sqr_same(&mut r[6 * k..], &a[3 * k..]);
    interpolate(r, k, v);
}

/// Given `r` holding the product at 0 (words `..2k`) and at infinity (words `6k..`), and
/// the products at 1, -1, 2, -2 and 64 times the one at 1/2 (signed, `2k + 2` words each),
/// adds the five middle coefficients `c1` to `c5` at words `k` to `5k`. The words `2k..6k`
/// of `r` may hold anything: `c2` and `c4` are copied there, the others added.
fn interpolate(r: &mut [u64], k: usize, [v1, vm1, v2, vm2, vh]: [&mut [u64]; 5]) {
    let (c0, c6) = (&r[..2 * k], &r[6 * k..]);
    // The odd parts: vm1 becomes O1 = c1 + c3 + c5, vm2 O2 = c1 + 4c3 + 16c5; the even
    // parts: v1 becomes c2 + c4, v2 4c2 + 16c4.
    sub_from(vm1, v1);
    shr(vm1, 1);
    acc(v1, vm1, -1);
    sub_from(vm2, v2);
    shr(vm2, 2);
    acc(v2, vm2, -2);
    acc(v1, c0, -1);
    acc(v1, c6, -1);
    acc(v2, c0, -1);
    acc(v2, c6, -64);
    // c4 = (v2 - 4 v1) / 12 into v2, then c2 = v1 - c4 into v1.
    acc(v2, v1, -4);
    shr(v2, 2);
    divexact(v2, 3);
    acc(v1, v2, -1);
    // vh = 64c0 + 32c1 + 16c2 + 8c3 + 4c4 + 2c5 + c6 becomes 16c1 + 4c3 + c5, then
    // 16 O1 minus that, 12c3 + 15c5; vm2 becomes O2 - O1 = 3c3 + 15c5.
    acc(vh, c0, -64);
    acc(vh, v1, -16);
    acc(vh, v2, -4);
    acc(vh, c6, -1);
    shr(vh, 1);
    negate(vh);
    acc(vh, vm1, 16);
    acc(vm2, vm1, -1);
    // c3 = (vh - vm2) / 9, c5 = (vm2 - 3c3) / 15, c1 = O1 - c3 - c5.
    acc(vh, vm2, -1);
    divexact(vh, 9);
    acc(vm2, vh, -3);
    divexact(vm2, 15);
    acc(vm1, vh, -1);
    acc(vm1, vm2, -1);
    // c2 and c4 tile the words 2k..6k: their low 2k words are written (where zeroing the
    // words and adding them took two passes more), their top words added above.
    r[2 * k..4 * k].copy_from_slice(&v1[..2 * k]);
    r[4 * k..6 * k].copy_from_slice(&v2[..2 * k]);
    add_coefficient(r, 4 * k, &v1[2 * k..]);
    add_coefficient(r, 6 * k, &v2[2 * k..]);
    add_coefficient(r, k, vm1);
    add_coefficient(r, 3 * k, vh);
    add_coefficient(r, 5 * k, vm2);
}
