//! Syntax errors as the parser raises them, before the reader gives them a resume point.
//!
//! Holds the error type and the constructors shared by the parser's parts, so that every kind
//! and message is worded in one place. It must never decide where reading resumes on its own
//! except for errors whose offending token fixes it (an end token, the end of the input).

use super::Frame;
use crate::ast::Span;
use crate::lexer::{LexFailure, TokKind, Token};
use crate::ops::OpType;
use crate::token::LexError;

/// A syntax error before it is given its resume point: boxed, so that the parser's results,
/// returned at every token, stay a few words wide.
#[derive(Debug)]
pub(crate) struct ParseError(Box<ParseErrorInfo>);

/// What a [`ParseError`] says.
#[derive(Debug)]
pub(crate) struct ParseErrorInfo {
    pub span: Span,
    pub kind: &'static str,
    pub message: String,
    pub help: Option<String>,
    /// Where reading can go on, when the error itself determines it (an end token or the end
    /// of the input was the offending token); otherwise the caller skips to the next end token.
    pub resume: Option<usize>,
    /// The words under the span when they are not the kind's own (the kind read as words).
    pub label: Option<&'static str>,
}

pub(crate) type PResult<T> = Result<T, ParseError>;

pub(crate) fn err(span: Span, kind: &'static str, message: impl Into<String>) -> ParseError {
    ParseError::from(ParseErrorInfo {
        span,
        kind,
        message: message.into(),
        label: None,
        help: None,
        resume: None,
    })
}

impl From<ParseErrorInfo> for ParseError {
    fn from(info: ParseErrorInfo) -> ParseError {
        ParseError(Box::new(info))
    }
}

impl std::ops::Deref for ParseError {
    type Target = ParseErrorInfo;
    fn deref(&self) -> &ParseErrorInfo {
        &self.0
    }
}

impl std::ops::DerefMut for ParseError {
    fn deref_mut(&mut self) -> &mut ParseErrorInfo {
        &mut self.0
    }
}

impl ParseError {
    /// What the error says, unboxed.
    pub(crate) fn into_info(self) -> ParseErrorInfo {
        *self.0
    }

    pub(crate) fn with_help(mut self, help: &str) -> Self {
        self.help = Some(help.to_owned());
        self
    }
}

pub(crate) fn clash(span: Span, name: &str, prio: u32, typ: OpType) -> ParseError {
    err(
        span,
        "operator_clash",
        format!(
            "operator priority clash at `{name}` ({prio}, {}): its left argument binds more loosely than it allows",
            typ.name()
        ),
    )
    .with_help("add parentheses to say which operator applies first")
}

pub(crate) fn lex_error(f: LexFailure) -> ParseError {
    let at = Span::new(f.span.start, f.span.start + 1);
    match f.error {
        LexError::IllegalCharacter => err(f.span, "illegal_character", "illegal character"),
        LexError::IllegalNumber => err(f.span, "illegal_number", "malformed number"),
        LexError::UnterminatedQuoted => ParseError::from(ParseErrorInfo {
            span: at,
            kind: "end_of_file_in_quoted",
            message: "the quoted text that starts here is never closed".to_owned(),
            help: Some("add the closing quote".to_owned()),
            resume: Some(f.span.end),
            label: None,
        }),
        LexError::UnterminatedComment => ParseError::from(ParseErrorInfo {
            span: Span::new(f.span.start, f.span.start + 2),
            kind: "end_of_file_in_block_comment",
            message: "the block comment that starts here is never closed".to_owned(),
            help: Some("add `*/` to close the comment".to_owned()),
            resume: Some(f.span.end),
            label: None,
        }),
    }
}

impl super::Parser<'_, '_> {
    /// The error for a token that cannot come where it is.
    pub(super) fn unexpected(&self, t: Token) -> ParseError {
        match t.kind {
            TokKind::Eof => {
                let start = self.clause_start.unwrap_or(t.span.start);
                let (message, help) = match self.stack.iter().rev().find_map(open_bracket) {
                    Some((open, close, at)) => (
                        format!("end of file inside `{open}` opened at byte {at}"),
                        format!("close it with `{close}` and end the clause with a full stop `.`"),
                    ),
                    None => (
                        "end of file in the middle of a clause".to_owned(),
                        "add a full stop `.` at the end of the clause".to_owned(),
                    ),
                };
                let mut e = err(Span::new(start, t.span.end), "end_of_file", message);
                e.help = Some(help);
                e.resume = Some(t.span.end);
                e
            }
            TokKind::Close | TokKind::CloseList | TokKind::CloseCurly => {
                let mut e = err(
                    t.span,
                    "cannot_start_term",
                    format!("unexpected `{}`", self.lx.text(t.span)),
                );
                e.help = Some("check that the brackets are balanced".to_owned());
                e
            }
            _ => {
                let mut e = err(
                    t.span,
                    "operator_expected",
                    format!(
                        "operator expected before `{}`",
                        if t.kind == TokKind::End {
                            "."
                        } else {
                            self.lx.text(t.span)
                        }
                    ),
                );
                if t.kind == TokKind::End {
                    e.resume = Some(t.span.end);
                    e.help = Some("a bracket opened in this clause is not closed".to_owned());
                } else if self.lx.starts_line(t.span.start) {
                    // A term at the very start of a line after a complete term is, nearly
                    // always, the next clause after a clause whose full stop is missing: say
                    // so where that clause starts, and read on from this line rather than
                    // losing the next clause too.
                    let start = self.clause_start.unwrap_or(t.span.start);
                    let end = self.lx.end_before_layout(t.span.start).max(start + 1);
                    e = err(
                        Span::new(start, end),
                        "end_of_clause_expected",
                        "this clause has no full stop `.` at its end",
                    );
                    e.resume = Some(t.span.start);
                    e.help = Some("end the clause with `.` before the next one".to_owned());
                } else {
                    e.help = Some(
                        "two terms follow each other; is a `,` or an operator missing?".to_owned(),
                    );
                }
                e
            }
        }
    }
}

/// The bracket a pending construct opened, for the message about an input that ends inside it.
pub(super) fn open_bracket(f: &Frame) -> Option<(&'static str, &'static str, usize)> {
    match f {
        Frame::Args { start, .. } | Frame::Paren { start, .. } => Some(("(", ")", *start)),
        Frame::List { start, .. } | Frame::ListTail { start, .. } => Some(("[", "]", *start)),
        Frame::Curly { start, .. } | Frame::Dict { start, .. } => Some(("{", "}", *start)),
        _ => None,
    }
}
