//! The numeric tower: small integers, big integers and floats, with exact conversions
//! between them and the two orders Prolog needs (standard order of terms and arithmetic
//! comparison).
//!
//! This module knows nothing of terms or of the machine, and it must never lose precision
//! silently: every conversion either is exact, is correctly rounded, or reports failure.

use std::cmp::Ordering;
use std::rc::Rc;

use dashu_int::{IBig, Sign};

use super::conversion::bigint_to_f64;

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
    Big(Rc<IBig>),
    /// An IEEE double, including the infinities and NaN that SWI-Prolog can produce.
    Float(f64),
}

impl Number {
    /// Builds an integer, choosing `Int` when the value fits in an `i64`.
    pub fn from_bigint(b: IBig) -> Number {
        match i64::try_from(&b) {
            Ok(i) => Number::Int(i),
            Err(_) => Number::Big(Rc::new(b)),
        }
    }

    /// True for `Int` and `Big`.
    pub fn is_integer(&self) -> bool {
        !matches!(self, Number::Float(_))
    }

    /// The integer value as an `IBig`, or `None` for a float.
    pub fn to_bigint(&self) -> Option<IBig> {
        match self {
            Number::Int(i) => Some(IBig::from(*i)),
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

impl From<IBig> for Number {
    fn from(b: IBig) -> Number {
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

/// An integer as the float it compares as: the nearest float (ties to even), or an infinity
/// of its sign beyond the float range. SWI-Prolog 9 compares an integer with a float this
/// way, in arithmetic and in the standard order alike.
fn int_as_float(i: &Number) -> f64 {
    match i.to_f64() {
        Some(f) => f,
        None if integer_is_negative(i) => f64::NEG_INFINITY,
        None => f64::INFINITY,
    }
}

fn integer_is_negative(i: &Number) -> bool {
    match i {
        Number::Int(x) => *x < 0,
        Number::Big(b) => b.sign() == Sign::Negative,
        Number::Float(f) => *f < 0.0,
    }
}

fn compare_integers(a: &Number, b: &Number) -> Ordering {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => x.cmp(y),
        // A `Big` is always outside the `i64` range, so its sign decides against an `Int`.
        (Number::Int(_), Number::Big(y)) => {
            if y.sign() == Sign::Negative {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
        (Number::Big(x), Number::Int(_)) => {
            if x.sign() == Sign::Negative {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        }
        (Number::Big(x), Number::Big(y)) => x.cmp(y),
        _ => unreachable!("compare_integers is only called with integers"),
    }
}

/// Compares two numbers by value, or `None` when either is NaN.
///
/// This is what `=:=`, `<` and the other comparison predicates must use: every comparison
/// with NaN fails, as in SWI-Prolog. Two integers compare exactly; an integer and a float
/// compare as two floats, the integer converted to the nearest float (an infinity beyond
/// the float range), as SWI-Prolog 9 does: `2**60+1 =:= float(2**60)` is true and
/// `2**2000 =:= inf` too. `-0.0` and `0.0` compare equal.
pub fn arith_partial_compare(a: &Number, b: &Number) -> Option<Ordering> {
    match (a, b) {
        (Number::Float(x), Number::Float(y)) => x.partial_cmp(y),
        (Number::Float(x), i) => x.partial_cmp(&int_as_float(i)),
        (i, Number::Float(y)) => int_as_float(i).partial_cmp(y),
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
/// Numbers are compared by value as [`arith_partial_compare`] compares them (an integer
/// and a float as two floats); when the values are equal a float comes before an integer
/// (`1.0 @< 1`, and `1.0e20 @< 100000000000000000001`) and `-0.0` comes before `0.0`. NaN
/// comes before every other number and is equal to itself.
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
        Number::from_bigint(s.parse::<IBig>().unwrap())
    }

    #[test]
    fn from_bigint_normalises_to_int() {
        assert_eq!(Number::from_bigint(IBig::from(5)), Number::Int(5));
        assert_eq!(
            Number::from_bigint(IBig::from(i64::MIN)),
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

    // The expected orders below are SWI-Prolog 9.0.4's: compare/3 and the comparison
    // predicates on the same pairs (an integer meets a float as the nearest float).
    #[test]
    fn standard_order_compares_integers_with_floats_as_floats() {
        let two_60_float = Number::Float(2f64.powi(60));
        // 2^60 - 1 and 2^60 + 1 both round to 2^60, so the float comes first.
        assert_eq!(
            standard_order(&Number::Int((1 << 60) + 1), &two_60_float),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&Number::Int((1 << 60) - 1), &two_60_float),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&two_60_float, &Number::Int((1 << 60) - 1)),
            Ordering::Less
        );
        let huge = big("1267650600228229401496703205376");
        assert_eq!(
            standard_order(&huge, &Number::Float(1.0e30)),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&Number::Float(2f64.powi(101)), &huge),
            Ordering::Greater
        );
        // Beyond the float range an integer compares as an infinity of its sign.
        let beyond = Number::from_bigint(IBig::from(1) << 2000usize);
        let minus_beyond = Number::from_bigint(-(IBig::from(1) << 2000usize));
        assert_eq!(
            standard_order(&beyond, &Number::Float(f64::INFINITY)),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&beyond, &Number::Float(f64::MAX)),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&minus_beyond, &Number::Float(f64::NEG_INFINITY)),
            Ordering::Greater
        );
        assert_eq!(
            standard_order(&minus_beyond, &Number::Float(-f64::MAX)),
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
    fn arithmetic_comparison_converts_the_integer_and_nan_is_unordered() {
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
            Ordering::Equal
        );
        assert_eq!(
            arith_compare(&Number::Int(3), &Number::Float(2.5)),
            Ordering::Greater
        );
        assert_eq!(
            arith_compare(&Number::Float(-2.5), &Number::Int(-3)),
            Ordering::Greater
        );
        // 2^1024 - 2^970 lies halfway between the largest float and 2^1024, and rounds to
        // the even 2^1024, that is to infinity; 2^1024 - 2^971 is the largest float.
        let halfway =
            Number::from_bigint((IBig::from(1) << 1024usize) - (IBig::from(1) << 970usize));
        let largest =
            Number::from_bigint((IBig::from(1) << 1024usize) - (IBig::from(1) << 971usize));
        assert_eq!(
            arith_partial_compare(&halfway, &Number::Float(f64::MAX)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            arith_partial_compare(&halfway, &Number::Float(f64::INFINITY)),
            Some(Ordering::Equal)
        );
        assert_eq!(
            arith_partial_compare(&largest, &Number::Float(f64::MAX)),
            Some(Ordering::Equal)
        );
        let nan = Number::Float(f64::NAN);
        assert_eq!(arith_partial_compare(&nan, &Number::Int(1)), None);
        assert_eq!(arith_partial_compare(&halfway, &nan), None);
        assert_eq!(arith_partial_compare(&nan, &nan), None);
        assert_eq!(arith_compare(&nan, &Number::Int(1)), Ordering::Less);
    }
}
