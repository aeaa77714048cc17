//! The searches a researcher compares, in negamax form: plain negamax, alpha-beta fail-soft with
//! move ordering (the successors' static values, a killer move per ply, the history
//! heuristic), principal variation search, and iterative deepening with a transposition table.
//! Each is the twin of a Prolog program in `programs/search/` and visits the same positions in
//! the same order, so that both report the same best move, value and counts.
//!
//! The engines run over a [`Space`]: successors, static values, the side to move, the horizon
//! and position keys. Every library game is one ([`typed::Typed`]); a game written in Prolog
//! is one through its machine (the glue above this crate). Values inside the search are from
//! the side to move; a successor where the same side moves again (Kalah's extra move) keeps
//! its value and window instead of negating them, so the backed-up value is the true one. The
//! engines are for two-player games: in a one-player puzzle MAX moves everywhere, and negamax
//! would maximise the puzzle's distance, where the textbook minimax (which asks the side of the
//! successor) minimises it; puzzles are left to the state-space searches.
//!
//! What is counted, once for every algorithm and for the Prolog programs alike: `nodes`, the
//! positions whose successors were generated (calls of `moves/2`, leaves included, where the
//! list is empty); `evals`, the calls of the static evaluation (leaves, and successors scored
//! for move ordering); `tt_hits`, positions answered by the table without a generation; and
//! `researches`, PVS's searches again after a null window failed high.
//!
//! At the root a later successor in the game's order replaces an earlier one of equal value,
//! as Bratko's `betterof/6` does, so that every algorithm chooses the move the textbook's
//! minimax and alpha-beta choose. The search recurses in Rust, one frame per ply, and stops
//! with [`Stop::TooDeep`] past [`MAX_PLY`], so no horizon a user gives grows the stack without
//! bound.

mod core;
pub mod minimal;
mod ordering;
mod table;
pub mod terms;
#[cfg(test)]
mod tests;
pub mod typed;

use crate::{DynGame, GTerm, GameError};
use std::time::Instant;

/// No value reaches this: the window of a search that has none.
pub const INF: i64 = 1_000_000_000_000;

/// The deepest ply a search enters before it stops with [`Stop::TooDeep`].
pub const MAX_PLY: usize = 400;

/// The deepest iteration of iterative deepening from a position without a horizon.
pub const ID_UNLIMITED_CAP: u32 = 64;

/// Why a search stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The search went deeper than [`MAX_PLY`].
    TooDeep,
    /// The deadline passed.
    Time,
    /// The game refused a position; the space keeps the details.
    Game,
}

/// What a search asks of a game.
pub trait Space {
    /// A position.
    type Pos: Clone;
    /// The successors of `pos` in the game's order, none at the horizon or the game's end.
    fn successors(&mut self, pos: &Self::Pos) -> Result<Vec<Self::Pos>, Stop>;
    /// The static value of `pos` from MAX's point of view.
    fn value(&mut self, pos: &Self::Pos) -> Result<i64, Stop>;
    /// True when MAX moves in `pos`.
    fn max_to_move(&mut self, pos: &Self::Pos) -> Result<bool, Stop>;
    /// The remaining horizon of `pos` ([`crate::UNLIMITED`] for none).
    fn depth(&mut self, pos: &Self::Pos) -> Result<u32, Stop>;
    /// `pos` with its horizon replaced.
    fn with_depth(&mut self, pos: &Self::Pos, depth: u32) -> Result<Self::Pos, Stop>;
    /// The position's key, its horizon left out (`position_key/2`).
    fn key(&mut self, pos: &Self::Pos) -> Result<u64, Stop>;
}

/// The algorithms, each the twin of a program in `programs/search/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Negamax over the whole tree (`negamax_en.pl`).
    Negamax,
    /// Alpha-beta fail-soft with move ordering (`alphabeta_ordered_en.pl`).
    Ordered,
    /// Principal variation search with the same ordering (`pvs_en.pl`).
    Pvs,
    /// Iterative deepening over ordered alpha-beta with a transposition table (`id_en.pl`).
    Id,
}

impl Algorithm {
    /// The name in player specs and tables.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Negamax => "negamax",
            Algorithm::Ordered => "ordered",
            Algorithm::Pvs => "pvs",
            Algorithm::Id => "id",
        }
    }
}

/// What a search counted (see the module's definition of each count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions whose successors were generated.
    pub nodes: u64,
    /// Calls of the static evaluation.
    pub evals: u64,
    /// Positions answered by the transposition table.
    pub tt_hits: u64,
    /// PVS's searches again after a null window failed high (`core.rs` says when).
    pub researches: u64,
}

/// The answer of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// The chosen successor's index in the game's order; `None` at a leaf root.
    pub best: Option<usize>,
    /// The value of the root from MAX's point of view.
    pub value: i64,
    /// What the search counted.
    pub counts: Counts,
    /// The horizon of the last search that finished (iterative deepening's last iteration).
    pub depth: u32,
}

/// Run `algorithm` from `root` to the horizon `root` carries. Iterative deepening searches
/// to 1, 2, ... up to it and, past `deadline`, answers with its last finished iteration (an
/// error [`Stop::Time`] when none has finished); the other algorithms stop with
/// [`Stop::Time`] past it.
pub fn search<S: Space>(
    space: &mut S,
    root: &S::Pos,
    algorithm: Algorithm,
    deadline: Option<Instant>,
) -> Result<Report, Stop> {
    let mut s = core::Searcher::new(space, algorithm, deadline);
    if algorithm != Algorithm::Id {
        return s.root(root);
    }
    let horizon = s.space.depth(root)?;
    let last = if horizon == crate::UNLIMITED {
        ID_UNLIMITED_CAP
    } else {
        horizon
    };
    let mut done: Option<Report> = None;
    for d in 1..=last.max(1) {
        let pos = s.space.with_depth(root, d.min(horizon))?;
        let frontier = s.frontier;
        match s.root(&pos) {
            Ok(mut r) => {
                r.counts = s.counts;
                done = Some(r);
            }
            Err(Stop::Time) if done.is_some() => break,
            Err(e) => return Err(e),
        }
        // A leaf root, or a search that reached the end of the game everywhere: deeper
        // iterations would search the same tree again.
        if done.is_some_and(|r| r.best.is_none()) || s.frontier == frontier {
            break;
        }
    }
    let mut r = done.ok_or(Stop::Time)?;
    r.counts = s.counts;
    Ok(r)
}

/// A search's answer with the chosen successor as a term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermReport {
    /// Index, value and counts.
    pub report: Report,
    /// The chosen successor, `None` at a leaf root.
    pub best: Option<GTerm>,
}

/// Why a search over terms gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The game refused a position.
    Game(GameError),
    /// The search stopped: too deep, or out of time.
    Stop(Stop),
}

/// [`search`] over any game seen through terms ([`terms::Terms`]).
pub fn search_terms(
    game: &dyn DynGame,
    pos: &GTerm,
    algorithm: Algorithm,
    deadline: Option<Instant>,
) -> Result<TermReport, Failure> {
    let mut space = terms::Terms::new(game);
    let result = search(&mut space, pos, algorithm, deadline);
    match (result, space.error) {
        (_, Some(e)) => Err(Failure::Game(e)),
        (Err(stop), None) => Err(Failure::Stop(stop)),
        (Ok(report), None) => {
            let best = match report.best {
                Some(i) => game
                    .successors(pos)
                    .map_err(Failure::Game)?
                    .into_iter()
                    .nth(i),
                None => None,
            };
            Ok(TermReport { report, best })
        }
    }
}
