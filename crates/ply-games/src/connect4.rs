//! Connect Four on the standard 7-column, 6-row board: X (MAX) and O (MIN) drop stones in turn,
//! four in a row in any direction wins.
//!
//! Columns are numbered 1..7 from the left, and moves are generated in column order 1..7 (the
//! plain order a textbook program would write; only the solver in [`solver`] reorders them).
//! The board is a pair of bitboards with one bit per cell: column c (0-based), row r (0 at the
//! bottom) is bit 7c+r, and bit 7c+6 stays empty so that shifted patterns never wrap from one
//! column into the next. This module must never create an atom from position data.
//!
//! | name term          | start                                                   |
//! |--------------------|---------------------------------------------------------|
//! | `connect4`         | the empty board                                         |
//! | `connect4(Moves)`  | after the columns in `Moves` (atom, string or integer), e.g. `connect4('4455')` |
//! | `connect4(Pos)`    | the `c4/3` position `Pos`                               |
//!
//! Position term: `c4(Depth, ToMove, Columns)`, `ToMove` `x` or `o`, `Columns` a list of seven
//! lists, each the stones of one column from the bottom up, e.g.
//! `c4(4, x, [[],[],[],[x,o],[x,o],[],[]])`. `ToMove` must agree with the stone counts.
//!
//! Static value ("threat count"): the number of empty cells that would complete a four for X
//! minus the number that would complete one for O, whether or not the cell can be played yet;
//! +1000 when X has four in a row, -1000 when O has.

pub mod solver;

use super::codec::{HeapGame, Reader, Writer};
use super::dyn_game::boxed;
use super::term_read::{compound_args, depth, list, name_args, notation_text, one_of};
use super::{GTerm, Game, GameEntry, GameError, Horizon, Outcome, TermGame};
use ply_term::Cell;

/// The number of columns.
pub const WIDTH: usize = 7;
/// The number of rows.
pub const HEIGHT: usize = 6;
/// The static value of a won position.
pub const WIN: i64 = 1000;

/// One bit at the bottom of every column.
pub const BOTTOM: u64 = {
    let mut bits = 0;
    let mut c = 0;
    while c < WIDTH {
        bits |= 1 << (c * (HEIGHT + 1));
        c += 1;
    }
    bits
};
/// Every playable cell.
pub const BOARD: u64 = BOTTOM * 0x3f;

/// The registry line for Connect Four.
pub const ENTRY: GameEntry = GameEntry {
    name: "connect4",
    position: "c4",
    picture: super::picture::marks::connect4,
    from_name: |t| Ok(boxed(Connect4::from_name(t)?)),
    from_position: |t| Ok(boxed(Connect4::from_position(t)?)),
};

/// The cells of column `col` (0-based).
pub fn column_mask(col: usize) -> u64 {
    0x3f << (col * (HEIGHT + 1))
}

/// The top cell of column `col`.
fn top_mask(col: usize) -> u64 {
    1 << (col * (HEIGHT + 1) + HEIGHT - 1)
}

/// Does `stones` hold four in a row?
pub fn has_four(stones: u64) -> bool {
    // Vertical, horizontal and the two diagonals are shifts of 1, 7, 6 and 8.
    [1, HEIGHT + 1, HEIGHT, HEIGHT + 2].iter().any(|&s| {
        let pairs = stones & (stones >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

/// The empty cells of `mask` that would complete a four for `stones`.
pub fn winning_cells(stones: u64, mask: u64) -> u64 {
    let p = stones;
    let mut r = (p << 1) & (p << 2) & (p << 3);
    for s in [HEIGHT + 1, HEIGHT, HEIGHT + 2] {
        let two_below = (p << s) & (p << (2 * s));
        r |= two_below & (p << (3 * s));
        r |= two_below & (p >> s);
        let two_above = (p >> s) & (p >> (2 * s));
        r |= two_above & (p << s);
        r |= two_above & (p >> (3 * s));
    }
    r & (BOARD ^ mask)
}

/// A Connect Four position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct C4Pos {
    /// X's stones.
    pub x: u64,
    /// O's stones.
    pub o: u64,
    /// The remaining search depth.
    pub depth: u32,
}

impl C4Pos {
    /// All stones.
    pub fn mask(&self) -> u64 {
        self.x | self.o
    }

    /// Stones on the board.
    pub fn stones(&self) -> u32 {
        self.mask().count_ones()
    }

    /// True when X is to move.
    pub fn x_to_move(&self) -> bool {
        self.stones().is_multiple_of(2)
    }

    /// Can a stone go into column `col` (0-based)?
    pub fn can_play(&self, col: usize) -> bool {
        col < WIDTH && self.mask() & top_mask(col) == 0
    }

    /// The position after the side to move drops a stone into `col`, which must be playable,
    /// with the same depth.
    pub fn drop(&self, col: usize) -> C4Pos {
        let bit = (self.mask() + (1 << (col * (HEIGHT + 1)))) & column_mask(col);
        let mut next = *self;
        if self.x_to_move() {
            next.x |= bit;
        } else {
            next.o |= bit;
        }
        next
    }

    /// Who has won, or a draw on a full board.
    pub fn outcome(&self) -> Option<Outcome> {
        if has_four(self.x) {
            Some(Outcome::MaxWins)
        } else if has_four(self.o) {
            Some(Outcome::MinWins)
        } else if self.stones() as usize == WIDTH * HEIGHT {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The position after the columns `moves` (digits 1..7) from the empty board; `None` when a
    /// character is no column, a column is full, or the game ended before the last move.
    pub fn from_moves(moves: &str) -> Option<C4Pos> {
        let mut pos = C4Pos {
            x: 0,
            o: 0,
            depth: u32::MAX,
        };
        for ch in moves.chars() {
            let col = ch.to_digit(10)?.checked_sub(1)? as usize;
            if !pos.can_play(col) || pos.outcome().is_some() {
                return None;
            }
            pos = pos.drop(col);
        }
        Some(pos)
    }
}

/// Connect Four from a given start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4 {
    /// The start position (its depth is replaced by `initial`).
    pub start: C4Pos,
    /// The notation the game was started from, kept to give the name back as it was written.
    notation: Option<GTerm>,
}

impl Default for Connect4 {
    fn default() -> Self {
        Connect4 {
            start: C4Pos {
                x: 0,
                o: 0,
                depth: 0,
            },
            notation: None,
        }
    }
}

impl Connect4 {
    /// The game from the empty board.
    pub fn new() -> Self {
        Self::default()
    }

    /// The game a name term denotes.
    pub fn from_name(t: &GTerm) -> Result<Self, GameError> {
        match name_args(t)? {
            [] => Ok(Self::new()),
            [pos @ GTerm::Compound(..)] => {
                let mut game = Self::from_position(pos)?;
                game.notation = Some(pos.clone());
                Ok(game)
            }
            [moves] => {
                let text = notation_text(moves)?;
                let start = C4Pos::from_moves(&text)
                    .ok_or_else(|| GameError::Domain("connect4_moves", moves.clone()))?;
                Ok(Connect4 {
                    start,
                    notation: Some(moves.clone()),
                })
            }
            _ => Err(GameError::Domain("game", t.clone())),
        }
    }

    /// The game of a `c4/3` position, starting from that position.
    pub fn from_position(t: &GTerm) -> Result<Self, GameError> {
        let start = Self::new().from_term(t)?;
        Ok(Connect4 {
            start,
            notation: None,
        })
    }
}

impl Horizon for C4Pos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for Connect4 {
    type Pos = C4Pos;
    type Move = u8;

    fn legal_moves(&self, pos: &C4Pos, out: &mut Vec<u8>) {
        if pos.outcome().is_some() {
            return;
        }
        out.extend((0..WIDTH as u8).filter(|&c| pos.can_play(c as usize)));
    }

    fn after(&self, pos: &C4Pos, mv: &u8) -> C4Pos {
        pos.drop(*mv as usize)
    }

    fn max_to_move(&self, pos: &C4Pos) -> bool {
        pos.x_to_move()
    }

    fn static_value(&self, pos: &C4Pos) -> i64 {
        match pos.outcome() {
            Some(Outcome::MaxWins) => WIN,
            Some(Outcome::MinWins) => -WIN,
            _ => {
                let mask = pos.mask();
                winning_cells(pos.x, mask).count_ones() as i64
                    - winning_cells(pos.o, mask).count_ones() as i64
            }
        }
    }

    fn outcome(&self, pos: &C4Pos) -> Option<Outcome> {
        pos.outcome()
    }
}

impl TermGame for Connect4 {
    fn key_after(&self, pos: &C4Pos, key: u64, next: &C4Pos) -> u64 {
        use crate::zobrist::{atom_at, list_len_at, place, step, swap_atom};
        let side = |p: &C4Pos| if p.x_to_move() { "x" } else { "o" };
        let added = next.mask() & !pos.mask();
        if pos.mask() & !next.mask() != 0 || added.count_ones() != 1 {
            // Not one stone dropped: no move of the game, keyed from scratch.
            return crate::zobrist::position_key(self, next);
        }
        let i = added.trailing_zeros() as usize;
        let (c, r) = (i / (HEIGHT + 1), i % (HEIGHT + 1));
        let column = step(place(&[2]), c);
        let stone = if next.x & added != 0 { "x" } else { "o" };
        // The column's list grows from r stones to r + 1, the new one at element r.
        key ^ swap_atom(place(&[1]), side(pos), side(next))
            ^ list_len_at(column, r)
            ^ list_len_at(column, r + 1)
            ^ atom_at(step(column, r), stone)
    }

    fn name(&self) -> GTerm {
        match &self.notation {
            None if self.start.mask() == 0 => GTerm::atom("connect4"),
            Some(n) => GTerm::compound("connect4", vec![n.clone()]),
            // A game made from a position term has no move string; it is named by its start.
            None => GTerm::compound("connect4", vec![self.to_term(&self.start)]),
        }
    }

    fn initial(&self, depth: u32) -> C4Pos {
        C4Pos {
            depth,
            ..self.start
        }
    }

    fn to_term(&self, pos: &C4Pos) -> GTerm {
        let columns = (0..WIDTH)
            .map(|c| {
                let stones = (0..HEIGHT)
                    .map(|r| 1u64 << (c * (HEIGHT + 1) + r))
                    .take_while(|&bit| pos.mask() & bit != 0)
                    .map(|bit| GTerm::atom(if pos.x & bit != 0 { "x" } else { "o" }))
                    .collect();
                GTerm::List(stones)
            })
            .collect();
        GTerm::compound(
            "c4",
            vec![
                super::term_read::depth_term(pos.depth),
                GTerm::atom(if pos.x_to_move() { "x" } else { "o" }),
                GTerm::List(columns),
            ],
        )
    }

    fn from_term(&self, t: &GTerm) -> Result<C4Pos, GameError> {
        let args = compound_args(t, "c4", 3, "c4_position")?;
        let d = depth(&args[0])?;
        let x_to_move = one_of(&args[1], &["x", "o"], "c4_side")? == 0;
        let columns = list(&args[2])?;
        if columns.len() != WIDTH {
            return Err(GameError::Domain("c4_columns", args[2].clone()));
        }
        let mut pos = C4Pos {
            x: 0,
            o: 0,
            depth: d,
        };
        for (c, column) in columns.iter().enumerate() {
            let stones = list(column)?;
            if stones.len() > HEIGHT {
                return Err(GameError::Domain("c4_column", column.clone()));
            }
            for (r, stone) in stones.iter().enumerate() {
                let bit = 1u64 << (c * (HEIGHT + 1) + r);
                if one_of(stone, &["x", "o"], "c4_stone")? == 0 {
                    pos.x |= bit;
                } else {
                    pos.o |= bit;
                }
            }
        }
        let (nx, no) = (pos.x.count_ones(), pos.o.count_ones());
        if !(nx == no || nx == no + 1) || pos.x_to_move() != x_to_move {
            return Err(GameError::Domain("c4_position", t.clone()));
        }
        Ok(pos)
    }

    fn move_notation(&self, _pos: &C4Pos, mv: &u8) -> String {
        (mv + 1).to_string()
    }

    fn parse_move(&self, pos: &C4Pos, text: &str) -> Result<u8, GameError> {
        match text.trim().parse::<usize>() {
            Ok(c) if (1..=WIDTH).contains(&c) && pos.can_play(c - 1) && pos.outcome().is_none() => {
                Ok(c as u8 - 1)
            }
            _ => Err(GameError::Domain("c4_move", GTerm::Str(text.to_string()))),
        }
    }

    fn show(&self, pos: &C4Pos) -> String {
        let mut out = String::new();
        for r in (0..HEIGHT).rev() {
            for c in 0..WIDTH {
                let bit = 1u64 << (c * (HEIGHT + 1) + r);
                out.push(if pos.x & bit != 0 {
                    'X'
                } else if pos.o & bit != 0 {
                    'O'
                } else {
                    '.'
                });
            }
            out.push('\n');
        }
        out.push_str("1234567\n");
        out.push_str(if pos.x_to_move() {
            "X to move\n"
        } else {
            "O to move\n"
        });
        out
    }
}

impl HeapGame for Connect4 {
    const ATOMS: &'static [&'static str] = &["c4", "x", "o"];

    fn encode(&self, w: &mut Writer<'_>, pos: &C4Pos, parent: Option<&C4Pos>) -> Cell {
        // The cells the move changed, and with no parent every cell; a drop changes one.
        let changed = parent.map_or(!0, |p| (p.x ^ pos.x) | (p.o ^ pos.o));
        let columns_changed = if changed != 0 && changed & (changed - 1) == 0 {
            1 << (changed.trailing_zeros() as usize / (HEIGHT + 1))
        } else {
            (0..WIDTH).fold(0, |bits, c| {
                bits | (u64::from(changed & column_mask(c) != 0) << c)
            })
        };
        let mask = pos.mask();
        let columns = w.rows_changed(
            2,
            WIDTH,
            columns_changed,
            #[inline(always)]
            |w, c| {
                // The column's stones fill it from the bottom: its height is the run of set bits
                // at the bottom of its cells.
                let shift = c * (HEIGHT + 1);
                let height = (!(mask >> shift)).trailing_zeros() as usize;
                let (x, o, stones) = (w.atom(1), w.atom(2), pos.x >> shift);
                w.list_with(height, |r| if (stones >> r) & 1 != 0 { x } else { o })
            },
        );
        let depth = w.depth(pos.depth);
        let side = w.side(pos.x_to_move());
        w.compound(0, &[depth, side, columns])
    }

    /// The checks of `from_term`, on the cells.
    fn decode(&self, r: &Reader<'_>, c: Cell) -> Option<C4Pos> {
        let [d, side, columns] = r.args(c, 0)?;
        let depth = r.depth(d)?;
        let x_to_move = r.side(side)?;
        let mut cols = [Cell::int(0); WIDTH];
        if r.list(columns, &mut cols)? != WIDTH {
            return None;
        }
        let mut pos = C4Pos { x: 0, o: 0, depth };
        for (c, &column) in cols.iter().enumerate() {
            let mut stones = [Cell::int(0); HEIGHT];
            let n = r.list(column, &mut stones)?;
            for (row, &stone) in stones[..n].iter().enumerate() {
                let bit = 1u64 << (c * (HEIGHT + 1) + row);
                match r.atom(stone)? {
                    1 => pos.x |= bit,
                    2 => pos.o |= bit,
                    _ => return None,
                }
            }
        }
        let (nx, no) = (pos.x.count_ones(), pos.o.count_ones());
        ((nx == no || nx == no + 1) && pos.x_to_move() == x_to_move).then_some(pos)
    }
}

#[cfg(test)]
mod tests;
