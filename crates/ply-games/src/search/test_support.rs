//! Shared checks for the games' tests: random positions, and the agreement of the textbook
//! minimax and alpha-beta on them.
//!
//! Test code only; it must never be compiled into the library proper.

use super::{alphabeta, minimax};
use crate::TermGame;

/// A small deterministic generator (xorshift64*), so that tests pick the same positions on
/// every run without a dependency.
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// `count` positions reached by random play from `start`, the i-th after `i % max_plies`
/// plies (fewer when the game ends), each given the search depth `search_depth`.
pub(crate) fn random_positions<G: TermGame>(
    game: &G,
    start: &G::Pos,
    count: usize,
    max_plies: usize,
    search_depth: u32,
    seed: u64,
) -> Vec<G::Pos> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for i in 0..count {
        let mut p = game.with_depth(start, u32::MAX);
        for _ in 0..i % max_plies.max(1) {
            moves.clear();
            game.moves(&p, &mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())].clone();
            p = game.play(&p, &m);
        }
        out.push(game.with_depth(&p, search_depth));
    }
    out
}

/// Minimax and alpha-beta (with bounds wider than any value) give the same value and the same
/// successor on every position, and alpha-beta evaluates no more leaves. Returns the total
/// leaves of each, for the caller to print or compare.
pub(crate) fn assert_engines_agree<G: TermGame>(game: &G, positions: &[G::Pos]) -> (u64, u64) {
    let (mut mm_leaves, mut ab_leaves) = (0, 0);
    for (i, p) in positions.iter().enumerate() {
        let m = minimax(game, p);
        let a = alphabeta(game, p, -1_000_000, 1_000_000);
        assert_eq!(
            (m.best, m.value),
            (a.best, a.value),
            "position {i}: {:?}",
            game.to_term(p)
        );
        assert!(a.stats.static_calls <= m.stats.static_calls);
        assert!(a.stats.nodes <= m.stats.nodes);
        mm_leaves += m.stats.static_calls;
        ab_leaves += a.stats.static_calls;
    }
    (mm_leaves, ab_leaves)
}
