//! Guards that need no choicepoint: clauses and clause alternatives that open with tests and a
//! cut, such as `max(X, Y, X) :- X >= Y, !.`, `(ходы(Поз, СписПоз), ! ; ...)` and
//! `(ход_мина(Поз0), Оц0 > Оц1, ! ; ...)`.
//!
//! A clause whose body is a disjunction pushes a choicepoint before each alternative but the
//! last (`PushAlt`). When an alternative begins with register moves, one call of a shallow
//! native (see `Pred::shallow`) whose bindable arguments the moves have just made fresh, and a
//! cut, the choicepoint only ever serves one purpose: to resume the next alternative when that
//! call fails, which leaves nothing to undo. This pass finds such alternatives and turns their
//! `PushAlt` into `GuardAlt`, placed after the moves just before the call, which the run loop
//! makes without a choicepoint; an alternative whose guard only tests and writes no register
//! gets `TestAlt`. It must never do so when the next alternative could read a register that
//! the guard's moves overwrote: it reads that alternative's code up to its first real call and
//! gives up on anything it does not know. A whole clause whose code up to its first cut only
//! unifies, moves registers and tests gets `TestAlt` at its start, for a whole clause (`mark_tests`), which lets a
//! call try it without the call's choicepoint; the argument registers its moves overwrite are
//! noted in it, to be put back when it fails.

use super::Compiler;
use crate::db::PredKind;
use crate::instr::{Instr, Operand, OperandKind, Reg, FLOAT_FIRST, NO_SHAPE, WHOLE_CLAUSE};
use crate::shallow::MAX_SAVED;

/// The registers an instruction reads and writes, for the instructions the check knows.
struct Access {
    /// Registers read.
    reads: [Option<Reg>; 2],
    /// Registers written.
    writes: [Option<Reg>; 2],
    /// A call or return that reads argument registers `0..n` (Some(n)); `stop` when control
    /// leaves the alternative's straight-line code with it.
    args: Option<usize>,
    /// Nothing after this instruction can read a register the guard wrote.
    stop: bool,
}

impl Access {
    /// An instruction that touches no register.
    fn none() -> Access {
        Access {
            reads: [None; 2],
            writes: [None; 2],
            args: None,
            stop: false,
        }
    }
}

impl Compiler<'_> {
    /// Turn the `PushAlt` at `push` into a `GuardAlt` when the alternative it starts has a
    /// guard of the kind this file is about and the next alternative cannot tell the difference.
    pub(super) fn make_guard(&mut self, push: usize) {
        // A fast path: with the fast paths off every alternative keeps its plain choicepoint,
        // and so no clause of tests is decoded either.
        if !self.fast_paths {
            return;
        }
        let Instr::PushAlt(alt, n) = self.program.code[push] else {
            return;
        };
        let Some((call, written)) = self.guard_call(push + 1) else {
            if let Some(cut) = self.guard_tests(push + 1) {
                self.program.code[push] = Instr::TestAlt {
                    alt,
                    n,
                    cut: cut as u32,
                    shape: NO_SHAPE,
                };
            }
            return;
        };
        if self.reads_any(alt as usize, &written) {
            return;
        }
        let Instr::CallLib(pid) = self.program.code[call] else {
            return;
        };
        // The moves move up into the `PushAlt`'s place, to run as the ordinary steps they are,
        // and the guard takes the place before its call. Resuming at `alt` after them is
        // resuming before them: the next alternative reads none of the registers they write,
        // and the fresh variables they made are garbage to it.
        self.program.code.copy_within(push + 1..call, push);
        self.program.code[call - 1] = Instr::GuardAlt { alt, n, pid };
    }

    /// The address of the guard's call and the registers its moves write, when the code from
    /// `from` is moves, a call of a shallow library native with fresh bindable arguments, and
    /// `!`.
    fn guard_call(&self, from: usize) -> Option<(usize, Vec<Reg>)> {
        let mut written: Vec<Reg> = Vec::new();
        // Argument registers holding a variable made by the guard itself.
        let mut fresh: u32 = 0;
        let mut at = from;
        let pid = loop {
            let instr = self.program.code.get(at)?;
            match *instr {
                Instr::GetVar(r, _) => {
                    forget_fresh(&mut fresh, r);
                    written.push(r);
                }
                Instr::PutVar(r, ai) => {
                    forget_fresh(&mut fresh, r);
                    written.extend([r, Reg::X(ai)]);
                    if ai < 32 {
                        fresh |= 1 << ai;
                    }
                }
                Instr::PutVal(_, ai) | Instr::PutConst(_, ai) => {
                    forget_fresh(&mut fresh, Reg::X(ai));
                    written.push(Reg::X(ai));
                }
                Instr::Move(to, _) => {
                    forget_fresh(&mut fresh, to);
                    written.push(to);
                }
                Instr::CallLib(pid) => break pid,
                _ => return None,
            }
            at += 1;
        };
        // An environment slot is never a move's target before a clause allocates one, but the
        // check below knows argument registers only.
        if written.iter().any(|r| matches!(r, Reg::Y(_))) {
            return None;
        }
        let p = &self.program.preds[pid as usize];
        let outputs = u32::from(p.shallow?);
        if !matches!(p.kind, PredKind::Native(_)) || outputs & !fresh != 0 {
            return None;
        }
        matches!(
            self.program.code.get(at + 1),
            Some(Instr::Cut(false) | Instr::CutExit(false))
        )
        .then_some((at, written))
    }

    /// The address of the cut, when the code from `from` up to it only tests (see
    /// `Instr::TestAlt`): it writes no register, so the next alternative finds them all as
    /// they were.
    fn guard_tests(&self, from: usize) -> Option<usize> {
        let mut at = from;
        loop {
            match *self.program.code.get(at)? {
                Instr::GetVal(..) | Instr::ArithCmp(..) | Instr::ArithCmpExpr { .. } => {}
                Instr::Inline { op, .. } if op.is_test() => {}
                Instr::CallLib(pid) => {
                    if !self.program.preds[pid as usize].is_test_native() {
                        return None;
                    }
                }
                Instr::Cut(false) | Instr::CutExit(false) => return Some(at),
                _ => return None,
            }
            at += 1;
        }
    }

    /// Give the clause of `arity` arguments whose code was just emitted from `start` (and
    /// nothing after it yet) a `TestAlt` for a whole clause at its start when its code up to its first cut only
    /// tests (see [`Compiler::clause_tests`]). The code moves up one place to make room, and
    /// what names its addresses moves with it: the resume address of a negation's `PushAlt`, the
    /// jumps and guards of control constructs compiled in line (`compile/inline.rs`)
    /// and the call sites the loader records. The clause's start, where its owner entry and
    /// its frame's names are kept, is the `TestAlt`.
    pub(super) fn mark_tests(&mut self, start: usize, arity: usize) {
        // A fast path: with the fast paths off no clause is marked.
        if !self.fast_paths {
            return;
        }
        let Some((saves, cut)) = self.clause_tests(start, arity) else {
            return;
        };
        self.program.code.insert(start, Instr::Fail);
        let shift = |a: u32| if a as usize >= start { a + 1 } else { a };
        for instr in &mut self.program.code[start + 1..] {
            match *instr {
                Instr::PushAlt(alt, n) => *instr = Instr::PushAlt(shift(alt), n),
                Instr::KeyAlt { ref mut alt, .. } => *alt = shift(*alt),
                Instr::Jump(at) => *instr = Instr::Jump(shift(at)),
                Instr::IfUnattended(at) => *instr = Instr::IfUnattended(shift(at)),
                Instr::ArithStep { ref mut slow, .. } | Instr::CmpStep { ref mut slow, .. } => {
                    *slow = shift(*slow)
                }
                Instr::TestAlt { alt, n, cut, shape } if alt != WHOLE_CLAUSE => {
                    *instr = Instr::TestAlt {
                        alt: shift(alt),
                        n,
                        cut: shift(cut),
                        shape,
                    }
                }
                _ => {}
            }
        }
        if let Some(r) = self.recorder.as_deref_mut() {
            for (addr, _) in &mut r.calls {
                if *addr >= start {
                    *addr += 1;
                }
            }
        }
        for (addr, _) in self.program.code_owners.iter_mut().rev() {
            if *addr as usize <= start {
                break;
            }
            *addr += 1;
        }
        self.program.code[start] = Instr::TestAlt {
            alt: WHOLE_CLAUSE,
            n: saves,
            cut: cut as u32 + 1,
            shape: NO_SHAPE,
        };
    }

    /// The argument registers (below `arity`) that the code from `start` overwrites, one bit
    /// each, and the address of its first cut, when that code up to the cut only tests: head
    /// unifications of argument registers with temporary registers (`GetVal`) and constants
    /// (`GetConst`), moves between temporary registers and constants put in them, calls of test
    /// natives ([`Pred::is_test_native`](crate::db::Pred::is_test_native)), inline
    /// comparisons, and `Inline` tests of temporary operands (type tests, `==`, `\==`). `None`
    /// for anything else, and when the registers to restore after a failure are more than
    /// `shallow.rs` keeps.
    fn clause_tests(&self, start: usize, arity: usize) -> Option<(u32, usize)> {
        let mut saves = 0u32;
        let mut write = |r: Reg| match r {
            Reg::X(i) if (i as usize) >= arity => Some(()),
            Reg::X(i) if i < 32 => {
                saves |= 1 << i;
                Some(())
            }
            _ => None,
        };
        // The clause has no environment yet while its tests run: its operands are in argument
        // and temporary registers.
        let temporary = |o: Operand| !matches!(o.kind(), OperandKind::Reg(Reg::Y(_)));
        let mut at = start;
        loop {
            match *self.program.code.get(at)? {
                Instr::GetVal(Reg::X(_), _) | Instr::GetConst(..) => {}
                Instr::GetVar(r, _) | Instr::Move(r, Reg::X(_)) => write(r)?,
                Instr::PutVal(Reg::X(_), ai) | Instr::PutConst(_, ai) => write(Reg::X(ai))?,
                Instr::Call(pid) | Instr::CallLib(pid) => {
                    if !self.program.preds[pid as usize].is_test_native() {
                        return None;
                    }
                }
                Instr::ArithCmp(_, a, b, _) => {
                    if !temporary(a) || !temporary(b) {
                        return None;
                    }
                }
                // A unification is left to the clause's choicepoint: of compound terms, as
                // it often is, the guard could not decide it, and would be run twice.
                Instr::Inline { op, a, b, .. } => {
                    if !op.is_test() || !temporary(a) || !temporary(b) {
                        return None;
                    }
                }
                Instr::ArithCmpExpr { a, b, c, .. } => {
                    if !temporary(a) || !temporary(b) || !temporary(c) {
                        return None;
                    }
                }
                Instr::Cut(false) | Instr::CutExit(false) => {
                    return (saves.count_ones() as usize <= MAX_SAVED).then_some((saves, at));
                }
                _ => return None,
            }
            at += 1;
        }
    }

    /// Whether the code from `start`, run straight on until its first call, may read one of
    /// `regs` before writing it; true for any instruction it does not know.
    fn reads_any(&self, start: usize, regs: &[Reg]) -> bool {
        let mut own: Vec<Reg> = Vec::new();
        let mut at = start;
        loop {
            let Some(instr) = self.program.code.get(at) else {
                return true;
            };
            let Some(access) = self.access(instr) else {
                return true;
            };
            let needed = |r: Reg| regs.contains(&r) && !own.contains(&r);
            if access.reads.iter().flatten().any(|&r| needed(r)) {
                return true;
            }
            if let Some(n) = access.args {
                if (0..n as u32).any(|i| needed(Reg::X(i))) {
                    return true;
                }
            }
            if access.stop {
                return false;
            }
            own.extend(access.writes.iter().flatten());
            at += 1;
        }
    }

    /// What `instr` reads and writes, for the instructions of straight-line clause code.
    fn access(&self, instr: &Instr) -> Option<Access> {
        let x = Reg::X;
        let mut a = Access::none();
        match *instr {
            Instr::GetVar(r, ai) => {
                a.reads[0] = Some(x(ai));
                a.writes[0] = Some(r);
            }
            Instr::GetVal(r, ai) => a.reads = [Some(r), Some(x(ai))],
            Instr::GetConst(_, ai)
            | Instr::GetList(ai)
            | Instr::GetStruct(_, ai)
            | Instr::GetStructConst(ai, ..)
            | Instr::GetFloat(_, ai) => a.reads[0] = Some(x(ai)),
            Instr::GetConst2(ai, ..) | Instr::GetFloat2(ai, ..) => {
                a.reads = [Some(x(ai)), Some(x(ai + 1))]
            }
            Instr::GetConstFloat(w, ..) => {
                let ai = w & !FLOAT_FIRST;
                a.reads = [Some(x(ai)), Some(x(ai + 1))]
            }
            Instr::UnifyVar(r) => a.writes[0] = Some(r),
            Instr::GetListVars(ai, head, tail) => {
                a.reads[0] = Some(x(ai));
                a.writes = [Some(head), Some(tail)];
            }
            Instr::GetListValVar(ai, head, tail) => {
                a.reads = [Some(x(ai)), Some(head)];
                a.writes[0] = Some(tail);
            }
            Instr::UnifyVal(r) => a.reads[0] = Some(r),
            Instr::UnifyConst(_) | Instr::UnifyVoid => {}
            Instr::PutVal(r, ai) => {
                a.reads[0] = Some(r);
                a.writes[0] = Some(x(ai));
            }
            Instr::PutVar(r, ai) => a.writes = [Some(r), Some(x(ai))],
            Instr::PutConst(_, ai) | Instr::PutList(ai) | Instr::PutStruct(_, ai) => {
                a.writes[0] = Some(x(ai))
            }
            Instr::PutListValVal(ai, head, tail) => {
                a.reads = [Some(head), Some(tail)];
                a.writes[0] = Some(x(ai));
            }
            Instr::PutListValConst(ai, head, _) => {
                a.reads[0] = Some(head);
                a.writes[0] = Some(x(ai));
            }
            Instr::Move(to, from) => {
                a.reads[0] = Some(from);
                a.writes[0] = Some(to);
            }
            Instr::Allocate(..) | Instr::Deallocate | Instr::Cut(_) => {}
            // Only a call that a hook watches writes `X0` and `X1`, which the compiler counts
            // as the goal's arguments, dead after it.
            Instr::Inline { a: x0, b: x1, .. } => {
                let reg = |o: Operand| match o.kind() {
                    OperandKind::Reg(r) => Some(r),
                    OperandKind::Int(_) => None,
                };
                a.reads = [reg(x0), reg(x1)];
            }
            Instr::CallLib(pid) | Instr::CallLibLast(pid) => {
                a.args = Some(self.program.preds[pid as usize].arity)
            }
            Instr::Call(pid) | Instr::Execute(pid) | Instr::DeallocExecute(pid) => {
                a.args = Some(self.program.preds[pid as usize].arity);
                a.stop = true;
            }
            Instr::Proceed | Instr::DeallocProceed => a.stop = true,
            // Templates name registers of their own; anything else may jump or read more.
            _ => return None,
        }
        Some(a)
    }
}

/// Register `r` no longer holds a variable the guard made, if it was an argument register.
fn forget_fresh(fresh: &mut u32, r: Reg) {
    if let Reg::X(i) = r {
        if i < 32 {
            *fresh &= !(1 << i);
        }
    }
}
