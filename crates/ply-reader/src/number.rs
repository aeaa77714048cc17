//! The values of number literals, and `parse_number` for `number_codes/2` and `atom_number/2`.
//!
//! The lexer has already fixed where a number ends; this module only turns that text into an
//! integer (falling back to a big integer on overflow) or a float. It must never accept text
//! that the lexer would not read as one number token.

use dashu_int::{IBig, UBig};

use super::ast::NodeKind;
use super::chars::is_layout;
use super::escape::{decode_escape, Escaped};
use super::token::number_extent;

/// Why a number token has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumberError {
    /// The literal is malformed.
    Illegal,
    /// A float literal too large for 64 bits.
    FloatOverflow,
}

/// The value of a number token's text (as delimited by the lexer).
pub(crate) fn number_value(t: &str) -> Result<NodeKind, NumberError> {
    if let Some(rest) = t.strip_prefix("0'") {
        return char_code(rest).map(|c| NodeKind::Int(i64::from(c)));
    }
    // Digit groups (`1 000 000`, `1_000_000`) are the lexer's business; the value is that of
    // the digits without their separators.
    let ungrouped: String;
    let t = if t.contains(['_', ' ', '\t', '\n', '\r']) {
        ungrouped = t.chars().filter(|c| *c != '_' && !is_layout(*c)).collect();
        ungrouped.as_str()
    } else {
        t
    };
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(digits) = t.strip_prefix(prefix) {
            return integer(digits, radix);
        }
    }
    if let Some((radix, digits)) = t.split_once('\'') {
        let radix: u32 = radix.parse().map_err(|_| NumberError::Illegal)?;
        return integer(digits, radix);
    }
    if t.contains(['.', 'e', 'E']) {
        return float(t);
    }
    integer(t, 10)
}

fn char_code(rest: &str) -> Result<u32, NumberError> {
    if rest == "'" || rest == "''" {
        return Ok(u32::from('\''));
    }
    if let Some(esc) = rest.strip_prefix('\\') {
        return match decode_escape(esc) {
            Ok((Escaped::Char(c), _)) => Ok(u32::from(c)),
            _ => Err(NumberError::Illegal),
        };
    }
    rest.chars()
        .next()
        .map(u32::from)
        .ok_or(NumberError::Illegal)
}

fn integer(digits: &str, radix: u32) -> Result<NodeKind, NumberError> {
    if digits.is_empty() {
        return Err(NumberError::Illegal);
    }
    if let Ok(v) = i64::from_str_radix(digits, radix) {
        return Ok(NodeKind::Int(v));
    }
    // The lexer has checked the digits; a sign is no digit, so none may pass here either.
    if !digits.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(NumberError::Illegal);
    }
    UBig::from_str_radix(digits, radix)
        .map(|b| NodeKind::BigInt(Box::new(IBig::from(b))))
        .map_err(|_| NumberError::Illegal)
}

fn float(t: &str) -> Result<NodeKind, NumberError> {
    if t.ends_with("Inf") {
        return Ok(NodeKind::Float(f64::INFINITY));
    }
    if t.ends_with("NaN") {
        return Ok(NodeKind::Float(f64::NAN));
    }
    let v: f64 = t.parse().map_err(|_| NumberError::Illegal)?;
    if v.is_infinite() {
        return Err(NumberError::FloatOverflow);
    }
    Ok(NodeKind::Float(v))
}

/// The negation of a number value, used for `-` directly followed by a number literal.
pub(crate) fn negate(k: NodeKind) -> NodeKind {
    match k {
        NodeKind::Int(v) => match v.checked_neg() {
            Some(n) => NodeKind::Int(n),
            None => NodeKind::BigInt(Box::new(-IBig::from(v))),
        },
        NodeKind::BigInt(b) => {
            let n = -*b;
            match i64::try_from(&n) {
                Ok(v) => NodeKind::Int(v),
                Err(_) => NodeKind::BigInt(Box::new(n)),
            }
        }
        NodeKind::Float(f) => NodeKind::Float(-f),
        other => other,
    }
}

/// Reads `text` as one number, as `number_codes/2` and `atom_number/2` do: optional leading
/// layout, an optional sign (`-`, or `+` as SWI-Prolog also allows), one number token and
/// nothing after it. Returns `None` if `text` is not exactly a number.
pub fn parse_number(text: &str) -> Option<NodeKind> {
    let t = text.trim_start_matches(is_layout);
    let (negative, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let first = t.get(..1)?;
    if !first.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    let len = 1 + number_extent(first, &t[1..]).ok()?;
    if len != t.len() {
        return None;
    }
    let v = number_value(t).ok()?;
    Some(if negative { negate(v) } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values() {
        assert_eq!(number_value("0'a"), Ok(NodeKind::Int(97)));
        assert_eq!(number_value("0'''"), Ok(NodeKind::Int(39)));
        assert_eq!(number_value("0'\\n"), Ok(NodeKind::Int(10)));
        assert_eq!(number_value("0x1F"), Ok(NodeKind::Int(31)));
        assert_eq!(number_value("36'ZZ"), Ok(NodeKind::Int(1295)));
        assert_eq!(number_value("1 000 000"), Ok(NodeKind::Int(1_000_000)));
        assert_eq!(number_value("0x1_F"), Ok(NodeKind::Int(31)));
        assert_eq!(number_value("1.0e10"), Ok(NodeKind::Float(1.0e10)));
        assert_eq!(number_value("1.0e400"), Err(NumberError::FloatOverflow));
        assert!(matches!(
            number_value("99999999999999999999"),
            Ok(NodeKind::BigInt(_))
        ));
    }

    #[test]
    fn parse_number_is_exact() {
        assert_eq!(parse_number(" -12"), Some(NodeKind::Int(-12)));
        assert_eq!(parse_number("0'a"), Some(NodeKind::Int(97)));
        assert_eq!(parse_number("12 "), None);
        assert_eq!(parse_number("1a"), None);
        assert_eq!(parse_number("- 1"), None);
        assert_eq!(parse_number("1 000"), Some(NodeKind::Int(1000)));
        assert_eq!(parse_number("1_000_000"), Some(NodeKind::Int(1_000_000)));
        assert_eq!(parse_number("1__0"), None);
        assert_eq!(parse_number("1 _0"), None);
        assert_eq!(parse_number("abc"), None);
        assert_eq!(
            parse_number("-9223372036854775808"),
            Some(NodeKind::Int(i64::MIN))
        );
    }
}
