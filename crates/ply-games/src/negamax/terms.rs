//! Any [`DynGame`] as a [`Space`] over position terms: what a game written in Prolog offers
//! (its machine answers each question), and the default of [`DynGame::research`]. The key is
//! [`zobrist::loose_key`], which `position_key/2` gives for a position no library game owns.

use super::{Space, Stop};
use crate::{zobrist, DynGame, GTerm, GameError};

/// A game seen through terms, with the first complaint it made.
pub struct Terms<'g> {
    game: &'g dyn DynGame,
    /// The game's first complaint, which ended the search.
    pub error: Option<GameError>,
}

impl<'g> Terms<'g> {
    /// The space of `game`.
    pub fn new(game: &'g dyn DynGame) -> Self {
        Terms { game, error: None }
    }

    /// `r`, or the complaint noted and the search stopped.
    fn ok<R>(&mut self, r: Result<R, GameError>) -> Result<R, Stop> {
        r.map_err(|e| {
            self.error.get_or_insert(e);
            Stop::Game
        })
    }
}

impl Space for Terms<'_> {
    type Pos = GTerm;

    fn successors(&mut self, pos: &GTerm) -> Result<Vec<GTerm>, Stop> {
        let r = self.game.successors(pos);
        self.ok(r)
    }

    fn value(&mut self, pos: &GTerm) -> Result<i64, Stop> {
        let r = self.game.static_value(pos);
        self.ok(r)
    }

    fn max_to_move(&mut self, pos: &GTerm) -> Result<bool, Stop> {
        let r = self.game.max_to_move(pos);
        self.ok(r)
    }

    fn depth(&mut self, pos: &GTerm) -> Result<u32, Stop> {
        let r = self.game.depth(pos);
        self.ok(r)
    }

    fn with_depth(&mut self, pos: &GTerm, depth: u32) -> Result<GTerm, Stop> {
        let r = self.game.with_depth(pos, depth);
        self.ok(r)
    }

    fn key(&mut self, pos: &GTerm) -> Result<u64, Stop> {
        Ok(zobrist::loose_key(pos))
    }
}
