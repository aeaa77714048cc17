//! Syntax errors as the parser raises them, before the reader gives them a resume point.
//!
//! Holds the error type and the constructors shared by the parser's parts, so that every kind
//! and message is worded in one place. It must never decide where reading resumes on its own
//! except for errors whose offending token fixes it (an end token, the end of the input).

use crate::ast::Span;
use crate::lexer::LexFailure;
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
}

pub(crate) type PResult<T> = Result<T, ParseError>;

pub(crate) fn err(span: Span, kind: &'static str, message: impl Into<String>) -> ParseError {
    ParseError::from(ParseErrorInfo {
        span,
        kind,
        message: message.into(),
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
            message: "the quoted text that starts here is not closed on its line".to_owned(),
            help: Some("add the closing quote".to_owned()),
            resume: Some(f.span.end),
        }),
        LexError::UnterminatedComment => ParseError::from(ParseErrorInfo {
            span: Span::new(f.span.start, f.span.start + 2),
            kind: "end_of_file_in_block_comment",
            message: "the block comment that starts here is never closed".to_owned(),
            help: Some("add `*/` to close the comment".to_owned()),
            resume: Some(f.span.end),
        }),
    }
}
