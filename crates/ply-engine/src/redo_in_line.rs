//! Nondeterministic natives called in line: the `CallRedo` instruction.
//!
//! A nondeterministic native (`arg/3`, `between/3`, ...) has a determinism test that says when
//! its arguments allow at most one answer (`arg/3` with `N` bound). Called as an ordinary
//! predicate it is a real call: the dispatcher sets a continuation for it, so the compiler
//! gives the calling clause an environment and keeps its variables in permanent slots around
//! it. With fast paths on, the compiler instead calls it the way it calls a deterministic
//! native, with the caller's temporaries kept in registers across the call, and this file runs
//! that call:
//!
//! - when the test says one answer at most, the native runs here, on the argument registers,
//!   with no choicepoint and no dispatch, and the clause goes on after the instruction;
//! - otherwise the native runs as it always does, under a choicepoint of its own that it
//!   updates or drops, except that the choicepoint saves every temporary register of the
//!   calling clause (not only the native's arguments) and resumes each retry right after the
//!   instruction, with the clause's own continuation restored. Backtracking into it therefore
//!   finds the clause's registers as they were at the call, exactly as a real call would have
//!   found its permanent slots.
//!
//! The answers, their order and the errors are the native's own either way. With
//! `PLY_FAST_PATHS=0` the compiler emits the ordinary real call, and nothing here runs.

use super::choice::ChoiceKind;
use super::compile::Compiler;
use super::db::PredKind;
use super::instr::{Instr, PredId};
use super::Machine;
use ply_term::Cell;

/// The `resume` of a `Redo` choicepoint that resumes at the continuation its native was
/// called with (a real call), rather than after a `CallRedo`.
pub const RESUME_CONTINUATION: u32 = u32::MAX;

impl Compiler<'_> {
    /// The instruction that calls native `callee` without making a real call, when it is
    /// nondeterministic and fast paths are on: `CallRedo`, saving the first `nregs` registers
    /// (the calling clause's temporaries) when a choicepoint is needed. `None` for any other
    /// predicate.
    pub(super) fn redo_in_line(&self, callee: PredId, nregs: u32) -> Option<Instr> {
        let p = &self.program.preds[callee as usize];
        (self.fast_paths && matches!(p.kind, PredKind::Redo(..)))
            .then_some(Instr::CallRedo(callee, nregs.max(p.arity as u32)))
    }
}

impl Machine {
    /// Execute `CallRedo(pid, nregs)`; returns false to backtrack, like a run-loop step.
    #[inline]
    pub(super) fn call_redo(&mut self, pid: PredId, nregs: u32) -> bool {
        let mut pid = pid;
        if self
            .services
            .attention
            .load(std::sync::atomic::Ordering::Relaxed)
            != 0
        {
            match self.attend(pid, true) {
                // The woken goals run first, and this instruction again after them.
                Ok(_) if self.stacks.pc == self.program.wake_call_pc => return true,
                Ok(p) => pid = p,
                Err(e) => {
                    self.throw_error(e);
                    return true;
                }
            }
        }
        let p = &self.program.preds[pid as usize];
        let (f, det) = match p.kind {
            PredKind::Redo(f, det) => (f, det),
            // Something else now answers the call (a hook redirected it): run it as a query of
            // its own, which keeps this clause's registers and continuation.
            _ => return self.call_replaced_native(pid),
        };
        let arity = p.arity;
        self.stacks.inferences += 1;
        if det(self, &self.stacks.x[..arity]) {
            return self.redo_once(pid, f, arity);
        }
        self.redo_first(pid, f, arity, nregs as usize)
    }

    /// Run native `f` of `pid`, which has at most one answer for the argument registers, with
    /// no choicepoint; the clause goes on after the instruction.
    #[inline(always)]
    fn redo_once(&mut self, pid: PredId, f: super::db::RedoFn, arity: usize) -> bool {
        // Eight words copied whatever the arity, as `run_native` copies them.
        let buf: [Cell; 8] = self.first_args();
        let args = &buf[..arity.min(8)];
        match f(self, args, 0) {
            Ok(Some(_)) => {
                self.stacks.pc += 1;
                true
            }
            Ok(None) => false,
            Err(e) => {
                self.note_error_site(pid, args);
                self.fill_context(e, pid);
                self.throw_error(e);
                true
            }
        }
    }

    /// The first answer of native `f` of `pid` that may have more: under a choicepoint saving
    /// registers `0..nregs`, which resumes after this instruction and which the native updates
    /// or drops as `redo_native` does on its retries.
    #[inline(never)]
    fn redo_first(
        &mut self,
        pid: PredId,
        f: super::db::RedoFn,
        arity: usize,
        nregs: usize,
    ) -> bool {
        let args = self.copy_regs(0, arity);
        let resume = (self.stacks.pc + 1) as u32;
        // Pushed first, so that the bindings the native makes are trailed against it.
        self.push_choice(
            ChoiceKind::Redo {
                pred: pid,
                state: 0,
                resume,
            },
            nregs,
        );
        let i = self.stacks.choices.len() - 1;
        let res = f(self, &args, 0);
        match self.settle_redo(i, pid, &args, res) {
            Some(true) => {
                self.stacks.pc += 1;
                true
            }
            Some(false) => false,
            None => true,
        }
    }
}
