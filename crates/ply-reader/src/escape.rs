//! Escape sequences inside quoted atoms, strings, back-quoted text and `0'c` character codes.
//!
//! Accepts every ISO escape (`\n \t \\ \' \" \` \a \b \f \v \r`, octal `\17\` and hex `\x41\`
//! with the closing backslash optional as SWI-Prolog allows, line continuation), SWI-Prolog's
//! `\e`, `\s`, `\uXXXX` and `\UXXXXXXXX`, and doubled quotes. It decodes text that the lexer has
//! already delimited and must never decide where a token ends.

/// Why an escape sequence could not be decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EscapeErrorKind {
    /// `\q` and the like.
    Undefined,
    /// A code point above U+10FFFF or a surrogate.
    IllegalCode,
}

/// An escape error at byte `offset` (relative to the decoded text) covering `len` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EscapeError {
    pub kind: EscapeErrorKind,
    pub offset: usize,
    pub len: usize,
    /// The character after the backslash, for the message.
    pub ch: char,
}

/// What one escape sequence stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Escaped {
    /// A character.
    Char(char),
    /// A backslash-newline continuation, which stands for nothing.
    Nothing,
}

/// Decodes the escape sequence at the start of `s`, which begins just after a backslash.
/// Returns what it stands for and how many bytes of `s` it uses.
pub(crate) fn decode_escape(s: &str) -> Result<(Escaped, usize), EscapeError> {
    let mut chars = s.chars();
    let Some(c) = chars.next() else {
        return Err(EscapeError {
            kind: EscapeErrorKind::Undefined,
            offset: 0,
            len: 0,
            ch: ' ',
        });
    };
    let simple = |ch: char| Ok((Escaped::Char(ch), c.len_utf8()));
    match c {
        'n' => simple('\n'),
        't' => simple('\t'),
        'r' => simple('\r'),
        'a' => simple('\x07'),
        'b' => simple('\x08'),
        'f' => simple('\x0C'),
        'v' => simple('\x0B'),
        'e' => simple('\x1B'),
        's' => simple(' '),
        '\\' | '\'' | '"' | '`' => simple(c),
        '\n' => Ok((Escaped::Nothing, 1)),
        '\r' if s[1..].starts_with('\n') => Ok((Escaped::Nothing, 2)),
        '0'..='7' => {
            let digits = s.bytes().take_while(|b| (b'0'..=b'7').contains(b)).count();
            numeric_escape(s, 0, digits, 8)
        }
        'x' => {
            let digits = s[1..].bytes().take_while(u8::is_ascii_hexdigit).count();
            if digits == 0 {
                return undefined(c);
            }
            numeric_escape(s, 1, digits, 16)
        }
        'u' | 'U' => {
            let want = if c == 'u' { 4 } else { 8 };
            let digits = s[1..]
                .bytes()
                .take(want)
                .take_while(u8::is_ascii_hexdigit)
                .count();
            if digits < want {
                return undefined(c);
            }
            let code = u32::from_str_radix(&s[1..1 + want], 16).unwrap_or(u32::MAX);
            match char::from_u32(code) {
                Some(ch) => Ok((Escaped::Char(ch), 1 + want)),
                None => Err(EscapeError {
                    kind: EscapeErrorKind::IllegalCode,
                    offset: 0,
                    len: 1 + want,
                    ch: c,
                }),
            }
        }
        _ => undefined(c),
    }
}

fn undefined(c: char) -> Result<(Escaped, usize), EscapeError> {
    Err(EscapeError {
        kind: EscapeErrorKind::Undefined,
        offset: 0,
        len: c.len_utf8(),
        ch: c,
    })
}

/// Decodes `\ooo\` or `\xhh\`: `digits` digits of `radix` after a prefix of `skip` bytes, then an
/// optional closing backslash.
fn numeric_escape(
    s: &str,
    skip: usize,
    digits: usize,
    radix: u32,
) -> Result<(Escaped, usize), EscapeError> {
    let text = &s[skip..skip + digits];
    let mut used = skip + digits;
    if s[used..].starts_with('\\') {
        used += 1;
    }
    let code = u32::from_str_radix(text, radix).unwrap_or(u32::MAX);
    match char::from_u32(code) {
        Some(ch) => Ok((Escaped::Char(ch), used)),
        None => Err(EscapeError {
            kind: EscapeErrorKind::IllegalCode,
            offset: 0,
            len: used,
            ch: s.chars().next().unwrap_or('0'),
        }),
    }
}

/// Decodes the body of a quoted token (the text between the quotes) delimited by `quote`.
pub(crate) fn unquote(body: &str, quote: char) -> Result<String, EscapeError> {
    // The common case has nothing to decode and needs no scan beyond this check.
    if !body.contains('\\') && !body.contains(quote) {
        return Ok(body.to_owned());
    }
    let mut out = String::with_capacity(body.len());
    let mut i = 0;
    while let Some(c) = body[i..].chars().next() {
        if c == '\\' {
            match decode_escape(&body[i + 1..]) {
                Ok((Escaped::Char(ch), used)) => {
                    out.push(ch);
                    i += 1 + used;
                }
                Ok((Escaped::Nothing, used)) => i += 1 + used,
                Err(mut e) => {
                    e.offset = i;
                    e.len += 1;
                    return Err(e);
                }
            }
        } else if c == quote {
            // The lexer only lets doubled quotes through, so this is the first of a pair.
            out.push(quote);
            i += 2 * quote.len_utf8();
        } else {
            out.push(c);
            i += c.len_utf8();
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_iso_and_swi_escapes() {
        assert_eq!(unquote(r"a\nb", '\'').unwrap(), "a\nb");
        assert_eq!(unquote(r"\101\\x41\\x41", '\'').unwrap(), "AAA");
        assert_eq!(unquote("don''t", '\'').unwrap(), "don't");
        assert_eq!(unquote("a\\\nb", '\'').unwrap(), "ab");
        assert_eq!(unquote(r"\e\s\u00e4", '"').unwrap(), "\x1b ä");
        let e = unquote(r"ab\zc", '\'').unwrap_err();
        assert_eq!(
            (e.kind, e.offset, e.ch),
            (EscapeErrorKind::Undefined, 2, 'z')
        );
        let e = unquote(r"\xD800\", '\'').unwrap_err();
        assert_eq!(e.kind, EscapeErrorKind::IllegalCode);
    }
}
