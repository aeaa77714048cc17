//! A clause whose body is a disjunction (or an if-then-else) as a whole: its alternatives,
//! one after another in the clause itself.
//!
//! Each alternative but the last starts with `PushAlt(next, arity)`, a choicepoint that keeps
//! the call's arguments, and does its own head unification, so `H :- (A ; B)` behaves exactly as
//! `H :- A` then `H :- B`. Once all are emitted, `guard.rs` may give a `PushAlt` whose
//! alternative opens with a guard and a cut an instruction that needs no choicepoint. Nothing
//! here may change what a cut in an alternative cuts: the clause's own barrier.

use super::Compiler;
use super::{Alternative, Instr, Reg};
use crate::instr::PredId;
use ply_term::Cell;

impl Compiler<'_> {
    /// Emit the code of a clause of `pid` with head `head` and body `body`, one alternative
    /// after another (see `body_alternatives`); returns its start.
    pub(super) fn clause_alternatives(&mut self, pid: PredId, head: Cell, body: Cell) -> usize {
        let arity = self.name_arity(head).1;
        // A body that is a disjunction runs as one alternative after another of the clause
        // itself, linked by choicepoints that keep the arguments (see `body_alternatives`);
        // any other body is a single alternative.
        let mut alternatives = self.body_alternatives(body);
        if self.switches_inside(head, &alternatives) {
            alternatives = vec![Alternative::Plain(body)];
        }
        let keys = self.alternative_keys(head, &alternatives);
        let mut first = None;
        let mut link: Option<usize> = None;
        let mut pushes = Vec::new();
        for (k, &alternative) in alternatives.iter().enumerate() {
            let mut simple = Vec::new();
            let entry = self.program.code.len();
            if let Some(at) = link.take() {
                self.program.code[at] = Instr::PushAlt(entry as u32, arity as u32);
            }
            if k == 0 {
                first = Some(entry);
            }
            let more = k + 1 < alternatives.len();
            if more || matches!(alternative, Alternative::IfThen(..)) {
                // Code of the clause comes before the alternative's own (see `emit`).
                self.program.code_owners.push((entry as u32, pid));
            }
            match alternative {
                Alternative::Plain(goal) => self.normalize(head, goal, &mut simple),
                Alternative::IfThen(condition, then) => {
                    // The choicepoint height before this alternative's own choicepoint, in the
                    // register after the arguments: the alternative receives it as an extra
                    // head argument and cuts back to it once the condition has succeeded.
                    let mark = self.heap.new_var();
                    let marked_head = self.with_extra_arg(head, mark);
                    let condition = self.opaque(condition);
                    let cut = self.special("$cut_to", mark);
                    let goal = self.conj(&[condition, cut, then]);
                    self.normalize(marked_head, goal, &mut simple);
                    simple[0].owner = Some(pid);
                    self.program.code.push(Instr::Mark(Reg::X(arity as u32)));
                }
            }
            if more {
                link = Some(self.program.code.len());
                pushes.push((self.program.code.len(), k));
                self.program.code.push(Instr::PushAlt(0, arity as u32));
            }
            let whole = alternatives.len() == 1 && matches!(alternative, Alternative::Plain(_));
            self.emit_simple_clauses(&simple, whole.then_some(arity));
        }
        for (push, k) in pushes {
            if !self.make_switch(push, k, &keys) {
                self.make_guard(push);
            }
        }
        if let Some(first) = first {
            self.program.shape_test_clause(first);
            self.specialize_moves(first);
        }
        first.unwrap_or(0)
    }
}
