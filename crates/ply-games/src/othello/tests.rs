//! Tests of Othello: move generation against Aart Bik's perft table, passes and the end of the
//! game, the position term, the notation and the evaluation.
//!
//! The perft figures are published facts copied with their source; the positions of the rule
//! tests were set up by hand and the expected moves worked out from the rules.

use super::*;

/// The notation of every legal move of `pos`.
fn move_texts(pos: &OthelloPos) -> Vec<String> {
    let mut moves = Vec::new();
    Othello.moves(pos, &mut moves);
    moves.into_iter().map(notation).collect()
}

/// Plays moves given in notation from `pos`.
fn play_all(pos: OthelloPos, texts: &[&str]) -> OthelloPos {
    texts.iter().fold(pos, |p, text| {
        let mv = Othello
            .parse_move(&p, text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        Othello.play(&p, &mv)
    })
}

/// A position from a picture of the board, rows 1 to 8 joined.
fn position(rows: [&str; 8], black_to_move: bool) -> OthelloPos {
    position_from_string(&rows.concat(), black_to_move, 5).expect("a board picture")
}

#[test]
fn perft_from_the_start_to_depth_9() {
    // Source: Aart Bik's Othello perft, facts/perft.txt: standard start, Black first, a pass is
    // one ply, a position where neither side can move counts as one leaf even above full depth.
    let expected = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(perft(&OthelloPos::start(0), depth), count, "depth {depth}");
    }
}

/// Perft written only against the `Game` trait, with the published table's convention: a
/// position without moves above the horizon is a finished game and counts as one leaf.
fn perft_through_trait(pos: &OthelloPos) -> u64 {
    let mut moves = Vec::new();
    Othello.moves(pos, &mut moves);
    if moves.is_empty() {
        return 1;
    }
    moves
        .iter()
        .map(|mv| perft_through_trait(&Othello.play(pos, mv)))
        .sum()
}

#[test]
fn perft_through_the_game_trait() {
    // Source: Aart Bik's Othello perft, facts/perft.txt.
    assert_eq!(perft_through_trait(&Othello.initial(7)), 55092);
}

#[test]
fn opening_moves_in_order() {
    let start = Othello.initial(3);
    assert_eq!(move_texts(&start), ["d3", "c4", "f5", "e6"]);
    assert!(Othello.max_to_move(&start));
    let after = play_all(start, &["d3"]);
    assert_eq!(
        board_string(&after),
        [
            "........", "........", "...b....", "...bb...", "...bw...", "........", "........",
            "........"
        ]
        .concat()
    );
    assert!(!Othello.max_to_move(&after));
    assert_eq!(Othello.depth(&after), 2);
    assert_eq!(Othello.static_value(&after), 3);
    assert_eq!(move_texts(&after), ["c3", "e3", "c5"]);
}

#[test]
fn a_pass_is_a_move_when_only_the_opponent_can_move() {
    // White, to move, has no disc to flank Black's corner disc on a1; Black can play c1.
    let pos = position(
        [
            "bw......", "........", "........", "........", "........", "........", "........",
            "........",
        ],
        false,
    );
    assert_eq!(move_texts(&pos), ["pass"]);
    assert_eq!(Othello.outcome(&pos), None);
    let passed = play_all(pos, &["pass"]);
    assert!(passed.black_to_move);
    assert_eq!((passed.black, passed.white), (pos.black, pos.white));
    assert_eq!(Othello.depth(&passed), 4);
    assert_eq!(move_texts(&passed), ["c1"]);
    // After c1 White has no disc left; neither side can move and Black has won.
    let over = play_all(passed, &["C1"]);
    assert_eq!(move_texts(&over), Vec::<String>::new());
    assert_eq!(Othello.outcome(&over), Some(Outcome::MaxWins));
    assert_eq!(Othello.static_value(&over), 3);
    // Perft: pass, c1, then a finished game counted as one leaf although plies remain.
    assert_eq!(perft(&pos, 1), 1);
    assert_eq!(perft(&pos, 2), 1);
    assert_eq!(perft(&pos, 6), 1);
    assert!(Othello.parse_move(&pos, "c1").is_err());
}

#[test]
fn a_full_board_ends_the_game() {
    let mut rows = ["wwwwwwww"; 8];
    rows[0] = "bbbbbbbb";
    rows[1] = "bbbbbbbb";
    let pos = position(rows, true);
    assert_eq!(move_texts(&pos), Vec::<String>::new());
    assert_eq!(Othello.outcome(&pos), Some(Outcome::MinWins));
    assert_eq!(Othello.static_value(&pos), 16 - 48);
    let drawn = position(
        [
            "bbbbbbbb", "bbbbbbbb", "bbbbbbbb", "bbbbbbbb", "wwwwwwww", "wwwwwwww", "wwwwwwww",
            "wwwwwwww",
        ],
        false,
    );
    assert_eq!(Othello.outcome(&drawn), Some(Outcome::Draw));
}

#[test]
fn a_disc_flips_every_line_it_closes() {
    // Black on h8 closes the diagonal g7-b2 to a1, the row g8-b8 to a8 and the column h7-h2
    // to h1: 18 discs flip.
    let pos = position(
        [
            "b......b", ".w.....w", "..w....w", "...w...w", "....w..w", ".....w.w", "......ww",
            "bwwwwww.",
        ],
        true,
    );
    assert_eq!(move_texts(&pos), ["h8"]);
    let after = play_all(pos, &["h8"]);
    assert_eq!(after.white, 0);
    assert_eq!(after.black.count_ones(), 3 + 6 + 6 + 6 + 1);
}

/// Positions along fixed pseudo-random games played to their end.
fn sample_positions() -> Vec<OthelloPos> {
    let mut out = Vec::new();
    let mut pos = Othello.initial(100);
    let mut seed = 2024u64;
    while out.len() < 150 {
        let mut moves = Vec::new();
        Othello.moves(&pos, &mut moves);
        if moves.is_empty() {
            pos = Othello.initial(100);
            continue;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos = Othello.play(&pos, &moves[(seed >> 33) as usize % moves.len()]);
        out.push(pos);
    }
    out
}

#[test]
fn position_terms_round_trip() {
    let positions = sample_positions();
    assert!(
        positions.iter().any(|p| p.is_over()),
        "the sample should hold a finished game"
    );
    for p in positions {
        let term = Othello.to_term(&p);
        assert_eq!(Othello.from_term(&term), Ok(p), "{term:?}");
    }
    let row = |text: &str| {
        GTerm::compound(
            "row",
            text.chars()
                .map(|c| GTerm::atom(["e", "b", "w"][".bw".find(c).unwrap()]))
                .collect(),
        )
    };
    let mut rows = vec![row("........"); 8];
    rows[3] = row("...wb...");
    rows[4] = row("...bw...");
    assert_eq!(
        Othello.to_term(&Othello.initial(4)),
        GTerm::compound(
            "othello",
            vec![GTerm::Int(4), GTerm::atom("black"), GTerm::List(rows)]
        )
    );
}

#[test]
fn malformed_terms_and_moves_are_errors() {
    let board = match Othello.to_term(&OthelloPos::start(0)) {
        GTerm::Compound(_, args) => args[2].clone(),
        other => panic!("{other:?}"),
    };
    let term = |args: Vec<GTerm>| GTerm::compound("othello", args);
    assert_eq!(
        Othello.from_term(&GTerm::Int(3)).unwrap_err(),
        GameError::Type("othello_position", GTerm::Int(3))
    );
    assert_eq!(
        Othello
            .from_term(&term(vec![
                GTerm::Int(-1),
                GTerm::atom("black"),
                board.clone()
            ]))
            .unwrap_err(),
        GameError::Domain("not_less_than_zero", GTerm::Int(-1))
    );
    assert_eq!(
        Othello
            .from_term(&term(vec![GTerm::Int(1), GTerm::Int(0), board.clone()]))
            .unwrap_err(),
        GameError::Type("atom", GTerm::Int(0))
    );
    let empty_row = GTerm::compound("row", vec![GTerm::atom("e"); 8]);
    let with_row = |r: GTerm| {
        GTerm::List(
            std::iter::repeat_n(empty_row.clone(), 7)
                .chain([r])
                .collect(),
        )
    };
    for culprit in [
        GTerm::List(vec![]),
        GTerm::List(vec![empty_row.clone(); 9]),
        with_row(GTerm::compound("row", vec![GTerm::atom("e"); 7])),
        with_row(GTerm::compound("row", vec![GTerm::atom("x"); 8])),
        with_row(GTerm::compound("row", vec![GTerm::Int(0); 8])),
        with_row(GTerm::compound("rank", vec![GTerm::atom("e"); 8])),
        with_row(GTerm::List(vec![GTerm::atom("e"); 8])),
        with_row(GTerm::atom("e")),
    ] {
        assert_eq!(
            Othello
                .from_term(&term(vec![
                    GTerm::Int(1),
                    GTerm::atom("white"),
                    culprit.clone()
                ]))
                .unwrap_err(),
            GameError::Domain("othello_board", culprit.clone()),
            "{culprit:?}"
        );
    }
    let text = GTerm::Str(board_string(&OthelloPos::start(0)));
    assert_eq!(
        Othello
            .from_term(&term(vec![
                GTerm::Int(1),
                GTerm::atom("white"),
                text.clone()
            ]))
            .unwrap_err(),
        GameError::Type("list", text)
    );
    let start = Othello.initial(1);
    for bad in ["", "pass", "d4", "i1", "d33", "3d"] {
        assert_eq!(
            Othello.parse_move(&start, bad).unwrap_err(),
            GameError::Domain("othello_move", GTerm::Atom(Cow::Owned(bad.to_owned()))),
            "{bad:?}"
        );
    }
}

#[test]
fn the_board_for_people() {
    let expected = [
        "  a b c d e f g h",
        "1 . . . . . . . .",
        "2 . . . . . . . .",
        "3 . . . . . . . .",
        "4 . . . w b . . .",
        "5 . . . b w . . .",
        "6 . . . . . . . .",
        "7 . . . . . . . .",
        "8 . . . . . . . .",
        "Black to move, depth 2; black 2, white 2",
    ];
    assert_eq!(
        Othello.show(&Othello.initial(2)),
        expected.join("\n") + "\n"
    );
}
