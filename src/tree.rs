//! Search trees: `search_tree/3,4` (`дерево_поиска/3,4`) run a goal once, record every call of
//! one predicate made during it, and write the tree those calls form as Graphviz, as an SVG
//! picture drawn by ply, or as an HTML page around that picture.
//!
//! `record.rs` puts the predicate in a box for the goal's run and keeps the calls; `roles.rs`
//! says which argument is the position, the value, the best successor and the window;
//! `model.rs` turns the calls into nodes (boards from `games/picture.rs`, or from the game's
//! own predicates for a game written in Prolog, `prolog_game.rs`; the chosen line, the
//! successors never visited); `layout.rs` places them; `dot.rs`, `svg.rs` and `html.rs` write
//! them. The Prolog side is `library/search_tree.pl`; `docs/search_tree.md` is the guide.

pub mod dot;
pub mod html;
pub mod layout;
pub mod model;
pub mod prolog_game;
pub mod record;
pub mod roles;
pub mod svg;
pub mod write;

use crate::machine::Machine;

/// Register the natives of search trees.
pub fn install(m: &mut Machine) {
    record::install(m);
    write::install(m);
}
