//! Shallow backtracking in general: the choicepoint of a call with several candidate clauses,
//! and of a clause-body alternative, pushed only once the clause has got past its head and
//! tests, as Carlsson describes it for SICStus Prolog.
//!
//! The compiler marks a clause whose code, up to a point it marks with `Neck` (or up to its
//! first cut), only unifies the head, moves registers and calls natives that declare
//! themselves shallow (`Pred::shallow`: type tests, `==`, `@<`, arithmetic comparisons, `is`,
//! the games' tests), and has at least one test or cut there: its code starts with
//! `Shallow(keep)`. A call whose first candidate is such a clause, and a `ShallowAlt` (a
//! `PushAlt` before such an alternative), record the choicepoint they would push in
//! [`Deferred`] instead: the heap top, the trail length, the environment, and what to try
//! next. The heap top is also written, for the time being, over the newest real choicepoint's
//! own, which is the trail boundary (`Machine::hb`), so that bindings are trailed as if the
//! deferred choicepoint were there and binding pays nothing for the deferral; it is put back
//! when the deferral ends. So a deferral needs a real choicepoint below it, which every query
//! has (its barrier). The run loop then runs the clause's
//! instructions as usual. A failure before the neck undoes the trail, cuts the heap back,
//! reloads the arguments (saved only when the tests write an argument register, `keep`) and
//! goes on with the next candidate without any choicepoint having existed; a cut drops what is
//! deferred; `Neck` pushes it, exactly as it would have been pushed at the start. Nothing
//! between the start and the neck calls Prolog code, collects garbage or pushes a
//! choicepoint, so nothing else sees a deferred choicepoint: the rare paths that could (a
//! debugger looking at a call, a replaced library native, an error) push or drop it first.

use super::super::choice::{Choice, ChoiceKind};
use super::super::db::{Cands, ClauseList};
use super::super::instr::Instr;
use super::super::{Machine, FRAME_HEADER, NO_ENV};
use crate::term::Cell;
use std::rc::Rc;

/// No saved arguments.
const NO_ARGS: usize = usize::MAX;
/// No deferred alternative.
const NO_ALT: usize = usize::MAX;

/// The choicepoints deferred by shallow backtracking, at most two: a call's remaining clauses
/// and, above it, the next alternative of the running clause's body. They share the state they
/// would restore, which nothing before the neck changes but the environment register.
pub struct Deferred {
    /// How many choicepoints are deferred: 0 when none (the machine runs as usual), 1 or 2.
    pub levels: u32,
    /// The heap top when the deferral began, below which bindings are trailed.
    pub h: usize,
    /// The heap top of the newest real choicepoint, whose place `h` takes meanwhile.
    pub real_h: usize,
    /// The trail length when it began.
    pub trail: usize,
    /// The environment when it began.
    pub e: usize,
    /// Where the arguments are saved in `saved_args` (its last words), or [`NO_ARGS`].
    pub args: usize,
    /// How many arguments the choicepoints keep.
    pub nargs: usize,
    /// The call's candidates after the running clause.
    pub clauses: Option<(Rc<ClauseList>, Cands, usize)>,
    /// The running clause's next alternative, or [`NO_ALT`].
    pub alt: usize,
}

impl Default for Deferred {
    fn default() -> Self {
        Deferred {
            levels: 0,
            h: 0,
            real_h: 0,
            trail: 0,
            e: 0,
            args: NO_ARGS,
            nargs: 0,
            clauses: None,
            alt: NO_ALT,
        }
    }
}

impl Machine {
    /// Begin a deferral with no choicepoint deferred yet: `n` arguments, saved now unless
    /// `keep`. False, with nothing begun, when no real choicepoint lies below.
    #[inline(always)]
    fn defer_begin(&mut self, n: usize, keep: bool) -> bool {
        let top = self.heap.top();
        let Some(last) = self.choices.last_mut() else {
            return false;
        };
        let d = &mut self.deferred;
        d.real_h = last.h;
        last.h = top;
        d.h = top;
        d.trail = self.trail.len();
        d.e = self.e;
        d.nargs = n;
        d.args = NO_ARGS;
        if !keep {
            self.deferred.args = self.save_args(n);
        }
        true
    }

    /// Enter the first candidate clause of a call at `at` (past its `Shallow(keep)`, or at its
    /// `ShallowAlt`) with the choicepoint for the candidates after it (`cands` of `list` from
    /// position `next`) deferred.
    #[inline(always)]
    pub(in crate::machine) fn enter_deferred(
        &mut self,
        at: usize,
        keep: bool,
        list: Rc<ClauseList>,
        cands: Cands,
        next: usize,
        arity: usize,
    ) -> bool {
        debug_assert_eq!(self.deferred.levels, 0);
        if !self.defer_begin(arity, keep) {
            self.push_choice(ChoiceKind::Clauses { list, cands, next }, arity);
            self.pc = at;
            return true;
        }
        self.deferred.clauses = Some((list, cands, next));
        self.deferred.levels = 1;
        self.pc = at;
        true
    }

    /// Run `ShallowAlt { alt, n, keep, mark }` at `pc`. Out of line, so as not to weigh on the
    /// run loop's other steps.
    #[inline(never)]
    pub(in crate::machine) fn step_shallow_alt(
        &mut self,
        alt: u32,
        n: u32,
        keep: bool,
        mark: bool,
    ) -> bool {
        if mark {
            let height = self.choices.len() + self.deferred.levels as usize;
            self.set_arg_reg(n, Cell::int(height as i64));
        }
        match self.deferred.levels {
            0 => {
                if !self.defer_begin(n as usize, keep) {
                    self.push_choice(ChoiceKind::Resume(alt as usize), n as usize);
                    self.pc += 2 + usize::from(mark);
                    return true;
                }
                self.deferred.levels = 1;
            }
            // The first instruction of a clause entered with its call's choicepoint deferred:
            // nothing has changed since, so the two share the state.
            1 if self.deferred.alt == NO_ALT && self.deferred.nargs == n as usize => {
                if !keep && self.deferred.args == NO_ARGS {
                    self.deferred.args = self.save_args(n as usize);
                }
                self.deferred.levels = 2;
            }
            _ => {
                // Not reached: the compiler puts a `ShallowAlt` only where an alternative starts.
                self.push_deferred();
                self.push_choice(ChoiceKind::Resume(alt as usize), n as usize);
                self.pc += 2 + usize::from(mark);
                return true;
            }
        }
        self.deferred.alt = alt as usize;
        self.pc += 2 + usize::from(mark);
        true
    }

    /// `Neck`, and every other way out of a deferral that keeps what it deferred: push the
    /// deferred choicepoints as they would have been pushed when it began.
    #[inline(never)]
    pub(in crate::machine) fn push_deferred(&mut self) {
        if self.deferred.levels == 0 {
            return;
        }
        self.restore_real_h();
        let (h, trail, e, nargs) = {
            let d = &self.deferred;
            (d.h, d.trail, d.e, d.nargs)
        };
        let own = if e == NO_ENV {
            0
        } else {
            e + FRAME_HEADER + self.stack[e + 3].0 as usize
        };
        let e_top = match self.choices.last() {
            Some(c) if c.e_top > own => c.e_top,
            _ => own,
        };
        let mut args = self.deferred.args;
        if args == NO_ARGS {
            // The tests wrote no argument register: they hold the call's arguments still.
            args = self.save_args(nargs);
        }
        let captures = self.out.capture_depth() as u32;
        let (cp, b0) = (self.cp, self.b0);
        let choice = |kind: ChoiceKind, args: usize| Choice {
            kind,
            h,
            trail,
            e,
            cp,
            b0,
            args,
            e_top,
            nargs: nargs as u32,
            captures,
        };
        let alt = self.deferred.alt;
        if let Some((list, cands, next)) = self.deferred.clauses.take() {
            self.choices
                .push(choice(ChoiceKind::Clauses { list, cands, next }, args));
            if alt != NO_ALT {
                // Each choicepoint keeps its own copy of the arguments.
                let copy = self.saved_args.len();
                self.saved_args.extend_from_within(args..args + nargs);
                args = copy;
            }
        }
        if alt != NO_ALT {
            self.choices.push(choice(ChoiceKind::Resume(alt), args));
        }
        self.defer_end();
    }

    /// Give the newest real choicepoint its own heap top back.
    #[inline(always)]
    fn restore_real_h(&mut self) {
        let h = self.deferred.real_h;
        if let Some(last) = self.choices.last_mut() {
            last.h = h;
        }
    }

    /// Forget the deferral, whose choicepoints have been pushed or dropped.
    #[inline(always)]
    fn defer_end(&mut self) {
        let d = &mut self.deferred;
        d.levels = 0;
        d.alt = NO_ALT;
        d.args = NO_ARGS;
    }

    /// A cut to the clause's barrier while choicepoints are deferred: they are dropped, with
    /// the arguments saved for them.
    #[inline(never)]
    pub(in crate::machine) fn drop_deferred(&mut self) {
        self.restore_real_h();
        if self.deferred.args != NO_ARGS {
            self.saved_args.truncate(self.deferred.args);
        }
        self.deferred.clauses = None;
        self.defer_end();
    }

    /// `CutTo` to height `b` while choicepoints are deferred: the deferred ones at `b` and
    /// above go (they lie above the real ones), then the real ones above `b`.
    #[inline(never)]
    pub(in crate::machine) fn cut_deferred(&mut self, b: usize) {
        let real = self.choices.len();
        if b <= real {
            self.drop_deferred();
            self.cut_to(b);
        } else if b < real + self.deferred.levels as usize {
            // Only the alternative above the call's clauses goes.
            self.deferred.alt = NO_ALT;
            self.deferred.levels -= 1;
        }
    }

    /// A failure while choicepoints are deferred: restore what the newest would restore and
    /// take its alternative.
    #[inline(never)]
    pub(in crate::machine) fn fail_deferred(&mut self) {
        let (h, trail, e, args, nargs) = {
            let d = &self.deferred;
            (d.h, d.trail, d.e, d.args, d.nargs)
        };
        self.untrail(trail);
        self.heap.truncate(h);
        self.e = e;
        if args != NO_ARGS {
            self.x[..nargs].copy_from_slice(&self.saved_args[args..args + nargs]);
        }
        if self.deferred.alt != NO_ALT {
            let at = self.deferred.alt;
            self.deferred.alt = NO_ALT;
            self.deferred.levels -= 1;
            if self.deferred.levels == 0 {
                self.drop_deferred();
                self.pc = self.past_mark_of(at);
            } else {
                self.defer_at(at);
            }
            return;
        }
        let Some((list, cands, next)) = self.deferred.clauses.as_mut() else {
            // Unreachable: one level is deferred, and it is not an alternative.
            self.drop_deferred();
            self.pc = self.code.len() - 1;
            return;
        };
        let start = list.start_at(cands, *next);
        match super::super::backtrack::candidate_after(list, cands, *next) {
            Some(after) => {
                *next = after;
                self.defer_at(start);
            }
            None => {
                // The last candidate runs with no choicepoint, as a retry of it would.
                self.drop_deferred();
                self.pc = self.past_mark_of(start);
            }
        }
    }

    /// Go on at `at` with the choicepoints still deferred, when the code there may run so
    /// (it starts with `Shallow` or `ShallowAlt`); otherwise push them first.
    #[inline(always)]
    fn defer_at(&mut self, at: usize) {
        let keep = match self.code[at] {
            Instr::Shallow(keep) => {
                self.pc = at + 1;
                keep
            }
            Instr::ShallowAlt { .. } => {
                // It saves the arguments itself when its tests need it.
                self.pc = at;
                true
            }
            _ => {
                self.push_deferred();
                self.pc = at;
                return;
            }
        };
        if !keep && self.deferred.args == NO_ARGS {
            self.deferred.args = self.save_args(self.deferred.nargs);
        }
    }

    /// `at`, or past the `Shallow` there, which has nothing to run.
    #[inline(always)]
    fn past_mark_of(&self, at: usize) -> usize {
        at + usize::from(matches!(self.code[at], Instr::Shallow(_)))
    }
}
