//! [`ChessBoard`]: the board of a chess position, either cozy-chess's fast [`Board`] for every
//! position cozy-chess accepts, or a [`LooseBoard`] for the positions it refuses because no game
//! can reach them.
//!
//! Everything chess does with a board goes through the methods here, so the rest of chess never
//! asks which kind it holds. A board is loose only when cozy-chess refuses it: reading a FEN tries
//! cozy-chess first, and a loose board's successor becomes a standard board as soon as cozy-chess
//! accepts it. So one position always has one representation, and two boards compare equal
//! exactly when they hold the same position. Nothing here may panic on a board either kind made.

use cozy_chess::{BitBoard, Board, CastleRights, Color, File, Move, Piece, Square};

use super::loose_board::LooseBoard;

/// A chess board with side to move, castling rights, en-passant file and move clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessBoard {
    /// A position cozy-chess accepts, with cozy-chess's move generator.
    Standard(Board),
    /// A position no game can reach, with ply's own plain generator. Boxed so that the common
    /// case stays as small as cozy-chess's board.
    Loose(Box<LooseBoard>),
}

impl Default for ChessBoard {
    /// The standard start position.
    fn default() -> Self {
        ChessBoard::Standard(Board::default())
    }
}

impl From<Board> for ChessBoard {
    fn from(board: Board) -> Self {
        ChessBoard::Standard(board)
    }
}

impl ChessBoard {
    /// `board` as a standard board when cozy-chess accepts it, else as a loose one.
    #[inline]
    pub fn from_loose(board: LooseBoard) -> ChessBoard {
        match board.to_standard() {
            Some(standard) => ChessBoard::Standard(standard),
            None => ChessBoard::Loose(Box::new(board)),
        }
    }

    /// True when this is a position cozy-chess refuses.
    #[inline]
    pub fn is_loose(&self) -> bool {
        matches!(self, ChessBoard::Loose(_))
    }

    /// Whose move it is.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        match self {
            ChessBoard::Standard(b) => b.side_to_move(),
            ChessBoard::Loose(b) => b.side_to_move(),
        }
    }

    /// The squares of `piece`, both sides.
    #[inline]
    pub fn pieces(&self, piece: Piece) -> BitBoard {
        match self {
            ChessBoard::Standard(b) => b.pieces(piece),
            ChessBoard::Loose(b) => b.pieces(piece),
        }
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn colors(&self, color: Color) -> BitBoard {
        match self {
            ChessBoard::Standard(b) => b.colors(color),
            ChessBoard::Loose(b) => b.colors(color),
        }
    }

    /// The squares of `color`'s `piece`s.
    #[inline]
    pub fn colored_pieces(&self, color: Color, piece: Piece) -> BitBoard {
        self.pieces(piece) & self.colors(color)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> BitBoard {
        self.colors(Color::White) | self.colors(Color::Black)
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        match self {
            ChessBoard::Standard(b) => b.piece_on(sq),
            ChessBoard::Loose(b) => b.piece_on(sq),
        }
    }

    /// The colour of the piece on `sq`, if any.
    #[inline]
    pub fn color_on(&self, sq: Square) -> Option<Color> {
        match self {
            ChessBoard::Standard(b) => b.color_on(sq),
            ChessBoard::Loose(b) => b.color_on(sq),
        }
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        match self {
            ChessBoard::Standard(b) => b.king(color),
            ChessBoard::Loose(b) => b.king(color),
        }
    }

    /// The rook files `color` may still castle with.
    #[inline]
    pub fn castle_rights(&self, color: Color) -> &CastleRights {
        match self {
            ChessBoard::Standard(b) => b.castle_rights(color),
            ChessBoard::Loose(b) => b.castle_rights(color),
        }
    }

    /// The file of a pawn that has just made a double step.
    #[inline]
    pub fn en_passant(&self) -> Option<File> {
        match self {
            ChessBoard::Standard(b) => b.en_passant(),
            ChessBoard::Loose(b) => b.en_passant(),
        }
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u8 {
        match self {
            ChessBoard::Standard(b) => b.halfmove_clock(),
            ChessBoard::Loose(b) => b.halfmove_clock(),
        }
    }

    /// The number of the full move.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        match self {
            ChessBoard::Standard(b) => b.fullmove_number(),
            ChessBoard::Loose(b) => b.fullmove_number(),
        }
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        match self {
            ChessBoard::Standard(b) => !b.checkers().is_empty(),
            ChessBoard::Loose(b) => b.in_check(),
        }
    }

    /// True when the side to move has a legal move.
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        match self {
            ChessBoard::Standard(b) => b.generate_moves(|_| true),
            ChessBoard::Loose(b) => b.has_legal_move(),
        }
    }

    /// The legal moves, appended to `out` in the generator's own order (see
    /// [`super::legal_moves`] for ply's documented one).
    #[inline]
    pub fn legal_moves_unordered(&self, out: &mut Vec<Move>) {
        match self {
            ChessBoard::Standard(b) => {
                b.generate_moves(|piece_moves| {
                    out.extend(piece_moves);
                    false
                });
            }
            ChessBoard::Loose(b) => b.legal_moves(out),
        }
    }

    /// The board after `mv`, or `None` when `mv` is not legal here.
    #[inline]
    pub fn play(&self, mv: Move) -> Option<ChessBoard> {
        match self {
            ChessBoard::Standard(b) => {
                let mut next = b.clone();
                next.try_play(mv).ok()?;
                Some(ChessBoard::Standard(next))
            }
            ChessBoard::Loose(b) => b.play(mv).map(ChessBoard::from_loose),
        }
    }
}
