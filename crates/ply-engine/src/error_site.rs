//! Where an error was raised, for the error report and for the error term itself: the goal
//! with its place in the program and the chain of predicates that called it
//! (`note_error_site`), the predicate that owns a code address, and the context of an
//! `error/2` term a native left open. Only the rare error path comes here; nothing here may run
//! on a path that does not raise.
//!
//! The chain is read off the stack: the clause that made the raising call is found from the
//! program counter, and each environment frame above it names its predicate, while the
//! continuation saved in the frame below says where in its clause that predicate is (the call
//! it is waiting on). The source tables of clauses loaded from text (`source_map.rs`) turn
//! those addresses into places; frames that last-call optimisation reused are not there to
//! be shown.

use super::error::PlError;
use super::instr::{Instr, PredId};
use super::source_map::SourcePlace;
use super::{Machine, NO_ENV};
use ply_term::Cell;
use ply_term::StoredTerm;
use std::collections::HashMap;

/// How many frames of the stack the chain looks at, and how many entries it keeps.
const CHAIN_FRAMES: usize = 200;
const CHAIN_SHOWN: usize = 12;

/// One entry of the chain of callers.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The predicate, as `name/arity`.
    pub pred: String,
    /// How many frames in a row are this predicate waiting at the same call (recursion).
    pub levels: usize,
    /// Where in the predicate's clause it waits (the call it made), when the clause was
    /// loaded from text.
    pub place: Option<SourcePlace>,
}

impl Machine {
    /// Record where an error was raised, for the error report.
    pub(super) fn note_error_site(&mut self, pid: PredId, args: &[Cell]) {
        let p = &self.program.preds[pid as usize];
        let (name, arity) = (p.name, p.arity);
        if arity == 1 && self.is_rethrow(name, args[0]) {
            return;
        }
        // A ball of the program's own, not an error term, that a catch ahead surely takes is
        // never reported with its site (`catch_ahead.rs`).
        if arity == 1
            && self.atoms.name(name) == "throw"
            && !self.is_error_term(args[0])
            && self.surely_caught(args[0])
        {
            return;
        }
        let goal = if arity == 0 {
            Cell::atom(name)
        } else {
            self.stacks.heap.compound(name, &args[..arity])
        };
        let here = self.call_site_at(self.stacks.pc).map(|(file, site)| {
            let place = SourcePlace {
                file: file.clone(),
                span: site.span,
                exact: site.exact,
            };
            (place, site.vars.clone())
        });
        // The site's variable paths fit the goal only when the call at `pc` is the goal's own
        // call, not a meta-call that led to it; the frame's permanent variables fit whenever
        // the raising clause's frame is live.
        let env_live = self.stacks.e != NO_ENV && self.env_live_at(self.stacks.pc);
        let mut names = match &here {
            Some((_, vars)) if self.callee_at(self.stacks.pc) == Some(pid) => {
                self.names_along(goal, vars)
            }
            _ => HashMap::new(),
        };
        if env_live {
            self.name_frame_vars(self.stacks.pc, self.stacks.e, &mut names);
        }
        // A directive being loaded names its own variables, as a query at the prompt does.
        for (name, v) in &self.services.loading.directive_names {
            let v = self.stacks.heap.deref(*v);
            if v.tag() == ply_term::Tag::Ref {
                names.entry(v).or_insert_with(|| name.clone());
            }
        }
        let text = if names.is_empty() {
            self.format_term(goal, true, 12)
        } else {
            self.format_term_named(goal, true, 12, &names)
        };
        // The clause that made the call, found from the code address, waits at the call
        // itself; each frame above waits at the continuation the frame below it saved (or the
        // machine holds, for the innermost).
        let mut frames: Vec<(PredId, usize)> = Vec::new();
        let (mut e, mut k) = (self.stacks.e, self.stacks.cp);
        if let Some(owner) = self.code_owner_of(self.stacks.pc) {
            frames.push((owner, self.stacks.pc));
            if env_live {
                // The raising clause's own frame: it is the entry just made.
                k = self.stacks.stack[self.stacks.e + 1].0 as usize;
                e = self.stacks.stack[self.stacks.e].0 as usize;
            }
        }
        while e != NO_ENV && frames.len() < CHAIN_FRAMES {
            // A continuation is the address after the call it returns from.
            let frame = (self.stacks.stack[e + 4].0 as PredId, k.wrapping_sub(1));
            // A goal run by a builtin (the goal of `catch/3`) raises with the machine still at
            // the builtin's call, under a frame of the builtin's own that returns there: the
            // clause that waits at that call is the one already noted, one activation and not
            // a level of recursion.
            if frames.len() == 1 && frames[0] == frame {
                k = self.stacks.stack[e + 1].0 as usize;
                e = self.stacks.stack[e].0 as usize;
                continue;
            }
            frames.push(frame);
            k = self.stacks.stack[e + 1].0 as usize;
            e = self.stacks.stack[e].0 as usize;
        }
        let mut runs: Vec<(PredId, usize, usize)> = Vec::new();
        for (fpid, addr) in frames {
            let spid = self.source_pred(fpid);
            if self
                .atoms
                .name(self.program.preds[spid as usize].name)
                .starts_with('$')
            {
                continue;
            }
            match runs.last_mut() {
                Some((p, a, n)) if *p == spid && *a == addr => *n += 1,
                _ => runs.push((spid, addr, 1)),
            }
        }
        // `throw/1` called by the library's own Prolog is how a library predicate raises its
        // errors: the report names that predicate (the first of the chain), not the throw, and
        // no goal at all when last-call optimisation left no frame of it (the ball says what).
        let thrown_by_library = self.atoms.name(name) == "throw"
            && self
                .code_owner_of(self.stacks.pc)
                .is_some_and(|o| self.program.preds[self.source_pred(o) as usize].library);
        let mut text = text;
        if thrown_by_library {
            text = match runs.first() {
                Some(&(spid, _, _)) => {
                    let p = &self.program.preds[spid as usize];
                    format!("{}/{}", self.atoms.name(p.name), p.arity)
                }
                None => String::new(),
            };
            if !runs.is_empty() {
                runs.remove(0);
            }
        }
        let chain = runs
            .into_iter()
            .take(CHAIN_SHOWN)
            .map(|(spid, addr, levels)| {
                let p = &self.program.preds[spid as usize];
                Caller {
                    pred: format!("{}/{}", self.atoms.name(p.name), p.arity),
                    levels,
                    place: self.place_in(spid, addr),
                }
            })
            .collect();
        self.stacks.last_error_site = Some(super::ErrorSite {
            goal: text,
            place: here.map(|(p, _)| p),
            chain,
            ball: None,
        });
    }

    /// Whether `ball` is an error term, `error(Formal, Context)`.
    fn is_error_term(&self, ball: Cell) -> bool {
        let b = self.stacks.heap.deref(ball);
        b.tag() == ply_term::Tag::Str
            && self.stacks.heap.functor_of(b) == Cell::functor(ply_term::atom::ERROR, 2)
    }

    /// Whether `throw(ball)` throws again the very error whose site was noted (as `time/1`
    /// and other library code pass on what they caught): the report then keeps naming the
    /// goal that raised it, not the `throw/1` that passed it on.
    fn is_rethrow(&self, name: u32, ball: Cell) -> bool {
        if self.atoms.name(name) != "throw" {
            return false;
        }
        let Some(noted) = self
            .stacks
            .last_error_site
            .as_ref()
            .and_then(|s| s.ball.as_ref())
        else {
            return false;
        };
        noted.cells == StoredTerm::from_heap(&self.stacks.heap, ball).cells
    }

    /// The place of the call at `addr`, when it is a call of a clause of `pid` loaded from
    /// text.
    fn place_in(&self, pid: PredId, addr: usize) -> Option<SourcePlace> {
        let owner = self.code_owner_of(addr)?;
        if self.source_pred(owner) != pid {
            return None;
        }
        let (file, site) = self.call_site_at(addr)?;
        Some(SourcePlace {
            file: file.clone(),
            span: site.span,
            exact: site.exact,
        })
    }

    /// True when the clause whose code holds `pc` has its environment while it runs the
    /// instruction at `pc`: its code opens with `Allocate` and the instruction has not
    /// given the frame back. In such a clause an `Execute` or a `Proceed` comes only after a
    /// `Deallocate` (the fast paths off keep the two apart), so it runs without the frame.
    fn env_live_at(&self, pc: usize) -> bool {
        let i = self
            .program
            .code_owners
            .partition_point(|&(start, _)| start as usize <= pc);
        if i == 0 {
            return false;
        }
        let start = self.program.code_owners[i - 1].0 as usize;
        matches!(self.program.code.get(start), Some(Instr::Allocate(..)))
            && !matches!(
                self.program.code.get(pc),
                Some(
                    Instr::DeallocExecute(_)
                        | Instr::DeallocProceed
                        | Instr::Execute(_)
                        | Instr::Proceed
                )
            )
    }

    /// The predicate the instruction at `pc` calls, if it is a call.
    pub(crate) fn callee_at(&self, pc: usize) -> Option<PredId> {
        Some(match *self.program.code.get(pc)? {
            Instr::Call(p)
            | Instr::CallLib(p)
            | Instr::CallLibLast(p)
            | Instr::CallRedo(p, _)
            | Instr::Execute(p)
            | Instr::DeallocExecute(p)
            | Instr::ArithCmp(_, _, _, p) => p,
            Instr::ArithCmpExpr { pred, .. }
            | Instr::ArithIs { pred, .. }
            | Instr::ArgOf { pred, .. }
            | Instr::FunctorOf { pred, .. }
            | Instr::Inline { pred, .. } => pred,
            _ => return None,
        })
    }

    /// Name the unbound variables held in the permanent slots of frame `e`, which belongs to
    /// the clause whose code holds `pc`, after the clause's source names.
    fn name_frame_vars(&self, pc: usize, e: usize, names: &mut HashMap<Cell, String>) {
        let Some(source) = self.clause_source_at(pc) else {
            return;
        };
        let i = self
            .program
            .code_owners
            .partition_point(|&(start, _)| start as usize <= pc);
        let start = self.program.code_owners[i - 1].0 as usize;
        let Some((_, perms)) = source.frames.iter().find(|(s, _)| *s == start) else {
            return;
        };
        let nslots = self.stacks.stack[e + 3].0 as usize;
        for (slot, name) in perms.iter() {
            let slot = *slot as usize;
            if slot >= nslots {
                continue;
            }
            let v = self
                .stacks
                .heap
                .deref(self.stacks.stack[e + super::FRAME_HEADER + slot]);
            if v.tag() == ply_term::Tag::Ref {
                names.entry(v).or_insert_with(|| name.to_string());
            }
        }
    }

    /// Names for the variables of `goal` that `paths` lead to, where they are still unbound.
    fn names_along(&self, goal: Cell, paths: &[(Box<[u32]>, Box<str>)]) -> HashMap<Cell, String> {
        let mut names = HashMap::new();
        for (path, name) in paths {
            if let Some(v) = self.follow_path(goal, path) {
                names.entry(v).or_insert_with(|| name.to_string());
            }
        }
        names
    }

    /// How many environment frames the running goal is nested in: the depth of the call
    /// stack as a debugger shows it (frames that last-call optimisation reused are not counted).
    pub fn frame_depth(&self) -> usize {
        let mut depth = 0;
        let mut e = self.stacks.e;
        while e != NO_ENV {
            depth += 1;
            e = self.stacks.stack[e].0 as usize;
        }
        depth
    }

    /// The predicate whose clause code contains address `pc`.
    pub fn code_owner_of(&self, pc: usize) -> Option<PredId> {
        let i = self
            .program
            .code_owners
            .partition_point(|&(start, _)| start as usize <= pc);
        if i == 0 {
            None
        } else {
            Some(self.program.code_owners[i - 1].1)
        }
    }

    /// The user predicate an auxiliary predicate was made for (itself otherwise).
    pub fn source_pred(&self, pid: PredId) -> PredId {
        let mut p = pid;
        while let Some(&parent) = self.program.aux_parent.get(&p) {
            p = parent;
        }
        p
    }

    /// Fill an unbound context of `error(_, Context)` with `context(Name/Arity, _)`, or
    /// `context(system:Name/Arity, _)` for a builtin, as SWI-Prolog names its system
    /// predicates.
    pub(super) fn fill_context(&mut self, e: PlError, pid: PredId) {
        let ball = self.stacks.heap.deref(e.0);
        if ball.tag() != ply_term::Tag::Str
            || self.stacks.heap.functor_of(ball) != Cell::functor(ply_term::atom::ERROR, 2)
        {
            return;
        }
        let mut ctx = self.stacks.heap.deref(self.stacks.heap.arg(ball, 1));
        // `context(_, Message)`: a builtin that says why (the system's reason a file cannot be
        // opened) leaves the predicate to be named here.
        if ctx.tag() == ply_term::Tag::Str
            && self.stacks.heap.functor_of(ctx) == Cell::functor(ply_term::atom::CONTEXT, 2)
        {
            ctx = self.stacks.heap.deref(self.stacks.heap.arg(ctx, 0));
            if ctx.tag() == ply_term::Tag::Ref {
                let pi = self.context_indicator(pid);
                self.bind(ctx, pi);
            }
            return;
        }
        if ctx.tag() != ply_term::Tag::Ref {
            return;
        }
        let p = &self.program.preds[pid as usize];
        let (name, arity) = (p.name, p.arity);
        // A ball thrown by throw/1 is the program's own term: swipl leaves its context as it
        // is, and a ball passed on again must stay the one whose site was noted.
        if arity == 1 && self.atoms.name(name) == "throw" {
            return;
        }
        let pi = self.context_indicator(pid);
        self.bind_context(ctx, pi);
    }

    /// Bind the unbound context `ctx` of an error term to `context(PI, _)`.
    pub(crate) fn bind_context(&mut self, ctx: Cell, pi: Cell) {
        let msg = self.stacks.heap.new_var();
        let c = self
            .stacks
            .heap
            .compound(ply_term::atom::CONTEXT, &[pi, msg]);
        self.bind(ctx, c);
    }

    /// The indicator an error's context names for predicate `pid`: `system:Name/Arity` for a
    /// system predicate (and an ISO one of the library), `Name/Arity` for the rest, as
    /// SWI-Prolog names them.
    pub(crate) fn context_indicator(&mut self, pid: PredId) -> Cell {
        let p = &self.program.preds[pid as usize];
        let (name, arity) = (p.name, p.arity);
        let system = p.module == 0 && p.is_builtin() && (!p.library || self.is_iso(pid));
        let pi = self.indicator(name, arity);
        if !system {
            return pi;
        }
        let module = Cell::atom(self.atoms.intern("system"));
        self.stacks
            .heap
            .compound(ply_term::atom::COLON, &[module, pi])
    }
}
