//! The interactive toplevel driven through a pseudo-terminal, as a person would use it: answers
//! asked for one key at a time, Ctrl-C on a running loop, a clause typed over three lines, tab
//! completion of a Cyrillic predicate name, history kept across sessions, and the tracer.
//!
//! Every step waits for the output it needs (30 s each, for a loaded machine); nothing sleeps
//! to synchronise. Escape codes (colours, cursor moves) are stripped before matching.

#![cfg(unix)]

use rexpect::reader::Options;
use rexpect::session::PtySession;
use std::path::{Path, PathBuf};
use std::process::Command;

const TIMEOUT_MS: u64 = 30_000;

/// A fresh directory for HOME and XDG_DATA_HOME, so history never touches the user's own.
fn temp_home(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ply-repl-{}-{}", name, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp home");
    dir
}

fn start(home: &Path, args: &[&str]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ply"));
    cmd.args(args)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("TERM", "xterm")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    let opts = Options::new()
        .timeout_ms(Some(TIMEOUT_MS))
        .strip_ansi_escape_codes(true);
    let mut p = rexpect::spawn_with_options(cmd, opts).expect("start ply in a pty");
    p.exp_string("?- ").expect("first prompt");
    p
}

fn write_program(home: &Path, text: &str) -> String {
    let f = home.join("prog.pl");
    std::fs::write(&f, text).expect("write program");
    f.to_string_lossy().to_string()
}

/// The text as the pty reader shows it: it turns each byte into one character, so UTF-8 is
/// matched byte by byte.
fn bytes(s: &str) -> String {
    s.bytes().map(|b| b as char).collect()
}

/// Ends a session with Ctrl-D. The caller must first have seen the prompt that reads it: a
/// Ctrl-D typed while the terminal is still in cooked mode is taken by the line discipline as
/// an empty read and never reaches the line editor.
fn quit(mut p: PtySession) {
    p.send_control('d').expect("send Ctrl-D");
    p.exp_eof().expect("ply exits on Ctrl-D");
}

#[test]
fn three_answers_one_key_each() {
    let home = temp_home("answers");
    let prog = write_program(&home, "colour(red).\ncolour(green).\ncolour(blue).\n");
    let mut p = start(&home, &["-q"]);
    p.send_line(&format!("['{}'].", prog)).unwrap();
    p.exp_string("true.").unwrap();
    p.exp_string("?- ").unwrap();
    p.send_line("colour(C).").unwrap();
    p.exp_string("C = red ").unwrap();
    p.send(";").unwrap();
    p.flush().unwrap();
    p.exp_string("C = green ").unwrap();
    p.send(";").unwrap();
    p.flush().unwrap();
    p.exp_string("C = blue.").unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
}

#[test]
fn ctrl_c_interrupts_an_endless_loop() {
    let home = temp_home("interrupt");
    let prog = write_program(&home, "loop :- loop.\n");
    let mut p = start(&home, &["-q", &prog]);
    p.send_line("write(started), nl, flush_output, loop.")
        .unwrap();
    // The line editor echoes `write(started)`; the goal's own output starts a line.
    p.exp_string("\nstarted").unwrap();
    p.send_control('c').unwrap();
    p.exp_string("Action (h for help) ? ").unwrap();
    p.send("a").unwrap();
    p.flush().unwrap();
    p.exp_string("Execution Aborted").unwrap();
    p.exp_string("?- ").unwrap();
    // The machine is usable afterwards.
    p.send_line("X is 6 * 7.").unwrap();
    p.exp_string("X = 42.").unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
}

#[test]
fn a_clause_typed_over_three_lines() {
    let home = temp_home("multiline");
    let mut p = start(&home, &["-q"]);
    p.send_line("assertz((small(X) :-").unwrap();
    // An unfinished query asks for its next line with swipl's continuation prompt.
    p.exp_string("|    ").unwrap();
    p.send_line("    X > 0,").unwrap();
    p.exp_string("|    ").unwrap();
    p.send_line("    X < 10)).").unwrap();
    p.exp_string("true.").unwrap();
    p.exp_string("?- ").unwrap();
    p.send_line("small(3), \\+ small(12).").unwrap();
    p.exp_string("true.").unwrap();
    p.exp_string("?- ").unwrap();
    // The same through [user]: clauses typed until Ctrl-D.
    p.send_line("[user].").unwrap();
    p.exp_string("|: ").unwrap();
    // Each line waits for the prompt of the next (after the line's end: the editor redraws
    // the prompt as it echoes each key), and Ctrl-D only once that prompt is up: sent
    // earlier, it may reach the terminal before the line editor reads again.
    p.send_line("big(X) :-").unwrap();
    p.exp_string("\n\r|: ").unwrap();
    p.send_line("    X > 100.").unwrap();
    p.exp_string("\n\r|: ").unwrap();
    p.send_control('d').unwrap();
    p.exp_string("true.").unwrap();
    p.send_line("big(1000).").unwrap();
    p.exp_string("true.").unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
}

#[test]
fn tab_completes_a_cyrillic_predicate() {
    let home = temp_home("complete");
    let mut p = start(
        &home,
        &["-q", "programs/textbook/bratko_15_3_minimax_corrected.pl"],
    );
    p.send("мини").unwrap();
    p.send("\t").unwrap();
    p.flush().unwrap();
    p.exp_string(&bytes("?- минимакс(")).unwrap();
    p.send_control('c').unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
}

#[test]
fn history_survives_a_restart() {
    let home = temp_home("history");
    // The answer (`N = 10.`) differs from the query text, so matching it proves the query ran
    // rather than matching the line editor's echo or redraw of the query; only then is the next
    // prompt the one Ctrl-D must reach.
    let mut p = start(&home, &["-q"]);
    p.send_line("atom_length(remembered, N).").unwrap();
    p.exp_string("N = 10.").unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
    assert!(home.join("data/ply/history").is_file());

    let mut p = start(&home, &["-q"]);
    p.send("\x1b[A").unwrap();
    p.flush().unwrap();
    p.exp_string("atom_length(remembered, N).").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("N = 10.").unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
}

#[test]
fn trace_shows_the_ports() {
    let home = temp_home("trace");
    let prog = write_program(
        &home,
        "app([], L, L).\napp([H|T], L, [H|R]) :- app(T, L, R).\n",
    );
    let mut p = start(&home, &["-q", &prog]);
    p.send_line("trace.").unwrap();
    p.exp_string("true.").unwrap();
    p.exp_string("[trace] ?- ").unwrap();
    p.send_line("app(X, [b], [a, b]).").unwrap();
    p.exp_string("Call: (1) app(").unwrap();
    p.exp_string(" ? ").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("creep").unwrap();
    p.exp_string("Call: (2) app(").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("Exit: (2) app([], [b], [b])").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("Exit: (1) app([a], [b], [a, b])").unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("X = [a]").unwrap();
    p.send(".").unwrap();
    p.flush().unwrap();
    p.exp_string("[trace] ?- ").unwrap();
    p.send_line("notrace.").unwrap();
    p.exp_string("true.").unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
}

#[test]
fn the_tracer_abbreviates_goals_and_w_shows_them_whole() {
    let home = temp_home("trace_depth");
    let mut p = start(&home, &["-q"]);
    p.send_line("trace.").unwrap();
    p.exp_string("[trace] ?- ").unwrap();
    p.send_line("length([1,2,3,4,5,6,7,8,9,10,11,12], N).")
        .unwrap();
    // Abbreviated as SWI-Prolog's print does at depth 10: each element one level deeper.
    p.exp_string("Call: (1) length([1, 2, 3, 4, 5, 6, 7, 8|...], _")
        .unwrap();
    p.exp_string(" ? ").unwrap();
    p.send("w").unwrap();
    p.flush().unwrap();
    p.exp_string("write").unwrap();
    p.exp_string("Call: (1) length([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], _")
        .unwrap();
    p.send("p").unwrap();
    p.flush().unwrap();
    p.exp_string("print").unwrap();
    p.exp_string("Call: (1) length([1, 2, 3, 4, 5, 6, 7, 8|...], _")
        .unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("Exit: (1) length([1, 2, 3, 4, 5, 6, 7, 8|...], 12)")
        .unwrap();
    p.send("\r").unwrap();
    p.flush().unwrap();
    p.exp_string("N = 12.").unwrap();
    p.exp_string("[trace] ?- ").unwrap();
    p.send_line("notrace.").unwrap();
    p.exp_string("true.").unwrap();
    p.exp_string("?- ").unwrap();
    quit(p);
}
