//! The reading side of a game's heap codec: a position's term read straight from its heap cells
//! by the game itself ([`super::HeapGame::decode`]), without the general term form. A game's reader
//! takes only the terms it is sure of and leaves every other one to the general path (its
//! `from_term`), so a term is accepted exactly when the game accepts it and an error still
//! names its culprit.
//!
//! Every cell handed to the game is dereferenced, and the game's atoms are named by their
//! index in `HeapGame::ATOMS`, found in a table indexed by atom number, so reading a square
//! costs a load and a compare. Nothing here allocates, and every walk over a list is bounded by
//! the length the game expects, so a long or cyclic term costs no more than a short one.

use crate::UNLIMITED;
use ply_term::{atom, Cell, Heap, Tag};

/// The index in a game's atoms of each atom number, `NONE` for an atom the game does not use.
#[derive(Default)]
pub struct AtomIndex(Vec<u16>);

/// No atom of the game.
const NONE: u16 = u16::MAX;

impl AtomIndex {
    /// The table of `atoms`, the atom cells of a game's `ATOMS` in order.
    pub fn new(atoms: &[Cell]) -> AtomIndex {
        let top = atoms.iter().map(|a| a.atom_index() as usize + 1).max();
        let mut table = vec![NONE; top.unwrap_or(0)];
        for (k, a) in atoms.iter().enumerate() {
            table[a.atom_index() as usize] = k as u16;
        }
        AtomIndex(table)
    }
}

/// The reading side of the codec, as a game's [`super::HeapGame::decode`] sees it; the bridge
/// (`games/bridge.rs`) makes one per position it reads.
pub struct Reader<'a> {
    pub(crate) heap: &'a Heap,
    pub(crate) index: &'a AtomIndex,
    pub(crate) inf: Cell,
}

impl Reader<'_> {
    /// The arguments of `c` (dereferenced) when it is the compound `ATOMS[name]` of arity
    /// `N`, each dereferenced.
    #[inline]
    pub fn args<const N: usize>(&self, c: Cell, name: usize) -> Option<[Cell; N]> {
        let c = self.heap.deref(c);
        if c.tag() != Tag::Str {
            return None;
        }
        let f = self.heap.cells[c.addr()];
        if f.functor_arity() != N || self.atom_of(f.functor_name()) != Some(name) {
            return None;
        }
        Some(std::array::from_fn(|i| {
            self.heap.deref(self.heap.cells[c.addr() + 1 + i])
        }))
    }

    /// The index in `ATOMS` of atom number `a`.
    #[inline]
    fn atom_of(&self, a: u32) -> Option<usize> {
        match self.index.0.get(a as usize) {
            Some(&k) if k != NONE => Some(k as usize),
            _ => None,
        }
    }

    /// The index in `ATOMS` of the atom `c`, when it is one of the game's.
    #[inline]
    pub fn atom(&self, c: Cell) -> Option<usize> {
        let c = self.heap.deref(c);
        if c.tag() != Tag::Atom {
            return None;
        }
        self.atom_of(c.atom_index())
    }

    /// Whether the side atom `c` names the side that moves first (`ATOMS[1]`) or the other
    /// (`ATOMS[2]`); `None` for anything else.
    #[inline]
    pub fn side(&self, c: Cell) -> Option<bool> {
        match self.atom(c)? {
            1 => Some(true),
            2 => Some(false),
            _ => None,
        }
    }

    /// The small integer `c`.
    #[inline]
    pub fn int(&self, c: Cell) -> Option<i64> {
        let c = self.heap.deref(c);
        (c.tag() == Tag::Int).then(|| c.int_value())
    }

    /// A position's depth, as `term_read::depth` takes it: a non-negative integer other than
    /// [`UNLIMITED`], or `inf` for it.
    #[inline]
    pub fn depth(&self, c: Cell) -> Option<u32> {
        let c = self.heap.deref(c);
        if c == self.inf {
            return Some(UNLIMITED);
        }
        let d = u32::try_from(self.int(c)?).ok()?;
        (d != UNLIMITED).then_some(d)
    }

    /// The items of the proper list `c`, each dereferenced, into `out`: how many there are, or
    /// `None` when `c` is no proper list or has more than `out` holds.
    #[inline]
    pub fn list(&self, c: Cell, out: &mut [Cell]) -> Option<usize> {
        let mut l = self.heap.deref(c);
        let mut n = 0;
        loop {
            match l.tag() {
                Tag::List => {
                    *out.get_mut(n)? = self.heap.deref(self.heap.cells[l.addr()]);
                    n += 1;
                    l = self.heap.deref(self.heap.cells[l.addr() + 1]);
                }
                Tag::Atom if l.atom_index() == atom::NIL => return Some(n),
                _ => return None,
            }
        }
    }

    /// The squares of a board of `rows` lists of `cols` atoms, row by row, into `out`: for each,
    /// its index in `squares` (indices into `ATOMS`). `None` for any other shape.
    pub fn board(
        &self,
        c: Cell,
        rows: usize,
        cols: usize,
        squares: &[usize],
        out: &mut [u8],
    ) -> Option<()> {
        let mut row_cells = [Cell::atom(atom::NIL); 16];
        let mut square_cells = [Cell::atom(atom::NIL); 16];
        if rows > 16 || cols > 16 || out.len() < rows * cols {
            return None;
        }
        if self.list(c, &mut row_cells[..rows])? != rows {
            return None;
        }
        for (r, &row) in row_cells[..rows].iter().enumerate() {
            if self.list(row, &mut square_cells[..cols])? != cols {
                return None;
            }
            for (k, &sq) in square_cells[..cols].iter().enumerate() {
                let a = self.atom(sq)?;
                out[r * cols + k] = squares.iter().position(|&s| s == a)? as u8;
            }
        }
        Some(())
    }
}
