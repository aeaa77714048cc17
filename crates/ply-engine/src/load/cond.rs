//! Conditional compilation: the directives `:- if(G)`, `:- elif(G)`, `:- else` and `:- endif`,
//! as SWI-Prolog reads them.
//!
//! They are looked at before a term is offered to the expansion hooks, as SWI-Prolog's
//! `expand_term/2` does first, so a term in a branch that is left out is read (its syntax
//! errors are still reported) but never expanded, run or added. Each file keeps its own stack
//! of open branches: a file that ends with a branch open is reported, as swipl does, at the
//! line of its end, naming the line of the directive that opened the last branch. A condition
//! runs once in the module being loaded; an error in it is reported as a directive's and counts
//! as false, and a condition met inside a branch left out is not run at all.

use super::super::solve::Answer;
use super::super::Machine;
use ply_term::{atom, Cell, Tag};

/// Where the reading of one `:- if` ... `:- endif` stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CondState {
    /// In the branch whose condition held: terms are loaded.
    Taking,
    /// No condition has held yet: terms are left out until one does or `:- else` comes.
    Seeking,
    /// A branch was taken: the rest up to `:- endif` is left out.
    Done,
    /// The whole `:- if` lies in a branch left out: everything up to its `:- endif` is.
    Nested,
}

/// One open `:- if`: where it stands and the line of the directive that put it there.
#[derive(Clone, Copy, Debug)]
pub struct CondFrame {
    /// Where the reading stands.
    pub state: CondState,
    /// The line of the `if`, `elif` or `else` that set `state`.
    pub line: usize,
}

/// The conditional-compilation directives.
enum CondDirective {
    If(Cell),
    Elif(Cell),
    Else,
    Endif,
}

impl Machine {
    /// Whether the term `term`, read at `line` of `file_name`, is consumed by conditional
    /// compilation: one of its directives, or a term in a branch that is left out.
    pub(super) fn cond_consumes(&mut self, term: Cell, file_name: &str, line: usize) -> bool {
        let skipping = self
            .services
            .loading
            .cond
            .last()
            .is_some_and(|f| f.state != CondState::Taking);
        let Some(d) = self.cond_directive(term) else {
            return skipping;
        };
        let stack = &mut self.services.loading.cond;
        match d {
            CondDirective::If(goal) => {
                let state = if skipping {
                    CondState::Nested
                } else if self.cond_holds(goal, file_name, line) {
                    CondState::Taking
                } else {
                    CondState::Seeking
                };
                self.services.loading.cond.push(CondFrame { state, line });
            }
            CondDirective::Elif(goal) => match stack.last().map(|f| f.state) {
                None => self.cond_unmatched(":- elif", file_name, line),
                Some(CondState::Taking) => Self::cond_set(stack, CondState::Done, line),
                Some(CondState::Seeking) => {
                    if self.cond_holds(goal, file_name, line) {
                        let stack = &mut self.services.loading.cond;
                        Self::cond_set(stack, CondState::Taking, line);
                    }
                }
                Some(CondState::Done | CondState::Nested) => {}
            },
            CondDirective::Else => match stack.last().map(|f| f.state) {
                None => self.cond_unmatched(":- else", file_name, line),
                Some(CondState::Taking) => Self::cond_set(stack, CondState::Done, line),
                Some(CondState::Seeking) => Self::cond_set(stack, CondState::Taking, line),
                Some(CondState::Done | CondState::Nested) => {}
            },
            CondDirective::Endif => {
                if stack.pop().is_none() {
                    self.cond_unmatched(":- endif", file_name, line);
                }
            }
        }
        true
    }

    /// Report a file that ended, at line `end_line`, with a branch still open; `outer` is the
    /// including load's stack, which is put back.
    pub(super) fn cond_end_file(
        &mut self,
        outer: Vec<CondFrame>,
        file_name: &str,
        end_line: usize,
    ) {
        let open = std::mem::replace(&mut self.services.loading.cond, outer);
        if let Some(f) = open.last() {
            let from = self.message_place(file_name, Some(f.line));
            let at = self.message_place(file_name, Some(end_line));
            let text = format!(
                "ERROR: {at}:\nERROR:    Unterminated conditional compilation from {from}\n"
            );
            self.cond_message(&text);
        }
    }

    /// Move the innermost open branch to `state`, set at `line`.
    fn cond_set(stack: &mut [CondFrame], state: CondState, line: usize) {
        if let Some(f) = stack.last_mut() {
            *f = CondFrame { state, line };
        }
    }

    /// Report `what` (`:- else`) met with no `:- if` open, as SWI-Prolog words it.
    fn cond_unmatched(&mut self, what: &str, file_name: &str, line: usize) {
        let at = self.message_place(file_name, Some(line));
        let text = format!("ERROR: {at}:\nERROR:    {what} without :- if\n");
        self.cond_message(&text);
    }

    /// Print a load message of conditional compilation.
    fn cond_message(&mut self, text: &str) {
        self.services.loading.load_messages += 1;
        self.services.out.message(text);
    }

    /// Whether the condition `goal` holds, run once in the module being loaded; an error is
    /// reported as a directive's and counts as false.
    fn cond_holds(&mut self, goal: Cell, file_name: &str, line: usize) -> bool {
        let goal = self.in_loading_module(goal);
        match self.solve_once(goal) {
            Answer::True => true,
            Answer::False => false,
            Answer::Error(e) => {
                self.report_load_error(&e, file_name, Some(line));
                false
            }
        }
    }

    /// The conditional-compilation directive `term` is, if it is one.
    fn cond_directive(&mut self, term: Cell) -> Option<CondDirective> {
        let t = self.stacks.heap.deref(term);
        if t.tag() != Tag::Str || self.stacks.heap.functor_of(t) != Cell::functor(atom::NECK, 1) {
            return None;
        }
        let d = self.stacks.heap.deref(self.stacks.heap.arg(t, 0));
        match d.tag() {
            Tag::Atom => match self.atoms.name(d.atom_index()) {
                "else" => Some(CondDirective::Else),
                "endif" => Some(CondDirective::Endif),
                _ => None,
            },
            Tag::Str if self.stacks.heap.functor_of(d).functor_arity() == 1 => {
                let name = self.stacks.heap.functor_of(d).functor_name();
                let goal = self.stacks.heap.arg(d, 0);
                match self.atoms.name(name) {
                    "if" => Some(CondDirective::If(goal)),
                    "elif" => Some(CondDirective::Elif(goal)),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}
