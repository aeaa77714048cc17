//! Cleanup handlers: what `setup_call_cleanup/3` needs from the engine.
//!
//! The library runs the goal under a choicepoint of kind [`ChoiceKind::Cleanup`] whose one
//! saved argument is the cleanup goal. When the goal exits and nothing of it is left to retry,
//! or raises an error it catches itself, the library disarms that choicepoint and runs the
//! cleanup in the program's own flow. Otherwise the choicepoint stays armed, and the cleanup
//! runs when the choicepoint goes: failed into (the goal has no more answers), cut away, or
//! passed by an error on its way to an outer catch. Those three happen inside the run loop,
//! so the cleanup runs there as a nested query ([`Machine::solve_once`]), its failure and
//! errors ignored, as SWI-Prolog ignores them.
//!
//! `Machine::cleanups` lists the armed choicepoints so that a cut, the commonest of the three,
//! costs one compare when none lies in its way. A cleanup that itself cuts away cleanups nests
//! queries; past [`MAX_NESTING`] levels a cleanup is not run but reported, so no program can
//! overflow the Rust stack that way.

use super::choice::ChoiceKind;
use super::solve::Answer;
use super::Machine;
use ply_term::{atom, Cell};

/// How deeply cleanups run from cuts and failures may nest.
const MAX_NESTING: usize = 20_000;

impl Machine {
    /// Push an armed cleanup choicepoint for `goal`; returns its index, by which the library
    /// later disarms it.
    pub fn push_cleanup(&mut self, goal: Cell) -> usize {
        self.push_choice(ChoiceKind::Cleanup, 0);
        let i = self.stacks.choices.len() - 1;
        // The goal is the choicepoint's saved argument: a root for the collectors, and kept
        // without touching the argument registers of the clause that called the native.
        self.stacks.saved_args.push(goal);
        self.stacks.choices[i].nargs = 1;
        self.stacks.cleanups.push(i);
        i
    }

    /// Whether cleanup choicepoint `i` is still armed and the goal under it has left nothing
    /// to retry: every choicepoint above it is one that backtracking only passes (an exited
    /// catch, a disabled choicepoint). If so it is disarmed and removed with those above it,
    /// and the caller runs the cleanup.
    pub fn cleanup_settled(&mut self, i: usize) -> bool {
        if !self.armed(i) {
            return false;
        }
        let passive = self.stacks.choices[i + 1..].iter().all(|c| {
            matches!(
                c.kind,
                ChoiceKind::Catch { active: false } | ChoiceKind::Disabled
            )
        });
        if passive {
            self.disarm(i);
        }
        passive
    }

    /// Disarm cleanup choicepoint `i` and remove it with everything above it, when it is still
    /// armed (the goal raised an error that the library caught); whether it was.
    pub fn cleanup_disarm(&mut self, i: usize) -> bool {
        let armed = self.armed(i);
        if armed {
            self.disarm(i);
        }
        armed
    }

    /// Whether choicepoint `i` is an armed cleanup.
    fn armed(&self, i: usize) -> bool {
        self.stacks.cleanups.contains(&i)
            && matches!(
                self.stacks.choices.get(i).map(|c| &c.kind),
                Some(ChoiceKind::Cleanup)
            )
    }

    /// Remove armed cleanup `i` and the choicepoints above it without running it.
    fn disarm(&mut self, i: usize) {
        self.stacks.cleanups.retain(|&j| j < i);
        let args = self.stacks.choices[i].args;
        self.stacks.choices.truncate(i);
        self.stacks.saved_args.truncate(args);
    }

    /// Cut the choicepoint stack back to `height`, running the cleanups of the armed
    /// choicepoints that go, newest first.
    #[cold]
    #[inline(never)]
    pub(super) fn cut_cleanups(&mut self, height: usize) {
        let mut goals = Vec::new();
        while let Some(&i) = self.stacks.cleanups.last() {
            if i < height {
                break;
            }
            self.stacks.cleanups.pop();
            if let Some(c) = self.stacks.choices.get(i) {
                if matches!(c.kind, ChoiceKind::Cleanup) {
                    goals.push(self.stacks.saved_args[c.args]);
                }
            }
        }
        if height < self.stacks.choices.len() {
            let args = self.stacks.choices[height].args;
            self.stacks.choices.truncate(height);
            self.stacks.saved_args.truncate(args);
        }
        if !goals.is_empty() {
            self.run_cleanups(&goals);
        }
    }

    /// Run cleanup goals as one nested query, `'$run_cleanups'(Goals)`: the list is the
    /// query's argument, so a collection during it finds the goals.
    fn run_cleanups(&mut self, goals: &[Cell]) {
        let list = self.stacks.heap.list_from(goals, Cell::atom(atom::NIL));
        let depth = self.stacks.saved_states.len();
        if depth > MAX_NESTING {
            let text = self.format_term(list, true, 8);
            let msg = format!(
                "Warning: cleanup handlers nested over {MAX_NESTING} deep, not run: {text}\n"
            );
            self.services.out.message(&msg);
            return;
        }
        let name = self.atoms.intern("$run_cleanups");
        let goal = self.stacks.heap.compound(name, &[list]);
        // Failure and errors of a cleanup are ignored, as SWI-Prolog ignores them.
        let _: Answer = self.solve_once(goal);
    }
}
