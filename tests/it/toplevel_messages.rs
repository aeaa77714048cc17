//! What the toplevel says when a query goes wrong, through piped input: a syntax error gets the
//! same box as in a file, with its place; a rule typed at the prompt gets a hint on how clauses
//! get in; an error names the query's variables as the query wrote them.

use crate::support::run;
use run::ply_in;
use std::path::Path;

/// Standard error of the toplevel given `input`.
fn toplevel_err(input: &str) -> String {
    toplevel(&[], input).1
}

/// Standard output and error of the toplevel started with `args` in `tests/toplevel` and given
/// `input`.
fn toplevel(args: &[&str], input: &str) -> (String, String) {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/toplevel"));
    let mut all = vec!["-q"];
    all.extend_from_slice(args);
    let (out, err, _) = ply_in(dir, &all, input);
    (out, err)
}

#[test]
fn a_syntax_error_at_the_prompt_is_boxed_with_its_place() {
    let err = toplevel_err("X = f(.\n");
    assert!(err.contains("Syntax error"), "{err}");
    assert!(err.contains("[user:1:7]"), "{err}");
    assert!(err.contains("X = f(."), "{err}");
}

#[test]
fn a_rule_typed_at_the_prompt_says_how_clauses_get_in() {
    let err = toplevel_err("foo(1) :- true.\n");
    assert!(err.contains("Unknown procedure: (:-)/2"), "{err}");
    assert!(err.contains("consult/1"), "{err}");
    assert!(err.contains("[user]"), "{err}");
}

#[test]
fn errors_name_the_querys_variables() {
    let err = toplevel_err("Оц is foo + 1.\nY = Z, atom_length(Y, L).\n");
    assert!(err.contains("In goal: Оц is foo+1"), "{err}");
    assert!(err.contains("In goal: atom_length(Y,L)"), "{err}");
    assert!(
        !crate::support::capture::names_fresh_variable(&err),
        "{err}"
    );
}

#[test]
fn nospyall_removes_every_spy_point() {
    let err = toplevel_err("spy(append/3).\nspy(member/2).\nnospyall.\ndebugging.\n");
    assert!(err.contains("Spy point on append/3"), "{err}");
    assert!(err.contains("All spy points removed"), "{err}");
    assert!(err.contains("No spy points"), "{err}");
}

#[test]
fn a_spy_point_deep_in_a_recursion_shows_how_deep_it_is() {
    // p(5) recurses through p(4) ... p(0) (none a last call), and p(0) calls q/1.
    let (out, _) = toplevel(&["deep.pl"], "spy(q/1).\np(5).\n");
    assert!(out.contains("Call: (6) q(x)"), "{out}");
    assert!(!out.contains("Call: (1) q(x)"), "{out}");
}

/// The goal of `catch/3` raises with the machine at the call of `catch/3`: the clause waiting
/// there is named once, not as two levels of recursion.
#[test]
fn a_goal_run_by_catch_is_no_level_of_recursion() {
    let (_, err) = toplevel(&["caught.pl"], "main.\n");
    assert!(err.contains("Called from:\n"), "{err}");
    assert!(err.contains("main/0 at ./caught.pl:2:9\n"), "{err}");
    assert!(!err.contains("recursion"), "{err}");
}

#[test]
fn the_call_chain_says_what_a_repeated_caller_means() {
    let (_, err) = toplevel(&["deep.pl"], "e(3).\n");
    // e(0) raises in its own clause (line 4); e(1), e(2) and e(3) wait at the same recursive
    // call (line 5, column 29), shown once with how many levels it stands for.
    assert!(err.contains("Called from:\n"), "{err}");
    assert!(err.contains("e/1 at ./deep.pl:4:9\n"), "{err}");
    assert!(
        err.contains("e/1 at ./deep.pl:5:29 (3 levels of recursion)"),
        "{err}"
    );
}

#[test]
fn help_and_apropos_read_plys_own_documentation() {
    let (out, _) = toplevel(
        &[],
        "help(ходы).\nhelp(moves/2).\napropos(alpha).\nhelp(nosuch).\n",
    );
    assert!(out.contains("ходы/2"), "{out}");
    assert!(out.contains("moves(+Pos, -SuccList)"), "{out}");
    assert!(out.contains("натив_альфабета/6"), "{out}");
    assert!(out.contains("native_alphabeta/6"), "{out}");
    assert!(out.contains("No help for nosuch"), "{out}");
}

#[test]
fn an_error_in_nested_arithmetic_names_the_goal_as_written() {
    // The inner operations run as steps of their own; an error is the goal's call as written.
    let err = toplevel_err("X = foo, Y is (X + 1) * 2.\nZ = a, Z > (1 + Z) * 3.\n");
    assert!(err.contains("In goal: Y is (foo+1)*2"), "{err}");
    assert!(err.contains("In goal: a>(1+a)*3"), "{err}");
}

/// The tracer runs a module's predicate in its module and shows it qualified, as swipl does
/// (`Call: (1) traced_module:p(1)`), and a spy point may name it so.
#[test]
fn the_tracer_shows_and_runs_a_modules_predicates_qualified() {
    let (out, err) = toplevel(
        &[],
        "use_module(traced_module).\ntrace, p(1).\nnotrace.\nspy(traced_module:q/1).\np(2).\n",
    );
    for line in [
        "Call: (1) traced_module:p(1)",
        "Call: (2) traced_module:q(1)",
        "Exit: (1) traced_module:p(1)",
        ") traced_module:q(2)",
    ] {
        assert!(out.contains(line), "{line}\n{out}\n{err}");
    }
    assert!(!err.contains("Unknown procedure"), "{err}");
    assert!(err.contains("Spy point on traced_module:q/1"), "{err}");
}
