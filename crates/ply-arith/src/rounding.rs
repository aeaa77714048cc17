//! The functions that move between floats and integers: `float/1`, `integer/1`,
//! `truncate/1`, `round/1`, `ceiling/1`, `floor/1`, `float_integer_part/1` and
//! `float_fractional_part/1`.
//!
//! Integer arguments are accepted everywhere and returned unchanged, as SWI-Prolog does
//! (strict ISO would raise `type_error(float, 1)` for `floor(1)`; ply keeps SWI-Prolog's
//! answer because `/` may give an integer, and `floor(4/2)` must work). Results are exact:
//! no function here may round an integral float to a nearby integer.

use super::conversion::integral_f64_to_bigint;
use super::error::ArithError;
use super::float_ops::{finite_arg, to_float};
use super::number::Number;

/// Which rounding an integer-valued function applies to a float.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IntegerRounding {
    /// `integer/1` and `round/1`: to nearest, halves away from zero.
    Nearest,
    /// `truncate/1`: toward zero.
    Truncate,
    /// `floor/1`: toward negative infinity.
    Floor,
    /// `ceiling/1` and `ceil/1`: toward positive infinity.
    Ceiling,
}

/// Rounds a number to an integer. Infinity and NaN have no integer value and give
/// `evaluation_error(undefined)` (ISO: these functions yield integers; SWI-Prolog 9.0.4
/// returns the float unchanged).
pub fn to_integer(n: &Number, rounding: IntegerRounding) -> Result<Number, ArithError> {
    let f = match n {
        Number::Float(f) => *f,
        int => return Ok(int.clone()),
    };
    if !f.is_finite() {
        return Err(ArithError::UNDEFINED);
    }
    let r = match rounding {
        IntegerRounding::Nearest => f.round(),
        IntegerRounding::Truncate => f.trunc(),
        IntegerRounding::Floor => f.floor(),
        IntegerRounding::Ceiling => f.ceil(),
    };
    // Every float below 2^63 in magnitude converts to i64 exactly.
    if r.abs() < 9.2e18 {
        Ok(Number::Int(r as i64))
    } else {
        Ok(Number::from_bigint(integral_f64_to_bigint(r)))
    }
}

/// `float(X)`.
pub fn to_float_function(n: &Number) -> Result<Number, ArithError> {
    match n {
        Number::Float(_) => finite_arg(n).map(Number::Float),
        int => to_float(int).map(Number::Float),
    }
}

/// `float_integer_part(X)`: the float truncated toward zero; an integer is returned as it
/// is (SWI-Prolog).
pub fn float_integer_part(n: &Number) -> Result<Number, ArithError> {
    match n {
        Number::Float(_) => finite_arg(n).map(|f| Number::Float(f.trunc())),
        int => Ok(int.clone()),
    }
}

/// `float_fractional_part(X)`: `X - float_integer_part(X)`, keeping the sign of `X` on a
/// zero result (`-0.0` for `-0.0`), and 0 for an integer (SWI-Prolog). Infinity has no
/// fractional part, which SWI-Prolog reports as 0.0.
pub fn float_fractional_part(n: &Number) -> Result<Number, ArithError> {
    match n {
        Number::Float(f) if f.is_nan() => Err(ArithError::UNDEFINED),
        Number::Float(f) if f.is_infinite() => Ok(Number::Float(0.0f64.copysign(*f))),
        Number::Float(f) => {
            let fraction = f - f.trunc();
            Ok(Number::Float(if fraction == 0.0 {
                0.0f64.copysign(*f)
            } else {
                fraction
            }))
        }
        _ => Ok(Number::Int(0)),
    }
}
