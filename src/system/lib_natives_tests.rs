//! Library natives called in line, then replaced: before, during and after the replacement,
//! a caller must see what a real call would have seen (`machine/lib_natives.rs`). The natives
//! replaced are the game library's, so these are tests of the assembled system.

use crate::machine::solve::Answer;
use crate::machine::Machine;

/// What `goal` prints, run to its first answer, or `false` / the error's text.
fn run(m: &mut Machine, goal: &str) -> String {
    let text = format!("{goal}. ");
    let read = m.read_from(&text, 0).expect("syntax").expect("a term").0;
    m.services.out.begin_capture();
    let answer = m.solve_once(read.term);
    let out = m.services.out.end_capture();
    match answer {
        Answer::True => out,
        Answer::False => String::from("false"),
        Answer::Error(e) => {
            let c = e.to_heap(&mut m.stacks.heap);
            format!("error {}", m.format_term(c, true, 12))
        }
    }
}

/// A caller that keeps a temporary across the native and one that calls it last.
const CALLERS: &str = "плюс(P, V) :- A = 1, стат_оц(P, V0), V is V0 + A.\n\
                       последний(P, V) :- стат_оц(P, V).\n";

const POSITION: &str = "initial_position(tictactoe, 1, P)";

#[test]
fn a_caller_compiled_before_a_replacement_calls_the_replacement() {
    let mut m = super::machine();
    m.consult_text(CALLERS, "callers.pl", None);
    let native = run(&mut m, &format!("{POSITION}, плюс(P, V), write(V)"));
    assert_eq!(native, "1");
    m.consult_text("стат_оц(_, 41).\n", "own.pl", None);
    for (goal, want) in [("плюс(P, V)", "42"), ("последний(P, V)", "41")] {
        let out = run(&mut m, &format!("{POSITION}, {goal}, write(V)"));
        assert_eq!(out, want, "{goal}");
    }
}

#[test]
fn a_recompiled_caller_backtracks_into_the_replacement() {
    // A replacement with two answers: the caller compiled again makes a real call, so it
    // backtracks into the second.
    let mut m = super::machine();
    m.consult_text(CALLERS, "callers.pl", None);
    m.consult_text("стат_оц(_, 1).\nстат_оц(_, 2).\n", "own.pl", None);
    let out = run(
        &mut m,
        &format!("{POSITION}, findall(V, плюс(P, V), L), write(L)"),
    );
    assert_eq!(out, "[2,3]");
}

#[test]
fn a_recompiled_clause_keeps_its_place() {
    let mut m = super::machine();
    m.consult_text(
        ":- dynamic(д/1).\nд(a).\nд(V) :- стат_оц(p, V0), V is V0 * 2.\nд(c).\n",
        "dyn.pl",
        None,
    );
    let listing = "findall(H-B, (H = д(_), clause(H, B)), L), numbervars(L, 0, _), print(L)";
    let before = run(&mut m, listing);
    m.consult_text("стат_оц(_, 21).\n", "own.pl", None);
    assert_eq!(run(&mut m, listing), before);
    assert_eq!(run(&mut m, "findall(V, д(V), L), write(L)"), "[a,42,c]");
    let out = run(
        &mut m,
        "retract((д(_) :- стат_оц(_, _), _)), findall(V, д(V), L), write(L)",
    );
    assert_eq!(out, "[a,c]");
}

#[test]
fn code_running_when_the_native_is_replaced_calls_the_replacement() {
    let mut m = super::machine();
    // `стат_оц/2` is native when this clause is compiled, and replaced by the `assertz` in
    // the middle of its body: the call after it, and the temporary `A` it keeps across that
    // call, must still be right.
    m.consult_text(
        "т(V) :- A = 5, assertz(стат_оц(_, 7)), стат_оц(x, W), V is W + A.\n",
        "mid.pl",
        None,
    );
    assert_eq!(run(&mut m, "т(V), write(V)"), "12");
    // Compiled again since: the same answer through a real call.
    assert_eq!(
        run(
            &mut m,
            "retract((стат_оц(_, 7) :- true)), assertz(стат_оц(_, 7)), т(V), write(V)"
        ),
        "12"
    );
}

#[test]
fn an_error_or_a_failure_of_the_replacement_reaches_old_code() {
    let mut m = super::machine();
    m.consult_text(
        "т(V) :- A = 5, assertz((стат_оц(_, _) :- throw(своя))), \
             catch(стат_оц(x, _), E, true), V = A-E.\n\
         у(V) :- A = 5, asserta((ход_макса(_) :- fail)), \
             ( ход_макса(x) -> V = A-да ; V = A-нет ).\n",
        "mid.pl",
        None,
    );
    assert_eq!(run(&mut m, "т(V), write(V)"), "5-своя");
    assert_eq!(run(&mut m, "у(V), write(V)"), "5-нет");
}

#[test]
fn a_last_goal_resumed_after_the_replacement_calls_the_replacement() {
    let mut m = super::machine();
    // The second alternative ends in the native, which returns to the continuation itself
    // while it is native; the choicepoint resumes that old code after the replacement.
    m.consult_text("л(W) :- W = a ; стат_оц(x, W).\n", "last.pl", None);
    let goal = "findall(W, (л(W), (W == a -> assertz(стат_оц(_, 7)) ; true)), L), write(L)";
    assert_eq!(run(&mut m, goal), "[a,7]");
    // And through the new code, as a real call.
    assert_eq!(run(&mut m, "findall(W, л(W), L), write(L)"), "[a,7]");
}
