//! [`DynGame`]: every game behind one object-safe interface that speaks only position terms.
//!
//! The Prolog side holds a game as `Box<dyn DynGame>` and never sees a game's own position
//! type: positions go in and come out as [`GTerm`]s. [`Registered`] wraps any game with a term
//! form ([`TermGame`]) and a heap form ([`HeapGame`]) into this interface, so a game implements
//! the typed traits and gets this one for free; [`DynGame::bridge`] hands out the game's bridge,
//! which the predicates a search calls at every node use instead. This module must never name a
//! particular game.

use super::bridge::{Bridge, PositionBridge};
use super::codec::HeapGame;
use super::mcts::TermMcts;
use super::negamax::{self, Algorithm, Failure, TermReport};
use super::playout::Playout;
use super::pns::PnsResult;
use super::search::{self, SearchResult};
use super::{GTerm, GameError, Outcome};
use ply_term::AtomTable;
use std::time::Instant;

/// The result of a native search, with the chosen successor as a position term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermSearchResult {
    /// Index, value and counters, exactly as [`search`] reports them.
    pub result: SearchResult,
    /// The chosen successor position, `None` when the root was a leaf.
    pub best: Option<GTerm>,
}

/// A game seen through position terms only. Every method that takes a position checks that it
/// is a position of this game and otherwise returns the game's type or domain error.
pub trait DynGame {
    /// The game's name term (`tictactoe(4)`, `kalah(6,4)`, `connect4('4455')`).
    fn name(&self) -> GTerm;
    /// The start position with search depth `depth`.
    fn initial(&self, depth: u32) -> GTerm;
    /// Checks that `pos` is a position of this game.
    fn check(&self, pos: &GTerm) -> Result<(), GameError>;
    /// `moves/2`: the successor positions in the game's order; empty at depth 0 and when the
    /// game is over.
    fn successors(&self, pos: &GTerm) -> Result<Vec<GTerm>, GameError>;
    /// The successors paired with the move leading to each, in the game's notation.
    fn moves(&self, pos: &GTerm) -> Result<Vec<(String, GTerm)>, GameError>;
    /// `staticval/2`: the static value from MAX's point of view.
    fn static_value(&self, pos: &GTerm) -> Result<i64, GameError>;
    /// `max_to_move/1`.
    fn max_to_move(&self, pos: &GTerm) -> Result<bool, GameError>;
    /// The result if the game is over in `pos`.
    fn outcome(&self, pos: &GTerm) -> Result<Option<Outcome>, GameError>;
    /// The notation of the move from `pos` to its successor `succ`; a `domain_error(successor,
    /// Succ)` when `succ` is not one.
    fn move_between(&self, pos: &GTerm, succ: &GTerm) -> Result<String, GameError>;
    /// The successor reached by the move written `text`, which must be legal in `pos`.
    fn parse_move(&self, pos: &GTerm, text: &str) -> Result<GTerm, GameError>;
    /// A board for people, several lines of text.
    fn show(&self, pos: &GTerm) -> Result<String, GameError>;
    /// The remaining search depth of `pos`.
    fn depth(&self, pos: &GTerm) -> Result<u32, GameError>;
    /// `pos` with its remaining depth replaced.
    fn with_depth(&self, pos: &GTerm, depth: u32) -> Result<GTerm, GameError>;
    /// The textbook minimax (Bratko fig. 15.3) from `pos`, to the depth `pos` carries.
    fn native_minimax(&self, pos: &GTerm) -> Result<TermSearchResult, GameError>;
    /// The textbook alpha-beta (Bratko fig. 15.5) from `pos` with the bounds `alpha`, `beta`.
    fn native_alphabeta(
        &self,
        pos: &GTerm,
        alpha: i64,
        beta: i64,
    ) -> Result<TermSearchResult, GameError>;
    /// Leaf positions `depth` plies below `pos` (the depth in `pos` is ignored).
    fn perft(&self, pos: &GTerm, depth: u32) -> Result<u64, GameError>;
    /// A bridge between the heap and this game, with its atoms interned in `atoms`.
    fn bridge(&self, atoms: &mut AtomTable) -> Box<dyn PositionBridge>;
    /// A random playout from `pos` with seed `seed` ([`crate::playout`]).
    fn playout(&self, pos: &GTerm, seed: u64) -> Result<Playout, GameError> {
        let _ = seed;
        Err(GameError::Domain("native_game", pos.clone()))
    }
    /// Monte Carlo tree search from `pos` ([`crate::mcts`]), stopping at `deadline` when one
    /// is given (only the library's games keep the time; others search all their iterations).
    fn native_mcts(
        &self,
        pos: &GTerm,
        iterations: u64,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Result<TermMcts, GameError> {
        let _ = (iterations, seed, deadline);
        Err(GameError::Domain("native_game", pos.clone()))
    }
    /// Proof-number search from `pos` for a win of MAX or MIN ([`crate::pns`]), stopping at
    /// `deadline` when one is given (only the library's games keep the time).
    fn native_pns(
        &self,
        pos: &GTerm,
        attacker_max: bool,
        limit: u64,
        deadline: Option<Instant>,
    ) -> Result<PnsResult, GameError> {
        let _ = (attacker_max, limit, deadline);
        Err(GameError::Domain("native_game", pos.clone()))
    }
    /// One of the searches of `negamax.rs` from `pos` (its horizon the one `pos` carries).
    fn research(
        &self,
        pos: &GTerm,
        algorithm: Algorithm,
        deadline: Option<Instant>,
    ) -> Result<TermReport, Failure> {
        negamax::search_terms(self.as_dyn(), pos, algorithm, deadline)
    }
    /// The position's key, its horizon left out (`position_key/2`).
    fn position_key(&self, pos: &GTerm) -> Result<u64, GameError> {
        Ok(super::zobrist::loose_key(pos))
    }
    /// Along the line of play from `pos` in which `choose(n)` picks one of `n` legal moves, for
    /// up to `plies` plies or to the game's end: each position's key as the moves updated it
    /// ([`crate::TermGame::key_after`]) and as computed from the whole position, which must be
    /// equal. Only the library's games have typed moves to follow.
    fn key_line(
        &self,
        pos: &GTerm,
        plies: usize,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Vec<(u64, u64)>, GameError> {
        let _ = (plies, choose);
        Err(GameError::Domain("native_game", pos.clone()))
    }
    /// The size of Knuth and Moore's minimal tree below `pos` (`negamax/minimal.rs`).
    fn minimal_tree(&self, pos: &GTerm) -> Result<u64, Failure> {
        let mut space = negamax::terms::Terms::new(self.as_dyn());
        let r = negamax::minimal::minimal_tree(&mut space, pos);
        match (r, space.error) {
            (_, Some(e)) => Err(Failure::Game(e)),
            (r, None) => r.map_err(Failure::Stop),
        }
    }
    /// This game as a trait object.
    fn as_dyn(&self) -> &dyn DynGame;
}

/// Any [`TermGame`] as a [`DynGame`].
#[derive(Clone, Debug)]
pub struct Registered<T>(pub T);

/// Box a game for the registry.
pub fn boxed<T: HeapGame>(game: T) -> Box<dyn DynGame> {
    Box::new(Registered(game))
}

impl<T: HeapGame> Registered<T> {
    /// The legal moves of `pos` paired with their successors.
    fn typed_moves(&self, pos: &T::Pos) -> Vec<(T::Move, T::Pos)> {
        let mut moves = Vec::new();
        self.0.moves(pos, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                let next = self.0.play(pos, &m);
                (m, next)
            })
            .collect()
    }

    /// Turn a typed search result into one with the chosen successor as a term.
    fn with_best_term(&self, pos: &T::Pos, result: SearchResult) -> TermSearchResult {
        let best = result.best.and_then(|i| {
            let mut moves = Vec::new();
            self.0.moves(pos, &mut moves);
            moves.get(i).map(|m| self.0.to_term(&self.0.play(pos, m)))
        });
        TermSearchResult { result, best }
    }
}

impl<T: HeapGame> DynGame for Registered<T> {
    fn name(&self) -> GTerm {
        self.0.name()
    }

    fn initial(&self, depth: u32) -> GTerm {
        self.0.to_term(&self.0.initial(depth))
    }

    fn check(&self, pos: &GTerm) -> Result<(), GameError> {
        self.0.from_term(pos).map(|_| ())
    }

    fn successors(&self, pos: &GTerm) -> Result<Vec<GTerm>, GameError> {
        let p = self.0.from_term(pos)?;
        Ok(self
            .typed_moves(&p)
            .iter()
            .map(|(_, next)| self.0.to_term(next))
            .collect())
    }

    fn moves(&self, pos: &GTerm) -> Result<Vec<(String, GTerm)>, GameError> {
        let p = self.0.from_term(pos)?;
        Ok(self
            .typed_moves(&p)
            .iter()
            .map(|(m, next)| (self.0.move_notation(&p, m), self.0.to_term(next)))
            .collect())
    }

    fn static_value(&self, pos: &GTerm) -> Result<i64, GameError> {
        Ok(self.0.static_value(&self.0.from_term(pos)?))
    }

    fn max_to_move(&self, pos: &GTerm) -> Result<bool, GameError> {
        Ok(self.0.max_to_move(&self.0.from_term(pos)?))
    }

    fn outcome(&self, pos: &GTerm) -> Result<Option<Outcome>, GameError> {
        Ok(self.0.outcome(&self.0.from_term(pos)?))
    }

    fn move_between(&self, pos: &GTerm, succ: &GTerm) -> Result<String, GameError> {
        let p = self.0.from_term(pos)?;
        self.typed_moves(&p)
            .iter()
            .find(|(_, next)| self.0.to_term(next) == *succ)
            .map(|(m, _)| self.0.move_notation(&p, m))
            .ok_or_else(|| GameError::Domain("successor", succ.clone()))
    }

    fn parse_move(&self, pos: &GTerm, text: &str) -> Result<GTerm, GameError> {
        let p = self.0.from_term(pos)?;
        let m = self.0.parse_move(&p, text)?;
        Ok(self.0.to_term(&self.0.play(&p, &m)))
    }

    fn show(&self, pos: &GTerm) -> Result<String, GameError> {
        Ok(self.0.show(&self.0.from_term(pos)?))
    }

    fn depth(&self, pos: &GTerm) -> Result<u32, GameError> {
        Ok(self.0.depth(&self.0.from_term(pos)?))
    }

    fn with_depth(&self, pos: &GTerm, depth: u32) -> Result<GTerm, GameError> {
        let p = self.0.from_term(pos)?;
        Ok(self.0.to_term(&self.0.with_depth(&p, depth)))
    }

    fn native_minimax(&self, pos: &GTerm) -> Result<TermSearchResult, GameError> {
        let p = self.0.from_term(pos)?;
        let result = search::minimax(&self.0, &p);
        Ok(self.with_best_term(&p, result))
    }

    fn native_alphabeta(
        &self,
        pos: &GTerm,
        alpha: i64,
        beta: i64,
    ) -> Result<TermSearchResult, GameError> {
        let p = self.0.from_term(pos)?;
        let result = search::alphabeta(&self.0, &p, alpha, beta);
        Ok(self.with_best_term(&p, result))
    }

    fn perft(&self, pos: &GTerm, depth: u32) -> Result<u64, GameError> {
        let p = self.0.from_term(pos)?;
        Ok(search::perft(&self.0, &p, depth))
    }

    fn bridge(&self, atoms: &mut AtomTable) -> Box<dyn PositionBridge> {
        Box::new(Bridge::new(self.0.clone(), atoms))
    }

    fn playout(&self, pos: &GTerm, seed: u64) -> Result<Playout, GameError> {
        Ok(crate::playout::playout(
            &self.0,
            &self.0.from_term(pos)?,
            seed,
        ))
    }

    fn native_mcts(
        &self,
        pos: &GTerm,
        iterations: u64,
        seed: u64,
        deadline: Option<Instant>,
    ) -> Result<TermMcts, GameError> {
        let p = self.0.from_term(pos)?;
        let found = crate::mcts::mcts_until(&self.0, &p, iterations, seed, deadline);
        Ok(TermMcts::new(&self.0, &p, found))
    }

    fn native_pns(
        &self,
        pos: &GTerm,
        attacker_max: bool,
        limit: u64,
        deadline: Option<Instant>,
    ) -> Result<PnsResult, GameError> {
        let p = self.0.from_term(pos)?;
        Ok(crate::pns::pns_until(
            &self.0,
            &p,
            attacker_max,
            limit,
            deadline,
        ))
    }

    fn research(
        &self,
        pos: &GTerm,
        algorithm: Algorithm,
        deadline: Option<Instant>,
    ) -> Result<TermReport, Failure> {
        let p = self.0.from_term(pos).map_err(Failure::Game)?;
        let mut space = negamax::typed::Typed::new(&self.0);
        let root = space.root(p.clone());
        let report =
            negamax::search(&mut space, &root, algorithm, deadline).map_err(Failure::Stop)?;
        let best = report.best.and_then(|i| {
            let mut moves = Vec::new();
            self.0.moves(&p, &mut moves);
            moves.get(i).map(|m| self.0.to_term(&self.0.play(&p, m)))
        });
        Ok(TermReport { report, best })
    }

    fn key_line(
        &self,
        pos: &GTerm,
        plies: usize,
        choose: &mut dyn FnMut(usize) -> usize,
    ) -> Result<Vec<(u64, u64)>, GameError> {
        let mut p = self.0.from_term(pos)?;
        let mut key = super::zobrist::position_key(&self.0, &p);
        let mut line = vec![(key, key)];
        let mut moves = Vec::new();
        for _ in 0..plies {
            moves.clear();
            self.0.legal_moves(&p, &mut moves);
            if moves.is_empty() {
                break;
            }
            let next = self.0.play(&p, &moves[choose(moves.len()) % moves.len()]);
            key = self.0.key_after(&p, key, &next);
            p = next;
            line.push((key, super::zobrist::position_key(&self.0, &p)));
        }
        Ok(line)
    }

    fn minimal_tree(&self, pos: &GTerm) -> Result<u64, Failure> {
        let p = self.0.from_term(pos).map_err(Failure::Game)?;
        let mut space = negamax::typed::Typed::new(&self.0);
        let root = space.root(p);
        negamax::minimal::minimal_tree(&mut space, &root).map_err(Failure::Stop)
    }

    fn position_key(&self, pos: &GTerm) -> Result<u64, GameError> {
        let p = self.0.from_term(pos)?;
        Ok(super::zobrist::position_key(&self.0, &p))
    }

    fn as_dyn(&self) -> &dyn DynGame {
        self
    }
}
