//! Float arithmetic with SWI-Prolog's error discipline: NaN results are
//! `evaluation_error(undefined)`, infinite results are `evaluation_error(float_overflow)`,
//! and the elementary functions refuse infinite or NaN arguments the same way.
//!
//! These functions accept integers and convert them (correctly rounded); they must never
//! return NaN or an infinity except where SWI-Prolog does too (`abs`, `sign`, `copysign`,
//! `max`, `min` and negation pass such values through untouched, and live elsewhere).

use super::error::ArithError;
use super::integer_ops::{exact_quotient, signum};
use super::number::Number;

/// Converts a number to a float for a float operation; an integer beyond the float range
/// is `float_overflow`.
pub fn to_float(n: &Number) -> Result<f64, ArithError> {
    n.to_f64().ok_or(ArithError::FLOAT_OVERFLOW)
}

/// Wraps a float result, turning NaN into `undefined` and infinity into `float_overflow`.
pub fn float_result(r: f64) -> Result<Number, ArithError> {
    if r.is_nan() {
        Err(ArithError::UNDEFINED)
    } else if r.is_infinite() {
        Err(ArithError::FLOAT_OVERFLOW)
    } else {
        Ok(Number::Float(r))
    }
}

/// An argument of an elementary function: converted to float, with an infinite argument
/// refused as `float_overflow` and NaN as `undefined`, as SWI-Prolog does (`sin(inf)`,
/// `atan(inf)` and `exp(-inf)` all raise `float_overflow` there).
pub fn finite_arg(n: &Number) -> Result<f64, ArithError> {
    let f = to_float(n)?;
    if f.is_nan() {
        Err(ArithError::UNDEFINED)
    } else if f.is_infinite() {
        Err(ArithError::FLOAT_OVERFLOW)
    } else {
        Ok(f)
    }
}

/// Applies an elementary function of one argument with the checks above.
pub fn unary(x: &Number, f: fn(f64) -> f64) -> Result<Number, ArithError> {
    float_result(f(finite_arg(x)?))
}

/// `X + Y`, `X - Y` or `X * Y` when at least one side is a float.
pub fn binary(a: &Number, b: &Number, f: fn(f64, f64) -> f64) -> Result<Number, ArithError> {
    float_result(f(to_float(a)?, to_float(b)?))
}

/// `X / Y`. Two integers give an integer when the division is exact; otherwise each is
/// converted to the nearest float first and the floats are divided, as SWI-Prolog (with
/// `prefer_rationals` false and `iso` false), Scryer, SICStus and Trealla do: `7/2` is 3.5,
/// `4/2` is 2, F(101)/F(100) of the Fibonacci numbers is 1.6180339887498947 (not the exact
/// quotient's 1.618033988749895), and an integer beyond the float range is
/// `float_overflow` even when the quotient is not (`1/10**400`).
pub fn divide(a: &Number, b: &Number) -> Result<Number, ArithError> {
    if a.is_integer() && b.is_integer() {
        if signum(b) == 0 {
            return Err(ArithError::ZERO_DIVISOR);
        }
        if let Some(q) = exact_quotient(a, b) {
            return Ok(q);
        }
        return float_result(to_float(a)? / to_float(b)?);
    }
    let (x, y) = (to_float(a)?, to_float(b)?);
    if y == 0.0 {
        // 0.0/0 has no value at all; any other number over zero is a division by zero.
        return Err(if x == 0.0 || x.is_nan() {
            ArithError::UNDEFINED
        } else {
            ArithError::ZERO_DIVISOR
        });
    }
    float_result(x / y)
}

/// `log(X)`. ISO makes the logarithm of zero `undefined` (9.3.6.3); SWI-Prolog 9.0.4 says
/// `float_overflow` there, and ply follows ISO.
pub fn log(x: &Number) -> Result<Number, ArithError> {
    log_with(x, f64::ln)
}

/// `log2(X)`, with the same domain as `log/1`.
pub fn log2(x: &Number) -> Result<Number, ArithError> {
    log_with(x, f64::log2)
}

/// `log10(X)`, with the same domain as `log/1`.
pub fn log10(x: &Number) -> Result<Number, ArithError> {
    log_with(x, f64::log10)
}

fn log_with(x: &Number, f: fn(f64) -> f64) -> Result<Number, ArithError> {
    let v = finite_arg(x)?;
    if v <= 0.0 {
        return Err(ArithError::UNDEFINED);
    }
    float_result(f(v))
}

/// `log(B, X)`: the logarithm of `X` in base `B`, that is `log(X)/log(B)` as SWI-Prolog
/// documents it; base 1 is a division by zero.
pub fn log_base(base: &Number, x: &Number) -> Result<Number, ArithError> {
    let (b, v) = (finite_arg(base)?, finite_arg(x)?);
    if b <= 0.0 || v <= 0.0 {
        return Err(ArithError::UNDEFINED);
    }
    let (lb, lv) = (b.ln(), v.ln());
    if lb == 0.0 {
        return Err(if lv == 0.0 {
            ArithError::UNDEFINED
        } else {
            ArithError::ZERO_DIVISOR
        });
    }
    float_result(lv / lb)
}

/// `atan2(Y, X)` and `atan(Y, X)`. ISO Cor.2 makes two zero arguments `undefined`;
/// SWI-Prolog 9.0.4 returns 0.0 or ±pi there, and ply follows ISO.
pub fn atan2(y: &Number, x: &Number) -> Result<Number, ArithError> {
    let (fy, fx) = (finite_arg(y)?, finite_arg(x)?);
    if fy == 0.0 && fx == 0.0 {
        return Err(ArithError::UNDEFINED);
    }
    float_result(fy.atan2(fx))
}

/// `cot(X)`, the cotangent; its poles are a division by zero.
pub fn cot(x: &Number) -> Result<Number, ArithError> {
    let t = finite_arg(x)?.tan();
    if t == 0.0 {
        return Err(ArithError::ZERO_DIVISOR);
    }
    float_result(1.0 / t)
}

/// `acot(X)`, the arc cotangent `atan(1/X)`; `acot(0)` is pi/2.
pub fn acot(x: &Number) -> Result<Number, ArithError> {
    float_result((1.0 / finite_arg(x)?).atan())
}

/// `copysign(X, Y)`: `X` with the sign of `Y`. An integer `X` stays an integer (and 0
/// stays 0, since integers have no negative zero), as in SWI-Prolog.
pub fn copysign(x: &Number, y: &Number) -> Number {
    let negative = match y {
        Number::Float(f) => f.is_sign_negative(),
        other => signum(other) < 0,
    };
    match x {
        Number::Float(f) => Number::Float(f.copysign(if negative { -1.0 } else { 1.0 })),
        int => {
            let magnitude = super::integer_ops::abs(int);
            if negative {
                super::integer_ops::neg(&magnitude)
            } else {
                magnitude
            }
        }
    }
}

/// `nexttoward(X, Y)`: the float next to `X` in the direction of `Y` (`X` itself when they
/// are equal).
pub fn nexttoward(x: &Number, y: &Number) -> Result<Number, ArithError> {
    let (fx, fy) = (finite_arg(x)?, finite_arg(y)?);
    let next = if fx < fy {
        fx.next_up()
    } else if fx > fy {
        fx.next_down()
    } else {
        fx
    };
    float_result(next)
}
