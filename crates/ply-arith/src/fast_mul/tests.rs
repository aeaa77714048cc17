//! Products and squares of [`super`] against dashu-int's product (and, for short operands, a
//! plain schoolbook reference), over random operands of random lengths around every
//! threshold and over words that stress the carries (all ones, alternating ones and zeros, a
//! lone high word). On a processor with IFMA each test runs twice, once with the base case
//! by columns and its levels and once with the rows and theirs.

use super::{levels, Levels, ROWS};
use super::{mul_word, mul_word_into, mul_word_into_uninit, mul_words, pow_words, sqr_words};
use crate::test_words::Words;
use std::cell::Cell;
use std::mem::MaybeUninit;

thread_local! {
    /// Set while a test checks the base case by rows on a processor with IFMA.
    pub(super) static ROWS_ONLY: Cell<bool> = const { Cell::new(false) };
}

/// Runs `check` with the base case by columns (where the processor has IFMA), then by rows.
fn both_paths(check: impl Fn()) {
    check();
    ROWS_ONLY.with(|r| r.set(true));
    check();
    ROWS_ONLY.with(|r| r.set(false));
}

/// The product by dashu-int, `a.len() + b.len()` words.
fn reference(a: &[u64], b: &[u64]) -> Vec<u64> {
    super::dashu_product(a, b)
}

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

/// The level sets the products and squares take on some processor.
fn all_levels() -> Vec<Levels> {
    #[cfg(target_arch = "x86_64")]
    return vec![ROWS, super::COLUMNS];
    #[cfg(not(target_arch = "x86_64"))]
    vec![ROWS]
}

fn lengths_around_thresholds() -> Vec<usize> {
    let mut lengths = vec![1, 2, 3, 4, 5, 7, 8, 9];
    for l in all_levels() {
        for t in [
            l.mul_karatsuba,
            l.sqr_karatsuba,
            l.mul_toom4,
            l.sqr_toom4,
            2 * l.mul_toom4,
        ] {
            lengths.extend([t - 2, t - 1, t, t + 1, t + 2]);
        }
        lengths.extend([4 * l.mul_karatsuba + 3, 8 * l.sqr_karatsuba - 1]);
    }
    lengths.extend([300, 517]);
    // Where the base case by columns starts and ends (a longer operand cut into pieces).
    #[cfg(target_arch = "x86_64")]
    {
        use super::ifma::{MAX_WORDS, MIN_MUL_WORDS, MIN_SQR_WORDS};
        for t in [MIN_MUL_WORDS, MIN_SQR_WORDS, MAX_WORDS, 2 * MAX_WORDS + 7] {
            lengths.extend([t - 1, t, t + 1]);
        }
    }
    lengths.sort_unstable();
    lengths.dedup();
    lengths
}

#[test]
fn products_match_the_reference_around_the_thresholds() {
    both_paths(|| {
        let mut g = Words(0x9e37_79b9_7f4a_7c15);
        let lengths = lengths_around_thresholds();
        for &m in &lengths {
            for &n in &lengths {
                let (a, b) = (g.operand(m), g.operand(n));
                assert_eq!(mul_words(&a, &b), reference(&a, &b), "{m} x {n} words");
            }
        }
    });
}

#[test]
fn products_match_the_reference_at_random_lengths() {
    both_paths(|| {
        let mut g = Words(0x2545_f491_4f6c_dd1d);
        for _ in 0..200 {
            let m = (g.next() % 700) as usize + 1;
            let n = (g.next() % 700) as usize + 1;
            let (a, b) = (g.operand(m), g.operand(n));
            assert_eq!(mul_words(&a, &b), reference(&a, &b), "{m} x {n} words");
        }
    });
}

#[test]
fn squares_match_the_reference() {
    both_paths(|| {
        let mut g = Words(0x1234_5678_9abc_def1);
        let mut lengths = lengths_around_thresholds();
        lengths.extend((0..100).map(|_| (g.next() % 900) as usize + 1));
        for n in lengths {
            let a = g.operand(n);
            assert_eq!(sqr_words(&a), reference(&a, &a), "{n} words");
        }
    });
}

/// Operands long enough that a Toom-4 level's pieces are Toom-4 products themselves (or
/// just below the threshold), with each of the four remainders of the length divided by 4
/// (the top piece shorter than the others by 0 to 3 words).
#[test]
fn deep_toom_levels_match_the_reference() {
    both_paths(|| {
        let mut g = Words(0x5eed_1234_abcd_0042);
        let l = levels();
        for n in [
            4 * l.mul_toom4 - 2,
            4 * l.mul_toom4 + 1,
            4 * l.sqr_toom4 + 3,
            16 * l.mul_toom4 + 2,
        ] {
            let (a, b) = (g.operand(n), g.operand(n));
            assert_eq!(mul_words(&a, &b), reference(&a, &b), "{n} x {n} words");
            assert_eq!(sqr_words(&a), reference(&a, &a), "{n} words squared");
            let c = g.operand(n / 3);
            assert_eq!(
                mul_words(&a, &c),
                reference(&a, &c),
                "{n} x {} words",
                n / 3
            );
        }
    });
}

#[test]
fn empty_operands_give_zero() {
    assert_eq!(mul_words(&[], &[5, 6]), vec![0, 0]);
    assert_eq!(sqr_words(&[]), Vec::<u64>::new());
}

#[test]
fn powers_match_repeated_products() {
    both_paths(|| {
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
    });
}

/// The base case by columns of 52-bit limbs (where the processor has IFMA) against the base
/// case by rows, at every length up to the limit and at random shapes of products.
#[cfg(target_arch = "x86_64")]
#[test]
fn vector_base_case_matches_the_rows() {
    use super::basecase::{mul_basecase_rows, sqr_basecase_rows};
    use super::ifma;
    if !ifma::available() {
        return;
    }
    let mut g = Words(0x7777_1234_5678_9999);
    for n in 1..=ifma::MAX_WORDS {
        let a = g.operand(n);
        let (mut want, mut got) = (vec![0; 2 * n], vec![1; 2 * n]);
        sqr_basecase_rows(&mut want, &a);
        // SAFETY: IFMA is available, checked above.
        unsafe { ifma::sqr(&mut got, &a) };
        assert_eq!(got, want, "{n} words squared");
        assert_eq!(want, schoolbook(&a, &a), "{n} words squared by rows");
    }
    for _ in 0..400 {
        let m = (g.next() % ifma::MAX_WORDS as u64) as usize + 1;
        let n = (g.next() % m as u64) as usize + 1;
        let (a, b) = (g.operand(m), g.operand(n));
        let (mut want, mut got) = (vec![0; m + n], vec![1; m + n]);
        mul_basecase_rows(&mut want, &a, &b);
        // SAFETY: as above.
        unsafe { ifma::mul(&mut got, &a, &b) };
        assert_eq!(got, want, "{m} x {n} words");
    }
}

#[test]
fn the_environment_variable_asks_for_the_portable_path() {
    use std::ffi::OsStr;
    let asks = |v: Option<&str>| super::asks_for_portable(v.map(OsStr::new));
    assert!(asks(Some("1")) && asks(Some("yes")));
    assert!(!asks(None) && !asks(Some("")) && !asks(Some("0")));
}

/// Products by one word (the row in assembly where the processor has it, else the portable
/// loop) against the schoolbook at every length to 40 words (each remainder of the four-word
/// loop) and at a few long ones, with words that make the carries run.
#[test]
fn products_by_a_word_match_the_schoolbook() {
    let mut g = Words(0x6a09_e667_f3bc_c908);
    for n in (0..=40).chain([63, 64, 65, 1000, 1001]) {
        for _ in 0..4 {
            let a = g.operand(n);
            for w in [0, 1, u64::MAX, g.next()] {
                let want = schoolbook(&a, &[w]);
                assert_eq!(mul_word(&a, w), want, "{n} words x {w}");
                let mut out = vec![7; n + 2];
                let carry = mul_word_into(&mut out, &a, w);
                assert_eq!(&out[..n], &want[..n], "{n} words x {w} into");
                assert_eq!(carry, want[n], "{n} words x {w}: carry");
                assert_eq!(out[n..], [7, 7], "{n} words x {w}: words beyond");
                let portable = super::basecase::mul_1_uninit_portable;
                for into in [mul_word_into_uninit, portable] {
                    let mut room = vec![MaybeUninit::new(7u64); n + 2];
                    let carry = into(&mut room, &a, w);
                    // SAFETY: every word was initialised above.
                    let out: Vec<u64> = room.iter().map(|x| unsafe { x.assume_init() }).collect();
                    assert_eq!(&out[..n], &want[..n], "{n} words x {w} into room");
                    assert_eq!(carry, want[n], "{n} words x {w}: carry into room");
                    assert_eq!(out[n..], [7, 7], "{n} words x {w}: room beyond");
                }
            }
        }
    }
}

/// The base case by rows (in assembly where the processor has BMI2 and ADX, and the
/// portable loops) against the schoolbook: squares at every length to 100 words (each
/// remainder of the four-word loop, rows shorter and longer than the assembly's), products
/// of every shape to 40 by 40 words and random shapes to 120 words.
#[test]
fn base_case_by_rows_matches_the_schoolbook() {
    use super::basecase::{mul_basecase_rows, portable_rows, sqr_basecase_rows};
    base_case_matches_the_schoolbook(mul_basecase_rows, sqr_basecase_rows);
    let (mul, sqr) = portable_rows();
    base_case_matches_the_schoolbook(mul, sqr);
}

fn base_case_matches_the_schoolbook(
    mul_basecase_rows: super::basecase::ProductFn,
    sqr_basecase_rows: super::basecase::SquareFn,
) {
    let mut g = Words(0x3c6e_f372_fe94_f82b);
    for n in 1..=100 {
        for _ in 0..3 {
            let a = g.operand(n);
            let mut got = vec![1; 2 * n];
            sqr_basecase_rows(&mut got, &a);
            assert_eq!(got, schoolbook(&a, &a), "{n} words squared");
        }
    }
    for m in 1..=40 {
        for n in 1..=m {
            let (a, b) = (g.operand(m), g.operand(n));
            let mut got = vec![1; m + n];
            mul_basecase_rows(&mut got, &a, &b);
            assert_eq!(got, schoolbook(&a, &b), "{m} x {n} words");
        }
    }
    for _ in 0..300 {
        let m = (g.next() % 120) as usize + 1;
        let n = (g.next() % m as u64) as usize + 1;
        let (a, b) = (g.operand(m), g.operand(n));
        let mut got = vec![1; m + n];
        mul_basecase_rows(&mut got, &a, &b);
        assert_eq!(got, schoolbook(&a, &b), "{m} x {n} words");
    }
}
