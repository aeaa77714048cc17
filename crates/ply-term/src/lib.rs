//! Terms as the machine holds them: tagged cells on a heap, interned atoms, and heap-independent
//! stored copies.
//!
//! Nothing in this crate binds variables or knows about clauses; the engine (`ply-engine`) does.
//! It depends on no other crate of ply.

pub mod atoms;
pub mod cell;
pub mod cycles;
pub mod fast_hash;
pub mod heap;
pub mod heap_copy;
pub mod scratch;
pub mod stored;
pub mod variables;

pub use atoms::{atom, AtomMarks, AtomTable};
pub use cell::{boxed_key_code, BoxKind, Cell, Tag};
pub use fast_hash::{FastMap, FastSet};
pub use heap::{Heap, HeapMoves};
pub use stored::StoredTerm;
