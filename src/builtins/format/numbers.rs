//! Number layouts for `format/2`: integers with an implied decimal point and thousands
//! groups (`~Nd`, `~ND`), integers under `~Nf`, and C's `%e`, `%f` and `%g` for floats.
//!
//! Pure functions from numbers to text; nothing here sees the machine.

use dashu_int::{IBig, Sign};

/// `n` with a decimal point `div` digits from the right (zero-padded so there is at least one
/// digit before it), and with `,` between groups of three integer digits when `group`.
pub fn decimal(n: &IBig, div: usize, group: bool) -> String {
    let (sign, words) = n.as_sign_words();
    let mut digits = ply_arith::decimal::magnitude_to_string(words);
    if div > 0 && digits.len() < div + 1 {
        digits = format!("{}{}", "0".repeat(div + 1 - digits.len()), digits);
    }
    let (int_part, frac) = digits.split_at(digits.len() - div);
    let int_part = if group {
        group3(int_part)
    } else {
        int_part.to_string()
    };
    let sign = if sign == Sign::Negative { "-" } else { "" };
    if div > 0 {
        format!("{sign}{int_part}.{frac}")
    } else {
        format!("{sign}{int_part}")
    }
}

/// Digits with `,` between groups of three, counted from the right.
fn group3(digits: &str) -> String {
    let n = digits.len();
    let mut out = String::with_capacity(n + n / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An integer under `~Nf`: its exact digits and `prec` zeros after the point.
pub fn fixed_integer(n: &IBig, prec: usize) -> String {
    if prec == 0 {
        n.to_string()
    } else {
        format!("{}.{}", n, "0".repeat(prec))
    }
}

/// A float as C's `printf` writes it with conversion `conv` (`e E f g G`) and precision
/// `prec`.
pub fn c_float(x: f64, conv: char, prec: usize) -> String {
    let upper = conv.is_ascii_uppercase();
    if x.is_nan() {
        return if upper { "NAN" } else { "nan" }.to_string();
    }
    if x.is_infinite() {
        let s = if x < 0.0 { "-inf" } else { "inf" };
        return if upper {
            s.to_uppercase()
        } else {
            s.to_string()
        };
    }
    let s = match conv.to_ascii_lowercase() {
        'e' => exp_form(x, prec),
        'f' => format!("{x:.prec$}"),
        _ => general(x, prec),
    };
    if upper {
        s.to_uppercase()
    } else {
        s
    }
}

/// `%.{prec}e`: one digit, the point, `prec` digits, and an exponent of at least two digits.
fn exp_form(x: f64, prec: usize) -> String {
    let s = format!("{x:.prec$e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", e.abs())
}

/// `%.{prec}g`: the shorter style for the magnitude, trailing zeros removed.
fn general(x: f64, prec: usize) -> String {
    let p = prec.max(1);
    let probe = format!("{x:.prec$e}", prec = p - 1);
    let exp: i64 = probe
        .split_once('e')
        .and_then(|(_, e)| e.parse().ok())
        .unwrap_or(0);
    if exp < -4 || exp >= p as i64 {
        let s = exp_form(x, p - 1);
        let (mantissa, e) = s.split_once('e').unwrap_or((&s, ""));
        format!("{}e{}", strip_zeros(mantissa), e)
    } else {
        let decimals = (p as i64 - 1 - exp).max(0) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

/// A decimal without trailing fraction zeros (and without a bare trailing point).
fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_and_groups() {
        let b = |i: i64| IBig::from(i);
        assert_eq!(decimal(&b(1234), 2, false), "12.34");
        assert_eq!(decimal(&b(5), 2, false), "0.05");
        assert_eq!(decimal(&b(-5), 2, false), "-0.05");
        assert_eq!(decimal(&b(0), 3, false), "0.000");
        assert_eq!(decimal(&b(1234567), 0, true), "1,234,567");
        assert_eq!(decimal(&b(-1234567), 3, true), "-1,234.567");
        assert_eq!(decimal(&b(123), 0, true), "123");
    }

    #[test]
    fn c_conversions() {
        assert_eq!(c_float(1.5, 'e', 6), "1.500000e+00");
        assert_eq!(c_float(123456.0, 'e', 3), "1.235e+05");
        assert_eq!(c_float(1.0e300, 'e', 6), "1.000000e+300");
        assert_eq!(c_float(1.23456, 'f', 2), "1.23");
        assert_eq!(c_float(2.5, 'f', 0), "2");
        assert_eq!(c_float(3.5, 'f', 0), "4");
        assert_eq!(c_float(-0.001, 'f', 2), "-0.00");
        assert_eq!(c_float(1.5, 'g', 6), "1.5");
        assert_eq!(c_float(100000000.0, 'g', 6), "1e+08");
        assert_eq!(c_float(0.0001, 'g', 6), "0.0001");
        assert_eq!(c_float(1.5, 'g', 0), "2");
        assert_eq!(c_float(f64::INFINITY, 'e', 6), "inf");
        assert_eq!(c_float(f64::NAN, 'f', 3), "nan");
    }
}
