//! Compiling `arg/3` and `functor/3` to instructions of their own.
//!
//! Programs that walk terms (rewriters, unifiers, copiers, flatteners) call `arg(N, T, A)` and
//! `functor(T, F, N)` in their innermost loops, nearly always with `A`, or `F` and `N`, met
//! there for the first time. Called as natives, each such call first makes an unbound variable
//! on the heap for every new output, passes it, and then binds and trails it. Compiled to
//! `ArgOf` and `FunctorOf`, the common cases write their answer straight into the output
//! variable's register instead (see `machine/term_instr.rs`). This must never change what a
//! goal means: every case the instructions do not decide themselves becomes exactly the call
//! the compiler would otherwise have emitted, with the same arguments, so answers and errors
//! are the natives' own. Only goals whose arguments are variables (or, for the numbers, small
//! integers) qualify, and only with the fast paths on.

use super::Compiler;
use super::VarInfo;
use super::VarTable;
use crate::db::PredKind;
use crate::instr::{Instr, Operand, OperandKind, PredId, VOID};
use ply_term::{Cell, Tag};

/// An argument of a goal as the instructions take it.
#[derive(Clone, Copy)]
pub(super) enum Arg {
    /// A variable already bound by the clause, or a small integer.
    Known(Operand),
    /// A variable met here for the first time (its register), or an anonymous one (`VOID`).
    Fresh(Operand),
}

impl Compiler<'_> {
    /// Emit goal `t`, which calls `pid` of functor `f` (see [`Compiler::fixed_native`]), as
    /// `ArgOf` or `FunctorOf` if it qualifies; false otherwise, and then
    /// nothing was emitted or marked. `nregs` is the number of temporary registers a
    /// `CallRedo` at this point saves.
    pub(super) fn emit_term_goal(
        &mut self,
        t: Cell,
        (f, pid): (Cell, PredId),
        vars: &mut VarTable,
        nregs: u32,
    ) -> bool {
        if f.functor_arity() != 3 {
            return false;
        }
        let is_arg = match self.atoms.name(f.functor_name()) {
            "arg" => true,
            "functor" => false,
            _ => return false,
        };
        let kind = &self.program.preds[pid as usize].kind;
        let native = if is_arg {
            matches!(kind, PredKind::Redo(..))
        } else {
            matches!(kind, PredKind::Native(_))
        };
        if !native {
            return false;
        }
        let args = [0, 1, 2].map(|i| self.heap.deref(self.heap.arg(t, i)));
        // A variable repeated within the goal is left to the native: its first occurrence
        // would be both an input and an output.
        if args[0] == args[1] && args[0].tag() == Tag::Ref
            || args[0] == args[2] && args[0].tag() == Tag::Ref
            || args[1] == args[2] && args[1].tag() == Tag::Ref
        {
            return false;
        }
        let Some(ops) = args
            .iter()
            .map(|&a| self.term_arg(a, vars))
            .collect::<Option<Vec<Arg>>>()
        else {
            return false;
        };
        let instr = if is_arg {
            // `N` and `T` must be known; `A` may be either.
            let (Arg::Known(n), Arg::Known(t)) = (ops[0], ops[1]) else {
                return false;
            };
            if !matches!(t.kind(), OperandKind::Reg(_)) {
                return false;
            }
            let (a, fresh) = match ops[2] {
                Arg::Known(a) if matches!(a.kind(), OperandKind::Reg(_)) => (a, false),
                Arg::Known(_) => return false,
                Arg::Fresh(a) => (a, true),
            };
            Instr::ArgOf {
                n,
                t,
                a,
                fresh,
                pred: pid,
                nregs: nregs.max(3),
            }
        } else {
            let mut fresh = 0u8;
            let mut o = [VOID; 3];
            for (i, arg) in ops.iter().enumerate() {
                match *arg {
                    Arg::Known(k) => o[i] = k,
                    Arg::Fresh(k) => {
                        o[i] = k;
                        fresh |= 1 << i;
                    }
                }
            }
            // The term and the name are variables; only the arity may be a constant.
            for k in &o[..2] {
                if *k != VOID && !matches!(k.kind(), OperandKind::Reg(_)) {
                    return false;
                }
            }
            Instr::FunctorOf {
                t: o[0],
                f: o[1],
                n: o[2],
                fresh,
                pred: pid,
            }
        };
        for a in args {
            if let Some(info) = vars.get_mut(&a) {
                info.seen = true;
            }
        }
        self.program.code.push(instr);
        true
    }

    /// How the instructions take argument `a`; `None` when they cannot.
    pub(super) fn term_arg(&self, a: Cell, vars: &VarTable) -> Option<Arg> {
        match a.tag() {
            Tag::Int => Operand::int(a.int_value()).map(Arg::Known),
            Tag::Ref => match vars.get(&a) {
                Some(VarInfo {
                    reg: Some(r), seen, ..
                }) => {
                    let o = Operand::reg(*r)?;
                    Some(if *seen { Arg::Known(o) } else { Arg::Fresh(o) })
                }
                Some(VarInfo {
                    reg: None,
                    seen: false,
                    count: 1,
                    ..
                }) => Some(Arg::Fresh(VOID)),
                _ => None,
            },
            _ => None,
        }
    }
}
