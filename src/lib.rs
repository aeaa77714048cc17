//! ply: a Prolog system for learning, teaching and researching game-tree search.
//!
//! The library holds the whole system; `main.rs` is only the command line around it. See
//! `docs/ARCHITECTURE.md` for the map and `src/README.md` for what each file is for.

// The layers below the system are crates of their own (`crates/`), so that the compiler, not a
// convention, keeps the engine from knowing any builtin or game. They are re-exported here under
// the module names they had when they were modules of this crate: the builtins, the games, the
// toplevel and the tests name them as `crate::machine`, `ply::term` and so on, and keep doing so.
pub use ply_arith as arith;
pub use ply_diag as diag;
pub use ply_engine as machine;
pub use ply_games as games;
pub use ply_reader as reader;
pub use ply_term as term;

pub mod builtins;
pub mod docs;
pub mod game_predicates;
pub mod jupyter;
pub mod lsp;
pub mod malloc_arena;
pub mod matches;
pub mod system;
pub mod toplevel;
pub mod tree;

pub use machine::Machine;
