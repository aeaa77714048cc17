//! The text builtins that are not the atom and string families: terms to text and back
//! (`term_text.rs`) and character types (`ctype.rs`).
//!
//! What they share with the atom, string and format builtins, reading the text of a cell and
//! building cells from text, is the engine's (`machine/cell_text.rs`), since natives of every
//! family above the engine need it.

use crate::machine::Machine;

pub mod ctype;
pub mod term_text;

/// Register the predicates of the submodules (the helpers here define none of their own).
pub fn install(m: &mut Machine) {
    term_text::install(m);
    ctype::install(m);
}
