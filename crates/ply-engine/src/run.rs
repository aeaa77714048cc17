//! The run loop: fetch an instruction, execute it, repeat.
//!
//! Calls dispatch on the predicate's kind: clauses (entered by `enter.rs`: candidates selected
//! by argument keys, a choicepoint only when more than one may match), natives (run inline,
//! then continue), or control constructs (see `control.rs`). Errors from natives become throws
//! here. The loop returns only when a query succeeds, runs out of answers, or throws past its
//! barrier.

use super::choice::ChoiceKind;
use super::db::PredKind;
use super::instr::{Instr, PredId, Reg};
use super::{Machine, FRAME_HEADER};
use ply_term::Cell;
use std::sync::atomic::Ordering::Relaxed;

/// How a run of the loop ended.
pub enum Outcome {
    /// The query succeeded; more answers may follow.
    Success,
    /// No (more) answers.
    Failure,
    /// An uncaught exception, stored off the heap.
    Error(ply_term::StoredTerm),
}

impl Machine {
    /// Run from the current `pc` until the query at the top of the stack ends.
    pub fn run(&mut self) -> Outcome {
        loop {
            debug_assert!(self.stacks.pc < self.program.code.len());
            // SAFETY: every code address the machine jumps to was produced by the compiler or
            // `install_system_code` as an index into `code`, which only ever grows. The
            // reference is only read by the `match` below, whose patterns copy the fields an
            // arm needs before the arm runs; nothing reads through it after an arm has started,
            // so an arm may grow (and move) `code`. Matching in place rather than copying the
            // whole instruction first saves the run loop a three-word copy per step.
            let instr: &Instr = unsafe { &*self.program.code.as_ptr().add(self.stacks.pc) };
            let ok = match *instr {
                Instr::GetVar(r, ai) => {
                    let v = self.arg_reg(ai);
                    self.set_reg(r, v);
                    self.stacks.pc += 1;
                    true
                }
                Instr::GetVal(r, ai) => {
                    let (a, b) = (self.reg(r), self.arg_reg(ai));
                    self.stacks.pc += 1;
                    self.unify(a, b)
                }
                Instr::GetConst(c, ai) => {
                    self.stacks.pc += 1;
                    self.get_const(c, ai)
                }
                Instr::GetConstProceed(c, ai) => self.get_const_proceed(c, ai),
                Instr::GetConst2(..)
                | Instr::GetConst2Proceed(..)
                | Instr::GetFloat2(..)
                | Instr::GetFloat2Proceed(..)
                | Instr::GetConstFloat(..)
                | Instr::GetConstFloatProceed(..)
                | Instr::GetFloat(..)
                | Instr::GetFloatProceed(..) => self.step_fact_get(*instr),
                Instr::GetTerm(t, ai) => {
                    self.stacks.pc += 1;
                    self.get_template(t as usize, self.arg_reg(ai))
                }
                Instr::GetList(ai) => {
                    self.stacks.pc += 1;
                    let d = self.stacks.heap.deref(self.arg_reg(ai));
                    match d.tag() {
                        ply_term::Tag::List => {
                            self.stacks.write_mode = false;
                            self.stacks.s = d.addr();
                            true
                        }
                        ply_term::Tag::Ref => {
                            let h = self.stacks.heap.push_two_vars();
                            self.bind(d, Cell::list(h));
                            self.stacks.write_mode = true;
                            self.stacks.s = h;
                            true
                        }
                        _ => false,
                    }
                }
                Instr::GetListVars(ai, head, tail) => self.get_list_vars(ai, head, tail),
                Instr::GetListValVar(ai, head, tail) => self.get_list_val_var(ai, head, tail),
                Instr::GetStruct(f, ai) => {
                    self.stacks.pc += 1;
                    let d = self.stacks.heap.deref(self.arg_reg(ai));
                    match d.tag() {
                        ply_term::Tag::Str if self.stacks.heap.cells[d.addr()] == f => {
                            self.stacks.write_mode = false;
                            self.stacks.s = d.addr() + 1;
                            true
                        }
                        ply_term::Tag::Ref => {
                            let h = self.stacks.heap.push_with_vars(f, f.functor_arity());
                            self.bind(d, Cell::structure(h));
                            self.stacks.write_mode = true;
                            self.stacks.s = h + 1;
                            true
                        }
                        _ => false,
                    }
                }
                Instr::GetStructConst(ai, f, c) => self.get_struct_const(ai, f, c),
                Instr::PutList(ai) => {
                    let h = self.stacks.heap.push_two_vars();
                    self.set_arg_reg(ai, Cell::list(h));
                    self.stacks.write_mode = true;
                    self.stacks.s = h;
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutListValVal(ai, head, tail) => {
                    self.put_pair(ai, (head, self.reg(head)), (tail, self.reg(tail)))
                }
                Instr::PutListValConst(ai, head, c) => {
                    self.put_pair(ai, (head, self.reg(head)), (Reg::X(u32::MAX), c))
                }
                Instr::PutStruct(f, ai) => {
                    let h = self.stacks.heap.push_with_vars(f, f.functor_arity());
                    self.set_arg_reg(ai, Cell::structure(h));
                    self.stacks.write_mode = true;
                    self.stacks.s = h + 1;
                    self.stacks.pc += 1;
                    true
                }
                Instr::UnifyVar(r) => {
                    let s = self.stacks.s;
                    if self.stacks.write_mode {
                        self.stacks.heap.cells[s] = Cell::reference(s);
                        self.set_reg(r, Cell::reference(s));
                    } else {
                        let v = self.stacks.heap.cells[s];
                        self.set_reg(r, v);
                    }
                    self.stacks.s = s + 1;
                    self.stacks.pc += 1;
                    true
                }
                Instr::UnifyVal(r) => {
                    let s = self.stacks.s;
                    self.stacks.s = s + 1;
                    self.stacks.pc += 1;
                    let v = self.reg(r);
                    if self.stacks.write_mode {
                        self.stacks.heap.cells[s] = v;
                        true
                    } else {
                        let c = self.stacks.heap.cells[s];
                        self.unify(v, c)
                    }
                }
                Instr::UnifyConst(c) => {
                    let s = self.stacks.s;
                    self.stacks.s = s + 1;
                    self.stacks.pc += 1;
                    if self.stacks.write_mode {
                        self.stacks.heap.cells[s] = c;
                        true
                    } else {
                        let d = self.stacks.heap.deref(self.stacks.heap.cells[s]);
                        if d == c {
                            true
                        } else if d.tag() == ply_term::Tag::Ref {
                            self.bind(d, c);
                            true
                        } else {
                            false
                        }
                    }
                }
                Instr::UnifyVoid => {
                    let s = self.stacks.s;
                    if self.stacks.write_mode {
                        self.stacks.heap.cells[s] = Cell::reference(s);
                    }
                    self.stacks.s = s + 1;
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutVar(r, ai) => {
                    let v = self.stacks.heap.new_var();
                    self.set_reg(r, v);
                    self.set_arg_reg(ai, v);
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutVal(r, ai) => {
                    self.set_arg_reg(ai, self.reg(r));
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutValX(i, ai) => {
                    self.set_arg_reg(ai, self.arg_reg(i));
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutValY(i, ai) => {
                    self.set_arg_reg(ai, self.reg(Reg::Y(i)));
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutVarX(i, ai) => {
                    let v = self.stacks.heap.new_var();
                    self.set_arg_reg(i, v);
                    self.set_arg_reg(ai, v);
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutVarY(i, ai) => {
                    let v = self.stacks.heap.new_var();
                    self.set_reg(Reg::Y(i), v);
                    self.set_arg_reg(ai, v);
                    self.stacks.pc += 1;
                    true
                }
                Instr::GetVarY(i, ai) => {
                    self.set_reg(Reg::Y(i), self.arg_reg(ai));
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutValX2(i, ai, j, aj) => {
                    // The compiler pairs these only when the second does not read the first's
                    // destination, so both reads may come first.
                    let (u, v) = (self.arg_reg(i), self.arg_reg(j));
                    self.set_arg_reg(ai, u);
                    self.set_arg_reg(aj, v);
                    self.stacks.pc += 2;
                    true
                }
                Instr::PutValY2(i, ai, j, aj) => {
                    let (x, y) = self.registers();
                    // SAFETY: as for `Machine::reg` and `Machine::set_arg_reg`.
                    unsafe {
                        let (u, v) = (*y.add(i as usize), *y.add(j as usize));
                        *x.add(ai as usize) = u;
                        *x.add(aj as usize) = v;
                    }
                    self.stacks.pc += 2;
                    true
                }
                Instr::PutVarY2(i, ai, j, aj) => {
                    let (u, v) = (self.stacks.heap.new_var(), self.stacks.heap.new_var());
                    let (x, y) = self.registers();
                    // SAFETY: as for `Machine::set_reg` and `Machine::set_arg_reg`.
                    unsafe {
                        *y.add(i as usize) = u;
                        *x.add(ai as usize) = u;
                        *y.add(j as usize) = v;
                        *x.add(aj as usize) = v;
                    }
                    self.stacks.pc += 2;
                    true
                }
                Instr::GetVarY2(i, ai, j, aj) => {
                    let (x, y) = self.registers();
                    // SAFETY: as for `Machine::arg_reg` and `Machine::set_reg`.
                    unsafe {
                        let (u, v) = (*x.add(ai as usize), *x.add(aj as usize));
                        *y.add(i as usize) = u;
                        *y.add(j as usize) = v;
                    }
                    self.stacks.pc += 2;
                    true
                }
                // An input argument then an output one, each written in the order of the two
                // moves; only the new variable is made first, which touches no register.
                Instr::PutValXVarX(i, ai, j, aj) => {
                    let v = self.stacks.heap.new_var();
                    let (x, _) = self.registers();
                    // SAFETY: as for `Machine::arg_reg` and `Machine::set_arg_reg`.
                    unsafe {
                        *x.add(ai as usize) = *x.add(i as usize);
                        *x.add(j as usize) = v;
                        *x.add(aj as usize) = v;
                    }
                    self.stacks.pc += 2;
                    true
                }
                Instr::PutValXVarY(i, ai, j, aj) => {
                    let v = self.stacks.heap.new_var();
                    let (x, y) = self.registers();
                    // SAFETY: as for `Machine::arg_reg` and `Machine::set_reg`.
                    unsafe {
                        *x.add(ai as usize) = *x.add(i as usize);
                        *y.add(j as usize) = v;
                        *x.add(aj as usize) = v;
                    }
                    self.stacks.pc += 2;
                    true
                }
                Instr::PutValYVarX(i, ai, j, aj) => {
                    let v = self.stacks.heap.new_var();
                    let (x, y) = self.registers();
                    // SAFETY: as for `Machine::reg` and `Machine::set_arg_reg`.
                    unsafe {
                        *x.add(ai as usize) = *y.add(i as usize);
                        *x.add(j as usize) = v;
                        *x.add(aj as usize) = v;
                    }
                    self.stacks.pc += 2;
                    true
                }
                Instr::PutValYVarY(i, ai, j, aj) => {
                    let v = self.stacks.heap.new_var();
                    let (x, y) = self.registers();
                    // SAFETY: as for `Machine::reg` and `Machine::set_reg`.
                    unsafe {
                        *x.add(ai as usize) = *y.add(i as usize);
                        *y.add(j as usize) = v;
                        *x.add(aj as usize) = v;
                    }
                    self.stacks.pc += 2;
                    true
                }
                Instr::PutConst(c, ai) => {
                    self.set_arg_reg(ai, c);
                    self.stacks.pc += 1;
                    true
                }
                Instr::PutTerm(t, ai) => {
                    let c = self.put_template(t as usize);
                    self.set_arg_reg(ai, c);
                    self.stacks.pc += 1;
                    true
                }
                Instr::Move(to, from) => {
                    let v = self.reg(from);
                    self.set_reg(to, v);
                    self.stacks.pc += 1;
                    true
                }
                Instr::Allocate(n, pid) => {
                    let at = self.env_top();
                    let need = at + FRAME_HEADER + n as usize;
                    if need > self.stacks.stack.len() {
                        if need + self.stacks.heap.cells.len() > self.services.memory_limit
                            && self.over_stack_limit(0, false)
                        {
                            self.out_of_memory();
                            continue;
                        }
                        let len = self.env_stack_growth(need);
                        self.stacks.stack.resize(len, Cell(0));
                    }
                    let header = [
                        Cell(self.stacks.e as u64),
                        Cell(self.stacks.cp as u64),
                        Cell(self.stacks.b0 as u64),
                        Cell(n as u64),
                        Cell(pid as u64),
                    ];
                    // One bounds check for the whole frame.
                    let (head, slots) = self.stacks.stack[at..need].split_at_mut(FRAME_HEADER);
                    head.copy_from_slice(&header);
                    // Slots are read only after they are set, but the garbage collector reads
                    // them all; clearing them keeps it from keeping what dead frames referred to.
                    slots.fill(Cell::int(0));
                    self.stacks.e = at;
                    self.stacks.pc += 1;
                    true
                }
                Instr::Deallocate => {
                    self.deallocate();
                    self.stacks.pc += 1;
                    true
                }
                Instr::DeallocExecute(pid) => {
                    self.deallocate();
                    self.call(pid, false)
                }
                Instr::DeallocProceed => {
                    self.deallocate();
                    self.stacks.pc = self.stacks.cp;
                    true
                }
                Instr::ArithCmp(op, a, b, pid) => self.step_arith_cmp(op, a, b, pid),
                Instr::ArithIs {
                    op,
                    fresh,
                    dst,
                    a,
                    b,
                    pred,
                } => self.step_arith_is(op, fresh, dst, (a, b), pred),
                Instr::ArithCmpExpr {
                    cmp,
                    op,
                    left,
                    a,
                    b,
                    c,
                    pred,
                } => self.step_arith_cmp_expr((cmp, op, left), (a, b, c), pred),
                Instr::Call(pid) => self.call(pid, true),
                Instr::CallLib(pid) => self.call_lib(pid, true),
                Instr::CallRedo(pid, nregs) => self.call_redo(pid, nregs),
                Instr::ArgOf {
                    n,
                    t,
                    a,
                    fresh,
                    pred,
                    nregs,
                } => self.step_arg_of((n, t, a), fresh, pred, nregs),
                Instr::FunctorOf {
                    t,
                    f,
                    n,
                    fresh,
                    pred,
                } => self.step_functor_of((t, f, n), fresh, pred),
                Instr::Inline { op, a, b, pred } => self.step_inline(op, a, b, pred),
                Instr::ArithStep {
                    op,
                    fresh,
                    dst,
                    a,
                    b,
                    slow,
                } => self.step_arith((op, fresh, dst), (a, b), slow),
                Instr::CmpStep { cmp, a, b, slow } => self.step_cmp(cmp, (a, b), slow),
                Instr::CallLibLast(pid) => self.call_lib(pid, false),
                Instr::Execute(pid) => self.call(pid, false),
                Instr::Proceed => {
                    self.stacks.pc = self.stacks.cp;
                    true
                }
                // A binding of an attributed variable wakes before a cut or a soft-cut, before a
                // control construct opens (so not inside its condition or first branch), and
                // before the end of a query or a findall's or catch's goal (`attvar.rs`); then
                // the step runs again.
                Instr::Cut(_)
                | Instr::CutExit(_)
                | Instr::CutTo(_)
                | Instr::SoftCut(_)
                | Instr::Mark(_)
                | Instr::PushAlt(..)
                | Instr::GuardAlt { .. }
                | Instr::TestAlt { .. }
                | Instr::KeyAlt { .. }
                | Instr::Succeed
                | Instr::FindallCollect
                | Instr::CatchExit
                    if self.wakeup_due() =>
                {
                    match self.wakeup_before(self.stacks.pc) {
                        Some(ok) => ok,
                        None => continue,
                    }
                }
                Instr::Cut(env) => {
                    let b = if env {
                        self.stacks.stack[self.stacks.e + 2].0 as usize
                    } else {
                        self.stacks.b0
                    };
                    self.cut_to(b);
                    self.stacks.pc += 1;
                    true
                }
                Instr::CutExit(env) => {
                    if env {
                        self.cut_to(self.stacks.stack[self.stacks.e + 2].0 as usize);
                        self.deallocate();
                    } else {
                        self.cut_to(self.stacks.b0);
                    }
                    self.stacks.pc = self.stacks.cp;
                    true
                }
                Instr::GetLevel(r, env) => {
                    let b = if env {
                        self.stacks.stack[self.stacks.e + 2].0 as usize
                    } else {
                        self.stacks.b0
                    };
                    self.set_reg(r, Cell::int(b as i64));
                    self.stacks.pc += 1;
                    true
                }
                Instr::Mark(r) => {
                    self.set_reg(r, Cell::int(self.stacks.choices.len() as i64));
                    self.stacks.pc += 1;
                    true
                }
                Instr::CutTo(r) => {
                    let b = self.stacks.heap.deref(self.reg(r)).int_value() as usize;
                    self.cut_to(b);
                    self.stacks.pc += 1;
                    true
                }
                Instr::SoftCut(r) => {
                    let b = self.stacks.heap.deref(self.reg(r)).int_value() as usize;
                    if b > 0 && b <= self.stacks.choices.len() {
                        self.stacks.choices[b - 1].kind = ChoiceKind::Disabled;
                    }
                    self.stacks.pc += 1;
                    true
                }
                Instr::GuardAlt { alt, n, pid } => self.step_guard(alt, n, pid),
                Instr::TestAlt { alt, n, cut, .. } => self.step_test(alt, n, cut),
                Instr::KeyAlt { .. } => self.step_key_alt(*instr),
                Instr::PushAlt(at, n) => {
                    self.push_choice_here(ChoiceKind::Resume(at as usize), n as usize);
                    self.stacks.pc += 1;
                    true
                }
                Instr::Jump(at) => {
                    self.stacks.pc = at as usize;
                    true
                }
                Instr::IfUnattended(slow) => self.step_if_unattended(slow),
                Instr::Fail => false,
                Instr::Succeed => return Outcome::Success,
                Instr::Pending => return self.stacks.pending.take().unwrap_or(Outcome::Failure),
                // False backtracks for the next answer; true goes on where a resource error
                // thrown by the collector has set `pc`.
                Instr::FindallCollect => self.findall_collect(),
                Instr::CatchExit => {
                    self.catch_exit();
                    true
                }
                Instr::WakeResume => {
                    self.wake_resume();
                    true
                }
            };
            if !ok {
                match self.backtrack() {
                    Some(o) => return o,
                    None => continue,
                }
            }
        }
    }

    /// The start of the temporary registers and of the current frame's permanent slots, for
    /// the paired moves, which read or write two of them: through these, the second access does
    /// not load the vectors' addresses and the frame again after the first one's store.
    ///
    /// The frame's address means nothing when there is no environment, and the moves that use
    /// it name a `Y` only in clauses that have one.
    #[inline(always)]
    fn registers(&mut self) -> (*mut Cell, *mut Cell) {
        let y = self.stacks.stack.as_mut_ptr();
        let y = y.wrapping_add(self.stacks.e.wrapping_add(FRAME_HEADER));
        (self.stacks.x.as_mut_ptr(), y)
    }

    /// Drop the current environment frame: restore the continuation and environment it saved.
    #[inline(always)]
    fn deallocate(&mut self) {
        if self.stacks.depth.on {
            self.depth_leave(self.stacks.e);
        }
        // One bounds check for both header words.
        let header = &self.stacks.stack[self.stacks.e..self.stacks.e + 2];
        let (e, cp) = (header[0], header[1]);
        self.stacks.cp = cp.0 as usize;
        self.stacks.e = e.0 as usize;
    }

    /// `CallLib(pid)` (`then_next`) or `CallLibLast(pid)`. The game predicates a search calls
    /// at every node run in line, without the set-up `dispatch` needs for clauses, unless a
    /// hook wants to see the call; `CallLibLast` then returns to the continuation itself.
    /// Otherwise both are a call that continues after the instruction: for `CallLibLast`, at
    /// the clause's `Proceed`.
    #[inline(always)]
    fn call_lib(&mut self, pid: PredId, then_next: bool) -> bool {
        match self.program.preds[pid as usize].kind {
            PredKind::Native(f) if self.services.attention.load(Relaxed) == 0 => {
                self.stacks.inferences += 1;
                self.run_native(pid, f, then_next)
            }
            PredKind::Native(_) => self.dispatch(pid, true),
            _ => self.call_replaced_native(pid),
        }
    }

    /// Call predicate `pid` with arguments in the registers. `is_call` tells whether this is a
    /// `Call` (continue after it) rather than an `Execute` (continue at the continuation).
    #[inline]
    pub fn dispatch(&mut self, pid: PredId, is_call: bool) -> bool {
        let mut pid = pid;
        let mut is_call = is_call;
        loop {
            self.stacks.inferences += 1;
            // The only hook of the run loop: a debugger or an interrupt may look at the call.
            if self.services.attention.load(Relaxed) != 0 {
                match self.attend(pid, is_call) {
                    Ok(p) => pid = p,
                    Err(e) => {
                        if is_call {
                            self.stacks.cp = self.stacks.pc + 1;
                        }
                        self.throw_error(e);
                        return true;
                    }
                }
            }
            if self.stacks.heap.top() >= self.services.gc.trigger
                && !matches!(self.program.preds[pid as usize].kind, PredKind::Native(_))
            {
                // A call boundary: exactly the callee's arguments are live in the registers.
                // Not so at a native, which the compiler lets keep temporaries across it.
                let arity = self.program.preds[pid as usize].arity;
                self.collect_at_call(arity);
            }
            let p = &self.program.preds[pid as usize];
            match &p.kind {
                PredKind::Clauses(list) => {
                    let only = list.clauses.only_start();
                    return self.enter(pid, only, is_call);
                }
                PredKind::Native(f) => {
                    let f = *f;
                    return self.run_native(pid, f, is_call);
                }
                PredKind::Redo(f, det) => {
                    let (f, det) = (*f, *det);
                    let arity = p.arity;
                    if det(self, &self.stacks.x[..arity]) {
                        // At most one solution: run it like a plain native, its arguments
                        // copied as `run_native` copies them, eight words whatever the arity
                        // (a copy of `arity` words is a call to `memcpy`).
                        let buf: [Cell; 8] = self.first_args();
                        let n = arity.min(8);
                        let args = &buf[..n];
                        return match f(self, args, 0) {
                            Ok(Some(_)) => {
                                let st = &mut self.stacks;
                                st.pc = if is_call { st.pc + 1 } else { st.cp };
                                true
                            }
                            Ok(None) => false,
                            Err(e) => {
                                self.note_error_site(pid, args);
                                self.fill_context(e, pid);
                                self.throw_error(e);
                                true
                            }
                        };
                    }
                    if is_call {
                        self.stacks.cp = self.stacks.pc + 1;
                    }
                    self.stacks.pc = self.stacks.cp;
                    return self.redo_native(pid, f, arity, 0, None);
                }
                PredKind::Control(c) => {
                    let c = *c;
                    let arity = p.arity;
                    if is_call {
                        self.stacks.cp = self.stacks.pc + 1;
                        is_call = false;
                    }
                    self.stacks.cur_pred = pid;
                    match self.control(c, arity) {
                        super::control::Step::Done(ok) => return ok,
                        super::control::Step::Go(next) => pid = next,
                    }
                }
            }
        }
    }

    /// Run native `f` of predicate `pid` on the argument registers, then continue after the
    /// call (`is_call`) or at the continuation; false when it fails.
    #[inline(always)]
    pub fn run_native(&mut self, pid: PredId, f: super::db::NativeFn, is_call: bool) -> bool {
        let arity = self.program.preds[pid as usize].arity;
        let res = if arity <= 2 {
            // The game predicates a search calls at every node have one or two arguments: two
            // words copied.
            let buf: [Cell; 2] = self.first_args();
            f(self, &buf[..arity])
        } else if arity <= 8 {
            // Eight words copied whatever the arity: a few moves, where a copy of `arity`
            // words is a call to `memcpy`. The register file is never shorter than that (see
            // `choice.rs`).
            let buf: [Cell; 8] = self.first_args();
            f(self, &buf[..arity])
        } else {
            let args = self.stacks.x[..arity].to_vec();
            f(self, &args)
        };
        match res {
            Ok(true) => {
                let st = &mut self.stacks;
                st.pc = if is_call { st.pc + 1 } else { st.cp };
                true
            }
            Ok(false) => false,
            Err(e) => {
                let args = self.stacks.x[..arity].to_vec();
                self.note_error_site(pid, &args);
                self.fill_context(e, pid);
                self.throw_error(e);
                true
            }
        }
    }

    /// Run a nondeterministic native with `state`; `retry` is the index of its choicepoint when
    /// backtracking into it. Pushes, updates or pops that choicepoint as the native asks.
    /// Returns false when it fails.
    pub(super) fn redo_native(
        &mut self,
        pid: PredId,
        f: super::db::RedoFn,
        arity: usize,
        state: usize,
        retry: Option<usize>,
    ) -> bool {
        let args = self.copy_regs(0, arity);
        if retry.is_none() {
            // Push first so that bindings the native makes are trailed against it.
            self.push_choice(
                ChoiceKind::Redo {
                    pred: pid,
                    state: 0,
                    resume: super::redo_in_line::RESUME_CONTINUATION,
                },
                arity,
            );
        }
        let i = self.stacks.choices.len() - 1;
        let res = f(self, &args, state);
        self.settle_redo(i, pid, &args, res).unwrap_or(true)
    }

    /// Throw the resource error of a call that memory cannot hold.
    #[cold]
    #[inline(never)]
    pub(super) fn out_of_memory(&mut self) {
        let e = self.stack_overflow_err();
        self.throw_error(e);
    }

    /// Settle the answer `res` of the nondeterministic native `pid`, run on `args` under its
    /// choicepoint `i`: another answer may follow (the choicepoint keeps the native's next
    /// state), this was the last (the choicepoint goes, its bindings stay), or it failed (the
    /// choicepoint is undone and popped). `Some(answered)`, or `None` once an error has been
    /// thrown: its ball is on the heap above the choicepoint, which the throw unwinds past once
    /// it is inert.
    #[inline]
    pub(super) fn settle_redo(
        &mut self,
        i: usize,
        pid: PredId,
        args: &[Cell],
        res: Result<Option<usize>, super::error::PlError>,
    ) -> Option<bool> {
        match res {
            Ok(Some(next)) if next != super::db::LAST => {
                if let ChoiceKind::Redo { state, .. } = &mut self.stacks.choices[i].kind {
                    *state = next;
                }
                Some(true)
            }
            Ok(Some(_)) => {
                self.stacks.choices[i].kind = ChoiceKind::Disabled;
                if i + 1 == self.stacks.choices.len() {
                    self.pop_choice();
                }
                Some(true)
            }
            Ok(None) => {
                self.restore_from(i);
                self.pop_choice();
                Some(false)
            }
            Err(e) => {
                self.stacks.choices[i].kind = ChoiceKind::Disabled;
                self.note_error_site(pid, args);
                self.fill_context(e, pid);
                self.throw_error(e);
                None
            }
        }
    }
}
