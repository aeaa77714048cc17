//! The run-time half of `Instr::Inline`: unifications, identity and type tests in the run loop.
//!
//! `X = Y`, `X == Y`, `var(X)`, `atom(X)` and their kind are the commonest goals of many
//! programs' inner loops (matchers, unifiers, meta-interpreters), and a call costs far more than
//! what they decide. A native declares with `mark_inline_native` that its calls mean one of the
//! [`InlineOp`]s; the compiler then emits `Inline` with the arguments as operands, read straight
//! from their registers. What each operation means is defined here from the term layer alone, and
//! it must be exactly what the native means: the instruction decides every case itself, so
//! nothing falls back to the native but a call that a hook (the debugger, an interrupt) wants to
//! see, which becomes exactly the call the compiler would otherwise have emitted.

use super::instr::{InlineOp, Operand, PredId};
use super::Machine;
use ply_term::{BoxKind, Cell, Tag};

impl Machine {
    /// Execute `Inline`; returns false to backtrack, like a run-loop step.
    #[inline]
    pub(super) fn step_inline(
        &mut self,
        op: InlineOp,
        a: Operand,
        b: Operand,
        pid: PredId,
    ) -> bool {
        let (ca, cb) = (self.operand(a), self.operand(b));
        if self.attention_clear() {
            self.stacks.inferences += 1;
            self.stacks.pc += 1;
            return self.inline_holds(op, ca, cb);
        }
        // The arguments where the call the compiler would have emitted puts them; it would
        // have overwritten those registers too, and no others.
        self.stacks.x[0] = ca;
        if self.program.preds[pid as usize].arity == 2 {
            self.stacks.x[1] = cb;
        }
        self.call(pid, true)
    }

    /// Execute `IfUnattended(slow)`: go on to the unification compiled in line when no
    /// attention is raised, counting the inference of the call it stands for; else go to
    /// `slow`, the goal as an `Inline` step.
    #[inline(always)]
    pub(super) fn step_if_unattended(&mut self, slow: u32) -> bool {
        if self.attention_clear() {
            self.stacks.inferences += 1;
            self.stacks.pc += 1;
        } else {
            self.stacks.pc = slow as usize;
        }
        true
    }

    /// Whether `op` holds of `a` and `b` (not dereferenced), binding as `=` binds for
    /// [`InlineOp::Unify`].
    #[inline(always)]
    pub(super) fn inline_holds(&mut self, op: InlineOp, a: Cell, b: Cell) -> bool {
        match op {
            InlineOp::Unify => self.unify(a, b),
            InlineOp::Tags(mask) => mask & (1 << self.stacks.heap.deref(a).tag() as u8) != 0,
            InlineOp::Identical => self.terms_identical(a, b),
            InlineOp::NotIdentical => !self.terms_identical(a, b),
            InlineOp::Number => self.is_number(a),
            InlineOp::Integer => self.is_integer(a),
            InlineOp::Float => self.box_kind_is(a, BoxKind::Float),
        }
    }

    /// True for integers and floats.
    #[inline]
    pub fn is_number(&self, c: Cell) -> bool {
        let c = self.stacks.heap.deref(c);
        match c.tag() {
            Tag::Int => true,
            Tag::Boxed => self.stacks.heap.box_kind(c) != BoxKind::Str,
            _ => false,
        }
    }

    /// True for integers of any size.
    #[inline]
    pub fn is_integer(&self, c: Cell) -> bool {
        let c = self.stacks.heap.deref(c);
        match c.tag() {
            Tag::Int => true,
            Tag::Boxed => self.stacks.heap.box_kind(c) == BoxKind::BigInt,
            _ => false,
        }
    }

    /// True when `c` is a boxed value of `kind`.
    #[inline]
    pub fn box_kind_is(&self, c: Cell, kind: BoxKind) -> bool {
        let c = self.stacks.heap.deref(c);
        c.tag() == Tag::Boxed && self.stacks.heap.box_kind(c) == kind
    }
}
