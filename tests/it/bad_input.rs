//! Bad input never crashes ply: syntax errors are reported with positions and loading goes on,
//! unterminated tokens are caught, huge and deep terms are handled without Rust recursion, and
//! runaway recursion ends in a `resource_error` that the toplevel survives, and so do cyclic
//! terms (`X = f(X)`).

use crate::support::run;
use run::ply;

/// What `goal` of `tests/bad_input/big_terms.pl` prints under `-g`; it must end with status 0.
fn big_terms(goal: &str) -> String {
    let (out, err, code) = ply(
        &[
            "-q",
            "-g",
            goal,
            "-t",
            "halt",
            "tests/bad_input/big_terms.pl",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn ten_syntax_errors_are_all_reported_and_good_clauses_load() {
    let (out, err, code) = ply(
        &[
            "-q",
            "-g",
            "findall(X, good(X), L), length(L, N), write(N), nl",
            "-t",
            "halt",
            "tests/bad_input/ten_errors.pl",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "11", "all good clauses load: {err}");
    let reported = err.matches("Syntax error").count();
    assert_eq!(reported, 10, "every bad clause is reported:\n{err}");
    // Each report names its line: the bad clauses are on the odd lines 3..21.
    for line in (3..=21).step_by(2) {
        assert!(
            err.contains(&format!("ten_errors.pl:{line}:")),
            "line {line} in:\n{err}"
        );
    }
}

#[test]
fn unterminated_tokens_are_reported_not_fatal() {
    for (file, what) in [
        ("tests/bad_input/unterminated_atom.pl", "quoted"),
        ("tests/bad_input/unterminated_comment.pl", "comment"),
        ("tests/bad_input/unterminated_clause.pl", "end of file"),
    ] {
        let (out, err, code) = ply(
            &["-q", "-g", "good(1), write(ok), nl", "-t", "halt", file],
            "",
        );
        assert_eq!(code, 0, "{file}: {err}");
        assert_eq!(out.trim(), "ok", "{file}");
        assert!(err.contains("Syntax error"), "{file}: {err}");
        assert!(
            err.to_lowercase().contains(what),
            "{file} should mention {what}: {err}"
        );
        assert!(
            err.contains(":1:") || err.contains(":2:") || err.contains(":3:"),
            "{file}: {err}"
        );
    }
}

#[test]
fn a_million_element_list_is_built_reversed_sorted_and_written() {
    let out = big_terms("big_list");
    // 1..1000000 written with commas: 5888896 digits + 999999 commas + 2 brackets.
    assert_eq!(out.trim(), "list 1000000 1 1000000 6888897");
}

#[test]
fn a_million_deep_term_is_unified_compared_copied_and_written() {
    let out = big_terms("deep_term");
    // f( ... a ... ) a million deep: three characters per level plus the atom.
    assert_eq!(out.trim(), "deep unified = copied 3000001");
}

#[test]
fn a_million_deep_term_is_read_from_text_and_written_again() {
    let out = big_terms("deep_read");
    // f(...a...) a million deep: three characters a level and the atom; [[...[]...]] two a
    // level and the innermost `[]`; 0+1+...+1000000: the digits of 0..1000000 (5888897) and a
    // million `+`.
    assert_eq!(
        out.trim(),
        "deep read same 3000001 same 2000002 same 6888897"
    );
}

#[test]
fn an_atom_of_ten_million_characters_is_read_and_written() {
    let out = big_terms("long_atom");
    // The plain atom reads back as the atom made from its codes; the quoted one has a space
    // more, and writeq adds its two quotes.
    assert_eq!(out.trim(), "long atom same 10000001 10000003");
}

#[test]
fn runaway_recursion_is_a_resource_error_and_the_toplevel_survives() {
    let (out, err, _) = ply(
        &["--stack-limit=64m", "-q", "tests/bad_input/big_terms.pl"],
        "runaway(0).\nX = survived.\n",
    );
    assert!(err.contains("Stack limit (64.0Mb) exceeded"), "{err}");
    assert!(
        out.contains("X = survived"),
        "toplevel answered after the error:\n{out}\n{err}"
    );
}

#[test]
fn an_unknown_procedure_suggests_the_near_names_that_exist() {
    let (_, err, code) = ply(
        &[
            "-q",
            "-g",
            "минимак(a, B, C)",
            "-t",
            "halt",
            "programs/textbook/bratko_15_3_minimax_corrected.pl",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("Unknown procedure: минимак/3"), "{err}");
    assert!(err.contains("did you mean минимакс/3"), "{err}");
}

#[test]
fn the_near_names_suggested_are_those_the_call_can_reach() {
    let file = "tests/bad_input/near_module/main.pl";
    let (_, err, code) = ply(&["-q", "-g", "private", "-t", "halt", file], "");
    assert_eq!(code, 2);
    assert!(err.contains("Unknown procedure: day10a/1"), "{err}");
    assert!(
        !err.contains("did you mean"),
        "a private predicate offered:\n{err}"
    );
    let (_, err, _) = ply(&["-q", "-g", "imported", "-t", "halt", file], "");
    assert!(
        err.contains("However, there are definitions for:\nERROR:         solve/1"),
        "{err}"
    );
}

#[test]
fn cyclic_terms_are_unified_written_and_survived_at_the_toplevel() {
    let (out, err, _) = ply(
        &["-q"],
        "X = f(X), Y = f(Y), X = Y, write(X).\n\
         X = [a|X], length(X, N).\n\
         X = f(X), copy_term(X, C), assertz(p(C)).\n\
         Z = survived.\n",
    );
    assert!(out.contains("@(S_1,[S_1=f(S_1)])"), "{out}\n{err}");
    assert!(out.contains("X = Y, Y = f(Y)"), "{out}\n{err}");
    assert!(err.contains("Type error"), "{err}");
    assert!(err.contains("cyclic_term"), "{err}");
    assert!(out.contains("Z = survived"), "{out}\n{err}");
}

#[test]
fn twelve_kinds_of_syntax_error_are_reported_and_every_good_clause_loads() {
    // swipl reports three of these errors and loads two of the twelve good clauses.
    let (out, err, code) = ply(
        &[
            "-q",
            "-g",
            "findall(X, good(X), L), write(L), nl",
            "-t",
            "halt",
            "tests/bad_input/recovery.pl",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "[1,2,3,4,5,6,7,8,9,10,11,12]", "{err}");
    assert_eq!(err.matches("Syntax error").count(), 12, "{err}");
    let expected = [
        ("5:13", "runs on past its line"),
        ("7:13", "is never closed"),
        ("9:13", "is never closed"),
        ("11:15", "operator expected before `1`"),
        ("13:15", "operator expected before `b`"),
        ("15:13", "expected a term, found `)`"),
        ("17:17", "unknown escape `\\q`"),
        ("19:15", "after the tail of a list"),
        ("21:1", "no full stop"),
        ("24:24", "is never closed"),
        ("26:19", "operator expected before `.`"),
        ("28:10", "block comment"),
    ];
    // The reports come in file order, each message before the box that shows its position.
    let mut rest = err.as_str();
    for (at, what) in expected {
        let m = rest
            .find(what)
            .unwrap_or_else(|| panic!("{what} after the previous report in:\n{err}"));
        rest = &rest[m..];
        let p = rest
            .find(&format!("recovery.pl:{at}]"))
            .unwrap_or_else(|| panic!("{what} at {at} in:\n{err}"));
        rest = &rest[p..];
    }
}

/// A cyclic module qualification or file path is an error where the walk over it would loop:
/// in call/1, call/N, strip_module/3, spy/1, import/1 and use_module/1, and a partial path is an
/// instantiation error.
#[test]
fn cyclic_qualifications_and_paths_are_errors_not_loops() {
    let (out, err, _) = ply(
        &["-q"],
        "X = m:X, catch(call(X), error(E, _), true), print(E), nl.\n\
         X = m:X, catch(call(X, 1), error(E, _), true), print(E), nl.\n\
         X = m:X, catch(strip_module(X, _, _), error(E, _), true), print(E), nl.\n\
         X = m:X, catch(spy(X), error(E, _), true), print(E), nl.\n\
         X = a/X, catch(use_module(X), error(E, _), true), print(E), nl.\n\
         X = m:X, catch(import(X), error(E, _), true), print(E), nl.\n\
         catch(use_module(library(a/_)), error(E, _), true), print(E), nl.\n\
         Z = survived.\n",
    );
    for want in [
        "representation_error(cyclic_term)",
        "type_error(acyclic_term,",
        "instantiation_error",
        "Z = survived",
    ] {
        assert!(out.contains(want), "{want}\n{out}\n{err}");
    }
    let printed = out
        .lines()
        .filter(|l| l.starts_with("@(type_error(acyclic_term,"))
        .count();
    assert_eq!(printed, 5, "{out}");
}
