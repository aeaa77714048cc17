//! The game library's state in a machine: its memory of fixed atom names, the game of the last
//! position it saw, that game's bridge (`games/bridge.rs`), and the counters of `game_counters/2`.
//! It lives in `Machine::services.natives`, so each machine has its own and no machine meets
//! another's atoms or addresses.
//!
//! A search asks about thousands of positions of one game in a row; keeping the game saves
//! finding it again (building its tables of lines, its goal) for every call. The game and its
//! bridge change together, whenever a position of another game comes along.

use super::engines::GameCalls;
use crate::games::bridge::PositionBridge;
use crate::games::codec::AtomCache;
use crate::games::DynGame;
use crate::machine::native_state::NativeState;
use crate::term::HeapMoves;

/// What the game predicates keep between calls in one machine.
#[derive(Default)]
pub struct GameState {
    /// Atom indices of the fixed names games use.
    pub names: AtomCache,
    /// The game of the last position seen.
    pub game: Option<Box<dyn DynGame>>,
    /// The bridge of that game.
    pub bridge: Option<Box<dyn PositionBridge>>,
    /// The calls of `ходы/2` and `стат_оц/2` counted for `game_counters/2`, kept here so that
    /// counting a call costs no search of the machine's states of its own.
    pub calls: GameCalls,
}

impl NativeState for GameState {
    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        self.names.atoms(mark);
        if let Some(b) = &self.bridge {
            b.atoms(mark);
        }
    }

    fn heap_collected(&mut self, moves: &dyn HeapMoves) {
        if let Some(b) = &mut self.bridge {
            b.moved(moves);
        }
    }

    ply_engine::native_state_any!();
}
