//! The `occurs_check` flag: unification that refuses to bind a variable to a term containing
//! it (`true`: it fails; `error`: it raises `error(occurs_check(Var, Term), Context)`), as
//! SWI-Prolog 9 does.
//!
//! The check rides on the machinery of attributed variables (`attvar.rs`) so that the run
//! loop pays nothing while the flag is `false`: turning it on sets `AttVars::on`, the one flag
//! every binding already tests, and the slow binding notes each variable bound to a compound,
//! list or other value, and raises the wakeup bit. The check itself runs where a wakeup would,
//! before the next call, cut, opening of a control construct or end of a query: by then the
//! value is complete (compiled head code binds a variable to a compound before it writes the
//! compound's arguments), and nothing the program can observe has run since the binding.
//! A binding that made a cycle through its variable is refused: the woken goal is one that
//! fails, or throws the error. Checking the bindings of one unification after it rather than
//! one at a time gives the same answer: unification that allows cycles finds a unifier with no
//! cycle exactly when unification with the occurs check succeeds, and then the same one.
//!
//! The flag also keeps a bit of the attention flag raised (`ATTEND_OCCURS`), so that every call
//! goes through the dispatcher, which notes the predicate about to run (`AttVars::ctx`): an
//! error names the predicate whose head, or the builtin that, made the binding, as SWI-Prolog's
//! context does (`context(f/2, _)`, `context(system:(=)/2, _)`). Unifications compiled in line
//! are calls again while attention is raised (`IfUnattended`, `Inline`).

use super::hook::ATTEND_OCCURS;
use super::Machine;
use ply_term::cycles::{is_node, NodeGuard};
use ply_term::scratch::CellStack;
use ply_term::{atom, Cell, Tag};
use std::sync::atomic::Ordering;

/// The values of the `occurs_check` flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OccursCheck {
    /// No check: a unification may make a cyclic term (the default).
    False,
    /// A unification that would bind a variable to a term containing it fails.
    True,
    /// Such a unification raises `error(occurs_check(Var, Term), _)`.
    Error,
}

impl OccursCheck {
    /// The flag's value as Prolog names it.
    pub fn name(self) -> &'static str {
        match self {
            OccursCheck::False => "false",
            OccursCheck::True => "true",
            OccursCheck::Error => "error",
        }
    }

    /// The value named `name`, if it is one.
    pub fn from_name(name: &str) -> Option<OccursCheck> {
        match name {
            "false" => Some(OccursCheck::False),
            "true" => Some(OccursCheck::True),
            "error" => Some(OccursCheck::Error),
            _ => None,
        }
    }
}

impl Machine {
    /// Set the `occurs_check` flag.
    pub fn set_occurs_check(&mut self, mode: OccursCheck) {
        self.services.flags.occurs_check = mode;
        let on = mode != OccursCheck::False;
        let att = &mut self.stacks.attvars;
        att.occurs = on;
        att.on = att.made || on;
        if on {
            att.attention = Some(self.services.attention.clone());
            self.services
                .attention
                .fetch_or(ATTEND_OCCURS, Ordering::Relaxed);
        } else {
            att.occurs_pending.clear();
            self.services
                .attention
                .fetch_and(!ATTEND_OCCURS, Ordering::Relaxed);
        }
    }

    /// The `occurs_check` flag.
    pub fn occurs_check(&self) -> OccursCheck {
        self.services.flags.occurs_check
    }

    /// Check the bindings noted since the last check, forgetting them: `None` when none made
    /// a cycle through its variable, else the wakes that refuse the first that did (`fail`,
    /// or `'$occurs_error'(Ball)` with the binding undone so that the ball shows the variable
    /// unbound, as SWI-Prolog's does).
    pub(crate) fn occurs_refused(&mut self) -> Option<Cell> {
        if self.stacks.attvars.occurs_pending.is_empty() {
            return None;
        }
        let pending = std::mem::take(&mut self.stacks.attvars.occurs_pending);
        let cells = &self.stacks.heap.cells;
        // A binding undone by backtracking since, or a variable whose cell the heap no longer
        // holds, made no cycle.
        let (a, ctx) = pending.into_iter().find(|&(a, _)| {
            a < cells.len() && cells[a] != Cell::reference(a) && reaches(cells, a, cells[a])
        })?;
        if self.occurs_check() != OccursCheck::Error {
            return Some(Cell::atom(atom::FAIL));
        }
        let term = self.stacks.heap.cells[a];
        self.stacks.heap.cells[a] = Cell::reference(a);
        let formal_name = self.atoms.intern("occurs_check");
        let formal = self
            .stacks
            .heap
            .compound(formal_name, &[Cell::reference(a), term]);
        let pi = self.context_indicator(ctx);
        let msg = self.stacks.heap.new_var();
        let context = self.stacks.heap.compound(atom::CONTEXT, &[pi, msg]);
        let ball = self.stacks.heap.compound(atom::ERROR, &[formal, context]);
        let wrap = self.atoms.intern("$occurs_error");
        Some(self.stacks.heap.compound(wrap, &[ball]))
    }
}

/// Whether term `t`, the value of the variable cell at `a`, leads back to that cell: through a
/// reference to `a` anywhere in it, before or within a chain of references, or through an
/// argument held in cell `a` itself. The walk keeps a work stack and ends on terms that are
/// cyclic elsewhere.
fn reaches(cells: &[Cell], a: usize, t: Cell) -> bool {
    let mut guard = NodeGuard::over(cells);
    let mut stack = CellStack::lend();
    stack.push(t);
    while let Some(mut c) = stack.pop() {
        // Follow the references by hand: dereferencing would pass through `a` unseen.
        while c.tag() == Tag::Ref {
            if c.addr() == a {
                return true;
            }
            let next = cells[c.addr()];
            if next == c {
                break;
            }
            c = next;
        }
        if !is_node(c) || !guard.enter(c) {
            continue;
        }
        // The arguments' cells: the variable's own cell may be one of them (a variable
        // first met inside a compound lives in the compound's argument).
        let (first, n) = match c.tag() {
            Tag::Str => (c.addr() + 1, cells[c.addr()].functor_arity()),
            _ => (c.addr(), 2),
        };
        if (first..first + n).contains(&a) {
            return true;
        }
        for i in (first..first + n).rev() {
            stack.push(cells[i]);
        }
    }
    false
}
