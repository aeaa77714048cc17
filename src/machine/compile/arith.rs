//! Compiling `is/2` and the arithmetic comparisons to inline instructions.
//!
//! A comparison whose two arguments are variables already bound by the clause (or small
//! integer constants) becomes one `ArithCmp`, and one with a binary expression `A op B` (`op` one
//! of the integer operations of `ArithOp`: `+ - * mod // div rem min max >> << /\ \/ xor`) of
//! such operands on one side an `ArithCmpExpr`; `V is A op B` with `V` a
//! variable becomes one `ArithIs`. Everything else is left to a plain
//! call. This must never change what a goal means: the instructions fall back to calling the
//! very predicate the goal names (see `machine/inline_arith.rs`), so only goals whose variables
//! are certainly initialised at this point may be compiled inline.

use super::VarInfo;
use super::VarTable;
use crate::machine::db::PredKind;
use crate::machine::instr::{ArithOp, CmpOp, Instr, Operand};
use crate::machine::Machine;
use crate::term::{Cell, Tag};

impl Machine {
    /// Emit goal `t` as an inline arithmetic instruction if it qualifies; false otherwise, and
    /// then nothing was emitted or marked.
    pub(super) fn emit_inline_arith(&mut self, t: Cell, vars: &mut VarTable) -> bool {
        // A fast path: with it off, the goal is an ordinary call of the native it names.
        if t.tag() != Tag::Str || !self.fast_paths {
            return false;
        }
        let f = self.heap.functor_of(t);
        if f.functor_arity() != 2 {
            return false;
        }
        let cmp = match self.atoms.name(f.functor_name()) {
            "is" => None,
            "<" => Some(CmpOp::Lt),
            ">" => Some(CmpOp::Gt),
            "=<" => Some(CmpOp::Le),
            ">=" => Some(CmpOp::Ge),
            "=:=" => Some(CmpOp::Eq),
            "=\\=" => Some(CmpOp::Ne),
            _ => return false,
        };
        let pid = self.pred_id(f.functor_name(), 2);
        let p = &self.preds[pid as usize];
        if !matches!(p.kind, PredKind::Native(_)) || p.library {
            return false;
        }
        let lhs = self.heap.deref(self.heap.arg(t, 0));
        let rhs = self.heap.deref(self.heap.arg(t, 1));
        if let Some(cmp) = cmp {
            if let (Some(a), Some(b)) = (self.operand_of(lhs, vars), self.operand_of(rhs, vars)) {
                self.code.push(Instr::ArithCmp(cmp, a, b, pid));
                return true;
            }
            // One side a binary expression over operands, the other an operand.
            for (left, e, other) in [(true, lhs, rhs), (false, rhs, lhs)] {
                let Some(c) = self.operand_of(other, vars) else {
                    continue;
                };
                if let Some((op, a, b)) = self.binary_of(e, vars) {
                    self.code.push(Instr::ArithCmpExpr {
                        cmp,
                        op,
                        left,
                        a,
                        b,
                        c,
                        pred: pid,
                    });
                    return true;
                }
            }
            return false;
        }
        // `V is A op B`.
        if lhs.tag() != Tag::Ref || rhs.tag() != Tag::Str {
            return false;
        }
        let (dst, fresh) = match vars.get(&lhs) {
            Some(VarInfo {
                reg: Some(r), seen, ..
            }) => (*r, !*seen),
            _ => return false,
        };
        let Some((op, a, b)) = self.binary_of(rhs, vars) else {
            return false;
        };
        if let Some(info) = vars.get_mut(&lhs) {
            info.seen = true;
        }
        self.code.push(Instr::ArithIs {
            op,
            fresh,
            dst,
            a,
            b,
            pred: pid,
        });
        true
    }

    /// `A op B` with an inline operation and two operands.
    fn binary_of(&self, e: Cell, vars: &VarTable) -> Option<(ArithOp, Operand, Operand)> {
        let e = self.heap.deref(e);
        if e.tag() != Tag::Str {
            return None;
        }
        let g = self.heap.functor_of(e);
        if g.functor_arity() != 2 {
            return None;
        }
        let name = self.atoms.name(g.functor_name());
        let op = ArithOp::ALL.into_iter().find(|op| op.name() == name)?;
        let a = self.operand_of(self.heap.arg(e, 0), vars)?;
        let b = self.operand_of(self.heap.arg(e, 1), vars)?;
        Some((op, a, b))
    }

    /// The operand for `c` when it is a small integer constant or a variable that already has a
    /// value in its register.
    fn operand_of(&self, c: Cell, vars: &VarTable) -> Option<Operand> {
        let c = self.heap.deref(c);
        match c.tag() {
            Tag::Int => Operand::int(c.int_value()),
            Tag::Ref => match vars.get(&c) {
                Some(VarInfo {
                    reg: Some(r),
                    seen: true,
                    ..
                }) => Operand::reg(*r),
                _ => None,
            },
            _ => None,
        }
    }
}
