//! Calls to library natives compiled in line, and what happens when a program replaces one.
//!
//! A library native (`ходы/2`, `стат_оц/2`, `make/0`, ...) is a native predicate that a program
//! may define for itself: the textbook's own move generator replaces the native one. The
//! compiler treats a call to one that is native when the call is compiled like a call to any
//! other native: not a real call. The caller's temporaries stay in registers across it, and
//! a clause whose other goals are natives too needs no environment. On the textbook minimax,
//! `минимакс/3` and `выбор/6` lose their environments, which saves a tenth of the run.
//!
//! That code is right only while the callee stays native. So the compiler records every
//! predicate whose clauses were compiled that way, by callee ([`LibNatives::note_inline`]).
//! When a library native is replaced ([`Machine::native_replaced`]), the clauses of those
//! predicates are compiled again from their stored terms and take the new code in place,
//! with their ids and keys unchanged. New calls then reach the program's definition through
//! real calls.
//!
//! Code compiled before the replacement may still be running: a clause in the middle of its
//! body, or an alternative a choicepoint will retry. Its calls are [`Instr::CallLib`]s (and
//! `CallLibLast`s, which are `CallLib`s when the callee is no longer native), and
//! one of those whose callee is no longer native runs the program's definition as a query of
//! its own, to its first answer ([`Machine::call_replaced_native`]), which keeps the caller's
//! registers and continuation as the code expects. Such code must never make a real call to
//! the program's clauses: it keeps temporaries in registers that a real call would overwrite,
//! and may have no environment to return through.
//!
//! [`Instr::CallLib`]: super::instr::Instr::CallLib

use super::db::PredKind;
use super::error::PlError;
use super::instr::PredId;
use super::solve::Answer;
use super::Machine;
use ply_term::FastMap;
use std::rc::Rc;

/// Which predicates rely on library natives staying native.
#[derive(Default)]
pub struct LibNatives {
    /// For each library native, the predicates with clauses compiled to call it in line.
    callers: FastMap<PredId, Vec<PredId>>,
    /// The predicate whose clause is being compiled, if any.
    pub compiling: Option<PredId>,
}

impl LibNatives {
    /// Note that the clause being compiled calls library native `callee` in line.
    pub fn note_inline(&mut self, callee: PredId) {
        let Some(caller) = self.compiling else {
            return;
        };
        let callers = self.callers.entry(callee).or_default();
        if !callers.contains(&caller) {
            callers.push(caller);
        }
    }
}

impl Machine {
    /// Library native `pid` has just been replaced by clauses: compile again the predicates
    /// that call it in line.
    pub fn native_replaced(&mut self, pid: PredId) {
        let Some(callers) = self.program.lib_natives.callers.remove(&pid) else {
            return;
        };
        for caller in callers {
            self.recompile_pred(caller);
        }
    }

    /// Compile every clause of `pid` again from its stored term, in place.
    pub(crate) fn recompile_pred(&mut self, pid: PredId) {
        let PredKind::Clauses(list) = &self.program.preds[pid as usize].kind else {
            return;
        };
        let clauses: Vec<(usize, Rc<super::db::Clause>)> = (list.clauses.head()
            ..list.clauses.end())
            .filter_map(|slot| list.clauses.get(slot).map(|c| (slot, c.clone())))
            .collect();
        for (slot, clause) in clauses {
            let term = clause.to_heap(&self.program.code, &mut self.stacks.heap);
            // The new code's calls keep the places the first compilation recorded.
            self.services.loading.recorder = (self.program.clause_sources)
                .get(&clause.id)
                .map(|s| super::source_map::SiteRecorder::replay(s));
            // It compiled once, so it compiles again; if it did not, the old code would still
            // run, reaching the new definition through `call_replaced_native`.
            let compiled = self.clause_code(term, clause.id);
            self.services.loading.recorder = None;
            let Ok((_, new)) = compiled else {
                continue;
            };
            let defers = self.opens_with_tests(new.start());
            if let PredKind::Clauses(list) = &mut self.program.preds[pid as usize].kind {
                let list = Rc::make_mut(list);
                if defers {
                    list.note_defers();
                }
                list.set_clause_code(slot, new);
            }
        }
    }

    /// Run `Instr::CallLib(pid)` for a callee that is no longer native: its clauses, as a query
    /// of their own run to the first answer, after which the calling code goes on as after a
    /// native.
    #[inline(never)]
    pub fn call_replaced_native(&mut self, pid: PredId) -> bool {
        let p = &self.program.preds[pid as usize];
        let (name, arity) = (p.name, p.arity);
        let goal = if arity == 0 {
            ply_term::Cell::atom(name)
        } else {
            let args = self.stacks.x[..arity].to_vec();
            self.stacks.heap.compound(name, &args)
        };
        match self.solve_once(goal) {
            Answer::True => {
                self.stacks.pc += 1;
                true
            }
            Answer::False => false,
            Answer::Error(ball) => {
                let ball = ball.to_heap(&mut self.stacks.heap);
                self.throw_error(PlError(ball));
                true
            }
        }
    }
}
