//! Compiling calls of natives that declare an [`InlineOp`] to `Instr::Inline`.
//!
//! A native declares with `mark_inline_native` that its calls mean one of the operations the
//! run loop decides itself (`=`, `==`, `\==`, the type tests). A goal calling it becomes one
//! `Inline` step: with operands read straight from the arguments' registers when every argument
//! is a variable the clause has already given a value, or a small integer; otherwise with the
//! arguments put in `X0` and `X1` as for the call, which the step then reads. Either way the
//! registers the compiler counted as the goal's arguments are the only ones it may overwrite
//! (when a hook watches and the step becomes the call). Only natives that no program may
//! redefine qualify, and only with the fast paths on.

use super::term_goals::Arg;
use super::Compiler;
use super::VarTable;
use crate::db::PredKind;
use crate::instr::{Instr, Operand, PredId, Reg};
use ply_term::{Cell, Tag};

impl Compiler<'_> {
    /// The functor of goal `t` and the predicate it calls, when the fast paths are on and that
    /// predicate is a native or nondeterministic native no program may redefine: the goals
    /// that may compile to instructions of their own (here, `compile/arith.rs`,
    /// `compile/term_goals.rs`). With the fast paths off every goal is a call.
    pub(super) fn fixed_native(&self, t: Cell) -> Option<(Cell, PredId)> {
        if t.tag() != Tag::Str || !self.fast_paths {
            return None;
        }
        let f = self.heap.functor_of(t);
        let pid = self.lookup_pred(f.functor_name(), f.functor_arity())?;
        let p = &self.program.preds[pid as usize];
        let fixed = matches!(p.kind, PredKind::Native(_) | PredKind::Redo(..)) && !p.library;
        fixed.then_some((f, pid))
    }

    /// Emit goal `t`, which calls `pid` of functor `f` (see [`Compiler::fixed_native`]), as
    /// `Inline` if that native declares an operation; false otherwise, and then nothing was
    /// emitted.
    pub(super) fn emit_inline_goal(
        &mut self,
        t: Cell,
        (f, pid): (Cell, PredId),
        vars: &mut VarTable,
        scratch: &mut u32,
    ) -> bool {
        let arity = f.functor_arity();
        let p = &self.program.preds[pid as usize];
        let Some(op) = p.inline else {
            return false;
        };
        if arity > 2 || !matches!(p.kind, PredKind::Native(_)) {
            return false;
        }
        let args: Vec<Cell> = (0..arity)
            .map(|i| self.heap.deref(self.heap.arg(t, i)))
            .collect();
        let known: Option<Vec<Operand>> = args
            .iter()
            .map(|&a| match self.term_arg(a, vars) {
                Some(Arg::Known(o)) => Some(o),
                _ => None,
            })
            .collect();
        let (a, b) = match known {
            Some(ops) => (ops[0], *ops.last().unwrap_or(&ops[0])),
            None => {
                self.emit_args(t, vars, scratch);
                let x = |i| Operand::reg(Reg::X(i)).expect("an argument register is an operand");
                (x(0), x(arity as u32 - 1))
            }
        };
        self.program.code.push(Instr::Inline {
            op,
            a,
            b,
            pred: pid,
        });
        true
    }
}
