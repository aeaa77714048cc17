//! Every library game as a [`Space`]: its typed positions, its moves in its own order, and the
//! Zobrist-style keys of `zobrist.rs`.

use super::{Space, Stop};
use crate::{zobrist, TermGame};

/// A library game as a search space.
pub struct Typed<'g, G: TermGame> {
    game: &'g G,
    moves: Vec<G::Move>,
}

impl<'g, G: TermGame> Typed<'g, G> {
    /// The space of `game`.
    pub fn new(game: &'g G) -> Self {
        Typed {
            game,
            moves: Vec::new(),
        }
    }
}

impl<G: TermGame> Space for Typed<'_, G> {
    type Pos = G::Pos;

    fn successors(&mut self, pos: &G::Pos) -> Result<Vec<G::Pos>, Stop> {
        self.moves.clear();
        self.game.moves(pos, &mut self.moves);
        Ok(self.moves.iter().map(|m| self.game.play(pos, m)).collect())
    }

    fn value(&mut self, pos: &G::Pos) -> Result<i64, Stop> {
        Ok(self.game.static_value(pos))
    }

    fn max_to_move(&mut self, pos: &G::Pos) -> Result<bool, Stop> {
        Ok(self.game.max_to_move(pos))
    }

    fn depth(&mut self, pos: &G::Pos) -> Result<u32, Stop> {
        Ok(self.game.depth(pos))
    }

    fn with_depth(&mut self, pos: &G::Pos, depth: u32) -> Result<G::Pos, Stop> {
        Ok(self.game.with_depth(pos, depth))
    }

    fn key(&mut self, pos: &G::Pos) -> Result<u64, Stop> {
        Ok(zobrist::position_key(self.game, pos))
    }
}
