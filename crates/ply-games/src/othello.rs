//! Othello (Reversi on 8x8 from the standard start) as a [`Game`]: Black moves first, a disc
//! must flank and flips every line of opposing discs it closes, a side with no legal placement
//! passes, and the game ends when neither side can place a disc.
//!
//! A pass is a move of its own (one ply), legal only when the side to move cannot place a disc
//! and the opponent can. Squares are written `a1` to `h8`, columns a-h left to right and rows 1-8
//! top to bottom, and a pass `pass`. A position crosses into Prolog as `othello(Depth, Side,
//! Rows)`, a list of eight `row/8` terms of the atoms `e`, `b` and `w`: a row is a compound
//! rather than a list so that a successor writes each row a move changed in nine cells, and a
//! program reads a square with `arg/3`. This module must never make an atom out of position
//! data, and never panic on a term or a move typed by a user.

#[cfg(test)]
mod tests;

use std::borrow::Cow;

use super::codec::{HeapGame, Reader, Writer};
use super::{GTerm, Game, GameError, Horizon, Outcome, TermGame};
use ply_term::Cell;

/// Every square but those of column a.
const NOT_A_FILE: u64 = !0x0101_0101_0101_0101;
/// Every square but those of column h.
const NOT_H_FILE: u64 = !0x8080_8080_8080_8080;

/// `set` moved one square in direction `dir` (0..8: east, west, south, north, south-east,
/// south-west, north-east, north-west), dropping what leaves the board.
fn shift(set: u64, dir: usize) -> u64 {
    match dir {
        0 => (set << 1) & NOT_A_FILE,
        1 => (set >> 1) & NOT_H_FILE,
        2 => set << 8,
        3 => set >> 8,
        4 => (set << 9) & NOT_A_FILE,
        5 => (set << 7) & NOT_H_FILE,
        6 => (set >> 7) & NOT_A_FILE,
        _ => (set >> 9) & NOT_H_FILE,
    }
}

/// The empty squares where the side owning `own` may place a disc.
fn placements(own: u64, opponent: u64) -> u64 {
    let empty = !(own | opponent);
    let mut found = 0;
    for dir in 0..8 {
        // The opposing discs in a run from one of ours, then the empty square beyond the run.
        let mut run = shift(own, dir) & opponent;
        for _ in 0..5 {
            run |= shift(run, dir) & opponent;
        }
        found |= shift(run, dir) & empty;
    }
    found
}

/// The opposing discs a disc placed on `sq` flips.
fn flips(own: u64, opponent: u64, sq: u8) -> u64 {
    let mut flipped = 0;
    for dir in 0..8 {
        let mut line = 0;
        let mut x = shift(1 << sq, dir);
        while x & opponent != 0 {
            line |= x;
            x = shift(x, dir);
        }
        if x & own != 0 {
            flipped |= line;
        }
    }
    flipped
}

/// The atoms of a square in a position term, by the index a square reads as: empty, Black,
/// White.
const SQUARE_ATOMS: [&str; 3] = ["e", "b", "w"];

/// The squares of a board term, a1 to h8: each an index into [`SQUARE_ATOMS`]. A board that is
/// no list is a `type_error(list, Board)`; anything but eight `row/8` terms of those atoms is a
/// `domain_error(othello_board, Board)`.
fn board_squares(board: &GTerm) -> Result<[usize; 64], GameError> {
    let bad = || GameError::Domain("othello_board", board.clone());
    let rows = super::term_read::list(board)?;
    if rows.len() != 8 {
        return Err(bad());
    }
    let mut squares = [0; 64];
    for (r, row) in rows.iter().enumerate() {
        let items = match row {
            GTerm::Compound(name, items) if name == "row" && items.len() == 8 => items,
            _ => return Err(bad()),
        };
        for (c, item) in items.iter().enumerate() {
            squares[8 * r + c] = match item {
                GTerm::Atom(name) => SQUARE_ATOMS.iter().position(|s| *s == name),
                _ => None,
            }
            .ok_or_else(bad)?;
        }
    }
    Ok(squares)
}

/// Othello from the standard start.
#[derive(Clone, Copy, Debug, Default)]
pub struct Othello;

/// An Othello position: the discs, who moves, and the remaining depth. Bit `row * 8 + col` of
/// each set is the square in column `col` (a = 0) and row `row + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OthelloPos {
    /// Black's discs.
    pub black: u64,
    /// White's discs.
    pub white: u64,
    /// True when Black (MAX) is to move.
    pub black_to_move: bool,
    /// How many more plies the search may look ahead.
    pub depth: u32,
}

/// A move: a disc placed on a square (0..64, as in [`OthelloPos`]), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OthelloMove {
    /// A disc on this square.
    Place(u8),
    /// No disc: the side to move cannot place one, and the opponent can.
    Pass,
}

impl OthelloPos {
    /// The standard start: White on d4 and e5, Black on e4 and d5, Black to move.
    pub fn start(depth: u32) -> OthelloPos {
        OthelloPos {
            black: (1 << 28) | (1 << 35),
            white: (1 << 27) | (1 << 36),
            black_to_move: true,
            depth,
        }
    }

    fn own_and_opponent(&self) -> (u64, u64) {
        if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        }
    }

    /// The legal moves, appended to `out` in ply's documented order: placements by ascending
    /// square (a1, b1, ..., h1, a2, ..., h8); `Pass` alone when there is no placement but the
    /// opponent has one; nothing when neither side can place a disc.
    pub fn legal_moves(&self, out: &mut Vec<OthelloMove>) {
        let (own, opponent) = self.own_and_opponent();
        let mut squares = placements(own, opponent);
        if squares == 0 {
            if placements(opponent, own) != 0 {
                out.push(OthelloMove::Pass);
            }
            return;
        }
        while squares != 0 {
            out.push(OthelloMove::Place(squares.trailing_zeros() as u8));
            squares &= squares - 1;
        }
    }

    /// True when neither side can place a disc.
    pub fn is_over(&self) -> bool {
        placements(self.black, self.white) == 0 && placements(self.white, self.black) == 0
    }

    /// The position after `mv`, with the same depth.
    fn after(&self, mv: OthelloMove) -> OthelloPos {
        let mut next = *self;
        next.black_to_move = !self.black_to_move;
        if let OthelloMove::Place(sq) = mv {
            let (own, opponent) = self.own_and_opponent();
            let flipped = flips(own, opponent, sq);
            let own = own | flipped | (1 << sq);
            let opponent = opponent & !flipped;
            if self.black_to_move {
                (next.black, next.white) = (own, opponent);
            } else {
                (next.white, next.black) = (own, opponent);
            }
        }
        next
    }

    /// Black's discs minus White's.
    fn disc_difference(&self) -> i64 {
        i64::from(self.black.count_ones()) - i64::from(self.white.count_ones())
    }
}

/// The number of leaf nodes of the move tree of `pos` at `depth` plies (the depth inside `pos`
/// is ignored), counting a pass as a ply and a finished game as one leaf even above the full
/// depth, as Aart Bik's published table does. The last ply is counted without playing it.
pub fn perft(pos: &OthelloPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(16);
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return 1;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| perft(&pos.after(mv), depth - 1))
        .sum()
}

/// The move written as its square (`d3`) or `pass`.
pub fn notation(mv: OthelloMove) -> String {
    match mv {
        OthelloMove::Pass => "pass".to_owned(),
        OthelloMove::Place(sq) => {
            let col = char::from(b'a' + sq % 8);
            format!("{col}{}", sq / 8 + 1)
        }
    }
}

/// The legal move `text` names, in either case.
pub fn parse_notation(pos: &OthelloPos, text: &str) -> Option<OthelloMove> {
    let text = text.trim().to_ascii_lowercase();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.into_iter().find(|&mv| notation(mv) == text)
}

/// The character for square `sq` in the board string: `b` black, `w` white, `.` empty.
fn square_char(pos: &OthelloPos, sq: u32) -> char {
    if pos.black & (1 << sq) != 0 {
        'b'
    } else if pos.white & (1 << sq) != 0 {
        'w'
    } else {
        '.'
    }
}

/// The board string of `pos`: 64 characters, a1 to h1, then a2 to h2, up to h8.
pub fn board_string(pos: &OthelloPos) -> String {
    (0..64).map(|sq| square_char(pos, sq)).collect()
}

/// The board for people: column letters above, row numbers beside, the disc count below.
pub fn board_text(pos: &OthelloPos) -> String {
    let mut text = String::from("  a b c d e f g h\n");
    for row in 0..8 {
        text.push_str(&(row + 1).to_string());
        for col in 0..8 {
            text.push(' ');
            text.push(square_char(pos, row * 8 + col));
        }
        text.push('\n');
    }
    let side = if pos.black_to_move { "Black" } else { "White" };
    text.push_str(&format!(
        "{side} to move, depth {}; black {}, white {}\n",
        super::depth_text(pos.depth),
        pos.black.count_ones(),
        pos.white.count_ones()
    ));
    text
}

/// The position of 64 squares, a1 to h8, each 0 (empty), 1 (Black) or 2 (White).
fn position_from_squares(squares: &[usize; 64], black_to_move: bool, depth: u32) -> OthelloPos {
    let mut pos = OthelloPos {
        black: 0,
        white: 0,
        black_to_move,
        depth,
    };
    for (sq, &s) in squares.iter().enumerate() {
        match s {
            1 => pos.black |= 1 << sq,
            2 => pos.white |= 1 << sq,
            _ => {}
        }
    }
    pos
}

/// The position a board string, side and depth describe; `None` unless the string is 64
/// characters of `bw.`.
#[cfg(test)]
fn position_from_string(text: &str, black_to_move: bool, depth: u32) -> Option<OthelloPos> {
    if text.len() != 64 {
        return None;
    }
    let mut pos = OthelloPos {
        black: 0,
        white: 0,
        black_to_move,
        depth,
    };
    for (sq, c) in text.chars().enumerate() {
        match c {
            'b' => pos.black |= 1 << sq,
            'w' => pos.white |= 1 << sq,
            '.' => {}
            _ => return None,
        }
    }
    Some(pos)
}

impl Horizon for OthelloPos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for Othello {
    /// A position where neither side can move is one leaf even above full depth (facts README).
    fn perft_counts_finished_games(&self) -> bool {
        true
    }

    type Pos = OthelloPos;
    type Move = OthelloMove;

    fn legal_moves(&self, pos: &OthelloPos, out: &mut Vec<OthelloMove>) {
        pos.legal_moves(out);
    }

    fn after(&self, pos: &OthelloPos, mv: &OthelloMove) -> OthelloPos {
        pos.after(*mv)
    }

    fn max_to_move(&self, pos: &OthelloPos) -> bool {
        pos.black_to_move
    }

    /// Black's discs minus White's, whether or not the game is over.
    fn static_value(&self, pos: &OthelloPos) -> i64 {
        pos.disc_difference()
    }

    /// When neither side can move, the side with more discs wins; equal counts draw.
    fn outcome(&self, pos: &OthelloPos) -> Option<Outcome> {
        if !pos.is_over() {
            return None;
        }
        Some(match pos.disc_difference() {
            d if d > 0 => Outcome::MaxWins,
            d if d < 0 => Outcome::MinWins,
            _ => Outcome::Draw,
        })
    }
}

impl TermGame for Othello {
    fn key_after(&self, pos: &OthelloPos, key: u64, next: &OthelloPos) -> u64 {
        use crate::zobrist::{place, squares_delta, step, swap_atom};
        let side = |p: &OthelloPos| if p.black_to_move { "black" } else { "white" };
        let cell = |p: &OthelloPos, i: usize| match square_char(p, i as u32) {
            'b' => "b",
            'w' => "w",
            _ => "e",
        };
        let rows = place(&[2]);
        key ^ swap_atom(place(&[1]), side(pos), side(next))
            ^ squares_delta(
                (pos.black ^ next.black) | (pos.white ^ next.white),
                |i| step(step(rows, i / 8), i % 8),
                |i| cell(pos, i),
                |i| cell(next, i),
            )
    }

    fn name(&self) -> GTerm {
        GTerm::atom("othello")
    }

    fn initial(&self, depth: u32) -> OthelloPos {
        OthelloPos::start(depth)
    }

    /// `othello(Depth, Side, Rows)`: `Side` is `black` or `white`, `Rows` a list of eight
    /// `row/8` terms, rows 1 to 8 with the squares of columns a to h as arguments, each `e`
    /// (empty), `b` or `w`.
    fn to_term(&self, pos: &OthelloPos) -> GTerm {
        let rows = (0..8)
            .map(|r| {
                let squares = (0..8)
                    .map(|c| {
                        GTerm::atom(match square_char(pos, r * 8 + c) {
                            'b' => "b",
                            'w' => "w",
                            _ => "e",
                        })
                    })
                    .collect();
                GTerm::compound("row", squares)
            })
            .collect();
        GTerm::compound(
            "othello",
            vec![
                super::term_read::depth_term(pos.depth),
                GTerm::atom(if pos.black_to_move { "black" } else { "white" }),
                GTerm::List(rows),
            ],
        )
    }

    fn from_term(&self, term: &GTerm) -> Result<OthelloPos, GameError> {
        let args = super::term_read::compound_args(term, "othello", 3, "othello_position")?;
        let depth = super::term_read::depth(&args[0])?;
        let black_to_move = match &args[1] {
            GTerm::Atom(side) if side == "black" => true,
            GTerm::Atom(side) if side == "white" => false,
            GTerm::Atom(_) => return Err(GameError::Domain("othello_side", args[1].clone())),
            other => return Err(GameError::Type("atom", other.clone())),
        };
        let squares = board_squares(&args[2])?;
        Ok(position_from_squares(&squares, black_to_move, depth))
    }

    fn move_notation(&self, _pos: &OthelloPos, mv: &OthelloMove) -> String {
        notation(*mv)
    }

    fn parse_move(&self, pos: &OthelloPos, text: &str) -> Result<OthelloMove, GameError> {
        parse_notation(pos, text).ok_or_else(|| {
            GameError::Domain("othello_move", GTerm::Atom(Cow::Owned(text.to_owned())))
        })
    }

    fn show(&self, pos: &OthelloPos) -> String {
        board_text(pos)
    }
}

/// The registry line for Othello.
pub const ENTRY: super::GameEntry = super::GameEntry {
    name: "othello",
    position: "othello",
    picture: super::picture::marks::othello,
    from_name: |t| match t {
        GTerm::Atom(_) => Ok(super::boxed(Othello)),
        _ => Err(GameError::Domain("game", t.clone())),
    },
    from_position: |_| Ok(super::boxed(Othello)),
};

impl HeapGame for Othello {
    const ATOMS: &'static [&'static str] = &["othello", "black", "white", "e", "b", "w", "row"];

    fn encode(&self, w: &mut Writer<'_>, pos: &OthelloPos, parent: Option<&OthelloPos>) -> Cell {
        // The squares the move changed, and with no parent every square.
        let changed = parent.map_or(!0, |p| (p.black ^ pos.black) | (p.white ^ pos.white));
        let same = |r: usize| (changed >> (8 * r)) & 0xff == 0;
        let rows = w.rows(2, 8, same, |w, r| {
            // Each square's atom by the two bits of its square: empty, black, white.
            let kinds = [w.atom(3), w.atom(4), w.atom(5), w.atom(3)];
            let (black, white) = (pos.black >> (8 * r), pos.white >> (8 * r));
            w.compound_with(6, 8, |c| {
                kinds[((black >> c) & 1 | ((white >> c) & 1) << 1) as usize]
            })
        });
        let depth = w.depth(pos.depth);
        let side = w.side(pos.black_to_move);
        w.compound(0, &[depth, side, rows])
    }

    /// What `from_term` reads, from the cells.
    fn decode(&self, r: &Reader<'_>, c: Cell) -> Option<OthelloPos> {
        let [d, side, rows] = r.args(c, 0)?;
        let depth = r.depth(d)?;
        let black_to_move = r.side(side)?;
        let mut row_cells = [Cell::int(0); 8];
        if r.list(rows, &mut row_cells)? != 8 {
            return None;
        }
        let mut squares = [0usize; 64];
        for (k, &row) in row_cells.iter().enumerate() {
            let items: [Cell; 8] = r.args(row, 6)?;
            for (s, &item) in squares[8 * k..8 * k + 8].iter_mut().zip(&items) {
                *s = match r.atom(item)? {
                    3 => 0,
                    4 => 1,
                    5 => 2,
                    _ => return None,
                };
            }
        }
        Some(position_from_squares(&squares, black_to_move, depth))
    }
}
