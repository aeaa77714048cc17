//! The leaves of a term: variables, numbers, names and quoted text, read from single tokens.
//!
//! Split from the parser so that the operator machinery there stays readable; everything here
//! turns one token into one node (or the list a double-quoted text stands for) and must never
//! consume tokens.

use super::errors::{err, PResult};
use super::Parser;
use crate::ast::{NodeId, NodeKind, Span, VarInfo};
use crate::escape::{unquote, EscapeErrorKind};
use crate::lexer::{TokKind, Token};
use crate::number::{number_value, NumberError};
use crate::QuoteMode;

/// Clauses with up to this many variables find a variable by scanning their names.
const VAR_SCAN_MAX: usize = 16;

impl Parser<'_, '_> {
    /// A variable occurrence: `_` is always new, other names are shared within the clause.
    pub(super) fn var(&mut self, span: Span) -> NodeKind {
        let name = self.lx.text(span);
        if name == "_" {
            let name = self.owned(name);
            self.vars.push(VarInfo {
                name,
                occurrences: vec![span],
            });
            return NodeKind::Var(self.vars.len() as u32 - 1);
        }
        // A clause has a handful of variables: a scan of their names beats hashing, and the
        // map is filled only for clauses with many.
        let hashed = self.vars.len() > VAR_SCAN_MAX;
        let found = if !hashed {
            self.vars
                .iter()
                .position(|v| v.name == name)
                .map(|i| i as u32)
        } else {
            if self.var_ids.is_empty() {
                for (i, v) in self.vars.iter().enumerate() {
                    if v.name != "_" {
                        self.var_ids
                            .insert(self.lx.text(v.occurrences[0]), i as u32);
                    }
                }
            }
            self.var_ids.get(name).copied()
        };
        let id = match found {
            Some(id) => id,
            None => {
                let owned = self.owned(name);
                self.vars.push(VarInfo {
                    name: owned,
                    occurrences: Vec::with_capacity(2),
                });
                let id = self.vars.len() as u32 - 1;
                if hashed {
                    self.var_ids.insert(name, id);
                }
                id
            }
        };
        self.vars[id as usize].occurrences.push(span);
        NodeKind::Var(id)
    }

    /// The value of a number token.
    pub(super) fn number(&self, t: Token) -> PResult<NodeKind> {
        number_value(self.lx.text(t.span)).map_err(|e| match e {
            NumberError::Illegal => err(t.span, "illegal_number", "malformed number"),
            NumberError::FloatOverflow => err(
                t.span,
                "float_overflow",
                "the float is too large for 64 bits",
            ),
        })
    }

    /// The atom a name token stands for, unescaped if it is quoted.
    pub(super) fn name_text(&mut self, t: Token) -> PResult<String> {
        if t.kind == TokKind::QuotedName {
            self.unquoted(t, '\'')
        } else {
            Ok(self.owned(self.lx.text(t.span)))
        }
    }

    /// The decoded text of a quoted token.
    pub(super) fn unquoted(&mut self, t: Token, quote: char) -> PResult<String> {
        let body = &self.lx.src()[t.span.start + 1..t.span.end - 1];
        // Text with no escape and no doubled quote stands for itself.
        if !body.contains(['\\', quote]) {
            return Ok(self.owned(body));
        }
        unquote(body, quote).map_err(|e| {
            let at = t.span.start + 1 + e.offset;
            let span = Span::new(at, at + e.len);
            match e.kind {
                EscapeErrorKind::Undefined => err(
                    span,
                    "undefined_char_escape",
                    format!("unknown escape `\\{}` in quoted text", e.ch),
                )
                .with_help("write `\\\\` for a backslash"),
                EscapeErrorKind::IllegalCode => err(
                    span,
                    "illegal_character_code",
                    "the escape does not denote a Unicode character",
                ),
            }
        })
    }

    /// A double- or back-quoted text as the flag for its quote says.
    pub(super) fn quoted_text(&mut self, text: String, mode: QuoteMode, span: Span) -> NodeId {
        let (s, e) = (span.start, span.end);
        match mode {
            QuoteMode::Atom => self.push(NodeKind::Atom(text), s, e),
            QuoteMode::String => self.push(NodeKind::Str(text), s, e),
            QuoteMode::Codes | QuoteMode::Chars => {
                let nil = self.owned("[]");
                let mut acc = self.push(NodeKind::Atom(nil), s, e);
                for c in text.chars().rev() {
                    let kind = if mode == QuoteMode::Codes {
                        NodeKind::Int(i64::from(u32::from(c)))
                    } else {
                        NodeKind::Atom(c.to_string())
                    };
                    let item = self.push(kind, s, e);
                    let (name, args) = (self.owned("."), self.arg_list(&[item, acc]));
                    acc = self.compound(name, args, s, e);
                }
                acc
            }
        }
    }
}
