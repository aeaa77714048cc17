//! Text to terms: the lexer (logos, wrapped), the operator-precedence parser and the op table.
//!
//! [`read_term`] reads one clause from a source text at a byte offset and returns it as an
//! [`ast::Ast`] arena, or a [`SyntaxError`] that says where reading can go on, so a loader can
//! report every bad clause of a file in one pass. The syntax is ISO Prolog's, with SWI-Prolog's
//! Unicode identifier rules and its common extensions. The reader knows nothing about the
//! machine: names stay strings and numbers stay values until the machine interns them.

pub mod ast;
mod chars;
mod escape;
mod lexer;
mod number;
pub mod ops;
mod parser;
pub mod preread;
pub mod quote;
mod token;

#[cfg(test)]
mod tests;

pub use ast::Span;
pub use number::parse_number;
pub use ops::{OpError, OpTable, OpType};

use lexer::Lexer;
use parser::Parser;

/// What a double-quoted (or back-quoted) text reads as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuoteMode {
    /// A list of character codes.
    Codes,
    /// A list of one-character atoms.
    Chars,
    /// An atom.
    Atom,
    /// A string object.
    String,
}

/// The flags that change how text reads.
#[derive(Clone, Copy, Debug)]
pub struct ReadFlags {
    /// The `double_quotes` flag.
    pub double_quotes: QuoteMode,
    /// The `back_quotes` flag.
    pub back_quotes: QuoteMode,
}

impl Default for ReadFlags {
    /// SWI-Prolog 7's defaults: double quotes read as a string object, back quotes as codes.
    fn default() -> Self {
        ReadFlags {
            double_quotes: QuoteMode::String,
            back_quotes: QuoteMode::Codes,
        }
    }
}

impl ReadFlags {
    /// `codes` for both, as ISO prescribes for double quotes and as SWI-Prolog reads with
    /// `--traditional` (which makes a back quote a symbol character instead; ply keeps codes).
    pub const fn traditional() -> Self {
        ReadFlags {
            double_quotes: QuoteMode::Codes,
            back_quotes: QuoteMode::Codes,
        }
    }
}

/// A syntax error in one clause.
#[derive(Clone, Debug)]
pub struct SyntaxError {
    /// The offending text.
    pub span: Span,
    /// A short identifier for `syntax_error(Kind)`, SWI-Prolog's where it has one:
    /// `operator_expected`, `operator_clash`, `operator_balance`, `cannot_start_term`,
    /// `quoted_punctuation`, `list_rest`, `end_of_clause`, `end_of_file`,
    /// `end_of_file_in_quoted`, `end_of_file_in_block_comment`, `illegal_number`,
    /// `float_overflow`, `undefined_char_escape`, `illegal_character_code`, `illegal_character`.
    pub kind: &'static str,
    /// One sentence saying what is wrong.
    pub message: String,
    /// A suggestion for fixing it.
    pub help: Option<String>,
    /// The byte offset to continue reading from: just after the next end token, or the length
    /// of the source.
    pub resume: usize,
    /// The words to put under the span, when they are not the kind read as words (a quote
    /// named as the cause of an error met after it is labelled as the quote).
    pub label: Option<&'static str>,
}

impl SyntaxError {
    /// The words under the span in a diagnostic: the label if there is one, else the kind with
    /// its underscores as spaces.
    pub fn label_text(&self) -> String {
        match self.label {
            Some(l) => l.to_owned(),
            None => self.kind.replace('_', " "),
        }
    }
}

/// The result of reading one clause.
#[derive(Clone, Debug)]
pub enum ReadOutcome {
    /// A clause was read.
    Term {
        /// The term.
        ast: ast::Ast,
        /// The offset just after its end token.
        end: usize,
    },
    /// Only layout and comments remain.
    Eof,
    /// The clause is malformed.
    Error(SyntaxError),
}

/// Hand back a read clause the caller is done with: its vectors serve the next clause read on
/// this thread, so that a loader does not allocate them anew for every clause.
pub fn recycle(ast: ast::Ast) {
    parser::recycle(ast);
}

/// Reads the clause that starts at byte `start` of `src`, using the operators of `ops`.
pub fn read_term(src: &str, start: usize, ops: &OpTable, flags: &ReadFlags) -> ReadOutcome {
    let mut parser = Parser::new(Lexer::new(src, start), ops, *flags);
    if parser.at_eof() {
        parser.recycle_vectors();
        return ReadOutcome::Eof;
    }
    match parser.read_clause() {
        Ok((ast, end)) => ReadOutcome::Term { ast, end },
        Err(e) => {
            let e = e.into_info();
            let resume = match e.resume {
                Some(r) => r,
                None => parser.into_lexer().skip_past_end(),
            };
            ReadOutcome::Error(SyntaxError {
                span: e.span,
                kind: e.kind,
                message: e.message,
                help: e.help,
                resume,
                label: e.label,
            })
        }
    }
}
