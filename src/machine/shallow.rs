//! Shallow backtracking: a choicepoint pushed only once the clause it guards has got past its
//! head and tests, as Carlsson describes it for SICStus Prolog.
//!
//! A call with several candidate clauses (`enter.rs`), and the alternative of a clause body that
//! `PushAlt` opens, would push a choicepoint before running the clause. With the fast paths on
//! (`Machine::fast_paths`) they run the clause's first instructions here instead, under a
//! choicepoint that exists only as a few locals (`Pending`): head unification, register moves,
//! the opening of the clause's environment, inline integer comparisons and calls of natives that
//! declare themselves shallow (`Pred::shallow`: type tests, `==`, `@<`, `</2`..., which decide
//! and bind nothing else). Bindings are trailed against the heap top the choicepoint would have
//! (`Machine::shallow_hb`, read by `hb`), so that everything they did can be undone. When one of
//! them fails, the state is restored as backtracking into the choicepoint would restore it (the
//! trail undone, the heap cut back, the arguments reloaded from where the choicepoint would keep
//! them) and the next candidate runs the same way: a call whose first clause fails in its head or
//! tests never pushes a choicepoint for it. A cut reached here cuts the unpushed choicepoint by
//! forgetting it. Anything else (a real call, a return, a native that is not shallow, a float to
//! compare, a tracer watching, an error) is the clause's *neck*: the choicepoint is pushed with
//! the state saved at the start, exactly as it would have been pushed then, and the run loop
//! goes on from that instruction.
//!
//! Nothing else ever sees a shallow run: it starts and ends within one step of the run loop, so
//! the collector (which runs only at calls), the code space and every other reader of the
//! choicepoint stack find either the choicepoint or nothing. Nothing here may run Prolog code,
//! push a choicepoint or leave `shallow_hb` set when it returns.

use super::backtrack::candidate_after;
use super::choice::{Choice, ChoiceKind};
use super::db::{Cands, ClauseList, PredKind};
use super::instr::{CmpOp, Instr, Operand, PredId, Reg};
use super::{Machine, FRAME_HEADER};
use crate::term::{Cell, Tag};
use std::rc::Rc;

#[cfg(test)]
mod general_tests;
mod guards;
#[cfg(test)]
mod tests;

pub use guards::TestClause;
pub(super) use guards::Tried;

/// The choicepoints a shallow run has not pushed yet, and the state they would restore.
struct Pending {
    /// The call's candidates after the running clause (the clause list, the candidates, the
    /// next position), when the run began at a call.
    clauses: Option<(Rc<ClauseList>, Cands, usize)>,
    /// The next alternative of the running clause's body, when a `PushAlt` has been passed.
    alt: Option<usize>,
    /// The height of the choicepoint stack: the index the first pending choicepoint would have.
    height: usize,
    /// Heap top.
    h: usize,
    /// Trail length.
    trail: usize,
    /// Environment.
    e: usize,
    /// Environment-stack height the choicepoint protects.
    e_top: usize,
    /// Continuation.
    cp: usize,
    /// Cut barrier.
    b0: usize,
    /// Where the saved arguments start in `saved_args` (they are its last words).
    args: usize,
    /// How many arguments are saved.
    nargs: usize,
}

impl Pending {
    /// How many choicepoints are pending.
    fn count(&self) -> usize {
        usize::from(self.clauses.is_some()) + usize::from(self.alt.is_some())
    }
}

/// What one instruction of a shallow run came to.
enum Step {
    /// It ran and holds (`true`: the run goes on with the next instruction) or fails.
    Go(bool),
    /// The neck: the pending choicepoints are pushed and the run loop takes over here.
    Neck,
    /// A cut that removes every pending choicepoint: the run loop takes over here, with none.
    Leave,
}

impl Machine {
    /// Enter the first candidate clause of a call, at `start`, whose later candidates are
    /// `cands` of `list` from position `next`, with the choicepoint for them pushed only at the
    /// clause's neck (see the module's comment). `arity` arguments are saved.
    #[inline(never)]
    pub(super) fn enter_shallow(
        &mut self,
        start: usize,
        list: Rc<ClauseList>,
        cands: Cands,
        next: usize,
        arity: usize,
    ) -> bool {
        let p = self.pending(Some((list, cands, next)), None, arity);
        self.run_shallow(start, p)
    }

    /// `PushAlt(at, n)` at `pc`, its choicepoint pushed only at the alternative's neck.
    #[inline(never)]
    pub(super) fn push_alt_shallow(&mut self, at: usize, n: usize) -> bool {
        let p = self.pending(None, Some(at), n);
        self.run_shallow(self.pc + 1, p)
    }

    /// Begin a shallow run: save `n` arguments where the choicepoint will keep them, and trail
    /// bindings against the heap top.
    #[inline(always)]
    fn pending(
        &mut self,
        clauses: Option<(Rc<ClauseList>, Cands, usize)>,
        alt: Option<usize>,
        n: usize,
    ) -> Pending {
        let args = self.save_args(n);
        let h = self.heap.top();
        self.shallow_hb = h;
        Pending {
            clauses,
            alt,
            height: self.choices.len(),
            h,
            trail: self.trail.len(),
            e: self.e,
            e_top: self.env_top_in_line(),
            cp: self.cp,
            b0: self.b0,
            args,
            nargs: n,
        }
    }

    /// Run from `at` under the pending choicepoints `p` until the neck, a cut that removes them,
    /// or a failure that leaves none; the run loop then goes on at `pc`.
    fn run_shallow(&mut self, mut at: usize, mut p: Pending) -> bool {
        loop {
            match self.shallow_step(at, &mut p) {
                Step::Go(true) => at += 1,
                Step::Go(false) => match self.shallow_retry(&mut p) {
                    Some(next) => at = next,
                    None => return true,
                },
                Step::Neck => {
                    self.push_pending(p);
                    self.pc = at;
                    return true;
                }
                Step::Leave => {
                    self.drop_pending(&p);
                    self.pc = at;
                    return true;
                }
            }
        }
    }

    /// Run the instruction at `at` if a shallow run may (see the module's comment).
    #[inline(always)]
    fn shallow_step(&mut self, at: usize, p: &mut Pending) -> Step {
        let holds = match self.code[at] {
            Instr::GetVar(r, ai) => {
                let v = self.arg_reg(ai);
                self.set_reg(r, v);
                true
            }
            Instr::GetVal(r, ai) => {
                let (a, b) = (self.reg(r), self.arg_reg(ai));
                self.unify(a, b)
            }
            Instr::GetConst(c, ai) => self.get_const(c, ai),
            Instr::GetTerm(t, ai) => self.get_template(t as usize, self.arg_reg(ai)),
            Instr::GetList(ai) => self.get_list(ai),
            Instr::GetListVars(ai, head, tail) => self.get_list_vars(ai, head, tail),
            Instr::GetStruct(f, ai) => self.get_struct(f, ai),
            Instr::UnifyVar(r) => {
                self.unify_var(r);
                true
            }
            Instr::UnifyVal(r) => self.unify_val(r),
            Instr::UnifyConst(c) => self.unify_const(c),
            Instr::UnifyVoid => {
                self.unify_void();
                true
            }
            Instr::GetVarY(i, ai) | Instr::Move(Reg::Y(i), Reg::X(ai)) => {
                self.set_reg(Reg::Y(i), self.arg_reg(ai));
                true
            }
            Instr::PutValX(i, ai) => {
                self.set_arg_reg(ai, self.arg_reg(i));
                true
            }
            Instr::PutValY(i, ai) => {
                self.set_arg_reg(ai, self.reg(Reg::Y(i)));
                true
            }
            Instr::PutVal(r, ai) => {
                self.set_arg_reg(ai, self.reg(r));
                true
            }
            Instr::PutConst(c, ai) => {
                self.set_arg_reg(ai, c);
                true
            }
            // New terms for a test's arguments: the heap is cut back on failure.
            Instr::PutTerm(t, ai) => {
                let c = self.put_template(t as usize);
                self.set_arg_reg(ai, c);
                true
            }
            Instr::PutStruct(f, ai) => {
                self.put_struct(f, ai);
                true
            }
            Instr::PutList(ai) => {
                self.put_list(ai);
                true
            }
            Instr::PutVarX(i, ai) => {
                let v = self.heap.new_var();
                self.set_arg_reg(i, v);
                self.set_arg_reg(ai, v);
                true
            }
            // The pairs are two steps: the second stays in place after the first.
            Instr::PutValX2(i, ai, ..) => {
                self.set_arg_reg(ai, self.arg_reg(i));
                true
            }
            Instr::PutValY2(i, ai, ..) => {
                self.set_arg_reg(ai, self.reg(Reg::Y(i)));
                true
            }
            Instr::GetVarY2(i, ai, ..) => {
                self.set_reg(Reg::Y(i), self.arg_reg(ai));
                true
            }
            Instr::Allocate(n, pid) => {
                let top = self.env_top();
                if top + FRAME_HEADER + n as usize > self.stack.len() {
                    // Growing the stack, or running out of memory, is the run loop's.
                    return Step::Neck;
                }
                self.write_frame(top, n, pid);
                true
            }
            Instr::ArithCmp(op, a, b, _) => match self.int_test(op, a, b) {
                Some(holds) => holds,
                None => return Step::Neck,
            },
            // A native is called by `Call` too when it is not a library one.
            Instr::Call(pid) | Instr::CallLib(pid) | Instr::CallLibLast(pid) => {
                match self.shallow_call(pid) {
                    Some(holds) => holds,
                    None => return Step::Neck,
                }
            }
            // The height a condition's cut goes back to counts the pending choicepoints.
            Instr::Mark(r) => {
                self.set_reg(r, Cell::int((p.height + p.count()) as i64));
                true
            }
            // An alternative opening the clause, before anything has changed since the run
            // began, keeps the arguments already saved.
            Instr::PushAlt(next, n) | Instr::TestAlt { alt: next, n, .. }
                if p.alt.is_none()
                    && n as usize == p.nargs
                    && self.heap.top() == p.h
                    && self.trail.len() == p.trail
                    && self.e == p.e =>
            {
                p.alt = Some(next as usize);
                true
            }
            Instr::Cut(env) | Instr::CutExit(env) => {
                let b = if env {
                    self.stack[self.e + 2].0 as usize
                } else {
                    self.b0
                };
                return self.shallow_cut(b, p, matches!(self.code[at], Instr::Cut(_)));
            }
            Instr::CutTo(r) => {
                let b = self.heap.deref(self.reg(r)).int_value() as usize;
                return self.shallow_cut(b, p, true);
            }
            _ => return Step::Neck,
        };
        Step::Go(holds)
    }

    /// A cut to height `b` during a shallow run: the pending choicepoints at `b` and above go.
    /// When all go, the run loop makes the cut (of the real choicepoints above `b`, if any);
    /// otherwise the cut removes nothing real, and the run goes on past it when `goes_on` (a
    /// cut that is not the clause's end).
    fn shallow_cut(&mut self, b: usize, p: &mut Pending, goes_on: bool) -> Step {
        if b <= p.height {
            return Step::Leave;
        }
        // The alternative's choicepoint would lie above the call's.
        if b < p.height + p.count() {
            p.alt = None;
        }
        if goes_on {
            Step::Go(true)
        } else {
            Step::Neck
        }
    }

    /// After a failure in a shallow run, restore what the newest pending choicepoint would
    /// restore and take its alternative: the address to go on at while a choicepoint is still
    /// pending, or `None` when the run loop goes on with none (`pc` set).
    fn shallow_retry(&mut self, p: &mut Pending) -> Option<usize> {
        self.untrail(p.trail);
        self.heap.truncate(p.h);
        self.e = p.e;
        let saved = &self.saved_args[p.args..p.args + p.nargs];
        self.x[..p.nargs].copy_from_slice(saved);
        if let Some(alt) = p.alt.take() {
            if p.clauses.is_some() {
                return Some(alt);
            }
            // The last pending alternative: still shallow if it opens with another `PushAlt`.
            if let Instr::PushAlt(next, n) = self.code[alt] {
                if n as usize == p.nargs {
                    p.alt = Some(next as usize);
                    return Some(alt + 1);
                }
            }
            self.drop_pending(p);
            self.pc = alt;
            return None;
        }
        let (list, cands, next) = p.clauses.as_mut()?;
        let start = list.start_at(cands, *next);
        match candidate_after(list, cands, *next) {
            Some(after) => {
                *next = after;
                Some(start)
            }
            None => {
                // The last candidate runs with no choicepoint, as a retry of it would.
                self.drop_pending(p);
                self.pc = start;
                None
            }
        }
    }

    /// End a shallow run with no choicepoint: its saved arguments go.
    fn drop_pending(&mut self, p: &Pending) {
        self.saved_args.truncate(p.args);
        self.shallow_hb = 0;
    }

    /// The neck of a shallow run: push the pending choicepoints as they would have been pushed
    /// when it began.
    fn push_pending(&mut self, mut p: Pending) {
        self.shallow_hb = 0;
        let alt = p.alt;
        let mut args = p.args;
        if let Some((list, cands, next)) = p.clauses.take() {
            self.push_saved(ChoiceKind::Clauses { list, cands, next }, args, &p);
            if alt.is_some() {
                // Each choicepoint keeps its own copy of the arguments.
                args = self.saved_args.len();
                self.saved_args.extend_from_within(p.args..p.args + p.nargs);
            }
        }
        if let Some(at) = alt {
            self.push_saved(ChoiceKind::Resume(at), args, &p);
        }
    }

    /// Push a choicepoint of `kind` with the state `p` saved, its arguments at `args`.
    fn push_saved(&mut self, kind: ChoiceKind, args: usize, p: &Pending) {
        self.choices.push(Choice {
            kind,
            h: p.h,
            trail: p.trail,
            e: p.e,
            cp: p.cp,
            b0: p.b0,
            args,
            e_top: p.e_top,
            nargs: p.nargs as u32,
            captures: self.out.capture_depth() as u32,
        });
    }

    /// The comparison `ArithCmp(op, a, b, _)` in a shallow run: whether it holds, when both
    /// operands are integers; `None` for anything else (a float, an unbound variable, an
    /// expression), which the run loop compares or raises.
    #[inline(always)]
    fn int_test(&mut self, op: CmpOp, a: Operand, b: Operand) -> Option<bool> {
        let x = self.heap.deref(self.operand(a));
        let y = self.heap.deref(self.operand(b));
        (x.tag() == Tag::Int && y.tag() == Tag::Int && self.unwatched()).then(|| {
            self.inferences += 1;
            op.holds(x.int_value().cmp(&y.int_value()))
        })
    }

    /// A call of `pid` in a shallow run: whether it holds, or `None` when it is not a shallow
    /// native (or no longer one: a program may have replaced it), when a debugger or interrupt
    /// wants to see it, or when it raises an error (the run loop then calls it again, and it
    /// raises the error there).
    fn shallow_call(&mut self, pid: PredId) -> Option<bool> {
        let p = &self.preds[pid as usize];
        let PredKind::Native(f) = p.kind else {
            return None;
        };
        if p.shallow.is_none() || !self.unwatched() {
            return None;
        }
        let arity = p.arity;
        self.inferences += 1;
        let res = if arity <= 2 {
            let buf: [Cell; 2] = self.first_args();
            f(self, &buf[..arity])
        } else if arity <= 8 {
            let buf: [Cell; 8] = self.first_args();
            f(self, &buf[..arity])
        } else {
            return None;
        };
        res.ok()
    }

    /// True when nothing (debugger, interrupt) waits to see calls.
    #[inline(always)]
    fn unwatched(&self) -> bool {
        self.attention.load(std::sync::atomic::Ordering::Relaxed) == 0
    }
}
