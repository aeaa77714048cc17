//! A forgiving scanner for what the user is typing: it splits a line into coloured token kinds
//! and tells whether the text ends with a clause's end token outside quotes and comments.
//!
//! It serves the line editor (validation, highlighting, bracket matching, completion context),
//! not the reader: it never builds terms and never fails. It must never panic on any input,
//! so every index it returns lies on a character boundary.

/// The kind of a scanned token, as the highlighter colours it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    /// A variable (starts with an uppercase letter or `_`).
    Var,
    /// An unquoted atom: letters, or symbol characters, or a solo character.
    Atom,
    /// A quoted atom `'...'`.
    Quoted,
    /// A string `"..."` or back-quoted text.
    Str,
    /// A number, including `0'c` character codes.
    Num,
    /// A `%` or `/* */` comment.
    Comment,
    /// An opening or closing bracket, or a comma or bar.
    Punct,
    /// The end token: a `.` followed by layout or the end of the text.
    End,
    /// Spaces and newlines.
    Layout,
}

/// A token: its kind, its byte range, and whether it runs to the end of the text unterminated
/// (an open quote or block comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tok {
    /// What it is.
    pub kind: TokKind,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past it.
    pub end: usize,
    /// True when a quote or comment is still open at the end of the text.
    pub open: bool,
}

const SYMBOL_CHARS: &str = "#$&*+-./:<=>?@^~\\";

fn is_symbol(c: char) -> bool {
    SYMBOL_CHARS.contains(c)
}

fn is_alnum(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Scan `text` into tokens, covering every byte.
pub fn scan(text: &str) -> Vec<Tok> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let n = chars.len();
    let at = |i: usize| -> usize {
        if i < n {
            chars[i].0
        } else {
            text.len()
        }
    };
    let ch = |i: usize| -> Option<char> { chars.get(i).map(|p| p.1) };
    let mut toks = Vec::new();
    let mut i = 0;
    while i < n {
        let c = chars[i].1;
        let start = i;
        let mut open = false;
        let kind;
        if c.is_whitespace() {
            while ch(i).is_some_and(char::is_whitespace) {
                i += 1;
            }
            kind = TokKind::Layout;
        } else if c == '%' {
            while ch(i).is_some_and(|c| c != '\n') {
                i += 1;
            }
            kind = TokKind::Comment;
        } else if c == '/' && ch(i + 1) == Some('*') {
            i += 2;
            loop {
                match ch(i) {
                    None => {
                        open = true;
                        break;
                    }
                    Some('*') if ch(i + 1) == Some('/') => {
                        i += 2;
                        break;
                    }
                    _ => i += 1,
                }
            }
            kind = TokKind::Comment;
        } else if c == '\'' || c == '"' || c == '`' {
            let (next, closed) = skip_quoted(&chars, i);
            i = next;
            open = !closed;
            kind = if c == '\'' {
                TokKind::Quoted
            } else {
                TokKind::Str
            };
        } else if c.is_ascii_digit() {
            i = skip_number(&chars, i);
            kind = TokKind::Num;
        } else if c == '_' || c.is_uppercase() {
            while ch(i).is_some_and(is_alnum) {
                i += 1;
            }
            kind = TokKind::Var;
        } else if c.is_alphabetic() {
            while ch(i).is_some_and(is_alnum) {
                i += 1;
            }
            kind = TokKind::Atom;
        } else if c == '.' && ch(i + 1).is_none_or(|d| d.is_whitespace() || d == '%') {
            i += 1;
            kind = TokKind::End;
        } else if is_symbol(c) {
            while ch(i).is_some_and(is_symbol) {
                i += 1;
            }
            // A trailing `.` before layout is the end token, not part of the symbol atom.
            if i - start > 1
                && ch(i - 1) == Some('.')
                && ch(i).is_none_or(|d| d.is_whitespace() || d == '%')
            {
                i -= 1;
            }
            kind = TokKind::Atom;
        } else if "()[]{},|".contains(c) {
            i += 1;
            kind = TokKind::Punct;
        } else {
            i += 1;
            kind = TokKind::Atom;
        }
        toks.push(Tok {
            kind,
            start: at(start),
            end: at(i),
            open,
        });
    }
    toks
}

/// Skip a quoted item starting at `i` (the quote); returns the index after it and whether it
/// was closed.
fn skip_quoted(chars: &[(usize, char)], i: usize) -> (usize, bool) {
    let q = chars[i].1;
    let mut j = i + 1;
    while j < chars.len() {
        let c = chars[j].1;
        if c == '\\' {
            j += 2;
        } else if c == q {
            if chars.get(j + 1).map(|p| p.1) == Some(q) {
                j += 2;
            } else {
                return (j + 1, true);
            }
        } else {
            j += 1;
        }
    }
    (chars.len(), false)
}

/// Skip a number starting at `i`: digits with `_` groups, `0'c`, `0x..`, `0o..`, `0b..`, and
/// a fraction or exponent.
fn skip_number(chars: &[(usize, char)], i: usize) -> usize {
    let ch = |k: usize| chars.get(k).map(|p| p.1);
    let mut j = i;
    if ch(j) == Some('0') {
        match ch(j + 1) {
            Some('\'') => {
                // 0'c, 0'\n, 0''' (a doubled quote) or 0'' (a lone quote as SWI accepts).
                return match ch(j + 2) {
                    Some('\\') => (j + 4).min(chars.len()),
                    Some('\'') if ch(j + 3) == Some('\'') => j + 4,
                    Some(_) => j + 3,
                    None => j + 2,
                };
            }
            Some('x') | Some('o') | Some('b')
                if ch(j + 2).is_some_and(|c| c.is_ascii_hexdigit()) =>
            {
                j += 2;
                while ch(j).is_some_and(|c| c.is_ascii_hexdigit()) {
                    j += 1;
                }
                return j;
            }
            _ => {}
        }
    }
    while ch(j).is_some_and(|c| c.is_ascii_digit() || c == '_') {
        j += 1;
    }
    if ch(j) == Some('.') && ch(j + 1).is_some_and(|c| c.is_ascii_digit()) {
        j += 1;
        while ch(j).is_some_and(|c| c.is_ascii_digit()) {
            j += 1;
        }
    }
    if matches!(ch(j), Some('e') | Some('E')) {
        let k = if matches!(ch(j + 1), Some('+') | Some('-')) {
            j + 2
        } else {
            j + 1
        };
        if ch(k).is_some_and(|c| c.is_ascii_digit()) {
            j = k;
            while ch(j).is_some_and(|c| c.is_ascii_digit()) {
                j += 1;
            }
        }
    }
    if ch(j) == Some('I') || ch(j) == Some('N') {
        // 1.0Inf and 1.5NaN.
        for word in ["Inf", "NaN"] {
            let w: Vec<char> = word.chars().collect();
            if (0..3).all(|k| ch(j + k) == Some(w[k])) {
                return j + 3;
            }
        }
    }
    j
}

/// True when `text` holds at least one whole clause: its last token other than layout and
/// comments is an end token, and no quote or comment is left open.
pub fn is_complete(text: &str) -> bool {
    let toks = scan(text);
    if toks.iter().any(|t| t.open) {
        return false;
    }
    match toks
        .iter()
        .rev()
        .find(|t| !matches!(t.kind, TokKind::Layout | TokKind::Comment))
    {
        Some(t) => t.kind == TokKind::End,
        None => true,
    }
}

/// The byte offset of the bracket matching the one at `pos` (an opening bracket looks forward,
/// a closing one backward), ignoring brackets inside quotes and comments.
pub fn matching_bracket(text: &str, pos: usize) -> Option<usize> {
    let toks = scan(text);
    let brackets: Vec<(usize, char)> = toks
        .iter()
        .filter(|t| t.kind == TokKind::Punct)
        .filter_map(|t| {
            let c = text[t.start..t.end].chars().next()?;
            "()[]{}".contains(c).then_some((t.start, c))
        })
        .collect();
    let k = brackets.iter().position(|&(p, _)| p == pos)?;
    let (_, c) = brackets[k];
    let (open, close, forward) = match c {
        '(' => ('(', ')', true),
        '[' => ('[', ']', true),
        '{' => ('{', '}', true),
        ')' => ('(', ')', false),
        ']' => ('[', ']', false),
        _ => ('{', '}', false),
    };
    let mut depth = 0i32;
    let seq: Box<dyn Iterator<Item = &(usize, char)>> = if forward {
        Box::new(brackets[k..].iter())
    } else {
        Box::new(brackets[..=k].iter().rev())
    };
    for &(p, b) in seq {
        if b == open {
            depth += if forward { 1 } else { -1 };
        } else if b == close {
            depth += if forward { -1 } else { 1 };
        }
        if depth == 0 {
            return Some(p);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_token_outside_quotes_and_comments() {
        assert!(is_complete("foo(X)."));
        assert!(is_complete("foo(X). % done"));
        assert!(!is_complete("foo('a. b"));
        assert!(!is_complete("foo(X) /* end. */"));
        assert!(!is_complete("X = \"a. "));
        assert!(!is_complete("X =.. L"));
        assert!(is_complete("X = 0'. ."));
        assert!(!is_complete("X = 1.5"));
        assert!(is_complete("X = 'it''s'."));
        assert!(is_complete(""));
        assert!(is_complete("X = a+.\n"));
    }

    #[test]
    fn kinds() {
        let t = scan("foo(X, \"s\", 12, 'q') % c");
        let kinds: Vec<TokKind> = t
            .iter()
            .filter(|t| t.kind != TokKind::Layout)
            .map(|t| t.kind)
            .collect();
        use TokKind::*;
        assert_eq!(
            kinds,
            vec![Atom, Punct, Var, Punct, Str, Punct, Num, Punct, Quoted, Punct, Comment]
        );
    }

    #[test]
    fn brackets_match_across_quotes() {
        let s = "f(a, ')', [b])";
        assert_eq!(matching_bracket(s, 1), Some(s.len() - 1));
        assert_eq!(matching_bracket(s, s.len() - 1), Some(1));
        assert_eq!(matching_bracket(s, 10), Some(12));
    }

    #[test]
    fn cyrillic_atoms() {
        let t = scan("минимакс(Поз)");
        assert_eq!(t[0].kind, TokKind::Atom);
        assert_eq!(t[2].kind, TokKind::Var);
    }
}
