//! The evaluations written in Prolog in `programs/games/*_eval.pl` against references computed
//! another way, position by position.
//!
//! The positions come from seeded random games played with the native library in Rust, so each
//! run checks the same ones. Each position is written as a Prolog fact, the evaluation program
//! scores it in ply, and the test computes the value again over the native position: with the
//! library's bitboards for Connect Four (centre and threats), Othello (corners and mobility) and
//! chess (material), and with the library's own static value where the program's definition is
//! the library's (checkers, Kalah, tic-tac-toe, the coin game).

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

/// For the programs whose definition is the library's: the library's static value.
fn check_against_library(program: &str, name: GTerm, max_plies: u64) {
    let (game, positions) = sample(&name, 150, max_plies);
    check(program, &positions, |t| {
        game.static_value(t).expect("a position")
    });
}

#[test]
fn checkers_material_equals_the_library_value() {
    check_against_library(
        "programs/games/checkers_eval.pl",
        GTerm::atom("checkers"),
        80,
    );
}

#[test]
fn kalah_tictactoe_and_coins_equal_the_library_values() {
    let kalah = GTerm::compound("kalah", vec![GTerm::Int(6), GTerm::Int(4)]);
    check_against_library("programs/games/kalah_eval.pl", kalah, 60);
    check_against_library("programs/games/kalah_eval.pl", GTerm::atom("tictactoe"), 9);
    let coins = GTerm::compound("coins", vec![GTerm::Int(13), GTerm::Int(3)]);
    check_against_library("programs/games/kalah_eval.pl", coins, 12);
}
