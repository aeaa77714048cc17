//! Where an error was raised, for the toplevel's report and for the error term itself: the
//! goal and the chain of predicates that called it (`note_error_site`), the predicate that owns
//! a code address, and the context of an `error/2` term a native left open. Only the rare
//! error path comes here; nothing here may run on a path that does not raise.

use super::error::PlError;
use super::instr::PredId;
use super::{Machine, NO_ENV};
use crate::term::Cell;

impl Machine {
    /// Record where an error was raised, for the toplevel's report.
    pub(super) fn note_error_site(&mut self, pid: PredId, args: &[Cell]) {
        let p = &self.preds[pid as usize];
        let (name, arity) = (p.name, p.arity);
        let goal = if arity == 0 {
            Cell::atom(name)
        } else {
            self.heap.compound(name, &args[..arity])
        };
        let text = self.format_term(goal, true, 12);
        // The clause that made the call, found from the code address; then the predicates
        // whose environments are on the stack. Auxiliary predicates (disjunctions moved out of
        // a clause) are shown as the predicate they came from.
        let mut preds: Vec<PredId> = Vec::new();
        if let Some(owner) = self.code_owner_of(self.pc) {
            // A clause with an environment shows up in the frame chain too; count it once.
            if self.e == NO_ENV || self.stack[self.e + 4].0 as PredId != owner {
                preds.push(owner);
            }
        }
        let mut e = self.e;
        while e != NO_ENV && preds.len() < 200 {
            preds.push(self.stack[e + 4].0 as PredId);
            e = self.stack[e].0 as usize;
        }
        let mut chain: Vec<(String, usize)> = Vec::new();
        for pid in preds {
            let pid = self.source_pred(pid);
            let p = &self.preds[pid as usize];
            let pname = self.atoms.name(p.name);
            if pname.starts_with('$') {
                continue;
            }
            let label = format!("{}/{}", pname, p.arity);
            match chain.last_mut() {
                Some((l, n)) if *l == label => *n += 1,
                _ => chain.push((label, 1)),
            }
        }
        let chain = chain
            .into_iter()
            .take(12)
            .map(|(l, n)| {
                if n > 1 {
                    format!("{l} ({n} levels of recursion)")
                } else {
                    l
                }
            })
            .collect();
        self.last_error_site = Some(super::ErrorSite { goal: text, chain });
    }

    /// How many environment frames the running goal is nested in: the depth of the call
    /// stack as a debugger shows it (frames that last-call optimisation reused are not counted).
    pub fn frame_depth(&self) -> usize {
        let mut depth = 0;
        let mut e = self.e;
        while e != NO_ENV {
            depth += 1;
            e = self.stack[e].0 as usize;
        }
        depth
    }

    /// The predicate whose clause code contains address `pc`.
    pub fn code_owner_of(&self, pc: usize) -> Option<PredId> {
        let i = self.code_owners.partition_point(|&(start, _)| start <= pc);
        if i == 0 {
            None
        } else {
            Some(self.code_owners[i - 1].1)
        }
    }

    /// The user predicate an auxiliary predicate was made for (itself otherwise).
    pub fn source_pred(&self, pid: PredId) -> PredId {
        let mut p = pid;
        while let Some(&parent) = self.aux_parent.get(&p) {
            p = parent;
        }
        p
    }

    /// Fill an unbound context of `error(_, Context)` with `context(Name/Arity, _)`.
    pub(super) fn fill_context(&mut self, e: PlError, pid: PredId) {
        let ball = self.heap.deref(e.0);
        if ball.tag() != crate::term::Tag::Str
            || self.heap.functor_of(ball) != Cell::functor(crate::term::atom::ERROR, 2)
        {
            return;
        }
        let ctx = self.heap.deref(self.heap.arg(ball, 1));
        if ctx.tag() != crate::term::Tag::Ref {
            return;
        }
        let p = &self.preds[pid as usize];
        let (name, arity) = (p.name, p.arity);
        let pi = self.indicator(name, arity);
        let msg = self.heap.new_var();
        let c = self.heap.compound(crate::term::atom::CONTEXT, &[pi, msg]);
        self.bind(ctx, c);
    }
}
