//! Exponentiation: `**` and `^`.
//!
//! Two integers raised to a non-negative integer give an exact integer under both. They
//! differ for negative exponents: `2 ** -1` is 0.5 (SWI-Prolog's `**` with
//! `prefer_rationals` false), while `2 ^ -1` is `type_error(float, 2)` as ISO Cor.2
//! 9.3.10.3 demands (SWI-Prolog 9.0.4 answers 0.5 there too). Any float operand makes the
//! result a float, even for a zero exponent (SWI-Prolog 9.0.4 answers the integer 1 for
//! `2.0 ** 0`; ISO says 1.0 and so does ply). This module must never build an integer
//! above the size limit; such results are `resource_error(memory)`.

use super::error::ArithError;
use super::float_ops::{finite_arg, float_result, to_float};
use super::integer_ops::{is_odd, is_unit, pow_nonnegative, signum};
use super::number::Number;

/// `X ** Y`.
pub fn power(base: &Number, exp: &Number) -> Result<Number, ArithError> {
    if base.is_integer() && exp.is_integer() {
        if signum(exp) >= 0 || is_unit(base) {
            return integer_power(base, exp);
        }
        if signum(base) == 0 {
            return Err(ArithError::ZERO_DIVISOR);
        }
        // A negative exponent on any other integer gives a float, computed as a float
        // power (so a huge exponent underflows to 0.0 instead of building 2^(2^70)).
        return float_result(to_float(base)?.powf(to_float(exp)?));
    }
    float_power(base, exp)
}

/// `X ^ Y`.
pub fn caret(base: &Number, exp: &Number) -> Result<Number, ArithError> {
    if base.is_integer() && exp.is_integer() {
        if signum(exp) >= 0 || is_unit(base) {
            return integer_power(base, exp);
        }
        if signum(base) == 0 {
            return Err(ArithError::ZERO_DIVISOR);
        }
        return Err(ArithError::not_float(base));
    }
    float_power(base, exp)
}

/// An integer power whose result is an integer: the exponent is non-negative, or the base
/// is 1 or -1.
fn integer_power(base: &Number, exp: &Number) -> Result<Number, ArithError> {
    if signum(exp) >= 0 {
        return pow_nonnegative(base, exp);
    }
    // 1^N is 1 and (-1)^N depends on the parity of N, whatever its sign.
    Ok(Number::Int(
        if matches!(base, Number::Int(-1)) && is_odd(exp) {
            -1
        } else {
            1
        },
    ))
}

fn float_power(base: &Number, exp: &Number) -> Result<Number, ArithError> {
    let (b, e) = (finite_arg(base)?, finite_arg(exp)?);
    if b == 0.0 && e < 0.0 {
        return Err(ArithError::ZERO_DIVISOR);
    }
    float_result(b.powf(e))
}
