//! ply: a Prolog system for learning, teaching and researching game-tree search.
//!
//! The library holds the whole system; `main.rs` is only the command line around it.

pub mod diag;
pub mod games;
pub mod reader;
