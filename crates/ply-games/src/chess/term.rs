//! The chess position term: `chess(Depth, Side, Rows, Castling, EnPassant, Halfmove, Fullmove)`,
//! made of integers and of atoms from a fixed vocabulary, so that it prints with `writeq/1` and
//! reads back `==` under any `double_quotes` flag, and so that generating positions never adds
//! an atom.
//!
//! * `Side` is `white` or `black`.
//! * `Rows` is eight lists of eight atoms, rank 8 first and files a to h within a rank (the order
//!   of a FEN): `e` for an empty square, `wp`, `wn`, `wb`, `wr`, `wq`, `wk` for White's pieces
//!   and `bp` ... `bk` for Black's.
//! * `Castling` lists the squares of the rooks that may still castle, White's then Black's, the
//!   king side first: `[h1, a1, h8, a8]` at the start, `[]` when nobody may castle. Naming the
//!   rook square covers Chess960 starts as well.
//! * `EnPassant` is the square a pawn may capture onto en passant (`e3`), or `none`.
//! * `Halfmove` and `Fullmove` are the FEN's move clocks.
//!
//! A term is read back by writing the FEN it stands for and reading that with [`super::fen`], so
//! that every rule a FEN must obey holds for terms too. Nothing here may panic on a user's term.

use cozy_chess::{Color, File, Piece, Rank, Square};

use super::board::ChessBoard;
use super::fen;
use crate::term_read::{self, RowsShape};
use crate::{GTerm, GameError};

/// The square atoms, `a1` to `h8`, indexed as cozy-chess indexes squares (a1, b1, ..., h8).
pub const SQUARES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// The square atoms of a board: empty, then White's pieces, then Black's.
const PIECES: [&str; 13] = [
    "e", "wp", "wn", "wb", "wr", "wq", "wk", "bp", "bn", "bb", "br", "bq", "bk",
];

/// The FEN letter of each entry of [`PIECES`].
const PIECE_LETTERS: &[u8; 13] = b".PNBRQKpnbrqk";

/// The board in a position term.
const BOARD_SHAPE: RowsShape = RowsShape {
    rows: 8,
    cols: 8,
    squares: &PIECES,
    domain: "chess_board",
};

/// The atom of the piece (or emptiness) on `sq`.
fn piece_atom(board: &ChessBoard, sq: Square) -> &'static str {
    let (Some(piece), Some(color)) = (board.piece_on(sq), board.color_on(sq)) else {
        return PIECES[0];
    };
    let index = match piece {
        Piece::Pawn => 1,
        Piece::Knight => 2,
        Piece::Bishop => 3,
        Piece::Rook => 4,
        Piece::Queen => 5,
        Piece::King => 6,
    };
    PIECES[if color == Color::White {
        index
    } else {
        index + 6
    }]
}

/// The position term of `board` with `depth` plies of horizon.
pub fn position_term(board: &ChessBoard, depth: u32) -> GTerm {
    let side = match board.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let rows = Rank::ALL
        .into_iter()
        .rev()
        .map(|rank| {
            GTerm::List(
                File::ALL
                    .into_iter()
                    .map(|file| GTerm::atom(piece_atom(board, Square::new(file, rank))))
                    .collect(),
            )
        })
        .collect();
    GTerm::compound(
        "chess",
        vec![
            term_read::depth_term(depth),
            GTerm::atom(side),
            GTerm::List(rows),
            castling_term(board),
            GTerm::atom(en_passant_atom(board)),
            GTerm::Int(i64::from(board.halfmove_clock())),
            GTerm::Int(i64::from(board.fullmove_number())),
        ],
    )
}

/// The index in [`SQUARES`] of a square atom, or a `domain_error(domain, t)`.
fn square_of(t: &GTerm, domain: &'static str) -> Result<usize, GameError> {
    term_read::one_of(t, &SQUARES, domain)
}

/// The castling rights as a list of the rooks' squares, White's first.
fn castling_term(board: &ChessBoard) -> GTerm {
    let mut castling = Vec::new();
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        let back_rank = Rank::First.relative_to(color);
        for file in [rights.short, rights.long].into_iter().flatten() {
            castling.push(GTerm::atom(SQUARES[Square::new(file, back_rank) as usize]));
        }
    }
    GTerm::List(castling)
}

/// The en passant square: where the capturing pawn lands, behind the pawn that just moved two
/// squares; `none` without one.
fn en_passant_atom(board: &ChessBoard) -> &'static str {
    match board.en_passant() {
        Some(file) => {
            let rank = Rank::Sixth.relative_to(board.side_to_move());
            SQUARES[Square::new(file, rank) as usize]
        }
        None => "none",
    }
}

/// The key (`zobrist.rs`) of the position term of `after`, a successor of `before` whose key
/// is `key`: the squares whose piece changed, the side, and the castling rights, en passant
/// square and clocks where they changed.
pub fn key_after(before: &ChessBoard, key: u64, after: &ChessBoard) -> u64 {
    use crate::zobrist::{place, squares_delta, step, subterm_key, swap_atom, swap_int};
    let mut changed = cozy_chess::BitBoard::EMPTY;
    for color in Color::ALL {
        for piece in Piece::ALL {
            changed |= before.colored_pieces(color, piece) ^ after.colored_pieces(color, piece);
        }
    }
    // Row 0 of the term is the eighth rank; square index = rank * 8 + file.
    let rows = place(&[2]);
    let at = |i: usize| step(step(rows, 7 - i / 8), i % 8);
    let piece = |b: &ChessBoard, i: usize| piece_atom(b, Square::index(i));
    let side = |b: &ChessBoard| match b.side_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let mut k = key
        ^ squares_delta(changed.0, at, |i| piece(before, i), |i| piece(after, i))
        ^ swap_atom(place(&[1]), side(before), side(after))
        ^ swap_atom(place(&[4]), en_passant_atom(before), en_passant_atom(after))
        ^ swap_int(
            place(&[5]),
            i64::from(before.halfmove_clock()),
            i64::from(after.halfmove_clock()),
        )
        ^ swap_int(
            place(&[6]),
            i64::from(before.fullmove_number()),
            i64::from(after.fullmove_number()),
        );
    if Color::ALL
        .into_iter()
        .any(|c| before.castle_rights(c) != after.castle_rights(c))
    {
        let castling = place(&[3]);
        k ^= subterm_key(castling, &castling_term(before))
            ^ subterm_key(castling, &castling_term(after));
    }
    k
}

/// The board and depth of a position term; a wrong shape is a type error, a part with no
/// meaning a domain error naming the part, and parts that make no legal position together (no
/// king, a castling rook that is not there) a `domain_error(chess_position, Term)`.
pub fn read_position(term: &GTerm) -> Result<(ChessBoard, u32), GameError> {
    let args = term_read::compound_args(term, "chess", 7, "chess_position")?;
    let depth = term_read::depth(&args[0])?;
    let white = term_read::one_of(&args[1], &["white", "black"], "chess_side")? == 0;
    let squares = term_read::rows_of_atoms(&args[2], &BOARD_SHAPE)?;
    let mut text = String::with_capacity(90);
    for rank in squares.chunks(8) {
        if !text.is_empty() {
            text.push('/');
        }
        let mut empty = 0u8;
        for &piece in rank {
            if piece == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                text.push(char::from(b'0' + empty));
                empty = 0;
            }
            text.push(char::from(PIECE_LETTERS[piece]));
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
    }
    text.push_str(if white { " w " } else { " b " });
    let rooks = term_read::list(&args[3])?;
    if rooks.is_empty() {
        text.push('-');
    }
    // White's rights before Black's, as a FEN lists them.
    for white_rooks in [true, false] {
        for rook in rooks {
            let sq = square_of(rook, "chess_castling")?;
            let letter = match sq / 8 {
                0 if white_rooks => b'A' + (sq % 8) as u8,
                7 if !white_rooks => b'a' + (sq % 8) as u8,
                0 | 7 => continue,
                _ => return Err(GameError::Domain("chess_castling", rook.clone())),
            };
            // X-FEN letters for rooks in the corners, so that a standard position reads without
            // the Chess960 detour; file letters (Shredder-FEN) for any other rook.
            text.push(char::from(match letter {
                b'H' => b'K',
                b'A' => b'Q',
                b'h' => b'k',
                b'a' => b'q',
                other => other,
            }));
        }
    }
    match &args[4] {
        GTerm::Atom(name) if name == "none" => text.push_str(" -"),
        other => {
            text.push(' ');
            text.push_str(SQUARES[square_of(other, "chess_en_passant")?]);
        }
    }
    let halfmove = term_read::int_in(&args[5], 0, 255, "chess_halfmove_clock")?;
    let fullmove = term_read::int_in(&args[6], 1, i64::from(u16::MAX), "chess_fullmove_number")?;
    text.push_str(&format!(" {halfmove} {fullmove}"));
    let board =
        fen::read_fen(&text).map_err(|_| GameError::Domain("chess_position", term.clone()))?;
    Ok((board, depth))
}
