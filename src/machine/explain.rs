//! Errors in words: the bridge from a thrown heap term to `diag::iso_words`.
//!
//! The term is converted to the small owned form the diagnostics module reads, to a bounded
//! depth, so a huge or deeply nested culprit cannot make a message unbounded.

use super::Machine;
use crate::diag::iso_words::{describe, ErrTerm};
use crate::term::{atom, Cell, Tag};

impl Machine {
    /// The owned form of `t`, written with `writeq` below `depth` levels.
    fn err_term(&self, t: Cell, depth: usize) -> ErrTerm {
        let t = self.heap.deref(t);
        match t.tag() {
            Tag::Atom => ErrTerm::Atom(self.atoms.name(t.atom_index()).to_string()),
            Tag::Int => ErrTerm::Int(t.int_value()),
            Tag::Str if depth > 0 => {
                let f = self.heap.functor_of(t);
                let args = (0..f.functor_arity())
                    .map(|i| self.err_term(self.heap.arg(t, i), depth - 1))
                    .collect();
                ErrTerm::Compound(self.atoms.name(f.functor_name()).to_string(), args)
            }
            _ => ErrTerm::Other(self.format_term(t, true, 8)),
        }
    }

    /// An uncaught ball in words: ISO `error(Formal, _)` as SWI-Prolog words it, anything else
    /// as "Unknown message" with the term.
    pub fn describe_error_cell(&self, ball: Cell) -> String {
        let b = self.heap.deref(ball);
        if b.tag() == Tag::Str && self.heap.functor_of(b) == Cell::functor(atom::ERROR, 2) {
            let formal = self.err_term(self.heap.arg(b, 0), 4);
            return describe(&formal);
        }
        format!(
            "Unhandled exception: Unknown message: {}",
            self.format_term(b, true, 8)
        )
    }
}
