//! Random playouts over any [`Game`]: from a position, a move chosen at random at every ply
//! until the game ends, reproducibly for a seed on every platform.
//!
//! The randomness is SplitMix64 (Steele, Lea and Flood, OOPSLA 2014) used as a counter-based
//! generator: the choice at ply `k` (from 0) of the playout with seed `s` is the `k+1`-th
//! output of SplitMix64 started at state `s`, that is [`mix`]`(s + (k+1) * γ)` with
//! γ = 0x9E3779B97F4A7C15 and wrapping 64-bit arithmetic, taken modulo the number of legal
//! moves (the bias of the modulo, below 2^-50 for any real game, is accepted). A choice thus
//! depends on the seed and the ply only, never on what came before, so a playout written in
//! Prolog can make the same choices through [`choice`], and the same seed gives the same game
//! on every machine. Monte Carlo tree search derives the seed of each playout from its own
//! seed ([`crate::mcts`]).
//!
//! A playout follows [`Game::moves`], so it stops at the end of the game and at the horizon
//! the position carries (`inf` for none), and after [`MAX_PLIES`] plies at the latest (a game
//! such as checkers, which has no draw rule, may otherwise go on for ever); a playout that
//! stops before the end of the game counts as a draw. Nothing here may know a particular game.

use super::{Game, Outcome};

/// SplitMix64's increment, the odd integer closest to 2^64 divided by the golden ratio.
pub const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// The most plies a playout plays; one that reaches it ends as a draw.
pub const MAX_PLIES: u64 = 10_000;

/// SplitMix64's output function: the 64 bits it returns for the state `z`.
pub fn mix(z: u64) -> u64 {
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The index, in `0..n` (`n` > 0), of the move a playout with seed `seed` chooses at ply `ply`
/// (from 0): the `ply+1`-th output of SplitMix64 from `seed`, modulo `n`.
pub fn choice(seed: u64, ply: u64, n: u64) -> u64 {
    mix(seed.wrapping_add(ply.wrapping_add(1).wrapping_mul(GAMMA))) % n
}

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// The result: the game's, or [`Outcome::Draw`] when the playout stopped at the horizon or
    /// after [`MAX_PLIES`] with the game still going on.
    pub outcome: Outcome,
    /// The plies played.
    pub length: u64,
}

/// A random playout from `pos` with seed `seed` (see the module's documentation).
pub fn playout<G: Game>(game: &G, pos: &G::Pos, seed: u64) -> Playout {
    let mut moves = Vec::new();
    let mut pos = pos.clone();
    let mut length = 0;
    while length < MAX_PLIES {
        moves.clear();
        game.moves(&pos, &mut moves);
        if moves.is_empty() {
            break;
        }
        let i = choice(seed, length, moves.len() as u64) as usize;
        pos = game.play(&pos, &moves[i]);
        length += 1;
    }
    Playout {
        outcome: game.outcome(&pos).unwrap_or(Outcome::Draw),
        length,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tictactoe::{Eval, TicTacToe};
    use crate::{coins::Coins, TermGame, UNLIMITED};

    #[test]
    fn mix_is_splitmix64() {
        // The first outputs of SplitMix64 from state 0, as the reference C code
        // (Vigna, splitmix64.c) prints them.
        assert_eq!(mix(GAMMA), 0xe220_a839_7b1d_cdaf);
        assert_eq!(choice(0, 0, 1000), 0xe220_a839_7b1d_cdaf % 1000);
        assert_eq!(mix(2u64.wrapping_mul(GAMMA)), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn a_playout_depends_on_its_seed_only() {
        let game = TicTacToe::classic(Eval::Lines);
        let start = game.initial(UNLIMITED);
        let a = playout(&game, &start, 7);
        assert_eq!(a, playout(&game, &start, 7));
        assert!((5..=9).contains(&a.length));
        let lengths: std::collections::HashSet<u64> =
            (0..50).map(|s| playout(&game, &start, s).length).collect();
        assert!(lengths.len() > 2, "{lengths:?}");
    }

    #[test]
    fn a_playout_stops_at_the_horizon_and_scores_a_draw() {
        let game = Coins::new(7, 2);
        let p = playout(&game, &game.initial(2), 1);
        assert_eq!((p.outcome, p.length), (Outcome::Draw, 2));
        // Without a horizon the pile runs out: 7 coins taken 1 or 2 at a time last 4 to 7
        // plies, and whoever took the last coin has lost.
        let p = playout(&game, &game.initial(UNLIMITED), 3);
        assert!((4..=7).contains(&p.length), "{p:?}");
        let mover_was_max = p.length % 2 == 1;
        let loser = if mover_was_max {
            Outcome::MinWins
        } else {
            Outcome::MaxWins
        };
        assert_eq!(p.outcome, loser);
    }
}
