//! Tests of the loose board: the four positions of facts/chess_tricky.perft that no game can
//! reach load and give the published perft counts (the Prolog glue's tests run them through
//! Prolog too); the loose generator on its own matches the published tables of ordinary
//! positions and agrees with cozy-chess move by move; and what is still refused.
//!
//! Perft figures are published facts copied with their source; the other expectations are
//! worked out by hand from the rules and explained where they are not obvious.

use super::loose_board::LooseBoard;
use super::tests::{PERFT_POSITIONS, TRICKY_POSITIONS};
use super::*;
use crate::search;

/// The positions of facts/chess_tricky.perft that cozy-chess refuses: 28 white pieces; Black in
/// check from a queen whose line the en-passant pawn never crossed; White in the same impossible
/// check from a bishop; White in check from a pawn on f2 that did not make the last move.
const UNREACHABLE: [&str; 4] = [
    "max-legals-too-much-material",
    "align-ep",
    "align-ep-pinned",
    "ep-unrelated-check",
];

/// The EPD and published counts of the tricky position `name`.
fn tricky(name: &str) -> (&'static str, &'static [(u32, u64)]) {
    let (_, epd, counts) = TRICKY_POSITIONS
        .iter()
        .find(|(n, _, _)| *n == name)
        .unwrap_or_else(|| panic!("no position {name}"));
    (epd, counts)
}

/// The loose board of `fen`, even where cozy-chess would take it.
fn loose(fen: &str) -> LooseBoard {
    fen::read_loose_fen(fen).unwrap_or_else(|| panic!("{fen}"))
}

#[test]
fn unreachable_positions_load_and_match_the_published_counts() {
    // Source: chessprogramming wiki and talkchess, as collected in facts/chess_tricky.perft.
    for name in UNREACHABLE {
        let (epd, counts) = tricky(name);
        assert!(cozy_chess::Board::from_fen(&format!("{epd} 0 1"), false).is_err());
        let game = Chess::from_fen(epd).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(game.start_board().is_loose(), "{name}");
        for &(depth, expected) in counts {
            assert_eq!(perft(game.start_board(), depth), expected, "{name} {depth}");
            // Through the game trait, whose successors become cozy-chess boards as soon as
            // cozy-chess accepts them, so both generators share the tree.
            let root = game.initial(depth);
            assert_eq!(
                search::perft(&game, &root, depth),
                expected,
                "{name} {depth}"
            );
        }
    }
}

#[test]
fn the_loose_generator_alone_matches_the_published_tables() {
    // Source: chessprogramming wiki "Perft Results" (facts/perft.txt) and the suites collected
    // in facts/chess_tricky.perft. Children stay loose all the way down here, so these counts
    // check ply's own generator, not cozy-chess's. Deeper counts are taken where they are cheap.
    for (name, fen, counts) in PERFT_POSITIONS {
        let b = loose(fen);
        for (depth, &expected) in (1..).zip(counts.iter()) {
            if depth <= 3 || expected <= 600_000 {
                assert_eq!(b.perft(depth), expected, "{name} depth {depth}");
            }
        }
    }
    for (name, epd, counts) in TRICKY_POSITIONS {
        let b = loose(epd);
        for &(depth, expected) in counts {
            if depth <= 3 || expected <= 600_000 {
                assert_eq!(b.perft(depth), expected, "{name} depth {depth}");
            }
        }
    }
}

#[test]
fn both_generators_agree_move_by_move() {
    // Every operation of chess on a loose board against the same operation on cozy-chess's
    // board of the same position: moves in order, SAN, UCI, successors, the end of the game,
    // the value, the FEN, the position term and the board for people.
    let reachable = TRICKY_POSITIONS
        .iter()
        .filter(|(name, _, _)| !UNREACHABLE.contains(name))
        .map(|(_, epd, _)| *epd);
    let fens = PERFT_POSITIONS
        .iter()
        .map(|(_, fen, _)| *fen)
        .chain(reachable);
    for fen in fens {
        let standard = fen::read_fen(fen).unwrap();
        assert!(!standard.is_loose(), "{fen}");
        let lenient = ChessBoard::Loose(Box::new(loose(fen)));
        let moves = legal_moves(&standard);
        assert_eq!(legal_moves(&lenient), moves, "{fen}");
        for &mv in &moves {
            assert_eq!(
                notation::san(&lenient, mv),
                notation::san(&standard, mv),
                "{fen}"
            );
            assert_eq!(notation::uci(&lenient, mv), notation::uci(&standard, mv));
            // The loose child is handed over to cozy-chess, which accepts it.
            assert_eq!(lenient.play(mv), standard.play(mv), "{fen} {mv}");
        }
        assert_eq!(board_outcome(&lenient), board_outcome(&standard), "{fen}");
        assert_eq!(evaluate(&lenient), evaluate(&standard), "{fen}");
        assert_eq!(fen::write_fen(&lenient), fen::write_fen(&standard), "{fen}");
        assert_eq!(
            term::position_term(&lenient, 2),
            term::position_term(&standard, 2)
        );
        assert_eq!(board_text(&lenient, 2), board_text(&standard, 2));
    }
}

#[test]
fn fen_is_written_as_cozy_chess_writes_it() {
    // ply writes FEN itself, for both kinds of board; for cozy-chess's boards it must be the
    // text cozy-chess writes (Shredder-FEN where the castling is not the standard one).
    for (_, epd, _) in TRICKY_POSITIONS {
        let board = fen::read_fen(epd).unwrap();
        let ChessBoard::Standard(b) = &board else {
            continue;
        };
        let written = fen::write_fen(&board);
        assert!(
            written == format!("{b}") || written == format!("{b:#}"),
            "{written}"
        );
        assert_eq!(fen::read_fen(&written).unwrap(), board);
    }
}

#[test]
fn a_loose_position_hands_over_to_cozy_chess_once_reachable() {
    // In `align-ep` every Black move ends the impossible check and drops the en-passant file,
    // so every successor is a position cozy-chess accepts; with 28 white pieces, every successor
    // of `max-legals-too-much-material` still has too many.
    let align = fen::read_fen(tricky("align-ep").0).unwrap();
    let moves = legal_moves(&align);
    assert_eq!(moves.len(), 6);
    for mv in moves {
        assert!(!align.play(mv).unwrap().is_loose(), "{mv}");
    }
    let crowded = fen::read_fen(tricky("max-legals-too-much-material").0).unwrap();
    for mv in legal_moves(&crowded) {
        assert!(crowded.play(mv).unwrap().is_loose(), "{mv}");
    }
}

#[test]
fn loose_positions_keep_names_terms_and_notation() {
    for name in UNREACHABLE {
        let (epd, _) = tricky(name);
        let game = Chess::from_fen(epd).unwrap();
        let again = Chess::from_name(&game.name()).unwrap();
        assert_eq!(again.start_board(), game.start_board(), "{name}");
        let start = game.initial(3);
        let t = game.to_term(&start);
        assert_eq!(game.from_term(&t), Ok(start.clone()), "{name}");
        assert!(game
            .show(&start)
            .ends_with(&format!("FEN {}\n", fen::write_fen(&start.board))));
        let mut moves = Vec::new();
        game.moves(&start, &mut moves);
        for mv in &moves {
            let san = game.move_notation(&start, mv);
            assert_eq!(game.parse_move(&start, &san), Ok(*mv), "{name} {san}");
            let next = game.play(&start, mv);
            assert_eq!(game.from_term(&game.to_term(&next)), Ok(next), "{name}");
        }
    }
    // The first plies, in ply's order (by origin square, then landing square): in `align-ep`
    // Black answers the queen's check by taking en passant, which blocks the line, or with the
    // king (c4 and a6 lie on the queen's line, c5 is covered by the d4 pawn); in
    // `ep-unrelated-check` the king steps aside or takes the checking pawn.
    let game = Chess::from_fen(tricky("align-ep").0).unwrap();
    let start = game.initial(1);
    let mut moves = Vec::new();
    game.moves(&start, &mut moves);
    let sans: Vec<String> = moves
        .iter()
        .map(|mv| game.move_notation(&start, mv))
        .collect();
    assert_eq!(sans, ["exd3", "Ka4", "Kb4", "Ka5", "Kb6", "Kc6"]);
    let game = Chess::from_fen(tricky("ep-unrelated-check").0).unwrap();
    let start = game.initial(1);
    moves.clear();
    game.moves(&start, &mut moves);
    let sans: Vec<String> = moves
        .iter()
        .map(|mv| game.move_notation(&start, mv))
        .collect();
    assert_eq!(sans, ["Kd2", "Kxf2"]);
}

#[test]
fn three_checkers_are_accepted() {
    // A rook on a1 and knights on d3 and f3 all give check to the king on e1, which cozy-chess
    // refuses. The only escape is Ke2: d1 and f1 lie on the rook's rank, d2 is covered by the
    // f3 knight and f2 by the d3 knight.
    let board = fen::read_fen("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1").unwrap();
    assert!(board.is_loose());
    let moves: Vec<String> = legal_moves(&board)
        .iter()
        .map(|&mv| notation::san(&board, mv))
        .collect();
    assert_eq!(moves, ["Ke2"]);
}

#[test]
fn what_is_still_refused() {
    for text in [
        // Two white kings and no black one; no white king.
        "K7/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/KK6 b - - 0 1",
        // Pawns on the first or the last rank.
        "k7/8/8/8/8/8/8/K6p b - - 0 1",
        "k6P/8/8/8/8/8/8/K7 w - - 0 1",
        // Black in check with White to move.
        "k7/8/8/8/8/8/8/K6Q w - - 0 1",
        // Castling with no rook, a rook on the wrong side, a king off its back rank.
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w K -",
        "k7/8/8/8/8/8/8/R6K w K - 0 1",
        "k7/8/8/8/8/8/K7/R6R w K - 0 1",
        // An en-passant square with no pawn in front, on the wrong rank, with a piece on it.
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - e3",
        "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d6",
        "8/8/8/1k6/3Pp3/3N4/8/4KQ2 b - d3",
        // Malformed: a bad side, nine ranks, a halfmove clock above 100, fullmove 0.
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ x - -",
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ/8 w - -",
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 101 1",
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 0",
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQ0Q w - -",
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQQ w - -",
        "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQX w - -",
        "r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1",
    ] {
        assert!(
            matches!(Chess::from_fen(text), Err(GameError::Domain("fen", _))),
            "{text:?}"
        );
        assert!(fen::read_loose_fen(text).is_none(), "{text:?}");
    }
}

/// Perft by playing every legal move, so that a loose board's successors go over to cozy-chess
/// as soon as it accepts them.
fn perft_by_play(board: &ChessBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    legal_moves(board)
        .into_iter()
        .map(|mv| {
            board
                .play(mv)
                .map_or(0, |next| perft_by_play(&next, depth - 1))
        })
        .sum()
}

#[test]
fn mutated_fens_never_panic_and_the_generators_agree() {
    // Every one-character change of every tricky position, with a few replacement letters (some
    // 1,900 standard and 780 loose positions load): what loads must survive the round of
    // operations below, the loose reader must take it too, and
    // perft by the loose generator alone must equal perft by playing the moves, which is
    // cozy-chess's generator for the positions it accepts and a handover to it for the others.
    let mut loaded = [0usize; 2];
    for (_, epd, _) in TRICKY_POSITIONS {
        for i in 0..epd.len() {
            for replacement in ["", "1", "2", "K", "k", "q", "P", "p", "R", "N", "-", " "] {
                let text = format!("{}{replacement}{}", &epd[..i], &epd[i + 1..]);
                let Ok(game) = Chess::from_fen(&text) else {
                    continue;
                };
                let board = game.start_board();
                loaded[usize::from(board.is_loose())] += 1;
                let start = game.initial(2);
                assert_eq!(game.from_term(&game.to_term(&start)), Ok(start.clone()));
                let own = fen::read_loose_fen(&text).unwrap_or_else(|| panic!("{text}"));
                let played = perft_by_play(board, 2);
                assert_eq!(own.perft(2), played, "{text}");
                assert_eq!(perft(board, 2), played, "{text}");
                let _ = (game.static_value(&start), game.show(&start));
            }
        }
    }
    assert!(loaded[0] > 100 && loaded[1] > 100, "{loaded:?}");
}
