//! `check/0`, and the list of undefined procedures `make/0` prints after reloading: each
//! predicate that is called but defined nowhere, with every place that calls it, in swipl's
//! words (`list_undefined/0`).

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::Cell;

/// Register `check/0`.
pub fn install(m: &mut Machine) {
    m.def_library_native("check", 0, check);
}

/// `check/0`: the checks swipl's `check/0` announces; of them ply makes the first, the list of
/// undefined procedures.
fn check(m: &mut Machine, _: &[Cell]) -> Res {
    let verbose = !crate::builtins::verbose_silent(m);
    let say = |m: &mut Machine, what: &str| {
        if verbose {
            m.output().message(&format!("% Checking {what} ...\n"));
        }
    };
    say(m, "undefined predicates");
    list_undefined(m);
    for what in [
        "trivial failures",
        "format/2,3 and debug/3 templates",
        "redefined system and global predicates",
        "predicates with declarations but without clauses",
    ] {
        say(m, what);
    }
    Ok(true)
}

/// Print the calls of undefined procedures, if there are any, as swipl's warning.
pub fn list_undefined(m: &mut Machine) {
    let calls = m.undefined_calls();
    if calls.is_empty() {
        return;
    }
    let mut text = String::from(
        "Warning: The predicates below are not defined. If these are defined\n\
         Warning: at runtime using assert/1, use :- dynamic Name/Arity.\n\
         Warning: \n",
    );
    let mut last = String::new();
    for c in &calls {
        if c.callee != last {
            text.push_str(&format!("Warning: {}, which is referenced by\n", c.callee));
            last = c.callee.clone();
        }
        let file = std::fs::canonicalize(&c.file)
            .map(|p| p.to_string_lossy().to_string())
            .unwrap_or_else(|_| c.file.clone());
        let clause = match c.clause {
            0 => String::from("a clause"),
            n => format!("{n}-{} clause", ordinal_suffix(n)),
        };
        text.push_str(&format!(
            "Warning: \t{file}:{}:{}: {clause} of {}\n",
            c.line, c.column, c.caller
        ));
    }
    m.output().message(&text);
}

/// The suffix swipl writes after a clause number: 1-st, 2-nd, 3-rd, 4-th.
fn ordinal_suffix(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}
