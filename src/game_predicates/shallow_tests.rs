//! The engine's shallow backtracking (`machine/shallow.rs`) over the game predicates:
//! `GuardAlt` and `TestAlt` from both sides: which clauses the compiler gives one, and that the
//! answers are those of the choicepoint it replaces, when the guard's call fails, succeeds or
//! raises, and when a program has replaced the native since; and a first clause of tests tried
//! without the call's choicepoint, whose failure must leave every later clause to try.

use super::tests::run;
use crate::machine::instr::Instr;
use crate::machine::Machine;

/// How many instructions of the code area `which` picks.
fn count(m: &Machine, which: impl Fn(&Instr) -> bool) -> usize {
    m.program.code.iter().filter(|i| which(i)).count()
}

/// How many `GuardAlt` instructions the code area holds.
fn guards(m: &Machine) -> usize {
    count(m, |i| matches!(i, Instr::GuardAlt { .. }))
}

/// A position with moves and a finished one (x has the top row).
const POSITIONS: &str = "initial_position(tictactoe, inf, Start), \
                         Won = ttt(inf, o, 3, lines, [[x,x,x],[o,o,e],[e,e,e]])";

/// The textbook's shape (`минимакс/3`): the first alternative is `ходы(Поз, СписПоз), !`, and
/// the second reads only arguments that the first leaves alone.
const VALUE: &str = "value(P, _, V) :- ходы(P, L), !, length(L, V) ; стат_оц(P, V).\n";

#[test]
fn the_textbook_guard_runs_without_a_choicepoint_and_answers_as_before() {
    let mut m = crate::system::machine();
    let before = guards(&m);
    m.consult_text(VALUE, "value.pl", None);
    assert_eq!(guards(&m), before + 1);
    let goal = format!("{POSITIONS}, value(Start, _, A), value(Won, _, B), write(A/B)");
    assert_eq!(run(&mut m, &goal), "9/1000");
    // The guard's own alternatives are gone once it has succeeded, and the clause's with them.
    let goal = format!("{POSITIONS}, findall(V, value(Start, _, V), Vs), write(Vs)");
    assert_eq!(run(&mut m, &goal), "[9]");
}

#[test]
fn an_alternative_that_reads_an_overwritten_argument_keeps_its_choicepoint() {
    let mut m = crate::system::machine();
    let before = guards(&m);
    // The call's fresh list goes into the register that held `L`, which the second
    // alternative reads.
    m.consult_text("t(P, L) :- ходы(P, M), !, L = M ; L = P.\n", "t.pl", None);
    assert_eq!(guards(&m), before);
    let goal = format!("{POSITIONS}, t(Won, L), L == Won, t(Start, M), length(M, N), write(N)");
    assert_eq!(run(&mut m, &goal), "9");
}

#[test]
fn a_bound_output_keeps_its_choicepoint() {
    let mut m = crate::system::machine();
    let before = guards(&m);
    // Unifying the successor list with `[_]` may bind before it fails.
    m.consult_text("one(P, X) :- ходы(P, [X]), ! ; X = none.\n", "one.pl", None);
    assert_eq!(guards(&m), before);
    let goal = format!("{POSITIONS}, one(Start, X), write(X)");
    assert_eq!(run(&mut m, &goal), "none");
}

#[test]
fn an_error_in_the_guard_is_thrown_as_from_the_call() {
    let mut m = crate::system::machine();
    m.consult_text(VALUE, "value.pl", None);
    let goal = "catch(value(no_position, _, _), error(E, _), true), E = type_error(T, _), write(T)";
    assert_eq!(run(&mut m, goal), "game_position");
}

#[test]
fn a_native_replaced_after_compiling_is_called_as_the_program_defines_it() {
    let mut m = crate::system::machine();
    m.consult_text(VALUE, "value.pl", None);
    m.consult_text("ходы(_, [a, b]).\n", "own.pl", None);
    let goal = format!("{POSITIONS}, value(Won, _, V), write(V)");
    assert_eq!(run(&mut m, &goal), "2");
    // A replacement that binds and then fails leaves nothing bound for the next alternative.
    let mut m = crate::system::machine();
    m.consult_text(
        "w(P, L) :- ходы(P, _), !, L = moved ; L = still.\n",
        "w.pl",
        None,
    );
    m.consult_text("ходы(P, _) :- P = [_ | _], fail.\n", "own.pl", None);
    assert_eq!(run(&mut m, "w(Q, L), var(Q), write(L)"), "still");
}

/// How many `TestAlt` instructions the code area holds.
fn tests(m: &Machine) -> usize {
    count(m, |i| matches!(i, Instr::TestAlt { .. }))
}

/// The textbook's `выбор/6` under another name.
const PICK: &str = "pick(P0, V0, _, V1, P0, V0) :- ход_мина(P0), V0 > V1, ! ; \
                    ход_макса(P0), V0 < V1, !.\n\
                    pick(_, _, P1, V1, P1, V1).\n";

#[test]
fn a_guard_of_tests_runs_without_a_choicepoint_and_answers_as_before() {
    let mut m = crate::system::machine();
    let before = tests(&m);
    m.consult_text(PICK, "pick.pl", None);
    assert_eq!(tests(&m), before + 1);
    // X is to move at the start: the first guard fails after binding the outputs, the second
    // holds or fails, and the second clause must find the outputs unbound again.
    let goal = format!(
        "{POSITIONS}, pick(Start, 1, b, 2, P, V), P == Start, pick(Start, 3, b, 2, Q, W), \
         findall(X-Y, pick(Start, 1, b, 2, X, Y), L), length(L, N), write(V/Q/W/N)"
    );
    assert_eq!(run(&mut m, &goal), "1/b/2/1");
    // O to move in the won position: the first guard decides.
    let goal = format!("{POSITIONS}, pick(Won, 3, b, 2, P, V), P == Won, write(V)");
    assert_eq!(run(&mut m, &goal), "3");
}

#[test]
fn a_guard_of_tests_leaves_floats_and_errors_to_the_choicepoint() {
    let mut m = crate::system::machine();
    m.consult_text(PICK, "pick.pl", None);
    let goal = format!("{POSITIONS}, pick(Start, 1.5, b, 2, P, V), P == Start, write(V)");
    assert_eq!(run(&mut m, &goal), "1.5");
    let goal =
        format!("{POSITIONS}, catch(pick(Start, foo, b, 2, _, _), error(E, _), true), write(E)");
    assert_eq!(run(&mut m, &goal), "type_error(evaluable,foo/0)");
    let goal = "catch(pick(no_position, 1, b, 2, _, _), error(E, _), true), \
                E = type_error(T, _), write(T)";
    assert_eq!(run(&mut m, goal), "game_position");
}

#[test]
fn a_guard_of_tests_with_a_younger_cell_answers_as_before() {
    let mut m = crate::system::machine();
    // One clause: no choicepoint of the call's own, so a binding need not be trailed, and
    // must still be undone or kept exactly as with one.
    m.consult_text(
        "only(P0, V0, V1, P0, V0) :- ход_мина(P0), V0 > V1, ! ; true.\n",
        "only.pl",
        None,
    );
    let goal = format!(
        "{POSITIONS}, X = f(_), only(Start, 3, 2, P, V), P == Start, X = f(Y), var(Y), write(V)"
    );
    assert_eq!(run(&mut m, &goal), "3");
}

#[test]
fn a_first_clause_of_tests_that_fails_leaves_every_later_clause_to_try() {
    let mut m = crate::system::machine();
    m.consult_text(
        "three(X, Y, X) :- X > Y, ! ; X < Y, !.\nthree(_, _, b).\nthree(_, _, c).\n",
        "three.pl",
        None,
    );
    // Equal values fail both tests of the first clause, which was tried without the call's
    // choicepoint: the other two clauses are still both answers, in order.
    assert_eq!(
        run(&mut m, "findall(R, three(1, 1, R), L), write(L)"),
        "[b,c]"
    );
    assert_eq!(
        run(&mut m, "findall(R, three(2, 1, R), L), write(L)"),
        "[2]"
    );
    // A bound output that the first clause's head does not match.
    assert_eq!(
        run(
            &mut m,
            "findall(R, three(2, 1, c), L), length(L, N), write(N)"
        ),
        "1"
    );
}

#[test]
fn a_first_clause_of_tests_leaves_compound_arguments_to_the_general_path() {
    let mut m = crate::system::machine();
    m.consult_text(
        "same(X, Y, X, Z) :- Y > Z, ! ; Y < Z, !.\nsame(_, _, none, _).\n",
        "same.pl",
        None,
    );
    // Two compounds to unify: tried as compiled, which binds A inside one of them.
    assert_eq!(run(&mut m, "same(f(a), 2, f(A), 1), write(A)"), "a");
    assert_eq!(
        run(&mut m, "findall(X, same(f(a), 1, X, 1), L), write(L)"),
        "[none]"
    );
    // Two variables: the younger is bound to the older, and unbound again when the tests fail.
    assert_eq!(
        run(&mut m, "same(P, 1, Q, 1), var(P), Q == none, write(ok)"),
        "ok"
    );
}

#[test]
fn a_first_clause_of_tests_in_the_textbook_shape_is_decoded_and_others_are_not() {
    let mut m = crate::system::machine();
    let before = m.program.test_clauses.len();
    m.consult_text(PICK, "pick.pl", None);
    assert_eq!(m.program.test_clauses.len(), before + 1);
    // Two comparisons in one guard: not the shape, so the code is interpreted as compiled.
    m.consult_text(
        "two(X, Y, X) :- X > Y, Y > 0, ! ; X < Y, !.\ntwo(_, _, none).\n",
        "two.pl",
        None,
    );
    assert_eq!(m.program.test_clauses.len(), before + 1);
    assert_eq!(
        run(
            &mut m,
            "two(2, 1, A), two(2, -1, B), two(1, 2, C), two(1, 1, D), write(A/B/C/D)"
        ),
        "2/none/1/none"
    );
}

#[test]
fn a_decoded_first_clause_leaves_a_replaced_native_to_the_general_path() {
    let mut m = crate::system::machine();
    m.consult_text(PICK, "pick.pl", None);
    // X is to move at the start, so the library's ход_мина/1 fails there and the second
    // clause answers; a program's own ход_мина/1 that always holds commits the first.
    let goal = format!("{POSITIONS}, pick(Start, 3, b, 2, P, V), write(P/V)");
    assert_eq!(run(&mut m, &goal), "b/2");
    m.consult_text("ход_мина(_).\n", "mine.pl", None);
    let goal = format!("{POSITIONS}, pick(Start, 3, b, 2, P, V), P == Start, write(V)");
    assert_eq!(run(&mut m, &goal), "3");
}

#[test]
fn a_decoded_first_clause_that_runs_its_tests_first_answers_as_compiled() {
    let mut m = crate::system::machine();
    m.consult_text(PICK, "pick.pl", None);
    // One variable for both outputs: the compiled order binds it to the position and then
    // fails to unify it with the value, in either clause.
    let goal = format!("{POSITIONS}, (pick(Won, 3, b, 2, V, V) -> write(yes) ; write(no))");
    assert_eq!(run(&mut m, &goal), "no");
    // An output inside the position: in the compiled order the position becomes cyclic before
    // the test reads it; run first, the test meets the variable. Either way it is an error.
    let goal = "P = ttt(inf, o, 3, winloss, [[x,x,x],[o,o,e],[e,e,Y]]), \
                catch(pick(P, 3, b, 2, Y, _), error(E, _), true), \
                E = type_error(T, _), write(T)";
    assert_eq!(run(&mut m, goal), "game_position");
    // Outputs older than a choicepoint are bound on commit and unbound again on backtracking.
    let goal = format!(
        "{POSITIONS}, (member(_, [1, 2]), pick(Won, 3, b, 2, P, V), P == Won, V == 3, fail \
         ; var(P), var(V), write(unbound))"
    );
    assert_eq!(run(&mut m, &goal), "unbound");
    // A bound output that the first clause's head does not match: its tests would hold, but
    // its unifications fail first, as compiled, and the second clause answers.
    let goal = format!("{POSITIONS}, pick(Won, 3, b, 2, b, V), write(V)");
    assert_eq!(run(&mut m, &goal), "2");
}
