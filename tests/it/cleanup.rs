//! `setup_call_cleanup/3` beyond the conformance cases (`tests/conformance/control.pl`): many
//! open cleanups with collections between them, and cleanups that cut away further cleanups
//! nested beyond the depth the engine runs, which must warn, not overflow the stack.

use crate::support::run;

use run::ply;

/// Runs `goal` over tests/cleanup/stress.pl; returns standard output and standard error.
fn stress(goal: &str) -> (String, String) {
    let (out, err, code) = ply(
        &["-q", "-g", goal, "-t", "halt", "tests/cleanup/stress.pl"],
        "",
    );
    assert_eq!(code, 0, "ply exited with {code}: {err}");
    (out, err)
}

#[test]
fn every_open_cleanup_runs_once_when_cut_after_collections() {
    let (out, err) = stress("run_open(20000)");
    assert_eq!(out, "open 20000: 20000 ran\n", "{err}");
}

#[test]
fn cleanups_cutting_cleanups_nest_to_a_bounded_depth() {
    let (out, err) = stress("run_chain(2000)");
    assert_eq!(out, "chain 2000: done\n");
    assert!(err.is_empty(), "{err}");
    let (out, err) = stress("run_chain(30000)");
    assert_eq!(out, "chain 30000: done\n");
    assert!(
        err.contains("cleanup handlers nested over 20000 deep, not run"),
        "{err}"
    );
}
