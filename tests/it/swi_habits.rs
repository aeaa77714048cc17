//! SWI-Prolog habits whose swipl output cannot be a golden file as it is: a `-t` goal that
//! raises (swipl 9.0.4 prints its error again and again; the status wanted is 1, the status of
//! a failed toplevel goal), the goal an error under `-g` is reported with (ply's report has its
//! own form, but names the goal as the command line wrote it), a file's `style_check/1` ending
//! with the file, and `style_check/1`'s bad input. `swipl_diff.rs` compares the rest with swipl.

use std::process::{Command, Stdio};

fn ply(args: &[&str]) -> (String, i32) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/swipl_diff");
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("ply runs");
    (
        String::from_utf8_lossy(&out.stderr).to_string(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn a_toplevel_goal_that_raises_exits_1() {
    let (err, status) = ply(&["-q", "-t", "throw(foo)"]);
    assert_eq!(status, 1, "{err}");
    assert!(err.contains("Unknown message: foo"), "{err}");
    let (_, status) = ply(&["-q", "-t", "fail"]);
    assert_eq!(status, 1);
}

#[test]
fn an_error_under_g_names_the_goal_with_its_variables() {
    let (err, status) = ply(&["-q", "-g", "X is 1/0", "-t", "halt"]);
    assert_eq!(status, 2);
    assert!(err.contains("In goal: X is 1/0"), "{err}");
    assert!(
        !crate::support::capture::names_fresh_variable(&err),
        "{err}"
    );
}

#[test]
fn time_of_an_unknown_procedure_reports_that_goal() {
    let (err, status) = ply(&["-q", "-g", "time(nosuch(P,B,V))", "-t", "halt"]);
    assert_eq!(status, 2);
    assert!(err.contains("Unknown procedure: nosuch/3"), "{err}");
    assert!(err.contains("In goal: nosuch(P,B,V)"), "{err}");
    assert!(!err.contains("throw("), "{err}");
}

#[test]
fn a_rethrown_error_keeps_its_ball_and_goal() {
    let (err, _) = ply(&[
        "-q",
        "-g",
        "catch(atom_length(X, _), E, throw(E))",
        "-t",
        "halt",
    ]);
    assert!(err.contains("In goal: atom_length(X,_"), "{err}");
    // swipl leaves the context of a ball the program throws as it is.
    let (err, status) = ply(&[
        "-q",
        "-g",
        "catch(throw(error(x, _)), error(x, C), true), var(C)",
        "-t",
        "halt",
    ]);
    assert_eq!(status, 0, "{err}");
}

#[test]
fn style_check_ends_with_the_file_that_made_it() {
    let (err, status) = ply(&["-q", "-g", "true", "-t", "halt", "style_nested.pl"]);
    assert_eq!(status, 0);
    // style.pl silenced its own warnings; the file that loaded it keeps its own.
    assert!(!err.contains("style.pl:"), "{err}");
    assert_eq!(err.matches("Singleton variables: [X]").count(), 1, "{err}");
    assert!(err.contains("style_nested.pl"), "{err}");
}

#[test]
fn style_check_answers_and_rejects_as_swipl() {
    let (err, status) = ply(&[
        "-q",
        "-g",
        "style_check(-singleton), \\+ style_check(?(singleton)), style_check(+singleton), style_check(?(singleton))",
        "-t",
        "halt",
    ]);
    assert_eq!(status, 0, "{err}");
    let (err, status) = ply(&["-q", "-g", "style_check(-nonsense)", "-t", "halt"]);
    assert_eq!(status, 2);
    assert!(err.contains("style_name"), "{err}");
}

#[test]
fn a_failing_test_makes_run_tests_fail_and_a_passing_run_succeed() {
    let (_, status) = ply(&["-q", "-g", "run_tests", "-t", "halt", "plunit_modes.pl"]);
    assert_eq!(status, 1);
    let (_, status) = ply(&["-q", "-g", "run_tests", "-t", "halt", "plunit_pass.pl"]);
    assert_eq!(status, 0);
}

#[test]
fn bad_test_options_are_reported_where_the_test_is() {
    let dir = std::env::temp_dir().join(format!("ply-plunit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.pl");
    std::fs::write(
        &f,
        ":- begin_tests(b).\ntest(x, [nonsense]) :- true.\ntest(y, [fail, true(1 == 1)]) :- true.\n\
         test(z).\n:- end_tests(b).\n:- end_tests(b).\n",
    )
    .unwrap();
    let path = f.to_string_lossy().to_string();
    let (err, status) = ply(&["-q", "-g", "run_tests", "-t", "halt", &path]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(status, 0, "{err}");
    assert!(err.contains("bad.pl:2:"), "{err}");
    assert!(err.contains("test_option"), "{err}");
    assert!(err.contains("bad.pl:3:"), "{err}");
    assert!(err.contains("bad.pl:4:"), "{err}");
    assert!(err.contains("bad.pl:6:"), "{err}");
}
