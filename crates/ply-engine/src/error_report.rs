//! The report of an uncaught error, as the toplevel, `-g`, a directive while loading and
//! `print_message(error, E)` show it: the error in SWI-Prolog's words, then the goal that
//! raised it, its place in the program with the source line and a caret (a miette box, as
//! load-time diagnostics have), and the chain of callers, each with where it waits.
//!
//! ```text
//! ERROR: Arithmetic: evaluable `foo/0' does not exist
//!   × In goal: X is 1+foo
//!    ╭─[calc.pl:1:15]
//!  1 │ t(X) :- p(Y), X is Y + foo.
//!    ·               ──────┬─────
//!    ·                     ╰── raised here
//!    ╰────
//! ERROR:   Called from:
//! ERROR:     t/1 at calc.pl:1:15
//! ERROR:     u/0 at calc.pl:3:6
//! ```
//!
//! The site is the one `error_site.rs` noted when a native raised the error; it belongs to the
//! report only when the error term is the one thrown then, so an error thrown another way
//! (by `throw/1`) is reported with its words alone.

use super::{ErrorSite, Machine};
use ply_diag::{Diag, SourceText};
use ply_term::{Cell, StoredTerm};

impl Machine {
    /// The site noted for the error `ball`, if the last error noted is that one.
    pub fn error_site_of(&self, ball: &StoredTerm) -> Option<&ErrorSite> {
        let site = self.stacks.last_error_site.as_ref()?;
        let noted = site.ball.as_ref()?;
        (noted.cells == ball.cells).then_some(site)
    }

    /// [`Machine::error_site_of`] for an error term on the heap.
    pub fn error_site_of_cell(&self, ball: Cell) -> Option<&ErrorSite> {
        let stored = StoredTerm::from_heap(&self.stacks.heap, ball);
        self.error_site_of(&stored)
    }

    /// The whole report of the uncaught error `ball`: its words on a line that opens with
    /// `ERROR: `, then the lines of its site when one was noted for it.
    pub fn error_report(&mut self, ball: &StoredTerm) -> String {
        let t = ball.to_heap(&mut self.stacks.heap);
        let words = self.describe_error_cell(t);
        let mut text = format!("ERROR: {words}\n");
        if let Some(lines) = self.unknown_procedure_lines(t, "ERROR: ") {
            text.push_str(&lines);
            let context = self.stacks.heap.arg(self.stacks.heap.deref(t), 1);
            if let Some(message) = self.context_message(context) {
                text.push_str(&format!("ERROR:  ({message})\n"));
            }
        }
        if let Some(site) = self.error_site_of(ball) {
            text.push_str(&site_report(site));
        }
        text
    }

    /// [`Machine::error_report`] for an error that ends a query of the toplevel or a `-g`
    /// goal: the site noted for it is forgotten once reported.
    pub fn take_error_report(&mut self, ball: &StoredTerm) -> String {
        let text = self.error_report(ball);
        self.stacks.last_error_site = None;
        text
    }
}

/// The lines that say where an error was raised: the goal with its place, then the callers.
pub fn site_report(site: &ErrorSite) -> String {
    let mut text = String::new();
    match &site.place {
        Some(place) => {
            let mut d = Diag::error(format!("In goal: {}", site.goal));
            let label = if place.exact {
                "raised here"
            } else {
                "raised in this clause"
            };
            d.labels = vec![(place.span, label.to_string())];
            let source = SourceText::new(&place.file.name, &place.file.text);
            let color = std::io::IsTerminal::is_terminal(&std::io::stderr());
            text.push_str(&ply_diag::render::render_in(&d, &source, color));
            if !text.ends_with('\n') {
                text.push('\n');
            }
        }
        // A library predicate's own error whose predicate left no frame names no goal.
        None if site.goal.is_empty() => {}
        None => text.push_str(&format!("ERROR:   In goal: {}\n", site.goal)),
    }
    if !site.chain.is_empty() {
        text.push_str("ERROR:   Called from:\n");
        for c in &site.chain {
            let mut line = format!("ERROR:     {}", c.pred);
            if let Some(p) = &c.place {
                line.push_str(&format!(" at {}", p.position()));
            }
            if c.levels > 1 {
                line.push_str(&format!(" ({} levels of recursion)", c.levels));
            }
            line.push('\n');
            text.push_str(&line);
        }
    }
    text
}
