//! Every library game as a [`Space`]: its typed positions, its moves in its own order, and the
//! Zobrist-style keys of `zobrist.rs`, carried with each position and updated by every move
//! ([`crate::TermGame::key_after`]) instead of computed from the whole position.

use super::{Space, Stop};
use crate::{zobrist, TermGame};

/// A library game as a search space.
pub struct Typed<'g, G: TermGame> {
    game: &'g G,
    moves: Vec<G::Move>,
}

/// A position with its key.
#[derive(Clone, Debug)]
pub struct Keyed<P> {
    /// The position.
    pub pos: P,
    /// Its key, the horizon left out.
    pub key: u64,
}

impl<'g, G: TermGame> Typed<'g, G> {
    /// The space of `game`.
    pub fn new(game: &'g G) -> Self {
        Typed {
            game,
            moves: Vec::new(),
        }
    }

    /// `pos` with its key computed from the whole position: the root of a search.
    pub fn root(&self, pos: G::Pos) -> Keyed<G::Pos> {
        let key = zobrist::position_key(self.game, &pos);
        Keyed { pos, key }
    }
}

impl<G: TermGame> Space for Typed<'_, G> {
    type Pos = Keyed<G::Pos>;

    fn successors(&mut self, p: &Self::Pos) -> Result<Vec<Self::Pos>, Stop> {
        self.moves.clear();
        self.game.moves(&p.pos, &mut self.moves);
        Ok(self
            .moves
            .iter()
            .map(|m| {
                let next = self.game.play(&p.pos, m);
                let key = self.game.key_after(&p.pos, p.key, &next);
                Keyed { pos: next, key }
            })
            .collect())
    }

    fn value(&mut self, p: &Self::Pos) -> Result<i64, Stop> {
        Ok(self.game.static_value(&p.pos))
    }

    fn max_to_move(&mut self, p: &Self::Pos) -> Result<bool, Stop> {
        Ok(self.game.max_to_move(&p.pos))
    }

    fn depth(&mut self, p: &Self::Pos) -> Result<u32, Stop> {
        Ok(self.game.depth(&p.pos))
    }

    fn with_depth(&mut self, p: &Self::Pos, depth: u32) -> Result<Self::Pos, Stop> {
        Ok(Keyed {
            pos: self.game.with_depth(&p.pos, depth),
            key: p.key,
        })
    }

    fn key(&mut self, p: &Self::Pos) -> Result<u64, Stop> {
        Ok(p.key)
    }
}
