//! The query handle: how a front-end (the toplevel, `-g`, a match player) runs a goal on a
//! machine and reads its answers without touching the machine's run state.
//!
//! [`Query::new`] (or [`Machine::query`]) starts the goal as a nested query of `solve.rs`;
//! [`Query::next_answer`] runs it to its first answer and backtracks into it for each later one;
//! [`Query::has_more`] says whether an alternative is left that may give another answer; and
//! [`Query::machine`] lends the machine between answers, to read the bindings, write output or
//! ask the user. [`Query::report`] turns an uncaught error into the report the toplevel prints.
//!
//! **What the handle guarantees:** closing it ([`Query::close`], or dropping it, however the
//! front-end leaves its loop) cuts away the alternatives the goal left, keeps the bindings of
//! the last answer, and restores the run state the machine had before the query: program
//! counter, continuation, environment, cut barrier and registers, and the choicepoints of any
//! outer query. Because the handle borrows the machine, queries opened through
//! [`Query::machine`] are closed before their outer one, so nested queries end in order.

use super::run::Outcome;
use super::Machine;
use ply_term::{Cell, Heap, StoredTerm, Tag};

/// A goal running on a machine, from its start to its close (see the module documentation).
pub struct Query<'m> {
    m: &'m mut Machine,
    /// How many queries were open when this one started: its own saved state is the next.
    level: usize,
    /// Whether the goal has been run to a first answer yet.
    started: bool,
    /// Whether no answer can follow: the last one failed or raised.
    finished: bool,
}

impl Machine {
    /// Start `goal` as a query; see [`Query`].
    pub fn query(&mut self, goal: Cell) -> Query<'_> {
        Query::new(self, goal)
    }
}

impl<'m> Query<'m> {
    /// Start `goal` on `m`. Nothing runs until the first [`Query::next_answer`].
    pub fn new(m: &'m mut Machine, goal: Cell) -> Query<'m> {
        let level = m.stacks.saved_states.len();
        if level == 0 {
            // A limit a goal left active when it was abandoned (an abort) limits no other.
            m.set_inference_limit(super::inference_limit::INFER_OFF);
        }
        m.start_query(goal);
        Query {
            m,
            level,
            started: false,
            finished: false,
        }
    }

    /// The next answer: the first one on the first call, then the one backtracking gives.
    /// After a failure or an error there is none, and the answer is [`Outcome::Failure`].
    pub fn next_answer(&mut self) -> Outcome {
        if self.finished {
            return Outcome::Failure;
        }
        let first = !std::mem::replace(&mut self.started, true);
        let o = self.m.next_answer(first);
        self.finished = !matches!(o, Outcome::Success);
        o
    }

    /// Whether the goal left an alternative that may give another answer. After an answer
    /// with none left, the toplevel prints a full stop instead of asking for more.
    pub fn has_more(&self) -> bool {
        if self.finished {
            return false;
        }
        let barrier = self.m.stacks.saved_states[self.level].barrier_index();
        self.m.stacks.choices.len() > barrier + 1
    }

    /// The machine between answers: its heap holds the bindings of the last answer.
    pub fn machine(&mut self) -> &mut Machine {
        self.m
    }

    /// The report of the uncaught error `ball` of this query, as the toplevel prints it
    /// ([`Machine::take_error_report`]): the goal that raised it is written with the names
    /// `vars` gives the query's variables that are still unbound (`X`, not `_123`).
    pub fn report(&mut self, ball: &StoredTerm, vars: &[(String, Cell)]) -> String {
        if let Some(site) = self.m.stacks.last_error_site.as_mut() {
            site.goal = name_variables(&self.m.stacks.heap, &site.goal, vars);
        }
        self.m.take_error_report(ball)
    }

    /// Close the query: cut away what is left of it, keep the bindings of its last answer and
    /// restore the machine's run state from before the query. Dropping the handle does the same.
    pub fn close(self) {}
}

impl Drop for Query<'_> {
    fn drop(&mut self) {
        // The borrow of the machine makes a nested handle end first; a query started on the
        // machine without a handle and left open would be closed here in this one's place.
        debug_assert!(
            std::thread::panicking() || self.m.stacks.saved_states.len() == self.level + 1,
            "a query nested in this one was left open"
        );
        self.m.close_query();
    }
}

/// `text` (a goal written when an error was raised) with each of the query's unbound variables,
/// which the writer names `_` and its address as SWI-Prolog does, called by the name the query
/// gave it.
pub fn name_variables(heap: &Heap, text: &str, vars: &[(String, Cell)]) -> String {
    let mut names = std::collections::HashMap::new();
    for (name, cell) in vars {
        let c = heap.deref(*cell);
        if c.tag() == Tag::Ref {
            names
                .entry(format!("_{}", c.addr()))
                .or_insert(name.as_str());
        }
    }
    if names.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('_') {
        // Only a whole token: `_` not preceded by a name character, followed by digits only.
        let before_ok = !out
            .chars()
            .chain(rest[..at].chars())
            .last()
            .is_some_and(|ch| ch.is_alphanumeric() || ch == '_');
        let digits = rest[at + 1..]
            .bytes()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let token = &rest[at..at + 1 + digits];
        let after = rest[at + 1 + digits..].chars().next();
        let after_ok = !after.is_some_and(|ch| ch.is_alphanumeric() || ch == '_');
        out.push_str(&rest[..at]);
        match names.get(token) {
            Some(name) if before_ok && after_ok && digits > 0 => out.push_str(name),
            _ => out.push_str(token),
        }
        rest = &rest[at + 1 + digits..];
    }
    out.push_str(rest);
    out
}
