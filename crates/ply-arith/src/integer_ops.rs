//! Integer arithmetic on `Number::Int` and `Number::Big`: the ring operations, the four
//! integer divisions, bitwise operations, shifts and number-theoretic functions.
//!
//! Every operation takes an `i64` fast path with checked arithmetic and falls back to
//! `BigInt` on overflow, so integers never wrap. Nothing here may accept a float: callers
//! check types first, and the functions here assume integer arguments.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{ToPrimitive, Zero};
use std::borrow::Cow;

use super::error::ArithError;
use super::number::Number;

/// The largest integer ply will build, in bits (32 Mbit, about ten million decimal
/// digits). Larger results are refused with `resource_error(memory)` instead of
/// exhausting the machine.
pub const MAX_INTEGER_BITS: u64 = 1 << 25;

/// The value of an integer `Number` as a `BigInt`.
pub(crate) fn big(n: &Number) -> BigInt {
    n.to_bigint()
        .expect("integer_ops is only called with integers")
}

/// The value of an integer `Number` as a `BigInt`, borrowed when it is one already: a sum of
/// two big integers reads both where they are instead of copying them first.
pub(crate) fn big_ref(n: &Number) -> Cow<'_, BigInt> {
    match n {
        Number::Big(b) => Cow::Borrowed(&**b),
        _ => Cow::Owned(big(n)),
    }
}

/// The number of bits in the magnitude of an integer.
pub(crate) fn bit_length(n: &Number) -> u64 {
    match n {
        Number::Int(i) => u64::from(64 - i.unsigned_abs().leading_zeros()),
        Number::Big(b) => b.bits(),
        Number::Float(_) => 0,
    }
}

/// The sign of an integer: -1, 0 or 1.
pub(crate) fn signum(n: &Number) -> i64 {
    match n {
        Number::Int(i) => i.signum(),
        Number::Big(b) => match b.sign() {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        },
        Number::Float(_) => 0,
    }
}

fn checked_size(b: BigInt) -> Result<Number, ArithError> {
    if b.bits() > MAX_INTEGER_BITS {
        Err(ArithError::MEMORY)
    } else {
        Ok(Number::from_bigint(b))
    }
}

/// `X + Y`.
pub fn add(a: &Number, b: &Number) -> Number {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        if let Some(r) = x.checked_add(*y) {
            return Number::Int(r);
        }
    }
    Number::from_bigint(&*big_ref(a) + &*big_ref(b))
}

/// `X - Y`.
pub fn sub(a: &Number, b: &Number) -> Number {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        if let Some(r) = x.checked_sub(*y) {
            return Number::Int(r);
        }
    }
    Number::from_bigint(&*big_ref(a) - &*big_ref(b))
}

/// `X * Y`, refusing products above [`MAX_INTEGER_BITS`].
pub fn mul(a: &Number, b: &Number) -> Result<Number, ArithError> {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        if let Some(r) = x.checked_mul(*y) {
            return Ok(Number::Int(r));
        }
    }
    if bit_length(a) + bit_length(b) > MAX_INTEGER_BITS + 1 {
        return Err(ArithError::MEMORY);
    }
    checked_size(&*big_ref(a) * &*big_ref(b))
}

/// `-X`.
pub fn neg(a: &Number) -> Number {
    match a {
        Number::Int(x) => match x.checked_neg() {
            Some(r) => Number::Int(r),
            None => Number::from_bigint(-BigInt::from(*x)),
        },
        _ => Number::from_bigint(-big(a)),
    }
}

/// `abs(X)`.
pub fn abs(a: &Number) -> Number {
    if signum(a) < 0 {
        neg(a)
    } else {
        a.clone()
    }
}

/// How an integer quotient is rounded.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rounding {
    /// Toward zero: `//` and `rem`.
    Truncate,
    /// Toward negative infinity: `div` and `mod`.
    Floor,
}

/// The quotient of `a` by `b`, rounded as asked; `zero_divisor` when `b` is zero.
pub fn quotient(a: &Number, b: &Number, rounding: Rounding) -> Result<Number, ArithError> {
    if signum(b) == 0 {
        return Err(ArithError::ZERO_DIVISOR);
    }
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        // Only i64::MIN divided by -1 overflows; it falls through to BigInt.
        if *x != i64::MIN || *y != -1 {
            return Ok(Number::Int(match rounding {
                Rounding::Truncate => x / y,
                Rounding::Floor => x.div_floor(y),
            }));
        }
    }
    let (x, y) = (big(a), big(b));
    Ok(Number::from_bigint(match rounding {
        Rounding::Truncate => x / y,
        Rounding::Floor => x.div_floor(&y),
    }))
}

/// The remainder matching [`quotient`]: `rem` (sign of the dividend) for `Truncate`, `mod`
/// (sign of the divisor) for `Floor`.
pub fn remainder(a: &Number, b: &Number, rounding: Rounding) -> Result<Number, ArithError> {
    if signum(b) == 0 {
        return Err(ArithError::ZERO_DIVISOR);
    }
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        // i64::MIN by -1 overflows the quotient but the remainder is simply zero.
        if *y == -1 {
            return Ok(Number::Int(0));
        }
        return Ok(Number::Int(match rounding {
            Rounding::Truncate => x % y,
            Rounding::Floor => x.mod_floor(y),
        }));
    }
    let (x, y) = (big(a), big(b));
    Ok(Number::from_bigint(match rounding {
        Rounding::Truncate => x % y,
        Rounding::Floor => x.mod_floor(&y),
    }))
}

/// The exact quotient `a / b` when `b` divides `a`, else `None`. `b` must not be zero.
pub fn exact_quotient(a: &Number, b: &Number) -> Option<Number> {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        if *y != -1 {
            return if x % y == 0 {
                Some(Number::Int(x / y))
            } else {
                None
            };
        }
    }
    let (q, r) = big(a).div_rem(&big(b));
    if r.is_zero() {
        Some(Number::from_bigint(q))
    } else {
        None
    }
}

/// Which bitwise operation to apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bitwise {
    /// `/\`
    And,
    /// `\/`
    Or,
    /// `xor`
    Xor,
}

/// `X /\ Y`, `X \/ Y` or `xor(X, Y)` on two's complement integers of unbounded width.
pub fn bitwise(a: &Number, b: &Number, op: Bitwise) -> Number {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        return Number::Int(match op {
            Bitwise::And => x & y,
            Bitwise::Or => x | y,
            Bitwise::Xor => x ^ y,
        });
    }
    let (x, y) = (big(a), big(b));
    Number::from_bigint(match op {
        Bitwise::And => x & y,
        Bitwise::Or => x | y,
        Bitwise::Xor => x ^ y,
    })
}

/// `\X`, which is `-X - 1` in two's complement.
pub fn complement(a: &Number) -> Number {
    match a {
        Number::Int(x) => Number::Int(!x),
        _ => Number::from_bigint(-big(a) - 1),
    }
}

/// `X << N` (a negative `N` shifts right, as in SWI-Prolog).
pub fn shift_left(a: &Number, n: &Number) -> Result<Number, ArithError> {
    shift(a, n, false)
}

/// `X >> N`, rounding toward negative infinity (a negative `N` shifts left).
pub fn shift_right(a: &Number, n: &Number) -> Result<Number, ArithError> {
    shift(a, n, true)
}

fn shift(a: &Number, n: &Number, right: bool) -> Result<Number, ArithError> {
    if signum(a) == 0 {
        return Ok(Number::Int(0));
    }
    let leftwards = (signum(n) >= 0) != right;
    // A distance that does not even fit in u64 is either absurd (left) or total (right).
    let distance = abs(n)
        .to_bigint()
        .and_then(|d| d.to_u64())
        .unwrap_or(u64::MAX);
    if leftwards {
        if bit_length(a).saturating_add(distance) > MAX_INTEGER_BITS {
            return Err(ArithError::MEMORY);
        }
        if let Number::Int(x) = a {
            if distance < 64 {
                let wide = i128::from(*x) << distance;
                if let Ok(r) = i64::try_from(wide) {
                    return Ok(Number::Int(r));
                }
            }
        }
        Ok(Number::from_bigint(big(a) << distance))
    } else if distance >= bit_length(a) {
        // Everything is shifted out; the floor of a negative number is then -1.
        Ok(Number::Int(if signum(a) < 0 { -1 } else { 0 }))
    } else {
        match a {
            Number::Int(x) => Ok(Number::Int(x >> distance)),
            _ => Ok(Number::from_bigint(big(a) >> distance)),
        }
    }
}

/// `msb(X)`: the index of the most significant bit of a positive integer.
pub fn msb(a: &Number) -> Result<Number, ArithError> {
    if signum(a) <= 0 {
        return Err(ArithError::domain("not_less_than_one", a));
    }
    Ok(Number::Int(bit_length(a) as i64 - 1))
}

/// `lsb(X)`: the index of the least significant set bit of a positive integer.
pub fn lsb(a: &Number) -> Result<Number, ArithError> {
    if signum(a) <= 0 {
        return Err(ArithError::domain("not_less_than_one", a));
    }
    Ok(Number::Int(match a {
        Number::Int(x) => i64::from(x.trailing_zeros()),
        _ => big(a).trailing_zeros().unwrap_or(0) as i64,
    }))
}

/// `popcount(X)`: the number of set bits of a non-negative integer.
pub fn popcount(a: &Number) -> Result<Number, ArithError> {
    if signum(a) < 0 {
        return Err(ArithError::domain("not_less_than_zero", a));
    }
    Ok(Number::Int(match a {
        Number::Int(x) => i64::from(x.count_ones()),
        _ => big(a).magnitude().count_ones() as i64,
    }))
}

/// `getbit(X, I)`: bit `I` of a non-negative integer.
pub fn getbit(a: &Number, index: &Number) -> Result<Number, ArithError> {
    if signum(a) < 0 {
        return Err(ArithError::domain("not_less_than_zero", a));
    }
    if signum(index) < 0 {
        return Err(ArithError::domain("not_less_than_zero", index));
    }
    let i = match index.to_bigint().and_then(|i| i.to_u64()) {
        Some(i) if i < bit_length(a) => i,
        _ => return Ok(Number::Int(0)),
    };
    Ok(Number::Int(i64::from(big(a).bit(i))))
}

/// `gcd(X, Y)`, always non-negative; `gcd(0, 0)` is 0.
pub fn gcd(a: &Number, b: &Number) -> Number {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        let g = x.unsigned_abs().gcd(&y.unsigned_abs());
        return match i64::try_from(g) {
            Ok(g) => Number::Int(g),
            Err(_) => Number::from_bigint(BigInt::from(g)),
        };
    }
    Number::from_bigint(big(a).gcd(&big(b)))
}

/// `lcm(X, Y)`, always non-negative; 0 when either argument is 0.
pub fn lcm(a: &Number, b: &Number) -> Result<Number, ArithError> {
    if signum(a) == 0 || signum(b) == 0 {
        return Ok(Number::Int(0));
    }
    // The intermediate values are at most the size of a * b, which is bounded because the
    // arguments themselves respect the size limit.
    checked_size(big(a).lcm(&big(b)))
}

/// `powm(B, E, M)`: `B^E mod M`, with SWI-Prolog's domain: a non-negative base and
/// exponent and a positive modulus.
pub fn powm(base: &Number, exp: &Number, modulus: &Number) -> Result<Number, ArithError> {
    if signum(base) < 0 {
        return Err(ArithError::domain("not_less_than_zero", base));
    }
    if signum(exp) < 0 {
        return Err(ArithError::domain("not_less_than_zero", exp));
    }
    if signum(modulus) <= 0 {
        return Err(ArithError::domain("not_less_than_one", modulus));
    }
    Ok(Number::from_bigint(
        big(base).modpow(&big(exp), &big(modulus)),
    ))
}

/// `X ^ N` for a non-negative integer exponent, refusing results above
/// [`MAX_INTEGER_BITS`].
pub fn pow_nonnegative(base: &Number, exp: &Number) -> Result<Number, ArithError> {
    debug_assert!(signum(exp) >= 0);
    // Bases 0, 1 and -1 give small results for any exponent, however large.
    match base {
        Number::Int(0) => return Ok(Number::Int(if signum(exp) == 0 { 1 } else { 0 })),
        Number::Int(1) => return Ok(Number::Int(1)),
        Number::Int(-1) => {
            let odd = big(exp).is_odd();
            return Ok(Number::Int(if odd { -1 } else { 1 }));
        }
        _ => {}
    }
    let e = match exp.to_bigint().and_then(|e| e.to_u32()) {
        Some(e) => e,
        None => return Err(ArithError::MEMORY),
    };
    // |base| >= 2, so the result has about e * log2|base| bits; refuse before computing.
    let log2_base = match base {
        Number::Int(x) => (x.unsigned_abs() as f64).log2(),
        _ => (bit_length(base) - 1) as f64,
    };
    if f64::from(e) * log2_base > MAX_INTEGER_BITS as f64 {
        return Err(ArithError::MEMORY);
    }
    if let Number::Int(x) = base {
        if let Some(r) = x.checked_pow(e) {
            return Ok(Number::Int(r));
        }
    }
    checked_size(num_traits::pow::Pow::pow(big(base), e))
}

/// True when the integer is odd.
pub(crate) fn is_odd(n: &Number) -> bool {
    match n {
        Number::Int(x) => x & 1 == 1,
        _ => big(n).is_odd(),
    }
}

/// True for an integer whose magnitude is exactly one.
pub(crate) fn is_unit(n: &Number) -> bool {
    matches!(n, Number::Int(1) | Number::Int(-1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oversized_results_are_refused_before_they_are_built() {
        let two = Number::Int(2);
        let three = Number::Int(3);
        let limit = Number::Int(MAX_INTEGER_BITS as i64);
        let below = Number::Int(MAX_INTEGER_BITS as i64 - 1);
        assert!(pow_nonnegative(&two, &below).is_ok());
        assert_eq!(pow_nonnegative(&two, &limit), Err(ArithError::MEMORY));
        assert_eq!(pow_nonnegative(&three, &limit), Err(ArithError::MEMORY));
        assert_eq!(shift_left(&three, &limit), Err(ArithError::MEMORY));
        let huge = shift_left(&Number::Int(1), &Number::Int(MAX_INTEGER_BITS as i64 - 1)).unwrap();
        assert_eq!(mul(&huge, &huge), Err(ArithError::MEMORY));
        assert_eq!(mul(&huge, &Number::Int(1)), Ok(huge.clone()));
    }

    #[test]
    fn small_operations_stay_small() {
        assert_eq!(
            add(&Number::Int(i64::MAX), &Number::Int(-1)),
            Number::Int(i64::MAX - 1)
        );
        assert_eq!(neg(&neg(&Number::Int(i64::MIN))), Number::Int(i64::MIN));
        let big_min = sub(&Number::Int(i64::MIN), &Number::Int(1));
        assert!(matches!(big_min, Number::Big(_)));
        assert_eq!(add(&big_min, &Number::Int(1)), Number::Int(i64::MIN));
    }
}
