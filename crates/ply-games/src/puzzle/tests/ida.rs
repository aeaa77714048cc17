//! Iterative-deepening A* (Korf 1985) with the Manhattan distance, written for the tests apart
//! from the library's search: it keeps the tiles in a plain array, updates the heuristic by the
//! one tile a move shifts, and returns the moves it found so that the library's own `slide`
//! can replay them. Korf's instances need millions of nodes, which is why the heuristic is
//! updated rather than recomputed: at the test profile's optimisation the difference is
//! several times over.

use super::super::{manhattan, Board, Dir};

/// What a search ended with.
pub struct Solved {
    /// The blank's moves from the start to the goal, as the library names them.
    pub moves: Vec<Dir>,
    /// Nodes expanded over every iteration.
    pub expanded: u64,
}

/// The search's fixed tables and its one mutable board.
struct Search {
    side: usize,
    /// `distance[tile][square]`: the rows plus columns from `square` to `tile`'s goal square.
    distance: [[u32; 16]; 16],
    tiles: [u8; 16],
    blank: usize,
    path: Vec<Dir>,
    expanded: u64,
    limit: u64,
}

/// The square the blank reaches from `square` going `dir`, if it stays on the board.
fn step(side: usize, square: usize, dir: Dir) -> Option<usize> {
    let (r, c) = (square / side, square % side);
    match dir {
        Dir::Down if r + 1 < side => Some(square + side),
        Dir::Up if r > 0 => Some(square - side),
        Dir::Left if c > 0 => Some(square - 1),
        Dir::Right if c + 1 < side => Some(square + 1),
        _ => None,
    }
}

/// The direction that undoes `dir`.
fn reverse(dir: Dir) -> Dir {
    match dir {
        Dir::Down => Dir::Up,
        Dir::Up => Dir::Down,
        Dir::Left => Dir::Right,
        Dir::Right => Dir::Left,
    }
}

/// The optimal solution from `start` to `goal`, or None when more than `limit` nodes were
/// expanded first (a caller that knows the optimum treats None as a failure).
pub fn solve(start: &Board, goal: &Board, limit: u64) -> Option<Solved> {
    let side = start.side as usize;
    let mut distance = [[0u32; 16]; 16];
    for (g, &tile) in goal.cells().iter().enumerate() {
        for (square, d) in distance[tile as usize]
            .iter_mut()
            .enumerate()
            .take(side * side)
        {
            *d = ((square / side).abs_diff(g / side) + (square % side).abs_diff(g % side)) as u32;
        }
    }
    let mut s = Search {
        side,
        distance,
        tiles: start.tiles,
        blank: start.blank(),
        path: Vec::new(),
        expanded: 0,
        limit,
    };
    let h0: u32 = (0..side * side)
        .filter(|&q| s.tiles[q] != 0)
        .map(|q| s.distance[s.tiles[q] as usize][q])
        .sum();
    // The table and the library must agree on the start, or the search would prove nothing
    // about the library's heuristic.
    assert_eq!(h0, manhattan(start, goal), "the Manhattan tables disagree");
    let mut bound = h0;
    loop {
        match s.dfs(0, h0, bound, None) {
            Ok(()) => {
                return Some(Solved {
                    moves: s.path,
                    expanded: s.expanded,
                })
            }
            Err(Some(next)) => bound = next,
            Err(None) => return None,
        }
    }
}

impl Search {
    /// Depth-first search below the current board, `g` moves from the start and `h` from the
    /// goal by the heuristic. Ok when the goal was reached (the moves are in `path`); otherwise
    /// the least f above `bound` met, or None when the node budget ran out. The recursion is
    /// as deep as the solution is long (at most 80 moves for the 15-puzzle).
    fn dfs(&mut self, g: u32, h: u32, bound: u32, last: Option<Dir>) -> Result<(), Option<u32>> {
        let f = g + h;
        if f > bound {
            return Err(Some(f));
        }
        if h == 0 {
            return Ok(());
        }
        self.expanded += 1;
        if self.expanded > self.limit {
            return Err(None);
        }
        let mut least = u32::MAX;
        for dir in Dir::ORDER {
            if last == Some(reverse(dir)) {
                continue;
            }
            let Some(to) = step(self.side, self.blank, dir) else {
                continue;
            };
            // The tile on `to` moves onto the blank's square; only its distance changes.
            let tile = self.tiles[to] as usize;
            let from = self.blank;
            let h2 = h + self.distance[tile][from] - self.distance[tile][to];
            self.tiles[from] = tile as u8;
            self.tiles[to] = 0;
            self.blank = to;
            self.path.push(dir);
            let result = self.dfs(g + 1, h2, bound, Some(dir));
            if result.is_ok() {
                return Ok(());
            }
            self.path.pop();
            self.blank = from;
            self.tiles[to] = tile as u8;
            self.tiles[from] = 0;
            match result {
                Err(Some(next)) => least = least.min(next),
                _ => return result,
            }
        }
        Err(Some(least))
    }
}
