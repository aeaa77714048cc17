//! The token stream the parser reads: logos tokens plus the layout facts logos drops.
//!
//! Prolog's grammar depends on layout in two places that a plain token list loses: a `(` that
//! follows a name with no layout in between opens an argument list (functional notation), and a
//! `.` followed by layout, `%` or the end of the input ends a clause. This wrapper skips layout
//! and comments, records whether any came before each token, and tells those two tokens apart.
//! It never interprets token text beyond that.

use logos::Logos;

use super::ast::Span;
use super::chars::{is_layout, UniKind};
use super::token::{LexError, RawToken};

/// The sort of a token as the parser sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokKind {
    /// An unquoted name: letter-digit, symbol-char, `!` or `;`.
    Name,
    /// A quoted atom; its text needs unescaping.
    QuotedName,
    /// A variable.
    Var,
    /// A number literal.
    Number,
    /// A `"..."` item.
    DoubleQuoted,
    /// A `` `...` `` item.
    BackQuoted,
    /// `,`
    Comma,
    /// `|`
    Bar,
    /// `(` after layout or at the start.
    Open,
    /// `(` directly after the previous token.
    OpenCT,
    /// `)`
    Close,
    /// `[`
    OpenList,
    /// `]`
    CloseList,
    /// `{`
    OpenCurly,
    /// `}`
    CloseCurly,
    /// The end token `.`.
    End,
    /// The end of the input.
    Eof,
}

/// One token with its place in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    /// What sort of token it is.
    pub kind: TokKind,
    /// Where it is, in bytes of the whole source.
    pub span: Span,
    /// True if layout or a comment came between the previous token and this one.
    pub layout_before: bool,
}

/// A token that could not be formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LexFailure {
    /// Why.
    pub error: LexError,
    /// The offending text, from the start of the token.
    pub span: Span,
}

/// A token or the reason there is none.
pub(crate) type LexResult = Result<Token, LexFailure>;

/// The layout-aware token stream over a source text, with one token of lookahead.
#[derive(Clone)]
pub(crate) struct Lexer<'a> {
    src: &'a str,
    inner: logos::Lexer<'a, RawToken>,
    peeked: Option<LexResult>,
    prev_end: usize,
    /// Where the first quoted token that runs past its line starts, once one is scanned.
    first_multiline: Option<usize>,
}

impl<'a> Lexer<'a> {
    /// A lexer over `src` starting at byte `start`.
    pub fn new(src: &'a str, start: usize) -> Self {
        let mut inner = RawToken::lexer(src);
        let mut start = start.min(src.len());
        // A byte-order mark at the very start of a file is not part of the text.
        if start == 0 && src.starts_with('\u{feff}') {
            start = '\u{feff}'.len_utf8();
        }
        inner.bump(start);
        Lexer {
            src,
            inner,
            peeked: None,
            prev_end: usize::MAX,
            first_multiline: None,
        }
    }

    /// The whole source text.
    pub fn src(&self) -> &'a str {
        self.src
    }

    /// True when byte `at` starts a line: nothing, not even layout, precedes it on its line.
    pub fn starts_line(&self, at: usize) -> bool {
        at == 0 || self.src.as_bytes().get(at - 1) == Some(&b'\n')
    }

    /// The offset just after the last character before `at` that is not layout: where the
    /// text of a line that `at` follows really ends.
    pub fn end_before_layout(&self, at: usize) -> usize {
        self.src[..at].trim_end().len()
    }

    /// Where the first quoted token scanned so far that runs past its line starts: when the
    /// clause it is in goes wrong, a missing closing quote is the likely cause.
    pub fn first_multiline(&self) -> Option<usize> {
        self.first_multiline
    }

    /// The offset of the line break that ends the line `at` is on (the source's end on the
    /// last line).
    pub fn line_end(&self, at: usize) -> usize {
        match self.src[at..].find('\n') {
            Some(i) => at + i,
            None => self.src.len(),
        }
    }

    /// The text of `span`.
    pub fn text(&self, span: Span) -> &'a str {
        &self.src[span.start..span.end]
    }

    /// The next token, without consuming it.
    pub fn peek(&mut self) -> LexResult {
        if let Some(t) = self.peeked {
            return t;
        }
        let t = self.scan();
        self.peeked = Some(t);
        t
    }

    /// The token after the next one, consuming neither: a name that is both an infix and a
    /// postfix operator is told apart by what follows it.
    pub fn peek_second(&self) -> LexResult {
        let mut ahead = self.clone();
        ahead.next_token()?;
        ahead.next_token()
    }

    /// The next token, consumed.
    pub fn next_token(&mut self) -> LexResult {
        match self.peeked.take() {
            Some(t) => t,
            None => self.scan(),
        }
    }

    /// Skips to just after the next end token and returns that offset, or the length of the
    /// source if there is none (or if an unterminated comment swallows the rest; a quote never
    /// closed ends at its line).
    pub fn skip_past_end(&mut self) -> usize {
        loop {
            match self.next_token() {
                Ok(Token {
                    kind: TokKind::End,
                    span,
                    ..
                }) => return span.end,
                Ok(Token {
                    kind: TokKind::Eof, ..
                }) => return self.src.len(),
                Err(LexFailure {
                    error: LexError::UnterminatedComment,
                    ..
                }) => return self.src.len(),
                _ => {}
            }
        }
    }

    /// A quoted token of `kind` at `span`, noted if it is the first to run past its line.
    fn quoted(&mut self, span: Span, kind: TokKind) -> TokKind {
        if self.first_multiline.is_none() && self.src[span.start..span.end].contains('\n') {
            self.first_multiline = Some(span.start);
        }
        kind
    }

    fn scan(&mut self) -> LexResult {
        let mut layout = false;
        loop {
            let Some(raw) = self.inner.next() else {
                let end = self.src.len();
                return Ok(Token {
                    kind: TokKind::Eof,
                    span: Span::new(end, end),
                    layout_before: layout,
                });
            };
            let r = self.inner.span();
            let span = Span::new(r.start, r.end);
            let kind = match raw {
                // A quote never closed is named at its opening, and reading goes on after its
                // line: the lines after are read afresh rather than lost to it.
                Err(LexError::UnterminatedQuoted) => {
                    let span = Span::new(span.start, self.line_end(span.start));
                    return Err(LexFailure {
                        error: LexError::UnterminatedQuoted,
                        span,
                    });
                }
                Err(error) => return Err(LexFailure { error, span }),
                Ok(
                    RawToken::Layout
                    | RawToken::LineComment
                    | RawToken::BlockComment
                    | RawToken::Unicode(UniKind::Layout),
                ) => {
                    layout = true;
                    continue;
                }
                Ok(RawToken::Symbol) if self.is_end(span) => TokKind::End,
                Ok(
                    RawToken::Name
                    | RawToken::Symbol
                    | RawToken::Cut
                    | RawToken::Semicolon
                    | RawToken::Unicode(
                        UniKind::AtomStart
                        | UniKind::Symbol
                        | UniKind::ContinueOnly
                        | UniKind::Illegal,
                    ),
                ) => TokKind::Name,
                Ok(RawToken::Var | RawToken::Unicode(UniKind::VarStart)) => TokKind::Var,
                Ok(RawToken::Number) => TokKind::Number,
                Ok(RawToken::Quoted) => self.quoted(span, TokKind::QuotedName),
                Ok(RawToken::DoubleQuoted) => self.quoted(span, TokKind::DoubleQuoted),
                Ok(RawToken::BackQuoted) => self.quoted(span, TokKind::BackQuoted),
                Ok(RawToken::Comma) => TokKind::Comma,
                Ok(RawToken::Bar) => TokKind::Bar,
                Ok(RawToken::Open) if !layout && span.start == self.prev_end => TokKind::OpenCT,
                Ok(RawToken::Open) => TokKind::Open,
                Ok(RawToken::Close) => TokKind::Close,
                Ok(RawToken::OpenList) => TokKind::OpenList,
                Ok(RawToken::CloseList) => TokKind::CloseList,
                Ok(RawToken::OpenCurly) => TokKind::OpenCurly,
                Ok(RawToken::CloseCurly) => TokKind::CloseCurly,
            };
            self.prev_end = span.end;
            return Ok(Token {
                kind,
                span,
                layout_before: layout,
            });
        }
    }

    /// A lone `.` followed by layout, `%` or the end of the input is the end token.
    fn is_end(&self, span: Span) -> bool {
        if span.end - span.start != 1 || &self.src[span.start..span.end] != "." {
            return false;
        }
        match self.src[span.end..].chars().next() {
            None => true,
            Some(c) => c == '%' || is_layout(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokKind> {
        let mut lx = Lexer::new(src, 0);
        let mut out = Vec::new();
        loop {
            let t = lx.next_token().expect("token");
            out.push(t.kind);
            if t.kind == TokKind::Eof {
                return out;
            }
        }
    }

    #[test]
    fn functional_paren_and_end() {
        use TokKind::*;
        assert_eq!(
            kinds("f(a) - (b).%c"),
            vec![Name, OpenCT, Name, Close, Name, Open, Name, Close, End, Eof]
        );
        assert_eq!(kinds("a.b"), vec![Name, Name, Name, Eof]);
        assert_eq!(
            kinds("'x'(1)."),
            vec![QuotedName, OpenCT, Number, Close, End, Eof]
        );
    }

    #[test]
    fn byte_order_mark_at_start_is_skipped() {
        use TokKind::*;
        assert_eq!(kinds("\u{feff}a."), vec![Name, End, Eof]);
    }

    #[test]
    fn unicode_layout_and_identifiers() {
        use TokKind::*;
        assert_eq!(
            kinds("\u{a0}ходы(\u{3000}Оц)\u{a0}.\u{a0}"),
            vec![Name, OpenCT, Var, Close, End, Eof]
        );
    }
}
