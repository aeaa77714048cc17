//! The caller prefix of an error message, as SWI-Prolog's `swi_location//1` writes it.
//!
//! SWI-Prolog opens the line of an `error(Formal, context(Caller, _))` with the predicate that
//! raised it: `ERROR: atom_length/2: Arguments are not sufficiently instantiated`, or
//! `ERROR: //2: Arithmetic: evaluation error: `zero_divisor'` for a division. Programs whose
//! output is compared with SWI-Prolog's (and users who read both) see the same line in ply.

use super::super::Machine;
use ply_term::{atom, Cell, Tag};

impl Machine {
    /// The text before an error's words: `Name/Arity: ` for `context(Module:Name/Arity, _)`
    /// whose module is hidden (`user`, `system` or one that starts with `$`),
    /// `Module:Name/Arity: ` for any other module, `Name/Arity: ` for a plain indicator and the
    /// printed caller for any other ground caller; nothing when the context is not
    /// `context(Caller, _)` with a ground caller.
    pub(crate) fn caller_prefix(&self, context: Cell) -> String {
        let heap = &self.stacks.heap;
        let ctx = heap.deref(context);
        if ctx.tag() != Tag::Str || heap.functor_of(ctx) != Cell::functor(atom::CONTEXT, 2) {
            return String::new();
        }
        let caller = heap.deref(heap.arg(ctx, 0));
        if !ply_term::variables::is_ground(heap, caller) {
            return String::new();
        }
        let (module, pi) = if caller.tag() == Tag::Str
            && heap.functor_of(caller) == Cell::functor(atom::COLON, 2)
        {
            (
                Some(heap.deref(heap.arg(caller, 0))),
                heap.deref(heap.arg(caller, 1)),
            )
        } else {
            (None, caller)
        };
        let Some(indicator) = self.indicator_text(pi) else {
            return format!("{}: ", self.format_term(caller, true, 8));
        };
        match module {
            None => format!("{indicator}: "),
            Some(m) if m.tag() == Tag::Atom && self.hidden_module(m.atom_index()) => {
                format!("{indicator}: ")
            }
            Some(m) if m.tag() == Tag::Atom => {
                format!("{}:{indicator}: ", self.format_term(m, true, 2))
            }
            Some(_) => format!("{}: ", self.format_term(caller, true, 8)),
        }
    }

    /// `Name/Arity` as SWI-Prolog's `'~q/~w'` writes it (so `(/)/2` is `//2`), or `None` when
    /// `pi` is not an indicator with an atom name and an integer arity.
    fn indicator_text(&self, pi: Cell) -> Option<String> {
        let heap = &self.stacks.heap;
        if pi.tag() != Tag::Str || heap.functor_of(pi) != Cell::functor(atom::SLASH, 2) {
            return None;
        }
        let name = heap.deref(heap.arg(pi, 0));
        let arity = heap.deref(heap.arg(pi, 1));
        if name.tag() != Tag::Atom || arity.tag() != Tag::Int {
            return None;
        }
        Some(format!(
            "{}/{}",
            self.format_term(name, true, 1),
            arity.int_value()
        ))
    }

    /// Whether SWI-Prolog leaves the module out of a caller: `user`, `system` and the
    /// modules whose name starts with `$`.
    fn hidden_module(&self, module: u32) -> bool {
        module == atom::USER || {
            let name = self.atoms.name(module);
            name == "system" || name.starts_with('$')
        }
    }
}
