//! Tests of chess: move generation against published perft tables, the position term, SAN and
//! UCI, the end of the game and the evaluation.
//!
//! The perft figures are published facts copied with their source; the other expectations were
//! worked out by hand from the rules and are explained where they are not obvious.

use super::*;

/// The six positions of the chessprogramming wiki "Perft Results" page
/// (https://www.chessprogramming.org/Perft_Results), as collected in the project's
/// facts/perft.txt (the fourth also colour-mirrored), with the node counts for depths 1 to 4.
#[rustfmt::skip]
pub(super) const PERFT_POSITIONS: [(&str, &str, [u64; 4]); 7] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [20, 400, 8902, 197281]),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", [48, 2039, 97862, 4085603]),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812, 43238]),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", [6, 264, 9467, 422333]),
    ("pos4mir", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", [6, 264, 9467, 422333]),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", [44, 1486, 62379, 2103487]),
    ("pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", [46, 2079, 89890, 3894594]),
];

/// A named position (EPD) with its published perft counts by depth.
pub(super) type TrickyPosition = (&'static str, &'static str, &'static [(u32, u64)]);

/// The 26 tricky positions of facts/chess_tricky.perft (chessprogramming wiki, as collected in
/// public perft suites), each with every published depth. Four of them no game of chess can
/// reach (`max-legals-too-much-material`, `align-ep`, `align-ep-pinned`, `ep-unrelated-check`);
/// cozy-chess refuses those and the loose board takes them (see `loose_tests.rs`).
#[rustfmt::skip]
pub(super) const TRICKY_POSITIONS: [TrickyPosition; 26] = [
    ("pos-2", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", &[(1, 48), (2, 2039), (3, 97862)]),
    ("pos-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", &[(1, 14), (2, 191), (3, 2812), (4, 43238)]),
    ("pos-4", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ -", &[(1, 6), (2, 264), (3, 9467)]),
    ("pos-5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ -", &[(1, 44), (2, 1486), (3, 62379)]),
    ("pos-6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - -", &[(1, 46), (2, 2079), (3, 89890)]),
    ("xfen-00", "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -", &[(1, 23), (2, 522), (3, 12333), (4, 285754)]),
    ("xfen-01", "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq -", &[(1, 28), (2, 738), (3, 20218), (4, 541480)]),
    ("xfen-02", "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q -", &[(1, 34), (2, 318), (3, 9002), (4, 118388)]),
    ("xfen-03", "2r5/8/8/8/8/8/6PP/k2KR3 w K -", &[(1, 17), (2, 242), (3, 3931), (4, 57700)]),
    ("xfen-04", "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ -", &[(1, 19), (2, 628), (3, 12858), (4, 405636)]),
    ("ep-evasion", "8/8/8/5k2/3p4/8/4P3/4K3 w - -", &[(1, 6), (2, 54), (3, 343), (4, 2810), (5, 19228)]),
    ("prison", "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - -", &[(1, 1), (2, 1), (32, 1)]),
    ("king-walk", "8/8/8/B2p3Q/2qPp1P1/b7/2P2PkP/4K2R b K -", &[(1, 26), (2, 611), (3, 14583), (4, 366807)]),
    ("hside-rook-blocks-aside-castling", "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff -", &[(1, 42), (2, 1743), (3, 71908)]),
    ("align-diag-1", "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -", &[(1, 4), (2, 125), (3, 2854)]),
    ("align-diag-2", "2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - -", &[(1, 3), (2, 81), (3, 1217)]),
    ("align-horizontal", "5R2/2P5/8/4k3/8/3rK2r/8/8 w - -", &[(1, 2), (2, 56), (3, 1030)]),
    ("align-ep", "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3", &[(1, 6), (2, 121), (3, 711)]),
    ("align-ep-pinned", "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6", &[(1, 5), (2, 100), (3, 555)]),
    ("ep-unrelated-check", "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6", &[(1, 2), (2, 92), (3, 2528)]),
    ("two-pawn-checkers", "1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1 b - -", &[(1, 3), (2, 131), (3, 1919)]),
    ("two-stepper-checkers", "1q4k1/3r1Ppp/5NP1/pP6/8/1Q6/3B4/2K2R2 b - -", &[(1, 2), (2, 98), (3, 2826)]),
    ("two-knight-checkers", "2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2 w K -", &[(1, 2), (2, 104), (3, 3382)]),
    ("asymmetrical-and-king-on-h", "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -", &[(1, 14), (2, 206), (3, 3672), (4, 64639), (5, 1320962)]),
    ("max-legals", "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - -", &[(1, 218), (2, 99), (3, 19073)]),
    ("max-legals-too-much-material", "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - -", &[(1, 270), (2, 0)]),
];

fn board(fen: &str) -> ChessBoard {
    fen::read_fen(fen).unwrap_or_else(|e| panic!("{fen}: {:?}", e))
}

fn pos(fen: &str, depth: u32) -> ChessPos {
    ChessPos {
        board: board(fen),
        depth,
    }
}

/// Perft written only against the `Game` trait: leaves at the horizon count 1, and a position
/// without moves above it (mate, stalemate, a draw by rule) counts nothing.
fn perft_through_trait<G: Game + TermGame>(game: &G, pos: &G::Pos) -> u64 {
    if game.depth(pos) == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.moves(pos, &mut moves);
    moves
        .iter()
        .map(|mv| perft_through_trait(game, &game.play(pos, mv)))
        .sum()
}

#[test]
fn perft_of_the_six_positions_to_depth_4() {
    // Source: chessprogramming wiki "Perft Results", facts/perft.txt.
    for (name, fen, counts) in PERFT_POSITIONS {
        let b = board(fen);
        for (depth, &expected) in (1..).zip(counts.iter()) {
            assert_eq!(perft(&b, depth), expected, "{name} depth {depth}");
        }
    }
}

#[test]
fn perft_deeper_in_two_positions() {
    // Source: chessprogramming wiki "Perft Results", facts/perft.txt. Bulk counting at the last
    // ply makes these take about four seconds together at the test profile's opt-level 1.
    assert_eq!(perft(&ChessBoard::default(), 5), 4_865_609);
    assert_eq!(perft(&ChessBoard::default(), 6), 119_060_324);
    assert_eq!(perft(&board(PERFT_POSITIONS[1].1), 5), 193_690_690);
}

#[test]
fn perft_through_the_game_trait_matches_the_tables() {
    // Source: chessprogramming wiki "Perft Results", facts/perft.txt. The trait applies the
    // draw rules that perft ignores, but none of them comes into play within three plies of
    // these positions, so the trait must reproduce the published counts.
    let game = Chess::new();
    for (name, fen, counts) in PERFT_POSITIONS {
        assert_eq!(
            perft_through_trait(&game, &pos(fen, 3)),
            counts[2],
            "{name}"
        );
    }
}

#[test]
fn perft_of_the_tricky_positions() {
    // Source: chessprogramming wiki, as collected in facts/chess_tricky.perft.
    for (name, epd, counts) in TRICKY_POSITIONS {
        let b = board(epd);
        for &(depth, expected) in counts {
            assert_eq!(perft(&b, depth), expected, "{name} depth {depth}");
        }
    }
}

#[test]
fn moves_follow_the_documented_order() {
    let board = ChessBoard::default();
    let texts: Vec<String> = legal_moves(&board)
        .iter()
        .map(|&mv| notation::uci(&board, mv))
        .collect();
    assert_eq!(
        texts,
        [
            "b1a3", "b1c3", "g1f3", "g1h3", "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3",
            "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4"
        ]
    );
    // Castling sorts by the king's landing square; promotions run queen, rook, bishop, knight.
    let board = super::fen::read_fen("r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1").unwrap();
    let texts: Vec<String> = legal_moves(&board)
        .iter()
        .map(|&mv| notation::uci(&board, mv))
        .collect();
    let king: Vec<&str> = texts
        .iter()
        .map(String::as_str)
        .filter(|t| t.starts_with("e1"))
        .collect();
    assert_eq!(
        king,
        ["e1c1", "e1d1", "e1f1", "e1g1", "e1d2", "e1e2", "e1f2"]
    );
    let pawn: Vec<&str> = texts
        .iter()
        .map(String::as_str)
        .filter(|t| t.starts_with("b7"))
        .collect();
    assert_eq!(
        pawn,
        ["b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q", "b7b8r", "b7b8b", "b7b8n"]
    );
}

#[test]
fn moves_stop_at_the_horizon_and_depth_falls_by_one() {
    let game = Chess::new();
    let mut moves = Vec::new();
    game.moves(&game.initial(0), &mut moves);
    assert!(moves.is_empty());
    let start = game.initial(2);
    game.moves(&start, &mut moves);
    assert_eq!(moves.len(), 20);
    let next = game.play(&start, &moves[0]);
    assert_eq!(game.depth(&next), 1);
    assert!(!game.max_to_move(&next));
    assert!(game.max_to_move(&start));
}

/// Twenty and more positions: the tricky suite, and the first eight plies of a game.
fn sample_positions() -> Vec<ChessPos> {
    let mut out: Vec<ChessPos> = TRICKY_POSITIONS
        .iter()
        .enumerate()
        .map(|(i, (_, epd, _))| pos(epd, i as u32))
        .collect();
    let game = Chess::new();
    let mut current = game.initial(9);
    for text in ["e4", "c5", "Nf3", "d6", "d4", "cxd4", "Nxd4", "Nf6"] {
        let mv = game.parse_move(&current, text).unwrap();
        current = game.play(&current, &mv);
        out.push(current.clone());
    }
    out
}

/// True when `t` holds no string object anywhere.
fn has_no_string(t: &GTerm) -> bool {
    match t {
        GTerm::Str(_) => false,
        GTerm::Compound(_, args) | GTerm::List(args) => args.iter().all(has_no_string),
        GTerm::Int(_) | GTerm::Atom(_) => true,
    }
}

/// The atom terms of `names`.
fn atoms(names: &[&'static str]) -> GTerm {
    GTerm::List(names.iter().map(|n| GTerm::atom(n)).collect())
}

/// The position term of the FEN `text` with horizon `depth`, its arguments replaced by
/// `changes` (index, new argument).
fn term_with(text: &str, depth: u32, changes: &[(usize, GTerm)]) -> GTerm {
    let mut t = term::position_term(&fen::read_fen(text).unwrap(), depth);
    if let GTerm::Compound(_, args) = &mut t {
        for (i, arg) in changes {
            args[*i] = arg.clone();
        }
    }
    t
}

#[test]
fn position_terms_round_trip() {
    let game = Chess::new();
    let positions = sample_positions();
    assert!(positions.len() >= 20);
    for p in positions {
        let term = game.to_term(&p);
        let GTerm::Compound(name, args) = &term else {
            panic!("not a compound: {term:?}")
        };
        assert_eq!(name, "chess");
        assert_eq!(args.len(), 7);
        assert_eq!(args[0], GTerm::Int(i64::from(p.depth)));
        assert!(has_no_string(&term), "{term:?}");
        let back = game.from_term(&term).unwrap();
        assert_eq!(back, p, "{term:?}");
        assert_eq!(game.to_term(&back), term);
    }
}

#[test]
fn the_start_position_term() {
    let game = Chess::new();
    let back = ["wr", "wn", "wb", "wq", "wk", "wb", "wn", "wr"];
    let front = ["br", "bn", "bb", "bq", "bk", "bb", "bn", "br"];
    let mut rows = vec![atoms(&front), atoms(&["bp"; 8])];
    rows.extend(std::iter::repeat_n(atoms(&["e"; 8]), 4));
    rows.extend([atoms(&["wp"; 8]), atoms(&back)]);
    assert_eq!(
        game.to_term(&game.initial(3)),
        GTerm::compound(
            "chess",
            vec![
                GTerm::Int(3),
                GTerm::atom("white"),
                GTerm::List(rows),
                atoms(&["h1", "a1", "h8", "a8"]),
                GTerm::atom("none"),
                GTerm::Int(0),
                GTerm::Int(1),
            ]
        )
    );
    let after = pos(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        1,
    );
    let t = game.to_term(&after);
    let GTerm::Compound(_, args) = &t else {
        panic!("{t:?}")
    };
    assert_eq!(args[1], GTerm::atom("black"));
    assert_eq!(args[4], GTerm::atom("e3"));
    assert_eq!(game.from_term(&t), Ok(after));
}

#[test]
fn chess960_castling_names_the_rook_squares() {
    let game = Chess::new();
    let p = pos("r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -", 1);
    let t = game.to_term(&p);
    let GTerm::Compound(_, args) = &t else {
        panic!("{t:?}")
    };
    assert_eq!(args[3], atoms(&["e1", "a1", "e8", "a8"]));
    assert_eq!(game.from_term(&t), Ok(p));
}

#[test]
fn malformed_terms_and_fens_are_errors() {
    let game = Chess::new();
    let bad_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1";
    assert_eq!(
        Chess::from_fen(bad_fen).unwrap_err(),
        GameError::Domain("fen", GTerm::Atom(Cow::Owned(bad_fen.to_owned())))
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let err = |changes: &[(usize, GTerm)]| game.from_term(&term_with(start, 3, changes));
    assert_eq!(
        err(&[(0, GTerm::Int(-1))]),
        Err(GameError::Domain("not_less_than_zero", GTerm::Int(-1)))
    );
    assert_eq!(
        err(&[(0, GTerm::atom("x"))]),
        Err(GameError::Type("integer", GTerm::atom("x")))
    );
    assert_eq!(
        err(&[(1, GTerm::atom("red"))]),
        Err(GameError::Domain("chess_side", GTerm::atom("red")))
    );
    let short = GTerm::List(vec![atoms(&["e"; 8])]);
    assert_eq!(
        err(&[(2, short.clone())]),
        Err(GameError::Domain("chess_board", short))
    );
    assert_eq!(
        err(&[(2, GTerm::Str("board".into()))]),
        Err(GameError::Type("list", GTerm::Str("board".into())))
    );
    assert_eq!(
        err(&[(3, atoms(&["h1", "e4"]))]),
        Err(GameError::Domain("chess_castling", GTerm::atom("e4")))
    );
    assert_eq!(
        err(&[(4, GTerm::atom("z9"))]),
        Err(GameError::Domain("chess_en_passant", GTerm::atom("z9")))
    );
    assert_eq!(
        err(&[(5, GTerm::Int(-1))]),
        Err(GameError::Domain("chess_halfmove_clock", GTerm::Int(-1)))
    );
    assert_eq!(
        err(&[(6, GTerm::Int(0))]),
        Err(GameError::Domain("chess_fullmove_number", GTerm::Int(0)))
    );
    // Each part is well formed, but together they are no position: a castling rook that is
    // not there, an en-passant square with no pawn that could have moved, no kings.
    let empty_rows = GTerm::List(vec![atoms(&["e"; 8]); 8]);
    for changes in [
        vec![(3, atoms(&["b1"]))],
        vec![(4, GTerm::atom("e6"))],
        vec![(2, empty_rows), (3, atoms(&[]))],
    ] {
        let t = term_with(start, 3, &changes);
        assert_eq!(
            game.from_term(&t),
            Err(GameError::Domain("chess_position", t.clone())),
            "{changes:?}"
        );
    }
    assert!(matches!(
        game.from_term(&GTerm::atom("chess")),
        Err(GameError::Type("chess_position", _))
    ));
    for text in [
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w KQkq - 0 1",
        "k7/8/8/8/8/8/8/K7 w Zz - 0 1",
        "k7/8/8/8/8/8/8/K7 w - e3 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 300 1",
        "k7/8/8/8/8/8/8/K7 w - - 0 0",
        "k8/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/8/K7 w - - 0 1",
        "kё6/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w - - 0 1 extra",
        "K7/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/K6Q w - - 0 1",
        "P6k/8/8/8/8/8/8/K7 w - - 0 1",
    ] {
        assert!(
            matches!(Chess::from_fen(text), Err(GameError::Domain("fen", _))),
            "{text:?}"
        );
    }
}

#[test]
fn game_names() {
    let start = Chess::from_name(&GTerm::atom("chess")).unwrap();
    assert_eq!(start.name(), GTerm::atom("chess"));
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let name = GTerm::compound("chess", vec![GTerm::Atom(Cow::Owned(fen.to_owned()))]);
    let game = Chess::from_name(&name).unwrap();
    assert_eq!(game.name(), name);
    assert_eq!(game.to_term(&game.initial(2)), term_with(fen, 2, &[]));
    let bad = GTerm::compound("chess", vec![GTerm::atom("nonsense")]);
    assert_eq!(
        Chess::from_name(&bad).unwrap_err(),
        GameError::Domain("fen", GTerm::atom("nonsense"))
    );
}

/// SAN of the UCI move `uci` in `fen`, after checking that both notations parse back to it.
fn san_of(fen: &str, uci: &str) -> String {
    let game = Chess::new();
    let p = pos(fen, 1);
    let mv = game
        .parse_move(&p, uci)
        .unwrap_or_else(|_| panic!("{uci} in {fen}"));
    assert_eq!(notation::uci(&p.board, mv), uci);
    let san = game.move_notation(&p, &mv);
    assert_eq!(game.parse_move(&p, &san), Ok(mv), "{san}");
    san
}

#[test]
fn standard_algebraic_notation() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(san_of(start, "e2e4"), "e4");
    assert_eq!(san_of(start, "g1f3"), "Nf3");
    let castles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(castles, "e1g1"), "O-O");
    assert_eq!(san_of(castles, "e1c1"), "O-O-O");
    assert_eq!(san_of(castles, "a1a8"), "Rxa8+");
    let promotion = "7k/4P3/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san_of(promotion, "e7e8q"), "e8=Q+");
    assert_eq!(san_of(promotion, "e7e8r"), "e8=R+");
    assert_eq!(san_of(promotion, "e7e8n"), "e8=N");
    let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(san_of(knights, "b1d2"), "Nbd2");
    assert_eq!(san_of(knights, "f1d2"), "Nfd2");
    let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san_of(rooks, "a1a3"), "R1a3");
    assert_eq!(san_of(rooks, "a5a3"), "R5a3");
    let queens = "k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1";
    assert_eq!(san_of(queens, "c3d2"), "Qc3d2");
    assert_eq!(san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), "exd6");
    assert_eq!(san_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2"), "Ke2");
}

#[test]
fn parsing_accepts_san_variants_and_uci() {
    let game = Chess::new();
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 1);
    let short = game.parse_move(&p, "O-O").unwrap();
    for text in ["0-0", "O-O+", "e1g1", "e1h1", "E1G1", " O-O "] {
        assert_eq!(game.parse_move(&p, text), Ok(short), "{text}");
    }
    let p = pos("7k/4P3/8/8/8/8/8/4K3 w - - 0 1", 1);
    assert_eq!(game.parse_move(&p, "e8Q"), game.parse_move(&p, "e8=Q+"));
    for text in ["", "e5", "Nf3", "e7e8", "xyzzy", "e8=K", "+"] {
        assert_eq!(
            game.parse_move(&p, text),
            Err(GameError::Domain(
                "chess_move",
                GTerm::Atom(Cow::Owned(text.to_owned()))
            )),
            "{text:?}"
        );
    }
}

#[test]
fn fools_mate_wins_for_black() {
    let game = Chess::new();
    let mut p = game.initial(10);
    let mut sans = Vec::new();
    for text in ["f3", "e5", "g4", "Qh4"] {
        let mv = game.parse_move(&p, text).unwrap();
        sans.push(game.move_notation(&p, &mv));
        p = game.play(&p, &mv);
    }
    assert_eq!(sans, ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(game.outcome(&p), Some(Outcome::MinWins));
    assert_eq!(game.static_value(&p), -MATE_VALUE);
    let mut moves = Vec::new();
    game.moves(&p, &mut moves);
    assert!(moves.is_empty());
}

#[test]
fn draws_by_rule() {
    let game = Chess::new();
    // Stalemate: the black king on h8 has no square and is not in check.
    let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!(game.outcome(&stalemate), Some(Outcome::Draw));
    for fen in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "8/8/8/4k3/8/8/8/4KN2 w - - 0 1",
        "8/8/8/1b2k3/8/8/8/4KB2 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 100 80",
    ] {
        let p = pos(fen, 3);
        assert_eq!(game.outcome(&p), Some(Outcome::Draw), "{fen}");
        assert_eq!(game.static_value(&p), 0, "{fen}");
        let mut moves = Vec::new();
        game.moves(&p, &mut moves);
        assert!(moves.is_empty(), "{fen}");
    }
    // Bishops on squares of both colours, or a knight and a bishop, can still mate.
    for fen in [
        "8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1",
        "8/8/8/4k3/8/8/8/3NKB2 w - - 0 1",
    ] {
        assert_eq!(game.outcome(&pos(fen, 3)), None, "{fen}");
    }
}

#[test]
fn evaluation_counts_material_and_mobility() {
    let game = Chess::new();
    assert_eq!(game.static_value(&game.initial(1)), 0);
    // Without Black's queen: the queens are boxed in at the start, so only material differs.
    assert_eq!(
        game.static_value(&pos(
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            1
        )),
        900
    );
    // After 1.e4 White's mobility is 14 (knights 3 + 2, bishop f1 5, queen 4) against Black's
    // 4 (knights 2 + 2): 10 squares at 2 centipawns each.
    assert_eq!(
        game.static_value(&pos(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            1
        )),
        20
    );
}

#[test]
fn the_board_for_people() {
    let game = Chess::new();
    assert_eq!(
        game.show(&game.initial(3)),
        "8  r n b q k b n r\n\
         7  p p p p p p p p\n\
         6  . . . . . . . .\n\
         5  . . . . . . . .\n\
         4  . . . . . . . .\n\
         3  . . . . . . . .\n\
         2  P P P P P P P P\n\
         1  R N B Q K B N R\n   a b c d e f g h\n\
         White to move, depth 3\n\
         FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
}
