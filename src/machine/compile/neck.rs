//! Where a clause's tests end: the compiler's side of shallow backtracking
//! (`shallow/deferred.rs`).
//!
//! A clause whose goals begin with tests (natives that declare themselves shallow, arithmetic
//! comparisons) and a cut, after its head, may run that far with the choicepoint of its call
//! deferred. This file decides which goal is the clause's neck, before which the emitter puts
//! `Neck` (none when the tests end with the clause's cut, which drops what is deferred), marks
//! the clause's start with `Shallow(keep)`, and turns the `PushAlt` before such an alternative
//! into `ShallowAlt`. It must never let an instruction that could call Prolog code, push a
//! choicepoint, collect garbage or read the choicepoint stack run before the neck.

use super::{Goal, Instr, Reg};
use crate::machine::db::PredKind;
use crate::machine::Machine;

/// Where a clause's tests end, when it has tests worth deferring its choicepoint for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Neck {
    /// At the clause's first cut, which drops what is deferred: no `Neck` is needed.
    Cut,
    /// Before the goal at this index (the number of goals: at the clause's end).
    Before(usize),
}

impl Machine {
    /// The neck of a clause of `goals` (`real[i]`: goal `i` is a real call), or `None` when no
    /// cut comes before it, or the fast paths are off.
    ///
    /// Only a clause that commits among its tests has its choicepoint deferred. One that goes
    /// on to a real call without a cut (`p(X) :- X > 0, q(X).`) would have it pushed at its
    /// neck whenever its tests hold, and pushing it there costs more than pushing it at the
    /// call: measured, the classic suite's `tak`, whose first clause has no cut, ran 14% more
    /// instructions with such clauses deferred.
    pub(super) fn neck_of(&mut self, goals: &[Goal], real: &[bool]) -> Option<Neck> {
        // A fast path: with the fast paths off every choicepoint is pushed at the call.
        if !self.fast_paths {
            return None;
        }
        // A cut to a mark (the commit of an if-then-else alternative) drops the alternative's
        // deferred choicepoint; the call's, if deferred too, waits for the neck.
        let mut commits = false;
        for (i, goal) in goals.iter().enumerate() {
            match *goal {
                Goal::Cut => return Some(Neck::Cut),
                Goal::True | Goal::GetLevel(_) | Goal::Fail => {}
                Goal::CutTo(_) => commits = true,
                Goal::Call(t) if !real[i] && self.is_shallow_native(t) => {}
                _ => return commits.then_some(Neck::Before(i)),
            }
        }
        commits.then_some(Neck::Before(goals.len()))
    }

    /// Whether goal `t` calls a native that declares itself shallow (`Pred::shallow`).
    fn is_shallow_native(&mut self, t: crate::term::Cell) -> bool {
        let (name, arity) = self.name_arity(t);
        let pid = self.pred_id(name, arity);
        let p = &self.preds[pid as usize];
        matches!(p.kind, PredKind::Native(_)) && p.shallow.is_some()
    }

    /// Whether the code from `from` up to `to` writes none of argument registers `0..n`; false
    /// for any instruction not known to write only what it names.
    pub(super) fn keeps_args(&self, from: usize, to: usize, n: usize) -> bool {
        let arg = |r: Reg| matches!(r, Reg::X(i) if (i as usize) < n);
        let x = |i: u32| (i as usize) < n;
        self.code[from..to].iter().all(|instr| match *instr {
            Instr::GetVar(r, _) | Instr::UnifyVar(r) | Instr::Move(r, _) => !arg(r),
            Instr::GetListVars(_, head, tail) => !arg(head) && !arg(tail),
            Instr::GetVal(..)
            | Instr::GetConst(..)
            | Instr::GetTerm(..)
            | Instr::GetList(_)
            | Instr::GetStruct(..)
            | Instr::UnifyVal(_)
            | Instr::UnifyConst(_)
            | Instr::UnifyVoid
            | Instr::GetVarY(..)
            | Instr::Allocate(..)
            | Instr::ArithCmp(..)
            | Instr::ArithCmpExpr { .. }
            | Instr::CutTo(_)
            | Instr::Fail
            | Instr::CallLib(_)
            | Instr::Call(_) => true,
            Instr::PutVar(r, ai) => !arg(r) && !x(ai),
            Instr::PutVal(_, ai)
            | Instr::PutConst(_, ai)
            | Instr::PutTerm(_, ai)
            | Instr::PutList(ai)
            | Instr::PutStruct(_, ai) => !x(ai),
            Instr::GetLevel(r, _) => !arg(r),
            Instr::ArithIs { dst, .. } => !arg(dst),
            _ => false,
        })
    }

    /// Turn the `PushAlt` at `push` into `ShallowAlt` when the alternative after it starts with
    /// `Shallow`; `marked` when the alternative's `Mark(X(n))` stands just before it, which the
    /// `ShallowAlt` then replaces.
    pub(super) fn make_shallow_alt(&mut self, push: usize, marked: bool) -> bool {
        let Instr::PushAlt(alt, n) = self.code[push] else {
            return false;
        };
        let Some(&Instr::Shallow(keep)) = self.code.get(push + 1) else {
            return false;
        };
        let mark = marked && matches!(self.code[push - 1], Instr::Mark(Reg::X(r)) if r == n);
        let at = if mark { push - 1 } else { push };
        self.code[at] = Instr::ShallowAlt { alt, n, keep, mark };
        true
    }
}
