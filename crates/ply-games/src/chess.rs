//! Chess as a [`Game`]: the legal moves, the rules of the game's end and a material-and-mobility
//! evaluation, on top of the cozy-chess move generator, with ply's own plain generator
//! ([`loose_board`]) for the positions cozy-chess refuses because no game can reach them.
//!
//! MAX is White and MIN is Black, whoever moves first from a FEN, so that values read the way
//! chess players read them (positive is good for White). A position crosses into Prolog as
//! `chess(Depth, Side, Rows, Castling, EnPassant, Halfmove, Fullmove)` (see [`term`]). This
//! module must never make an atom out of position data, and never panic on a term or a FEN
//! typed by a user.

pub mod board;
pub mod fen;
mod heap;
pub mod loose_board;
pub mod notation;
pub mod term;

#[cfg(test)]
mod fen_tests;
#[cfg(test)]
mod loose_tests;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use cozy_chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color, File, Move, Piece,
    Square,
};

pub use board::ChessBoard;

use super::{GTerm, Game, GameError, Horizon, Outcome, TermGame};

/// The value of a pawn, in centipawns.
pub const PAWN_VALUE: i64 = 100;
/// The value of a knight, in centipawns.
pub const KNIGHT_VALUE: i64 = 320;
/// The value of a bishop, in centipawns.
pub const BISHOP_VALUE: i64 = 330;
/// The value of a rook, in centipawns.
pub const ROOK_VALUE: i64 = 500;
/// The value of a queen, in centipawns.
pub const QUEEN_VALUE: i64 = 900;
/// Centipawns per square that a knight, bishop, rook or queen attacks and that is not occupied by
/// a piece of its own side.
pub const MOBILITY_WEIGHT: i64 = 2;
/// The value of a checkmate, from the winner's side; far above any material count.
pub const MATE_VALUE: i64 = 100_000;

/// The light squares (b1, d1, ..., a2, c2, ...), for the same-coloured-bishops draw rule.
const LIGHT_SQUARES: BitBoard = BitBoard(0x55AA_55AA_55AA_55AA);

/// Chess from the standard start or from a FEN.
#[derive(Clone, Debug)]
pub struct Chess {
    start: ChessBoard,
}

/// A chess position with its remaining search depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChessPos {
    /// The board, with side to move, castling rights, en-passant file and move clocks.
    pub board: ChessBoard,
    /// How many more plies the search may look ahead.
    pub depth: u32,
}

impl Default for Chess {
    fn default() -> Self {
        Chess::new()
    }
}

impl Chess {
    /// Chess from the standard start position.
    pub fn new() -> Chess {
        Chess {
            start: ChessBoard::default(),
        }
    }

    /// Chess from a FEN (six fields, or the four fields of an EPD line; X-FEN and Shredder-FEN
    /// castling rights are accepted). A position no game can reach is accepted as long as it has
    /// one king a side and keeps the other rules of [`loose_board`]; a malformed FEN, or one
    /// that breaks those rules, is `domain_error(fen, Fen)`.
    pub fn from_fen(text: &str) -> Result<Chess, GameError> {
        match fen::read_fen(text) {
            Ok(start) => Ok(Chess { start }),
            Err(_) => Err(GameError::Domain(
                "fen",
                GTerm::Atom(Cow::Owned(text.to_owned())),
            )),
        }
    }

    /// The game named by `chess` or `chess(Fen)`, the FEN an atom or a string.
    pub fn from_name(name: &GTerm) -> Result<Chess, GameError> {
        match name {
            GTerm::Atom(a) if a == "chess" => Ok(Chess::new()),
            GTerm::Compound(f, args) if f == "chess" && args.len() == 1 => {
                let text =
                    text_of(&args[0]).ok_or_else(|| GameError::Type("atom", args[0].clone()))?;
                let start =
                    fen::read_fen(text).map_err(|_| GameError::Domain("fen", args[0].clone()))?;
                Ok(Chess { start })
            }
            other => Err(GameError::Domain("game", other.clone())),
        }
    }

    /// The board this game starts from.
    pub fn start_board(&self) -> &ChessBoard {
        &self.start
    }
}

/// The legal moves of `board` in ply's documented order: by origin square (a1, b1, ..., h1, a2,
/// ..., h8), then by the square the king or piece lands on (castling counts by the king's landing
/// square, g- or c-file), then by promotion piece: queen, rook, bishop, knight.
///
/// The order does not depend on cozy-chess's generation order, which that library leaves
/// unspecified, so that searches give the same answers whatever version generates the moves.
pub fn legal_moves(board: &ChessBoard) -> Vec<Move> {
    let mut moves = Vec::with_capacity(48);
    board.legal_moves_unordered(&mut moves);
    // The mover's pieces, found once rather than once per comparison: they tell castling moves
    // (the king onto its own rook) apart.
    let own = board.colors(board.side_to_move());
    moves.sort_by_key(|mv| move_order_key(own, *mv));
    moves
}

/// The sort key behind [`legal_moves`], `own` the squares of the mover's pieces.
fn move_order_key(own: BitBoard, mv: Move) -> u32 {
    let promotion_rank = match mv.promotion {
        None | Some(Piece::Queen) => 0,
        Some(Piece::Rook) => 1,
        Some(Piece::Bishop) => 2,
        _ => 3,
    };
    let landing = notation::castling_landing_square(own, mv).unwrap_or(mv.to);
    (mv.from as u32) * 512 + (landing as u32) * 8 + promotion_rank
}

/// The number of leaf nodes of the legal-move tree of `board` at exactly `depth` plies: the
/// standard chess perft, which ignores the fifty-move rule and dead positions as the published
/// tables do. A loose board is counted by its own generator all the way down.
pub fn perft(board: &ChessBoard, depth: u32) -> u64 {
    match board {
        ChessBoard::Standard(b) => standard_perft(b, depth),
        ChessBoard::Loose(b) => b.perft(depth),
    }
}

/// [`perft`] of a cozy-chess board: the last ply is counted in bulk from the generator without
/// playing the moves.
fn standard_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0u64;
    if depth == 1 {
        board.generate_moves(|piece_moves| {
            nodes += piece_moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|piece_moves| {
        for mv in piece_moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += standard_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// The result of the game in `board`, if it is over.
///
/// Checkmate wins for the side that gave it, stalemate is a draw, and so are the fifty-move rule
/// (a halfmove clock of 100, checked after mate so that a mating hundredth ply still wins) and the
/// dead positions with too little material to mate: king against king, king and one minor piece
/// against king, and kings with bishops only, all on squares of one colour. Repetition is not
/// detected, because a position carries no history.
pub fn board_outcome(board: &ChessBoard) -> Option<Outcome> {
    if !board.has_legal_move() {
        if !board.in_check() {
            return Some(Outcome::Draw);
        }
        return Some(match board.side_to_move() {
            Color::White => Outcome::MinWins,
            Color::Black => Outcome::MaxWins,
        });
    }
    if board.halfmove_clock() >= 100 || insufficient_material(board) {
        return Some(Outcome::Draw);
    }
    None
}

/// True for the dead positions described at [`board_outcome`].
fn insufficient_material(board: &ChessBoard) -> bool {
    let heavy = board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen);
    if !heavy.is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if knights.len() + bishops.len() <= 1 {
        return true;
    }
    knights.is_empty()
        && ((bishops & LIGHT_SQUARES).is_empty() || (bishops & !LIGHT_SQUARES).is_empty())
}

/// The static value of `board` from White's side, in centipawns.
///
/// A finished game scores [`MATE_VALUE`] for the winner and 0 for a draw. Otherwise the value is
/// White's material minus Black's (pawn 100, knight 320, bishop 330, rook 500, queen 900) plus
/// [`MOBILITY_WEIGHT`] times the difference in mobility, where a side's mobility is the number of
/// squares its knights, bishops, rooks and queens attack that hold none of its own pieces. Pins and
/// the side to move are ignored, so the measure is cheap and symmetric.
pub fn evaluate(board: &ChessBoard) -> i64 {
    match board_outcome(board) {
        Some(Outcome::MaxWins) => MATE_VALUE,
        Some(Outcome::MinWins) => -MATE_VALUE,
        Some(Outcome::Draw) => 0,
        None => {
            let white =
                material(board, Color::White) + MOBILITY_WEIGHT * mobility(board, Color::White);
            let black =
                material(board, Color::Black) + MOBILITY_WEIGHT * mobility(board, Color::Black);
            white - black
        }
    }
}

/// The material of one side, in centipawns; kings count nothing.
fn material(board: &ChessBoard, color: Color) -> i64 {
    let count = |piece| board.colored_pieces(color, piece).len() as i64;
    count(Piece::Pawn) * PAWN_VALUE
        + count(Piece::Knight) * KNIGHT_VALUE
        + count(Piece::Bishop) * BISHOP_VALUE
        + count(Piece::Rook) * ROOK_VALUE
        + count(Piece::Queen) * QUEEN_VALUE
}

/// The mobility of one side as described at [`evaluate`].
fn mobility(board: &ChessBoard, color: Color) -> i64 {
    let own = board.colors(color);
    let occupied = board.occupied();
    let mut squares = 0u32;
    for sq in board.colored_pieces(color, Piece::Knight) {
        squares += (get_knight_moves(sq) & !own).len();
    }
    let diagonal =
        board.colored_pieces(color, Piece::Bishop) | board.colored_pieces(color, Piece::Queen);
    for sq in diagonal {
        squares += (get_bishop_moves(sq, occupied) & !own).len();
    }
    let straight =
        board.colored_pieces(color, Piece::Rook) | board.colored_pieces(color, Piece::Queen);
    for sq in straight {
        squares += (get_rook_moves(sq, occupied) & !own).len();
    }
    i64::from(squares)
}

/// The board as eight ranks of letters (White upper case, `.` empty), with the side to move,
/// the depth and the FEN below.
pub fn board_text(board: &ChessBoard, depth: u32) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        text.push_str(&format!("{} ", rank + 1));
        for file in 0..8 {
            let sq = Square::new(File::index(file), cozy_chess::Rank::index(rank));
            let c = match (board.piece_on(sq), board.color_on(sq)) {
                (Some(piece), Some(Color::White)) => char::from(piece).to_ascii_uppercase(),
                (Some(piece), _) => char::from(piece),
                _ => '.',
            };
            text.push(' ');
            text.push(c);
        }
        text.push('\n');
    }
    text.push_str("   a b c d e f g h\n");
    let side = match board.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    text.push_str(&format!(
        "{side} to move, depth {}\n",
        super::depth_text(depth)
    ));
    text.push_str(&format!("FEN {}\n", fen::write_fen(board)));
    text
}

/// The text of a string or an atom.
fn text_of(term: &GTerm) -> Option<&str> {
    match term {
        GTerm::Str(text) => Some(text),
        GTerm::Atom(text) => Some(text),
        _ => None,
    }
}

impl Horizon for ChessPos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for Chess {
    type Pos = ChessPos;
    type Move = Move;

    fn legal_moves(&self, pos: &ChessPos, out: &mut Vec<Move>) {
        if board_outcome(&pos.board).is_some() {
            return;
        }
        out.extend(legal_moves(&pos.board));
    }

    /// Every legal move, whatever the draw rules say: perft counts past dead positions and the
    /// fifty-move rule, as the chessprogramming wiki's tables do.
    fn perft_moves(&self, pos: &ChessPos, out: &mut Vec<Move>) {
        pos.board.legal_moves_unordered(out);
    }

    fn after(&self, pos: &ChessPos, mv: &Move) -> ChessPos {
        // Moves come from `moves` or `parse_move`, so they are legal; an illegal one from a
        // careless caller leaves the board as it was instead of corrupting it.
        let Some(board) = pos.board.play(*mv) else {
            return pos.clone();
        };
        ChessPos {
            board,
            depth: pos.depth,
        }
    }

    fn max_to_move(&self, pos: &ChessPos) -> bool {
        pos.board.side_to_move() == Color::White
    }

    fn static_value(&self, pos: &ChessPos) -> i64 {
        evaluate(&pos.board)
    }

    fn outcome(&self, pos: &ChessPos) -> Option<Outcome> {
        board_outcome(&pos.board)
    }
}

impl TermGame for Chess {
    fn key_after(&self, pos: &ChessPos, key: u64, next: &ChessPos) -> u64 {
        term::key_after(&pos.board, key, &next.board)
    }

    fn name(&self) -> GTerm {
        if self.start == ChessBoard::default() {
            GTerm::atom("chess")
        } else {
            // One atom per game started from a FEN, made once, never per position.
            let fen = GTerm::Atom(Cow::Owned(fen::write_fen(&self.start)));
            GTerm::compound("chess", vec![fen])
        }
    }

    fn initial(&self, depth: u32) -> ChessPos {
        ChessPos {
            board: self.start.clone(),
            depth,
        }
    }

    fn to_term(&self, pos: &ChessPos) -> GTerm {
        term::position_term(&pos.board, pos.depth)
    }

    fn from_term(&self, t: &GTerm) -> Result<ChessPos, GameError> {
        let (board, depth) = term::read_position(t)?;
        Ok(ChessPos { board, depth })
    }

    fn move_notation(&self, pos: &ChessPos, mv: &Move) -> String {
        notation::san(&pos.board, *mv)
    }

    fn parse_move(&self, pos: &ChessPos, text: &str) -> Result<Move, GameError> {
        notation::parse_move(&pos.board, text).ok_or_else(|| {
            GameError::Domain("chess_move", GTerm::Atom(Cow::Owned(text.to_owned())))
        })
    }

    fn show(&self, pos: &ChessPos) -> String {
        board_text(&pos.board, pos.depth)
    }
}

/// The registry line for chess: `chess` or `chess(Fen)` by name, `chess/7` positions.
pub const ENTRY: super::GameEntry = super::GameEntry {
    name: "chess",
    position: "chess",
    picture: super::picture::pieces::chess,
    from_name: |t| Ok(super::boxed(Chess::from_name(t)?)),
    from_position: |_| Ok(super::boxed(Chess::new())),
};
