//! ply: a Prolog system for learning, teaching and researching game-tree search.
//!
//! The library holds the whole system; `main.rs` is only the command line around it. See
//! `docs/ARCHITECTURE.md` for the map and `src/README.md` for what each file is for.

pub mod arith;
pub mod builtins;
pub mod diag;
pub mod docs;
pub mod games;
pub mod lsp;
pub mod machine;
pub mod matches;
pub mod reader;
pub mod system;
pub mod term;
pub mod toplevel;
pub mod tree;

pub use machine::Machine;
