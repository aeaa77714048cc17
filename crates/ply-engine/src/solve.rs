//! The nested-query API under the query handle (`query.rs`): start a goal, ask for answers one
//! by one, close it. Front-ends use the handle; the loader and natives that run a goal to its
//! first answer use [`Machine::solve_once`].
//!
//! Queries nest (a directive run while consulting a file that a running program asked to load):
//! each saves the outer run state and pushes a barrier choicepoint, so the outer computation is
//! untouched when the inner one ends, however it ends.

use super::choice::ChoiceKind;
use super::run::Outcome;
use super::{Machine, NO_ENV};
use ply_term::{Cell, StoredTerm};

/// The run state of an outer query, saved while an inner one runs.
#[derive(Clone, Debug)]
pub struct SavedState {
    pc: usize,
    cp: usize,
    e: usize,
    b0: usize,
    cur_pred: u32,
    x: Vec<Cell>,
    barrier: usize,
}

impl SavedState {
    /// The choicepoint height at which the query's barrier sits.
    pub fn barrier_index(&self) -> usize {
        self.barrier
    }

    /// The outer query's program counter, continuation and environment: where it goes on.
    pub fn code_registers(&self) -> (usize, usize, usize) {
        (self.pc, self.cp, self.e)
    }

    /// The outer query's registers, as they were when the inner one started.
    pub fn registers(&self) -> &[Cell] {
        &self.x
    }
}

/// The answer to a query run to its first solution.
#[derive(Debug)]
pub enum Answer {
    /// It succeeded (bindings are on the heap).
    True,
    /// It failed.
    False,
    /// It raised an uncaught exception.
    Error(StoredTerm),
}

impl Machine {
    /// Start query `goal`; answers are fetched with [`Machine::next_answer`].
    pub fn start_query(&mut self, goal: Cell) {
        let saved = SavedState {
            pc: self.stacks.pc,
            cp: self.stacks.cp,
            e: self.stacks.e,
            b0: self.stacks.b0,
            cur_pred: self.stacks.cur_pred,
            x: self.stacks.x.clone(),
            barrier: self.stacks.choices.len(),
        };
        self.stacks.saved_states.push(saved);
        if self.stacks.e == NO_ENV {
            // Nothing to protect.
        }
        self.push_choice(ChoiceKind::Barrier, 0);
        self.stacks.x[0] = goal;
        self.stacks.cp = self.program.succeed_pc;
        self.stacks.pc = self.program.call1_pc;
        self.stacks.pending = None;
    }

    /// The next answer of the innermost query (`first` for the first one).
    pub fn next_answer(&mut self, first: bool) -> Outcome {
        if !first {
            if let Some(o) = self.backtrack() {
                return o;
            }
        }
        let o = self.run();
        self.stacks.pending = None;
        o
    }

    /// Close the innermost query, keeping its bindings, and restore the outer state.
    pub fn close_query(&mut self) {
        if let Some(s) = self.stacks.saved_states.pop() {
            self.cut_to(s.barrier);
            self.stacks.pc = s.pc;
            self.stacks.cp = s.cp;
            self.stacks.e = s.e;
            self.stacks.b0 = s.b0;
            self.stacks.cur_pred = s.cur_pred;
            let n = s.x.len().min(self.stacks.x.len());
            self.stacks.x[..n].copy_from_slice(&s.x[..n]);
            if self.stacks.choices.is_empty() {
                // With no choicepoint left, no binding will ever be undone.
                self.stacks.trail.clear();
            }
        }
    }

    /// Run `goal` to its first answer and close the query (a [`super::query::Query`] asked
    /// once).
    pub fn solve_once(&mut self, goal: Cell) -> Answer {
        match self.query(goal).next_answer() {
            Outcome::Success => Answer::True,
            Outcome::Failure => Answer::False,
            Outcome::Error(e) => Answer::Error(e),
        }
    }

    /// [`Machine::solve_once`] of a top goal that SWI-Prolog runs under the system predicate
    /// `caller` (`("catch", 3)` for `-g` and directives): an unknown procedure called where no
    /// clause is the caller names it in its error's context (`caller_context.rs`).
    pub fn solve_once_under(&mut self, goal: Cell, caller: (&'static str, usize)) -> Answer {
        let outer = self.services.top_caller.replace(caller);
        let answer = self.solve_once(goal);
        self.services.top_caller = outer;
        answer
    }

    /// Whether the goal written in `goal` (text, without its full stop) succeeds: for unit
    /// tests that run Prolog on a machine they then look into. It is not test-only code
    /// because the system's tests, in the crate above, use it too.
    pub fn succeeds(&mut self, goal: &str) -> bool {
        let text = format!("{goal} .");
        let Ok(Some((read, _))) = self.read_from(&text, 0) else {
            panic!("cannot read {goal}");
        };
        matches!(self.solve_once(read.term), Answer::True)
    }
}
