//! How a game's positions are written onto the heap and read back from it, knowing the heap and
//! the atom table (`crate::term`) and nothing of the machine that owns them.
//!
//! There are two ways. The general one is every game's alike: a position becomes a [`GTerm`]
//! (`TermGame::to_term`), and `terms.rs` puts that on the heap or reads it back, without growing
//! the atom table. The fast one is each game's own: a game implements [`HeapGame`] once, writing
//! its positions through the small [`Writer`] API (`writer.rs`) and reading the terms it is sure
//! of through [`Reader`] (`reader.rs`), so the bridge (`bridge.rs`), on the path a search takes
//! at every node, makes no `GTerm` at all. Both ways give the same term for a position; the
//! tests of every game compare them.
//!
//! [`GTerm`]: crate::GTerm

mod reader;
mod terms;
mod writer;

pub(crate) use reader::AtomIndex;
pub use reader::Reader;
pub use terms::{read_with, AtomCache, Unreadable, MAX_NESTING, MAX_NODES};
pub use writer::Writer;
pub(crate) use writer::{push_list, ParentRows};

use crate::TermGame;
use ply_term::Cell;

/// A game whose positions the bridge writes straight onto the heap.
///
/// [`HeapGame::encode`] must write exactly the term `TermGame::to_term` gives (tests compare
/// them for every game), so a position reads the same whichever path made it.
pub trait HeapGame: TermGame + Clone + 'static {
    /// The atoms the game's position terms use, besides `inf` and `[]`; [`Writer::atom`] takes
    /// an index into this list. They are interned once, when the bridge is made. A game with
    /// two sides names the side that moves first at index 1 and the other at index 2, which
    /// [`Writer::side`] and [`Reader::side`] rely on.
    const ATOMS: &'static [&'static str];

    /// Write `pos` onto the heap through `w`. When `parent` is given, `pos` is one of its
    /// successors and the parent's term is [`Writer::parent_arg`]'s, so that unchanged parts
    /// can be shared.
    fn encode(&self, w: &mut Writer<'_>, pos: &Self::Pos, parent: Option<&Self::Pos>) -> Cell;

    /// Read the position of the term `c` (dereferenced) straight from the heap through `r`,
    /// when the game is sure of it: the answer must be exactly the position
    /// `TermGame::from_term` gives for the term, and `None` leaves the term to that general
    /// path (which accepts it or names what is wrong). The default leaves every term to it.
    fn decode(&self, _r: &Reader<'_>, _c: Cell) -> Option<Self::Pos> {
        None
    }
}
