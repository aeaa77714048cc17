//! Module-qualified goals in a clause body: `m:foo(X)` becomes a goal under the qualified name
//! `'m:foo'`, which the compiler's predicate lookup resolves in module `m` (see `modules.rs`).
//! A qualification of a control construct is moved onto its parts one level at a time, and
//! normalization, which sees the parts again, moves it further; so no walk recurses.

use super::Compiler;
use ply_term::{atom, Cell, Tag};

impl Compiler<'_> {
    /// Whether goal `g` names a system predicate the program has one of its own of
    /// (`overrides.rs`).
    fn hidden_by_program(&self, g: Cell) -> bool {
        let (name, n) = match g.tag() {
            Tag::Atom => (g.atom_index(), 0),
            Tag::Str => {
                let f = self.heap.functor_of(g);
                (f.functor_name(), f.functor_arity())
            }
            _ => return false,
        };
        self.program.overrides.hidden(name, n).is_some()
    }

    /// The goal to compile for the qualified goal `g` (`M:G`).
    pub(super) fn qualified_goal(&mut self, g: Cell) -> Cell {
        let m = self.heap.deref(self.heap.arg(g, 0));
        let inner = self.heap.deref(self.heap.arg(g, 1));
        // A module or goal known only when the clause runs: the meta-call resolves it then.
        if m.tag() != Tag::Atom || inner.tag() == Tag::Ref {
            return self.heap.compound(atom::CALL, &[g]);
        }
        let system = self.atoms.intern("system");
        let mut module = super::super::modules::Modules::key(m.atom_index(), system);
        if m.atom_index() == system && self.hidden_by_program(inner) {
            // `system:between(...)` means the system's own between/3 even where the program
            // has one: the qualified name resolves to the predicate the program's hides, as a
            // library module's does (`Program::resolve`).
            module = system;
        } else if module == self.program.modules.current {
            return inner;
        }
        match inner.tag() {
            Tag::Atom => {
                let name = inner.atom_index();
                if [atom::CUT, atom::TRUE, atom::FAIL, atom::FALSE].contains(&name) {
                    return inner;
                }
                let q = self
                    .program
                    .modules
                    .qualify_always(self.atoms, module, name);
                Cell::atom(q)
            }
            Tag::Str => {
                let f = self.heap.functor_of(inner);
                let (name, n) = (f.functor_name(), f.functor_arity());
                let ctl = (n == 2
                    && [atom::COMMA, atom::SEMI, atom::ARROW, atom::SOFT].contains(&name))
                    || (n == 1 && name == atom::NOT);
                if n == 2 && name == atom::COLON {
                    return inner;
                }
                let args: Vec<Cell> = (0..n).map(|i| self.heap.arg(inner, i)).collect();
                if ctl {
                    let parts: Vec<Cell> = args
                        .iter()
                        .map(|&a| self.heap.compound(atom::COLON, &[m, a]))
                        .collect();
                    return self.heap.compound(name, &parts);
                }
                let q = self
                    .program
                    .modules
                    .qualify_always(self.atoms, module, name);
                self.heap.compound(q, &args)
            }
            _ => inner,
        }
    }
}
