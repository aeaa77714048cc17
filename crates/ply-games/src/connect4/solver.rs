//! An exact Connect Four solver: negamax with alpha-beta, a transposition table, moves ordered
//! by the threats they make (centre columns first on ties), and a null-window search on the
//! score.
//!
//! Scores follow the convention of the published test sets (facts README): from the side to
//! move, a win scores 22 minus the number of stones the winner has played when it wins, a loss
//! the negative, a draw 0. The solver is a reference for tests and for people; the textbook
//! engines never call it. Recursion depth is bounded by the 42 cells of the board.

use super::{column_mask, has_four, winning_cells, C4Pos, BOARD, BOTTOM, HEIGHT, WIDTH};

/// Columns from the centre outwards.
const ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];
/// Cells on the board.
const CELLS: i32 = (WIDTH * HEIGHT) as i32;
/// The lowest score there is.
const MIN_SCORE: i32 = -(CELLS / 2) + 3;
/// Entries of the transposition table (a prime, so that keys spread over it).
const TABLE_SIZE: usize = 1_048_583;

/// A solver with its transposition table; reuse it across positions to keep what it learnt.
pub struct Solver {
    /// Each entry holds a key (49 bits) shifted left by 8 and an upper bound (8 bits).
    table: Vec<u64>,
    /// Positions searched since the solver was made.
    pub nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver {
            table: vec![0; TABLE_SIZE],
            nodes: 0,
        }
    }
}

/// The position as the solver sees it: the stones of the side to move, all stones, and the
/// number of stones.
#[derive(Clone, Copy)]
struct Node {
    current: u64,
    mask: u64,
    moves: i32,
}

impl Node {
    fn key(&self) -> u64 {
        self.current + self.mask
    }

    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    fn can_win_next(&self) -> bool {
        winning_cells(self.current, self.mask) & self.possible() != 0
    }

    /// Playable cells that do not hand the opponent an immediate win; 0 when every move loses.
    fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_wins = winning_cells(self.current ^ self.mask, self.mask);
        let forced = possible & opponent_wins;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                // Two threats at once: nothing saves the position.
                return 0;
            }
            possible = forced;
        }
        // Never play directly below a cell where the opponent would win.
        possible & !(opponent_wins >> 1)
    }

    fn play(&self, cell: u64) -> Node {
        Node {
            current: self.current ^ self.mask,
            mask: self.mask | cell,
            moves: self.moves + 1,
        }
    }

    /// How good a move looks: the winning cells it gives the mover.
    fn move_score(&self, cell: u64) -> u32 {
        winning_cells(self.current | cell, self.mask | cell).count_ones()
    }
}

impl Solver {
    /// A solver with an empty table (about 8 MB).
    pub fn new() -> Self {
        Self::default()
    }

    fn get(&self, key: u64) -> Option<i32> {
        let e = self.table[(key % TABLE_SIZE as u64) as usize];
        (e >> 8 == key).then_some((e & 0xff) as i32)
    }

    fn put(&mut self, key: u64, value: i32) {
        self.table[(key % TABLE_SIZE as u64) as usize] = key << 8 | value as u64;
    }

    /// The exact score of `pos` from the side to move, or `None` when the game is already over
    /// (a four on the board or a full board gives no side to move a score).
    pub fn solve(&mut self, pos: &C4Pos) -> Option<i32> {
        if has_four(pos.x) || has_four(pos.o) || pos.stones() as i32 == CELLS {
            return None;
        }
        let current = if pos.x_to_move() { pos.x } else { pos.o };
        let node = Node {
            current,
            mask: pos.mask(),
            moves: pos.stones() as i32,
        };
        if node.can_win_next() {
            return Some((CELLS + 1 - node.moves) / 2);
        }
        let (mut min, mut max) = (-(CELLS - node.moves) / 2, (CELLS + 1 - node.moves) / 2);
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.negamax(node, med, med + 1);
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Some(min)
    }

    /// Negamax with alpha-beta; the side to move cannot win at once (the caller checked).
    fn negamax(&mut self, node: Node, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let next = node.non_losing_moves();
        if next == 0 {
            return -(CELLS - node.moves) / 2;
        }
        if node.moves >= CELLS - 2 {
            return 0;
        }
        let min = -(CELLS - 2 - node.moves) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (CELLS - 1 - node.moves) / 2;
        if let Some(v) = self.get(node.key()) {
            max = v + MIN_SCORE - 1;
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        // Order the candidate moves by their score, centre first among equals (a stable sort
        // over the centre-first column order).
        let mut candidates: Vec<(u32, u64)> = ORDER
            .iter()
            .map(|&c| next & column_mask(c))
            .filter(|&cell| cell != 0)
            .map(|cell| (node.move_score(cell), cell))
            .collect();
        candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        for (_, cell) in candidates {
            let score = -self.negamax(node.play(cell), -beta, -alpha);
            if score >= beta {
                return score;
            }
            if score > alpha {
                alpha = score;
            }
        }
        self.put(node.key(), alpha - MIN_SCORE + 1);
        alpha
    }
}
