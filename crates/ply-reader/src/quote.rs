//! Quoting rules for writing atoms and strings so that they read back as themselves.
//!
//! The term writer asks here whether an atom needs quotes and how to quote it; the answers are
//! derived from the same character classes the lexer uses, so whatever is written unquoted lexes
//! as one name token with the same text. The escapes follow what SWI-Prolog's `writeq/1` prints.
//! This module writes text only and must never read or parse.

use unicode_general_category::{get_general_category, GeneralCategory as G};

pub use super::chars::{char_class, is_var_start, CharClass};
use super::chars::{is_atom_start, is_ident_continue, is_symbol_char};

/// True if `writeq` must quote `name`: it is not `[]`, `{}`, `!` or `;`, not a letter-digit atom
/// starting with a lowercase or caseless letter, and not a symbol-char atom (other than `.` and
/// those starting with `/*`, which would read as an end token or a comment).
pub fn atom_needs_quotes(name: &str) -> bool {
    if matches!(name, "[]" | "{}" | "!" | ";") {
        return false;
    }
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return true;
    };
    if is_atom_start(first) {
        return !chars.all(is_ident_continue);
    }
    if is_symbol_char(first) {
        return name == "." || name.starts_with("/*") || !chars.all(is_symbol_char);
    }
    true
}

/// `name` in single quotes with the escapes `writeq` uses (`'don\'t'`, `'a\nb'`), whether or
/// not it needs them; see [`atom_needs_quotes`].
pub fn quote_atom(name: &str) -> String {
    quote(name, '\'')
}

/// `s` in double quotes with the escapes `writeq` uses for string objects.
pub fn quote_string(s: &str) -> String {
    quote(s, '"')
}

fn quote(text: &str, q: char) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push(q);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0B' => out.push_str("\\v"),
            '\x0C' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if c == q => {
                out.push('\\');
                out.push(c);
            }
            c if needs_hex_escape(c) => {
                out.push_str(&format!("\\x{:X}\\", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push(q);
    out
}

/// Control, format, private-use and unassigned characters and separators other than the plain
/// space are written as `\xHH\`, so that quoted text shows what it contains.
fn needs_hex_escape(c: char) -> bool {
    if c == ' ' {
        return false;
    }
    matches!(
        get_general_category(c),
        G::Control
            | G::Format
            | G::SpaceSeparator
            | G::LineSeparator
            | G::ParagraphSeparator
            | G::PrivateUse
            | G::Surrogate
            | G::Unassigned
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn needs_quotes_like_swi_writeq() {
        for a in [
            "[]", "{}", "!", ";", "aB_1", "ходы", "走步", "ǅx", "≤≥", "+/*", "..", "-", "$", "é",
        ] {
            assert!(!atom_needs_quotes(a), "{a}");
        }
        for a in [
            ",",
            "|",
            "",
            " ",
            "A",
            "_a",
            "Оц",
            ".",
            "/*",
            "%",
            "a.b",
            "hello world",
            "(",
            "'",
        ] {
            assert!(atom_needs_quotes(a), "{a}");
        }
    }

    #[test]
    fn escapes_like_swi_writeq() {
        assert_eq!(quote_atom("don't"), r"'don\'t'");
        assert_eq!(quote_atom("a\nb\\"), r"'a\nb\\'");
        assert_eq!(quote_atom("\x07\x08\x0C\x0B\r\0"), r"'\a\b\f\v\r\x0\'");
        assert_eq!(quote_atom("\x1B\u{a0}\u{200b}"), r"'\x1B\\xA0\\x200B\'");
        assert_eq!(quote_atom("a\"b`"), "'a\"b`'");
        assert_eq!(quote_string("a\"b'"), r#""a\"b'""#);
    }
}
