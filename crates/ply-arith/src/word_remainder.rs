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

/// From this many words the dividend is cut into [`LANES`] pieces whose remainders are
/// computed side by side: each step waits for the previous one's two products, so one chain
/// leaves the multiplier idle most of the time.
const SPLIT_FROM: usize = 64;
/// The number of independent chains.
const LANES: usize = 4;

/// `a mod d` for a magnitude `a` (little-endian words) and `d >= 1`.
pub(crate) fn magnitude_rem(a: &[u64], d: u64) -> u64 {
    debug_assert!(d >= 1);
    let divisor = Divisor::new(d);
    if a.len() < SPLIT_FROM {
        return divisor.chain(a) >> divisor.s;
    }
    // a = L0 + L1·B^m + L2·B^2m + L3·B^3m, the top piece the longest; its extra words first,
    // then the four chains a word each per turn.
    let m = a.len() / LANES;
    let mut r = [0u64; LANES];
    for (j, rj) in r.iter_mut().enumerate() {
        let end = if j + 1 == LANES { a.len() } else { (j + 1) * m };
        *rj = divisor.top_bits(a[end - 1]);
    }
    for i in (LANES * m..a.len()).rev() {
        r[LANES - 1] = divisor.step(r[LANES - 1], a, (LANES - 1) * m, i);
    }
    for i in (0..m).rev() {
        for (j, rj) in r.iter_mut().enumerate() {
            *rj = divisor.step(*rj, a, j * m, j * m + i);
        }
    }
    // Horner's rule on the pieces' remainders with B^m mod d.
    let b_m = divisor.pow_mod(divisor.chain(&[0, 1]) >> divisor.s, m);
    r.iter().rev().fold(0, |acc, &rj| {
        divisor.add_mod(divisor.mul_mod(acc, b_m), rj >> divisor.s)
    })
}

/// A one-word divisor `d`, shifted left by `s` so that its top bit is set (`dn`), with the
/// inverse of `dn` for [`rem_2by1`]. Remainders by `dn` of numbers shifted by `s` are the
/// remainders by `d` shifted by `s`.
#[derive(Clone, Copy)]
struct Divisor {
    d: u64,
    s: u32,
    dn: u64,
    inverse: u64,
}

impl Divisor {
    fn new(d: u64) -> Divisor {
        let s = d.leading_zeros();
        let dn = d << s;
        Divisor {
            d,
            s,
            dn,
            inverse: reciprocal(dn),
        }
    }

    /// The bits of a piece's top word shifted out by `s`: where its chain starts.
    fn top_bits(self, top: u64) -> u64 {
        if self.s == 0 {
            0
        } else {
            top >> (64 - self.s)
        }
    }

    /// One step of the chain over the piece starting at word `start`, at its word `i`.
    #[inline(always)]
    fn step(self, r: u64, a: &[u64], start: usize, i: usize) -> u64 {
        let below = if self.s == 0 || i == start {
            0
        } else {
            a[i - 1] >> (64 - self.s)
        };
        rem_2by1(r, (a[i] << self.s) | below, self.dn, self.inverse)
    }

    /// `(a mod d) · 2^s`, one chain from the top word down.
    fn chain(self, a: &[u64]) -> u64 {
        let Some(&top) = a.last() else {
            return 0;
        };
        let mut r = self.top_bits(top);
        for i in (0..a.len()).rev() {
            r = self.step(r, a, 0, i);
        }
        r
    }

    /// `x·y mod d` for `x, y < d`: `x·y·2^s` is below `d·dn`, so its high word is below `dn`.
    fn mul_mod(self, x: u64, y: u64) -> u64 {
        let p = (u128::from(x) * u128::from(y)) << self.s;
        rem_2by1((p >> 64) as u64, p as u64, self.dn, self.inverse) >> self.s
    }

    /// `x + y mod d` for `x, y < d`.
    fn add_mod(self, x: u64, y: u64) -> u64 {
        let (sum, over) = x.overflowing_add(y);
        if over || sum >= self.d {
            sum.wrapping_sub(self.d)
        } else {
            sum
        }
    }

    /// `b^e mod d` for `b < d`, by squarings.
    fn pow_mod(self, b: u64, e: usize) -> u64 {
        let (mut result, mut base, mut e) = (1 % self.d, b, e);
        while e > 0 {
            if e & 1 == 1 {
                result = self.mul_mod(result, base);
            }
            base = self.mul_mod(base, base);
            e >>= 1;
        }
        result
    }
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
        for len in [1usize, 2, 3, 7, 63, 64, 65, 66, 67, 513, 2903] {
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
