//! The match player `mcts:N[:SEED]`: Monte Carlo tree search (`games/mcts.rs`) with `N`
//! playouts a move, from the seed given, or else from the seed of the game the match gives the
//! player, so that a match plays the same games in every run. `mcts:time=MS[:SEED]` searches
//! for MS milliseconds a move instead (its playouts then depend on the machine's speed).

use super::player::{Failure, PlayerSpec};
use crate::games::{DynGame, GTerm, UNLIMITED};

/// A time a move in milliseconds, from 1.
pub fn parse_millis(ms: &str) -> Result<u64, String> {
    match ms.parse::<u64>() {
        Ok(millis) if millis > 0 => Ok(millis),
        _ => Err(format!("`{ms}` is not a time (milliseconds from 1)")),
    }
}

/// Read what follows `mcts:`: the playouts a move (or `time=MS`), then maybe `:SEED`.
pub fn parse(budget: &str) -> Result<PlayerSpec, String> {
    let (n, seed) = match budget.split_once(':') {
        Some((n, seed)) => (n, Some(seed)),
        None => (budget, None),
    };
    if let Some(ms) = n.strip_prefix("time=") {
        let millis = parse_millis(ms)?;
        return match seed.map(str::parse::<u64>) {
            None => Ok(PlayerSpec::MctsTimed { millis, seed: None }),
            Some(Ok(s)) => Ok(PlayerSpec::MctsTimed {
                millis,
                seed: Some(s),
            }),
            Some(Err(_)) => Err(format!("`{budget}` ends in no seed (a number from 0)")),
        };
    }
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
    choose_until(game, pos, playouts, seed, None)
}

/// [`choose`] with a search that also stops at `deadline`.
pub fn choose_until(
    game: &dyn DynGame,
    pos: &GTerm,
    playouts: u64,
    seed: u64,
    deadline: Option<std::time::Instant>,
) -> Result<GTerm, Failure> {
    let error = |e: crate::games::GameError| Failure::Error(super::words::game_error(&e));
    let root = game.with_depth(pos, UNLIMITED).map_err(error)?;
    // The root is expanded at the second iteration, so one playout alone would choose nothing.
    let found = game
        .native_mcts(&root, playouts.max(2), seed, deadline)
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
        assert_eq!(
            PlayerSpec::parse("mcts:time=50"),
            Ok(PlayerSpec::MctsTimed {
                millis: 50,
                seed: None
            })
        );
        assert_eq!(
            PlayerSpec::parse("mcts:time=50:3"),
            Ok(PlayerSpec::MctsTimed {
                millis: 50,
                seed: Some(3)
            })
        );
        assert_eq!(
            PlayerSpec::parse("pns:time=20"),
            Ok(PlayerSpec::PnsTimed(20))
        );
        assert!(PlayerSpec::parse("mcts:time=0").is_err());
        assert!(PlayerSpec::parse("pns:time=x").is_err());
    }
}
