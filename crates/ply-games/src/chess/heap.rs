//! Chess positions written straight onto the heap through the heap codec (`games/codec.rs`), for
//! the bridge: the same term as [`super::term::position_term`], with the ranks and the castling
//! list that a move leaves alone shared with the parent's term.

use cozy_chess::{BitBoard, Color, Piece, Rank, Square};

use super::board::ChessBoard;
use super::{Chess, ChessPos};
use crate::codec::{HeapGame, Writer};
use ply_term::Cell;

/// Where the piece atoms start in [`Chess::ATOMS`] (`e`, then White's pieces, then Black's).
const PIECE_ATOMS: usize = 4;

/// Where the square atoms start in [`Chess::ATOMS`] (`a1`, `b1`, ..., `h8`).
const SQUARE_ATOMS: usize = PIECE_ATOMS + 13;

/// The squares where `a` and `b` hold different things (another piece, another colour, or
/// one of them nothing).
fn changed_squares(a: &ChessBoard, b: &ChessBoard) -> BitBoard {
    let mut diff = BitBoard::EMPTY;
    for c in Color::ALL {
        diff |= a.colors(c) ^ b.colors(c);
    }
    for p in Piece::ALL {
        diff |= a.pieces(p) ^ b.pieces(p);
    }
    diff
}

/// The squares of rank `rank` (0 for the first), as plain arithmetic: going through `Rank`
/// costs a checked conversion per call.
#[inline]
fn rank_mask(rank: usize) -> BitBoard {
    BitBoard(0xff << (8 * rank))
}

/// The atom index (in [`Chess::ATOMS`]) of what stands on each file of `rank` (0 for the
/// first).
fn rank_atoms(board: &ChessBoard, rank: usize) -> [usize; 8] {
    let mask = rank_mask(rank);
    let mut squares = [PIECE_ATOMS; 8];
    for (c, color) in Color::ALL.into_iter().enumerate() {
        let own = board.colors(color) & mask;
        if own.is_empty() {
            continue;
        }
        // Pieces in the order of the atoms: pawn, knight, bishop, rook, queen, king.
        for (p, piece) in Piece::ALL.into_iter().enumerate() {
            for sq in own & board.pieces(piece) {
                squares[sq.file() as usize] = PIECE_ATOMS + 1 + p + 6 * c;
            }
        }
    }
    squares
}

impl HeapGame for Chess {
    const ATOMS: &'static [&'static str] = &[
        "chess", "white", "black", "none", "e", "wp", "wn", "wb", "wr", "wq", "wk", "bp", "bn",
        "bb", "br", "bq", "bk", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2",
        "d2", "e2", "f2", "g2", "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4",
        "c4", "d4", "e4", "f4", "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6",
        "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
        "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
    ];

    fn encode(&self, w: &mut Writer<'_>, pos: &ChessPos, parent: Option<&ChessPos>) -> Cell {
        let board = &pos.board;
        // Row 0 of the term is rank 8.
        let rank_of = |r: usize| 7 - r;
        let changed = parent.map(|p| changed_squares(&p.board, board));
        let same = |r: usize| changed.is_some_and(|d| (d & rank_mask(rank_of(r))).is_empty());
        // The files of row `r` the move changed.
        let changed_files = |r: usize| changed.map_or(0xff, |d| (d.0 >> (8 * rank_of(r))) & 0xff);
        let rows = w.rows(2, 8, same, |w, r| {
            let squares = rank_atoms(board, rank_of(r));
            let atoms = squares.map(|k| w.atom(k));
            w.row_list(r, &atoms, changed_files(r))
        });
        let unchanged_rights = parent.is_some_and(|p| {
            Color::ALL
                .into_iter()
                .all(|c| p.board.castle_rights(c) == board.castle_rights(c))
        });
        let castling = match unchanged_rights.then(|| w.parent_arg(3)).flatten() {
            Some(c) => c,
            None => {
                let mut rooks = [w.atom(3); 4];
                let mut n = 0;
                for color in Color::ALL {
                    let rights = board.castle_rights(color);
                    let back_rank = Rank::First.relative_to(color);
                    for file in [rights.short, rights.long].into_iter().flatten() {
                        rooks[n] = w.atom(SQUARE_ATOMS + Square::new(file, back_rank) as usize);
                        n += 1;
                    }
                }
                w.list(&rooks[..n])
            }
        };
        let en_passant = match board.en_passant() {
            Some(file) => {
                let rank = Rank::Sixth.relative_to(board.side_to_move());
                w.atom(SQUARE_ATOMS + Square::new(file, rank) as usize)
            }
            None => w.atom(3),
        };
        let depth = w.depth(pos.depth);
        let side = w.side(board.side_to_move() == Color::White);
        let halfmove = w.int(i64::from(board.halfmove_clock()));
        let fullmove = w.int(i64::from(board.fullmove_number()));
        w.compound(
            0,
            &[depth, side, rows, castling, en_passant, halfmove, fullmove],
        )
    }
}
