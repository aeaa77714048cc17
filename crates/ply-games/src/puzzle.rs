//! The 8- and 15-puzzle as a state space (source document 001): tiles on a 3x3 or 4x4 board,
//! one square blank, a move slides a tile next to the blank into it.
//!
//! A move is named by the direction the blank goes. Document 001's `OPENING` tests the blank's
//! moves in the order right, left, up, down and pushes each new state onto the front of its
//! list, so the list it returns runs **down, up, left, right**; [`successors`] and the game's
//! moves use that order.
//!
//! It is a one-player problem: MAX is always to move and the game is over (MAX has won) at the
//! goal. The textbook's `betterof/6` asks the *successor* who is to move, so with MAX always to
//! move every position is treated as a MIN choice and the textbook engines minimise; the static
//! value is therefore a cost, the Manhattan distance to the goal, and minimax to depth d finds
//! the successor leading closest to the goal within d moves.
//! This module must never create an atom from data.
//!
//! | name term               | board | start                    | goal                       |
//! |-------------------------|-------|--------------------------|----------------------------|
//! | `puzzle8`               | 3x3   | document 001: 283164705  | document 001: 123804765    |
//! | `puzzle8(Tiles)`        | 3x3   | `Tiles`                  | document 001: 123804765    |
//! | `puzzle8(Tiles, Goal)`  | 3x3   | `Tiles`                  | `Goal`                     |
//! | `puzzle15`              | 4x4   | the goal                 | Korf: 0 1 2 ... 15         |
//! | `puzzle15(Tiles)`       | 4x4   | `Tiles`                  | Korf: 0 1 2 ... 15         |
//! | `puzzle15(Tiles, Goal)` | 4x4   | `Tiles`                  | `Goal`                     |
//!
//! Tiles are listed row by row, 0 for the blank. A list that is not a permutation of 0..n*n-1,
//! or from which the goal cannot be reached, is a domain error.
//!
//! Position term: `puzzle(Depth, Tiles, Goal)`, e.g.
//! `puzzle(5, [2,8,3,1,6,4,7,0,5], [1,2,3,8,0,4,7,6,5])`.

use super::codec::{HeapGame, Writer};
use super::dyn_game::boxed;
use super::term_read::{compound_args, depth, int_list, int_list_term, name_args};
use super::{GTerm, Game, GameEntry, GameError, Horizon, Outcome, TermGame};
use ply_term::Cell;

/// The registry line for the 8-puzzle.
pub const ENTRY_8: GameEntry = GameEntry {
    name: "puzzle8",
    position: "puzzle",
    picture: super::picture::counts::puzzle,
    from_name: |t| Ok(boxed(Puzzle::from_name(t, 3)?)),
    from_position: |t| Ok(boxed(Puzzle::from_position(t)?)),
};

/// The registry line for the 15-puzzle (its positions are found through [`ENTRY_8`]'s
/// `puzzle/3`, which serves both sizes).
pub const ENTRY_15: GameEntry = GameEntry {
    name: "puzzle15",
    position: "puzzle",
    picture: super::picture::counts::puzzle,
    from_name: |t| Ok(boxed(Puzzle::from_name(t, 4)?)),
    from_position: |t| Ok(boxed(Puzzle::from_position(t)?)),
};

/// Document 001's 8-puzzle start, 2 8 3 / 1 6 4 / 7 _ 5.
pub const DOC001_START: [u8; 9] = [2, 8, 3, 1, 6, 4, 7, 0, 5];
/// Document 001's 8-puzzle goal, 1 2 3 / 8 _ 4 / 7 6 5.
pub const DOC001_GOAL: [u8; 9] = [1, 2, 3, 8, 0, 4, 7, 6, 5];

/// A direction the blank moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// The blank goes one row down.
    Down,
    /// The blank goes one row up.
    Up,
    /// The blank goes one column left.
    Left,
    /// The blank goes one column right.
    Right,
}

impl Dir {
    /// Every direction, in document 001's successor order.
    pub const ORDER: [Dir; 4] = [Dir::Down, Dir::Up, Dir::Left, Dir::Right];

    /// The direction's name as the document writes it.
    pub fn name(self) -> &'static str {
        match self {
            Dir::Down => "down",
            Dir::Up => "up",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// A board of side 3 or 4: `tiles[i]` is the tile on square i (row by row), 0 the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Side length, 3 or 4.
    pub side: u8,
    /// The tiles; only the first side*side entries are used, the rest are 0.
    pub tiles: [u8; 16],
}

impl Board {
    /// A board from a tile list; it must be a permutation of 0..n for n = 9 or 16.
    pub fn new(tiles: &[u8]) -> Option<Board> {
        let side = match tiles.len() {
            9 => 3,
            16 => 4,
            _ => return None,
        };
        let mut seen = [false; 16];
        let mut board = Board {
            side,
            tiles: [0; 16],
        };
        for (i, &t) in tiles.iter().enumerate() {
            if t as usize >= tiles.len() || seen[t as usize] {
                return None;
            }
            seen[t as usize] = true;
            board.tiles[i] = t;
        }
        Some(board)
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        (self.side * self.side) as usize
    }

    /// Always false: a board has at least nine squares.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The used tiles, row by row.
    pub fn cells(&self) -> &[u8] {
        &self.tiles[..self.len()]
    }

    /// The square of the blank.
    pub fn blank(&self) -> usize {
        self.cells().iter().position(|&t| t == 0).unwrap_or(0)
    }

    /// The board after the blank moves `dir`, if it can.
    pub fn slide(&self, dir: Dir) -> Option<Board> {
        let side = self.side as usize;
        let b = self.blank();
        let (r, c) = (b / side, b % side);
        let to = match dir {
            Dir::Down if r + 1 < side => b + side,
            Dir::Up if r > 0 => b - side,
            Dir::Left if c > 0 => b - 1,
            Dir::Right if c + 1 < side => b + 1,
            _ => return None,
        };
        let mut next = *self;
        next.tiles.swap(b, to);
        Some(next)
    }
}

/// The boards one move away, with the blank's direction, in document 001's order.
pub fn successors(board: &Board) -> Vec<(Dir, Board)> {
    Dir::ORDER
        .iter()
        .filter_map(|&d| board.slide(d).map(|b| (d, b)))
        .collect()
}

/// Is `board` the goal?
pub fn is_goal(board: &Board, goal: &Board) -> bool {
    board == goal
}

/// Tiles (not the blank) that are not on their goal square.
pub fn misplaced(board: &Board, goal: &Board) -> u32 {
    board
        .cells()
        .iter()
        .zip(goal.cells())
        .filter(|(&t, &g)| t != 0 && t != g)
        .count() as u32
}

/// The sum over the tiles (not the blank) of the rows plus columns between each tile and its
/// goal square.
pub fn manhattan(board: &Board, goal: &Board) -> u32 {
    let side = board.side as usize;
    let mut goal_square = [0usize; 16];
    for (i, &t) in goal.cells().iter().enumerate() {
        goal_square[t as usize] = i;
    }
    board
        .cells()
        .iter()
        .enumerate()
        .filter(|(_, &t)| t != 0)
        .map(|(i, &t)| {
            let g = goal_square[t as usize];
            ((i / side).abs_diff(g / side) + (i % side).abs_diff(g % side)) as u32
        })
        .sum()
}

/// Can `goal` be reached from `board`? Each move is a transposition of the blank with a tile
/// and moves the blank one square, so the permutation between the two boards must have the
/// parity of the blank's Manhattan distance.
pub fn solvable(board: &Board, goal: &Board) -> bool {
    if board.side != goal.side {
        return false;
    }
    let n = board.len();
    let mut goal_square = [0usize; 16];
    for (i, &t) in goal.cells().iter().enumerate() {
        goal_square[t as usize] = i;
    }
    // The permutation sending each square to its tile's goal square, and its parity by cycles.
    let mut seen = [false; 16];
    let mut transpositions = 0;
    for start in 0..n {
        let mut len = 0;
        let mut i = start;
        while !seen[i] {
            seen[i] = true;
            i = goal_square[board.tiles[i] as usize];
            len += 1;
        }
        transpositions += len.max(1) - 1;
    }
    let side = board.side as usize;
    let (b, g) = (board.blank(), goal.blank());
    let blank_distance = (b / side).abs_diff(g / side) + (b % side).abs_diff(g % side);
    transpositions % 2 == blank_distance % 2
}

/// The puzzle with its start and goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Where play starts.
    pub start: Board,
    /// The board to reach.
    pub goal: Board,
}

/// A puzzle position: the board and the remaining depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PuzzlePos {
    /// The board.
    pub board: Board,
    /// The remaining search depth.
    pub depth: u32,
}

/// A tile list term as a board of the given side (0 for either size).
fn board_of(t: &GTerm, side: u8) -> Result<Board, GameError> {
    let values = int_list(t, 0, 15, "puzzle_tiles")?;
    let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
    match Board::new(&bytes) {
        Some(b) if side == 0 || b.side == side => Ok(b),
        _ => Err(GameError::Domain("puzzle_tiles", t.clone())),
    }
}

impl Puzzle {
    /// The puzzle from `start` to `goal`; the goal must be reachable.
    pub fn new(start: Board, goal: Board) -> Result<Self, GameError> {
        if !solvable(&start, &goal) {
            let tiles = |b: &Board| int_list_term(b.cells().iter().map(|&t| t as i64));
            return Err(GameError::Domain("solvable_puzzle", tiles(&start)));
        }
        Ok(Puzzle { start, goal })
    }

    /// The standard goal for a side: document 001's for 3, Korf's for 4.
    pub fn standard_goal(side: u8) -> Board {
        let tiles: Vec<u8> = if side == 3 {
            DOC001_GOAL.to_vec()
        } else {
            (0..16).collect()
        };
        Board::new(&tiles).unwrap_or(Board {
            side,
            tiles: [0; 16],
        })
    }

    /// The game a `puzzle8` or `puzzle15` name term denotes.
    pub fn from_name(t: &GTerm, side: u8) -> Result<Self, GameError> {
        let goal = Self::standard_goal(side);
        match name_args(t)? {
            [] if side == 3 => {
                let start = Board::new(&DOC001_START).unwrap_or(goal);
                Puzzle::new(start, goal)
            }
            [] => Puzzle::new(goal, goal),
            [tiles] => Puzzle::new(board_of(tiles, side)?, goal),
            [tiles, g] => Puzzle::new(board_of(tiles, side)?, board_of(g, side)?),
            _ => Err(GameError::Domain("game", t.clone())),
        }
    }

    /// The game of a `puzzle/3` position, starting from that position.
    pub fn from_position(t: &GTerm) -> Result<Self, GameError> {
        let args = compound_args(t, "puzzle", 3, "puzzle_position")?;
        depth(&args[0])?;
        let start = board_of(&args[1], 0)?;
        let goal = board_of(&args[2], start.side)?;
        Puzzle::new(start, goal)
    }
}

impl Horizon for PuzzlePos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for Puzzle {
    type Pos = PuzzlePos;
    type Move = Dir;

    fn legal_moves(&self, pos: &PuzzlePos, out: &mut Vec<Dir>) {
        if is_goal(&pos.board, &self.goal) {
            return;
        }
        out.extend(Dir::ORDER.iter().filter(|&&d| pos.board.slide(d).is_some()));
    }

    fn after(&self, pos: &PuzzlePos, mv: &Dir) -> PuzzlePos {
        PuzzlePos {
            board: pos.board.slide(*mv).unwrap_or(pos.board),
            depth: pos.depth,
        }
    }

    fn max_to_move(&self, _pos: &PuzzlePos) -> bool {
        true
    }

    fn static_value(&self, pos: &PuzzlePos) -> i64 {
        manhattan(&pos.board, &self.goal) as i64
    }

    fn outcome(&self, pos: &PuzzlePos) -> Option<Outcome> {
        is_goal(&pos.board, &self.goal).then_some(Outcome::MaxWins)
    }
}

/// A board as a list term.
fn tiles_term(b: &Board) -> GTerm {
    int_list_term(b.cells().iter().map(|&t| t as i64))
}

impl TermGame for Puzzle {
    fn key_after(&self, pos: &PuzzlePos, key: u64, next: &PuzzlePos) -> u64 {
        use crate::zobrist::{place, step, swap_int};
        // A move swaps the blank with a tile: two cells change.
        let board = place(&[1]);
        let (old, new) = (pos.board.cells(), next.board.cells());
        let mut k = key;
        for (i, (&a, &b)) in old.iter().zip(new.iter()).enumerate() {
            k ^= swap_int(step(board, i), i64::from(a), i64::from(b));
        }
        k
    }

    fn name(&self) -> GTerm {
        let (name, standard_start) = if self.goal.side == 3 {
            ("puzzle8", Board::new(&DOC001_START))
        } else {
            ("puzzle15", Some(self.goal))
        };
        if self.goal != Self::standard_goal(self.goal.side) {
            GTerm::compound(name, vec![tiles_term(&self.start), tiles_term(&self.goal)])
        } else if Some(self.start) == standard_start {
            GTerm::Atom(std::borrow::Cow::Borrowed(name))
        } else {
            GTerm::compound(name, vec![tiles_term(&self.start)])
        }
    }

    fn initial(&self, depth: u32) -> PuzzlePos {
        PuzzlePos {
            board: self.start,
            depth,
        }
    }

    fn to_term(&self, pos: &PuzzlePos) -> GTerm {
        GTerm::compound(
            "puzzle",
            vec![
                super::term_read::depth_term(pos.depth),
                tiles_term(&pos.board),
                tiles_term(&self.goal),
            ],
        )
    }

    fn from_term(&self, t: &GTerm) -> Result<PuzzlePos, GameError> {
        let args = compound_args(t, "puzzle", 3, "puzzle_position")?;
        let d = depth(&args[0])?;
        let board = board_of(&args[1], self.goal.side)?;
        if board_of(&args[2], self.goal.side)? != self.goal {
            return Err(GameError::Domain("puzzle_goal", args[2].clone()));
        }
        if !solvable(&board, &self.goal) {
            return Err(GameError::Domain("solvable_puzzle", args[1].clone()));
        }
        Ok(PuzzlePos { board, depth: d })
    }

    fn move_notation(&self, _pos: &PuzzlePos, mv: &Dir) -> String {
        mv.name().to_string()
    }

    fn parse_move(&self, pos: &PuzzlePos, text: &str) -> Result<Dir, GameError> {
        Dir::ORDER
            .iter()
            .copied()
            .find(|d| d.name() == text.trim() && pos.board.slide(*d).is_some())
            .ok_or_else(|| GameError::Domain("puzzle_move", GTerm::Str(text.to_string())))
    }

    fn show(&self, pos: &PuzzlePos) -> String {
        let mut out = String::new();
        for row in pos.board.cells().chunks(pos.board.side as usize) {
            let cells: Vec<String> = row
                .iter()
                .map(|&t| match t {
                    0 => " _".to_string(),
                    t => format!("{t:2}"),
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }
}

impl HeapGame for Puzzle {
    const ATOMS: &'static [&'static str] = &["puzzle"];

    fn encode(&self, w: &mut Writer<'_>, pos: &PuzzlePos, _: Option<&PuzzlePos>) -> Cell {
        let tiles = |w: &mut Writer<'_>, b: &Board| {
            let mut cells = [Cell::int(0); 16];
            let n = b.cells().len().min(16);
            for (cell, &t) in cells.iter_mut().zip(b.cells()) {
                *cell = Cell::int(i64::from(t));
            }
            w.list(&cells[..n])
        };
        let board = tiles(w, &pos.board);
        // Every position of one game has the same goal: the parent's is shared.
        let goal = match w.parent_arg(2) {
            Some(c) => c,
            None => tiles(w, &self.goal),
        };
        let depth = w.depth(pos.depth);
        w.compound(0, &[depth, board, goal])
    }
}

#[cfg(test)]
mod tests;
