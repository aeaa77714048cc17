//! The match player `pns`: proof-number search (`games/pns.rs`) as a player that never throws a
//! game away it can prove. From the successors in move order it plays the first from which it
//! proves a win for itself; failing that, the first from which it disproves a win for the
//! opponent (the opponent cannot force one); failing that, the first successor. A search that
//! reaches its limit proves nothing, so in a large game the player falls back to the first move.
//! `pns:time=MS` gives the whole move MS milliseconds: every search stops at that deadline, and
//! those that start after it prove nothing.

use super::player::Failure;
use crate::games::pns::Verdict;
use crate::games::{DynGame, GTerm, UNLIMITED};
use std::time::Instant;

/// The expansions of one proof-number search of the player.
const LIMIT: u64 = 100_000;

/// The successor of `pos` the player chooses, its searches stopped at `deadline`.
pub fn choose(
    game: &dyn DynGame,
    pos: &GTerm,
    deadline: Option<Instant>,
) -> Result<GTerm, Failure> {
    let error = |e: crate::games::GameError| Failure::Error(super::words::game_error(&e));
    let root = game.with_depth(pos, UNLIMITED).map_err(error)?;
    let me_max = game.max_to_move(&root).map_err(error)?;
    let succs = game.successors(&root).map_err(error)?;
    let verdict =
        |s: &GTerm, max: bool| game.native_pns(s, max, LIMIT, deadline).map(|r| r.verdict);
    for s in &succs {
        if verdict(s, me_max).map_err(error)? == Verdict::Proven {
            return Ok(s.clone());
        }
    }
    for s in &succs {
        if verdict(s, !me_max).map_err(error)? == Verdict::Disproven {
            return Ok(s.clone());
        }
    }
    succs
        .into_iter()
        .next()
        .ok_or_else(|| Failure::Error("no legal move".into()))
}
