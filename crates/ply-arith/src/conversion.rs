//! Exact and correctly rounded conversions between integers and floats: big integer to
//! float and integral float to big integer.
//!
//! Every conversion here rounds at most once, to nearest with ties to even, including into
//! the subnormal range. Nothing here may report errors; overflow is signalled with `None`
//! and the caller decides which Prolog error that is.

use dashu_int::{IBig, Sign};

/// Multiplies by `2^exp`, in steps small enough that no power of two used is itself out of
/// range. The product is exact whenever the result is representable.
pub(crate) fn scale_by_power_of_two(mut x: f64, mut exp: i64) -> f64 {
    while exp > 0 && x.is_finite() && x != 0.0 {
        let step = exp.min(1000);
        x *= f64::from_bits(((1023 + step) as u64) << 52);
        exp -= step;
    }
    while exp < 0 && x != 0.0 {
        let step = (-exp).min(1000);
        x *= f64::from_bits(((1023 - step) as u64) << 52);
        exp += step;
    }
    x
}

/// Rounds `q * 2^exp2` to the nearest float, where `sticky` says whether some nonzero
/// value below the last bit of `q` was discarded. `q` must have more than 55 bits, so that
/// the sticky information lies strictly below the rounding position.
fn round_scaled(q: u128, sticky: bool, exp2: i64) -> f64 {
    let bits = 128 - i64::from(q.leading_zeros());
    debug_assert!(bits > 55);
    let leading_exponent = bits - 1 + exp2;
    // Normal floats keep 53 significant bits; subnormals keep fewer, down to none.
    let keep = if leading_exponent >= -1022 {
        53
    } else {
        53 - (-1022 - leading_exponent)
    };
    if keep < 0 {
        return 0.0;
    }
    let drop = bits - keep;
    let mut mantissa = q >> drop;
    let remainder = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    let above_half = remainder > half || (remainder == half && sticky);
    let tie = remainder == half && !sticky;
    if above_half || (tie && mantissa & 1 == 1) {
        mantissa += 1;
    }
    // The mantissa has at most 54 bits, so it converts exactly; the scaling is exact too
    // because the rounded value is representable (or overflows to infinity).
    scale_by_power_of_two(mantissa as f64, exp2 + drop)
}

/// The number of bits of a magnitude given as 64-bit words, least significant first, with
/// no high zero word.
pub(crate) fn words_bits(words: &[u64]) -> u64 {
    match words.last() {
        Some(top) => 64 * words.len() as u64 - u64::from(top.leading_zeros()),
        None => 0,
    }
}

/// Bits `start .. start + 128` of a magnitude given as words (bits past its end are zero).
fn bits_at(words: &[u64], start: u64) -> u128 {
    let word = (start / 64) as usize;
    let offset = start % 64;
    let at = |i: usize| u128::from(words.get(i).copied().unwrap_or(0));
    let low = (at(word) | at(word + 1) << 64) >> offset;
    if offset == 0 {
        low
    } else {
        low | at(word + 2) << (128 - offset)
    }
}

/// True when some bit below bit `n` of the magnitude is set.
fn low_bits_nonzero(words: &[u64], n: u64) -> bool {
    let whole = (n / 64) as usize;
    let part = n % 64;
    words[..whole.min(words.len())].iter().any(|&w| w != 0)
        || (part > 0
            && words
                .get(whole)
                .is_some_and(|&w| w & ((1u64 << part) - 1) != 0))
}

/// Rounds a nonzero magnitude (64-bit words, least significant first, no high zero word)
/// times `2^exp2` to the nearest float, reading the words where they lie.
fn round_words(words: &[u64], exp2: i64) -> f64 {
    let bits = words_bits(words);
    if bits <= 120 {
        let q = bits_at(words, 0);
        // Widen small values so that `round_scaled` always sees more than 55 bits.
        let widen = 120 - bits;
        round_scaled(q << widen, false, exp2 - widen as i64)
    } else {
        let shift = bits - 120;
        let q = bits_at(words, shift) & ((1u128 << 120) - 1);
        round_scaled(q, low_bits_nonzero(words, shift), exp2 + shift as i64)
    }
}

/// Converts a big integer to the nearest float (ties to even), or `None` when the result
/// would be infinite.
pub fn bigint_to_f64(b: &IBig) -> Option<f64> {
    let (sign, words) = b.as_sign_words();
    if words.is_empty() {
        return Some(0.0);
    }
    let magnitude = round_words(words, 0);
    if magnitude.is_infinite() {
        None
    } else if sign == Sign::Negative {
        Some(-magnitude)
    } else {
        Some(magnitude)
    }
}

/// The exact integer value of a finite float with no fractional part.
pub fn integral_f64_to_bigint(f: f64) -> IBig {
    debug_assert!(f.is_finite() && f.trunc() == f);
    if f.abs() < 9.2e18 {
        return IBig::from(f as i64);
    }
    let bits = f.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    // The float is at least 2^63 here, so it is normal and its exponent exceeds 52.
    let magnitude = IBig::from(mantissa) << ((exponent - 1075) as usize);
    if f < 0.0 {
        -magnitude
    } else {
        magnitude
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pow2(n: usize) -> IBig {
        IBig::from(1) << n
    }

    #[test]
    fn big_integers_round_to_nearest_even() {
        // 2^53 + 1 is a tie and rounds to even; 2^53 + 3 rounds up.
        assert_eq!(
            bigint_to_f64(&IBig::from((1i64 << 53) + 1)),
            Some(9007199254740992.0)
        );
        assert_eq!(
            bigint_to_f64(&IBig::from((1i64 << 53) + 3)),
            Some(9007199254740996.0)
        );
        // 2^100 + 2^47 is a tie above 120 bits' worth of shifting; one more breaks it up.
        let tie = pow2(100) + pow2(47);
        assert_eq!(bigint_to_f64(&tie), Some(2f64.powi(100)));
        assert_eq!(bigint_to_f64(&(tie + 1)), Some(1.2676506002282297e30));
        let tie_far = pow2(300) + pow2(247);
        assert_eq!(bigint_to_f64(&tie_far), Some(2f64.powi(300)));
        assert_eq!(
            bigint_to_f64(&(tie_far + 1)),
            Some(2f64.powi(300) * (1.0 + f64::EPSILON))
        );
        assert_eq!(bigint_to_f64(&-pow2(1023)), Some(-(2f64.powi(1023))));
        assert_eq!(bigint_to_f64(&pow2(1024)), None);
        assert_eq!(bigint_to_f64(&(pow2(1024) - 1)), None);
    }

    #[test]
    fn integral_floats_convert_exactly() {
        assert_eq!(
            integral_f64_to_bigint(1.0e20).to_string(),
            "100000000000000000000"
        );
        assert_eq!(
            integral_f64_to_bigint(-1.0e19).to_string(),
            "-10000000000000000000"
        );
        assert_eq!(integral_f64_to_bigint(-3.0).to_string(), "-3");
        assert_eq!(integral_f64_to_bigint(2f64.powi(100)), pow2(100));
    }
}
