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

use super::Compiler;
use super::VarInfo;
use super::VarTable;
use crate::db::PredKind;
use crate::instr::{ArithOp, CmpOp, Instr, Operand, PredId, Reg};
use ply_term::{Cell, Tag};

impl Compiler<'_> {
    /// Emit goal `t`, which calls `pid` of functor `f` (see [`Compiler::fixed_native`]), as an
    /// inline arithmetic instruction if it qualifies; false otherwise, and then nothing was
    /// emitted or marked.
    pub(super) fn emit_inline_arith(
        &mut self,
        t: Cell,
        (f, pid): (Cell, PredId),
        vars: &mut VarTable,
        scratch: &mut u32,
    ) -> bool {
        if f.functor_arity() != 2
            || !matches!(self.program.preds[pid as usize].kind, PredKind::Native(_))
        {
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
        let lhs = self.heap.deref(self.heap.arg(t, 0));
        let rhs = self.heap.deref(self.heap.arg(t, 1));
        let mut plan = Plan::new(*scratch);
        if let Some(cmp) = cmp {
            if let (Some(a), Some(b)) = (self.operand_of(lhs, vars), self.operand_of(rhs, vars)) {
                self.program.code.push(Instr::ArithCmp(cmp, a, b, pid));
                return true;
            }
            // One side a binary expression over operands, the other an operand.
            for (left, e, other) in [(true, lhs, rhs), (false, rhs, lhs)] {
                let Some(c) = self.operand_of(other, vars) else {
                    continue;
                };
                if let Some((op, a, b)) = self.binary_of(e, vars, &mut Plan::none()) {
                    self.program.code.push(Instr::ArithCmpExpr {
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
            // Nested expressions: their inner operations into temporaries first.
            let (Some(a), Some(b)) = (
                self.expr_operand(lhs, vars, &mut plan),
                self.expr_operand(rhs, vars, &mut plan),
            ) else {
                return false;
            };
            let root = Instr::CmpStep { cmp, a, b, slow: 0 };
            self.emit_plan(t, &plan, root, (vars, scratch));
            return true;
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
        let Some((op, a, b)) = self.binary_of(rhs, vars, &mut plan) else {
            return false;
        };
        if !plan.steps.is_empty() {
            let root = Instr::ArithStep {
                op,
                fresh,
                dst,
                a,
                b,
                slow: 0,
            };
            self.emit_plan(t, &plan, root, (vars, scratch));
            return true;
        }
        if let Some(info) = vars.get_mut(&lhs) {
            info.seen = true;
        }
        self.program.code.push(Instr::ArithIs {
            op,
            fresh,
            dst,
            a,
            b,
            pred: pid,
        });
        true
    }

    /// `A op B` with an inline operation and two operands, each an operand or, as far as
    /// `plan` has room, an expression of its own whose value `plan` computes first.
    fn binary_of(
        &self,
        e: Cell,
        vars: &VarTable,
        plan: &mut Plan,
    ) -> Option<(ArithOp, Operand, Operand)> {
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
        let a = self.expr_operand(self.heap.arg(e, 0), vars, plan)?;
        let b = self.expr_operand(self.heap.arg(e, 1), vars, plan)?;
        Some((op, a, b))
    }

    /// The operand for expression `e`: an operand itself, or a temporary register that an
    /// inner step of `plan` computes it into. The steps are few (`MAX_STEPS`), which also
    /// bounds how deep this looks into `e`.
    fn expr_operand(&self, e: Cell, vars: &VarTable, plan: &mut Plan) -> Option<Operand> {
        if let Some(o) = self.operand_of(e, vars) {
            return Some(o);
        }
        plan.room = plan.room.checked_sub(1)?;
        let (op, a, b) = self.binary_of(e, vars, plan)?;
        let dst = plan.next;
        plan.next += 1;
        plan.steps.push((op, dst, a, b));
        Operand::reg(Reg::X(dst))
    }

    /// Emit goal `t` as the inner steps of `plan`, each `T := A op B` into a new temporary
    /// register, then `root` (an `ArithStep` or `CmpStep` over them), then a jump past the
    /// goal's call as written: where every step goes when its operands are anything but small
    /// integers, so that results, errors and what a tracer sees are the call's own.
    fn emit_plan(
        &mut self,
        t: Cell,
        plan: &Plan,
        root: Instr,
        (vars, scratch): (&mut VarTable, &mut u32),
    ) {
        *scratch = plan.next - 1;
        self.need_regs(*scratch as usize + 1);
        let first = self.program.code.len();
        for &(op, dst, a, b) in &plan.steps {
            self.program.code.push(Instr::ArithStep {
                op,
                fresh: true,
                dst: Reg::X(dst),
                a,
                b,
                slow: 0,
            });
        }
        self.program.code.push(root);
        let jump = self.program.code.len();
        self.program.code.push(Instr::Jump(0));
        let slow = self.program.code.len() as u32;
        for instr in &mut self.program.code[first..jump] {
            if let Instr::ArithStep { slow: s, .. } | Instr::CmpStep { slow: s, .. } = instr {
                *s = slow;
            }
        }
        // The call as the compiler emits it when nothing is in line, which also gives the
        // goal's new variable its first occurrence.
        let callee = self.emit_args(t, vars, scratch);
        self.note_call_site(self.program.code.len(), t);
        self.program.code.push(Instr::Call(callee));
        let end = self.program.code.len() as u32;
        self.program.code[jump] = Instr::Jump(end);
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

/// The most inner operations of one goal's expressions computed into temporaries.
const MAX_STEPS: usize = 8;

/// The inner operations of a goal's expressions, innermost first: each `(op, dst, a, b)`
/// computes `a op b` into temporary register `X[dst]`.
struct Plan {
    /// The steps.
    steps: Vec<(ArithOp, u32, Operand, Operand)>,
    /// The next free temporary register.
    next: u32,
    /// How many more inner expressions may be looked into.
    room: usize,
}

impl Plan {
    /// An empty plan whose temporaries start after register `scratch`.
    fn new(scratch: u32) -> Plan {
        Plan {
            steps: Vec::new(),
            next: scratch + 1,
            room: MAX_STEPS,
        }
    }

    /// A plan with no room: only operands are taken.
    fn none() -> Plan {
        Plan {
            room: 0,
            ..Plan::new(0)
        }
    }
}
