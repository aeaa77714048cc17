//! Attributed variables: unbound variables that carry attributes, and the wakeup that runs
//! their hooks after a unification binds one.
//!
//! An attributed variable is two heap cells: at `a` an unbound variable (a reference to itself,
//! so that every term walk, `var/1`, the writer and comparison see a variable and need to know
//! nothing more), at `a + 1` its attributes as one term (SWI-Prolog's `att(Module, Value,
//! More)` chain, or `[]`), which the library's `put_attr/3` and friends read and rewrite. Which
//! addresses are attributed variables is kept beside the heap ([`AttVars`]), and only the
//! places that bind a variable ask: while a program has made none, `AttVars::on` is false and
//! a binding tests one flag. A binding of an attributed variable is noted (`pending`) and
//! raises the wakeup bit of the attention flag, so the next call goes through the dispatcher,
//! which runs `'$wakeup'/2` (library Prolog) with the noted variables before the call it
//! stands for (SWI-Prolog's wakeup before the next goal; before a native, as a nested query).
//! The end of a query and of a findall's goal, which are no calls, look for a pending wakeup
//! too, and so does a cut, which runs the wakeup as a nested query (the cut would take its
//! alternatives away anyway), and so does the opening of a control construct compiled in the
//! clause (if-then-else, negation, disjunction), whose first call is inside the construct: a
//! woken goal that fails there must fail the conjunction that bound the variable, not the
//! condition.
//!
//! Backtracking: making an attributed variable pushes an `AttVar` trail entry unconditionally,
//! whose undoing forgets the address; changing its attributes is a trailed assignment of cell
//! `a + 1`. The collector keeps cell `a + 1` when it keeps cell `a`, treats older attributed
//! variables' attributes as roots, and moves the addresses (`attvar_gc.rs`).

use super::choice::TrailEntry;
use super::db::PredKind;
use super::error::PlError;
use super::hook::{Attention, ATTEND_WAKEUP};
use super::instr::{Instr, PredId};
use super::solve::Answer;
use super::Machine;
use ply_term::{Cell, Tag};
use std::collections::BTreeSet;
use std::sync::atomic::Ordering;

/// Which heap addresses are attributed variables, and which have been bound since the last
/// wakeup.
#[derive(Default)]
pub struct AttVars {
    /// Whether the program has ever made an attributed variable; until then no binding looks
    /// further.
    pub on: bool,
    /// The address of each attributed variable's variable cell. Changed only through the
    /// methods below, which keep `bits` the same set.
    pub set: BTreeSet<usize>,
    /// The same addresses as a bit per heap address: every binding of a variable asks
    /// whether it is attributed ([`AttVars::holds`]), and a bit test costs a fraction of a
    /// search of the ordered set, which the collector's range walks need.
    bits: Vec<u64>,
    /// Attributed variables bound since the last wakeup, in binding order.
    pub pending: Vec<usize>,
    /// The machine's attention flag, to raise the wakeup bit from a binding.
    pub(crate) attention: Option<Attention>,
    /// Whether the program has made an attributed variable: `on` is this or the occurs check.
    pub(crate) made: bool,
    /// Whether bindings of variables to terms are noted for the occurs check (`occurs.rs`).
    pub(crate) occurs: bool,
    /// The bindings noted for the occurs check since it last ran, each with the predicate
    /// called last before it ([`AttVars::ctx`]), which an error names.
    pub(crate) occurs_pending: Vec<(usize, PredId)>,
    /// The predicate the run loop called last while the occurs check is on.
    pub(crate) ctx: PredId,
}

impl AttVars {
    /// Whether the unbound variable at `a` is attributed.
    #[inline]
    pub fn holds(&self, a: usize) -> bool {
        self.bits
            .get(a >> 6)
            .is_some_and(|w| (w >> (a & 63)) & 1 != 0)
    }

    /// Note the attributed variable at `a`.
    pub fn insert(&mut self, a: usize) {
        self.set.insert(a);
        let w = a >> 6;
        if self.bits.len() <= w {
            self.bits.resize(w + 1, 0);
        }
        self.bits[w] |= 1 << (a & 63);
    }

    /// Forget the attributed variable at `a`.
    pub fn remove(&mut self, a: usize) {
        self.set.remove(&a);
        if let Some(w) = self.bits.get_mut(a >> 6) {
            *w &= !(1 << (a & 63));
        }
    }

    /// Forget the attributed variables at `top` and above.
    pub fn truncate_from(&mut self, top: usize) {
        for a in self.set.split_off(&top) {
            if let Some(w) = self.bits.get_mut(a >> 6) {
                *w &= !(1 << (a & 63));
            }
        }
    }

    /// Make the bits the set again, after the collector renumbered the set.
    pub fn rebuild_bits(&mut self) {
        self.bits.clear();
        if let Some(&last) = self.set.last() {
            self.bits.resize((last >> 6) + 1, 0);
        }
        for &a in &self.set {
            self.bits[a >> 6] |= 1 << (a & 63);
        }
    }

    /// Bind the unbound variable `var` to `value` (dereferenced) where `var` may be attributed:
    /// a plain variable given as the value is bound to the attributed one instead, and an
    /// attributed variable bound to anything else is noted for the wakeup.
    #[cold]
    #[inline(never)]
    pub fn bind(
        &mut self,
        cells: &mut [Cell],
        trail: &mut Vec<TrailEntry>,
        hb: usize,
        var: Cell,
        value: Cell,
    ) {
        let a = var.addr();
        let value = ply_term::heap::Heap::deref_over(cells, value);
        let (a, value) = if !self.holds(a) {
            (a, value)
        } else if value.tag() == Tag::Ref && !self.holds(value.addr()) {
            // Two variables, one attributed: the plain one is bound and nothing wakes.
            (value.addr(), var)
        } else {
            self.pending.push(a);
            if let Some(att) = &self.attention {
                att.fetch_or(ATTEND_WAKEUP, Ordering::Relaxed);
            }
            (a, value)
        };
        if self.occurs && value.tag() != Tag::Ref {
            // Checked at the next call, when the value is complete (compiled head code binds
            // a variable to a compound before writing its arguments).
            self.occurs_pending.push((a, self.ctx));
            if let Some(att) = &self.attention {
                att.fetch_or(ATTEND_WAKEUP, Ordering::Relaxed);
            }
        }
        cells[a] = value;
        if a < hb {
            trail.push(TrailEntry::Bind(a));
        }
    }
}

impl Machine {
    /// The attributes term of `v` when it dereferences to an attributed variable.
    pub fn attvar_attrs(&self, v: Cell) -> Option<Cell> {
        let v = self.stacks.heap.deref(v);
        (v.tag() == Tag::Ref && self.stacks.attvars.holds(v.addr()))
            .then(|| self.stacks.heap.cells[v.addr() + 1])
    }

    /// Whether the program has made an attributed variable since the machine started.
    pub fn has_attvars(&self) -> bool {
        self.stacks.attvars.made
    }

    /// Whether `v` dereferences to an attributed variable.
    pub fn is_attvar(&self, v: Cell) -> bool {
        self.attvar_attrs(v).is_some()
    }

    /// Give the unbound variable `v` the attributes term `attrs`: in place, trailed, when it
    /// is attributed already, else by binding it to a new attributed variable.
    pub fn set_attvar_attrs(&mut self, v: Cell, attrs: Cell) {
        let v = self.stacks.heap.deref(v);
        debug_assert_eq!(v.tag(), Tag::Ref);
        let a = v.addr();
        if self.stacks.attvars.holds(a) {
            let old = self.stacks.heap.cells[a + 1];
            if a + 1 < self.hb() {
                self.stacks.trail.push(TrailEntry::Assign(a + 1, old));
            }
            self.stacks.heap.cells[a + 1] = attrs;
            self.stacks.heap.note_rewrite();
            return;
        }
        if !self.stacks.attvars.made {
            self.stacks.attvars.made = true;
            self.stacks.attvars.on = true;
            self.stacks.attvars.attention = Some(self.services.attention.clone());
        }
        let n = self.stacks.heap.top();
        self.stacks.heap.cells.push(Cell::reference(n));
        self.stacks.heap.cells.push(attrs);
        self.stacks.attvars.insert(n);
        self.stacks.trail.push(TrailEntry::AttVar(n));
        // The old variable is plain: binding it to the new one wakes nothing.
        self.bind(v, Cell::reference(n));
    }

    /// Undo the making of the attributed variable at `a` (its trail entry).
    pub(crate) fn forget_attvar(&mut self, a: usize) {
        self.stacks.attvars.remove(a);
    }

    /// The heap was cut back to `top` with no trail to undo (between the clauses a file
    /// loads): forget the attributed variables above it.
    pub fn forget_attvars_from(&mut self, top: usize) {
        let att = &mut self.stacks.attvars;
        if att.on {
            att.truncate_from(top);
            att.pending.retain(|&a| a < top);
        }
    }

    /// Every attributed variable in `t` and, transitively, in their attributes, each once, in
    /// depth-first left-to-right order (SWI-Prolog's `term_attvars/2`).
    pub fn term_attvars(&self, t: Cell) -> Vec<Cell> {
        let mut out = Vec::new();
        if !self.stacks.attvars.made {
            return out;
        }
        let cells = &self.stacks.heap.cells;
        let mut seen = ply_term::FastSet::default();
        let mut stack = vec![t];
        // Compounds and list pairs are keyed apart from variables: a list pair's address is
        // its head cell's, which may be a variable's.
        while let Some(c) = stack.pop() {
            let c = self.stacks.heap.deref(c);
            let a = c.addr();
            match c.tag() {
                Tag::Ref if self.stacks.attvars.holds(a) && seen.insert((0, a)) => {
                    out.push(c);
                    stack.push(cells[a + 1]);
                }
                Tag::Str if seen.insert((1, a)) => {
                    let n = cells[a].functor_arity();
                    for i in (1..=n).rev() {
                        stack.push(cells[a + i]);
                    }
                }
                Tag::List if seen.insert((1, a)) => {
                    stack.push(cells[a + 1]);
                    stack.push(cells[a]);
                }
                _ => {}
            }
        }
        out
    }

    /// `t` with the attributes of its attributed variables beside it, for a copy that must
    /// keep them (findall's answers, as SWI-Prolog's do): `'$attvar_copy'(T, V1, A1, ...)`,
    /// or `t` itself when it has no attributed variable.
    pub fn with_attributes(&mut self, t: Cell) -> Cell {
        if !self.stacks.attvars.made {
            return t;
        }
        let nil = Cell::atom(ply_term::atom::NIL);
        let mut parts = vec![t];
        for v in self.term_attvars(t) {
            let at = self.stacks.heap.cells[v.addr() + 1];
            if self.stacks.heap.deref(at) != nil {
                parts.push(v);
                parts.push(at);
            }
        }
        if parts.len() == 1 {
            return t;
        }
        let name = self.atoms.intern("$attvar_copy");
        self.stacks.heap.compound(name, &parts)
    }

    /// The copy of a term [`Machine::with_attributes`] made: its variables given their copied
    /// attributes, and the term alone.
    pub fn attributes_restored(&mut self, c: Cell) -> Cell {
        if c.tag() != Tag::Str {
            return c;
        }
        let name = self.atoms.intern("$attvar_copy");
        let f = self.stacks.heap.cells[c.addr()];
        if f.functor_name() != name {
            return c;
        }
        let base = c.addr();
        for i in 0..(f.functor_arity() - 1) / 2 {
            let v = self.stacks.heap.cells[base + 2 + 2 * i];
            let at = self.stacks.heap.cells[base + 3 + 2 * i];
            self.set_attvar_attrs(v, at);
        }
        self.stacks.heap.cells[base + 1]
    }

    /// The wakeup bit was found at the call of `pid` (`is_call`: a call that continues after
    /// its instruction): answer the predicate to call instead.
    ///
    /// Before a predicate of clauses or a control construct, or a last call, where only the
    /// arguments are live, that is `'$wakeup'(Wakes, Goal)` with `Goal` the call of `pid` and
    /// its arguments, so the woken goals run as ordinary goals, alternatives and all. Before a
    /// native called from inside a clause, which the compiler lets keep temporaries in
    /// registers and run without an environment, the registers are kept in a frame first
    /// ([`Machine::wake_in_frame`]) and the call's instruction runs again after the woken goals.
    pub fn wakeup_call(&mut self, pid: PredId, is_call: bool) -> Result<PredId, PlError> {
        if is_call
            && matches!(
                self.program.preds[pid as usize].kind,
                PredKind::Native(_) | PredKind::Redo(..)
            )
        {
            let here = self.stacks.pc;
            return Ok(if self.wake_in_frame(here) {
                self.wakeup_pred()
            } else {
                pid
            });
        }
        let Some(wakes) = self.take_wakes() else {
            return Ok(pid);
        };
        let p = &self.program.preds[pid as usize];
        let (name, arity, module) = (p.name, p.arity, p.module);
        let goal = if arity == 0 {
            Cell::atom(name)
        } else {
            let args: Vec<Cell> = self.stacks.x[..arity].to_vec();
            self.stacks.heap.compound(name, &args)
        };
        // The goal is called again by name, so a predicate of a module other than `user` is
        // named with its module: by its plain name it would resolve in `user`.
        let goal = if module == 0 {
            goal
        } else {
            self.stacks
                .heap
                .compound(ply_term::atom::COLON, &[Cell::atom(module), goal])
        };
        self.stacks.x[0] = wakes;
        self.stacks.x[1] = goal;
        Ok(self.wakeup_pred())
    }

    /// Prepare the woken goals' call before the instruction at `resume` of a clause: a frame
    /// holding every register with the clause's continuation and cut barrier, above it a frame
    /// whose continuation is `resume`, and the program counter at the system code that calls
    /// `'$wakeup'(Wakes, true)` and then `WakeResume`. All registers are kept because which
    /// temporaries the clause still reads is not known here; the collector reads the frame's
    /// slots as it reads registers. False (and nothing done) when nothing is to be woken.
    pub fn wake_in_frame(&mut self, resume: usize) -> bool {
        let Some(wakes) = self.take_wakes() else {
            return false;
        };
        let regs = self.stacks.x.clone();
        self.push_frame(&regs);
        let cp = std::mem::replace(&mut self.stacks.cp, resume);
        self.push_frame(&[]);
        self.stacks.cp = cp;
        self.stacks.x[0] = wakes;
        self.stacks.x[1] = Cell::atom(ply_term::atom::TRUE);
        self.stacks.pc = self.program.wake_call_pc;
        true
    }

    /// `WakeResume`: undo [`Machine::wake_in_frame`] and go back to the instruction it stood
    /// before, with the clause's registers, continuation, cut barrier and frame.
    pub fn wake_resume(&mut self) {
        let top = self.stacks.e;
        let resume = self.stacks.stack[top + 1].0 as usize;
        let kept = self.stacks.stack[top].0 as usize;
        let n = self.stacks.stack[kept + 3].0 as usize;
        let from = kept + crate::FRAME_HEADER;
        let (x, stack) = (&mut self.stacks.x, &self.stacks.stack);
        x[..n].copy_from_slice(&stack[from..from + n]);
        self.stacks.cp = self.stacks.stack[kept + 1].0 as usize;
        self.stacks.b0 = self.stacks.stack[kept + 2].0 as usize;
        self.stacks.cur_pred = self.stacks.stack[kept + 4].0 as PredId;
        self.stacks.e = self.stacks.stack[kept].0 as usize;
        self.stacks.pc = resume;
    }

    /// Run the wakeup as a nested query to its first answer: whether it succeeded.
    fn wakeup_nested(&mut self) -> Result<bool, PlError> {
        let Some(wakes) = self.take_wakes() else {
            return Ok(true);
        };
        let name = self.atoms.intern("$wakeup");
        let goal = self
            .stacks
            .heap
            .compound(name, &[wakes, Cell::atom(ply_term::atom::TRUE)]);
        match self.solve_once(goal) {
            Answer::True => Ok(true),
            Answer::False => Ok(false),
            Answer::Error(ball) => Err(PlError(ball.to_heap(&mut self.stacks.heap))),
        }
    }

    /// The wakeup bit found at instruction `pc`, a cut, a soft-cut, the opening of a control
    /// construct or the end of a query or of a findall's or catch's goal: run the wakeup there (see [`Machine::wakeup_before_cut`],
    /// [`Machine::wake_in_frame`] and [`Machine::wakeup_at`]). `None` when there was nothing to wake and the step runs as
    /// ever, else what the step answers.
    pub fn wakeup_before(&mut self, pc: usize) -> Option<bool> {
        match self.program.code[pc] {
            Instr::Cut(_) | Instr::CutExit(_) | Instr::CutTo(_) => self.wakeup_before_cut(),
            // A soft-cut keeps the condition's alternatives, the woken goals' among them; a
            // construct about to open runs them first in the clause's own conjunction.
            Instr::SoftCut(_)
            | Instr::Mark(_)
            | Instr::PushAlt(..)
            | Instr::GuardAlt { .. }
            | Instr::TestAlt { .. }
            | Instr::KeyAlt { .. } => self.wake_in_frame(pc).then_some(true),
            _ => self.wakeup_at(pc),
        }
    }

    /// At a point of the run that is no call (the end of a query, of a findall's or a catch's
    /// goal) with the wakeup bit raised: when there are wakes, call `'$wakeup'(Wakes, true)` with
    /// continuation `here` (which runs that point again) and answer what the dispatch does.
    #[cold]
    #[inline(never)]
    pub fn wakeup_at(&mut self, here: usize) -> Option<bool> {
        let wakes = self.take_wakes()?;
        self.stacks.x[0] = wakes;
        self.stacks.x[1] = Cell::atom(ply_term::atom::TRUE);
        self.stacks.cp = here;
        let pid = self.wakeup_pred();
        Some(self.dispatch(pid, false))
    }

    /// At a cut with the wakeup bit raised: run the wakeup now, as a nested query, since the
    /// cut would cut away what it leaves anyway (SWI-Prolog wakes before the cut, inside its
    /// scope). `None` to go on with the cut, `Some(false)` when the wakeup failed, `Some(true)`
    /// when it threw and the run goes on at the handler.
    #[cold]
    #[inline(never)]
    pub fn wakeup_before_cut(&mut self) -> Option<bool> {
        match self.wakeup_nested() {
            Ok(true) => None,
            Ok(false) => Some(false),
            Err(e) => {
                self.throw_error(e);
                Some(true)
            }
        }
    }

    /// Whether the wakeup bit is raised.
    #[inline]
    pub fn wakeup_due(&self) -> bool {
        self.services.attention.load(Ordering::Relaxed) & ATTEND_WAKEUP != 0
    }

    fn wakeup_pred(&mut self) -> PredId {
        let name = self.atoms.intern("$wakeup");
        self.pred_id(name, 2)
    }

    /// Clear the wakeup bit and make the list of `wake(Attributes, Value)` terms of the
    /// attributed variables bound since the last wakeup and bound still (backtracking may have
    /// undone a binding before the wakeup came); `None` when there is none.
    fn take_wakes(&mut self) -> Option<Cell> {
        self.services
            .attention
            .fetch_and(!ATTEND_WAKEUP, Ordering::Relaxed);
        if let Some(refused) = self.occurs_refused() {
            self.stacks.attvars.pending.clear();
            return Some(refused);
        }
        let pending = std::mem::take(&mut self.stacks.attvars.pending);
        let wake = self.atoms.intern("wake");
        let mut items = Vec::new();
        let mut seen = Vec::new();
        for a in pending {
            let cells = &self.stacks.heap.cells;
            if seen.contains(&a)
                || !self.stacks.attvars.holds(a)
                || a + 1 >= cells.len()
                || cells[a] == Cell::reference(a)
            {
                continue;
            }
            seen.push(a);
            let (attrs, value) = (cells[a + 1], cells[a]);
            items.push(self.stacks.heap.compound(wake, &[attrs, value]));
        }
        if items.is_empty() {
            return None;
        }
        Some(self.list_from(&items))
    }

    /// A proper list of `items` on the heap.
    fn list_from(&mut self, items: &[Cell]) -> Cell {
        let mut list = Cell::atom(ply_term::atom::NIL);
        for &c in items.iter().rev() {
            let h = self.stacks.heap.top();
            self.stacks.heap.cells.push(c);
            self.stacks.heap.cells.push(list);
            list = Cell::list(h);
        }
        list
    }
}
