//! The predicate table as code above the engine sees it: read-only views of the predicates
//! (for completion, `listing/1`, the debugger, the language server's list of what ply
//! defines), and the one move `search_tree/3` makes, a clause list handed untouched from one
//! predicate to another, as tabling's worker does.

use super::db::{ClauseList, Pred, PredKind};
use super::instr::PredId;
use super::Machine;
use std::rc::Rc;

impl Machine {
    /// Every predicate, by id.
    pub fn preds(&self) -> &[Pred] {
        &self.program.preds
    }

    /// The second names of the predicates known by two names (`Machine::alias_pred`), each
    /// with the predicate it names, in id order.
    pub fn pred_aliases(&self) -> Vec<(u32, PredId)> {
        let mut v: Vec<(u32, PredId)> = self
            .program
            .aliases
            .iter()
            .map(|(&pid, &name)| (name, pid))
            .collect();
        v.sort_by_key(|&(_, pid)| pid);
        v
    }

    /// The predicate `pid`.
    pub fn pred(&self, pid: PredId) -> &Pred {
        &self.program.preds[pid as usize]
    }

    /// The predicates named `name`, of arity `arity` when one is given, as arity and id in
    /// arity order.
    pub fn preds_named(&self, name: u32, arity: Option<usize>) -> Vec<(usize, PredId)> {
        let mut found: Vec<(usize, PredId)> = self
            .program
            .pred_map
            .iter()
            .filter(|((n, a), _)| *n == name && arity.is_none_or(|x| x == *a))
            .map(|((_, a), &pid)| (*a, pid))
            .collect();
        found.sort();
        found
    }

    /// Hand the clause list of `from`, code and index together, to `to`, which becomes
    /// defined; `from` is left with no clause and its flags as they were. The native states
    /// hear that `from`'s clauses are gone.
    pub fn move_clauses(&mut self, from: PredId, to: PredId) {
        let clauses = std::mem::replace(
            &mut self.program.preds[from as usize].kind,
            PredKind::Clauses(Rc::new(ClauseList::default())),
        );
        self.program.preds[to as usize].kind = clauses;
        self.program.preds[to as usize].defined = true;
        self.services.natives.clauses_wiped(from);
    }

    /// Mark predicate `pid` as the library's (a program's definition replaces it silently) or
    /// as the program's.
    pub fn set_library(&mut self, pid: PredId, on: bool) {
        self.program.preds[pid as usize].library = on;
    }

    /// Mark predicate `pid` as defined or not (an undefined one raises an existence error).
    pub fn set_defined(&mut self, pid: PredId, on: bool) {
        self.program.preds[pid as usize].defined = on;
    }
}
