//! The run-time half of inline arithmetic: the `ArithCmp` and `ArithIs` instructions.
//!
//! Both decide small-integer cases on the spot, without building an expression or calling a
//! native. Every other case (floats, big integers, unbound operands, overflow, a tracer that
//! wants to see the call) becomes exactly the call the compiler would otherwise have emitted:
//! the same arguments in `X0`/`X1` and a dispatch to the same predicate, so results and error
//! terms never differ from the general evaluator. This file must never evaluate anything beyond
//! small-integer `+ - *` and comparisons itself.

use super::instr::{ArithOp, CmpOp, Operand, OperandKind, PredId, Reg};
use super::Machine;
use ply_term::{Cell, Tag};

impl Machine {
    /// The cell an operand stands for (not dereferenced).
    #[inline(always)]
    pub(super) fn operand(&self, o: Operand) -> Cell {
        match o.kind() {
            OperandKind::Reg(r) => self.reg(r),
            OperandKind::Int(v) => Cell::int(v),
        }
    }

    /// The values of operands `a` and `b` when both are small integers (dereferenced).
    #[inline(always)]
    pub(super) fn small_ints(&self, a: Operand, b: Operand) -> Option<(i64, i64)> {
        let x = self.stacks.heap.deref(self.operand(a));
        let y = self.stacks.heap.deref(self.operand(b));
        (x.tag() == Tag::Int && y.tag() == Tag::Int).then(|| (x.int_value(), y.int_value()))
    }

    /// `a op b` of two small integer operands when the result is a small integer too.
    #[inline(always)]
    pub(super) fn small_result(&self, op: ArithOp, a: Operand, b: Operand) -> Option<i64> {
        let (x, y) = self.small_ints(a, b)?;
        op.apply(x, y).filter(|&r| Cell::fits_small(r))
    }

    /// Execute `ArithCmp`; returns false to backtrack, like a run-loop step.
    #[inline]
    pub(super) fn step_arith_cmp(
        &mut self,
        op: CmpOp,
        a: Operand,
        b: Operand,
        pid: PredId,
    ) -> bool {
        let (ca, cb) = (self.operand(a), self.operand(b));
        let (x, y) = (self.stacks.heap.deref(ca), self.stacks.heap.deref(cb));
        if x.tag() == Tag::Int && y.tag() == Tag::Int && self.attention_clear() {
            self.stacks.inferences += 1;
            self.stacks.pc += 1;
            return op.holds(x.int_value().cmp(&y.int_value()));
        }
        self.stacks.x[0] = ca;
        self.stacks.x[1] = cb;
        self.dispatch(pid, true)
    }

    /// Execute `ArithCmpExpr`; returns false to backtrack, like a run-loop step.
    #[inline]
    pub(super) fn step_arith_cmp_expr(
        &mut self,
        (cmp, op, left): (CmpOp, ArithOp, bool),
        (a, b, c): (Operand, Operand, Operand),
        pid: PredId,
    ) -> bool {
        let (ca, cb, cc) = (self.operand(a), self.operand(b), self.operand(c));
        let (x, y, z) = (
            self.stacks.heap.deref(ca),
            self.stacks.heap.deref(cb),
            self.stacks.heap.deref(cc),
        );
        if x.tag() == Tag::Int
            && y.tag() == Tag::Int
            && z.tag() == Tag::Int
            && self.attention_clear()
        {
            if let Some(r) = op.apply(x.int_value(), y.int_value()) {
                self.stacks.inferences += 1;
                self.stacks.pc += 1;
                let o = if left {
                    r.cmp(&z.int_value())
                } else {
                    z.int_value().cmp(&r)
                };
                return cmp.holds(o);
            }
        }
        let f = self.atoms.intern(op.name());
        let expr = self.stacks.heap.compound(f, &[ca, cb]);
        if left {
            self.stacks.x[0] = expr;
            self.stacks.x[1] = cc;
        } else {
            self.stacks.x[0] = cc;
            self.stacks.x[1] = expr;
        }
        self.dispatch(pid, true)
    }

    /// Execute `ArithIs`; returns false to backtrack, like a run-loop step.
    #[inline]
    pub(super) fn step_arith_is(
        &mut self,
        op: ArithOp,
        fresh: bool,
        dst: Reg,
        operands: (Operand, Operand),
        pid: PredId,
    ) -> bool {
        let (ca, cb) = (self.operand(operands.0), self.operand(operands.1));
        let (x, y) = (self.stacks.heap.deref(ca), self.stacks.heap.deref(cb));
        if x.tag() == Tag::Int && y.tag() == Tag::Int && self.attention_clear() {
            if let Some(r) = op.apply(x.int_value(), y.int_value()) {
                if Cell::fits_small(r) {
                    self.stacks.inferences += 1;
                    self.stacks.pc += 1;
                    let c = Cell::int(r);
                    if fresh {
                        self.set_reg(dst, c);
                        return true;
                    }
                    let d = self.reg(dst);
                    return self.unify(d, c);
                }
            }
        }
        // The general case: the arguments `is/2` would have received.
        let lhs = if fresh {
            let v = self.stacks.heap.new_var();
            self.set_reg(dst, v);
            v
        } else {
            self.reg(dst)
        };
        let f = self.atoms.intern(op.name());
        let expr = self.stacks.heap.compound(f, &[ca, cb]);
        self.stacks.x[0] = lhs;
        self.stacks.x[1] = expr;
        self.dispatch(pid, true)
    }

    /// Execute `ArithStep`: one operation of a goal with a nested expression, or a jump to the
    /// goal's call as written (`slow`) for anything but small integers.
    #[inline]
    pub(super) fn step_arith(
        &mut self,
        (op, fresh, dst): (ArithOp, bool, Reg),
        (a, b): (Operand, Operand),
        slow: u32,
    ) -> bool {
        if let Some(r) = self
            .small_result(op, a, b)
            .filter(|_| self.attention_clear())
        {
            self.stacks.pc += 1;
            let c = Cell::int(r);
            if fresh {
                self.set_reg(dst, c);
                return true;
            }
            self.stacks.inferences += 1;
            let d = self.reg(dst);
            return self.unify(d, c);
        }
        self.stacks.pc = slow as usize;
        true
    }

    /// Execute `CmpStep`, as [`Machine::step_arith`] for a comparison.
    #[inline]
    pub(super) fn step_cmp(&mut self, cmp: CmpOp, (a, b): (Operand, Operand), slow: u32) -> bool {
        if let Some((x, y)) = self.small_ints(a, b).filter(|_| self.attention_clear()) {
            self.stacks.inferences += 1;
            self.stacks.pc += 1;
            return cmp.holds(x.cmp(&y));
        }
        self.stacks.pc = slow as usize;
        true
    }
}
