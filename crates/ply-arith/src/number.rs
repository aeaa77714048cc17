//! The numeric tower: small integers, big integers and floats, with exact conversions
//! between them and the two orders Prolog needs (standard order of terms and arithmetic
//! comparison).
//!
//! This module knows nothing of terms or of the machine, and it must never lose precision
//! silently: every conversion either is exact, is correctly rounded, or reports failure.

use std::cmp::Ordering;
use std::rc::Rc;

use num_bigint::{BigInt, Sign};
use num_traits::ToPrimitive;

use super::conversion::{bigint_to_f64, integral_f64_to_bigint};

/// A Prolog number.
///
/// Integers live in `Int` whenever they fit in an `i64`; `Big` holds only integers that do
/// not, so that every integer has exactly one representation and `PartialEq` can stay
/// structural.
#[derive(Clone, Debug)]
pub enum Number {
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer that does not fit in 64 bits (never one that does).
    Big(Rc<BigInt>),
    /// An IEEE double, including the infinities and NaN that SWI-Prolog can produce.
    Float(f64),
}

impl Number {
    /// Builds an integer, choosing `Int` when the value fits in an `i64`.
    pub fn from_bigint(b: BigInt) -> Number {
        match b.to_i64() {
            Some(i) => Number::Int(i),
            None => Number::Big(Rc::new(b)),
        }
    }

    /// True for `Int` and `Big`.
    pub fn is_integer(&self) -> bool {
        !matches!(self, Number::Float(_))
    }

    /// The integer value as a `BigInt`, or `None` for a float.
    pub fn to_bigint(&self) -> Option<BigInt> {
        match self {
            Number::Int(i) => Some(BigInt::from(*i)),
            Number::Big(b) => Some((**b).clone()),
            Number::Float(_) => None,
        }
    }

    /// The value as the nearest float, or `None` when an integer is too large for any
    /// finite float (the caller turns that into `float_overflow`).
    pub fn to_f64(&self) -> Option<f64> {
        match self {
            // `as` rounds to nearest, ties to even, which is the correct rounding.
            Number::Int(i) => Some(*i as f64),
            Number::Big(b) => bigint_to_f64(b),
            Number::Float(f) => Some(*f),
        }
    }
}

impl From<i64> for Number {
    fn from(i: i64) -> Number {
        Number::Int(i)
    }
}

impl From<f64> for Number {
    fn from(f: f64) -> Number {
        Number::Float(f)
    }
}

impl From<BigInt> for Number {
    fn from(b: BigInt) -> Number {
        Number::from_bigint(b)
    }
}

/// Structural equality, as `==/2` sees numbers: `1` and `1.0` differ, `-0.0` and `0.0`
/// differ, and NaN equals itself (SWI-Prolog's `X is nan, X == X` succeeds).
impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        match (self, other) {
            (Number::Int(a), Number::Int(b)) => a == b,
            (Number::Big(a), Number::Big(b)) => a == b,
            (Number::Float(a), Number::Float(b)) => {
                a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
            }
            _ => false,
        }
    }
}

/// Compares an integer with a finite float exactly.
fn compare_int_float(i: &Number, f: f64) -> Ordering {
    debug_assert!(f.is_finite());
    if let Number::Int(small) = i {
        // Integers up to 2^53 in magnitude convert to float exactly.
        if small.unsigned_abs() <= 1u64 << 53 {
            return (*small as f64).partial_cmp(&f).unwrap_or(Ordering::Equal);
        }
    }
    let whole = f.trunc();
    let whole_big = integral_f64_to_bigint(whole);
    let int_big = i.to_bigint().unwrap_or_default();
    match int_big.cmp(&whole_big) {
        Ordering::Equal => {
            // The integer equals the float's integral part; the fraction decides.
            let fraction = f - whole;
            if fraction > 0.0 {
                Ordering::Less
            } else if fraction < 0.0 {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        }
        other => other,
    }
}

fn compare_integers(a: &Number, b: &Number) -> Ordering {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => x.cmp(y),
        // A `Big` is always outside the `i64` range, so its sign decides against an `Int`.
        (Number::Int(_), Number::Big(y)) => {
            if y.sign() == Sign::Minus {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
        (Number::Big(x), Number::Int(_)) => {
            if x.sign() == Sign::Minus {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
        (Number::Big(x), Number::Big(y)) => x.cmp(y),
        _ => unreachable!("compare_integers is only called with integers"),
    }
}

/// Compares two numbers by mathematical value, exactly, or `None` when either is NaN.
///
/// This is what `=:=`, `<` and the other comparison predicates must use: every comparison
/// with NaN fails, as in SWI-Prolog. Integers and floats are compared exactly, so
/// `2**60+1 =:= float(2**60)` is false. (SWI-Prolog 9.0.4 converts the integer to a float
/// first and says true; ply keeps the exact answer, the one the standard order of terms
/// already needs.) `-0.0` and `0.0` compare equal.
pub fn arith_partial_compare(a: &Number, b: &Number) -> Option<Ordering> {
    match (a, b) {
        (Number::Float(x), Number::Float(y)) => x.partial_cmp(y),
        (Number::Float(x), i) => {
            if x.is_nan() {
                None
            } else if x.is_infinite() {
                Some(if *x > 0.0 {
                    Ordering::Greater
                } else {
                    Ordering::Less
                })
            } else {
                Some(compare_int_float(i, *x).reverse())
            }
        }
        (i, Number::Float(y)) => {
            if y.is_nan() {
                None
            } else if y.is_infinite() {
                Some(if *y > 0.0 {
                    Ordering::Less
                } else {
                    Ordering::Greater
                })
            } else {
                Some(compare_int_float(i, *y))
            }
        }
        _ => Some(compare_integers(a, b)),
    }
}

/// Compares two numbers by value for arithmetic, treating NaN as below every number and
/// equal to itself so that the result is total.
///
/// The comparison predicates (`=:=`, `<`, ...) must not use this for NaN: they should call
/// [`arith_partial_compare`] and fail on `None`, as SWI-Prolog does.
pub fn arith_compare(a: &Number, b: &Number) -> Ordering {
    match arith_partial_compare(a, b) {
        Some(order) => order,
        None => nan_first(a, b),
    }
}

/// Orders NaN before every other number, and two NaNs as equal.
fn nan_first(a: &Number, b: &Number) -> Ordering {
    let a_nan = matches!(a, Number::Float(x) if x.is_nan());
    let b_nan = matches!(b, Number::Float(y) if y.is_nan());
    match (a_nan, b_nan) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => Ordering::Equal,
    }
}

/// The standard order of terms restricted to numbers, as in SWI-Prolog 9.
///
/// Numbers are compared by value; when the values are equal a float comes before an
/// integer (`1.0 @< 1`) and `-0.0` comes before `0.0`. NaN comes before every other number
/// and is equal to itself.
pub fn standard_order(a: &Number, b: &Number) -> Ordering {
    match arith_partial_compare(a, b) {
        None => nan_first(a, b),
        Some(Ordering::Equal) => match (a, b) {
            (Number::Float(x), Number::Float(y)) => x.is_sign_positive().cmp(&y.is_sign_positive()),
            (Number::Float(_), _) => Ordering::Less,
            (_, Number::Float(_)) => Ordering::Greater,
            _ => Ordering::Equal,
        },
        Some(order) => order,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(s: &str) -> Number {
        Number::from_bigint(s.parse::<BigInt>().unwrap())
    }

    #[test]
    fn from_bigint_normalises_to_int() {
        assert_eq!(Number::from_bigint(BigInt::from(5)), Number::Int(5));
        assert_eq!(
            Number::from_bigint(BigInt::from(i64::MIN)),
            Number::Int(i64::MIN)
        );
        assert!(matches!(big("9223372036854775808"), Number::Big(_)));
    }

    #[test]
    fn equality_is_structural() {
        assert_ne!(Number::Int(1), Number::Float(1.0));
        assert_ne!(Number::Float(0.0), Number::Float(-0.0));
        assert_eq!(Number::Float(f64::NAN), Number::Float(f64::NAN));
        assert_eq!(big("18446744073709551616"), big("18446744073709551616"));
    }

    #[test]
    fn standard_order_puts_float_before_equal_integer() {
        // Checked against SWI-Prolog 9: compare(O, 1.0, 1) gives (<).
        assert_eq!(
            standard_order(&Number::Float(1.0), &Number::Int(1)),
            Ordering::Less
        );
        assert_eq!(
            standard_order(&Number::Int(1), &Number::Float(1.0)),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&Number::Int(1), &Number::Float(1.5)),
            Ordering::Less
        );
        assert_eq!(
            standard_order(&Number::Int(2), &Number::Float(1.5)),
            Ordering::Greater
        );
    }

    #[test]
    fn standard_order_of_zeros_and_nan() {
        // SWI-Prolog 9: -0.0 @< 0.0, -0.0 @< 0, nan @< -inf, nan == nan.
        let neg_zero = Number::Float(-0.0);
        assert_eq!(
            standard_order(&neg_zero, &Number::Float(0.0)),
            Ordering::Less
        );
        assert_eq!(standard_order(&neg_zero, &Number::Int(0)), Ordering::Less);
        assert_eq!(
            standard_order(&Number::Int(0), &neg_zero),
            Ordering::Greater
        );
        let nan = Number::Float(f64::NAN);
        assert_eq!(
            standard_order(&nan, &Number::Float(f64::NEG_INFINITY)),
            Ordering::Less
        );
        assert_eq!(
            standard_order(&nan, &big("-1267650600228229401496703205376")),
            Ordering::Less
        );
        assert_eq!(standard_order(&Number::Int(1), &nan), Ordering::Greater);
        assert_eq!(standard_order(&nan, &nan), Ordering::Equal);
    }

    #[test]
    fn standard_order_with_big_integers_is_exact() {
        let two_60_plus_1 = Number::Int((1 << 60) + 1);
        let two_60_float = Number::Float(2f64.powi(60));
        assert_eq!(
            standard_order(&two_60_plus_1, &two_60_float),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&Number::Int((1 << 60) - 1), &two_60_float),
            Ordering::Less
        );
        let huge = big("1267650600228229401496703205376");
        assert_eq!(
            standard_order(&huge, &Number::Float(f64::INFINITY)),
            Ordering::Less
        );
        assert_eq!(
            standard_order(&huge, &Number::Float(1.0e30)),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&huge, &Number::Float(2f64.powi(100))),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&Number::Float(2f64.powi(100)), &huge),
            Ordering::Less
        );
        assert_eq!(
            standard_order(&huge, &big("1267650600228229401496703205377")),
            Ordering::Less
        );
        assert_eq!(
            standard_order(&big("-18446744073709551616"), &Number::Int(i64::MIN)),
            Ordering::Less
        );
    }

    #[test]
    fn arithmetic_comparison_is_exact_and_nan_is_unordered() {
        assert_eq!(
            arith_compare(&Number::Int(1), &Number::Float(1.0)),
            Ordering::Equal
        );
        assert_eq!(
            arith_compare(&Number::Float(-0.0), &Number::Int(0)),
            Ordering::Equal
        );
        let two_60_plus_1 = Number::Int((1 << 60) + 1);
        assert_eq!(
            arith_compare(&two_60_plus_1, &Number::Float(2f64.powi(60))),
            Ordering::Greater
        );
        assert_eq!(
            arith_compare(&Number::Int(3), &Number::Float(2.5)),
            Ordering::Greater
        );
        assert_eq!(
            arith_compare(&Number::Int(-3), &Number::Float(-2.5)),
            Ordering::Less
        );
        assert_eq!(
            arith_compare(&Number::Float(-2.5), &Number::Int(-3)),
            Ordering::Greater
        );
        let nan = Number::Float(f64::NAN);
        assert_eq!(arith_partial_compare(&nan, &Number::Int(1)), None);
        assert_eq!(arith_partial_compare(&nan, &nan), None);
        assert_eq!(arith_compare(&nan, &Number::Int(1)), Ordering::Less);
    }
}
