//! Reading KIF, the s-expression syntax of GDL rule sheets.
//!
//! A sheet is a sequence of forms: symbols (`cell`, `<=`, `100`), variables (`?x`) and
//! parenthesised lists; `;` starts a comment that runs to the end of the line. KIF symbols are
//! case-insensitive, and the competitions' sheets are written in either case, so symbols and
//! variables are read in lower case. Lists are read with an explicit stack, not by recursion,
//! so a sheet nested a million deep is an error message, not an overflowed Rust stack.

use ply_diag::Diag;
use ply_reader::ast::Span;

/// One form of a rule sheet, with the span of its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    /// A symbol or a number, in lower case.
    Sym(String, Span),
    /// A variable, its name without the `?`, in lower case.
    Var(String, Span),
    /// A parenthesised list.
    List(Vec<Sexp>, Span),
}

impl Sexp {
    /// The span of the form's text.
    pub fn span(&self) -> Span {
        match self {
            Sexp::Sym(_, s) | Sexp::Var(_, s) | Sexp::List(_, s) => *s,
        }
    }
}

/// How deep lists may nest; deeper is refused with a diagnostic. Rule sheets nest a few levels;
/// the bound keeps every later walk over the forms, and dropping them, shallow.
pub const MAX_DEPTH: usize = 1_000;

/// Whether `c` ends a symbol or variable token.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || c == '(' || c == ')' || c == ';'
}

/// Read every form of `source`, or the first syntax error.
pub fn parse(source: &str) -> Result<Vec<Sexp>, Diag> {
    let mut top = Vec::new();
    // Each open list: its start offset and the forms read so far.
    let mut open: Vec<(usize, Vec<Sexp>)> = Vec::new();
    let mut chars = source.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let form = match c {
            ';' => {
                while let Some(&(_, c)) = chars.peek() {
                    if c == '\n' {
                        break;
                    }
                    chars.next();
                }
                continue;
            }
            c if c.is_whitespace() => continue,
            '(' => {
                if open.len() >= MAX_DEPTH {
                    return Err(error(
                        "lists nest too deeply",
                        Span::new(i, i + 1),
                        "this list",
                    ));
                }
                open.push((i, Vec::new()));
                continue;
            }
            ')' => match open.pop() {
                Some((start, items)) => Sexp::List(items, Span::new(start, i + 1)),
                None => {
                    return Err(error(
                        "a closing parenthesis with no list open",
                        Span::new(i, i + 1),
                        "nothing to close",
                    ))
                }
            },
            _ => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if is_delimiter(d) {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                let text = source[i..end].to_lowercase();
                let span = Span::new(i, end);
                match text.strip_prefix('?') {
                    Some("") => return Err(error("a variable needs a name", span, "here")),
                    Some(name) => Sexp::Var(name.to_string(), span),
                    None => Sexp::Sym(text, span),
                }
            }
        };
        match open.last_mut() {
            Some((_, items)) => items.push(form),
            None => top.push(form),
        }
    }
    if let Some((start, _)) = open.last() {
        return Err(error(
            "a list is not closed before the end of the sheet",
            Span::new(*start, *start + 1),
            "opened here",
        ));
    }
    Ok(top)
}

/// An error diagnostic with one label.
pub(crate) fn error(message: &str, span: Span, label: &str) -> Diag {
    let mut d = Diag::error(message);
    d.code = Some("gdl".into());
    d.labels.push((span, label.into()));
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_symbols_variables_lists_and_comments() {
        let forms = parse("; a comment\n(<= (Legal ?P noop) (true (control ?q)))").unwrap();
        assert_eq!(forms.len(), 1);
        let Sexp::List(items, span) = &forms[0] else {
            panic!("a list")
        };
        assert_eq!(span.start, 12);
        assert_eq!(items[0], Sexp::Sym("<=".into(), Span::new(13, 15)));
        let Sexp::List(head, _) = &items[1] else {
            panic!("a list")
        };
        assert_eq!(head[0], Sexp::Sym("legal".into(), Span::new(17, 22)));
        assert!(matches!(&head[1], Sexp::Var(n, _) if n == "p"));
    }

    #[test]
    fn unbalanced_parentheses_are_errors_with_places() {
        let e = parse("(role x))").unwrap_err();
        assert_eq!(e.primary_span(), Some(Span::new(8, 9)));
        let e = parse("(role x").unwrap_err();
        assert_eq!(e.primary_span(), Some(Span::new(0, 1)));
        assert!(parse("(role ?)").is_err());
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let text = "(".repeat(200_000);
        assert!(parse(&text).unwrap_err().message.contains("too deeply"));
    }
}
