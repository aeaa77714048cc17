//! The game predicates through the machine's query API: several machines on one thread, whose
//! atom indices differ, must never see each other's cached atoms or positions.

use crate::machine::solve::Answer;
use crate::machine::Machine;

/// What `goal` prints, run to its first answer; panics unless it succeeds.
fn run(m: &mut Machine, goal: &str) -> String {
    let text = format!("{goal}. ");
    let read = m.read_from(&text, 0).expect("syntax").expect("a term").0;
    m.out.begin_capture();
    let answer = m.solve_once(read.term);
    let out = m.out.end_capture();
    assert!(matches!(answer, Answer::True), "{goal}: {answer:?}");
    out
}

const WALK: &str = "initial_position(tictactoe, 2, P), ходы(P, [A | _]), ходы(A, [B | _]), \
                    ход_мина(A), стат_оц(B, V), writeq(B/V)";

#[test]
fn machines_on_one_thread_keep_their_own_atoms_and_positions() {
    let want = "ttt(0,x,3,lines,[[x,o,e],[e,e,e],[e,e,e]])/1";
    let mut first = Machine::new();
    assert_eq!(run(&mut first, WALK), want);
    // The second machine interns other atoms first, so `x`, `o` and `e` get other indices.
    let mut second = Machine::new();
    run(
        &mut second,
        "atom_length(zz_one, _), atom_length(zz_two, _), X = zz_three(q), X \\== 1",
    );
    assert_eq!(run(&mut second, WALK), want);
    // Back to the first, whose positions still sit on its heap: still the right answers.
    assert_eq!(run(&mut first, WALK), want);
    let goal = "initial_position(connect4, 1, P), ходы(P, L), length(L, N), write(N)";
    assert_eq!(run(&mut second, goal), "7");
    assert_eq!(run(&mut first, goal), "7");
}

#[test]
fn a_program_replaces_a_game_predicate_silently() {
    let mut m = Machine::new();
    m.consult_text("стат_оц(_, 42).\n", "own.pl", None);
    assert_eq!(
        run(
            &mut m,
            "initial_position(tictactoe, 1, P), стат_оц(P, V), write(V)"
        ),
        "42"
    );
    // The English name is a predicate of its own and stays native.
    assert_eq!(
        run(
            &mut m,
            "initial_position(tictactoe, 1, P), staticval(P, V), write(V)"
        ),
        "0"
    );
}
