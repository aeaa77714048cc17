//! The bridge against the general path, for every game: the same successors, values and sides;
//! no cells shared between the answers of two calls; the same answers with fast paths off; no
//! atom made per successor.

use super::tests::run;
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
    let mut m = crate::system::machine();
    m.services.fast_paths = fast;
    m.consult_text(WALK, "walk.pl", None);
    run(&mut m, &format!("{start}, walk(P, N), write(N)"))
}

/// A machine whose heap collector runs at nearly every call, with fast paths on or off.
fn collecting(fast: bool) -> Machine {
    let mut m = crate::system::machine();
    m.services.fast_paths = fast;
    m.services.gc.growth = 1;
    m.services.gc.proportional = false;
    m.services.gc.set_heap_trigger(0);
    m
}

#[test]
fn every_game_answers_the_same_with_a_collection_at_every_call() {
    // The bridge moves what it remembers with the collector; the walk checks every answer
    // against the general path, and the count against a walk without remembered positions.
    for start in POSITIONS {
        let mut counts = Vec::new();
        for fast in [true, false] {
            let mut m = collecting(fast);
            m.consult_text(WALK, "walk.pl", None);
            let before = m.services.gc.collections;
            counts.push(run(&mut m, &format!("{start}, walk(P, N), write(N)")));
            assert!(
                m.services.gc.collections > before + 3,
                "{start}: no collections"
            );
        }
        assert_eq!(counts[0], counts[1], "{start}");
    }
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

/// Damaged copies of a position: each argument, and the first item of each list argument,
/// replaced by terms of other shapes; each copy's value or error, one a line, its variables
/// named by `numbervars/3` (a fresh variable's own name is its heap address, which depends on
/// how many cells the calls before it made).
const DAMAGE: &str = "damaged(P, P). \
     damaged(P, D) :- functor(P, _, N), between(1, N, I), \
         member(V, [0, -1, 99, 4294967295, foo, [], inf, [e], [[]], x, o, black, max, e, \
                    1.5, \"s\"]), \
         copy_term(P, D), setarg(I, D, V). \
     damaged(P, D) :- functor(P, _, N), between(1, N, I), arg(I, P, [_ | T]), \
         member(V, [e, x, [], [e], [e, e], [x, o, e, e], 7, 300, -3, wk]), \
         copy_term(P, D), setarg(I, D, [V | T]). \
     values(P) :- forall(damaged(P, D), \
         ( catch(( стат_оц(D, V) -> R = V ; R = fails ), E, R = E), \
           numbervars(R, 0, _), writeq(R), nl )).\n";

#[test]
fn positions_read_straight_from_the_heap_are_those_the_general_path_reads() {
    // With fast paths on, a term the bridge did not write is read by the game from its cells;
    // off, through the general term form. Every copy, sound or damaged, must give the same
    // value or the same error both ways.
    for start in POSITIONS {
        let mut outs = Vec::new();
        for fast in [true, false] {
            let mut m = crate::system::machine();
            m.services.fast_paths = fast;
            m.consult_text(DAMAGE, "damage.pl", None);
            outs.push(run(
                &mut m,
                &format!("{start}, values(P), ходы(P, [S | _]), values(S)"),
            ));
        }
        assert_eq!(outs[0], outs[1], "{start}");
        assert!(outs[0].lines().count() > 40, "{start}");
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
    let mut m = crate::system::machine();
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
fn setarg_after_a_collection_leaves_another_answer_unchanged() {
    // A successor remembered across a collection is still its own call's: changing another
    // call's copy of it, or the remembered one itself, is seen.
    let mut m = collecting(true);
    let goal = "initial_position(connect4, 3, P), ходы(P, [A | _]), ходы(P, [B | _]), \
                garbage_collect, setarg(3, A, spoiled), ходы(B, L1), \
                garbage_collect, setarg(1, B, 0), ( ходы(B, _) -> W = moved ; W = none ), \
                length(L1, N), writeq(N-W)";
    assert_eq!(run(&mut m, goal), "7-none");
}

#[test]
fn a_collection_between_calls_leaves_the_answers_right() {
    let mut m = crate::system::machine();
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
    let mut m = crate::system::machine();
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
