//! Montgomery's power against dashu-int's modular power, and the reduction's rows in
//! assembly against the portable loop.

use super::{neg_inverse, powm_odd};
use crate::fast_mul::redc_rows_both;
use crate::test_words::{powm_reference, Words};
use dashu_int::UBig;

/// `powm_odd` against dashu-int for one case (the base reduced first, as the caller does).
fn check(base: &[u64], exp: &[u64], modulus: &[u64]) {
    let (b, e, _, expected) = powm_reference(base, exp, modulus);
    let got = UBig::from_words(&powm_odd(b.as_words(), e.as_words(), modulus));
    assert_eq!(got, expected, "{} words, exponent {e:#x}", modulus.len());
}

/// An odd modulus of exactly `n` words.
fn odd_modulus(g: &mut Words, n: usize) -> Vec<u64> {
    let mut m = g.take(n);
    m[0] |= 1;
    let top = g.next() % 64;
    m[n - 1] |= 1 << top;
    m
}

/// Random odd moduli of 2 to 90 words (the products cross the Karatsuba levels of both
/// paths), exponents of one to three words and of one to four bits (each window size),
/// bases of zero, one, the modulus less one and random; moduli of all ones (Mersenne
/// numbers) and with a top word of 1.
#[test]
fn matches_dashu_modular_power() {
    let mut g = Words(0x5eed_0f0d_d5ee_d001);
    for n in 2..=90 {
        let m = odd_modulus(&mut g, n);
        let base = g.take(n);
        for len in 1..=3 {
            let exp = g.take(len);
            check(&base, &exp, &m);
        }
        check(&base, &[g.next() % 16], &m);
        check(&base, &[1u64 << (g.next() % 64)], &m);
        check(&[], &g.take(1), &m);
        check(&[1], &g.take(2), &m);
        let mut less_one = m.clone();
        less_one[0] -= 1;
        check(&less_one, &g.take(1), &m);
        check(&less_one, &[2], &m);
    }
    for n in [2, 8, 35, 36, 64] {
        let ones = vec![u64::MAX; n];
        let base = g.take(n);
        check(&base, &[0], &ones);
        check(&base, &[1], &ones);
        check(&base, &g.take(n), &ones);
        let mut top_one = g.take(n);
        top_one[0] |= 1;
        top_one[n - 1] = 1;
        check(&base, &g.take(n / 2 + 1), &top_one);
    }
}

/// Exponents of many words with long runs of zero and one bits (windows that end early,
/// squares between windows).
#[test]
fn sparse_and_dense_exponents() {
    let mut g = Words(0x0dd0_5eed_1234_9876);
    for n in [3, 17, 40] {
        let m = odd_modulus(&mut g, n);
        let base = g.take(n);
        let mut sparse = vec![0u64; 40];
        sparse[39] = 1;
        sparse[7] = 1 << 63;
        sparse[0] = 5;
        check(&base, &sparse, &m);
        check(&base, &vec![u64::MAX; 33], &m);
        let mut mixed = vec![0u64; 20];
        for (i, w) in mixed.iter_mut().enumerate() {
            *w = if i % 2 == 0 { 0xff00_0000_0000_00ff } else { 0 };
        }
        check(&base, &mixed, &m);
    }
}

/// The rows in assembly (where the processor has BMI2 and ADX) leave the same words as the
/// portable loop, for every length from 1 to 70 words (each entry word of the loop).
#[test]
fn reduction_rows_match_the_portable_loop() {
    let mut g = Words(0xfeed_beef_0000_1111);
    for n in 1..=70 {
        let m = odd_modulus(&mut g, n.max(1));
        let minv = neg_inverse(m[0]);
        for _ in 0..3 {
            let t = g.take(2 * n);
            let (fast, portable) = redc_rows_both(&t, &m, minv);
            assert_eq!(fast, portable, "{n} words");
        }
    }
}

/// `-1/x mod 2^64` for odd words, against the definition.
#[test]
fn negated_inverse() {
    let mut g = Words(0x1357_9bdf_2468_ace1);
    for _ in 0..1000 {
        let x = g.next() | 1;
        assert_eq!(x.wrapping_mul(neg_inverse(x)), u64::MAX);
    }
    assert_eq!(neg_inverse(1), u64::MAX);
}
