//! Move ordering: the table's move first, then the killer move of the ply, then by the history
//! heuristic, then by the successor's static value, best first for the side to move.
//!
//! A move is named without knowing the game: by the exclusive or of the keys of the position
//! and of its successor, which for a Zobrist key is the key of what the move changed (the
//! squares it filled or emptied and the side to move), the same move wherever it is played.

use std::collections::HashMap;

/// The killer move of each ply and the history scores.
#[derive(Default)]
pub(super) struct Ordering {
    /// The last move that caused a cut-off at each ply.
    killers: Vec<Option<u64>>,
    /// For each move, the sum of depth² over the cut-offs it caused.
    history: HashMap<u64, i64>,
}

/// The sort key of a successor: smaller is tried first.
pub(super) type Rank = (u8, i64, i64);

impl Ordering {
    /// The rank of a successor with key `child_key`, reached by move `mv`, with static value
    /// `value` for the side to move in the parent.
    pub(super) fn rank(
        &self,
        ply: usize,
        child_key: u64,
        mv: u64,
        table_move: Option<u64>,
        value: i64,
    ) -> Rank {
        let class = if table_move == Some(child_key) {
            0
        } else if self.killers.get(ply).copied().flatten() == Some(mv) {
            1
        } else {
            2
        };
        let history = self.history.get(&mv).copied().unwrap_or(0);
        (class, -history, -value)
    }

    /// Move `mv` caused a cut-off at `ply`, `depth` plies above the horizon.
    pub(super) fn cut(&mut self, ply: usize, mv: u64, depth: u32) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, None);
        }
        self.killers[ply] = Some(mv);
        let d = i64::from(depth.min(1 << 20));
        *self.history.entry(mv).or_insert(0) += d * d;
    }
}
