//! The lines SWI-Prolog prints under an unknown procedure, "However, there are definitions
//! for:" and the predicates meant, found as swipl 9's `dwim_predicates/2` finds them for
//! `M:Name/Arity` (the arity does not take part):
//!
//! 1. `Name/0` if it is current in `M`;
//! 2. else the current predicates of `M`, then of `user`, then of `system` (the modules whose
//!    predicates `M` sees) whose names match `Name` (`ply_diag::dwim::dwim_match`);
//! 3. else `Name/0` in a module whose name matches `M`'s;
//! 4. else `Name/0` in any module that defines it.
//!
//! Each group is sorted as `setof/3` sorts `Module:Head`, and a predicate of `user` or `system`
//! is written without its module. In ply the flat table is both `user` (the program's
//! predicates and imports) and `system` (the builtins and ply's library, which SWI-Prolog
//! mostly autoloads, so a library predicate not loaded yet in swipl is named here too).

use super::super::db::PredKind;
use super::super::instr::PredId;
use super::super::Machine;
use ply_diag::dwim::dwim_match;
use ply_diag::iso_words::ErrTerm;
use ply_diag::term_text::writeq;
use ply_term::{atom, Cell, Tag};

/// One predicate named in the hint: its module's name (`user` and `system` as such), name and
/// arity.
type Named = (String, String, usize);

impl Machine {
    /// Whether `pid` is current: it has clauses, is declared, is a builtin or is the library's.
    pub fn is_current_pred(&self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        let has = matches!(&p.kind, PredKind::Clauses(l) if !l.clauses.is_empty());
        p.is_builtin() || p.library || p.defined || p.dynamic || has
    }

    /// Whether predicate `pid` of the flat table belongs to `system` rather than `user`.
    fn is_system_pred(&self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        p.is_builtin() || p.library
    }

    /// Whether `name/0` is current in module key `module` (its own or an import, else through
    /// `user` and `system`).
    fn current_in(&self, module: u32, name: u32) -> bool {
        self.program
            .lookup_in(module, name, 0)
            .filter(|&p| self.is_current_pred(p))
            .or_else(|| {
                self.program
                    .lookup_pred(name, 0)
                    .filter(|&p| self.is_current_pred(p))
            })
            .is_some()
    }

    /// The current predicates of the flat table whose names match `name`, of `system` or of
    /// `user` as `system` says.
    fn flat_matches(&self, name: &str, system: bool) -> Vec<Named> {
        let module = if system { "system" } else { "user" };
        self.program
            .pred_map
            .iter()
            .filter(|(_, &pid)| self.is_current_pred(pid) && self.is_system_pred(pid) == system)
            .filter(|(_, pid)| !self.program.old_names.contains(*pid))
            .map(|(&(n, a), _)| (self.atoms.name(n), a))
            .filter(|(n, _)| !n.starts_with('$') && !n.contains(':') && dwim_match(name, n))
            .map(|(n, a)| (module.to_string(), n.to_string(), a))
            .collect()
    }

    /// The current predicates of module key `module` (not `user`) whose names match `name`.
    fn module_matches(&self, module: u32, name: &str) -> Vec<Named> {
        let Some(table) = self.program.modules.table.get(&module) else {
            return Vec::new();
        };
        let m = self.atoms.name(module).to_string();
        table
            .preds
            .iter()
            .filter(|(_, &pid)| self.is_current_pred(pid))
            .map(|(&(n, a), _)| (self.atoms.name(n), a))
            .filter(|(n, _)| !n.starts_with('$') && dwim_match(name, n))
            .map(|(n, a)| (m.clone(), n.to_string(), a))
            .collect()
    }

    /// The modules by name: `user`, `system` and the module table's, with their keys.
    fn all_modules(&self) -> Vec<(String, u32)> {
        let mut all = vec![("user".to_string(), 0), ("system".to_string(), 0)];
        for &k in self.program.modules.table.keys() {
            all.push((self.atoms.name(k).to_string(), k));
        }
        all
    }

    /// SWI-Prolog's predicates meant by an unknown `module:name` (`mname` the module's name,
    /// `module` its key: 0 for `user` and `system`).
    fn dwim_predicates(&self, mname: &str, module: u32, name: u32) -> Vec<Named> {
        let mname = mname.to_string();
        let system = mname == "system";
        let text = self.atoms.name(name).to_string();
        let here = if system {
            self.defined_here(&mname, 0, name)
        } else {
            self.current_in(module, name)
        };
        if here {
            return vec![(mname, text, 0)];
        }
        let mut found = Vec::new();
        if module != 0 {
            found.extend(self.module_matches(module, &text));
        }
        if !system {
            found.extend(self.flat_matches(&text, false));
        }
        found.extend(self.flat_matches(&text, true));
        if found.is_empty() {
            found = self
                .all_modules()
                .into_iter()
                .filter(|(m, k)| *m != mname && dwim_match(&mname, m) && self.current_in(*k, name))
                .map(|(m, _)| (m, text.clone(), 0))
                .collect();
        }
        if found.is_empty() {
            found = self
                .all_modules()
                .into_iter()
                .filter(|(m, k)| self.defined_here(m, *k, name))
                .map(|(m, _)| (m, text.clone(), 0))
                .collect();
        }
        // `setof/3`'s order of `Module:Head`: the module, then the head (an atom before a
        // compound, compounds by arity, then name).
        found.sort_by(|x, y| (&x.0, x.2, &x.1).cmp(&(&y.0, y.2, &y.1)));
        found.dedup();
        found
    }

    /// Whether module `m` (key `k`) has a current `name/0` of its own table: for `user` and
    /// `system`, the flat table's of that side.
    fn defined_here(&self, m: &str, k: u32, name: u32) -> bool {
        if k != 0 {
            return self
                .program
                .lookup_in(k, name, 0)
                .is_some_and(|p| self.is_current_pred(p));
        }
        self.program
            .lookup_pred(name, 0)
            .is_some_and(|p| self.is_current_pred(p) && self.is_system_pred(p) == (m == "system"))
    }

    /// For an error `existence_error(procedure, PI)`, SWI-Prolog's lines naming the
    /// predicates that were perhaps meant, each opening with `prefix` (`ERROR: `), or `None`.
    pub fn unknown_procedure_lines(&self, ball: Cell, prefix: &str) -> Option<String> {
        let (mname, name, arity) = self.unknown_procedure_of(ball)?;
        let module = mname.map_or(0, |m| self.module_key(m));
        let mname = self.atoms.name(mname.unwrap_or(atom::USER)).to_string();
        let pname = self.atoms.name(name).to_string();
        // The procedure itself is not meant: one that is unknown only where it was called
        // (`module/2` after a file's first term) is still current.
        let mut found = self.dwim_predicates(&mname, module, name);
        let flat = |m: &str| m == "user" || m == "system";
        let same_module = |m: &str| m == mname || (flat(m) && flat(&mname));
        found.retain(|(m, n, a)| !(same_module(m) && *n == pname && *a == arity));
        if found.is_empty() {
            return None;
        }
        let mut text = format!("{prefix}  However, there are definitions for:\n");
        for (m, n, a) in found {
            let pi = ErrTerm::Compound("/".into(), vec![ErrTerm::Atom(n), ErrTerm::Int(a as i64)]);
            let t = if m == "user" || m == "system" {
                pi
            } else {
                ErrTerm::Compound(":".into(), vec![ErrTerm::Atom(m), pi])
            };
            text.push_str(&format!("{prefix}        {}\n", writeq(&t)));
        }
        Some(text)
    }

    /// The module (`None` for none), name and arity of the procedure of an error
    /// `error(existence_error(procedure, PI), _)`, `PI` being `Name/Arity` or
    /// `Module:Name/Arity`.
    fn unknown_procedure_of(&self, ball: Cell) -> Option<(Option<u32>, u32, usize)> {
        let h = &self.stacks.heap;
        let b = h.deref(ball);
        if b.tag() != Tag::Str || h.functor_of(b) != Cell::functor(atom::ERROR, 2) {
            return None;
        }
        let f = h.deref(h.arg(b, 0));
        if f.tag() != Tag::Str
            || h.functor_of(f) != Cell::functor(atom::EXISTENCE_ERROR, 2)
            || h.deref(h.arg(f, 0)) != Cell::atom(atom::PROCEDURE)
        {
            return None;
        }
        let mut pi = h.deref(h.arg(f, 1));
        let mut module = None;
        if pi.tag() == Tag::Str && h.functor_of(pi) == Cell::functor(atom::COLON, 2) {
            let m = h.deref(h.arg(pi, 0));
            if m.tag() != Tag::Atom {
                return None;
            }
            module = Some(m.atom_index());
            pi = h.deref(h.arg(pi, 1));
        }
        if pi.tag() != Tag::Str || h.functor_of(pi) != Cell::functor(atom::SLASH, 2) {
            return None;
        }
        let (n, a) = (h.deref(h.arg(pi, 0)), h.deref(h.arg(pi, 1)));
        (n.tag() == Tag::Atom && a.tag() == Tag::Int)
            .then(|| (module, n.atom_index(), a.int_value() as usize))
    }
}
