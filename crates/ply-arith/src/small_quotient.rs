//! Division of integers whose quotient fits in one word, as in `(N*3 + A) // D` of a pi
//! spigot: both operands are big and about the same size. The general division copies the
//! dividend, normalises both operands and runs the schoolbook or divide-and-conquer
//! algorithm; here the quotient is estimated from the top 128 bits of the dividend and the
//! top 64 of the divisor (never too small, at most 2 too large), and the one product of the
//! estimate and the divisor, compared with the dividend, corrects it. That is one pass of
//! multiplication by a word and one of comparison, and the remainder one subtraction more.

use dashu_int::{IBig, Sign};

use super::integer_ops::Rounding;
use super::number::Number;

/// `a` divided by `b` (big) rounded as asked, as quotient and remainder (the remainder only
/// when `remainder` is true), when the quotient's magnitude is below 2^62; `None` otherwise
/// (and for a small `b`, which the general division already handles in one pass).
pub(crate) fn divide(
    a: &Number,
    b: &Number,
    rounding: Rounding,
    remainder: bool,
) -> Option<(Number, Option<Number>)> {
    let Number::Big(bb) = b else { return None };
    let (b_sign, bw) = bb.as_sign_words();
    let small;
    let (a_sign, aw): (Sign, &[u64]) = match a {
        Number::Big(ab) => ab.as_sign_words(),
        Number::Int(i) => {
            small = [i.unsigned_abs()];
            let len = usize::from(*i != 0);
            (
                if *i < 0 {
                    Sign::Negative
                } else {
                    Sign::Positive
                },
                &small[..len],
            )
        }
        Number::Float(_) => return None,
    };
    let (q, r, r_zero) = magnitude_div_rem(aw, bw, remainder)?;
    let differ = a_sign != b_sign && !aw.is_empty();
    let (quotient, rem_sign, rem) = if rounding == Rounding::Floor && differ && !r_zero {
        // Toward negative infinity: one more in magnitude, and the remainder |b| - r with
        // the divisor's sign.
        let r = r.map(|r| complement(bw, &r));
        (-(q as i64) - 1, b_sign, r)
    } else {
        let sign = if rounding == Rounding::Floor {
            b_sign
        } else {
            a_sign
        };
        let q = if differ { -(q as i64) } else { q as i64 };
        (q, sign, r)
    };
    let rem = rem.map(|r| Number::from_bigint(IBig::from_sign_words(rem_sign, &r)));
    Some((Number::Int(quotient), rem))
}

/// `|a| div |b|`, with `|a| mod |b|` when `want_remainder` (as words, least significant
/// first, high zero words allowed) and whether that remainder is zero, when the quotient is
/// below 2^62 and `|b|` has at least 64 bits. Without the remainder the dividend is only
/// compared with the product, never copied.
fn magnitude_div_rem(
    a: &[u64],
    b: &[u64],
    want_remainder: bool,
) -> Option<(u64, Option<Vec<u64>>, bool)> {
    let (abits, bbits) = (bits(a), bits(b));
    if bbits < 64 {
        return None;
    }
    if abits < bbits {
        return Some((0, want_remainder.then(|| a.to_vec()), abits == 0));
    }
    if abits - bbits > 61 {
        return None;
    }
    // The estimate from the top bits: never below the quotient, at most 2 above it.
    let k = bbits - 64;
    let (a_top, b_top) = (top_bits(a, k), u128::from(top_bits(b, k) as u64));
    let mut q = (a_top / b_top) as u64;
    // With a = a_top·2^k + a_low and b = b_top·2^k + b_low (both lows below 2^k),
    // a - q·b > (a_top mod b_top - q)·2^k: when that top remainder is at least q the
    // estimate is the quotient and the remainder is not zero, with no pass over the words.
    if !want_remainder && a_top % b_top >= u128::from(q) {
        return Some((q, None, false));
    }
    let mut p = crate::fast_mul::mul_word(b, q);
    while compare_padded(&p, a) == std::cmp::Ordering::Greater {
        q -= 1;
        sub_in_place(&mut p, b);
    }
    let exact = compare_padded(&p, a) == std::cmp::Ordering::Equal;
    let remainder = want_remainder.then(|| {
        let mut a_ext = a.to_vec();
        a_ext.resize(p.len().max(a.len()), 0);
        sub_in_place(&mut a_ext, &p);
        a_ext
    });
    Some((q, remainder, exact))
}

/// The order of two magnitudes of any lengths (high zero words allowed).
fn compare_padded(x: &[u64], y: &[u64]) -> std::cmp::Ordering {
    let word = |w: &[u64], i: usize| w.get(i).copied().unwrap_or(0);
    (0..x.len().max(y.len()))
        .rev()
        .map(|i| word(x, i).cmp(&word(y, i)))
        .find(|o| o.is_ne())
        .unwrap_or(std::cmp::Ordering::Equal)
}

/// The number of significant bits of a magnitude.
fn bits(w: &[u64]) -> u64 {
    match w.iter().rposition(|&x| x != 0) {
        Some(i) => 64 * i as u64 + u64::from(64 - w[i].leading_zeros()),
        None => 0,
    }
}

/// `floor(w / 2^k)` truncated to 128 bits (callers ask only where it fits).
fn top_bits(w: &[u64], k: u64) -> u128 {
    let (i, s) = ((k / 64) as usize, (k % 64) as u32);
    let word = |j: usize| u128::from(w.get(j).copied().unwrap_or(0));
    let low = (word(i) | (word(i + 1) << 64)) >> s;
    if s == 0 {
        low
    } else {
        low | (word(i + 2) << (128 - s))
    }
}

/// `x -= y` for `x` at least `y` and at least as long.
fn sub_in_place(x: &mut [u64], y: &[u64]) {
    let mut borrow = false;
    for (i, xi) in x.iter_mut().enumerate() {
        let (d, b1) = xi.overflowing_sub(y.get(i).copied().unwrap_or(0));
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        *xi = d;
        borrow = b1 || b2;
    }
}

/// `b - r` for `r` below `b`.
fn complement(b: &[u64], r: &[u64]) -> Vec<u64> {
    let mut out = b.to_vec();
    out.resize(out.len().max(r.len()), 0);
    sub_in_place(&mut out, r);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::integer_ops::{quotient, remainder};

    fn next(s: &mut u64) -> u64 {
        *s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *s
    }

    /// A signed integer of `words` random words shifted right by up to 63 bits, or of a
    /// special form (all ones, a power of two) so that estimates land on their bounds.
    fn integer(words: usize, s: &mut u64) -> IBig {
        let w: Vec<u64> = (0..words).map(|_| next(s)).collect();
        let m = match next(s) % 4 {
            0 => (IBig::ONE << (64 * words)) - IBig::ONE,
            1 => IBig::ONE << (64 * words - 1 - (next(s) % 64) as usize),
            _ => IBig::from_sign_words(Sign::Positive, &w) >> (next(s) % 64) as usize,
        };
        if next(s).is_multiple_of(2) {
            -m
        } else {
            m
        }
    }

    /// Every rounding of quotient and remainder agrees with the general division (dashu-int)
    /// on dividends and divisors of 1 to 40 words whose quotients are small, zero, exact or
    /// just below the limit.
    #[test]
    fn small_quotients_agree_with_the_general_division() {
        let mut s = 20261129;
        let mut fast = 0;
        for round in 0..6000 {
            let bw = 1 + (next(&mut s) % 40) as usize;
            let b = integer(bw, &mut s);
            let a = match round % 4 {
                0 => integer(bw + (next(&mut s) % 2) as usize, &mut s),
                1 => &b * IBig::from(next(&mut s) >> (next(&mut s) % 64)),
                2 => &b * IBig::from(next(&mut s) >> 2) + integer(bw, &mut s),
                _ => IBig::from(next(&mut s) as i64),
            };
            let (na, nb) = (
                Number::from_bigint(a.clone()),
                Number::from_bigint(b.clone()),
            );
            for rounding in [Rounding::Truncate, Rounding::Floor] {
                let Some((q, r)) = divide(&na, &nb, rounding, true) else {
                    continue;
                };
                fast += 1;
                let want_q = general(&a, &b, rounding).0;
                let want_r = general(&a, &b, rounding).1;
                assert_eq!(q.to_bigint().unwrap(), want_q, "{a} / {b} {rounding:?}");
                assert_eq!(r.unwrap().to_bigint().unwrap(), want_r, "{a} rem {b}");
                assert_eq!(quotient(&na, &nb, rounding).unwrap(), q);
                let _ = remainder(&na, &nb, rounding).unwrap();
            }
        }
        assert!(
            fast > 8000,
            "only {fast} divisions took the small-quotient path"
        );
    }

    fn general(a: &IBig, b: &IBig, rounding: Rounding) -> (IBig, IBig) {
        let (q, r) = (a / b, a % b);
        if rounding == Rounding::Floor && r != IBig::ZERO && (r < IBig::ZERO) != (*b < IBig::ZERO) {
            (q - IBig::ONE, r + b)
        } else {
            (q, r)
        }
    }
}
