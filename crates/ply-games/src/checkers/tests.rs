//! Tests of English checkers: move generation against Aart Bik's perft table, the position
//! term, the notation and the rules that shape a move (mandatory capture, multi-jumps, crowning).
//!
//! The perft figures are published facts copied with their source; the positions of the rule
//! tests were set up by hand and the expected moves worked out from the rules.

use super::*;

/// Squares (numbers 1..=32) to a set.
fn set(squares: &[u32]) -> u32 {
    squares
        .iter()
        .map(|n| 1u32 << (n - 1))
        .fold(0, |a, b| a | b)
}

/// The notation of every legal move of `pos`.
fn move_texts(pos: &CheckersPos) -> Vec<String> {
    let mut moves = Vec::new();
    Checkers.moves(pos, &mut moves);
    moves.iter().map(notation).collect()
}

/// Plays moves given in notation from `pos`.
fn play_all(pos: CheckersPos, texts: &[&str]) -> CheckersPos {
    texts.iter().fold(pos, |p, text| {
        let mv = Checkers
            .parse_move(&p, text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        Checkers.play(&p, &mv)
    })
}

fn position(black: &[u32], white: &[u32], kings: &[u32], black_to_move: bool) -> CheckersPos {
    CheckersPos {
        black: set(black),
        white: set(white),
        kings: set(kings),
        black_to_move,
        depth: 5,
    }
}

#[test]
fn perft_from_the_start_to_depth_9() {
    // Source: Aart Bik's English checkers perft (OEIS A133046), facts/perft.txt: start position,
    // Black first, captures mandatory, multi-jumps by different paths counted separately.
    let expected = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680];
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(perft(&CheckersPos::start(0), depth), count, "depth {depth}");
    }
}

/// Perft written only against the `Game` trait.
fn perft_through_trait(pos: &CheckersPos) -> u64 {
    if Checkers.depth(pos) == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    Checkers.moves(pos, &mut moves);
    moves
        .iter()
        .map(|mv| perft_through_trait(&Checkers.play(pos, mv)))
        .sum()
}

#[test]
fn perft_through_the_game_trait() {
    // Source: Aart Bik's English checkers perft, facts/perft.txt.
    assert_eq!(perft_through_trait(&Checkers.initial(6)), 36768);
}

#[test]
fn opening_moves_in_order() {
    let start = Checkers.initial(3);
    assert_eq!(
        move_texts(&start),
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    assert!(Checkers.max_to_move(&start));
    let after = play_all(start, &["11-15"]);
    assert!(!Checkers.max_to_move(&after));
    assert_eq!(Checkers.depth(&after), 2);
    assert_eq!(
        move_texts(&after),
        ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]
    );
}

#[test]
fn capture_is_mandatory() {
    // After 11-15 24-19 Black's man on 15 can jump 19; no other move is allowed. White then has
    // two recaptures, 27x20 and 28x19.
    let pos = play_all(Checkers.initial(5), &["11-15", "24-19"]);
    assert_eq!(move_texts(&pos), ["15x24"]);
    assert_eq!(
        Checkers.parse_move(&pos, "11-16").unwrap_err(),
        GameError::Domain("checkers_move", GTerm::Atom(Cow::Owned("11-16".to_owned())))
    );
    let pos = play_all(pos, &["15x24"]);
    assert_eq!(move_texts(&pos), ["27x20", "28x19"]);
}

#[test]
fn a_multi_jump_is_one_move_and_branches() {
    // A black man on 9 jumps 14 to 18, then either 22 to 25 or 23 to 27.
    let pos = position(&[9], &[14, 22, 23], &[], true);
    assert_eq!(move_texts(&pos), ["9x18x25", "9x18x27"]);
    let after = play_all(pos, &["9x18x27"]);
    assert_eq!(after.white, set(&[22]));
    assert_eq!(after.black, set(&[27]));
    // Origin and destination are enough when they name one move.
    assert_eq!(
        Checkers.parse_move(&pos, "9x25").map(|m| notation(&m)),
        Ok("9x18x25".to_owned())
    );
}

#[test]
fn paths_to_the_same_square_count_separately() {
    // A black king on 6 with white men on 9, 10, 17 and 18 can take all four round the square
    // 14 either way, ending on 6 both times: two moves.
    let pos = position(&[6], &[9, 10, 17, 18], &[6], true);
    assert_eq!(move_texts(&pos), ["6x13x22x15x6", "6x15x22x13x6"]);
    assert!(
        Checkers.parse_move(&pos, "6x6").is_err(),
        "two moves join 6 to 6"
    );
    let after = play_all(pos, &["6x15x22x13x6"]);
    assert_eq!(
        (after.black, after.white, after.kings),
        (set(&[6]), 0, set(&[6]))
    );
    assert_eq!(Checkers.outcome(&after), Some(Outcome::MaxWins));
    assert_eq!(Checkers.static_value(&after), WIN_VALUE);
}

#[test]
fn crowning_ends_the_move() {
    // The man on 22 jumps 26 and is crowned on 31; as a king it could go on over 27, but the
    // crowning ends the move.
    let pos = position(&[22], &[26, 27], &[], true);
    assert_eq!(move_texts(&pos), ["22x31"]);
    let after = play_all(pos, &["22x31"]);
    assert_eq!(after.kings, set(&[31]));
    // A white man steps onto 1-4 and is crowned too.
    let pos = position(&[32], &[5], &[], false);
    let after = play_all(pos, &["5-1"]);
    assert_eq!(after.kings, set(&[1]));
}

#[test]
fn kings_move_both_ways_men_only_forward() {
    let pos = position(&[15], &[32], &[15], true);
    assert_eq!(move_texts(&pos), ["15-10", "15-11", "15-18", "15-19"]);
    let pos = position(&[15], &[32], &[], true);
    assert_eq!(move_texts(&pos), ["15-18", "15-19"]);
    // A king jumps backwards as well.
    let pos = position(&[15], &[11, 32], &[15], true);
    assert_eq!(move_texts(&pos), ["15x8"]);
}

#[test]
fn a_side_without_moves_loses() {
    // White's only man on 29 is blocked by black men on 25 and 22 (the jump lands off the board
    // and on an occupied square), so White, to move, has lost.
    let pos = position(&[22, 25], &[29], &[], false);
    assert_eq!(move_texts(&pos), Vec::<String>::new());
    assert_eq!(Checkers.outcome(&pos), Some(Outcome::MaxWins));
    let pos = position(&[], &[29], &[], true);
    assert_eq!(Checkers.outcome(&pos), Some(Outcome::MinWins));
    assert_eq!(Checkers.static_value(&pos), -WIN_VALUE);
}

#[test]
fn evaluation_is_material_from_blacks_side() {
    assert_eq!(Checkers.static_value(&Checkers.initial(1)), 0);
    let pos = position(&[1, 2, 15], &[30], &[15], true);
    assert_eq!(Checkers.static_value(&pos), 100 + 100 + 150 - 100);
    let pos = position(&[1], &[30, 31], &[31], true);
    assert_eq!(Checkers.static_value(&pos), 100 - 100 - 150);
}

/// Positions along a fixed pseudo-random game, long enough to crown kings, and a few set up.
fn sample_positions() -> Vec<CheckersPos> {
    let mut out = vec![
        position(&[6], &[9, 10, 17, 18], &[6], true),
        position(&[15], &[11, 32], &[15, 32], false),
        position(&[], &[29], &[], true),
    ];
    let mut pos = Checkers.initial(200);
    let mut seed = 12345u64;
    while out.len() < 60 {
        let mut moves = Vec::new();
        Checkers.moves(&pos, &mut moves);
        if moves.is_empty() {
            pos = Checkers.initial(200);
            continue;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos = Checkers.play(&pos, &moves[(seed >> 33) as usize % moves.len()]);
        out.push(pos);
    }
    out
}

#[test]
fn position_terms_round_trip() {
    let positions = sample_positions();
    assert!(
        positions.iter().any(|p| p.kings != 0),
        "the sample should hold kings"
    );
    for p in positions {
        let term = Checkers.to_term(&p);
        assert_eq!(Checkers.from_term(&term), Ok(p), "{term:?}");
    }
    let row = |square: &'static str| GTerm::List(vec![GTerm::atom(square); 4]);
    let start_rows = [
        row("b"),
        row("b"),
        row("b"),
        row("e"),
        row("e"),
        row("w"),
        row("w"),
        row("w"),
    ];
    assert_eq!(
        Checkers.to_term(&Checkers.initial(4)),
        GTerm::compound(
            "checkers",
            vec![
                GTerm::Int(4),
                GTerm::atom("black"),
                GTerm::List(start_rows.to_vec()),
            ]
        )
    );
    let kings = position_from_string("B..............................W", false, 2).unwrap();
    let t = Checkers.to_term(&kings);
    let GTerm::Compound(_, args) = &t else {
        panic!("{t:?}")
    };
    let GTerm::List(rows) = &args[2] else {
        panic!("{t:?}")
    };
    assert_eq!(
        rows[0],
        GTerm::List(vec![
            GTerm::atom("bk"),
            GTerm::atom("e"),
            GTerm::atom("e"),
            GTerm::atom("e")
        ])
    );
    assert_eq!(
        rows[7],
        GTerm::List(vec![
            GTerm::atom("e"),
            GTerm::atom("e"),
            GTerm::atom("e"),
            GTerm::atom("wk")
        ])
    );
    assert_eq!(Checkers.from_term(&t), Ok(kings));
}

#[test]
fn malformed_terms_are_errors() {
    let board = match Checkers.to_term(&Checkers.initial(0)) {
        GTerm::Compound(_, args) => args[2].clone(),
        other => panic!("{other:?}"),
    };
    let term = |args: Vec<GTerm>| GTerm::compound("checkers", args);
    assert_eq!(
        Checkers.from_term(&GTerm::atom("checkers")).unwrap_err(),
        GameError::Type("checkers_position", GTerm::atom("checkers"))
    );
    assert_eq!(
        Checkers
            .from_term(&term(vec![
                GTerm::Int(-2),
                GTerm::atom("black"),
                board.clone()
            ]))
            .unwrap_err(),
        GameError::Domain("not_less_than_zero", GTerm::Int(-2))
    );
    assert_eq!(
        Checkers
            .from_term(&term(vec![
                GTerm::Int(2),
                GTerm::atom("red"),
                board.clone()
            ]))
            .unwrap_err(),
        GameError::Domain("checkers_side", GTerm::atom("red"))
    );
    let rows = |squares: [&'static str; 8]| {
        GTerm::List(
            squares
                .iter()
                .map(|s| GTerm::List(vec![GTerm::atom(s); 4]))
                .collect(),
        )
    };
    let e = "e";
    for culprit in [
        GTerm::List(vec![]),
        rows(["b", "b", "b", e, e, "w", "w", "x"]),
        // Men on the row where they would have been crowned.
        rows([e, e, e, e, e, e, e, "b"]),
        rows(["w", e, e, e, e, e, e, e]),
        GTerm::List(vec![GTerm::List(vec![GTerm::atom(e); 4]); 9]),
        GTerm::List(vec![GTerm::List(vec![GTerm::atom(e); 8]); 8]),
    ] {
        assert_eq!(
            Checkers
                .from_term(&term(vec![
                    GTerm::Int(2),
                    GTerm::atom("white"),
                    culprit.clone()
                ]))
                .unwrap_err(),
            GameError::Domain("checkers_board", culprit.clone()),
            "{culprit:?}"
        );
    }
    let start = Checkers.initial(1);
    for bad in [
        "",
        "11",
        "11-",
        "0-4",
        "33-29",
        "11-15-",
        "x",
        "eleven-fifteen",
        "11-14",
    ] {
        assert!(Checkers.parse_move(&start, bad).is_err(), "{bad:?}");
    }
}

#[test]
fn the_board_for_people() {
    let expected = [
        "   b   b   b   b     1  2  3  4",
        " b   b   b   b       5  6  7  8",
        "   b   b   b   b     9 10 11 12",
        " .   .   .   .      13 14 15 16",
        "   .   .   .   .    17 18 19 20",
        " w   w   w   w      21 22 23 24",
        "   w   w   w   w    25 26 27 28",
        " w   w   w   w      29 30 31 32",
        "Black to move, depth 2",
    ];
    assert_eq!(
        Checkers.show(&Checkers.initial(2)),
        expected.join("\n") + "\n"
    );
}
