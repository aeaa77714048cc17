//! Golden tests of run-time error reports: under `-g`, through `print_message/2`, for
//! directives while loading and at the toplevel. The expected files were produced by running
//! ply (`sh tests/golden_errors/regen.sh`), so these tests are regression guards: they notice a
//! change in the reports, not an error in them. `tests/golden_errors/README.md` says what each
//! shows.

use crate::support::run;

use std::path::Path;

/// Run ply in `tests/golden_errors` with `args` and `input` on standard input, and compare its
/// standard error with the golden file `golden`.
fn check(golden: &str, args: &[&str], input: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden_errors");
    let expected = std::fs::read_to_string(format!("{dir}/{golden}")).expect("golden");
    let (_, got, _) = run::ply_in(Path::new(dir), args, input);
    // A loaded file is named by its absolute path; the goldens say <dir> for the directory.
    let abs = std::fs::canonicalize(dir).expect("the goldens' directory");
    let got = got.replace(&*abs.to_string_lossy(), "<dir>");
    assert_eq!(got, expected, "standard error differs from {golden}");
}

#[test]
fn an_error_under_g_shows_its_goal_in_the_source_and_the_callers() {
    check("goal.err", &["-q", "-g", "u", "-t", "halt", "calc.pl"], "");
}

#[test]
fn print_message_shows_a_caught_error_as_an_uncaught_one_is_shown() {
    check(
        "print_message.err",
        &["-q", "-g", "caught", "-t", "halt", "calc.pl"],
        "",
    );
}

#[test]
fn errors_in_directives_name_the_directive_and_the_raising_goal() {
    check("directive.err", &["-q", "-t", "halt", "directive.pl"], "");
}

#[test]
fn errors_at_the_toplevel_point_into_the_program() {
    let input = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden_errors/toplevel.in"
    ))
    .expect("input");
    check("toplevel.err", &["-q", "calc.pl"], &input);
}

#[test]
fn a_ball_of_the_programs_own_is_reported_where_it_was_thrown_unless_a_catch_takes_it() {
    check(
        "thrown.err",
        &["-q", "-g", "v", "-t", "halt", "thrown.pl"],
        "",
    );
    check(
        "thrown_caught.err",
        &["-q", "-g", "v_caught", "-t", "halt", "thrown.pl"],
        "",
    );
}
