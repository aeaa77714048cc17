//! Integer arithmetic on `Number::Int` and `Number::Big`: the ring operations, the four
//! integer divisions, bitwise operations, shifts and number-theoretic functions.
//!
//! Every operation takes an `i64` fast path with checked arithmetic and falls back to
//! `IBig` (dashu-int) on overflow, so integers never wrap. Nothing here may accept a float: callers
//! check types first, and the functions here assume integer arguments.

use dashu_int::fast_div::ConstDivisor;
use dashu_int::ops::{BitTest, DivRem, Gcd};
use dashu_int::{IBig, Sign, UBig};
use num_integer::Integer;
use std::borrow::Cow;
use std::rc::Rc;

use super::conversion::words_bits;

use super::error::ArithError;
use super::fast_mul;
use super::mersenne;
use super::number::Number;
use super::repeated_divisor;
use super::small_quotient;
use super::word_remainder;

/// The largest integer ply will build, in bits (32 Mbit, about ten million decimal
/// digits). Larger results are refused with `resource_error(memory)` instead of
/// exhausting the machine.
pub const MAX_INTEGER_BITS: u64 = 1 << 25;

/// The value of an integer `Number` as an `IBig`.
pub(crate) fn big(n: &Number) -> IBig {
    n.to_bigint()
        .expect("integer_ops is only called with integers")
}

/// The value of an integer `Number` as an `IBig`, borrowed when it is one already: a sum of
/// two big integers reads both where they are instead of copying them first.
pub(crate) fn big_ref(n: &Number) -> Cow<'_, IBig> {
    match n {
        Number::Big(b) => Cow::Borrowed(&**b),
        _ => Cow::Owned(big(n)),
    }
}

/// The number of bits in the magnitude of an integer.
pub(crate) fn bit_length(n: &Number) -> u64 {
    match n {
        Number::Int(i) => u64::from(64 - i.unsigned_abs().leading_zeros()),
        Number::Big(b) => words_bits(b.as_sign_words().1),
        Number::Float(_) => 0,
    }
}

/// The sign of an integer: -1, 0 or 1.
pub(crate) fn signum(n: &Number) -> i64 {
    match n {
        Number::Int(i) => i.signum(),
        // A `Big` is never zero.
        Number::Big(b) => match b.sign() {
            Sign::Negative => -1,
            Sign::Positive => 1,
        },
        Number::Float(_) => 0,
    }
}

fn checked_size(b: IBig) -> Result<Number, ArithError> {
    if words_bits(b.as_sign_words().1) > MAX_INTEGER_BITS {
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

/// `X + W` (or `X - W` when `subtract`) for an integer `X` the caller owns and a word `W`:
/// the same value as [`add`] and [`sub`], but a big `X` held nowhere else is changed in its
/// own buffer instead of copied into a fresh one (`S*S - 2`, whose square is a temporary).
pub fn add_word_owned(a: Number, w: i64, subtract: bool) -> Number {
    match a {
        Number::Big(rc) => {
            let mut x = Rc::try_unwrap(rc).unwrap_or_else(|shared| (*shared).clone());
            if subtract {
                x -= w;
            } else {
                x += w;
            }
            Number::from_bigint(x)
        }
        other if subtract => sub(&other, &Number::Int(w)),
        other => add(&other, &Number::Int(w)),
    }
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
    if let (Number::Int(w), Number::Big(x)) | (Number::Big(x), Number::Int(w)) = (a, b) {
        // A big integer times a word: one pass (dashu-int shifts first for an even word).
        let (sx, wx) = x.as_sign_words();
        let sign = if *w < 0 { -sx } else { sx };
        return checked_size(IBig::from_sign_words(
            sign,
            &fast_mul::mul_word(wx, w.unsigned_abs()),
        ));
    }
    if let (Number::Big(x), Number::Big(y)) = (a, b) {
        let ((sx, wx), (sy, wy)) = (x.as_sign_words(), y.as_sign_words());
        if wx.len().min(wy.len()) >= fast_mul::MIN_WORDS {
            // `X*X` evaluates X twice: equal words are squared, at about half the cost.
            let magnitude = if wx == wy {
                fast_mul::sqr_words(wx)
            } else {
                fast_mul::mul_words(wx, wy)
            };
            return checked_size(IBig::from_sign_words(sx * sy, &magnitude));
        }
    }
    checked_size(&*big_ref(a) * &*big_ref(b))
}

/// `-X`.
pub fn neg(a: &Number) -> Number {
    match a {
        Number::Int(x) => match x.checked_neg() {
            Some(r) => Number::Int(r),
            None => Number::from_bigint(-IBig::from(*x)),
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
    if let Some((q, _)) = small_quotient::divide(a, b, rounding, false) {
        return Ok(q);
    }
    // Both non-negative: both roundings agree.
    if let Some((q, _)) = repeated_divisor::divide(a, b) {
        return Ok(Number::from_bigint(IBig::from(UBig::from_words(&q))));
    }
    let (x, y) = (big_ref(a), big_ref(b));
    Ok(Number::from_bigint(match rounding {
        Rounding::Truncate => &*x / &*y,
        Rounding::Floor => floor_div_rem(&x, &y).0,
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
    if let Some(r) = word_remainder::remainder(a, b, rounding) {
        return Ok(r);
    }
    if let Some((_, Some(r))) = small_quotient::divide(a, b, rounding, true) {
        return Ok(r);
    }
    // Both non-negative: both roundings agree.
    if let Some(r) = mersenne::remainder(a, b) {
        return Ok(Number::from_bigint(IBig::from(UBig::from_words(&r))));
    }
    if let Some((_, r)) = repeated_divisor::divide(a, b) {
        return Ok(Number::from_bigint(IBig::from(UBig::from_words(&r))));
    }
    let (x, y) = (big_ref(a), big_ref(b));
    Ok(Number::from_bigint(match rounding {
        Rounding::Truncate => &*x % &*y,
        Rounding::Floor => floor_div_rem(&x, &y).1,
    }))
}

/// The quotient rounded toward negative infinity and the remainder with the divisor's sign.
fn floor_div_rem(x: &IBig, y: &IBig) -> (IBig, IBig) {
    let (q, r) = x.div_rem(y);
    if !r.is_zero() && (r.sign() != y.sign()) {
        (q - IBig::ONE, r + y)
    } else {
        (q, r)
    }
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
    let (q, r) = (&*big_ref(a)).div_rem(&*big_ref(b));
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
    let (x, y) = (big_ref(a), big_ref(b));
    Number::from_bigint(match op {
        Bitwise::And => &*x & &*y,
        Bitwise::Or => &*x | &*y,
        Bitwise::Xor => &*x ^ &*y,
    })
}

/// `\X`, which is `-X - 1` in two's complement.
pub fn complement(a: &Number) -> Number {
    match a {
        Number::Int(x) => Number::Int(!x),
        _ => Number::from_bigint(-big(a) - IBig::ONE),
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
        .and_then(|d| u64::try_from(&d).ok())
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
        Ok(Number::from_bigint(&*big_ref(a) << distance as usize))
    } else if distance >= bit_length(a) {
        // Everything is shifted out; the floor of a negative number is then -1.
        Ok(Number::Int(if signum(a) < 0 { -1 } else { 0 }))
    } else {
        match a {
            Number::Int(x) => Ok(Number::Int(x >> distance)),
            _ => Ok(Number::from_bigint(&*big_ref(a) >> distance as usize)),
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
        _ => big_ref(a).trailing_zeros().unwrap_or(0) as i64,
    }))
}

/// `popcount(X)`: the number of set bits of a non-negative integer.
pub fn popcount(a: &Number) -> Result<Number, ArithError> {
    if signum(a) < 0 {
        return Err(ArithError::domain("not_less_than_zero", a));
    }
    Ok(Number::Int(match a {
        Number::Int(x) => i64::from(x.count_ones()),
        _ => UBig::from_words(big_ref(a).as_sign_words().1).count_ones() as i64,
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
    let i = match index.to_bigint().and_then(|i| u64::try_from(&i).ok()) {
        Some(i) if i < bit_length(a) => i,
        _ => return Ok(Number::Int(0)),
    };
    Ok(Number::Int(i64::from(big_ref(a).bit(i as usize))))
}

/// `gcd(X, Y)`, always non-negative; `gcd(0, 0)` is 0.
pub fn gcd(a: &Number, b: &Number) -> Number {
    if let (Number::Int(x), Number::Int(y)) = (a, b) {
        let g = Integer::gcd(&x.unsigned_abs(), &y.unsigned_abs());
        return match i64::try_from(g) {
            Ok(g) => Number::Int(g),
            Err(_) => Number::from_bigint(IBig::from(g)),
        };
    }
    Number::from_bigint(IBig::from((&*big_ref(a)).gcd(&*big_ref(b))))
}

/// `lcm(X, Y)`, always non-negative; 0 when either argument is 0.
pub fn lcm(a: &Number, b: &Number) -> Result<Number, ArithError> {
    if signum(a) == 0 || signum(b) == 0 {
        return Ok(Number::Int(0));
    }
    // The intermediate values are at most the size of a * b, which is bounded because the
    // arguments themselves respect the size limit.
    let (x, y) = (big_ref(a), big_ref(b));
    let g = IBig::from((&*x).gcd(&*y));
    let magnitude = |v: &IBig| IBig::from(UBig::from_words(v.as_sign_words().1));
    checked_size(magnitude(&(&*x / &g)) * magnitude(&y))
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
    if matches!(modulus, Number::Int(1)) {
        // Everything is 0 modulo 1, also x^0 (SWI-Prolog's `powm(3, 0, 1)` is 0).
        return Ok(Number::Int(0));
    }
    let m = UBig::from_words(big_ref(modulus).as_sign_words().1);
    if m.as_words().len() >= crate::modular_power::MIN_WORDS {
        // Moduli of many words: ply's products and Barrett's reductions.
        let b = UBig::from_words(big_ref(base).as_sign_words().1) % &m;
        let e = big_ref(exp);
        let r = if m.as_words()[0] & 1 == 1 {
            // Odd moduli: Montgomery's products.
            let e = UBig::from_words(e.as_sign_words().1);
            crate::montgomery::powm_odd(b.as_words(), e.as_words(), m.as_words())
        } else {
            crate::modular_power::powm_words(b.as_words(), e.as_sign_words().1, m.as_words())
        };
        return Ok(Number::from_bigint(IBig::from(UBig::from_words(&r))));
    }
    let ring = ConstDivisor::new(m);
    let e = UBig::from_words(big_ref(exp).as_sign_words().1);
    let r = ring.reduce(big(base)).pow(&e).residue();
    Ok(Number::from_bigint(IBig::from(r)))
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
            let odd = is_odd(exp);
            return Ok(Number::Int(if odd { -1 } else { 1 }));
        }
        _ => {}
    }
    let e = match exp.to_bigint().and_then(|e| u32::try_from(&e).ok()) {
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
    checked_size(big_pow(&big_ref(base), e))
}

/// `base ^ e` for `|base| >= 2`: the factor 2^k of the base as a shift, the odd rest by
/// [`fast_mul::pow_words`] once the result is past a few words.
fn big_pow(base: &IBig, e: u32) -> IBig {
    let zeros = base.trailing_zeros().unwrap_or(0);
    let odd = base >> zeros;
    let (sign, words) = odd.as_sign_words();
    if words.len() as u64 * u64::from(e) < 2 * fast_mul::MIN_WORDS as u64 {
        return base.pow(e as usize);
    }
    let sign = if e.is_multiple_of(2) {
        Sign::Positive
    } else {
        sign
    };
    IBig::from_sign_words(sign, &fast_mul::pow_words(words, e)) << (zeros * e as usize)
}

/// True when the integer is odd.
pub(crate) fn is_odd(n: &Number) -> bool {
    match n {
        Number::Int(x) => x & 1 == 1,
        _ => big_ref(n)
            .as_sign_words()
            .1
            .first()
            .is_some_and(|w| w & 1 == 1),
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

    /// A big integer plus or minus a word in its own buffer gives what [`add`] and [`sub`]
    /// give, whether the value is held elsewhere too or not, for values of one to five words
    /// of both signs around the carries, and words at the ends of their range; results that
    /// fit a word come back as `Int`.
    #[test]
    fn owned_word_sums_match_add_and_sub() {
        let mut g = crate::test_words::Words(0x0a11_0c47_e5ee_d015);
        let mut values = vec![
            Number::from_bigint(IBig::from(u64::MAX)),
            Number::from_bigint(IBig::from(i64::MAX) + IBig::ONE),
            Number::from_bigint(IBig::from(i64::MIN) - IBig::ONE),
            Number::from_bigint(IBig::ONE << 128),
            Number::from_bigint(-(IBig::ONE << 128)),
            Number::from_bigint((IBig::ONE << 192) - IBig::ONE),
        ];
        for len in 1..=5 {
            for sign in [Sign::Positive, Sign::Negative] {
                values.push(Number::from_bigint(IBig::from_sign_words(
                    sign,
                    &g.take(len),
                )));
            }
        }
        let words = [0, 1, -1, 2, -2, i64::MAX, i64::MIN, g.next() as i64];
        let mut checked = 0;
        for v in &values {
            for &w in &words {
                for subtract in [false, true] {
                    let want = if subtract {
                        sub(v, &Number::Int(w))
                    } else {
                        add(v, &Number::Int(w))
                    };
                    // Held only here: changed in place.
                    let own = Number::from_bigint(big(v));
                    assert_eq!(
                        add_word_owned(own, w, subtract),
                        want,
                        "{v:?} {w} {subtract}"
                    );
                    // Held elsewhere too: the other holder keeps its value.
                    let shared = v.clone();
                    assert_eq!(add_word_owned(shared, w, subtract), want);
                    assert_eq!(v, &Number::from_bigint(big(v)));
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, values.len() * words.len() * 2);
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
