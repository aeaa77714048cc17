//! The match player `mcts:N[:SEED]`: Monte Carlo tree search (`games/mcts.rs`) with `N`
//! playouts a move, from the seed given, or else from the seed of the game the match gives the
//! player, so that a match plays the same games in every run.

use super::player::{Failure, PlayerSpec};
use crate::games::{DynGame, GTerm, UNLIMITED};

/// Read what follows `mcts:`: the playouts a move, then maybe `:SEED`.
pub fn parse(budget: &str) -> Result<PlayerSpec, String> {
    let (n, seed) = match budget.split_once(':') {
        Some((n, seed)) => (n, Some(seed)),
        None => (budget, None),
    };
    let playouts = match n.parse::<u64>() {
        Ok(n) if n >= 1 => n,
        _ => {
            return Err(format!(
                "`{n}` is not a number of playouts (a number from 1)"
            ))
        }
    };
    let seed = match seed.map(str::parse::<u64>) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(_)) => return Err(format!("`{budget}` ends in no seed (a number from 0)")),
    };
    Ok(PlayerSpec::Mcts(playouts, seed))
}

/// The successor of `pos` that the search with `playouts` iterations and `seed` visits most.
pub fn choose(game: &dyn DynGame, pos: &GTerm, playouts: u64, seed: u64) -> Result<GTerm, Failure> {
    let error = |e: crate::games::GameError| Failure::Error(super::words::game_error(&e));
    let root = game.with_depth(pos, UNLIMITED).map_err(error)?;
    // The root is expanded at the second iteration, so one playout alone would choose nothing.
    let found = game
        .native_mcts(&root, playouts.max(2), seed)
        .map_err(error)?;
    found
        .best
        .ok_or_else(|| Failure::Error("the engine found no move".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcts_players_are_read_with_and_without_a_seed() {
        assert_eq!(
            PlayerSpec::parse("mcts:500"),
            Ok(PlayerSpec::Mcts(500, None))
        );
        assert_eq!(
            PlayerSpec::parse("mcts:500:7"),
            Ok(PlayerSpec::Mcts(500, Some(7)))
        );
        assert!(PlayerSpec::parse("mcts:0").is_err());
        assert!(PlayerSpec::parse("mcts:x").is_err());
        assert!(PlayerSpec::parse("mcts:10:y").is_err());
    }
}
