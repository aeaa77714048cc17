//! Whether a prefix operator is applied to what follows it or stands alone as an atom: before
//! a closing token, or before an infix or postfix operator, it is an atom (`- = x`, `f(-)`),
//! unless that operator name is itself an operand, as SWI-Prolog reads it: a compound in
//! functional notation (`:- meta_predicate of(2,2)` where `of` is an infix operator) or an atom
//! before a closing token (`dynamic of)`).

use super::errors::{lex_error, PResult};
use super::{quoted_operator, Parser};
use crate::lexer::{TokKind, Token};
use crate::ops::OpType;

impl Parser<'_, '_> {
    /// True if a prefix operator followed by `next` is an atom rather than applied: before a
    /// closing token or an infix or postfix operator that cannot start a term.
    pub(super) fn prefix_stands_alone(&mut self, next: Token) -> PResult<bool> {
        Ok(match next.kind {
            TokKind::End
            | TokKind::Eof
            | TokKind::Close
            | TokKind::CloseList
            | TokKind::CloseCurly
            | TokKind::Comma
            | TokKind::Bar => true,
            TokKind::Name => {
                let n = self.lx.text(next.span);
                (self.ops.infix(n).is_some() || self.ops.postfix(n).is_some())
                    && self.ops.prefix(n).is_none()
            }
            TokKind::QuotedName => {
                let n = self.name_text(next)?;
                quoted_operator(&n) && self.ops.infix(&n).is_some()
            }
            _ => false,
        })
    }

    /// True if `next`, the token after a prefix operator of priority `prio` and type `typ`, is
    /// a name (an infix or postfix operator there) that is an operand all the same: the functor
    /// of a compound written with its `(` right after it, or an atom the term ends after whose
    /// priority as an operator fits the prefix operator's argument (`dynamic of` is
    /// `dynamic(of)`, where `- =` stays a clash, as in SWI-Prolog).
    pub(super) fn prefix_applies_to_name(
        &mut self,
        next: Token,
        prio: u32,
        typ: OpType,
    ) -> PResult<bool> {
        let name = match next.kind {
            TokKind::Name => self.lx.text(next.span).to_string(),
            TokKind::QuotedName => self.name_text(next)?,
            _ => return Ok(false),
        };
        let after = self.lx.peek_second().map_err(lex_error)?;
        Ok(match after.kind {
            TokKind::OpenCT => true,
            TokKind::End
            | TokKind::Eof
            | TokKind::Close
            | TokKind::CloseList
            | TokKind::CloseCurly => {
                let arg_max = if typ == OpType::Fy { prio } else { prio - 1 };
                let own = [self.ops.infix(&name), self.ops.postfix(&name)]
                    .into_iter()
                    .flatten()
                    .map(|(p, _)| p)
                    .max()
                    .unwrap_or(0);
                own <= arg_max
            }
            _ => false,
        })
    }
}
