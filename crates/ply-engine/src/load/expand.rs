//! Term expansion at load time, and what a file's load may change about its own checks.
//!
//! Each term read from a program file is offered first to the system's hook
//! `'$term_expansion'/2` and then to the program's `term_expansion/2`, as SWI-Prolog offers it
//! to `system:term_expansion/2` and `user:term_expansion/2`. A hook that succeeds replaces the
//! term by what it returns: one term, or a list of terms (none drops it). A hook is only called
//! while it has clauses, so a program that defines neither pays one look-up per clause. The
//! library's plunit adds a clause to `'$term_expansion'/2` while a test unit is open. Then,
//! once a grammar rule is translated, the goals of each clause and directive are offered to
//! the program's `goal_expansion/2`.
//!
//! The style checks (`style_check/1`) and the place of the term being loaded
//! (`source_location/2`) belong to one file's load: consulting a file starts with the checks
//! on and gives back the including file's settings when it ends, as swipl does.

use super::super::solve::Answer;
use super::super::Machine;
use crate::instr::PredId;
use ply_term::{atom, Cell};

/// Which of the load-time warnings `style_check/1` has turned off for the file being loaded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// `style_check(-singleton)`: no singleton, branch, negation or multiton warnings.
    pub no_singleton: bool,
    /// `style_check(-discontiguous)`: no warning for clauses spread over a file.
    pub no_discontiguous: bool,
}

impl Style {
    /// Whether a lint warning with diagnostic code `code` is wanted under this style.
    pub fn allows(&self, code: Option<&str>) -> bool {
        match code {
            Some("singleton" | "branch_singleton" | "negation_singleton" | "multiton") => {
                !self.no_singleton
            }
            Some("discontiguous") => !self.no_discontiguous,
            _ => true,
        }
    }
}

/// The names of the expansion hooks, in the order they are offered a term.
const HOOKS: [&str; 2] = ["$term_expansion", "term_expansion"];

impl Machine {
    /// What the term `term`, just read from `file_name`, stands for: `None` for itself (so
    /// that a load without hooks allocates nothing), else the terms a hook expanded it to. An
    /// error in a hook is reported as a directive's would be, and the term is dropped.
    pub(crate) fn expand_read_term(&mut self, term: Cell, file_name: &str) -> Option<Vec<Cell>> {
        if self.services.loading.loading_library {
            return None;
        }
        let hooks = match self.services.loading.hook_atoms {
            Some(h) => h,
            None => {
                let h = HOOKS.map(|n| self.atoms.intern(n));
                self.services.loading.hook_atoms = Some(h);
                h
            }
        };
        for name in hooks {
            let Some(pid) = self.program.lookup_pred(name, 2) else {
                continue;
            };
            if !self.has_clauses(pid) {
                continue;
            }
            let out = self.stacks.heap.new_var();
            let goal = self.stacks.heap.compound(name, &[term, out]);
            match self.solve_once(goal) {
                Answer::True => return Some(self.expansion_terms(out)),
                Answer::False => {}
                Answer::Error(e) => {
                    let line = self.services.loading.term_place.map(|(_, l)| l);
                    self.report_load_error(&e, file_name, line);
                    return Some(Vec::new());
                }
            }
        }
        None
    }

    /// The clause or directive `clause` with its goals passed through the program's
    /// `goal_expansion/2` (`'$expand_clause_goals'/2` in `library/expand.pl`), as SWI-Prolog
    /// expands clause bodies: `None` while `user:goal_expansion/2` has no clauses, so that a
    /// load without the hook pays one look-up per clause, or when nothing changed. An error
    /// in the hook is reported as a directive's would be, and the clause is kept as it was.
    pub(crate) fn expand_clause_goals(&mut self, clause: Cell, file_name: &str) -> Option<Cell> {
        if self.services.loading.loading_library {
            return None;
        }
        let name = self.atoms.intern("goal_expansion");
        let pid = self.program.lookup_pred(name, 2)?;
        if !self.has_clauses(pid) {
            return None;
        }
        let walk = self.atoms.intern("$expand_clause_goals");
        let out = self.stacks.heap.new_var();
        let goal = self.stacks.heap.compound(walk, &[clause, out]);
        match self.solve_once(goal) {
            Answer::True => {
                let out = self.stacks.heap.deref(out);
                (self.compare_terms(out, clause) != std::cmp::Ordering::Equal).then_some(out)
            }
            Answer::False => None,
            Answer::Error(e) => {
                let line = self.services.loading.term_place.map(|(_, l)| l);
                self.report_load_error(&e, file_name, line);
                None
            }
        }
    }

    /// The clause `clause` with its dicts' functional dots turned into calls of `./3`
    /// (`'$expand_dicts'/2` in `library/dicts.pl`), when a term read since the current one
    /// started holds one; `None` otherwise, so that a clause without dots costs one test.
    pub(crate) fn expand_dict_calls(&mut self, clause: Cell) -> Option<Cell> {
        if !self.services.loading.read_dot || self.services.loading.loading_library {
            return None;
        }
        let walk = self.atoms.intern("$expand_dicts");
        let out = self.stacks.heap.new_var();
        let goal = self.stacks.heap.compound(walk, &[clause, out]);
        match self.solve_once(goal) {
            Answer::True => Some(self.stacks.heap.deref(out)),
            _ => None,
        }
    }

    /// Whether `pid` is one of user's expansion hooks, `term_expansion/2` or
    /// `goal_expansion/2`, which SWI-Prolog declares multifile: a library that adds
    /// `user:term_expansion/2` clauses keeps the program's own.
    pub(crate) fn is_user_hook(&mut self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        if p.module != 0 || p.arity != 2 {
            return false;
        }
        let name = p.name;
        name == self.atoms.intern("term_expansion") || name == self.atoms.intern("goal_expansion")
    }

    /// What the expansion hooks make of `end_of_file`, which SWI-Prolog offers them at the end
    /// of every file it loads: the terms other than `end_of_file` to load there (none when no
    /// hook expands it).
    pub(crate) fn expand_end_of_file(&mut self, file_name: &str) -> Vec<Cell> {
        let eof = Cell::atom(atom::END_OF_FILE);
        let mut terms = self.expand_read_term(eof, file_name).unwrap_or_default();
        terms.retain(|&t| self.stacks.heap.deref(t) != eof);
        terms
    }

    /// The terms an expansion returned in `out`: the elements of a proper list, else the term.
    fn expansion_terms(&mut self, out: Cell) -> Vec<Cell> {
        let out = self.stacks.heap.deref(out);
        if out == Cell::atom(atom::NIL) {
            return Vec::new();
        }
        match self.list_to_vec(out) {
            Some(items) => items,
            None => vec![out],
        }
    }

    /// The file (an atom) and line of the term being loaded, for `source_location/2`.
    pub fn source_location(&self) -> Option<(u32, usize)> {
        self.services.loading.term_place
    }

    /// The style checks of the file being loaded.
    pub fn style(&mut self) -> &mut Style {
        &mut self.services.loading.style
    }
}
