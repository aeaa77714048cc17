//! The interactive loop: read a query (line editor on a terminal, plain lines otherwise), run
//! it, print each answer and ask with one key whether to go on, as SWI-Prolog's toplevel does.
//!
//! Output goes through the machine's output streams so it interleaves correctly with what the
//! program prints. This module must never print an answer without the `answers.rs` rules.

use super::answers::answer_text;
use super::editor::{new_editor, remember, PlyEditor};
use super::keys::{self, AnswerAction};
use super::session::note_loaded_files;
use super::{debugger, interrupt};
use crate::machine::output::Stream;
use crate::machine::run::Outcome;
use crate::machine::Machine;
use crate::term::{Cell, Tag};
use std::io::BufRead;

/// Depth limit of answers in `p` (print) mode, as SWI-Prolog's default `max_depth(10)`.
const PRINT_DEPTH: usize = 10;

/// Where queries come from.
enum Input {
    Editor(Box<PlyEditor>),
    Lines,
}

impl Input {
    /// The next chunk of input: for the editor one complete entry, otherwise one line.
    /// `None` at the end of the input.
    fn next(&mut self, m: &mut Machine, prompt: &str) -> Option<String> {
        match self {
            Input::Editor(ed) => {
                if let Some(h) = ed.helper_mut() {
                    h.preds = predicate_names(m);
                }
                loop {
                    match ed.readline(prompt) {
                        Ok(l) => return Some(l + "\n"),
                        Err(rustyline::error::ReadlineError::Interrupted) => continue,
                        Err(_) => return None,
                    }
                }
            }
            Input::Lines => {
                let mut l = String::new();
                match std::io::stdin().lock().read_line(&mut l) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(l),
                }
            }
        }
    }
}

/// Predicate names for completion: every visible predicate, with `(` when all its arities
/// take arguments.
fn predicate_names(m: &Machine) -> Vec<super::completion::PredName> {
    let mut by_name: std::collections::BTreeMap<String, bool> = Default::default();
    for p in m.preds() {
        let name = m.atoms().name(p.name);
        if name.starts_with('$') || !p.defined {
            continue;
        }
        let e = by_name.entry(name.to_string()).or_insert(true);
        *e = *e && p.arity > 0;
    }
    // A predicate known by two names completes under both.
    for (alias, pid) in m.pred_aliases() {
        let p = m.pred(pid);
        if p.defined {
            let e = by_name
                .entry(m.atoms().name(alias).to_string())
                .or_insert(true);
            *e = *e && p.arity > 0;
        }
    }
    by_name
        .into_iter()
        .map(|(name, takes_args)| super::completion::PredName { name, takes_args })
        .collect()
}

/// Run the interactive toplevel until end of input or `halt`; returns the exit status.
pub fn repl(m: &mut Machine, quiet: bool) -> i32 {
    let tty = keys::interactive();
    note_loaded_files(m);
    if !quiet && tty {
        let banner = format!(
            "ply {} — type a query ending in `.`, or halt. to leave\n\n",
            env!("CARGO_PKG_VERSION")
        );
        m.output().write(Stream::User, &banner);
    }
    let mut input = match tty.then(new_editor).flatten() {
        Some(ed) => Input::Editor(Box::new(ed)),
        None => Input::Lines,
    };
    if tty {
        interrupt::install_handler(m);
    }
    let mut pending = String::new();
    loop {
        m.output().flush();
        let mode = debugger::tracing(m).unwrap_or("");
        let prompt = if pending.trim().is_empty() {
            format!("{}?- ", mode)
        } else {
            "|    ".to_string()
        };
        let chunk = match input.next(m, &prompt) {
            Some(c) => c,
            None => break,
        };
        pending.push_str(&chunk);
        // Run every complete term of the pending text.
        let mut pos = 0;
        loop {
            let src = pending.clone();
            match m.read_from(&src, pos) {
                Ok(Some((r, end))) => {
                    pos = end;
                    if let Some(code) = run_query(m, r.term, &r.vars, &mut input) {
                        m.output().flush();
                        return code;
                    }
                }
                Ok(None) => {
                    pos = src.len();
                    break;
                }
                Err(e) => {
                    if e.resume >= src.len() && !super::line_scan::is_complete(&src[pos..]) {
                        // The term is not finished yet: wait for more lines.
                        break;
                    }
                    // The same box as a file's syntax error gets, over the text typed so far.
                    let source = crate::diag::SourceText::new("user", &src);
                    m.report_syntax_error(&e, &source);
                    pos = e.resume.max(pos + 1).min(src.len());
                    if pos >= src.len() {
                        break;
                    }
                }
            }
        }
        if let Input::Editor(ed) = &mut input {
            // The queries read from this text, however many lines they took, are one entry.
            remember(ed, &pending[..pos.min(pending.len())]);
        }
        pending.drain(..pos.min(pending.len()));
        if pending.trim().is_empty() {
            pending.clear();
        }
    }
    // At the end of its input swipl ends the prompt's line and, unless quiet, says `halt`
    // on standard error; a script piped into the toplevel ends the same way.
    m.output().write(Stream::User, "\n");
    if !quiet {
        m.output().message("% halt\n");
    }
    m.halt_status().unwrap_or(0)
}

/// `:-` or `-->` when `goal` is a rule typed at the prompt (`H :- B` or `H --> B`) and the
/// program defines no predicate of that name to run instead.
fn typed_rule(m: &mut Machine, goal: Cell) -> Option<&'static str> {
    let g = m.heap().deref(goal);
    if g.tag() != Tag::Str {
        return None;
    }
    let f = m.heap().functor_of(g);
    let name = m.atoms().name(f.functor_name());
    let rule = match (name, f.functor_arity()) {
        (":-", 2) => ":-",
        ("-->", 2) => "-->",
        _ => return None,
    };
    let pid = m.pred_id(f.functor_name(), 2);
    (!m.pred(pid).defined).then_some(rule)
}

/// True when `goal` is `[user]` or `consult(user)`.
fn is_consult_user(m: &Machine, goal: Cell) -> bool {
    let g = m.heap().deref(goal);
    let user = m.atoms().lookup("user").map(Cell::atom);
    let arg = match g.tag() {
        Tag::List => {
            let tail = m.heap().deref(m.heap().cells[g.addr() + 1]);
            if tail != Cell::atom(crate::term::atom::NIL) {
                return false;
            }
            m.heap().cells[g.addr()]
        }
        Tag::Str
            if m.atoms().name(m.heap().functor_of(g).functor_name()) == "consult"
                && m.heap().functor_of(g).functor_arity() == 1 =>
        {
            m.heap().arg(g, 0)
        }
        _ => return false,
    };
    Some(m.heap().deref(arg)) == user
}

/// Read clauses typed at the terminal until end of input and add them, as `[user].` does.
fn consult_user(m: &mut Machine, input: &mut Input) {
    let mut text = String::new();
    loop {
        m.output().flush();
        let line = match input {
            Input::Editor(ed) => match ed.readline("|: ") {
                Ok(l) => l + "\n",
                Err(_) => break,
            },
            Input::Lines => {
                let mut l = String::new();
                match std::io::stdin().lock().read_line(&mut l) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => l,
                }
            }
        };
        if line.trim() == "end_of_file." {
            break;
        }
        text.push_str(&line);
    }
    m.consult_text(&text, "user", None);
}

/// Run one query and print its answers; returns an exit status when `halt` was called.
fn run_query(
    m: &mut Machine,
    goal: Cell,
    vars: &[(String, Cell)],
    input: &mut Input,
) -> Option<i32> {
    if is_consult_user(m, goal) {
        consult_user(m, input);
        m.output().write(Stream::User, "true.\n\n");
        return None;
    }
    if let Some(rule) = typed_rule(m, goal) {
        // A clause typed at the prompt is a query of `:-/2`, which no program defines; say
        // how clauses get in, as swipl does, rather than only that the procedure is unknown.
        let msg = format!(
            "ERROR: Unknown procedure: ({rule})/2\n\
             ERROR:   Clauses are loaded from a file (consult/1 or [File]), typed after [user]. \
             (end with Ctrl-D), or added by a query with assertz/1\n"
        );
        m.output().message(&msg);
        return None;
    }
    let tty = keys::interactive();
    interrupt::clear(m);
    let mut depth = PRINT_DEPTH;
    let mut all = false;
    let mut errored = false;
    let mut q = m.query(goal);
    loop {
        let outcome = q.next_answer();
        let more = q.has_more();
        let m = q.machine();
        match outcome {
            Outcome::Success => {
                m.output().fresh_line(Stream::User);
                let text = answer_text(m, vars, depth).unwrap_or_else(|| "true".to_string());
                if !more {
                    m.output().write(Stream::User, &format!("{}.\n", text));
                    break;
                }
                if all {
                    m.output().write(Stream::User, &format!("{} ;\n", text));
                    continue;
                }
                m.output().write(Stream::User, &format!("{} ", text));
                match ask_more(m, tty, vars, &mut depth) {
                    AnswerAction::Next => {
                        m.output().write(Stream::User, ";\n");
                    }
                    AnswerAction::All => {
                        m.output().write(Stream::User, ";\n");
                        all = true;
                    }
                    _ => {
                        m.output().write(Stream::User, ".\n");
                        break;
                    }
                }
            }
            Outcome::Failure => {
                if m.halt_status().is_some() {
                    break;
                }
                m.output().fresh_line(Stream::User);
                m.output().write(Stream::User, "false.\n");
                break;
            }
            Outcome::Error(e) => {
                if m.halt_status().is_some() {
                    break;
                }
                let t = e.to_heap(m.heap_mut());
                let d = m.heap().deref(t);
                if d.tag() == Tag::Atom && m.atoms().name(d.atom_index()) == "$aborted" {
                    m.output().message("% Execution Aborted\n");
                } else {
                    let report = q.report(&e, vars);
                    q.machine().output().message(&report);
                }
                errored = true;
                break;
            }
        }
    }
    q.close();
    note_loaded_files(m);
    if let Some(c) = m.halt_status() {
        return Some(c);
    }
    // An answer is followed by an empty line; an error report is not, as in swipl.
    if !errored {
        m.output().write(Stream::User, "\n");
    }
    None
}

/// Ask what to do after an answer with more to come; `w`, `p` and `h` are handled here (the
/// answer is shown again), the rest is returned.
fn ask_more(
    m: &mut Machine,
    tty: bool,
    vars: &[(String, Cell)],
    depth: &mut usize,
) -> AnswerAction {
    loop {
        m.output().flush();
        let action = keys::answer_action(keys::read_key());
        let again = match action {
            AnswerAction::Write => {
                *depth = 0;
                "[write]\n"
            }
            AnswerAction::Print => {
                *depth = PRINT_DEPTH;
                "[print]\n"
            }
            AnswerAction::Help => {
                m.output().write(Stream::User, "\n");
                m.output().write(Stream::User, keys::ANSWER_HELP);
                ""
            }
            AnswerAction::Unknown(c) => {
                let msg = format!("\nUnknown action: {} (h for help)\n", c.escape_default());
                m.output().write(Stream::User, &msg);
                ""
            }
            other => return other,
        };
        if !tty && matches!(action, AnswerAction::Unknown(_)) {
            return AnswerAction::Stop;
        }
        m.output().write(Stream::User, again);
        let text = answer_text(m, vars, *depth).unwrap_or_else(|| "true".to_string());
        m.output().write(Stream::User, &format!("{} ", text));
    }
}
