//! The messages of loading that SWI-Prolog prints in its own words: a directive that raised
//! or failed, and the goals of `initialization/1`, run once their file is loaded.
//!
//! SWI-Prolog names the file by its absolute path and the line of the directive:
//! `ERROR: /abs/file.pl:3:` then the error, `Warning: ... Goal (directive) failed: user:G`
//! after a failure and after an error alike (9.0), and `Warning: /abs/file.pl:3:
//! Initialization goal failed` or `ERROR: ... Initialization goal raised exception:` for
//! `initialization/1`. ply prints the same lines, so that a program's messages read as they do
//! under SWI-Prolog; its own diagnostic boxes add to them.

use super::super::solve::Answer;
use super::super::Machine;
use ply_term::{atom, Cell};

impl Machine {
    /// `File:Line` of the term being loaded as SWI-Prolog names it: the loaded file's absolute
    /// path (its atom) when known, else `file_name`; no line when `line` is `None`.
    pub(super) fn message_place(&self, file_name: &str, line: Option<usize>) -> String {
        let file = match self.services.loading.term_place {
            Some((f, _)) => self.atoms.name(f).to_string(),
            None => file_name.to_string(),
        };
        match line {
            Some(l) => format!("{file}:{l}"),
            None => file,
        }
    }

    /// Run `goal`, registered by `initialization/1` at `line` of `file_name` (when known), and
    /// report its failure or error as SWI-Prolog does.
    pub(crate) fn run_init_goal(&mut self, goal: Cell, file_name: &str, line: Option<usize>) {
        let goal = self.in_loading_module(goal);
        let at = self.message_place(file_name, line);
        // The file is loaded: as in SWI-Prolog, source_location/2 names no term while the
        // goal runs.
        let place = self.services.loading.term_place.take();
        let answer = self.solve_once_under(goal, ("$run_init_goal", 1));
        self.services.loading.term_place = place;
        if self.services.halt.is_some() {
            return;
        }
        let text = match answer {
            Answer::True => return,
            Answer::False => format!("Warning: {at}: Initialization goal failed\n"),
            Answer::Error(e) => {
                let report = self.error_report(&e);
                self.stacks.last_error_site = None;
                format!("ERROR: {at}: Initialization goal raised exception:\n{report}")
            }
        };
        self.services.loading.load_messages += 1;
        self.services.out.message(&text);
    }

    /// Warn that directive `goal` (of `module`, 0 for `user`) read at `line` of `file_name`
    /// failed, in SWI-Prolog's words.
    pub(crate) fn directive_failed(
        &mut self,
        goal: Cell,
        module: u32,
        file_name: &str,
        line: Option<usize>,
    ) {
        let at = self.message_place(file_name, line);
        // Written as the term `user:Goal`, so that a conjunction is bracketed as SWI-Prolog
        // brackets it.
        let shown = if module == 0 {
            self.stacks
                .heap
                .compound(atom::COLON, &[Cell::atom(atom::USER), goal])
        } else {
            goal
        };
        let g = self.format_term(shown, true, 10);
        self.services.loading.load_messages += 1;
        let msg = format!("Warning: {at}:\nWarning:    Goal (directive) failed: {g}\n");
        self.services.out.message(&msg);
    }

    /// Report error `e`, raised while loading `file_name` at `line` (when known), as swipl
    /// reports an error in a directive.
    pub(crate) fn report_load_error(
        &mut self,
        e: &ply_term::StoredTerm,
        file_name: &str,
        line: Option<usize>,
    ) {
        let at = self.message_place(file_name, line);
        let report = self.error_report(e);
        self.stacks.last_error_site = None;
        self.services.loading.load_messages += 1;
        let body = report.strip_prefix("ERROR: ").unwrap_or(&report);
        let text = format!("ERROR: {at}:\nERROR:    {body}");
        self.services.out.message(&text);
    }
}
