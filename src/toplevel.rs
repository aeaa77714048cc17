//! Running ply from the command line: loading files, running `-g` goals and the `-t` goal, and
//! a basic interactive toplevel (rustyline when standard input is a terminal, lines otherwise).
//!
//! Exit statuses follow swipl: 0, 1 when a `-g` goal fails, 2 when it raises, N for `halt(N)`.
//! This module prints answers and errors; it must never reach into the machine's internals beyond
//! the query API.

use crate::machine::output::Stream;
use crate::machine::run::Outcome;
use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{Cell, StoredTerm, Tag};
use std::io::IsTerminal;

/// What the command line asked for.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Files to consult, in order.
    pub files: Vec<String>,
    /// Goals to run after loading.
    pub goals: Vec<String>,
    /// The goal that replaces the interactive toplevel.
    pub toplevel: Option<String>,
    /// Suppress the banner.
    pub quiet: bool,
}

/// Run ply as the command line asked; returns the exit status.
pub fn run(opts: &Options) -> i32 {
    let mut m = Machine::new();
    for f in &opts.files {
        match m.resolve_file(f) {
            Some(p) => {
                m.consult_file(&p);
            }
            None => {
                let msg = format!("Warning: source_sink `{}' does not exist\n", f);
                m.out.write(Stream::Err, &msg);
            }
        }
        if let Some(code) = m.ext.halt {
            m.out.flush();
            return code;
        }
    }
    if let Some(main) = m.ext.main_goal.take() {
        let g = main.to_heap(&mut m.heap);
        let code = match run_goal(&mut m, g) {
            GoalResult::True => 0,
            GoalResult::False => 1,
            GoalResult::Error => 2,
            GoalResult::Halt(c) => c,
        };
        m.out.flush();
        return m.ext.halt.unwrap_or(code);
    }
    for g in &opts.goals {
        match parse_and_run(&mut m, g) {
            GoalResult::True => {}
            GoalResult::False => {
                let msg = format!("Warning: goal (-g) failed: user:{}\n", g);
                m.out.write(Stream::Err, &msg);
                m.out.flush();
                return 1;
            }
            GoalResult::Error => {
                m.out.flush();
                return 2;
            }
            GoalResult::Halt(c) => {
                m.out.flush();
                return c;
            }
        }
    }
    let code = match &opts.toplevel {
        Some(t) => match parse_and_run(&mut m, t) {
            GoalResult::True => 0,
            GoalResult::False => 1,
            GoalResult::Error => 2,
            GoalResult::Halt(c) => c,
        },
        None => repl(&mut m, opts.quiet),
    };
    m.out.flush();
    code
}

/// How running one goal ended.
pub enum GoalResult {
    /// It succeeded.
    True,
    /// It failed.
    False,
    /// It raised an error, already reported.
    Error,
    /// halt/0,1 was called.
    Halt(i32),
}

fn parse_and_run(m: &mut Machine, text: &str) -> GoalResult {
    let src = format!("{} .", text);
    match m.read_from(&src, 0) {
        Ok(Some((r, _))) => run_goal(m, r.term),
        Ok(None) => GoalResult::True,
        Err(e) => {
            let msg = format!("Syntax error in goal `{}`: {}\n", text, e.message);
            m.out.write(Stream::Err, &msg);
            GoalResult::Error
        }
    }
}

fn run_goal(m: &mut Machine, goal: Cell) -> GoalResult {
    match m.solve_once(goal) {
        Answer::True => GoalResult::True,
        Answer::False => match m.ext.halt {
            Some(c) => GoalResult::Halt(c),
            None => GoalResult::False,
        },
        Answer::Error(e) => match m.ext.halt {
            Some(c) => GoalResult::Halt(c),
            None => {
                report_uncaught(m, &e, Some(goal));
                GoalResult::Error
            }
        },
    }
}

/// Print an uncaught error: the error in words, the goal that raised it and the call chain.
pub fn report_uncaught(m: &mut Machine, e: &StoredTerm, _goal: Option<Cell>) {
    let t = e.to_heap(&mut m.heap);
    let words = m.describe_error_cell(t);
    let mut text = format!("ERROR: {}\n", words);
    if let Some(site) = m.last_error_site.take() {
        text.push_str(&format!("ERROR:   In goal: {}\n", site.goal));
        if !site.chain.is_empty() {
            text.push_str(&format!(
                "ERROR:   Called from: {}\n",
                site.chain.join(" <- ")
            ));
        }
    }
    m.out.write(Stream::Err, &text);
}

fn repl(m: &mut Machine, quiet: bool) -> i32 {
    let tty = std::io::stdin().is_terminal();
    if !quiet && tty {
        let banner = format!(
            "ply {} — type a query ending in `.`, or halt. to leave\n",
            env!("CARGO_PKG_VERSION")
        );
        m.out.write(Stream::Out, &banner);
    }
    let mut editor = if tty {
        rustyline::DefaultEditor::new().ok()
    } else {
        None
    };
    let mut pending = String::new();
    loop {
        m.out.flush();
        let prompt = if pending.is_empty() { "?- " } else { "|    " };
        let line = match &mut editor {
            Some(ed) => match ed.readline(prompt) {
                Ok(l) => {
                    let _ = ed.add_history_entry(l.as_str());
                    l
                }
                Err(_) => break,
            },
            None => {
                let mut l = String::new();
                match std::io::stdin().read_line(&mut l) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => l,
                }
            }
        };
        pending.push_str(&line);
        pending.push('\n');
        let src = pending.clone();
        match m.read_from(&src, 0) {
            Ok(Some((r, _))) => {
                pending.clear();
                if let Some(c) = answer_query(m, r.term, &r.vars, editor.is_some()) {
                    return c;
                }
            }
            Ok(None) => pending.clear(),
            Err(e) => {
                if e.resume >= src.len() && !src.trim_end().ends_with('.') {
                    continue;
                }
                pending.clear();
                let msg = format!("Syntax error: {}\n", e.message);
                m.out.write(Stream::Err, &msg);
            }
        }
    }
    if tty {
        m.out.write(Stream::Out, "\n");
    }
    m.ext.halt.unwrap_or(0)
}

/// Run one toplevel query, printing its answers; returns an exit status if halt was called.
fn answer_query(m: &mut Machine, goal: Cell, vars: &[(String, Cell)], tty: bool) -> Option<i32> {
    m.start_query(goal);
    let mut first = true;
    loop {
        match m.next_answer(first) {
            Outcome::Success => {
                let text = bindings_text(m, vars);
                let more = m.choices.len()
                    > m.saved_states
                        .last()
                        .map(|s| s.barrier_index())
                        .unwrap_or(0)
                        + 1;
                if !more {
                    let t = format!("{}.\n", text);
                    m.out.write(Stream::Out, &t);
                    break;
                }
                let t = format!("{} ", text);
                m.out.write(Stream::Out, &t);
                m.out.flush();
                let key = read_key(tty);
                if key == ';' {
                    m.out.write(Stream::Out, ";\n");
                    first = false;
                    continue;
                }
                m.out.write(Stream::Out, ".\n");
                break;
            }
            Outcome::Failure => {
                if let Some(c) = m.ext.halt {
                    m.close_query();
                    return Some(c);
                }
                m.out.write(Stream::Out, "false.\n");
                break;
            }
            Outcome::Error(e) => {
                if let Some(c) = m.ext.halt {
                    m.close_query();
                    return Some(c);
                }
                report_uncaught(m, &e, None);
                break;
            }
        }
        #[allow(unreachable_code)]
        {
            first = false;
        }
    }
    m.close_query();
    m.out.write(Stream::Out, "\n");
    m.ext.halt
}

fn read_key(_tty: bool) -> char {
    let mut l = String::new();
    match std::io::stdin().read_line(&mut l) {
        Ok(0) | Err(_) => '.',
        Ok(_) => l.trim().chars().next().unwrap_or('.'),
    }
}

fn bindings_text(m: &mut Machine, vars: &[(String, Cell)]) -> String {
    let mut parts = Vec::new();
    for (name, v) in vars {
        if name.starts_with('_') {
            continue;
        }
        let d = m.heap.deref(*v);
        if d.tag() == Tag::Ref
            && d == m.heap.deref(*v)
            && vars
                .iter()
                .all(|(n2, v2)| n2 == name || m.heap.deref(*v2) != d)
        {
            continue;
        }
        let s = m.format_term(*v, true, 0);
        parts.push(format!("{} = {}", name, s));
    }
    if parts.is_empty() {
        "true".to_string()
    } else {
        parts.join(",\n")
    }
}
