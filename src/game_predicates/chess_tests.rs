//! Chess positions no game can reach, through Prolog: the four positions of
//! facts/chess_tricky.perft that cozy-chess refuses load as position terms, give the published
//! perft counts, print and read back, and a position no rule can make sense of is still an
//! error. The loose board itself is tested in `games/chess/loose_tests.rs`.

use super::tests::run;

/// A named position (EPD) with its published perft counts by depth.
type Unreachable = (&'static str, &'static str, &'static [(u32, u64)]);

/// The positions of facts/chess_tricky.perft that cozy-chess refuses (28 white pieces; Black in
/// check from a queen whose line the en-passant pawn never crossed; White in the same impossible
/// check from a bishop; White in check from a pawn on f2 that did not make the last move), with
/// their EPD and published counts by depth, as `games/chess/tests.rs` lists them.
#[rustfmt::skip]
const UNREACHABLE: [Unreachable; 4] = [
    ("max-legals-too-much-material", "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -", &[(1, 270), (2, 0)]),
    ("align-ep", "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3", &[(1, 6), (2, 121), (3, 711)]),
    ("align-ep-pinned", "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6", &[(1, 5), (2, 100), (3, 555)]),
    ("ep-unrelated-check", "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6", &[(1, 2), (2, 92), (3, 2528)]),
];

#[test]
fn unreachable_positions_through_prolog() {
    // Source of the counts: chessprogramming wiki and talkchess, as collected in
    // facts/chess_tricky.perft.
    let mut m = crate::system::machine();
    for (name, epd, counts) in UNREACHABLE {
        for &(depth, expected) in counts {
            let goal = format!(
                "initial_position(chess('{epd}'), {depth}, P), perft(P, {depth}, N), write(N)"
            );
            assert_eq!(run(&mut m, &goal), expected.to_string(), "{name}");
        }
    }
    // The position term prints with writeq/1 and reads back ==, and its successors are listed.
    let goal = "initial_position(chess('8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3'), 3, P), \
                with_output_to(atom(A), writeq(P)), term_to_atom(T, A), T == P, \
                ходы(P, L), length(L, K), perft(T, 3, N), writeq(K/N), nl, writeq(P)";
    assert_eq!(
        run(&mut m, goal),
        "6/711\nchess(3,black,[[e,e,e,e,e,e,e,e],[e,e,e,e,e,e,e,e],[e,e,e,e,e,e,e,e],\
         [e,bk,e,e,e,e,e,e],[e,e,e,wp,bp,e,e,e],[e,e,e,e,e,e,e,e],[e,e,e,e,e,e,e,e],\
         [e,e,e,e,wk,wq,e,e]],[],d3,0,1)"
    );
    // A position no rule can make sense of is still an error.
    let goal = "catch(initial_position(chess('8/8/8/1k6/3Pp3/8/8/4KQ2 b - d6'), 1, _), \
                error(E, _), true), writeq(E)";
    assert_eq!(
        run(&mut m, goal),
        "domain_error(fen,'8/8/8/1k6/3Pp3/8/8/4KQ2 b - d6')"
    );
}
