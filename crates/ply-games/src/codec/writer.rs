//! The writing side of a game's heap codec: the small API through which a game's
//! [`super::HeapGame::encode`] writes a successor onto the heap (integers, the game's atoms,
//! compounds, lists, and the parent's subterms to share).
//!
//! A successor is mostly its parent with a few squares changed, so the writer shares what it
//! can of the parent's term, as a Prolog program replacing one item of a list would: in a list
//! of rows, the rows the move left alone and the parent's list after the last row written
//! ([`Writer::rows`]); in a row, the parent row's tail after the last square the move changed
//! ([`Writer::row_list`]). The parent's list of rows is walked once per call of `ходы/2` and read
//! by every successor ([`ParentRows`]).

use crate::UNLIMITED;
use ply_term::{atom, Cell, Heap, Tag};

/// The most rows [`Writer::rows`] shares with the parent; a longer list is written whole.
pub const MAX_ROWS: usize = 16;

/// The parent's list of rows in one argument of its term, walked once for all the successors of
/// one call.
pub struct ParentRows {
    /// The argument walked, `usize::MAX` before the walk of this call.
    arg: usize,
    /// Whether the argument is a proper list of `n` items, `n` at most [`MAX_ROWS`].
    ok: bool,
    /// Its length.
    n: usize,
    /// The list itself.
    list: Cell,
    /// The items, dereferenced.
    heads: [Cell; MAX_ROWS],
    /// `tails[r]`: the list after item `r`, dereferenced.
    tails: [Cell; MAX_ROWS],
}

impl Default for ParentRows {
    fn default() -> Self {
        let nil = Cell::atom(atom::NIL);
        ParentRows {
            arg: usize::MAX,
            ok: false,
            n: 0,
            list: nil,
            heads: [nil; MAX_ROWS],
            tails: [nil; MAX_ROWS],
        }
    }
}

impl ParentRows {
    /// Forget the walk: a new parent comes.
    #[inline]
    pub fn reset(&mut self) {
        self.arg = usize::MAX;
        self.ok = false;
    }
}

/// Push the list of `n` items ending in `tail` onto `cells`, item `k` being `item(k)`, and
/// return it. The room for all its pairs is made once and each pair stored in place: pushing
/// cell by cell checks the room and stores the length at every cell, which for a row of a board
/// costs more than the row's own stores.
#[inline(always)]
pub fn push_list(
    cells: &mut Vec<Cell>,
    n: usize,
    tail: Cell,
    mut item: impl FnMut(usize) -> Cell,
) -> Cell {
    if n == 0 {
        return tail;
    }
    let start = cells.len();
    cells.reserve(2 * n);
    let pairs = &mut cells.spare_capacity_mut()[..2 * n];
    for (k, pair) in pairs.chunks_exact_mut(2).enumerate() {
        pair[0].write(item(k));
        pair[1].write(Cell::list(start + 2 * k + 2));
    }
    pairs[2 * n - 1].write(tail);
    // SAFETY: the `2 * n` cells after the old length lie within the room reserved above, and
    // the loop wrote every one of them (the last tail twice).
    unsafe { cells.set_len(start + 2 * n) };
    Cell::list(start)
}

/// The writing side of the codec, as a game's [`super::HeapGame::encode`] sees it; the bridge
/// (`games/bridge.rs`) makes one per successor it writes.
pub struct Writer<'a> {
    pub(crate) heap: &'a mut Heap,
    pub(crate) atoms: &'a [Cell],
    pub(crate) inf: Cell,
    /// The parent's term, dereferenced, or `[]` when there is none.
    pub(crate) parent: Cell,
    /// The parent's rows, kept by the bridge for the whole call.
    pub(crate) rows: &'a mut ParentRows,
}

impl Writer<'_> {
    /// The atom `ATOMS[k]` of the game.
    #[inline]
    pub fn atom(&self, k: usize) -> Cell {
        self.atoms[k]
    }

    /// The side atom: `ATOMS[1]` for the side that moves first, `ATOMS[2]` for the other.
    #[inline]
    pub fn side(&self, first: bool) -> Cell {
        self.atoms[if first { 1 } else { 2 }]
    }

    /// An integer.
    #[inline]
    pub fn int(&mut self, i: i64) -> Cell {
        self.heap.int(i)
    }

    /// A search depth: the integer, or `inf` for [`UNLIMITED`].
    #[inline]
    pub fn depth(&self, d: u32) -> Cell {
        if d == UNLIMITED {
            self.inf
        } else {
            Cell::int(i64::from(d))
        }
    }

    /// The compound `ATOMS[name](args...)`.
    #[inline]
    pub fn compound(&mut self, name: usize, args: &[Cell]) -> Cell {
        self.heap.compound(self.atoms[name].atom_index(), args)
    }

    /// The compound `ATOMS[name]` of `n` arguments, argument `k` being `item(k)`, written
    /// straight onto the heap (so `item` must not write cells itself).
    #[inline]
    pub fn compound_with(
        &mut self,
        name: usize,
        n: usize,
        mut item: impl FnMut(usize) -> Cell,
    ) -> Cell {
        let cells = &mut self.heap.cells;
        let start = cells.len();
        cells.reserve(n + 1);
        let room = &mut cells.spare_capacity_mut()[..n + 1];
        room[0].write(Cell::functor(self.atoms[name].atom_index(), n));
        for (k, arg) in room[1..].iter_mut().enumerate() {
            arg.write(item(k));
        }
        // SAFETY: the `n + 1` cells after the old length lie within the room reserved above,
        // and every one of them was written just above.
        unsafe { cells.set_len(start + n + 1) };
        Cell::structure(start)
    }

    /// The proper list of `items`.
    #[inline]
    pub fn list(&mut self, items: &[Cell]) -> Cell {
        self.list_onto(items, Cell::atom(atom::NIL))
    }

    /// The list of `items` ending in `tail`.
    #[inline]
    fn list_onto(&mut self, items: &[Cell], tail: Cell) -> Cell {
        push_list(&mut self.heap.cells, items.len(), tail, |k| items[k])
    }

    /// The proper list of `n` items, item `i` being `item(i)`, written straight onto the heap
    /// (so `item` must not write cells itself).
    #[inline]
    pub fn list_with(&mut self, n: usize, item: impl FnMut(usize) -> Cell) -> Cell {
        push_list(&mut self.heap.cells, n, Cell::atom(atom::NIL), item)
    }

    /// Argument `i` of the parent's term, dereferenced; `None` without a parent.
    #[inline]
    pub fn parent_arg(&self, i: usize) -> Option<Cell> {
        (self.parent.tag() == Tag::Str).then(|| self.heap.deref(self.heap.arg(self.parent, i)))
    }

    /// Walk the parent's list in argument `arg`, expected of `n` items, unless this call has
    /// walked it already.
    #[inline(always)]
    fn walk_parent_rows(&mut self, arg: usize, n: usize) {
        if self.rows.arg != arg {
            self.walk_parent_rows_now(arg, n);
        }
    }

    /// [`Writer::walk_parent_rows`] once per call: the walk itself.
    #[inline(never)]
    fn walk_parent_rows_now(&mut self, arg: usize, n: usize) {
        let rows = &mut *self.rows;
        rows.arg = arg;
        rows.ok = false;
        if self.parent.tag() != Tag::Str || n > MAX_ROWS {
            return;
        }
        let heap = &*self.heap;
        let whole = heap.deref(heap.arg(self.parent, arg));
        rows.list = whole;
        rows.n = n;
        let mut l = whole;
        for (head, tail) in rows.heads[..n].iter_mut().zip(&mut rows.tails[..n]) {
            if l.tag() != Tag::List {
                return;
            }
            let a = l.addr();
            let Some(&[first, rest]) = heap.cells.get(a..a + 2) else {
                return;
            };
            *head = heap.deref(first);
            l = heap.deref(rest);
            *tail = l;
        }
        // Share only a list the walk has checked to end where it should.
        rows.ok = l == Cell::atom(atom::NIL);
    }

    /// A list of `n` rows in argument `arg` of the term: row `r` is the parent's own row `r`
    /// when `same(r)` says the position has it unchanged, else written by `row`. The rows after
    /// the last one written are the parent's list itself from there on, as a Prolog program
    /// replacing one item of a list would share the rest. Inside `row`, [`Writer::row_list`]
    /// shares a tail of the parent's row. Each row is asked once whether the move changed it;
    /// a game that knows the changed rows as bits says so to [`Writer::rows_changed`].
    #[inline]
    pub fn rows(
        &mut self,
        arg: usize,
        n: usize,
        same: impl Fn(usize) -> bool,
        row: impl FnMut(&mut Self, usize) -> Cell,
    ) -> Cell {
        let changed = if n > 64 {
            u64::MAX
        } else {
            (0..n).fold(0u64, |bits, r| bits | (u64::from(!same(r)) << r))
        };
        self.rows_changed(arg, n, changed, row)
    }

    /// [`Writer::rows`] with the rows the move may have changed as the bits of `changed` (bit
    /// `r` for row `r`; rows past the 64th count as changed): the list's pairs up to the last
    /// changed row are laid out in one step with the parent's rows in them, the list after it
    /// is the parent's, and then each changed row is written by `row` and put in its place.
    #[inline]
    pub fn rows_changed(
        &mut self,
        arg: usize,
        n: usize,
        changed: u64,
        mut row: impl FnMut(&mut Self, usize) -> Cell,
    ) -> Cell {
        self.walk_parent_rows(arg, n);
        let nil = Cell::atom(atom::NIL);
        let (written, tail) = if self.rows.ok {
            // One past the last row the move changed: the rows from there on are the parent's
            // list itself.
            let written = (64 - changed.leading_zeros() as usize).min(n);
            if written == 0 {
                return self.rows.list;
            }
            (written, self.rows.tails[written - 1])
        } else {
            // No parent to share with (or a list too long to share): every row is written.
            (n, nil)
        };
        let start = self.heap.cells.len();
        let (ok, heads) = (self.rows.ok, &self.rows.heads);
        let list = push_list(&mut self.heap.cells, written, tail, |r| {
            if ok {
                heads[r]
            } else {
                nil
            }
        });
        // The changed rows go after the pairs (which hold the parent's row there until then).
        if ok {
            // `written` is at most `MAX_ROWS` here, and `changed` has a bit below it.
            let mut bits = changed & (u64::MAX >> (64 - written));
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let c = row(self, r);
                self.heap.cells[start + 2 * r] = c;
            }
        } else {
            for r in 0..written {
                let c = row(self, r);
                self.heap.cells[start + 2 * r] = c;
            }
        }
        list
    }

    /// The parent's row `r` of the list [`Writer::rows`] is writing, dereferenced: `None`
    /// outside its `row` or when the parent has no such row.
    #[inline]
    pub fn parent_row(&self, r: usize) -> Option<Cell> {
        (self.rows.ok && r < self.rows.n).then(|| self.rows.heads[r])
    }

    /// Row `r` of the list [`Writer::rows`] is writing, the proper list of `items`, of which
    /// only those whose bit is set in `changed` may differ from the parent's row `r` (the game
    /// knows from its typed positions): the parent's row after the last of them is shared.
    #[inline]
    pub fn row_list(&mut self, r: usize, items: &[Cell], changed: u64) -> Cell {
        self.row_with(r, items.len(), changed, |k| items[k])
    }

    /// [`Writer::row_list`] for a row of `n` items, item `k` being `item(k)`, written straight
    /// onto the heap (so `item` must not write cells itself).
    #[inline]
    pub fn row_with(
        &mut self,
        r: usize,
        n: usize,
        changed: u64,
        item: impl FnMut(usize) -> Cell,
    ) -> Cell {
        let last = (64 - changed.leading_zeros() as usize).min(n);
        let Some(old) = self.parent_row(r) else {
            return self.list_with(n, item);
        };
        // The parent's row after `last` items, as its cells hold it: a tail that is a
        // reference (a row a program built by binding variables) or too short is not shared.
        let cells = &self.heap.cells;
        let mut tail = old;
        for _ in 0..last {
            if tail.tag() != Tag::List {
                return self.list_with(n, item);
            }
            tail = cells[tail.addr() + 1];
        }
        if !matches!(tail.tag(), Tag::List | Tag::Atom) {
            return self.list_with(n, item);
        }
        push_list(&mut self.heap.cells, last, tail, item)
    }
}
