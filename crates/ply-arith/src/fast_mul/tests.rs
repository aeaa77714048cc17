//! Products and squares of [`super`] against a plain schoolbook reference, over random
//! operands of random lengths around every threshold and over words that stress the carries
//! (all ones, alternating ones and zeros, a lone high word).

use super::{mul_words, pow_words, sqr_words};
use super::{MUL_KARATSUBA, MUL_TOOM4, SQR_KARATSUBA, SQR_TOOM4};
use crate::test_words::Words;

/// The reference: one `u128` multiply-add per pair of words.
fn schoolbook(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut r = vec![0u64; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        let mut carry = 0u128;
        for (j, &y) in b.iter().enumerate() {
            let t = u128::from(x) * u128::from(y) + u128::from(r[i + j]) + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
        r[i + b.len()] = carry as u64;
    }
    r
}

impl Words {
    /// `n` words of one of four kinds: random, all ones, alternating, a lone high word.
    fn operand(&mut self, n: usize) -> Vec<u64> {
        let kind = self.next() % 4;
        (0..n)
            .map(|i| match kind {
                0 | 1 => self.next(),
                2 => u64::MAX,
                _ if i + 1 == n => u64::MAX,
                _ => {
                    if i % 2 == 0 {
                        u64::MAX
                    } else {
                        0
                    }
                }
            })
            .collect()
    }
}

fn lengths_around_thresholds() -> Vec<usize> {
    let mut lengths = vec![1, 2, 3, 4, 5, 7, 8, 9];
    for t in [
        MUL_KARATSUBA,
        SQR_KARATSUBA,
        MUL_TOOM4,
        SQR_TOOM4,
        2 * MUL_TOOM4,
    ] {
        lengths.extend([t - 2, t - 1, t, t + 1, t + 2]);
    }
    lengths.extend([4 * MUL_KARATSUBA + 3, 8 * SQR_KARATSUBA - 1, 300, 517]);
    lengths
}

#[test]
fn products_match_the_schoolbook_around_the_thresholds() {
    let mut g = Words(0x9e37_79b9_7f4a_7c15);
    let lengths = lengths_around_thresholds();
    for &m in &lengths {
        for &n in &lengths {
            let (a, b) = (g.operand(m), g.operand(n));
            assert_eq!(mul_words(&a, &b), schoolbook(&a, &b), "{m} x {n} words");
        }
    }
}

#[test]
fn products_match_the_schoolbook_at_random_lengths() {
    let mut g = Words(0x2545_f491_4f6c_dd1d);
    for _ in 0..200 {
        let m = (g.next() % 700) as usize + 1;
        let n = (g.next() % 700) as usize + 1;
        let (a, b) = (g.operand(m), g.operand(n));
        assert_eq!(mul_words(&a, &b), schoolbook(&a, &b), "{m} x {n} words");
    }
}

#[test]
fn squares_match_the_schoolbook() {
    let mut g = Words(0x1234_5678_9abc_def1);
    let mut lengths = lengths_around_thresholds();
    lengths.extend((0..100).map(|_| (g.next() % 900) as usize + 1));
    for n in lengths {
        let a = g.operand(n);
        assert_eq!(sqr_words(&a), schoolbook(&a, &a), "{n} words");
    }
}

/// Operands long enough that a Toom-4 level's pieces are Toom-4 products themselves (or
/// just below the threshold), with each of the four remainders of the length divided by 4
/// (the top piece shorter than the others by 0 to 3 words).
#[test]
fn deep_toom_levels_match_the_schoolbook() {
    let mut g = Words(0x5eed_1234_abcd_0042);
    for n in [
        4 * MUL_TOOM4 - 2,
        4 * MUL_TOOM4 + 1,
        4 * SQR_TOOM4 + 3,
        16 * MUL_TOOM4 + 2,
    ] {
        let (a, b) = (g.operand(n), g.operand(n));
        assert_eq!(mul_words(&a, &b), schoolbook(&a, &b), "{n} x {n} words");
        assert_eq!(sqr_words(&a), schoolbook(&a, &a), "{n} words squared");
        let c = g.operand(n / 3);
        assert_eq!(
            mul_words(&a, &c),
            schoolbook(&a, &c),
            "{n} x {} words",
            n / 3
        );
    }
}

#[test]
fn empty_operands_give_zero() {
    assert_eq!(mul_words(&[], &[5, 6]), vec![0, 0]);
    assert_eq!(sqr_words(&[]), Vec::<u64>::new());
}

#[test]
fn powers_match_repeated_products() {
    let mut g = Words(0x0bad_cafe_f00d_1234);
    for (len, exp) in [
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 200),
        (1, 5000),
        (2, 77),
        (3, 64),
        (40, 9),
    ] {
        let mut a = g.operand(len);
        if a[len - 1] == 0 {
            a[len - 1] = 1;
        }
        let mut expected = vec![1u64];
        for _ in 0..exp {
            expected = schoolbook(&expected, &a);
            while expected.last() == Some(&0) {
                expected.pop();
            }
        }
        assert_eq!(pow_words(&a, exp), expected, "{len} words ^ {exp}");
    }
}
