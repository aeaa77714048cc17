//! Running one notebook cell: clauses are consulted as the cell's own unit, so running the
//! cell again replaces what it defined before (a reconsult of that cell); queries are answered
//! as the toplevel answers them, every answer (at most [`DEFAULT_ANSWERS`]) or the first N of
//! `?- N: Goal.`, and an uncaught error is reported with the cell's line and a caret under the
//! query that raised it.
//!
//! Answers and the program's output go to standard output, which the kernel forwards to the
//! notebook as it comes; error reports are marked as standard error ([`super::emit`]).

use super::cell::{self, QueryText};
use crate::machine::output::Stream;
use crate::machine::run::Outcome;
use crate::machine::Machine;
use crate::term::{Cell, Tag};
use crate::toplevel::answers::answer_text;

/// How many answers `?- Goal.` shows at most; `?- N: Goal.` asks for another number.
pub const DEFAULT_ANSWERS: usize = 100;

/// The depth to which answers are written, as the toplevel's print mode.
const PRINT_DEPTH: usize = 10;

/// How running a cell ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every query ran (false is an answer, not an error) and the clauses read.
    Ok,
    /// A query raised an error or the clauses had a syntax error: the name and text of it.
    Error(String, String),
    /// `halt/0,1` was called, with its status.
    Halt(i32),
}

/// Run the cell `text`, known as `unit` (the notebook's cell id, or a name made from it).
pub fn execute(m: &mut Machine, text: &str, unit: &str) -> Status {
    crate::toplevel::interrupt::clear(m);
    // A goal typed without its full stop is still a goal.
    let stopped = format!("{text}\n.");
    let mut kind = cell::classify(m, text, unit);
    let mut text = text;
    if !text.trim_end().ends_with('.') {
        if let c @ cell::Cell::Queries(_) = cell::classify(m, &stopped, unit) {
            (kind, text) = (c, &stopped);
        }
    }
    let status = match kind {
        cell::Cell::Clauses => consult(m, text, unit),
        cell::Cell::Queries(qs) => {
            let mut status = Status::Ok;
            for q in qs {
                let s = run_query(m, text, &q);
                if s != Status::Ok {
                    status = s;
                    if matches!(status, Status::Halt(_)) {
                        break;
                    }
                }
            }
            status
        }
    };
    set_input(m, "");
    m.output().flush();
    status
}

/// Consult a cell of clauses; a syntax error makes the cell an error cell (it is reported
/// while consulting, with the cell's line and a caret).
fn consult(m: &mut Machine, text: &str, unit: &str) -> Status {
    let mut pos = 0;
    let mut bad = None;
    while pos < text.len() {
        match m.read_from(text, pos) {
            Ok(Some((_, end))) => pos = end,
            Ok(None) => break,
            Err(e) => {
                bad = Some(e.message.clone());
                break;
            }
        }
    }
    set_input(m, "");
    m.reconsult_text(text, "cell", unit);
    if let Some(c) = m.halt_status() {
        return Status::Halt(c);
    }
    match bad {
        Some(msg) => Status::Error("SyntaxError".into(), msg),
        None => Status::Ok,
    }
}

/// Make `text` the whole of standard input for what runs next: a cell never reads the
/// kernel's own channel.
fn set_input(m: &mut Machine, text: &str) {
    let ext = m.native_states().get::<crate::builtins::Ext>();
    ext.stdin_buf = text.to_string();
    ext.stdin_eof = true;
}

/// The line (from 1) and column (from 0, in characters) of byte `pos` of `text`.
fn line_col(text: &str, pos: usize) -> (usize, usize) {
    let before = &text[..pos];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count();
    (line, col)
}

/// The cell's line holding byte `pos`, with a caret under it.
pub fn caret(text: &str, pos: usize) -> String {
    let (line, col) = line_col(text, pos);
    let src = text.lines().nth(line - 1).unwrap_or("");
    format!("  cell line {line}:\n  {src}\n  {}^\n", " ".repeat(col))
}

/// Run one query of a cell and print its answers.
fn run_query(m: &mut Machine, text: &str, q: &QueryText) -> Status {
    set_input(m, &q.input);
    let (limit, text) = answer_limit(text, q.start);
    let text = text.as_str();
    let (goal, vars) = match m.read_from(text, q.start) {
        Ok(Some((mut r, _))) => (r.term, std::mem::take(&mut r.vars)),
        Ok(None) => return Status::Ok,
        Err(e) => {
            let source = crate::diag::SourceText::new("cell", text);
            m.report_syntax_error(&e, &source);
            return Status::Error("SyntaxError".into(), e.message.clone());
        }
    };
    let goal = strip_prefix(m, goal, "?-");
    m.set_goal_names(vars.clone());
    let status = answers(m, goal, &vars, limit, text, q.start);
    m.set_goal_names(Vec::new());
    status
}

/// The argument of `goal` when it is `name(Arg)`, else `goal`.
fn strip_prefix(m: &Machine, goal: Cell, name: &str) -> Cell {
    let g = m.heap().deref(goal);
    if g.tag() == Tag::Str {
        let f = m.heap().functor_of(g);
        if f.functor_arity() == 1 && m.atoms().name(f.functor_name()) == name {
            return m.heap().arg(g, 0);
        }
    }
    goal
}

/// `?- N: Goal.` asks for the first N answers of Goal: the number of answers, and the text
/// with `N:` blanked out (so that places in it stay where they were), for the query at `start`.
fn answer_limit(text: &str, start: usize) -> (usize, String) {
    let after = start
        + if text[start..].starts_with("?-") {
            2
        } else {
            0
        };
    let from = after + (text[after..].len() - text[after..].trim_start().len());
    let digits = text[from..].bytes().take_while(u8::is_ascii_digit).count();
    let colon =
        from + digits + (text[from + digits..].len() - text[from + digits..].trim_start().len());
    let is_limit = digits > 0
        && text[colon..].starts_with(':')
        && !text[colon..].starts_with(":-")
        && !text[colon + 1..].starts_with(|c: char| "#$&*+./<=>?@^~\\".contains(c));
    match text[from..from + digits].parse::<usize>() {
        Ok(n) if is_limit => {
            let mut blanked = text.to_string();
            blanked.replace_range(from..=colon, &" ".repeat(colon + 1 - from));
            (n, blanked)
        }
        _ => (DEFAULT_ANSWERS, text.to_string()),
    }
}

/// Print the answers of `goal`, at most `limit` of them.
fn answers(
    m: &mut Machine,
    goal: Cell,
    vars: &[(String, Cell)],
    limit: usize,
    text: &str,
    start: usize,
) -> Status {
    let mut shown = 0;
    let mut q = m.query(goal);
    let status = loop {
        if shown == limit {
            let note = if limit == DEFAULT_ANSWERS {
                format!("% stopped after {limit} answers (`?- N: Goal.` shows the first N)\n")
            } else {
                String::new()
            };
            q.machine().output().write(Stream::User, &note);
            break Status::Ok;
        }
        let outcome = q.next_answer();
        let more = q.has_more();
        let m = q.machine();
        match outcome {
            Outcome::Success => {
                shown += 1;
                let answer = answer_text(m, vars, PRINT_DEPTH).unwrap_or_else(|| "true".into());
                let end = if more && shown < limit { " ;" } else { "." };
                m.output().write(Stream::User, &format!("{answer}{end}\n"));
                if !more {
                    break Status::Ok;
                }
            }
            Outcome::Failure => {
                if let Some(c) = m.halt_status() {
                    break Status::Halt(c);
                }
                m.output().write(Stream::User, "false.\n");
                break Status::Ok;
            }
            Outcome::Error(e) => {
                if let Some(c) = m.halt_status() {
                    break Status::Halt(c);
                }
                let t = e.to_heap(m.heap_mut());
                let d = m.heap().deref(t);
                if d.tag() == Tag::Atom && m.atoms().name(d.atom_index()) == "$aborted" {
                    super::emit(m, "stderr", "% Execution Aborted\n");
                    break Status::Error("Interrupted".into(), "Execution Aborted".into());
                }
                let mut report = q.report(&e, vars);
                report.push_str(&caret(text, start));
                let m = q.machine();
                super::emit(m, "stderr", &report);
                let first = report.lines().next().unwrap_or("error").to_string();
                break Status::Error("PrologError".into(), first);
            }
        }
    };
    q.close();
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caret_stands_under_the_query_on_its_line() {
        let text = "?- a.\n  ?- b(X).\n";
        let at = text.find("?- b").unwrap();
        assert_eq!(caret(text, at), "  cell line 2:\n    ?- b(X).\n    ^\n");
    }

    #[test]
    fn a_number_and_a_colon_before_the_goal_limit_its_answers() {
        let (n, t) = answer_limit("?- 2: member(X, [a,b,c]), X \\== a.", 0);
        assert_eq!((n, t.as_str()), (2, "?-    member(X, [a,b,c]), X \\== a."));
        let (n, t) = answer_limit("x.\n?- lists:append(X, Y, [1]).", 3);
        assert_eq!(
            (n, t.as_str()),
            (DEFAULT_ANSWERS, "x.\n?- lists:append(X, Y, [1]).")
        );
        assert_eq!(answer_limit("?- 3 :- a.", 0).0, DEFAULT_ANSWERS);
    }
}
