//! The decimal conversion against dashu-int's own (a different algorithm: its radix
//! conversion divides by its own powers with its own division), on random numbers of
//! every length around the base case and the division levels, powers of ten and their
//! neighbours, and runs of nines and zeros that stress the quotients' corrections.

use super::{ibig_to_string, magnitude_to_string, powers, BASECASE_WORDS};
use crate::test_words::Words;
use dashu_int::{IBig, UBig};

fn check(words: &[u64]) {
    let expected = UBig::from_words(words).to_string();
    assert_eq!(
        magnitude_to_string(words),
        expected,
        "{} words",
        words.len()
    );
}

#[test]
fn small_numbers_match() {
    for v in [0u64, 1, 9, 10, 99, u64::MAX] {
        check(&[v]);
        check(&[v, 0]);
        check(&[v, 1]);
    }
    check(&[]);
}

#[test]
fn random_numbers_match_at_every_short_length() {
    let mut g = Words(0x9e37_79b9_7f4a_7c15);
    for n in 1..=4 * BASECASE_WORDS + 10 {
        check(&g.take(n));
    }
}

#[test]
fn random_numbers_match_at_long_lengths() {
    let mut g = Words(12345);
    for n in [127, 128, 129, 500, 1000, 1024, 2049, 5200, 6000] {
        check(&g.take(n));
    }
}

#[test]
fn powers_of_ten_and_their_neighbours_match() {
    for digits in [
        18, 19, 20, 37, 38, 39, 570, 571, 1140, 2000, 4000, 20_000, 60_000,
    ] {
        let p = UBig::from(10u8).pow(digits);
        for v in [&p - UBig::ONE, p.clone(), &p + UBig::ONE] {
            assert_eq!(
                magnitude_to_string(v.as_words()),
                v.to_string(),
                "10^{digits}"
            );
        }
    }
}

#[test]
fn runs_of_nines_and_zeros_match() {
    let mut g = Words(777);
    for (len, run) in [(1000, 400), (3000, 1500), (10_000, 5000), (40_000, 20_000)] {
        let head = UBig::from_words(&g.take(len / 40));
        let p = UBig::from(10u8).pow(run);
        // head·10^run: a run of zeros; head·10^run - 1: a run of nines.
        let zeros = &head * &p;
        let nines = &zeros - UBig::ONE;
        let middle = &zeros * &p + UBig::from(7u8);
        for v in [zeros, nines, middle] {
            assert_eq!(
                magnitude_to_string(v.as_words()),
                v.to_string(),
                "run {run}"
            );
        }
    }
}

#[test]
fn signs_are_printed() {
    let v = IBig::from(-3) * IBig::from(10u8).pow(50);
    assert_eq!(ibig_to_string(&v), v.to_string());
    assert_eq!(ibig_to_string(&IBig::ZERO), "0");
}

#[test]
fn reciprocals_are_exact() {
    for blocks in [1, 2, 3, 30, 31, 64, 65, 300, 1001] {
        let (d, inv) = powers::inverse_of(blocks);
        let one = UBig::ONE << (128 * d.as_words().len());
        assert_eq!(inv, one / d, "{blocks} blocks");
    }
}

/// Random lengths across every split of the conversion (each level divides by a power of
/// about half the number's words, so lengths from one word past the base case to thousands
/// put each level's quotient, remainder and the power's zero low words at every offset),
/// with exact multiples of the splitting powers and their neighbours, where the remainder
/// the low product leaves is zero or one power short.
#[test]
fn random_lengths_and_exact_multiples_match() {
    let mut g = Words(0xdead_beef_1234_5678);
    for _ in 0..60 {
        let n = (g.next() % 3000) as usize + BASECASE_WORDS + 1;
        let mut w = g.take(n);
        // Tops from one bit to a full word, so numbers just past a block count occur.
        let top = g.next() >> (g.next() % 64);
        w[n - 1] = top.max(1);
        check(&w);
    }
    for digits in [19 * 17, 19 * 33, 19 * 260, 19 * 1001] {
        let p = UBig::from(10u8).pow(digits);
        let m = UBig::from_words(&g.take(digits / 19 / 3 + 1));
        let exact = &p * &m;
        for v in [
            &exact - UBig::ONE,
            exact.clone(),
            &exact + UBig::ONE,
            &exact + &p - UBig::ONE,
        ] {
            assert_eq!(
                magnitude_to_string(v.as_words()),
                v.to_string(),
                "{digits} digits"
            );
        }
    }
}
