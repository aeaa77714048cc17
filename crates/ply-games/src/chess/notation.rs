//! Chess moves as people and engines write them: standard algebraic notation (SAN: `e4`, `Nf3`,
//! `exd5`, `O-O`, `e8=Q+`) and UCI long algebraic notation (`e2e4`, `e1g1`, `e7e8q`).
//!
//! cozy-chess stores castling as the king capturing its own rook; everything that leaves this file
//! uses the standard forms instead. Parsing must never panic on text typed by a user.

use cozy_chess::{BitBoard, File, Move, Piece, Square};

use super::board::ChessBoard;
use super::legal_moves;

/// Where the king lands when `mv` castles on `board` (g- or c-file of its back rank), or `None`
/// when `mv` is not castling.
pub fn king_landing_square(board: &ChessBoard, mv: Move) -> Option<Square> {
    castling_landing_square(board.colors(board.side_to_move()), mv)
}

/// [`king_landing_square`] for a mover whose pieces stand on `own`.
pub fn castling_landing_square(own: BitBoard, mv: Move) -> Option<Square> {
    if !own.has(mv.to) {
        return None;
    }
    let file = if mv.to.file() > mv.from.file() {
        File::G
    } else {
        File::C
    };
    Some(Square::new(file, mv.from.rank()))
}

/// True when the castling move `mv` is the standard one (king from the e-file, rook from the a-
/// or h-file), which UCI writes as the king's two-square step.
fn is_standard_castling(mv: Move) -> bool {
    mv.from.file() == File::E && matches!(mv.to.file(), File::A | File::H)
}

/// `mv` in UCI notation: origin, destination, promotion letter. Standard castling is the king's
/// two-square step (`e1g1`); Chess960 castling is written king-takes-rook (`b1a1`), as engines do
/// in Chess960 mode, because the king's step can be ambiguous there.
pub fn uci(board: &ChessBoard, mv: Move) -> String {
    match king_landing_square(board, mv) {
        Some(landing) if is_standard_castling(mv) => format!("{}{}", mv.from, landing),
        _ => mv.to_string(),
    }
}

/// `mv` in standard algebraic notation, with `+` for check and `#` for checkmate.
pub fn san(board: &ChessBoard, mv: Move) -> String {
    let mut text = san_without_check(board, mv);
    if let Some(after) = board.play(mv) {
        if after.in_check() {
            text.push(if after.has_legal_move() { '+' } else { '#' });
        }
    }
    text
}

/// SAN without the check suffix.
fn san_without_check(board: &ChessBoard, mv: Move) -> String {
    if king_landing_square(board, mv).is_some() {
        return if mv.to.file() > mv.from.file() {
            "O-O".to_owned()
        } else {
            "O-O-O".to_owned()
        };
    }
    let Some(piece) = board.piece_on(mv.from) else {
        return mv.to_string();
    };
    let mut text = String::new();
    if piece == Piece::Pawn {
        // A pawn that changes file captures, en passant included.
        if mv.from.file() != mv.to.file() {
            text.push(char::from(mv.from.file()));
            text.push('x');
        }
        text.push_str(&mv.to.to_string());
        if let Some(promotion) = mv.promotion {
            text.push('=');
            text.push(char::from(promotion).to_ascii_uppercase());
        }
        return text;
    }
    text.push(char::from(piece).to_ascii_uppercase());
    if piece != Piece::King {
        text.push_str(&disambiguation(board, mv, piece));
    }
    if board.colors(!board.side_to_move()).has(mv.to) {
        text.push('x');
    }
    text.push_str(&mv.to.to_string());
    text
}

/// The origin file, rank or square that tells `mv` apart from the other legal moves of a piece
/// of the same kind to the same square: the file if it suffices, else the rank, else both.
fn disambiguation(board: &ChessBoard, mv: Move, piece: Piece) -> String {
    let rivals: Vec<Square> = legal_moves(board)
        .into_iter()
        .filter(|other| {
            other.to == mv.to && other.from != mv.from && board.piece_on(other.from) == Some(piece)
        })
        .map(|other| other.from)
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|sq| sq.file() != mv.from.file()) {
        char::from(mv.from.file()).to_string()
    } else if rivals.iter().all(|sq| sq.rank() != mv.from.rank()) {
        char::from(mv.from.rank()).to_string()
    } else {
        mv.from.to_string()
    }
}

/// The legal move of `board` that `text` names, in SAN or in UCI.
///
/// SAN may carry check marks and annotations (`+`, `#`, `!`, `?`), may write castling with zeros
/// (`0-0`) and may leave out the `=` of a promotion (`e8Q`). UCI may write castling either as
/// the king's two-square step or as king-takes-rook.
pub fn parse_move(board: &ChessBoard, text: &str) -> Option<Move> {
    let trimmed = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if trimmed.is_empty() {
        return None;
    }
    let castling = match trimmed {
        "0-0" => "O-O",
        "0-0-0" => "O-O-O",
        other => other,
    };
    let wanted = castling.replace('=', "");
    let lower = trimmed.to_ascii_lowercase();
    legal_moves(board).into_iter().find(|&mv| {
        san_without_check(board, mv).replace('=', "") == wanted
            || uci(board, mv) == lower
            || mv.to_string() == lower
    })
}
