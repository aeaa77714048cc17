//! Errors in words: the bridge from a thrown heap term to `diag::iso_words`.
//!
//! The term is converted to the small owned form the diagnostics module reads, to a bounded
//! depth, so a huge or deeply nested culprit cannot make a message unbounded.

mod caller;
mod dwim;

use super::Machine;
use ply_diag::iso_words::{describe, ErrTerm};
use ply_term::{atom, Cell, Tag};

impl Machine {
    /// The owned form of `t`, written with `writeq` below `depth` levels.
    fn err_term(&self, t: Cell, depth: usize) -> ErrTerm {
        let t = self.stacks.heap.deref(t);
        match t.tag() {
            Tag::Atom => ErrTerm::Atom(self.atoms.name(t.atom_index()).to_string()),
            Tag::Int => ErrTerm::Int(t.int_value()),
            // A dict is written whole, as the writer writes dicts.
            Tag::Str
                if depth > 0 && self.stacks.heap.functor_of(t).functor_name() != atom::DICT =>
            {
                let f = self.stacks.heap.functor_of(t);
                let args = (0..f.functor_arity())
                    .map(|i| self.err_term(self.stacks.heap.arg(t, i), depth - 1))
                    .collect();
                ErrTerm::Compound(self.atoms.name(f.functor_name()).to_string(), args)
            }
            _ => ErrTerm::Other(self.format_term(t, true, 8)),
        }
    }

    /// For `existence_error(procedure, Name/Arity)`, a "did you mean" over the predicates that
    /// exist and an unqualified call reaches: the same name with another arity, or a near name.
    fn unknown_procedure_hint(&self, formal: Cell) -> Option<String> {
        let f = self.stacks.heap.deref(formal);
        if f.tag() != Tag::Str
            || self.stacks.heap.functor_of(f) != Cell::functor(atom::EXISTENCE_ERROR, 2)
        {
            return None;
        }
        if self.stacks.heap.deref(self.stacks.heap.arg(f, 0)) != Cell::atom(atom::PROCEDURE) {
            return None;
        }
        let pi = self.stacks.heap.deref(self.stacks.heap.arg(f, 1));
        if pi.tag() != Tag::Str || self.stacks.heap.functor_of(pi) != Cell::functor(atom::SLASH, 2)
        {
            return None;
        }
        let n = self.stacks.heap.deref(self.stacks.heap.arg(pi, 0));
        let a = self.stacks.heap.deref(self.stacks.heap.arg(pi, 1));
        if n.tag() != Tag::Atom || a.tag() != Tag::Int {
            return None;
        }
        // Only what an unqualified call can reach: the flat table (`user`, its imports and
        // the system), not a module's own predicates, nor the old names of library(quintus)
        // and library(backcomp), which swipl loads only when called.
        let known: Vec<(String, usize)> = self
            .program
            .pred_map
            .values()
            .filter(|&pid| !self.program.old_names.contains(pid))
            .map(|&pid| &self.program.preds[pid as usize])
            .filter(|p| {
                p.defined
                    || !matches!(&p.kind, super::db::PredKind::Clauses(l) if l.clauses.is_empty())
            })
            .map(|p| (self.atoms.name(p.name).to_string(), p.arity))
            .filter(|(name, _)| !name.starts_with('$'))
            .collect();
        let near = ply_diag::suggest::near_names(
            self.atoms.name(n.atom_index()),
            a.int_value() as usize,
            &known,
        );
        ply_diag::suggest::did_you_mean(&near)
    }

    /// `error(resource_error(_), stack_overflow(Limit))` in SWI-Prolog's words: "Stack limit
    /// (1.0Gb) exceeded".
    fn stack_overflow_words(&self, b: Cell) -> Option<String> {
        let context = self.stacks.heap.deref(self.stacks.heap.arg(b, 1));
        let name = self.atoms.lookup("stack_overflow")?;
        if context.tag() != Tag::Str
            || self.stacks.heap.functor_of(context) != Cell::functor(name, 1)
        {
            return None;
        }
        let limit = self.stacks.heap.deref(self.stacks.heap.arg(context, 0));
        if limit.tag() != Tag::Int {
            return None;
        }
        let bytes = limit.int_value() as f64;
        let size = if bytes >= f64::from(1u32 << 30) {
            format!("{:.1}Gb", bytes / f64::from(1u32 << 30))
        } else if bytes >= f64::from(1u32 << 20) {
            format!("{:.1}Mb", bytes / f64::from(1u32 << 20))
        } else {
            format!("{:.1}Kb", bytes / 1024.0)
        };
        Some(format!("Stack limit ({size}) exceeded"))
    }

    /// An uncaught ball in words: ISO `error(Formal, _)` as SWI-Prolog words it, anything else
    /// as "Unknown message" with the term.
    pub fn describe_error_cell(&self, ball: Cell) -> String {
        let b = self.stacks.heap.deref(ball);
        if b.tag() == Tag::Str && self.stacks.heap.functor_of(b) == Cell::functor(atom::ERROR, 2) {
            if let Some(text) = self.stack_overflow_words(b) {
                return text;
            }
            let formal = self.err_term(self.stacks.heap.arg(b, 0), 4);
            let mut text = self.caller_prefix(self.stacks.heap.arg(b, 1));
            text.push_str(&describe(&formal));
            // ply's own guess, for when SWI-Prolog's lines name nothing.
            let swi_lines = self.unknown_procedure_lines(b, "").is_some();
            if let Some(hint) = self
                .unknown_procedure_hint(self.stacks.heap.arg(b, 0))
                .filter(|_| !swi_lines)
            {
                text.push_str(&format!(" ({hint})"));
            }
            // The message of `context(_, Message)`, as SWI-Prolog adds it: on this line, or
            // under SWI-Prolog's lines when there are some (`error_report.rs`).
            if let Some(message) = self
                .context_message(self.stacks.heap.arg(b, 1))
                .filter(|_| !swi_lines)
            {
                text.push_str(&format!(" ({message})"));
            }
            return text;
        }
        format!(
            "Unhandled exception: Unknown message: {}",
            self.format_term(b, true, 8)
        )
    }

    /// The message of an error's context `context(_, Message)` when it is a non-empty atom.
    pub(crate) fn context_message(&self, ctx: Cell) -> Option<String> {
        let ctx = self.stacks.heap.deref(ctx);
        if ctx.tag() != Tag::Str
            || self.stacks.heap.functor_of(ctx) != Cell::functor(atom::CONTEXT, 2)
        {
            return None;
        }
        let msg = self.stacks.heap.deref(self.stacks.heap.arg(ctx, 1));
        if msg.tag() != Tag::Atom || msg == Cell::atom(atom::NIL) {
            return None;
        }
        let text = self.atoms.name(msg.atom_index());
        (!text.is_empty()).then(|| text.to_string())
    }
}
