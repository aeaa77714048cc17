//! The fast path's line table, rows of three and shared positions against the general path,
//! on boards other than the classic one and on the classic one with no horizon.

use super::super::tests::run;
use crate::machine::Machine;

/// How many positions `game` has down to `depth` plies, after checking at each that `ходы/2`
/// gives the successors `ход/3` lists, and that the side to move and the value of the
/// position agree with those of a fresh copy, which is read rather than remembered.
fn checked_count(game: &str, depth: &str) -> String {
    checked_walk(&format!("initial_position({game}, {depth}, P)"))
}

/// [`checked_count`] from the position `start` binds `P` to.
fn checked_walk(start: &str) -> String {
    let mut m = Machine::new();
    m.consult_text(
        "walk(P, N) :- findall(S, ход(P, S, _), Slow), \
             ( ходы(P, Fast) -> true ; Fast = [] ), Fast == Slow, \
             copy_term(P, Q), стат_оц(P, V), стат_оц(Q, V), \
             ( ход_макса(P) -> \\+ ход_мина(Q) ; ход_мина(Q) ), \
             walk_all(Fast, 1, N). \
         walk_all([], N, N). \
         walk_all([P | Ps], N0, N) :- walk(P, N1), N2 is N0 + N1, walk_all(Ps, N2, N).\n",
        "walk.pl",
        None,
    );
    run(&mut m, &format!("{start}, walk(P, N), write(N)"))
}

#[test]
fn the_line_table_and_rows_of_three_answer_as_the_general_path() {
    // Two in a row on the classic board: X has a line after the third ply in 280 of the 504
    // (9 * 8 * 7) move orders, one of the 20 adjacent pairs in either order and any of 7
    // squares for O, so 1 + 9 + 72 + 504 + (504 - 280) * 6 positions.
    assert_eq!(checked_count("tictactoe(3, 3, 2, winloss)", "4"), "1930");
    // With no horizon the classic board's positions are shared terms (`shared.rs`): the whole
    // tree of two in a row, and that of three in a row below a position two plies in.
    assert_eq!(checked_count("tictactoe(3, 3, 2, winloss)", "inf"), "7002");
    assert_eq!(
        checked_walk("P = ttt(inf, x, 3, lines, [[e,o,e],[e,x,e],[e,e,e]])"),
        "7064"
    );
    // Four rows of three (12 squares): 1 + 12 + 12 * 11, through the loops of any shape.
    assert_eq!(checked_count("tictactoe(4, 3, 3, lines)", "2"), "145");
    // Three rows of four, which are written with each successor rather than taken from the
    // table of rows of three.
    assert_eq!(checked_count("tictactoe(3, 4, 3, winloss)", "2"), "145");
}

#[test]
fn the_table_of_rows_is_written_again_when_the_heap_has_moved_under_it() {
    let mut m = Machine::new();
    // The first `ходы/2` writes the table; backtracking cuts it away and other cells take its
    // place; a collection moves the rest. Each later position must still read as the general
    // path reads it.
    let goal = "initial_position(tictactoe(3, winloss), inf, P), \
                ( ходы(P, _), fail ; true ), \
                length(Junk, 300), maplist(=(z), Junk), \
                ходы(P, [A | _]), ходы(A, [_, B | _]), \
                garbage_collect, ходы(B, [_, _, C | _]), \
                findall(S, ход(C, S, _), Slow), ходы(C, Fast), Fast == Slow, \
                Junk = [z | _], writeq(C)";
    assert_eq!(
        run(&mut m, goal),
        "ttt(inf,o,3,winloss,[[x,e,o],[e,x,e],[e,e,e]])"
    );
}

#[test]
fn a_shared_list_of_successors_changed_by_setarg_is_written_again() {
    // With no horizon a board's list of successors is written once and shared by every call
    // that asks for it. Changed in place, it must not be handed out again: the next call
    // writes a fresh list, which agrees with the general path.
    let mut m = Machine::new();
    let goal = "initial_position(tictactoe, inf, P), ходы(P, L1), ходы(P, L2), \
                ( L1 == L2 -> S1 = same ; S1 = other ), \
                L1 = [_ | T], setarg(1, T, P), \
                ходы(P, L3), findall(S, ход(P, S, _), Slow), \
                ( L3 == Slow -> S2 = right ; S2 = wrong ), \
                ( L3 == L1 -> S3 = stale ; S3 = fresh ), writeq(S1/S2/S3)";
    assert_eq!(run(&mut m, goal), "same/right/fresh");
}
