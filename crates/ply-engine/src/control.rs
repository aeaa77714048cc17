//! Control constructs the run loop implements itself: the meta-call (`call/N` and control
//! constructs reached through it), `catch/3` and `throw`, and `findall/3`.
//!
//! None of them recurse in Rust: a meta-call becomes a dispatch to a (possibly compiled on the
//! fly) predicate, catch and findall push a choicepoint and an environment whose continuation is
//! a small piece of system code, and a throw walks the choicepoint stack.

use super::choice::{ChoiceKind, TrailEntry};
use super::db::Control;
use super::error::PlError;
use super::instr::{Instr, PredId};
use super::limits::BAG_ENTRY_OVERHEAD;
use super::run::Outcome;
use super::{Machine, FRAME_HEADER};
use ply_term::{atom, Cell, StoredTerm, Tag};

mod meta_cache;
pub use meta_cache::MetaScratch;

/// What a control construct asks the dispatcher to do next.
pub enum Step {
    /// Done: continue (true) or backtrack (false).
    Done(bool),
    /// Dispatch this predicate (as a last call) with the arguments now in the registers.
    Go(PredId),
}

impl Machine {
    /// Lay down the system code the control constructs continue into.
    pub fn install_system_code(&mut self) {
        self.program.succeed_pc = self.program.code.len();
        self.program.code.push(Instr::Succeed);
        self.program.pending_pc = self.program.code.len();
        self.program.code.push(Instr::Pending);
        self.program.findall_pc = self.program.code.len();
        self.program.code.push(Instr::FindallCollect);
        self.program.code.push(Instr::Fail);
        self.program.catch_exit_pc = self.program.code.len();
        self.program.code.push(Instr::CatchExit);
        self.program.code.push(Instr::Deallocate);
        self.program.code.push(Instr::Proceed);
        self.program.proceed_pc = self.program.code.len();
        self.program.code.push(Instr::Proceed);
        self.program.fail_pc = self.program.code.len();
        self.program.code.push(Instr::Fail);
        let call = self.pred_id(atom::CALL, 1);
        self.program.call1_pc = self.program.code.len();
        self.program.code.push(Instr::Execute(call));
        let wakeup = self.atoms.intern("$wakeup");
        let wakeup = self.pred_id(wakeup, 2);
        self.program.wake_call_pc = self.program.code.len();
        self.program.code.push(Instr::Call(wakeup));
        self.program.code.push(Instr::WakeResume);
    }

    /// Run control construct `c` whose arguments are in the registers.
    pub fn control(&mut self, c: Control, arity: usize) -> Step {
        match c {
            Control::Call => {
                if arity > 1 {
                    if let Some(step) = self.call_closure_in_registers(arity) {
                        return step;
                    }
                }
                let goal = self.stacks.heap.deref(self.stacks.x[0]);
                let goal = if arity > 1 {
                    let extra = self.copy_regs(1, arity);
                    match self.add_args(goal, &extra) {
                        Ok(g) => g,
                        Err(e) => return self.step_throw(e),
                    }
                } else {
                    goal
                };
                self.meta_call(goal)
            }
            Control::Construct => {
                let pid = self.cur_pred_for_construct(arity);
                let goal = if arity == 0 {
                    Cell::atom(pid)
                } else {
                    let args = self.copy_regs(0, arity);
                    self.stacks.heap.compound(pid, &args)
                };
                self.meta_call(goal)
            }
            Control::Catch => {
                self.push_choice(ChoiceKind::Catch { active: true }, 3);
                let idx = self.stacks.choices.len() - 1;
                self.push_frame(&[Cell::int(idx as i64)]);
                self.stacks.cp = self.program.catch_exit_pc;
                let goal = self.stacks.heap.deref(self.stacks.x[0]);
                self.meta_call(goal)
            }
            Control::Findall => {
                if let Err(e) = self.check_partial_list(self.stacks.x[2]) {
                    return self.step_throw(e);
                }
                let bag = self.stacks.bags.len();
                let spare = std::mem::take(&mut self.stacks.spare_bag);
                self.stacks.bags.push(spare);
                self.push_choice(ChoiceKind::Findall { bag }, 3);
                let template = self.stacks.x[0];
                self.push_frame(&[template, Cell::int(bag as i64)]);
                self.stacks.cp = self.program.findall_pc;
                let goal = self.stacks.heap.deref(self.stacks.x[1]);
                self.meta_call(goal)
            }
        }
    }

    /// The name of the control construct being called through `Control::Construct` (set by
    /// the dispatcher in `cur_pred`).
    fn cur_pred_for_construct(&self, _arity: usize) -> u32 {
        self.program.preds[self.stacks.cur_pred as usize].name
    }

    /// Push an environment holding `ys`, continuing to the current continuation.
    pub(crate) fn push_frame(&mut self, ys: &[Cell]) {
        let at = self.env_top();
        let need = at + FRAME_HEADER + ys.len();
        if need > self.stacks.stack.len() {
            self.stacks
                .stack
                .resize(need.max(self.stacks.stack.len() * 2), Cell(0));
        }
        self.stacks.stack[at] = Cell(self.stacks.e as u64);
        self.stacks.stack[at + 1] = Cell(self.stacks.cp as u64);
        self.stacks.stack[at + 2] = Cell(self.stacks.b0 as u64);
        self.stacks.stack[at + 3] = Cell(ys.len() as u64);
        self.stacks.stack[at + 4] = Cell(self.stacks.cur_pred as u64);
        self.stacks.stack[at + FRAME_HEADER..need].copy_from_slice(ys);
        self.stacks.e = at;
    }

    fn step_throw(&mut self, e: PlError) -> Step {
        self.throw_error(e);
        Step::Done(true)
    }

    /// `call/N` of a plain closure, an atom or a compound other than `:/2`, without building
    /// the goal: the extra arguments move up past the closure's own, which are read into the
    /// first registers, and the predicate of the sum of both arities is entered as the general
    /// path would enter the goal it builds. A closure `M:G` of a module `M` (as a module's
    /// clauses pass their closures) is taken so too, with the predicate resolved in `M`, when
    /// that predicate is defined and has no meta-arguments to qualify. `None` for any other
    /// closure, or one that becomes a control construct (`call(',', A, B)`), which the general
    /// path handles.
    #[inline]
    fn call_closure_in_registers(&mut self, arity: usize) -> Option<Step> {
        let mut goal = self.stacks.heap.deref(self.stacks.x[0]);
        let mut module = 0;
        if goal.tag() == Tag::Str
            && self.stacks.heap.functor_of(goal) == Cell::functor(atom::COLON, 2)
        {
            (module, goal) = self.qualified_closure(goal)?;
        }
        let (name, own) = match goal.tag() {
            Tag::Atom => (goal.atom_index(), 0),
            Tag::Str => {
                let f = self.stacks.heap.functor_of(goal);
                if f == Cell::functor(atom::COLON, 2) {
                    return None;
                }
                (f.functor_name(), f.functor_arity())
            }
            _ => return None,
        };
        let total = own + arity - 1;
        if is_control_construct(name, total) {
            return None;
        }
        let pid = if module == 0 {
            let pid = self.pred_id(name, total);
            // A declared meta-predicate of a module gets its goal arguments qualified first.
            if self.program.modules.meta.contains_key(&pid) {
                return None;
            }
            pid
        } else {
            self.closure_pred_in(module, name, total)?
        };
        if self.stacks.x.len() < total {
            self.stacks.x.resize(total, Cell(0));
        }
        self.stacks.x.copy_within(1..arity, own);
        for i in 0..own {
            self.stacks.x[i] = self.stacks.heap.arg(goal, i);
        }
        self.stacks.cur_pred = pid;
        Some(Step::Go(pid))
    }

    /// The module and goal of a closure `M:G` (dereferenced) whose module is an atom other
    /// than `user` and whose goal is not qualified again, for
    /// [`Machine::call_closure_in_registers`]; `None` for any other (the general path's).
    #[inline(never)]
    fn qualified_closure(&mut self, closure: Cell) -> Option<(u32, Cell)> {
        if !self.services.fast_paths {
            return None;
        }
        let m = self.stacks.heap.deref(self.stacks.heap.arg(closure, 0));
        if m.tag() != Tag::Atom {
            return None;
        }
        let module = self.module_key(m.atom_index());
        (module != 0)
            .then(|| self.stacks.heap.deref(self.stacks.heap.arg(closure, 1)))
            .map(|g| (module, g))
    }

    /// The predicate a goal `name/arity` called in `module` (not `user`) reaches, as the
    /// general path's compiled call would resolve it, when it is defined and takes no
    /// meta-arguments (whose goals the general path would qualify first); else `None`.
    #[inline(never)]
    fn closure_pred_in(&mut self, module: u32, name: u32, arity: usize) -> Option<PredId> {
        let pid = self.program.resolve(module, name, arity);
        let p = &self.program.preds[pid as usize];
        if !(p.defined || p.dynamic) || self.meta_spec(pid).is_some() {
            return None;
        }
        Some(pid)
    }

    /// The module name of the innermost qualification of `M:G`, whose modules are atoms.
    fn innermost_qualifier(&self, goal: Cell) -> Cell {
        let mut g = self.stacks.heap.deref(goal);
        let mut m = Cell::atom(atom::USER);
        while g.tag() == Tag::Str && self.stacks.heap.functor_of(g) == Cell::functor(atom::COLON, 2)
        {
            m = self.stacks.heap.deref(self.stacks.heap.arg(g, 0));
            g = self.stacks.heap.deref(self.stacks.heap.arg(g, 1));
        }
        m
    }

    /// `goal` with `extra` arguments appended (for `call/N`).
    pub fn add_args(&mut self, goal: Cell, extra: &[Cell]) -> Result<Cell, PlError> {
        let goal = self.stacks.heap.deref(goal);
        if goal.tag() == Tag::Str
            && self.stacks.heap.functor_of(goal) == Cell::functor(atom::COLON, 2)
        {
            // `call(m:foo, X)` calls `m:foo(X)`: the arguments go inside the qualification.
            let (module, inner) = self.strip_module(goal)?;
            let inner = self.add_args(inner, extra)?;
            // `system:` keeps its name, which `user` would lose (`Machine::qualifier_key`).
            let m = match module {
                0 => self.innermost_qualifier(goal),
                _ => Cell::atom(self.module_name(module)),
            };
            return Ok(self.stacks.heap.compound(atom::COLON, &[m, inner]));
        }
        match goal.tag() {
            Tag::Atom => Ok(self.stacks.heap.compound(goal.atom_index(), extra)),
            Tag::Str => {
                let f = self.stacks.heap.functor_of(goal);
                let mut args: Vec<Cell> = (0..f.functor_arity())
                    .map(|i| self.stacks.heap.arg(goal, i))
                    .collect();
                args.extend_from_slice(extra);
                Ok(self.stacks.heap.compound(f.functor_name(), &args))
            }
            Tag::List => {
                let mut args = vec![
                    self.stacks.heap.cells[goal.addr()],
                    self.stacks.heap.cells[goal.addr() + 1],
                ];
                args.extend_from_slice(extra);
                Ok(self.stacks.heap.compound(atom::DOT, &args))
            }
            Tag::Ref => Err(self.inst_err()),
            _ => Err(self.type_err("callable", goal)),
        }
    }

    /// Call `goal` as a last call, with cuts inside it local to it.
    pub fn meta_call(&mut self, goal: Cell) -> Step {
        let goal = self.stacks.heap.deref(goal);
        // A declared meta-predicate of a module gets its goal arguments as `user`'s.
        let goal = if self.program.modules.meta.is_empty() {
            goal
        } else {
            self.qualify_meta_args(0, goal)
        };
        let (name, arity) = match goal.tag() {
            Tag::Atom => (goal.atom_index(), 0),
            Tag::Str => {
                let f = self.stacks.heap.functor_of(goal);
                (f.functor_name(), f.functor_arity())
            }
            Tag::List => (atom::DOT, 2),
            Tag::Ref => {
                let e = self.inst_err();
                return self.step_throw(e);
            }
            _ => {
                let e = self.type_err("callable", goal);
                return self.step_throw(e);
            }
        };
        if is_control_construct(name, arity) {
            return match self.compile_meta(goal) {
                Ok(pid) => {
                    let args = &self.program.meta_scratch.args;
                    if self.stacks.x.len() < args.len() {
                        self.stacks.x.resize(args.len(), Cell(0));
                    }
                    self.stacks.x[..args.len()].copy_from_slice(args);
                    self.stacks.cur_pred = pid;
                    Step::Go(pid)
                }
                Err(e) => self.step_throw(e),
            };
        }
        if self.stacks.x.len() < arity {
            self.stacks.x.resize(arity, Cell(0));
        }
        match goal.tag() {
            Tag::Str => {
                for i in 0..arity {
                    self.stacks.x[i] = self.stacks.heap.arg(goal, i);
                }
            }
            Tag::List => {
                self.stacks.x[0] = self.stacks.heap.cells[goal.addr()];
                self.stacks.x[1] = self.stacks.heap.cells[goal.addr() + 1];
            }
            _ => {}
        }
        let pid = self.pred_id(name, arity);
        self.stacks.cur_pred = pid;
        Step::Go(pid)
    }

    /// Throw `e`: unwind to the nearest active catch whose catcher unifies, or end the query.
    pub fn throw_error(&mut self, e: PlError) {
        let ball = StoredTerm::from_heap(&self.stacks.heap, e.0);
        // The error a native just noted the site of: the report shows the site only with it.
        if let Some(site) = self.stacks.last_error_site.as_mut() {
            if site.ball.is_none() {
                site.ball = Some(ball.clone());
            }
        }
        loop {
            let i = match self.stacks.choices.len() {
                0 => {
                    self.stacks.pending = Some(Outcome::Error(ball));
                    self.stacks.pc = self.program.pending_pc;
                    return;
                }
                n => n - 1,
            };
            match self.stacks.choices[i].kind {
                ChoiceKind::Barrier => {
                    self.restore_from(i);
                    self.pop_choice();
                    self.trim_stacks();
                    self.stacks.pending = Some(Outcome::Error(ball));
                    self.stacks.pc = self.program.pending_pc;
                    return;
                }
                ChoiceKind::Catch { active: true } if self.services.halt.is_none() => {
                    self.restore_from(i);
                    self.restore_args(i);
                    let b = ball.to_heap(&mut self.stacks.heap);
                    let catcher = self.stacks.x[1];
                    // Replace the catch by a disabled choicepoint so that a failed match can be
                    // undone exactly: every binding it makes is then trailed.
                    self.pop_choice();
                    self.push_choice(ChoiceKind::Disabled, 3);
                    if self.unify(catcher, b) {
                        let recovery = self.stacks.x[2];
                        self.pop_choice();
                        // An error caught after the stacks grew (a resource error above all)
                        // gives their memory back.
                        self.trim_stacks();
                        self.stacks.x[0] = recovery;
                        self.stacks.pc = self.program.call1_pc;
                        return;
                    }
                    self.restore_from(self.stacks.choices.len() - 1);
                    self.pop_choice();
                }
                ChoiceKind::Findall { bag } => {
                    self.truncate_bags(bag);
                    self.pop_choice();
                }
                ChoiceKind::Cleanup => self.cut_cleanups(i),
                _ => self.pop_choice(),
            }
        }
    }

    /// A type error unless `l` is a list or a partial list.
    pub fn check_partial_list(&mut self, l: Cell) -> Result<(), PlError> {
        let mut c = self.stacks.heap.deref(l);
        loop {
            match c.tag() {
                Tag::List => c = self.stacks.heap.deref(self.stacks.heap.cells[c.addr() + 1]),
                Tag::Ref => return Ok(()),
                Tag::Atom if c.atom_index() == atom::NIL => return Ok(()),
                _ => {
                    let l = self.stacks.heap.deref(l);
                    return Err(self.type_err("list", l));
                }
            }
        }
    }

    /// `FindallCollect`: store a copy of the template in the bag, counting it against the
    /// stack limit. True when that limit is passed and a resource error has been thrown.
    pub fn findall_collect(&mut self) -> bool {
        let e = self.stacks.e;
        let mut template = self.stacks.stack[e + FRAME_HEADER];
        if self.stacks.attvars.made {
            template = self.with_attributes(template);
        }
        let bag = self.stacks.stack[e + FRAME_HEADER + 1].int_value() as usize;
        if let Some(b) = self.stacks.bags.get_mut(bag) {
            self.stacks.bag_cells += b.push(&self.stacks.heap, template) + BAG_ENTRY_OVERHEAD;
        }
        if self.stacks.heap.cells.len() + self.stacks.stack.len() + self.stacks.bag_cells
            > self.services.memory_limit
            && self.over_stack_limit(0, false)
        {
            let e = self.stack_overflow_err();
            self.throw_error(e);
            return true;
        }
        false
    }

    /// Drop the bags of findall calls from `bag` on, and their count against the limit.
    fn truncate_bags(&mut self, bag: usize) {
        for b in self.stacks.bags.drain(bag.min(self.stacks.bags.len())..) {
            let cells = b.cells().len() + b.len() * BAG_ENTRY_OVERHEAD;
            self.stacks.bag_cells = self.stacks.bag_cells.saturating_sub(cells);
        }
    }

    /// Backtracking reached findall choicepoint `i`: build the list and unify it with the
    /// result. Returns true when execution continues, false to keep backtracking.
    pub fn findall_finish(&mut self, i: usize) -> bool {
        self.restore_args(i);
        let bag = match self.stacks.choices[i].kind {
            ChoiceKind::Findall { bag } => bag,
            _ => unreachable!("findall_finish on another choicepoint"),
        };
        self.pop_choice();
        let answers = self.stacks.bags.pop().unwrap_or_default();
        debug_assert_eq!(self.stacks.bags.len(), bag);
        let cells = answers.cells().len() + answers.len() * BAG_ENTRY_OVERHEAD;
        self.stacks.bag_cells = self.stacks.bag_cells.saturating_sub(cells);
        let before = self.stacks.heap.top();
        // The answers are copied last first, as SWI-Prolog does: the variables of a later
        // answer are then older, which the standard order of terms shows (a program that
        // sorts answers with variables in them sees them in SWI-Prolog's order).
        let mut items = Vec::with_capacity(answers.len());
        for a in (0..answers.len()).rev() {
            let t = answers.to_heap(a, &mut self.stacks.heap);
            items.push(if self.stacks.attvars.made {
                self.attributes_restored(t)
            } else {
                t
            });
        }
        items.reverse();
        self.stacks.spare_bag = answers.recycle();
        let list = self.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
        let after = self.stacks.heap.top();
        self.services.gc.fresh_result(before, after);
        let result = self.stacks.x[2];
        if self.unify(result, list) {
            self.stacks.pc = self.stacks.cp;
            true
        } else {
            false
        }
    }

    /// `CatchExit`: the goal of a catch/3 succeeded; the catch stops being active.
    pub fn catch_exit(&mut self) {
        let e = self.stacks.e;
        let idx = self.stacks.stack[e + FRAME_HEADER].int_value() as usize;
        if idx + 1 == self.stacks.choices.len() {
            self.pop_choice();
        } else if let Some(c) = self.stacks.choices.get_mut(idx) {
            if let ChoiceKind::Catch { active } = &mut c.kind {
                *active = false;
                self.stacks.trail.push(TrailEntry::CatchExited(idx));
            }
        }
        self.stacks.pc += 1;
    }
}

/// Whether `name/arity` is a control construct the meta-call compiles rather than calls:
/// `,/2`, `;/2`, `->/2`, `*->/2`, `:/2`, `!`, `true`, `fail` and `false`. (`\+` is a library
/// predicate.)
pub(crate) fn is_control_construct(name: u32, arity: usize) -> bool {
    match arity {
        2 => [
            atom::COMMA,
            atom::SEMI,
            atom::ARROW,
            atom::SOFT,
            atom::COLON,
        ]
        .contains(&name),
        0 => [atom::CUT, atom::TRUE, atom::FAIL, atom::FALSE].contains(&name),
        _ => false,
    }
}
