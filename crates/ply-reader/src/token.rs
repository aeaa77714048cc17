//! The raw token set of Prolog text, derived with logos.
//!
//! This layer only finds where each token starts and ends and what sort it is; decoding escapes
//! and numbers, telling layout-sensitive tokens apart (functional `(`, the end token) and
//! skipping layout is left to the wrapping [`super::lexer::Lexer`]. Callbacks here scan forward
//! with plain loops and must never recurse or allocate.

use logos::{Lexer, Logos};

use super::chars::{is_ident_continue, is_layout, is_symbol_char, unicode_kind, UniKind};
use super::escape::{decode_escape, Escaped};

/// Why the raw lexer could not form a token.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum LexError {
    /// A character that may not appear outside quotes.
    #[default]
    IllegalCharacter,
    /// A quoted item is not closed before the end of the input.
    UnterminatedQuoted,
    /// A block comment runs to the end of the input.
    UnterminatedComment,
    /// A malformed number such as `0x` or a bad `0'\q`.
    IllegalNumber,
}

/// One raw token.
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(error = LexError)]
pub(crate) enum RawToken {
    /// ASCII white space.
    #[regex(r"[ \t\n\r\x0B\x0C]+")]
    Layout,
    /// A `%` comment up to the end of the line.
    #[regex(r"%[^\n]*")]
    LineComment,
    /// A `/* */` comment; comments do not nest.
    #[token("/*", block_comment)]
    BlockComment,
    /// A letter-digit name starting with a lowercase letter.
    #[regex(r"[a-z]", ident_tail)]
    Name,
    /// A variable name.
    #[regex(r"[A-Z_]", ident_tail)]
    Var,
    /// A number, including `0'c`, `0x1F`, `16'FF` and floats.
    #[regex(r"[0-9]", number)]
    Number,
    /// A sequence of symbol characters.
    #[regex(r"[+\-*/\\^<>=~:.?@#&$]", symbol_tail)]
    Symbol,
    /// `!`
    #[token("!")]
    Cut,
    /// `;`
    #[token(";")]
    Semicolon,
    /// `,`
    #[token(",")]
    Comma,
    /// `|`
    #[token("|")]
    Bar,
    /// `(`
    #[token("(")]
    Open,
    /// `)`
    #[token(")")]
    Close,
    /// `[`
    #[token("[")]
    OpenList,
    /// `]`
    #[token("]")]
    CloseList,
    /// `{`
    #[token("{")]
    OpenCurly,
    /// `}`
    #[token("}")]
    CloseCurly,
    /// A single-quoted atom.
    #[token("'", |lex| quoted(lex, b'\''))]
    Quoted,
    /// A double-quoted item.
    #[token("\"", |lex| quoted(lex, b'"'))]
    DoubleQuoted,
    /// A back-quoted item.
    #[token("`", |lex| quoted(lex, b'`'))]
    BackQuoted,
    /// A token that starts with a non-ASCII character, classified by its first character.
    #[regex(r"[^\x00-\x7F]", unicode)]
    Unicode(UniKind),
}

/// Moves the lexer over `n` bytes of its remainder.
fn bump_while(lex: &mut Lexer<RawToken>, pred: impl Fn(char) -> bool) {
    let rest = lex.remainder();
    let n = rest.find(|c: char| !pred(c)).unwrap_or(rest.len());
    lex.bump(n);
}

fn block_comment(lex: &mut Lexer<RawToken>) -> Result<(), LexError> {
    match lex.remainder().find("*/") {
        Some(i) => {
            lex.bump(i + 2);
            Ok(())
        }
        None => {
            lex.bump(lex.remainder().len());
            Err(LexError::UnterminatedComment)
        }
    }
}

fn ident_tail(lex: &mut Lexer<RawToken>) {
    // ASCII letters and digits are by far the most common, so they are stepped over byte by
    // byte; the Unicode tables are consulted only from the first non-ASCII character on.
    let ascii = lex
        .remainder()
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    lex.bump(ascii);
    if lex
        .remainder()
        .as_bytes()
        .first()
        .is_some_and(|b| !b.is_ascii())
    {
        bump_while(lex, is_ident_continue);
    }
}

fn symbol_tail(lex: &mut Lexer<RawToken>) {
    bump_while(lex, is_symbol_char);
}

fn unicode(lex: &mut Lexer<RawToken>) -> Result<UniKind, LexError> {
    let first = lex.slice().chars().next().unwrap_or('\0');
    let kind = unicode_kind(first);
    match kind {
        UniKind::VarStart | UniKind::AtomStart => bump_while(lex, is_ident_continue),
        UniKind::Layout => bump_while(lex, is_layout),
        UniKind::Symbol => bump_while(lex, is_symbol_char),
        // A mark or digit cannot start an identifier; like SWI-Prolog we let it stand alone.
        UniKind::ContinueOnly => return Ok(UniKind::Symbol),
        UniKind::Illegal => return Err(LexError::IllegalCharacter),
    }
    Ok(kind)
}

/// Scans a quoted item after its opening quote: up to the matching quote, stepping over
/// backslash escapes and doubled quotes.
fn quoted(lex: &mut Lexer<RawToken>, quote: u8) -> Result<(), LexError> {
    let rest = lex.remainder();
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\\' {
            // Numeric escapes end in an optional backslash (`\101\`), so the extent of an
            // escape is what the decoder says. A bad escape is reported when the text is
            // decoded; here it is stepped over by the extent the decoder gives it.
            i += match decode_escape(rest.get(i + 1..).unwrap_or("")) {
                Ok((_, used)) => 1 + used,
                Err(e) => 1 + e.len.max(1),
            };
        } else if b == quote {
            if bytes.get(i + 1) == Some(&quote) {
                i += 2;
            } else {
                lex.bump(i + 1);
                return Ok(());
            }
        } else {
            // A line break is part of the text, as SWI-Prolog reads it (ISO wants a backslash
            // before it); the reader still names a quote that runs past its line when the
            // clause then goes wrong (`Lexer::first_multiline`).
            i += 1;
        }
    }
    lex.bump(bytes.len());
    Err(LexError::UnterminatedQuoted)
}

/// Scans the rest of a number after its first digit.
fn number(lex: &mut Lexer<RawToken>) -> Result<(), LexError> {
    let used = number_extent(lex.slice(), lex.remainder())?;
    lex.bump(used);
    Ok(())
}

/// How many bytes of `rest` belong to the number that starts with the digit `first`.
pub(crate) fn number_extent(first: &str, rest: &str) -> Result<usize, LexError> {
    let b = rest.as_bytes();
    if first == "0" {
        match b.first() {
            Some(b'\'') => return char_code_extent(&rest[1..]).map(|n| n + 1),
            Some(&c @ (b'x' | b'o' | b'b')) => {
                let radix = match c {
                    b'x' => 16,
                    b'o' => 8,
                    _ => 2,
                };
                let digits = grouped_digits(&b[1..], radix, false);
                return if digits == 0 {
                    Err(LexError::IllegalNumber)
                } else {
                    Ok(1 + digits)
                };
            }
            _ => {}
        }
    }
    let plain = b.iter().take_while(|d| d.is_ascii_digit()).count();
    let mut i = plain + grouped_tail(b, plain, 10, true);
    match b.get(i) {
        Some(b'\'') if i == plain => {
            let radix: u32 = format!("{first}{}", &rest[..i]).parse().unwrap_or(0);
            if (2..=36).contains(&radix) {
                let digits = grouped_digits(&b[i + 1..], radix, false);
                if digits > 0 {
                    return Ok(i + 1 + digits);
                }
            }
            Ok(i)
        }
        Some(b'.') if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
            i += 1;
            i += b[i..].iter().take_while(|d| d.is_ascii_digit()).count();
            i += exponent_extent(&b[i..]);
            if rest[i..].starts_with("Inf") || rest[i..].starts_with("NaN") {
                i += 3;
            }
            Ok(i)
        }
        Some(b'e' | b'E') => Ok(i + exponent_extent(&b[i..])),
        _ => Ok(i),
    }
}

/// The length of the digits of `radix` at the start of `b`, in groups as SWI-Prolog reads them
/// (see [`grouped_tail`]); 0 when `b` does not start with a digit.
fn grouped_digits(b: &[u8], radix: u32, space: bool) -> usize {
    let n = b
        .iter()
        .take_while(|d| char::from(**d).is_digit(radix))
        .count();
    if n == 0 {
        0
    } else {
        n + grouped_tail(b, n, radix, space)
    }
}

/// The length of the digit groups after the digit that ends at `b[..at]`: as in SWI-Prolog,
/// a digit group follows `_` and optional layout (`1_000_000`, `1_<newline>000`) or, when
/// `space` is allowed (decimal integers), exactly one space (`1 000 000`); a separator not
/// followed by a digit is no part of the number.
fn grouped_tail(b: &[u8], at: usize, radix: u32, space: bool) -> usize {
    let is_digit = |i: usize| b.get(i).is_some_and(|d| char::from(*d).is_digit(radix));
    let mut i = at;
    loop {
        let next = match b.get(i) {
            Some(b'_') => {
                let mut j = i + 1;
                while b.get(j).is_some_and(|c| c.is_ascii_whitespace()) {
                    j += 1;
                }
                j
            }
            Some(b' ') if space => i + 1,
            _ => break,
        };
        if !is_digit(next) {
            break;
        }
        i = next;
        while is_digit(i) {
            i += 1;
        }
    }
    i - at
}

/// The length of an exponent `e+12` at the start of `b`, or 0 if there is none.
fn exponent_extent(b: &[u8]) -> usize {
    if !matches!(b.first(), Some(b'e' | b'E')) {
        return 0;
    }
    let sign = usize::from(matches!(b.get(1), Some(b'+' | b'-')));
    let digits = b[1 + sign..]
        .iter()
        .take_while(|d| d.is_ascii_digit())
        .count();
    if digits == 0 {
        0
    } else {
        1 + sign + digits
    }
}

/// The length of the character after `0'`: one character, an escape, `''` (ISO) or `'` (as
/// SWI-Prolog also accepts).
fn char_code_extent(rest: &str) -> Result<usize, LexError> {
    if rest.starts_with("''") {
        return Ok(2);
    }
    match rest.chars().next() {
        None | Some('\n') => Err(LexError::IllegalNumber),
        Some('\\') => match decode_escape(&rest[1..]) {
            Ok((Escaped::Char(_), used)) => Ok(1 + used),
            _ => Err(LexError::IllegalNumber),
        },
        Some(c) => Ok(c.len_utf8()),
    }
}
