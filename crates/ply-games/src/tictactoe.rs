//! Tic-tac-toe and its m,n,k generalisation: X (MAX) and O (MIN) take turns on an m-by-n board,
//! and k in a row (across, down or diagonally) wins.
//!
//! Squares are numbered 1..m*n row by row, and moves are generated in that order, which is the
//! order the textbook's full-tree run and the facts file assume. The board is two bitboards, so
//! m*n is at most 64. This module must never create an atom from position data: the only atoms
//! in its terms are `x`, `o`, `e`, `lines` and `winloss`.
//!
//! # Names and evaluations
//!
//! | name term                    | board | k | evaluation |
//! |------------------------------|-------|---|------------|
//! | `tictactoe`                  | 3x3   | 3 | `lines`    |
//! | `tictactoe(N)`               | NxN   | N | `lines`    |
//! | `tictactoe(N, Eval)`         | NxN   | N | `Eval`     |
//! | `tictactoe(M, N, K)`         | MxN   | K | `lines`    |
//! | `tictactoe(M, N, K, Eval)`   | MxN   | K | `Eval`     |
//!
//! `Eval` is one of
//! * `lines` — the source documents' f(p) (document 002) and E(P) (document 003): lines still
//!   open for MAX (no O on them) minus lines still open for MIN (no X on them); a position X has
//!   won scores +1000 ([`WIN`]) and one O has won -1000.
//! * `winloss` — +1 when X has won, -1 when O has won, 0 otherwise, as in the textbook's run
//!   over the full tree. Use `tictactoe(3, winloss)` for it on the classic board.
//!
//! # Position term
//!
//! `ttt(Depth, ToMove, K, Eval, Rows)`: `Depth` the remaining search depth, `ToMove` `x` or `o`,
//! `K` the line length, `Eval` as above, `Rows` a list of rows, each a list of `e` (empty), `x`
//! and `o`. Example: `ttt(9, x, 3, lines, [[e,e,e],[e,e,e],[e,e,e]])`. X moves first, so `ToMove`
//! must be `x` when the stones are equal in number and `o` when X has one more.

use super::codec::{HeapGame, Reader, Writer};
use super::dyn_game::boxed;
use super::term_read::{compound_args, depth, int_in, list, name_args, one_of};
use super::{GTerm, Game, GameEntry, GameError, Horizon, Outcome, TermGame};
use ply_term::Cell;

/// The `lines` value of a won position.
pub const WIN: i64 = 1000;

/// The registry line for tic-tac-toe.
pub const ENTRY: GameEntry = GameEntry {
    name: "tictactoe",
    position: "ttt",
    picture: super::picture::marks::tictactoe,
    from_name: |t| Ok(boxed(TicTacToe::from_name(t)?)),
    from_position: |t| Ok(boxed(TicTacToe::from_position(t)?)),
};

/// The static evaluation a tic-tac-toe game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Open lines for MAX minus open lines for MIN, +/-[`WIN`] for a won position.
    Lines,
    /// +1, -1 or 0 by who has won.
    WinLoss,
}

const EVAL_NAMES: [&str; 2] = ["lines", "winloss"];

impl Eval {
    fn atom(self) -> GTerm {
        match self {
            Eval::Lines => GTerm::atom("lines"),
            Eval::WinLoss => GTerm::atom("winloss"),
        }
    }

    fn from_term(t: &GTerm) -> Result<Eval, GameError> {
        Ok(match one_of(t, &EVAL_NAMES, "tictactoe_evaluation")? {
            0 => Eval::Lines,
            _ => Eval::WinLoss,
        })
    }
}

/// An m,n,k game with its evaluation.
#[derive(Clone, Debug)]
pub struct TicTacToe {
    rows: usize,
    cols: usize,
    k: usize,
    eval: Eval,
    /// Every k-in-a-row as a mask of squares.
    lines: Vec<u64>,
}

/// A tic-tac-toe position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TttPos {
    /// Squares holding an X (bit i is square i+1).
    pub x: u64,
    /// Squares holding an O.
    pub o: u64,
    /// True when X is to move.
    pub x_to_move: bool,
    /// The remaining search depth.
    pub depth: u32,
}

impl TicTacToe {
    /// The m,n,k game; a board over 64 squares or a k longer than both sides is a domain error.
    pub fn new(rows: usize, cols: usize, k: usize, eval: Eval) -> Result<Self, GameError> {
        if rows == 0 || cols == 0 || rows * cols > 64 || k == 0 || k > rows.max(cols) {
            let int = |v: usize| GTerm::Int(v as i64);
            let culprit =
                GTerm::compound("tictactoe", vec![int(rows), int(cols), int(k), eval.atom()]);
            return Err(GameError::Domain("tictactoe_shape", culprit));
        }
        Ok(Self::build(rows, cols, k, eval))
    }

    /// The game for a shape already known to be valid.
    fn build(rows: usize, cols: usize, k: usize, eval: Eval) -> Self {
        let mut lines = Vec::new();
        let directions: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
        let (r_max, c_max, reach) = (rows as isize, cols as isize, k as isize - 1);
        for r in 0..r_max {
            for c in 0..c_max {
                for (dr, dc) in directions {
                    let (er, ec) = (r + dr * reach, c + dc * reach);
                    if er < 0 || er >= r_max || ec < 0 || ec >= c_max {
                        continue;
                    }
                    let mut mask = 0u64;
                    for i in 0..=reach {
                        mask |= 1 << ((r + dr * i) * c_max + (c + dc * i)) as usize;
                    }
                    // With k = 1 the four directions give the same one-square line.
                    if !lines.contains(&mask) {
                        lines.push(mask);
                    }
                }
            }
        }
        TicTacToe {
            rows,
            cols,
            k,
            eval,
            lines,
        }
    }

    /// The classic game: 3x3, three in a row, with the evaluation `eval`.
    pub fn classic(eval: Eval) -> Self {
        Self::build(3, 3, 3, eval)
    }

    /// The game a name term denotes (see the module's table).
    pub fn from_name(t: &GTerm) -> Result<Self, GameError> {
        let side = |a: &GTerm| int_in(a, 1, 64, "tictactoe_size").map(|v| v as usize);
        match name_args(t)? {
            [] => Ok(Self::classic(Eval::Lines)),
            [n] => {
                let n = side(n)?;
                Self::new(n, n, n, Eval::Lines)
            }
            [n, e] => {
                let n = side(n)?;
                Self::new(n, n, n, Eval::from_term(e)?)
            }
            [m, n, k] => Self::new(side(m)?, side(n)?, side(k)?, Eval::Lines),
            [m, n, k, e] => Self::new(side(m)?, side(n)?, side(k)?, Eval::from_term(e)?),
            _ => Err(GameError::Domain("game", t.clone())),
        }
    }

    /// The game of a `ttt/5` position term, its shape read from the term.
    pub fn from_position(t: &GTerm) -> Result<Self, GameError> {
        let args = compound_args(t, "ttt", 5, "ttt_position")?;
        let rows = list(&args[4])?;
        let first = rows
            .first()
            .ok_or_else(|| GameError::Domain("ttt_board", args[4].clone()))?;
        let cols = list(first)?.len();
        let k = int_in(&args[2], 1, 64, "tictactoe_line_length")? as usize;
        let game = Self::new(rows.len(), cols, k, Eval::from_term(&args[3])?)?;
        game.from_term(t)?;
        Ok(game)
    }

    /// The number of squares.
    fn squares(&self) -> usize {
        self.rows * self.cols
    }

    /// The mask of all squares.
    fn full(&self) -> u64 {
        if self.squares() == 64 {
            u64::MAX
        } else {
            (1u64 << self.squares()) - 1
        }
    }

    /// Every k-in-a-row as a mask of squares (bit i is square i+1).
    pub fn lines(&self) -> &[u64] {
        &self.lines
    }

    /// The evaluation.
    pub fn eval(&self) -> Eval {
        self.eval
    }

    /// Does `stones` contain a whole line?
    fn has_line(&self, stones: u64) -> bool {
        self.lines.iter().any(|&l| l & !stones == 0)
    }

    /// Lines with no O on them (open for X) and lines with no X on them (open for O).
    pub fn open_lines(&self, pos: &TttPos) -> (i64, i64) {
        let open_x = self.lines.iter().filter(|&&l| l & pos.o == 0).count();
        let open_o = self.lines.iter().filter(|&&l| l & pos.x == 0).count();
        (open_x as i64, open_o as i64)
    }

    /// The position after X's stones `x` and O's stones `o`, with the side that moves next.
    pub fn position(&self, x: u64, o: u64, depth: u32) -> TttPos {
        TttPos {
            x,
            o,
            x_to_move: x.count_ones() == o.count_ones(),
            depth,
        }
    }
}

impl Horizon for TttPos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for TicTacToe {
    type Pos = TttPos;
    type Move = u8;

    fn legal_moves(&self, pos: &TttPos, out: &mut Vec<u8>) {
        if self.outcome(pos).is_some() {
            return;
        }
        let empty = !(pos.x | pos.o) & self.full();
        out.extend((0..self.squares() as u8).filter(|&i| empty & (1 << i) != 0));
    }

    fn after(&self, pos: &TttPos, mv: &u8) -> TttPos {
        let bit = 1u64 << mv;
        let (x, o) = if pos.x_to_move {
            (pos.x | bit, pos.o)
        } else {
            (pos.x, pos.o | bit)
        };
        TttPos {
            x,
            o,
            x_to_move: !pos.x_to_move,
            depth: pos.depth,
        }
    }

    fn max_to_move(&self, pos: &TttPos) -> bool {
        pos.x_to_move
    }

    fn static_value(&self, pos: &TttPos) -> i64 {
        let won = match self.outcome(pos) {
            Some(Outcome::MaxWins) => Some(1),
            Some(Outcome::MinWins) => Some(-1),
            _ => None,
        };
        match (self.eval, won) {
            (Eval::WinLoss, w) => w.unwrap_or(0),
            (Eval::Lines, Some(w)) => w * WIN,
            (Eval::Lines, None) => {
                let (x, o) = self.open_lines(pos);
                x - o
            }
        }
    }

    fn outcome(&self, pos: &TttPos) -> Option<Outcome> {
        if self.has_line(pos.x) {
            Some(Outcome::MaxWins)
        } else if self.has_line(pos.o) {
            Some(Outcome::MinWins)
        } else if (pos.x | pos.o) == self.full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}

impl TermGame for TicTacToe {
    fn key_after(&self, pos: &TttPos, key: u64, next: &TttPos) -> u64 {
        use crate::zobrist::{place, squares_delta, step, swap_atom};
        let side = |p: &TttPos| if p.x_to_move { "x" } else { "o" };
        let cell = |p: &TttPos, i: usize| {
            let bit = 1u64 << i;
            if p.x & bit != 0 {
                "x"
            } else if p.o & bit != 0 {
                "o"
            } else {
                "e"
            }
        };
        let rows = place(&[4]);
        key ^ swap_atom(place(&[1]), side(pos), side(next))
            ^ squares_delta(
                (pos.x ^ next.x) | (pos.o ^ next.o),
                |i| step(step(rows, i / self.cols), i % self.cols),
                |i| cell(pos, i),
                |i| cell(next, i),
            )
    }

    fn name(&self) -> GTerm {
        let int = |v: usize| GTerm::Int(v as i64);
        let square = self.rows == self.cols && self.cols == self.k;
        match (square, self.eval) {
            (true, Eval::Lines) if self.k == 3 => GTerm::atom("tictactoe"),
            (true, Eval::Lines) => GTerm::compound("tictactoe", vec![int(self.k)]),
            (true, e) => GTerm::compound("tictactoe", vec![int(self.k), e.atom()]),
            (false, e) => GTerm::compound(
                "tictactoe",
                vec![int(self.rows), int(self.cols), int(self.k), e.atom()],
            ),
        }
    }

    fn initial(&self, depth: u32) -> TttPos {
        self.position(0, 0, depth)
    }

    fn to_term(&self, pos: &TttPos) -> GTerm {
        let rows = (0..self.rows)
            .map(|r| {
                GTerm::List(
                    (0..self.cols)
                        .map(|c| {
                            let bit = 1u64 << (r * self.cols + c);
                            GTerm::atom(if pos.x & bit != 0 {
                                "x"
                            } else if pos.o & bit != 0 {
                                "o"
                            } else {
                                "e"
                            })
                        })
                        .collect(),
                )
            })
            .collect();
        GTerm::compound(
            "ttt",
            vec![
                super::term_read::depth_term(pos.depth),
                GTerm::atom(if pos.x_to_move { "x" } else { "o" }),
                GTerm::Int(self.k as i64),
                self.eval.atom(),
                GTerm::List(rows),
            ],
        )
    }

    fn from_term(&self, t: &GTerm) -> Result<TttPos, GameError> {
        let args = compound_args(t, "ttt", 5, "ttt_position")?;
        let d = depth(&args[0])?;
        let x_to_move = one_of(&args[1], &["x", "o"], "ttt_side")? == 0;
        let k = int_in(&args[2], 1, 64, "tictactoe_line_length")? as usize;
        let eval = Eval::from_term(&args[3])?;
        if k != self.k || eval != self.eval {
            return Err(GameError::Domain("ttt_position", t.clone()));
        }
        let rows = list(&args[4])?;
        if rows.len() != self.rows {
            return Err(GameError::Domain("ttt_board", args[4].clone()));
        }
        let (mut x, mut o) = (0u64, 0u64);
        for (r, row) in rows.iter().enumerate() {
            let cells = list(row)?;
            if cells.len() != self.cols {
                return Err(GameError::Domain("ttt_row", row.clone()));
            }
            for (c, cell) in cells.iter().enumerate() {
                let bit = 1u64 << (r * self.cols + c);
                match one_of(cell, &["e", "x", "o"], "ttt_square")? {
                    1 => x |= bit,
                    2 => o |= bit,
                    _ => {}
                }
            }
        }
        let pos = self.position(x, o, d);
        let consistent = x.count_ones() == o.count_ones() || x.count_ones() == o.count_ones() + 1;
        if !consistent || pos.x_to_move != x_to_move {
            return Err(GameError::Domain("ttt_position", t.clone()));
        }
        Ok(pos)
    }

    fn move_notation(&self, _pos: &TttPos, mv: &u8) -> String {
        (mv + 1).to_string()
    }

    fn parse_move(&self, pos: &TttPos, text: &str) -> Result<u8, GameError> {
        let bad = || GameError::Domain("ttt_move", GTerm::Str(text.to_string()));
        let square: u8 = text.trim().parse().map_err(|_| bad())?;
        let mut legal = Vec::new();
        self.legal_moves(pos, &mut legal);
        match square.checked_sub(1) {
            Some(mv) if legal.contains(&mv) => Ok(mv),
            _ => Err(bad()),
        }
    }

    fn show(&self, pos: &TttPos) -> String {
        // Each row is followed by the numbers of its squares, which are the moves' notation.
        let width = (self.rows * self.cols).to_string().len();
        let mut out = String::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let bit = 1u64 << (r * self.cols + c);
                out.push(if pos.x & bit != 0 {
                    'X'
                } else if pos.o & bit != 0 {
                    'O'
                } else {
                    '.'
                });
            }
            out.push_str("   ");
            for c in 0..self.cols {
                out.push_str(&format!(" {:>width$}", r * self.cols + c + 1));
            }
            out.push('\n');
        }
        out.push_str(if pos.x_to_move {
            "X to move\n"
        } else {
            "O to move\n"
        });
        out
    }
}

impl HeapGame for TicTacToe {
    const ATOMS: &'static [&'static str] = &["ttt", "x", "o", "e", "lines", "winloss"];

    fn encode(&self, w: &mut Writer<'_>, pos: &TttPos, parent: Option<&TttPos>) -> Cell {
        let cols = self.cols;
        let row_bits = if cols >= 64 {
            u64::MAX
        } else {
            (1u64 << cols) - 1
        };
        // A row's stones, X's and O's, as two masks.
        let row_of = |p: &TttPos, r: usize| {
            let shift = r * cols;
            ((p.x >> shift) & row_bits, (p.o >> shift) & row_bits)
        };
        let same = |r: usize| parent.is_some_and(|p| row_of(p, r) == row_of(pos, r));
        let rows = w.rows(4, self.rows, same, |w, r| {
            let (e, x, o) = (w.atom(3), w.atom(1), w.atom(2));
            w.list_with(cols, |c| {
                let bit = 1u64 << (r * cols + c);
                if pos.x & bit != 0 {
                    x
                } else if pos.o & bit != 0 {
                    o
                } else {
                    e
                }
            })
        });
        let depth = w.depth(pos.depth);
        let side = w.side(pos.x_to_move);
        let k = w.int(self.k as i64);
        let eval = w.atom(match self.eval {
            Eval::Lines => 4,
            Eval::WinLoss => 5,
        });
        w.compound(0, &[depth, side, k, eval, rows])
    }

    /// The checks of `from_term`, on the cells.
    fn decode(&self, r: &Reader<'_>, c: Cell) -> Option<TttPos> {
        let [d, side, k, eval, rows] = r.args(c, 0)?;
        let d = r.depth(d)?;
        let x_to_move = r.side(side)?;
        let eval = match r.atom(eval)? {
            4 => Eval::Lines,
            5 => Eval::WinLoss,
            _ => return None,
        };
        if r.int(k)? != self.k as i64 || eval != self.eval {
            return None;
        }
        let mut squares = [0u8; 64];
        r.board(rows, self.rows, self.cols, &[3, 1, 2], &mut squares)?;
        let (mut x, mut o) = (0u64, 0u64);
        for (i, &s) in squares[..self.rows * self.cols].iter().enumerate() {
            match s {
                1 => x |= 1 << i,
                2 => o |= 1 << i,
                _ => {}
            }
        }
        let pos = self.position(x, o, d);
        let consistent = x.count_ones() == o.count_ones() || x.count_ones() == o.count_ones() + 1;
        (consistent && pos.x_to_move == x_to_move).then_some(pos)
    }
}

#[cfg(test)]
mod tests;
