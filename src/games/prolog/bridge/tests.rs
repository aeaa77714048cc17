//! The bridge against the general path, for every game: the same successors, values and sides;
//! no cells shared between the answers of two calls; the same answers with fast paths off; no
//! atom made per successor.

use super::super::tests::run;
use crate::machine::Machine;

/// A start and a mid-game position of every game, as goals that bind `P` (depth 2 or 3).
const POSITIONS: &[&str] = &[
    "initial_position(tictactoe, 3, P)",
    "P = ttt(3, o, 3, lines, [[x,e,e],[e,o,e],[e,e,x]])",
    "initial_position(tictactoe(4, 5, 3, winloss), 2, P)",
    "initial_position(coins(9, 3), 3, P)",
    "initial_position(puzzle8, 3, P)",
    "initial_position(connect4, 3, P)",
    "initial_position(connect4('4455'), 3, P)",
    "initial_position(kalah, 3, P)",
    "initial_position(kalah(4, 3), 3, P0), ходы(P0, [_, Q | _]), ходы(Q, [R | _]), \
     с_глубиной(R, 3, P)",
    "initial_position(checkers, 3, P)",
    "initial_position(checkers, 3, P0), ходы(P0, [_, Q | _]), ходы(Q, [R | _]), \
     с_глубиной(R, 3, P)",
    "initial_position(othello, 3, P)",
    "initial_position(othello, 4, P0), ходы(P0, [Q | _]), ходы(Q, [_, R | _]), \
     с_глубиной(R, 3, P)",
    "initial_position(chess, 2, P)",
    "initial_position(chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'), \
     2, P)",
];

/// The walk every position of a tree takes: `ходы/2` against `ход/3`'s list (the general
/// path), the value and the side against those of a fresh copy (read, never remembered), and
/// the round trip through `writeq/1`.
const WALK: &str = "walk(P, N) :- \
         findall(S, ход(P, S, _), Slow), \
         ( ходы(P, Fast) -> true ; Fast = [] ), \
         ( Fast == Slow -> true ; throw(moves_differ(P)) ), \
         copy_term(P, Q), стат_оц(P, V), стат_оц(Q, V), \
         ( ход_макса(P) -> \\+ ход_мина(Q) ; ход_мина(Q) ), \
         ( конец_игры(P, R) -> конец_игры(Q, R) ; \\+ конец_игры(Q, _) ), \
         with_output_to(atom(A), writeq(P)), term_to_atom(T, A), \
         ( T == P -> true ; throw(round_trip(P)) ), \
         walk_all(Fast, 1, N). \
     walk_all([], N, N). \
     walk_all([P | Ps], N0, N) :- walk(P, N1), N2 is N0 + N1, walk_all(Ps, N2, N).\n";

/// How many positions the walk from `start` visits, with fast paths on or off.
fn walk(start: &str, fast: bool) -> String {
    let mut m = Machine::new();
    m.fast_paths = fast;
    m.consult_text(WALK, "walk.pl", None);
    run(&mut m, &format!("{start}, walk(P, N), write(N)"))
}

#[test]
fn every_game_answers_as_the_general_path_with_fast_paths_on_and_off() {
    for start in POSITIONS {
        let on = walk(start, true);
        let off = walk(start, false);
        assert_eq!(on, off, "{start}");
        assert!(on.parse::<u64>().unwrap() > 3, "{start}: {on}");
    }
}

#[test]
fn boards_of_other_shapes_answer_as_the_general_path() {
    // Two in a row on the classic board: X has a line after the third ply in 280 of the 504
    // (9 * 8 * 7) move orders, one of the 20 adjacent pairs in either order and any of 7
    // squares for O, so 1 + 9 + 72 + 504 + (504 - 280) * 6 positions.
    assert_eq!(
        walk("initial_position(tictactoe(3, 3, 2, winloss), 4, P)", true),
        "1930"
    );
    assert_eq!(
        walk(
            "initial_position(tictactoe(3, 3, 2, winloss), inf, P)",
            true
        ),
        "7002"
    );
    assert_eq!(
        walk("P = ttt(inf, x, 3, lines, [[e,o,e],[e,x,e],[e,e,e]])", true),
        "7064"
    );
    // Four rows of three and three rows of four: 1 + 12 + 12 * 11.
    assert_eq!(
        walk("initial_position(tictactoe(4, 3, 3, lines), 2, P)", true),
        "145"
    );
    assert_eq!(
        walk("initial_position(tictactoe(3, 4, 3, winloss), 2, P)", true),
        "145"
    );
}

#[test]
fn setarg_on_one_answer_leaves_another_answer_unchanged() {
    // For every game: two calls of `ходы/2` on the same position, once at the start and once
    // at a successor the bridge remembers; every argument of the first call's first successor
    // is changed in place, and the second call's first successor must be as it was, and must
    // still be read as the position it is.
    let mut m = Machine::new();
    m.consult_text(
        "spoil(T) :- functor(T, _, N), forall(between(1, N, I), setarg(I, T, spoiled)). \
         apart(P) :- ходы(P, [S1 | _]), ходы(P, [S2 | _]), copy_term(S2, C), spoil(S1), \
             ( S2 == C -> true ; throw(shared(P)) ), \
             findall(S, ход(S2, S, _), Slow), ( ходы(S2, Fast) -> true ; Fast = [] ), \
             ( Fast == Slow -> true ; throw(stale(S2)) ).\n",
        "apart.pl",
        None,
    );
    for start in POSITIONS {
        let goal = format!("{start}, apart(P), ходы(P, [A | _]), apart(A), write(ok)");
        assert_eq!(run(&mut m, &goal), "ok", "{start}");
    }
    let goal = "initial_position(tictactoe, inf, P), ходы(P, [S1|_]), ходы(P, [S2|_]), \
                setarg(5, S1, changed), writeq(S2)";
    assert_eq!(
        run(&mut m, goal),
        "ttt(inf,o,3,lines,[[x,e,e],[e,e,e],[e,e,e]])"
    );
}

#[test]
fn a_collection_between_calls_leaves_the_answers_right() {
    let mut m = Machine::new();
    let goal = "initial_position(connect4, 3, P), ходы(P, [A | _]), ходы(A, [_, B | _]), \
                garbage_collect, findall(S, ход(B, S, _), Slow), ходы(B, Fast), Fast == Slow, \
                ( ход_макса(B) -> W = max ; W = min ), writeq(W)";
    assert_eq!(run(&mut m, goal), "max");
}

#[test]
fn successors_leave_the_atom_table_as_it_was() {
    // 10^5 generations here (the debug build is slow); tests/games_prolog.rs runs 10^6
    // through the release binary.
    // A first round makes whatever atoms reading the goals makes.
    let mut m = Machine::new();
    for start in POSITIONS {
        run(
            &mut m,
            &format!("{start}, forall(between(1, 1, _), ходы(P, _))"),
        );
    }
    let before = m.atoms.len();
    for start in POSITIONS {
        run(
            &mut m,
            &format!("{start}, forall(between(1, 7000, _), ходы(P, _))"),
        );
    }
    assert_eq!(m.atoms.len(), before);
}
