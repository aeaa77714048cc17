//! Register moves with the kind of their registers known: `PutVal(Y(i), ai)` becomes
//! `PutValY(i, ai)`, and so on, so that the run loop does not look at what kind of register a
//! move names on every step.
//!
//! Half the steps the run loop takes are register moves (`PutVal`, `PutVar`, `GetVar`), and a
//! general move tests the kind of its register and works out both addresses. Each move is
//! rewritten in place, so no address changes. This pass runs last, once guards are made and
//! tests decoded, and must never rewrite the moves of a `GuardAlt`'s guard, which
//! `step_guard` reads as the general instructions.

use crate::machine::instr::{Instr, Reg};
use crate::machine::Machine;

/// The specialised form of the register move `instr`, if it has one.
fn specialized(instr: &Instr) -> Option<Instr> {
    use Reg::{X, Y};
    Some(match *instr {
        Instr::PutVal(X(i), ai) => Instr::PutValX(i, ai),
        Instr::PutVal(Y(i), ai) => Instr::PutValY(i, ai),
        Instr::PutVar(X(i), ai) => Instr::PutVarX(i, ai),
        Instr::PutVar(Y(i), ai) => Instr::PutVarY(i, ai),
        Instr::GetVar(X(i), ai) | Instr::Move(X(i), X(ai)) => Instr::PutValX(ai, i),
        Instr::GetVar(Y(i), ai) | Instr::Move(Y(i), X(ai)) => Instr::GetVarY(i, ai),
        Instr::Move(X(ai), Y(i)) => Instr::PutValY(i, ai),
        _ => return None,
    })
}

impl Machine {
    /// Specialise the register moves in the code from `from` to its end, but for those of
    /// guards.
    pub(super) fn specialize_moves(&mut self, from: usize) {
        let end = self.code.len();
        let mut guard: Vec<(usize, usize)> = Vec::new();
        for (at, instr) in self.code[from..end].iter().enumerate() {
            if let Instr::GuardAlt { call, .. } = *instr {
                guard.push((from + at, call as usize));
            }
        }
        for at in from..end {
            if guard.iter().any(|&(g, call)| g < at && at < call) {
                continue;
            }
            if let Some(s) = specialized(&self.code[at]) {
                self.code[at] = s;
            }
        }
    }
}
