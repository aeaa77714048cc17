//! Running ply from the command line: loading files, running `-g` goals and the `-t` goal, and
//! the interactive toplevel: a line editor on a terminal (`editor.rs`), plain lines otherwise;
//! answers printed as SWI-Prolog prints them (`answers.rs`) with one key to ask for more
//! (`keys.rs`); Ctrl-C (`interrupt.rs`), the tracer (`debugger.rs`) and commands such as
//! `make/0`, `listing/1` and `time/1` (`commands.rs`, `listing.rs`).
//!
//! Exit statuses follow swipl: 0, 1 when a `-g` goal fails, 2 when it raises, N for `halt(N)`.
//! This module prints answers and errors; it reads no field of the machine: goals run through the
//! query handle (`machine/query.rs`), and everything else it needs is a method of `Machine`.

pub mod answers;
pub mod commands;
pub mod completion;
pub mod debugger;
pub mod editor;
pub mod help;
pub mod highlight;
pub mod interrupt;
pub mod keys;
pub mod line_scan;
pub mod listing;
pub mod query;
pub mod residuals;
pub mod session;
pub mod undefined;

use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::Cell;

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
    /// The `stack_limit` flag in bytes, when the command line sets it.
    pub stack_limit: Option<usize>,
    /// `--traditional`: double quotes read as codes, as before SWI-Prolog 7.
    pub traditional: bool,
    /// The arguments after `--`: the `argv` flag.
    pub argv: Vec<String>,
    /// `--on-error=status`: a halt with status 0 after an error was printed ends with 1.
    pub status_on_error: bool,
    /// `--on-warning=status`: the same after a warning.
    pub status_on_warning: bool,
    /// The first script (`-s FILE`), as written, which `prolog_load_context(script, true)`
    /// names while it loads.
    pub script: Option<String>,
    /// `-p Alias=Path1:Path2...`: paths for `file_search_path/2`, in command-line order.
    pub search_paths: Vec<String>,
}

/// Run ply as the command line asked; returns the exit status.
///
/// The machine is not freed: the process is expected to exit right after, and handing its
/// memory back piece by piece would cost more than all of `ply -g halt`'s own work after
/// start-up. Open output files are flushed and closed first, the one effect of dropping it.
pub fn run(opts: &Options) -> i32 {
    let mut m = crate::system::toplevel_machine();
    crate::builtins::set_argv(&mut m, &opts.argv);
    let mut code = run_on(&mut m, opts);
    let (errors, warnings) = m.output().err_counts;
    if code == 0
        && ((opts.status_on_error && errors > 0) || (opts.status_on_warning && warnings > 0))
    {
        // swipl's words, under --on-error=status or --on-warning=status.
        let msg = format!(
            "Warning: Halting with status 1 due to {errors} errors and {warnings} warnings\n"
        );
        m.output().message(&msg);
        m.output().flush();
        code = 1;
    }
    m.output().close_all();
    std::mem::forget(m);
    code
}

/// Run ply as the command line asked on machine `m`; returns the exit status.
fn run_on(m: &mut Machine, opts: &Options) -> i32 {
    if let Some(bytes) = opts.stack_limit {
        if !m.set_stack_limit_bytes(bytes) {
            let msg = format!("ERROR: --stack-limit={bytes}: too small to start\n");
            m.output().message(&msg);
            m.output().flush();
            return 1;
        }
    }
    if opts.traditional {
        crate::builtins::set_traditional(m);
    }
    if opts.quiet {
        // -q leaves informational messages out, as swipl's verbose flag `silent` does.
        crate::builtins::set_verbose_silent(m);
    }
    for spec in &opts.search_paths {
        set_search_path(m, spec);
    }
    let mut script = opts.script.as_deref();
    for f in &opts.files {
        match m.resolve_file(f) {
            Some(p) => {
                if script == Some(f.as_str()) {
                    let abs = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
                    crate::builtins::set_script(m, &abs.to_string_lossy());
                    script = None;
                }
                m.consult_file(&p);
            }
            None => {
                // As in swipl, a file named on the command line that is not there ends start-up
                // with status 1: no goal and no toplevel runs on a program that is not all there.
                let msg = format!(
                    "ERROR: Prolog initialisation failed:\nERROR: source_sink `{}' does not exist\n",
                    f
                );
                m.output().message(&msg);
                m.output().flush();
                return 1;
            }
        }
        if let Some(code) = m.halt_status() {
            m.output().flush();
            return code;
        }
    }
    if let Some((main, header)) = m.take_main_goal() {
        let g = main.to_heap(m.heap_mut());
        let code = match run_goal(m, g, Some(Named::Main(&header))) {
            GoalResult::True => 0,
            GoalResult::False => {
                let msg = format!("ERROR: {header}: false\n");
                m.output().message(&msg);
                1
            }
            GoalResult::Error => 2,
            GoalResult::Halt(c) => c,
        };
        m.output().flush();
        return m.halt_status().unwrap_or(code);
    }
    for g in &opts.goals {
        match parse_and_run(m, g, true) {
            GoalResult::True => {}
            GoalResult::False => {
                // swipl 9 says so unless -q made it quiet.
                if !opts.quiet {
                    let msg = format!("ERROR: -g {}: false\n", g);
                    m.output().message(&msg);
                }
                m.output().flush();
                return 1;
            }
            GoalResult::Error => {
                m.output().flush();
                return 2;
            }
            GoalResult::Halt(c) => {
                m.output().flush();
                return c;
            }
        }
    }
    let code = match &opts.toplevel {
        // A -t goal that fails or raises ends with status 1, as swipl's toplevel goal does.
        Some(t) => match parse_and_run(m, t, false) {
            GoalResult::True => 0,
            GoalResult::False => 1,
            GoalResult::Error => 1,
            GoalResult::Halt(c) => c,
        },
        None => query::repl(m, opts.quiet),
    };
    m.output().flush();
    code
}

/// Add the paths of one `-p Alias=Path1:Path2` option to `file_search_path/2`, ahead of the
/// alias's other paths and in their order, as swipl does (`library/boot.pl`,
/// `'$set_search_path'/2`); without `=` the option is reported and left out.
fn set_search_path(m: &mut Machine, spec: &str) {
    use crate::reader::quote::quote_atom;
    let Some((alias, paths)) = spec.split_once('=') else {
        let msg = format!("ERROR: Bad argument to commandline option -p: {spec}\n");
        m.output().message(&msg);
        return;
    };
    let paths: Vec<String> = paths.split(':').map(quote_atom).collect();
    let goal = format!(
        "'$set_search_path'({}, [{}])",
        quote_atom(alias),
        paths.join(", ")
    );
    parse_and_run(m, &goal, false);
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

/// Run the goal `text` of the command line; `g_option` says it came with `-g`, whose errors
/// swipl reports as `ERROR: -g Goal: ...`.
fn parse_and_run(m: &mut Machine, text: &str, g_option: bool) -> GoalResult {
    let src = format!("{} .", text);
    match m.read_from(&src, 0) {
        Ok(Some((r, _))) => {
            m.set_goal_names(r.vars.clone());
            let result = run_goal(m, r.term, g_option.then_some(Named::G(text)));
            m.set_goal_names(Vec::new());
            result
        }
        Ok(None) => GoalResult::True,
        Err(e) => {
            let msg = format!("Syntax error in goal `{}`: {}\n", text, e.message);
            m.output().message(&msg);
            GoalResult::Error
        }
    }
}

/// How swipl names a goal of the command line in the first line of its error.
enum Named<'a> {
    /// The `-g` option's text: `ERROR: -g Text: ...`.
    G(&'a str),
    /// The `initialization(Goal, main)` goal's header: `ERROR: /abs/file.pl:2: user:main ...`.
    Main(&'a str),
}

/// Run `goal` once; an uncaught error is reported, its first `ERROR: ` followed by the goal's
/// name when it has one.
fn run_goal(m: &mut Machine, goal: Cell, named: Option<Named>) -> GoalResult {
    // swipl runs `-g` goals and the `main` initialization goal under catch/3.
    match m.solve_once_under(goal, ("catch", 3)) {
        Answer::True => GoalResult::True,
        Answer::False => match m.halt_status() {
            Some(c) => GoalResult::Halt(c),
            None => GoalResult::False,
        },
        Answer::Error(e) => match m.halt_status() {
            Some(c) => GoalResult::Halt(c),
            None => {
                let mut text = m.take_error_report(&e);
                if let (Some(named), Some(rest)) = (named, text.strip_prefix("ERROR: ")) {
                    // swipl names a ball that is no error term without "Unhandled exception"
                    // under -g, where the goal's name says that it was not caught.
                    let rest = rest.strip_prefix("Unhandled exception: ").unwrap_or(rest);
                    text = match named {
                        Named::G(g) => format!("ERROR: -g {g}: {rest}"),
                        Named::Main(header) => format!("ERROR: {header} {rest}"),
                    };
                }
                m.output().message(&text);
                GoalResult::Error
            }
        },
    }
}

/// Add the toplevel's commands, the tracer and the session state to a machine
/// (`system::toplevel_machine` is the system with them).
pub fn install(m: &mut Machine) {
    session::install(m);
    debugger::install(m);
    listing::install(m);
    commands::install(m);
    help::install(m);
    undefined::install(m);
}

#[cfg(test)]
mod tests {
    use crate::reader::{read_term, OpTable, ReadFlags, ReadOutcome};

    /// The system's own Prolog text is loaded without lint at start-up, so it is linted here:
    /// none of its clauses may draw a warning.
    #[test]
    fn the_system_text_draws_no_lint_warning() {
        let ops = OpTable::standard();
        let flags = ReadFlags::default();
        for &(name, text) in crate::system::TOPLEVEL {
            let mut pos = 0;
            loop {
                match read_term(text, pos, &ops, &flags) {
                    ReadOutcome::Eof => break,
                    ReadOutcome::Error(e) => panic!("{name}: syntax error at {}", e.resume),
                    ReadOutcome::Term { ast, end } => {
                        let warnings = crate::diag::lint::lint_clause(&ast);
                        assert!(warnings.is_empty(), "{name}: {:?}", &text[pos..end]);
                        pos = end;
                    }
                }
            }
        }
    }
}
