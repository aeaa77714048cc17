//! The evaluations written in Prolog in `programs/games/*_eval.pl` against references computed
//! another way, position by position.
//!
//! The positions come from seeded random games played with the native library in Rust, so each
//! run checks the same ones. Each position is written as a Prolog fact, the evaluation program
//! scores it in ply, and the test computes the value again over the native position: with the
//! library's bitboards for Connect Four (centre and threats), Othello (corners and mobility) and
//! chess (material), and straight from the position term's arguments for checkers, Kalah,
//! tic-tac-toe and the coin game, whose programs define the library's own evaluations: for
//! those four the library's static value is checked against the same reference, so neither
//! the Prolog program nor the library is its own reference.

use std::path::Path;

use ply::games::chess::{self, ChessBoard};
use ply::games::connect4::{self, Connect4};
use ply::games::othello::{Othello, OthelloMove};
use ply::games::{GTerm, Outcome, TermGame};

use crate::support::positions;

use positions::{run_with_facts, sample, text};

/// The values ply's `стат_оц/2` gives `positions` with the evaluation program `program` loaded.
fn prolog_values(program: &str, positions: &[GTerm]) -> Vec<i64> {
    let facts: String = positions
        .iter()
        .map(|p| format!("поз({}).\n", text(p)))
        .collect();
    let name = Path::new(program).file_stem().unwrap().to_string_lossy();
    let stdout = run_with_facts(
        "печать_оценок",
        &[program, "tests/games_eval/values.pl"],
        &name,
        &facts,
    );
    stdout
        .lines()
        .map(|l| l.parse().unwrap_or_else(|_| panic!("{program}: {l}")))
        .collect()
}

/// Checks the Prolog values of `positions` against `reference`, position by position.
fn check(program: &str, positions: &[GTerm], reference: impl Fn(&GTerm) -> i64) {
    let values = prolog_values(program, positions);
    assert_eq!(values.len(), positions.len(), "{program}");
    for (pos, value) in positions.iter().zip(values) {
        assert_eq!(value, reference(pos), "{program} on {}", text(pos));
    }
    // The sample must hold more than one value, or the test could not tell evaluations apart.
    let distinct: std::collections::HashSet<i64> = positions.iter().map(&reference).collect();
    assert!(distinct.len() > 1, "{program}: {distinct:?}");
}

#[test]
fn connect4_centre_and_threats() {
    let (_, positions) = sample(&GTerm::atom("connect4"), 150, 30);
    check("programs/games/connect4_eval.pl", &positions, |t| {
        let pos = Connect4::new().from_term(t).expect("a position");
        match pos.outcome() {
            Some(Outcome::MaxWins) => 1000,
            Some(Outcome::MinWins) => -1000,
            _ => {
                let centre = connect4::column_mask(3);
                let mask = pos.mask();
                let count = |bits: u64| i64::from(bits.count_ones());
                3 * (count(pos.x & centre) - count(pos.o & centre))
                    + count(connect4::winning_cells(pos.x, mask))
                    - count(connect4::winning_cells(pos.o, mask))
            }
        }
    });
}

#[test]
fn othello_corners_and_mobility() {
    let (_, positions) = sample(&GTerm::atom("othello"), 120, 60);
    check("programs/games/othello_eval.pl", &positions, |t| {
        let pos = Othello.from_term(t).expect("a position");
        if pos.is_over() {
            let margin = pos.black.count_ones() as i64 - pos.white.count_ones() as i64;
            return 10000 * margin.signum();
        }
        let corners = |discs: u64| i64::from((discs & 0x8100_0000_0000_0081).count_ones());
        let mobility = |black_to_move| {
            let mut moves = Vec::new();
            ply::games::othello::OthelloPos {
                black_to_move,
                ..pos
            }
            .legal_moves(&mut moves);
            moves.iter().filter(|m| **m != OthelloMove::Pass).count() as i64
        };
        25 * (corners(pos.black) - corners(pos.white)) + mobility(true) - mobility(false)
    });
}

#[test]
fn chess_material() {
    let (_, positions) = sample(&GTerm::atom("chess"), 120, 120);
    check("programs/games/chess_eval.pl", &positions, |t| {
        let (board, _) = chess::term::read_position(t).expect("a position");
        match chess::board_outcome(&board) {
            Some(Outcome::MaxWins) => chess::MATE_VALUE,
            Some(Outcome::MinWins) => -chess::MATE_VALUE,
            Some(Outcome::Draw) => 0,
            None => material(&board),
        }
    });
}

/// White's material minus Black's from the board's bitboards.
fn material(board: &ChessBoard) -> i64 {
    use cozy_chess::{Color, Piece};
    let values = [
        (Piece::Pawn, chess::PAWN_VALUE),
        (Piece::Knight, chess::KNIGHT_VALUE),
        (Piece::Bishop, chess::BISHOP_VALUE),
        (Piece::Rook, chess::ROOK_VALUE),
        (Piece::Queen, chess::QUEEN_VALUE),
    ];
    let side = |color| {
        values
            .iter()
            .map(|&(piece, value)| board.colored_pieces(color, piece).len() as i64 * value)
            .sum::<i64>()
    };
    side(Color::White) - side(Color::Black)
}

/// The arguments of a position term `name(...)`.
fn args<'a>(t: &'a GTerm, name: &str) -> &'a [GTerm] {
    match t {
        GTerm::Compound(f, args) if f.as_ref() == name => args,
        _ => panic!("not a {name} position: {}", text(t)),
    }
}

fn int(t: &GTerm) -> i64 {
    match t {
        GTerm::Int(n) => *n,
        _ => panic!("not an integer: {}", text(t)),
    }
}

fn atom(t: &GTerm) -> &str {
    match t {
        GTerm::Atom(a) => a.as_ref(),
        _ => panic!("not an atom: {}", text(t)),
    }
}

fn items(t: &GTerm) -> &[GTerm] {
    match t {
        GTerm::List(items) => items,
        _ => panic!("not a list: {}", text(t)),
    }
}

/// Checks the Prolog values against `reference`, computed here from the position term, and the
/// library's static value against the same reference.
fn check_game(program: &str, name: GTerm, max_plies: u64, reference: impl Fn(&GTerm) -> i64) {
    let (game, positions) = sample(&name, 150, max_plies);
    for pos in &positions {
        let library = game.static_value(pos).expect("a position");
        assert_eq!(library, reference(pos), "the library on {}", text(pos));
    }
    check(program, &positions, reference);
}

#[test]
fn checkers_material() {
    // Man 100, king 150, Black's minus White's; +/-100000 when the side to move has no move.
    // Whether a move exists is the library's move generator, which the checkers perft tests
    // check against Aart Bik's published counts.
    let game = ply::games::lookup(&GTerm::atom("checkers")).unwrap();
    check_game(
        "programs/games/checkers_eval.pl",
        GTerm::atom("checkers"),
        80,
        |t| {
            let a = args(t, "checkers");
            if game.successors(t).expect("a position").is_empty() {
                return if atom(&a[1]) == "black" {
                    -100_000
                } else {
                    100_000
                };
            }
            items(&a[2])
                .iter()
                .flat_map(|row| items(row).iter())
                .map(|square| match atom(square) {
                    "b" => 100,
                    "bk" => 150,
                    "w" => -100,
                    "wk" => -150,
                    _ => 0,
                })
                .sum()
        },
    );
}

#[test]
fn kalah_stores() {
    // kalah(Depth, ToMove, MaxHoles, MaxStore, MinHoles, MinStore): MAX's store minus MIN's.
    let kalah = GTerm::compound("kalah", vec![GTerm::Int(6), GTerm::Int(4)]);
    check_game("programs/games/kalah_eval.pl", kalah, 60, |t| {
        let a = args(t, "kalah");
        int(&a[3]) - int(&a[5])
    });
}

#[test]
fn tictactoe_open_lines() {
    // ttt(Depth, ToMove, 3, Eval, Rows): +/-1000 for a line of X / O, else the lines without an
    // O minus the lines without an X.
    check_game(
        "programs/games/kalah_eval.pl",
        GTerm::atom("tictactoe"),
        9,
        |t| {
            let rows: Vec<Vec<&str>> = items(&args(t, "ttt")[4])
                .iter()
                .map(|row| items(row).iter().map(atom).collect())
                .collect();
            let mut lines: Vec<[(usize, usize); 3]> = Vec::new();
            for i in 0..3 {
                lines.push([(i, 0), (i, 1), (i, 2)]);
                lines.push([(0, i), (1, i), (2, i)]);
            }
            lines.push([(0, 0), (1, 1), (2, 2)]);
            lines.push([(0, 2), (1, 1), (2, 0)]);
            let count = |pred: &dyn Fn(&str) -> bool| {
                lines
                    .iter()
                    .filter(|l| l.iter().all(|&(r, c)| pred(rows[r][c])))
                    .count() as i64
            };
            if count(&|s| s == "x") > 0 {
                1000
            } else if count(&|s| s == "o") > 0 {
                -1000
            } else {
                count(&|s| s != "o") - count(&|s| s != "x")
            }
        },
    );
}

#[test]
fn coins_win_or_loss() {
    // coins(Depth, ToMove, Coins, K): whoever is to move at an empty pile did not take the last
    // coin and has won: +1 for MAX, -1 for MIN, 0 while coins remain.
    let coins = GTerm::compound("coins", vec![GTerm::Int(13), GTerm::Int(3)]);
    check_game("programs/games/kalah_eval.pl", coins, 12, |t| {
        let a = args(t, "coins");
        match (int(&a[2]), atom(&a[1])) {
            (0, "max") => 1,
            (0, _) => -1,
            _ => 0,
        }
    });
}
