//! Consulting follows swipl: a file that defines a predicate another file defined replaces it,
//! with the "Redefined static procedure" warning naming both places; consulting a file again
//! replaces its own clauses and forgets the predicates it no longer defines; multifile
//! predicates collect clauses from every file.

use std::path::Path;
use std::process::{Command, Stdio};

/// Runs ply on `goal` in the directory `tests/consult`, returning standard output and error.
fn ply(dir: &Path, goal: &str) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["-q", "-g", goal, "-t", "halt"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("ply runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/consult"))
}

#[test]
fn a_second_file_replaces_the_first_files_predicates_and_says_so() {
    let (out, err) = ply(
        dir(),
        "consult(a), consult(b), findall(X, p(X), L), writeln(L), findall(X, d(X), D), writeln(D)",
    );
    assert_eq!(out, "[2]\n[2]\n");
    assert!(err.contains("Redefined static procedure p/1"), "{err}");
    assert!(err.contains("b.pl:1:1"), "{err}");
    assert!(err.contains("previously defined at"), "{err}");
    assert!(err.contains("a.pl:1"), "{err}");
    assert!(err.contains("Redefined static procedure d/1"), "{err}");
    assert!(err.contains("a.pl:3"), "{err}");
}

#[test]
fn multifile_predicates_take_clauses_from_every_file() {
    let (out, err) = ply(
        dir(),
        "consult(ma), consult(mb), findall(X, m(X), L), writeln(L)",
    );
    assert_eq!(out, "[1,2]\n");
    assert!(!err.contains("Redefined"), "{err}");
}

#[test]
fn consulting_a_file_again_replaces_its_clauses_and_forgets_what_it_dropped() {
    let tmp = std::env::temp_dir().join(format!("ply_reconsult_{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(tmp.join("r.pl"), "p(1).\nr(1).\n").unwrap();
    let (out, err) = ply(
        &tmp,
        "consult(r), consult(r), findall(X, p(X), L1), writeln(L1), \
         open('r.pl', write, S), write(S, 'p(2).\\n'), close(S), [r], \
         findall(X, p(X), L2), writeln(L2), catch(r(_), error(E, _), (writeln(E))), \
         catch(r(_), E2, true), writeln(E2)",
    );
    std::fs::remove_dir_all(&tmp).ok();
    assert!(
        out.starts_with("[1]\n[2]\nexistence_error(procedure,r/1)\n"),
        "{out}{err}"
    );
    assert!(!err.contains("Redefined"), "{err}");
}

#[test]
fn the_corrected_figure_loaded_after_the_verbatim_one_replaces_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (out, err) = ply(
        root,
        "consult('programs/textbook/bratko_15_3_minimax_verbatim'), \
         consult('programs/textbook/bratko_15_3_minimax_corrected'), \
         findall(x, clause(выбор(_,_,_,_,_,_), _), L), length(L, N), writeln(N), \
         initial_position(tictactoe, 2, P), минимакс(P, _, V), writeln(V)",
    );
    assert_eq!(out, "2\n1\n", "{err}");
    assert!(err.contains("Redefined static procedure выбор/6"), "{err}");
}

/// A program's own `between/3`, its head written as a quoted atom below the clause that calls
/// it, is what that call reaches, as in swipl, while the library's `numlist/3` keeps the
/// system's: the quick look for redefined names before the second reading of a file sees
/// names inside quotes too.
#[test]
fn a_quoted_head_below_its_call_redefines_a_system_predicate() {
    let dir = crate::support::run::scratch("consult_replace", "quoted_head");
    std::fs::write(
        dir.join("q.pl"),
        "main :- forall(between(1, 3, X), (write(X), nl)), numlist(1, 2, L), writeln(L).\n\
         'between'(L, H, x(L, H)).\n",
    )
    .unwrap();
    let (out, err) = ply(&dir, "consult(q), main");
    assert_eq!(out, "x(1,3)\n[1,2]\n", "{err}");
}
