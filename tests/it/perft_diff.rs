//! Perft through the Prolog interface against each game's raw native move generator, over
//! positions reached by seeded random games, and perft from dead chess positions against the
//! published counts.
//!
//! For every game, each sampled position is checked twice through ply: `perft/3` (the native
//! perft behind the Prolog interface) against a count made in this test with the game's raw
//! generator (cozy-chess's own move generation for chess, the bitboard generators behind the
//! published checkers and Othello tables, the typed move generator for the others), and a perft
//! written in Prolog over `ходы/2` against the same count made under the game's own rules.
//! Perft counts legal move sequences whatever the draw rules say (the chessprogramming wiki,
//! "Perft": it "ignores draws by repetition, by the fifty-move rule and by insufficient
//! material"), while `ходы/2` stops where the game ends, so for chess the second count stops at
//! dead positions and at the fifty-move rule; in the other games the two counts are the same.
//!
//! The default suite samples 1,000 positions per game; the `#[ignore]`d test takes 10,000 per
//! game: `cargo test --test it -- perft_diff:: --ignored` (about a minute of CPU in the debug
//! profile).

use crate::support::positions;

use cozy_chess::Board;
use ply::games::checkers::{self, Checkers};
use ply::games::chess::{self, Chess};
use ply::games::othello::{self, Othello};
use ply::games::{GTerm, Game, TermGame};
use positions::{run_with_facts, sample, text};

/// Leaves `depth` plies below `pos` by the typed game's own `moves` (its rules included);
/// `finished_counts`: a finished game above the horizon is one leaf.
fn typed_perft<G: Game>(game: &G, pos: &G::Pos, depth: u32, finished_counts: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.moves(pos, &mut moves);
    if moves.is_empty() {
        return u64::from(finished_counts);
    }
    moves
        .iter()
        .map(|m| typed_perft(game, &game.play(pos, m), depth - 1, finished_counts))
        .sum()
}

/// cozy-chess's own perft: its move generator and nothing else.
fn cozy_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// One game of the differential test: its name, how long the random games run, the two perft
/// depths, whether a finished game counts as a leaf, the raw count and the count under the
/// game's rules (the horizon in the position set to the depth).
struct Case {
    name: GTerm,
    max_plies: u64,
    depth: u32,
    moves_depth: u32,
    finished_counts: bool,
    /// How many distinct positions the random games reach at least (or all of them, when
    /// fewer are asked for): the sample must not be trivial.
    least: usize,
    raw: fn(&GTerm, u32) -> u64,
    rules: fn(&GTerm, u32) -> u64,
}

/// The typed perft of any game whose typed form `from_name` makes from the case's name.
fn typed<G: TermGame>(game: G, t: &GTerm, depth: u32, finished: bool) -> u64 {
    let pos = game.from_term(t).expect("a position");
    typed_perft(&game, &game.with_depth(&pos, depth), depth, finished)
}

fn chess_raw(t: &GTerm, depth: u32) -> u64 {
    let (board, _) = chess::term::read_position(t).expect("a position");
    let fen = chess::fen::write_fen(&board);
    let cozy = Board::from_fen(&fen, false)
        .or_else(|_| Board::from_fen(&fen, true))
        .expect("cozy-chess reads the FEN");
    cozy_perft(&cozy, depth)
}

fn checkers_raw(t: &GTerm, depth: u32) -> u64 {
    checkers::perft(&Checkers.from_term(t).expect("a position"), depth)
}

fn othello_raw(t: &GTerm, depth: u32) -> u64 {
    othello::perft(&Othello.from_term(t).expect("a position"), depth)
}

fn name(text: &str) -> GTerm {
    match text.split_once('(') {
        None => GTerm::Atom(text.to_owned().into()),
        Some((f, args)) => GTerm::Compound(
            f.to_owned().into(),
            args.trim_end_matches(')')
                .split(',')
                .map(|a| GTerm::Int(a.trim().parse().expect("an integer")))
                .collect(),
        ),
    }
}

/// Every game, with depths its sample can afford in the debug profile.
fn cases() -> Vec<Case> {
    macro_rules! typed_case {
        ($text:expr, $ty:ty, $plies:expr, $depth:expr, $moves_depth:expr, $least:expr) => {{
            fn count(t: &GTerm, depth: u32) -> u64 {
                typed(<$ty>::from_name(&name($text)).unwrap(), t, depth, false)
            }
            Case {
                name: name($text),
                max_plies: $plies,
                depth: $depth,
                moves_depth: $moves_depth,
                finished_counts: false,
                least: $least,
                raw: count,
                rules: count,
            }
        }};
    }
    vec![
        Case {
            name: name("chess"),
            max_plies: 200,
            depth: 2,
            moves_depth: 1,
            finished_counts: false,
            least: 10_000,
            raw: chess_raw,
            rules: |t, d| typed(Chess::new(), t, d, false),
        },
        Case {
            name: name("checkers"),
            max_plies: 80,
            depth: 3,
            moves_depth: 1,
            finished_counts: false,
            least: 10_000,
            raw: checkers_raw,
            rules: |t, d| typed(Checkers, t, d, false),
        },
        Case {
            name: name("othello"),
            max_plies: 60,
            depth: 2,
            moves_depth: 1,
            finished_counts: true,
            least: 10_000,
            raw: othello_raw,
            rules: |t, d| typed(Othello, t, d, true),
        },
        typed_case!("connect4", ply::games::connect4::Connect4, 40, 3, 2, 10_000),
        typed_case!("kalah(6,4)", ply::games::kalah::Kalah, 60, 3, 2, 10_000),
        // The classic board has 5,478 positions in all, the coin game 44.
        typed_case!(
            "tictactoe",
            ply::games::tictactoe::TicTacToe,
            9,
            3,
            2,
            4_000
        ),
        typed_case!(
            "tictactoe(4)",
            ply::games::tictactoe::TicTacToe,
            16,
            2,
            2,
            10_000
        ),
        typed_case!("coins(21,3)", ply::games::coins::Coins, 21, 4, 3, 40),
    ]
}

/// Samples `count` positions of each game and checks both counts on every one.
fn differential(count: usize) {
    for case in cases() {
        let (_, positions) = sample(&case.name, count, case.max_plies);
        let facts: String = positions
            .iter()
            .map(|p| format!("case({},{},{}).\n", text(p), case.depth, case.moves_depth))
            .collect();
        let ends = if case.finished_counts {
            "finished_counts"
        } else {
            "finished_ignored"
        };
        let label = text(&case.name);
        let out = run_with_facts(
            &format!("run({ends})"),
            &["tests/perft_diff/check.pl"],
            &format!("perft_{}", label.replace(['(', ')', ','], "_")),
            &facts,
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), positions.len(), "{label}");
        for (pos, line) in positions.iter().zip(lines) {
            let want = format!(
                "{} {}",
                (case.raw)(pos, case.depth),
                (case.rules)(pos, case.moves_depth)
            );
            assert_eq!(line, want, "{label} at {}", text(pos));
        }
        assert!(
            positions.len() >= case.least.min(count),
            "{label}: {} positions",
            positions.len()
        );
    }
}

#[test]
fn prolog_perft_equals_the_raw_generators_on_random_positions() {
    differential(1_000);
}

#[test]
#[ignore = "10,000 positions per game: about a minute of CPU in the debug profile"]
fn prolog_perft_equals_the_raw_generators_on_ten_thousand_positions_per_game() {
    differential(10_000);
}

/// Published perft counts from positions whose trees pass through dead positions, and from
/// dead positions themselves: perft counts on past them, while ходы/2 and конец_игры/2 keep the
/// game's rules (a dead position has no moves and is a draw).
#[test]
fn perft_counts_through_dead_positions() {
    // Source: the public perft suite perftsuite.epd (126 positions, collected from engine
    // authors' posts and distributed with many open-source engines), depths 1 to 4:
    // king and pawn against king, where Kxa2 leaves the bare kings; knights and bishops, whose
    // captures leave king and minor piece against king, or bishops of one colour.
    let published: &[(&str, [u64; 4])] = &[
        ("8/8/8/8/8/K7/P7/k7 w - - 0 1", [3, 7, 43, 199]),
        ("8/1k6/8/5N2/8/4n3/8/2K5 w - - 0 1", [11, 156, 1636, 20534]),
        ("K7/8/2n5/1n6/8/8/8/k6N w - - 0 1", [3, 51, 345, 5301]),
        ("K7/b7/1b6/1b6/8/8/8/k6B w - - 0 1", [7, 143, 1416, 31787]),
        ("B6b/8/8/8/2K5/4k3/8/b6B w - - 0 1", [17, 278, 4607, 76778]),
    ];
    // Dead at the root, each with its moves counted by hand at depth 1 and by cozy-chess's
    // own generator below: the bare kings of the perft question (Black's king on g6 has five
    // squares not next to White's king on e6), king and knight against king (king a2, b2;
    // knight a3, c3, d2), king and bishop against king (king a2, b2; bishop a2, c2 ... h7), and
    // bishops of one colour (b1 and c8, both light).
    let dead: &[(&str, u64)] = &[
        ("8/8/4K1k1/8/8/8/8/8 b - - 0 1", 5),
        ("k7/8/8/8/8/8/8/KN6 w - - 0 1", 5),
        ("k7/8/8/8/8/8/8/KB6 w - - 0 1", 9),
        ("k1b5/8/8/8/8/8/8/KB6 w - - 0 1", 9),
    ];
    let goal: String = published
        .iter()
        .map(|(fen, _)| *fen)
        .chain(dead.iter().map(|(fen, _)| *fen))
        .map(|fen| format!("dead('{fen}', 4), "))
        .collect::<String>()
        + "true";
    let out = run_with_facts(&goal, &["tests/perft_diff/check.pl"], "perft_dead", "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), published.len() + dead.len(), "{out}");
    for ((fen, counts), line) in published.iter().zip(&lines) {
        let counts: Vec<String> = counts.iter().map(u64::to_string).collect();
        assert!(line.starts_with(&counts.join(" ")), "{fen}: {line}");
    }
    for ((fen, first), line) in dead.iter().zip(&lines[published.len()..]) {
        let board = Board::from_fen(fen, false).expect("a FEN");
        assert_eq!(cozy_perft(&board, 1), *first, "{fen}");
        let counts: Vec<String> = (1..=4).map(|d| cozy_perft(&board, d).to_string()).collect();
        assert_eq!(
            *line,
            format!("{} no moves over draw", counts.join(" ")),
            "{fen}"
        );
    }
}

/// Tic-tac-toe perft is the game tree by ply, a line ending the game: the per-ply node counts
/// of tests/facts/tictactoe_and_coins.txt (Wikipedia "Tic-tac-toe", OEIS A008907).
#[test]
fn tictactoe_perft_is_the_published_tree_by_ply() {
    let out = run_with_facts(
        "initial_position(tictactoe, 0, P), \
         forall(between(1, 9, D), (perft(P, D, N), format('~w ', [N])))",
        &[],
        "perft_tictactoe",
        "",
    );
    assert_eq!(out, "9 72 504 3024 15120 54720 148176 200448 127872 ");
}
