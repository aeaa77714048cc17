//! Number printing exactly as SWI-Prolog 9 prints numbers with `write/1` and `print/1`.
//!
//! Floats use the shortest digit string that reads back to the same float, laid out as
//! SWI-Prolog does: `1.0`, `0.0001`, `1.0e-5`, `1.0e+15`, `100000000000000.0`. Infinity
//! and NaN print as `1.0Inf`, `-1.0Inf` and `1.5NaN`, which SWI-Prolog 9.0.4 uses for
//! both `write/1` and `writeq/1`. This module must never print a float that reads back
//! as a different float, nor one that reads back as an integer.

use dashu_int::UBig;

use super::number::Number;

/// A float as `write/1` prints it in SWI-Prolog 9.
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        return "1.5NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "1.0Inf".to_string()
        } else {
            "-1.0Inf".to_string()
        };
    }
    // `{:e}` gives the shortest round-trip digits, e.g. "1.2345e-5" or "1e15".
    let scientific = format!("{:e}", f.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let mut digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    ties_to_even(f.abs(), &mut digits, exponent);
    let mut out = String::with_capacity(digits.len() + 8);
    if f.is_sign_negative() {
        out.push('-');
    }
    layout(&mut out, &digits, exponent + 1);
    out
}

/// When the float lies exactly halfway between two shortest digit strings that both read
/// back as it, takes the one whose last digit is even, as SWI-Prolog's `dtoa` does (Rust
/// picks either): the square root of 5.924083152356685e+29 is 769680657958655.25 exactly,
/// and prints as 769680657958655.2. `digits` are the shortest significant digits with the
/// decimal exponent `exponent` of the first.
fn ties_to_even(f: f64, digits: &mut String, exponent: i32) {
    if f == 0.0 || !f.is_finite() {
        return;
    }
    let bits = f.to_bits();
    let (mut mantissa, mut exp2) = match (bits >> 52) as i64 {
        0 => (bits & ((1 << 52) - 1), -1074),
        e => ((bits & ((1 << 52) - 1)) | (1 << 52), e - 1075),
    };
    let zeros = mantissa.trailing_zeros();
    mantissa >>= zeros;
    exp2 += i64::from(zeros);
    // A tie needs an exact decimal expansion one digit longer than the shortest (at most 18
    // digits), which an odd mantissa allows only for exponents in this window.
    if !(-26..=130).contains(&exp2) {
        return;
    }
    let exact = if exp2 >= 0 {
        (UBig::from(mantissa) << exp2 as usize).to_string()
    } else {
        (UBig::from(mantissa) * UBig::from(5u8).pow((-exp2) as usize)).to_string()
    };
    let point = exact.len() as i64 + exp2.min(0);
    let exact = exact.trim_end_matches('0');
    let n = digits.len();
    if exact.len() != n + 1 || !exact.ends_with('5') || point != i64::from(exponent) + 1 {
        return;
    }
    let lower = &exact[..n];
    let Some(upper) = increment(lower) else {
        return;
    };
    let even = if lower.ends_with(['0', '2', '4', '6', '8']) {
        lower.to_string()
    } else {
        upper
    };
    let reads_back = format!("0.{even}e{}", exponent + 1).parse::<f64>() == Ok(f);
    if even != *digits && reads_back {
        *digits = even;
    }
}

/// The decimal digits of one more than `digits`, or `None` when that needs another digit.
fn increment(digits: &str) -> Option<String> {
    let mut out: Vec<u8> = digits.bytes().collect();
    for d in out.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return String::from_utf8(out).ok();
        }
    }
    None
}

/// A float as `writeq/1` prints it in SWI-Prolog 9; identical to [`format_float`], kept
/// separate so that the writer can diverge if a later SWI-Prolog release does.
pub fn format_float_quoted(f: f64) -> String {
    format_float(f)
}

/// Any number as `write/1` prints it.
pub fn format_number(n: &Number) -> String {
    match n {
        Number::Int(i) => i.to_string(),
        Number::Big(b) => crate::decimal::ibig_to_string(b),
        Number::Float(f) => format_float(*f),
    }
}

/// Numbers display as `write/1` prints them.
impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&format_number(self))
    }
}

/// Lays out significant `digits` whose decimal point sits `point` places from the left
/// (C's `dtoa` convention), following SWI-Prolog's `format_float` rules.
fn layout(out: &mut String, digits: &str, point: i32) {
    let count = digits.len() as i32;
    if point <= -4 || (point > 15 && count <= point) {
        // Exponential: d.ddd followed by e-N or e+N.
        out.push_str(&digits[..1]);
        out.push('.');
        out.push_str(if count > 1 { &digits[1..] } else { "0" });
        let exponent = point - 1;
        if exponent < 0 {
            out.push_str(&format!("e{exponent}"));
        } else {
            out.push_str(&format!("e+{exponent}"));
        }
    } else if point <= 0 {
        out.push_str("0.");
        for _ in 0..-point {
            out.push('0');
        }
        out.push_str(digits);
    } else if count > point {
        out.push_str(&digits[..point as usize]);
        out.push('.');
        out.push_str(&digits[point as usize..]);
    } else {
        out.push_str(digits);
        for _ in 0..point - count {
            out.push('0');
        }
        out.push_str(".0");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strings are what SWI-Prolog 9.0.4 prints with print/1 for the same floats.
    #[test]
    fn plain_and_fixed_point_floats() {
        assert_eq!(format_float(1.0), "1.0");
        assert_eq!(format_float(0.1), "0.1");
        assert_eq!(format_float(0.0), "0.0");
        assert_eq!(format_float(-0.0), "-0.0");
        assert_eq!(format_float(100.0), "100.0");
        assert_eq!(format_float(123.456), "123.456");
        assert_eq!(format_float(1.0e10), "10000000000.0");
        assert_eq!(format_float(9.0e14), "900000000000000.0");
        assert_eq!(format_float(999999999999999.9), "999999999999999.9");
        assert_eq!(format_float(1234567890123456.8), "1234567890123456.8");
        assert_eq!(format_float(0.0001), "0.0001");
        assert_eq!(format_float(0.00012345), "0.00012345");
        assert_eq!(format_float(0.30000000000000004), "0.30000000000000004");
    }

    #[test]
    fn exponential_floats() {
        assert_eq!(format_float(1.0e15), "1.0e+15");
        assert_eq!(format_float(1.5e16), "1.5e+16");
        assert_eq!(format_float(12345678901234567.0), "1.2345678901234568e+16");
        assert_eq!(format_float(1.5e300), "1.5e+300");
        assert_eq!(format_float(1.0e-5), "1.0e-5");
        assert_eq!(format_float(1.2345e-5), "1.2345e-5");
        assert_eq!(format_float(1.0e-10), "1.0e-10");
        assert_eq!(format_float(-1.0e-300), "-1.0e-300");
        assert_eq!(format_float(5.0e-324), "5.0e-324");
        assert_eq!(format_float(f64::MAX), "1.7976931348623157e+308");
        assert_eq!(format_float(f64::EPSILON), "2.220446049250313e-16");
    }

    #[test]
    fn halfway_digits_go_to_even() {
        // SWI-Prolog 9.0.4: X is sqrt(5.924083152356685e+29) prints 769680657958655.2; the
        // float is 769680657958655.25 exactly.
        assert_eq!(
            format_float(5.924083152356685e29_f64.sqrt()),
            "769680657958655.2"
        );
        assert_eq!(format_float(0.125), "0.125");
        assert_eq!(format_float(2.5), "2.5");
        assert_eq!(format_float(9007199254740993.0), "9.007199254740992e+15");
    }

    #[test]
    fn special_floats() {
        assert_eq!(format_float(f64::INFINITY), "1.0Inf");
        assert_eq!(format_float(f64::NEG_INFINITY), "-1.0Inf");
        assert_eq!(format_float(f64::NAN), "1.5NaN");
        assert_eq!(format_float(-f64::NAN), "1.5NaN");
        assert_eq!(format_float_quoted(f64::INFINITY), "1.0Inf");
        assert_eq!(Number::Float(f64::NEG_INFINITY).to_string(), "-1.0Inf");
        assert_eq!(Number::Int(-7).to_string(), "-7");
    }

    #[test]
    fn printed_floats_read_back_exactly() {
        let samples = [
            0.1,
            1.0 / 3.0,
            2.0 / 3.0,
            1e23,
            4.35,
            5e-324,
            2.2250738585072014e-308,
            6.02214076e23,
        ];
        for f in samples {
            let text = format_float(f);
            assert_eq!(text.parse::<f64>().unwrap(), f, "{text}");
            assert!(text.contains('.'), "{text} must not read as an integer");
        }
    }
}
