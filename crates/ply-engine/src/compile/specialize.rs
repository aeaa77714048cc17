//! Register moves with the kind of their registers known: `PutVal(Y(i), ai)` becomes
//! `PutValY(i, ai)`, and so on, so that the run loop does not look at what kind of register a
//! move names on every step.
//!
//! Half the steps the run loop takes are register moves (`PutVal`, `PutVar`, `GetVar`), and a
//! general move tests the kind of its register and works out both addresses. Each move is
//! rewritten in place, so no address changes. Two moves of one kind in a row then become one
//! step written over the first, the second left in place behind it for code that jumps to it.
//! This pass runs last, once guards are made and
//! tests decoded, which read the general instructions.

use super::Compiler;
use crate::instr::{Instr, Reg};

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

/// Two specialised moves of the same kind as one step, if they have that form.
fn paired(first: &Instr, second: &Instr) -> Option<Instr> {
    Some(match (*first, *second) {
        // The pair reads both sources first.
        (Instr::PutValX(i, ai), Instr::PutValX(j, aj)) if j != ai => Instr::PutValX2(i, ai, j, aj),
        (Instr::PutValY(i, ai), Instr::PutValY(j, aj)) => Instr::PutValY2(i, ai, j, aj),
        (Instr::PutVarY(i, ai), Instr::PutVarY(j, aj)) => Instr::PutVarY2(i, ai, j, aj),
        (Instr::GetVarY(i, ai), Instr::GetVarY(j, aj)) => Instr::GetVarY2(i, ai, j, aj),
        (Instr::PutValX(i, ai), Instr::PutVarX(j, aj)) => Instr::PutValXVarX(i, ai, j, aj),
        (Instr::PutValX(i, ai), Instr::PutVarY(j, aj)) => Instr::PutValXVarY(i, ai, j, aj),
        (Instr::PutValY(i, ai), Instr::PutVarX(j, aj)) => Instr::PutValYVarX(i, ai, j, aj),
        (Instr::PutValY(i, ai), Instr::PutVarY(j, aj)) => Instr::PutValYVarY(i, ai, j, aj),
        _ => return None,
    })
}

impl Compiler<'_> {
    /// Specialise the register moves in the code from `from` to its end.
    pub(super) fn specialize_moves(&mut self, from: usize) {
        // A fast path: with it off, every move stays in its general form.
        if !self.fast_paths {
            return;
        }
        let end = self.program.code.len();
        for at in from..end {
            if let Some(s) = specialized(&self.program.code[at]) {
                self.program.code[at] = s;
            }
        }
        // Pairs, each written over its first move, from the last pair back so that a move is
        // the second of one pair at most: `a b c` becomes `(a b) b c`, not `(a b) (b c) c`.
        let mut at = end;
        while at > from + 1 {
            at -= 1;
            if let Some(pair) = paired(&self.program.code[at - 1], &self.program.code[at]) {
                self.program.code[at - 1] = pair;
                at -= 1;
            }
        }
    }
}
