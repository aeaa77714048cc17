//! Tests of reading a whole text: every syntax error, the lint warnings with their fixes, and
//! the definitions, calls, loaded files and comments navigation needs.

use super::*;

const TEXTBOOK: &str = include_str!("../../../programs/textbook/bratko_15_3_minimax_verbatim.pl");

fn keys(a: &Analysis) -> Vec<String> {
    a.defined()
        .iter()
        .map(|(n, ar)| format!("{n}/{ar}"))
        .collect()
}

#[test]
fn the_textbook_figure_defines_three_predicates_and_calls_the_game_library() {
    let a = analyse("t.pl", TEXTBOOK);
    assert_eq!(keys(&a), ["минимакс/3", "лучш/3", "выбор/6"]);
    let calls: Vec<String> = a
        .calls
        .iter()
        .map(|c| format!("{}/{}", c.goal.key.0, c.goal.key.1))
        .collect();
    assert!(calls.contains(&"ходы/2".to_string()));
    assert!(calls.contains(&"выбор/6".to_string()));
    assert_eq!(
        a.comments
            .get(&("минимакс".to_string(), 3))
            .map(|c| c.lines().next().unwrap()),
        Some("Минимаксная процедура: минимакс( Поз, ЛучшПоз, Оц)")
    );
}

#[test]
fn the_branch_singleton_has_both_quick_fixes_at_both_occurrences() {
    let a = analyse("t.pl", TEXTBOOK);
    let branch: Vec<&Problem> = a
        .problems
        .iter()
        .filter(|p| p.code == "branch_singleton")
        .collect();
    assert_eq!(branch.len(), 2);
    for p in &branch {
        assert_eq!(&TEXTBOOK[p.span.start..p.span.end], "Оц");
        assert!(p.message.contains("did you mean `Оц0`?"));
        let titles: Vec<&str> = p.fixes.iter().map(|f| f.title.as_str()).collect();
        assert_eq!(titles, ["Rename `Оц` to `Оц0`", "Rename `Оц` to `_Оц`"]);
        // Each fix renames both branches' `Оц`.
        assert_eq!(p.fixes[0].edits.len(), 2);
    }
}

#[test]
fn every_syntax_error_is_found_and_reading_goes_on() {
    let text = "a(1.\nb(X) :- X = .\nc(2).\nd :- )\n";
    let a = analyse("s.pl", text);
    let errors: Vec<&Problem> = a
        .problems
        .iter()
        .filter(|p| p.code == "syntax_error")
        .collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(keys(&a), ["c/1"]);
    assert!(errors.iter().all(|e| e.severity == Severity::Error));
}

#[test]
fn operators_declared_in_the_file_read_the_clauses_after() {
    let text = ":- op(700, xfx, ===>).\nrule(a ===> b).\n";
    let a = analyse("o.pl", text);
    assert!(a.problems.is_empty(), "{:?}", a.problems);
    assert_eq!(keys(&a), ["rule/1"]);
}

#[test]
fn declarations_grammar_rules_meta_calls_and_loads() {
    let text = ":- dynamic счёт/1.\n:- consult(other), [more].\n\
                g --> [a], h, {p(1)}.\n\
                q(L) :- findall(X, r(X), L), maplist(s, L), assertz(t(1)).\n";
    let a = analyse("d.pl", text);
    assert_eq!(keys(&a), ["счёт/1", "g/2", "q/1", "t/1"]);
    let calls: Vec<String> = a
        .calls
        .iter()
        .map(|c| format!("{}/{}", c.goal.key.0, c.goal.key.1))
        .collect();
    for want in ["h/2", "p/1", "r/1", "s/1", "findall/3", "maplist/2"] {
        assert!(calls.contains(&want.to_string()), "{want} in {calls:?}");
    }
    let loads: Vec<&str> = a.loads.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(loads, ["other", "more"]);
}

#[test]
fn a_mixed_script_name_gets_its_letter_replaced() {
    // `Oц` with a Latin O, twice.
    let text = "p(Oц) :- q(Oц).\n";
    let a = analyse("m.pl", text);
    let p = a
        .problems
        .iter()
        .find(|p| p.code == "mixed_scripts")
        .unwrap();
    assert_eq!(p.fixes.len(), 1);
    assert_eq!(p.fixes[0].edits.len(), 2);
    assert!(p.fixes[0].edits.iter().all(|(_, t)| t == "Оц"));
}

#[test]
fn discontiguous_clauses_are_reported_with_the_first_clause() {
    let a = analyse("c.pl", "a(1).\nb.\na(2).\n");
    let p = a
        .problems
        .iter()
        .find(|p| p.code == "discontiguous")
        .unwrap();
    assert_eq!(p.span.start, "a(1).\nb.\n".len());
    assert_eq!(p.related.len(), 1);
    assert_eq!(p.fixes[0].title, "Declare `:- discontiguous a/1.`");
    assert_eq!(
        p.fixes[0].edits,
        [(Span::new(0, 0), ":- discontiguous a/1.\n".to_string())]
    );
}

#[test]
fn a_deep_body_is_walked_without_recursion() {
    let mut text = String::from("p :- ");
    for _ in 0..200_000 {
        text.push_str("q, ");
    }
    text.push_str("true.\n");
    let a = analyse("deep.pl", &text);
    assert_eq!(a.calls.len(), 200_001);
}
