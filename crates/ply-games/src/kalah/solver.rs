//! An exact Kalah solver: negamax alpha-beta with a transposition table, aware that a move
//! ending in the mover's store lets the same side move again.
//!
//! The value is the final margin (the mover's seeds minus the opponent's at the end) with both
//! sides playing perfectly. The table is keyed by the holes and the side to move only and holds
//! bounds on the seeds still to be won, because what happens next does not depend on the
//! stores. Recursion depth is bounded by the length of a game, which is bounded by the seeds.

use super::{Kalah, KalahPos};
use crate::Game;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for short byte keys (multiply and rotate); the keys come from the solver
/// itself, so resistance to chosen collisions does not matter here.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(7) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The holes of both sides and the side to move.
type Key = [u8; 2 * super::MAX_HOLES + 1];

/// Entries kept before the table is cleared, to bound memory.
const TABLE_LIMIT: usize = 4_000_000;

/// A solver for one Kalah shape.
pub struct Solver {
    game: Kalah,
    /// Lower and upper bounds on the seeds the side to move still gains (its final margin minus
    /// the current store difference).
    table: HashMap<Key, (i16, i16), BuildHasherDefault<MixHasher>>,
    /// Positions searched.
    pub nodes: u64,
}

impl Solver {
    /// A solver for `game`.
    pub fn new(game: Kalah) -> Self {
        Solver {
            game,
            table: HashMap::default(),
            nodes: 0,
        }
    }

    /// The final margin of `pos` from MAX's side with perfect play.
    pub fn solve(&mut self, pos: &KalahPos) -> i64 {
        let pos = KalahPos {
            depth: u32::MAX,
            ..*pos
        };
        // Narrow the margin with null-window probes ("is it at least x?"), which cut far more
        // than one wide search; the table carries the bounds from one probe to the next.
        let g = &self.game;
        let me = pos.max_to_move;
        let diff = g.store(&pos, me) as i32 - g.store(&pos, !me) as i32;
        let left = (g.holes_total(&pos, true) + g.holes_total(&pos, false)) as i32;
        let (mut lo, mut hi) = (diff - left, diff + left);
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2;
            let r = self.negamax(&pos, mid - 1, mid);
            if r >= mid {
                lo = r;
            } else {
                hi = r;
            }
        }
        let v = lo as i64;
        if pos.max_to_move {
            v
        } else {
            -v
        }
    }

    fn key(&self, pos: &KalahPos) -> Key {
        let mut key = [0u8; 2 * super::MAX_HOLES + 1];
        let m = self.game.m;
        key[..m].copy_from_slice(&pos.pits[..m]);
        key[m..2 * m].copy_from_slice(&pos.pits[m + 1..2 * m + 1]);
        key[2 * m] = pos.max_to_move as u8 + 1;
        key
    }

    /// The final margin from the side to move's point of view.
    fn negamax(&mut self, pos: &KalahPos, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let g = &self.game;
        let me = pos.max_to_move;
        let diff = g.store(pos, me) as i32 - g.store(pos, !me) as i32;
        if g.is_over(pos) {
            let margin = g.final_margin(pos) as i32;
            return if me { margin } else { -margin };
        }
        // Every seed still on the board can go either way.
        let left = (g.holes_total(pos, true) + g.holes_total(pos, false)) as i32;
        let (lo, hi) = (diff - left, diff + left);
        if hi <= alpha {
            return hi;
        }
        if lo >= beta {
            return lo;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let key = self.key(pos);
        if let Some(&(lower, upper)) = self.table.get(&key) {
            let (lower, upper) = (diff + lower as i32, diff + upper as i32);
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let alpha0 = alpha;
        let mut moves = Vec::with_capacity(g.m);
        g.moves(pos, &mut moves);
        // Moves that earn another move first, then the rest from the store side outwards.
        let m = g.m;
        let base = if me { 0 } else { m + 1 };
        moves.sort_by_key(|&h| {
            let lands = pos.pits[base + h as usize] as usize + h as usize;
            (lands != m, std::cmp::Reverse(h))
        });
        let mut best = i32::MIN;
        for h in moves {
            let child = self.game.play(pos, &h);
            let score = if child.max_to_move == me {
                self.negamax(&child, alpha, beta)
            } else {
                -self.negamax(&child, -beta, -alpha)
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        let gain = (best - diff) as i16;
        let entry = self.table.entry(key).or_insert((i16::MIN, i16::MAX));
        if best <= alpha0 {
            entry.1 = entry.1.min(gain);
        } else if best >= beta {
            entry.0 = entry.0.max(gain);
        } else {
            *entry = (gain, gain);
        }
        best
    }
}
