//! Exact and correctly rounded conversions between integers and floats: big integer to
//! float, integer quotient to float, and integral float to big integer.
//!
//! Every conversion here rounds at most once, to nearest with ties to even, including into
//! the subnormal range. Nothing here may report errors; overflow is signalled with `None`
//! and the caller decides which Prolog error that is.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};

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

/// Rounds a nonzero magnitude times `2^exp2` to the nearest float.
fn round_biguint(m: &BigUint, exp2: i64) -> f64 {
    let bits = m.bits();
    if bits <= 120 {
        let q = m.to_u128().unwrap_or(0);
        // Widen small values so that `round_scaled` always sees more than 55 bits.
        let widen = 120 - bits;
        round_scaled(q << widen, false, exp2 - widen as i64)
    } else {
        let shift = bits - 120;
        let q = (m >> shift).to_u128().unwrap_or(0);
        let sticky = m.trailing_zeros().is_some_and(|tz| tz < shift);
        round_scaled(q, sticky, exp2 + shift as i64)
    }
}

/// Converts a big integer to the nearest float (ties to even), or `None` when the result
/// would be infinite.
pub fn bigint_to_f64(b: &BigInt) -> Option<f64> {
    if b.is_zero() {
        return Some(0.0);
    }
    let magnitude = round_biguint(b.magnitude(), 0);
    if magnitude.is_infinite() {
        None
    } else if b.sign() == Sign::Minus {
        Some(-magnitude)
    } else {
        Some(magnitude)
    }
}

/// The quotient `n / d` rounded once to the nearest float, or `None` when it overflows.
/// `d` must not be zero.
pub fn ratio_to_f64(n: &BigInt, d: &BigInt) -> Option<f64> {
    debug_assert!(!d.is_zero());
    if n.is_zero() {
        return Some(0.0);
    }
    let negative = n.sign() != d.sign();
    let (nm, dm) = (n.magnitude(), d.magnitude());
    // Scale the numerator so that the integer quotient has about 66 bits: enough for 53
    // significant bits plus rounding information, with the remainder as sticky bit.
    let shift = 66 + dm.bits() as i64 - nm.bits() as i64;
    let (num, den) = if shift >= 0 {
        (nm << (shift as u64), dm.clone())
    } else {
        (nm.clone(), dm << ((-shift) as u64))
    };
    let (q, r) = num.div_rem(&den);
    let q = q.to_u128().unwrap_or(0);
    let magnitude = round_scaled(q, !r.is_zero(), -shift);
    if magnitude.is_infinite() {
        None
    } else if negative {
        Some(-magnitude)
    } else {
        Some(magnitude)
    }
}

/// The exact integer value of a finite float with no fractional part.
pub fn integral_f64_to_bigint(f: f64) -> BigInt {
    debug_assert!(f.is_finite() && f.trunc() == f);
    if f.abs() < 9.2e18 {
        return BigInt::from(f as i64);
    }
    let bits = f.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let mantissa = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
    // The float is at least 2^63 here, so it is normal and its exponent exceeds 52.
    let magnitude = BigInt::from(mantissa) << ((exponent - 1075) as usize);
    if f < 0.0 {
        -magnitude
    } else {
        magnitude
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pow2(n: usize) -> BigInt {
        BigInt::from(1) << n
    }

    #[test]
    fn big_integers_round_to_nearest_even() {
        // 2^53 + 1 is a tie and rounds to even; 2^53 + 3 rounds up.
        assert_eq!(
            bigint_to_f64(&BigInt::from((1i64 << 53) + 1)),
            Some(9007199254740992.0)
        );
        assert_eq!(
            bigint_to_f64(&BigInt::from((1i64 << 53) + 3)),
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
    fn quotients_round_once() {
        let q = |n: BigInt, d: BigInt| ratio_to_f64(&n, &d);
        assert_eq!(q(BigInt::from(1), BigInt::from(3)), Some(1.0 / 3.0));
        assert_eq!(q(BigInt::from(-7), BigInt::from(2)), Some(-3.5));
        // (2^54 + 1) / 2 = 2^53 + 0.5 is a tie and goes to the even 2^53.
        assert_eq!(q(pow2(54) + 1, BigInt::from(2)), Some(9007199254740992.0));
        assert_eq!(q(pow2(54) + 3, BigInt::from(2)), Some(9007199254740994.0));
        assert_eq!(q(BigInt::from(1), pow2(2000)), Some(0.0));
        assert_eq!(q(BigInt::from(1), pow2(1074)), Some(5.0e-324));
        // Exactly half of the smallest subnormal is a tie that goes to zero; a bit more
        // goes up to the smallest subnormal.
        assert_eq!(q(BigInt::from(1), pow2(1075)), Some(0.0));
        assert_eq!(q(BigInt::from(3), pow2(1076)), Some(5.0e-324));
        assert_eq!(q(pow2(2000), BigInt::from(3)), None);
        assert_eq!(q(pow2(2000), pow2(1999) + 1), Some(2.0));
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
