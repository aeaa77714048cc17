//! English checkers (8x8 draughts) as a [`Game`]: Black moves first, captures are mandatory, a
//! multi-jump is one move, men move and jump forward only, kings one square both ways, and a man
//! that reaches the far row is crowned and ends its move there.
//!
//! Squares carry the standard numbers 1 to 32, row by row from Black's side (Black starts on
//! 1-12, White on 21-32), and moves are written `11-15` or `9x18x27`. A position crosses into
//! Prolog as `checkers(Depth, Side, Rows)`, rows of the atoms `e`, `b`, `w`, `bk` and `wk`; this
//! module must never make an atom out of position data, and never panic on a term or a move
//! typed by a user.

#[cfg(test)]
mod tests;

use std::borrow::Cow;

use super::codec::{HeapGame, Reader, Writer};
use super::{GTerm, Game, GameError, Horizon, Outcome, TermGame};
use ply_term::Cell;

/// The value of a man, from its owner's side.
pub const MAN_VALUE: i64 = 100;
/// The value of a king, from its owner's side.
pub const KING_VALUE: i64 = 150;
/// The value of a won game (the side to move has no move), from the winner's side.
pub const WIN_VALUE: i64 = 100_000;

/// The board in a position term: eight rows of four playing squares, each `e`, `b`, `w`, `bk` or
/// `wk`.
const BOARD_SHAPE: super::term_read::RowsShape = super::term_read::RowsShape {
    rows: 8,
    cols: 4,
    squares: &["e", "b", "w", "bk", "wk"],
    domain: "checkers_board",
};

/// No square: the edge of the board.
const NONE: u8 = u8::MAX;
/// The directions up-left, up-right, down-left, down-right ("up" towards square 1), in the order
/// that makes neighbouring square numbers ascend.
const DIRECTIONS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
/// Where Black's men may go: down the board.
const BLACK_MAN_DIRECTIONS: &[usize] = &[2, 3];
/// Where White's men may go: up the board.
const WHITE_MAN_DIRECTIONS: &[usize] = &[0, 1];
/// Where kings may go.
const KING_DIRECTIONS: &[usize] = &[0, 1, 2, 3];
/// The row where White's men are crowned: squares 1-4.
const TOP_ROW: u32 = 0x0000_000F;
/// The row where Black's men are crowned: squares 29-32.
const BOTTOM_ROW: u32 = 0xF000_0000;
/// The most squares a move can visit: the origin and one landing for each of 12 captures.
const MAX_PATH: usize = 13;

/// The square index (0..32) at a row and column of the 8x8 board, if it is a playing square.
const fn square_at(row: i32, col: i32) -> u8 {
    if row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 == 0 {
        NONE
    } else {
        (row * 4 + col / 2) as u8
    }
}

/// The row and column of square index `i`: playing squares are the dark squares, and the top
/// row's first one is in the second column.
const fn row_col(i: usize) -> (i32, i32) {
    let row = (i / 4) as i32;
    let col = 2 * (i % 4) as i32 + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// For each square and direction, the square `distance` steps away or [`NONE`].
const fn neighbour_table(distance: i32) -> [[u8; 4]; 32] {
    let mut table = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let (row, col) = row_col(i);
        let mut d = 0;
        while d < 4 {
            let (dr, dc) = DIRECTIONS[d];
            table[i][d] = square_at(row + dr * distance, col + dc * distance);
            d += 1;
        }
        i += 1;
    }
    table
}

/// The square one step away in each direction.
const STEP: [[u8; 4]; 32] = neighbour_table(1);
/// The square two steps away in each direction, where a jump lands.
const JUMP: [[u8; 4]; 32] = neighbour_table(2);

/// English checkers from the standard start.
#[derive(Clone, Copy, Debug, Default)]
pub struct Checkers;

/// A checkers position: who stands where, who moves, and the remaining depth. Bit `i` of each
/// set is square number `i + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CheckersPos {
    /// Black's men and kings.
    pub black: u32,
    /// White's men and kings.
    pub white: u32,
    /// The kings of both sides.
    pub kings: u32,
    /// True when Black (MAX) is to move.
    pub black_to_move: bool,
    /// How many more plies the search may look ahead.
    pub depth: u32,
}

/// A move: the squares the piece visits, and the pieces it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CheckersMove {
    path: [u8; MAX_PATH],
    len: u8,
    captured: u32,
}

impl CheckersMove {
    /// The squares the piece visits, origin first, as standard numbers 1..=32.
    pub fn squares(&self) -> impl Iterator<Item = u8> + '_ {
        self.path[..usize::from(self.len)].iter().map(|&i| i + 1)
    }

    /// True for a capture.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    fn from(&self) -> u8 {
        self.path[0]
    }

    fn to(&self) -> u8 {
        self.path[usize::from(self.len) - 1]
    }
}

impl CheckersPos {
    /// The standard start: Black on 1-12, White on 21-32, Black to move.
    pub fn start(depth: u32) -> CheckersPos {
        CheckersPos {
            black: 0x0000_0FFF,
            white: 0xFFF0_0000,
            kings: 0,
            black_to_move: true,
            depth,
        }
    }

    fn own_and_opponent(&self) -> (u32, u32) {
        if self.black_to_move {
            (self.black, self.white)
        } else {
            (self.white, self.black)
        }
    }

    /// The directions the piece on square `sq` of the side to move may go.
    fn directions(&self, sq: u8) -> &'static [usize] {
        if self.kings & (1 << sq) != 0 {
            KING_DIRECTIONS
        } else if self.black_to_move {
            BLACK_MAN_DIRECTIONS
        } else {
            WHITE_MAN_DIRECTIONS
        }
    }

    /// The row where a man of the side to move is crowned.
    fn crowning_row(&self) -> u32 {
        if self.black_to_move {
            BOTTOM_ROW
        } else {
            TOP_ROW
        }
    }

    /// The legal moves, appended to `out` in ply's documented order: ascending by the square
    /// numbers along the path, origin first, so `9-13` before `9-14` before `10-14`. When a
    /// capture exists only captures are legal, and every complete jump path is its own move,
    /// even when two paths capture the same pieces and end on the same square.
    pub fn legal_moves(&self, out: &mut Vec<CheckersMove>) {
        let (own, opponent) = self.own_and_opponent();
        let start = out.len();
        for sq in 0..32u8 {
            if own & (1 << sq) != 0 {
                let mut path = [0u8; MAX_PATH];
                path[0] = sq;
                // The moving piece's own square counts as empty, so a king may pass back over it.
                let occupied = (self.black | self.white) & !(1 << sq);
                self.add_jumps(out, &mut path, 1, sq, 0, occupied, opponent);
            }
        }
        if out.len() > start {
            return;
        }
        let empty = !(self.black | self.white);
        for sq in 0..32u8 {
            if own & (1 << sq) == 0 {
                continue;
            }
            for &d in self.directions(sq) {
                let to = STEP[usize::from(sq)][d];
                if to != NONE && empty & (1 << to) != 0 {
                    let mut path = [0u8; MAX_PATH];
                    path[0] = sq;
                    path[1] = to;
                    out.push(CheckersMove {
                        path,
                        len: 2,
                        captured: 0,
                    });
                }
            }
        }
    }

    /// Extends the jump path `path[..len]`, now at `at`, in every direction it can continue,
    /// and adds each path that cannot continue. Captured pieces stay on the board until the move
    /// ends, so no piece is jumped twice and no jump lands on a captured piece. The recursion is
    /// at most twelve deep, one level per capture.
    #[allow(clippy::too_many_arguments)]
    fn add_jumps(
        &self,
        out: &mut Vec<CheckersMove>,
        path: &mut [u8; MAX_PATH],
        len: usize,
        at: u8,
        captured: u32,
        occupied: u32,
        opponent: u32,
    ) {
        let mut extended = false;
        for &d in self.directions(path[0]) {
            let over = STEP[usize::from(at)][d];
            let land = JUMP[usize::from(at)][d];
            if land == NONE || len >= MAX_PATH {
                continue;
            }
            let over_bit = 1u32 << over;
            if opponent & over_bit == 0 || captured & over_bit != 0 || occupied & (1 << land) != 0 {
                continue;
            }
            extended = true;
            path[len] = land;
            let is_king = self.kings & (1 << path[0]) != 0;
            if !is_king && self.crowning_row() & (1 << land) != 0 {
                // Crowning ends the move.
                out.push(CheckersMove {
                    path: *path,
                    len: (len + 1) as u8,
                    captured: captured | over_bit,
                });
            } else {
                self.add_jumps(
                    out,
                    path,
                    len + 1,
                    land,
                    captured | over_bit,
                    occupied,
                    opponent,
                );
            }
        }
        if !extended && len > 1 {
            out.push(CheckersMove {
                path: *path,
                len: len as u8,
                captured,
            });
        }
    }

    /// The position after `mv`, with the same depth.
    fn after(&self, mv: &CheckersMove) -> CheckersPos {
        let from_bit = 1u32 << mv.from();
        let to_bit = 1u32 << mv.to();
        let was_king = self.kings & from_bit != 0;
        let mut next = *self;
        let (own, opponent) = if self.black_to_move {
            (&mut next.black, &mut next.white)
        } else {
            (&mut next.white, &mut next.black)
        };
        *own = (*own & !from_bit) | to_bit;
        *opponent &= !mv.captured;
        next.kings &= !(mv.captured | from_bit);
        if was_king || self.crowning_row() & to_bit != 0 {
            next.kings |= to_bit;
        }
        next.black_to_move = !self.black_to_move;
        next
    }

    /// Black's material minus White's.
    fn material(&self) -> i64 {
        let value = |side: u32| {
            i64::from((side & !self.kings).count_ones()) * MAN_VALUE
                + i64::from((side & self.kings).count_ones()) * KING_VALUE
        };
        value(self.black) - value(self.white)
    }
}

/// The number of leaf nodes of the move tree of `pos` at exactly `depth` plies (the depth inside
/// `pos` is ignored); the last ply is counted without playing it.
pub fn perft(pos: &CheckersPos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::with_capacity(16);
    pos.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft(&pos.after(mv), depth - 1))
        .sum()
}

/// The move in standard notation: square numbers joined by `-` for a step, by `x` for jumps.
pub fn notation(mv: &CheckersMove) -> String {
    let separator = if mv.is_capture() { "x" } else { "-" };
    mv.squares()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

/// The legal move `text` names: the full path (`11-15`, `9x18x27`), or just origin and
/// destination (`9x27`) when only one legal move joins them. Either separator is accepted.
pub fn parse_notation(pos: &CheckersPos, text: &str) -> Option<CheckersMove> {
    let mut squares = Vec::new();
    for part in text.trim().split(['-', 'x', 'X']) {
        let n: u8 = part.trim().parse().ok()?;
        if !(1..=32).contains(&n) {
            return None;
        }
        squares.push(n);
    }
    if squares.len() < 2 {
        return None;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if let Some(mv) = moves
        .iter()
        .find(|mv| mv.squares().eq(squares.iter().copied()))
    {
        return Some(*mv);
    }
    if squares.len() == 2 {
        let mut joining = moves
            .iter()
            .filter(|mv| mv.from() + 1 == squares[0] && mv.to() + 1 == squares[1]);
        if let (Some(mv), None) = (joining.next(), joining.next()) {
            return Some(*mv);
        }
    }
    None
}

/// The character for square index `i` in the board string: `b`/`B` a black man/king, `w`/`W` a
/// white man/king, `.` empty.
fn square_char(pos: &CheckersPos, i: usize) -> char {
    let bit = 1u32 << i;
    let king = pos.kings & bit != 0;
    match (pos.black & bit != 0, pos.white & bit != 0, king) {
        (true, _, false) => 'b',
        (true, _, true) => 'B',
        (_, true, false) => 'w',
        (_, true, true) => 'W',
        _ => '.',
    }
}

/// The board string of `pos`: 32 characters for squares 1 to 32.
pub fn board_string(pos: &CheckersPos) -> String {
    (0..32).map(|i| square_char(pos, i)).collect()
}

/// The board for people: the 8x8 board from Black's side with light squares blank, and the
/// numbers of each row's squares beside it.
pub fn board_text(pos: &CheckersPos) -> String {
    let mut text = String::new();
    for row in 0..8 {
        for col in 0..8 {
            let sq = square_at(row, col);
            text.push(' ');
            text.push(if sq == NONE {
                ' '
            } else {
                square_char(pos, usize::from(sq))
            });
        }
        text.push_str("   ");
        for k in 0..4 {
            text.push_str(&format!("{:>3}", row * 4 + k + 1));
        }
        text.push('\n');
    }
    let side = if pos.black_to_move { "Black" } else { "White" };
    text.push_str(&format!(
        "{side} to move, depth {}\n",
        super::depth_text(pos.depth)
    ));
    text
}

/// The position a board string, side and depth describe; `None` when the string is not 32
/// characters of `bBwW.` or a man stands on the row where it would have been crowned.
fn position_from_string(text: &str, black_to_move: bool, depth: u32) -> Option<CheckersPos> {
    if text.len() != 32 {
        return None;
    }
    let mut pos = CheckersPos {
        black: 0,
        white: 0,
        kings: 0,
        black_to_move,
        depth,
    };
    for (i, c) in text.chars().enumerate() {
        let bit = 1u32 << i;
        match c {
            'b' => pos.black |= bit,
            'B' => pos.black |= bit,
            'w' => pos.white |= bit,
            'W' => pos.white |= bit,
            '.' => {}
            _ => return None,
        }
        if c == 'B' || c == 'W' {
            pos.kings |= bit;
        }
    }
    let men = !pos.kings;
    if pos.black & men & BOTTOM_ROW != 0 || pos.white & men & TOP_ROW != 0 {
        return None;
    }
    Some(pos)
}

impl Horizon for CheckersPos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for Checkers {
    type Pos = CheckersPos;
    type Move = CheckersMove;

    fn legal_moves(&self, pos: &CheckersPos, out: &mut Vec<CheckersMove>) {
        pos.legal_moves(out);
    }

    fn after(&self, pos: &CheckersPos, mv: &CheckersMove) -> CheckersPos {
        pos.after(mv)
    }

    fn max_to_move(&self, pos: &CheckersPos) -> bool {
        pos.black_to_move
    }

    /// [`WIN_VALUE`] for the winner when the game is over, else the material: man 100, king 150,
    /// Black's minus White's.
    fn static_value(&self, pos: &CheckersPos) -> i64 {
        match self.outcome(pos) {
            Some(Outcome::MaxWins) => WIN_VALUE,
            Some(Outcome::MinWins) => -WIN_VALUE,
            Some(Outcome::Draw) => 0,
            None => pos.material(),
        }
    }

    /// The side to move loses when it has no legal move (no pieces, or all blocked). There is no
    /// draw rule: a position carries no history, and searches end at their horizon.
    fn outcome(&self, pos: &CheckersPos) -> Option<Outcome> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if !moves.is_empty() {
            None
        } else if pos.black_to_move {
            Some(Outcome::MinWins)
        } else {
            Some(Outcome::MaxWins)
        }
    }
}

impl TermGame for Checkers {
    fn key_after(&self, pos: &CheckersPos, key: u64, next: &CheckersPos) -> u64 {
        use crate::zobrist::{place, squares_delta, step, swap_atom};
        let side = |p: &CheckersPos| if p.black_to_move { "black" } else { "white" };
        let cell = |p: &CheckersPos, i: usize| match square_char(p, i) {
            'b' => "b",
            'B' => "bk",
            'w' => "w",
            'W' => "wk",
            _ => "e",
        };
        let changed =
            (pos.black ^ next.black) | (pos.white ^ next.white) | (pos.kings ^ next.kings);
        let rows = place(&[2]);
        key ^ swap_atom(place(&[1]), side(pos), side(next))
            ^ squares_delta(
                u64::from(changed),
                |i| step(step(rows, i / 4), i % 4),
                |i| cell(pos, i),
                |i| cell(next, i),
            )
    }

    fn name(&self) -> GTerm {
        GTerm::atom("checkers")
    }

    fn initial(&self, depth: u32) -> CheckersPos {
        CheckersPos::start(depth)
    }

    /// `checkers(Depth, Side, Rows)`: `Side` is `black` or `white`, `Rows` eight lists of the four
    /// playing squares of each row, squares 1 to 32 in order, each `e` (empty), `b`, `w` (men),
    /// `bk` or `wk` (kings).
    fn to_term(&self, pos: &CheckersPos) -> GTerm {
        let squares = (0..32).map(|i| match square_char(pos, i) {
            'b' => "b",
            'B' => "bk",
            'w' => "w",
            'W' => "wk",
            _ => "e",
        });
        super::term_read::side_rows_term("checkers", pos.depth, pos.black_to_move, 4, squares)
    }

    fn from_term(&self, term: &GTerm) -> Result<CheckersPos, GameError> {
        let (depth, black_to_move, squares, board) = super::term_read::side_rows(
            term,
            "checkers",
            "checkers_position",
            "checkers_side",
            &BOARD_SHAPE,
        )?;
        let text: String = squares.iter().map(|&i| b".bwBW"[i] as char).collect();
        position_from_string(&text, black_to_move, depth)
            .ok_or_else(|| GameError::Domain("checkers_board", board.clone()))
    }

    fn move_notation(&self, _pos: &CheckersPos, mv: &CheckersMove) -> String {
        notation(mv)
    }

    fn parse_move(&self, pos: &CheckersPos, text: &str) -> Result<CheckersMove, GameError> {
        parse_notation(pos, text).ok_or_else(|| {
            GameError::Domain("checkers_move", GTerm::Atom(Cow::Owned(text.to_owned())))
        })
    }

    fn show(&self, pos: &CheckersPos) -> String {
        board_text(pos)
    }
}

/// The registry line for English checkers.
pub const ENTRY: super::GameEntry = super::GameEntry {
    name: "checkers",
    position: "checkers",
    picture: super::picture::pieces::checkers,
    from_name: |t| match t {
        GTerm::Atom(_) => Ok(super::boxed(Checkers)),
        _ => Err(GameError::Domain("game", t.clone())),
    },
    from_position: |_| Ok(super::boxed(Checkers)),
};

impl HeapGame for Checkers {
    const ATOMS: &'static [&'static str] =
        &["checkers", "black", "white", "e", "b", "bk", "w", "wk"];

    fn encode(&self, w: &mut Writer<'_>, pos: &CheckersPos, parent: Option<&CheckersPos>) -> Cell {
        let row = |p: &CheckersPos, r: usize| {
            let shift = 4 * r;
            (
                (p.black >> shift) & 0xf,
                (p.white >> shift) & 0xf,
                (p.kings >> shift) & 0xf,
            )
        };
        let same = |r: usize| parent.is_some_and(|p| row(p, r) == row(pos, r));
        // The squares of row `r` the move changed.
        let changed = |r: usize| {
            parent.map_or(0xf, |p| {
                let (old, new) = (row(p, r), row(pos, r));
                u64::from((old.0 ^ new.0) | (old.1 ^ new.1) | (old.2 ^ new.2))
            })
        };
        let rows = w.rows(2, 8, same, |w, r| {
            let mut squares = [w.atom(3); 4];
            for (c, square) in squares.iter_mut().enumerate() {
                let bit = 1u32 << (4 * r + c);
                let king = usize::from(pos.kings & bit != 0);
                if pos.black & bit != 0 {
                    *square = w.atom(4 + king);
                } else if pos.white & bit != 0 {
                    *square = w.atom(6 + king);
                }
            }
            w.row_list(r, &squares, changed(r))
        });
        let depth = w.depth(pos.depth);
        let side = w.side(pos.black_to_move);
        w.compound(0, &[depth, side, rows])
    }

    /// What `from_term` reads, from the cells, into the same text for the same check.
    fn decode(&self, r: &Reader<'_>, c: Cell) -> Option<CheckersPos> {
        let [d, side, rows] = r.args(c, 0)?;
        let depth = r.depth(d)?;
        let black_to_move = r.side(side)?;
        // The squares in the order of the board shape's atoms: e, b, w, bk, wk.
        let mut squares = [0u8; 32];
        r.board(rows, 8, 4, &[3, 4, 6, 5, 7], &mut squares)?;
        let mut text = [0u8; 32];
        for (t, &s) in text.iter_mut().zip(&squares) {
            *t = b".bwBW"[s as usize];
        }
        position_from_string(std::str::from_utf8(&text).ok()?, black_to_move, depth)
    }
}
