//! The remainder of a big integer by a one-word divisor (`T mod 9973`) without its
//! quotient: one pass from the top word down, each step a division of two words by the
//! divisor through a precomputed inverse (Möller and Granlund, "Improved division by
//! invariant integers", 2011: two products and no division instruction per word), where
//! dashu-int's general division wrote out the whole quotient as well.

use dashu_int::Sign;

use super::integer_ops::Rounding;
use super::number::Number;

/// `a rem b` (`Truncate`) or `a mod b` (`Floor`) for a big `a` and a non-zero small `b`;
/// `None` for any other pair of operands.
pub(crate) fn remainder(a: &Number, b: &Number, rounding: Rounding) -> Option<Number> {
    let (Number::Big(ab), Number::Int(d)) = (a, b) else {
        return None;
    };
    if *d == 0 {
        return None;
    }
    let (sign, words) = ab.as_sign_words();
    let r = magnitude_rem(words, d.unsigned_abs());
    let a_negative = sign == Sign::Negative;
    // The remainder has the dividend's sign; `mod` moves a non-zero one of the other sign
    // to the divisor's side.
    let r = if rounding == Rounding::Floor && r != 0 && a_negative != (*d < 0) {
        d.unsigned_abs() - r
    } else {
        r
    };
    let negative = match rounding {
        Rounding::Truncate => a_negative,
        Rounding::Floor => *d < 0,
    };
    // `r < |d| <= 2^63`, so it fits an i64 with either sign.
    let r = r as i64;
    Some(Number::Int(if negative { r.wrapping_neg() } else { r }))
}

/// `a mod d` for a magnitude `a` (little-endian words) and `d >= 1`.
pub(crate) fn magnitude_rem(a: &[u64], d: u64) -> u64 {
    debug_assert!(d >= 1);
    // Dividing `a · 2^s` by the normalised `d · 2^s` leaves the remainder times 2^s.
    let s = d.leading_zeros();
    let dn = d << s;
    let inverse = reciprocal(dn);
    let Some((&top, _)) = a.split_last() else {
        return 0;
    };
    let mut r = if s == 0 { 0 } else { top >> (64 - s) };
    for i in (0..a.len()).rev() {
        let below = if s == 0 || i == 0 {
            0
        } else {
            a[i - 1] >> (64 - s)
        };
        r = rem_2by1(r, (a[i] << s) | below, dn, inverse);
    }
    r >> s
}

/// `⌊(2^128 - 1) / d⌋ - 2^64` for a normalised `d` (top bit set).
fn reciprocal(d: u64) -> u64 {
    debug_assert!(d >> 63 == 1);
    (u128::MAX / u128::from(d) - (1u128 << 64)) as u64
}

/// `(hi · 2^64 + lo) mod d` for a normalised `d` and `hi < d`, by the inverse
/// (the paper's algorithm 4, the quotient's corrections kept for the remainder only).
#[inline(always)]
fn rem_2by1(hi: u64, lo: u64, d: u64, inverse: u64) -> u64 {
    let q = u128::from(inverse) * u128::from(hi) + ((u128::from(hi) << 64) | u128::from(lo));
    let q1 = ((q >> 64) as u64).wrapping_add(1);
    let mut r = lo.wrapping_sub(q1.wrapping_mul(d));
    if r > q as u64 {
        r = r.wrapping_add(d);
    }
    if r >= d {
        r -= d;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use dashu_int::{IBig, UBig};

    #[test]
    fn remainders_match_dashu_int() {
        let mut s = 0x1357_9bdf_2468_ace0u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let divisors = [
            1u64,
            2,
            3,
            9973,
            10_000_000_019,
            1 << 62,
            (1 << 63) - 1,
            1 << 63,
        ];
        for len in [1usize, 2, 3, 7, 64, 513] {
            let words: Vec<u64> = (0..len).map(|_| next()).collect();
            let a = UBig::from_words(&words);
            for d in divisors
                .into_iter()
                .chain((0..20).map(|_| next() >> (next() % 64)))
            {
                let d = d.max(1);
                let expected = &a % UBig::from(d);
                assert_eq!(
                    UBig::from(magnitude_rem(&words, d)),
                    expected,
                    "{len} words mod {d}"
                );
            }
        }
    }

    #[test]
    fn signs_follow_rem_and_mod() {
        let a: IBig = IBig::from(-7) * (IBig::ONE << 100) - IBig::from(5);
        for d in [7i64, -7, 9973, -9973, i64::MIN, i64::MAX, 1, -1] {
            let big = Number::Big(std::rc::Rc::new(a.clone()));
            let (x, y) = (a.clone(), IBig::from(d));
            let rem = &x % &y;
            let modulo = {
                let r = &x % &y;
                if r != IBig::ZERO && (r < IBig::ZERO) != (d < 0) {
                    r + &y
                } else {
                    r
                }
            };
            let got = |rounding| match remainder(&big, &Number::Int(d), rounding) {
                Some(Number::Int(r)) => IBig::from(r),
                other => panic!("{other:?}"),
            };
            assert_eq!(got(Rounding::Truncate), rem, "{a} rem {d}");
            assert_eq!(got(Rounding::Floor), modulo, "{a} mod {d}");
        }
    }
}
