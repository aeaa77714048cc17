//! The bridge between the heap and every game: a position read from its term into the game's own
//! typed position, and successors written onto the heap straight from typed positions, for the
//! four questions a search asks at every node (Prolog's `ходы/2`, `стат_оц/2`, `ход_мина/1`,
//! `ход_макса/1`) and for `конец_игры/2`. It needs a heap and an atom table ([`Cx`]), nothing of
//! the machine that owns them.
//!
//! A game takes part by implementing [`HeapGame`] once: the fixed atoms its position terms use,
//! and [`HeapGame::encode`], which writes a position through the small [`Writer`] API (integers,
//! the game's pre-interned atoms, compounds, lists, and the parent's subterms to share). A
//! position the bridge did not write (the start position, one a program built) is read by the
//! game straight from its cells, [`HeapGame::decode`] through a [`Reader`] (`codec/reader.rs`),
//! and when the game is not sure of the term, through the general term form and its own
//! `from_term`: a term is accepted exactly when the game accepts it, and a refused one is left
//! to the general path, which names the culprit in its error. [`Bridge`] is generic over the
//! game; there is one of it, and the engine knows nothing of it.
//!
//! Within one answer of `ходы/2` the successors share the parent's unchanged subterms (a row of
//! a board that the move left alone, the rest of a row after the last square it changed, the
//! goal of a puzzle), as a Prolog program building them would (`codec/writer.rs`). Every call
//! writes its own cells: no two calls hand out the same successor cells.
//!
//! ## What is remembered, and why that is sound
//!
//! Each successor the bridge writes is remembered with its typed position, by the address of
//! its functor cell, together with `end`, one past the last cell written for it. Its cells are
//! `[start, end)` plus cells of its parent's term that it shares, all of them below `start`,
//! and none of them an unbound variable (shared parts are taken dereferenced, and positions are
//! ground). The cells at those addresses can change in only three ways (the heap's architecture
//! invariant, `term/heap.rs`): the heap is cut back below `end` (backtracking), a cell other
//! than an unbound variable is changed in place (`setarg/3`, `nb_setarg/3`, undoing `setarg/3`),
//! or the garbage collector slides cells to new addresses. The heap reports the first two
//! through [`Heap::low_water`]: the lowest top since [`Heap::watch_from_top`], or 0 after a
//! change in place. Before it uses anything remembered, every call drops the entries whose
//! `end` is above the low water; a shared older cell is below `start`, so a cut that reaches it
//! reaches `end` too. The collector moves the low water with the cells and tells the bridge
//! where they went (the game state's `heap_collected` hook): entries the low water condemned go
//! first, then an entry whose functor cell was kept moves with it (the collector keeps a
//! compound with everything it reaches, in the same order), and one whose cell was garbage is
//! forgotten. So a search keeps what it remembers across collections. The bridge is the one
//! caller of [`Heap::watch_from_top`], and calls it only when everything it still remembers lies
//! below the top, just before writing new successors above it. A position read from a user's
//! term is never remembered: a binding inside it may be undone by backtracking without cutting
//! the heap below it.
//!
//! With `PLY_FAST_PATHS=0` (`Machine::services.fast_paths` false, so [`Cx::fast`] false) nothing is
//! remembered or recalled and no position is read straight from its cells: each call reads its
//! position through the general term form, and the answers are the same.
//!
//! The Prolog glue keeps one bridge in each machine's native states, for the game of the last
//! position seen; the registry hands it out ([`crate::DynGame::bridge`]). Nothing here
//! allocates per call once its buffers have grown, or interns an atom after the bridge is made.

use crate::codec::{
    push_list, read_with, AtomCache, AtomIndex, HeapGame, ParentRows, Reader, Writer,
};
use crate::Outcome;
use ply_term::{atom, AtomTable, Cell, Heap, HeapMoves, Tag};

/// What a bridge call needs of its caller: the heap, the names of its atoms, and whether fast
/// paths are on.
pub struct Cx<'a> {
    /// The heap the positions are on.
    pub heap: &'a mut Heap,
    /// The atom table of the heap's atoms, to read a user's term.
    pub atoms: &'a AtomTable,
    /// The memory of fixed names that goes with that table.
    pub names: &'a AtomCache,
    /// Whether positions may be remembered and read straight from their cells (the machine's
    /// `fast_paths`).
    pub fast: bool,
}

/// One game's bridge, with its type hidden, as the game predicates' state keeps it.
pub trait PositionBridge {
    /// The successors of the position `c` (dereferenced) as a list on the heap, `[]` when
    /// there are none; `None` when `c` is no position of this game.
    fn successors(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<Cell>;
    /// `стат_оц/2`.
    fn static_value(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<i64>;
    /// `ход_макса/1`.
    fn max_to_move(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<bool>;
    /// `конец_игры/2`: `Some(None)` while the game goes on.
    fn outcome(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<Option<Outcome>>;
    /// The heap collector has moved cells: move what is remembered with them, and forget what
    /// was garbage.
    fn moved(&mut self, moves: &dyn HeapMoves);
    /// Every atom the bridge holds as a cell.
    fn atoms(&self, mark: &mut dyn FnMut(u32));
}

/// A successor the bridge wrote, remembered by address.
struct Known<P> {
    /// The address of its functor cell.
    at: usize,
    /// One past the last cell written for it.
    end: usize,
    /// The position.
    pos: P,
}

/// log2 of the number of slots of the table that finds a remembered position by address.
const SLOT_BITS: u32 = 16;

/// The most positions remembered; past it the older half is forgotten.
const MAX_KNOWN: usize = 1 << 16;

/// The bridge of one game.
pub struct Bridge<T: HeapGame> {
    game: T,
    /// `T::ATOMS` as atom cells of this machine.
    atoms: Vec<Cell>,
    /// The index in `T::ATOMS` of each of those atoms, for [`Reader`].
    index: AtomIndex,
    /// The atom `inf`.
    inf: Cell,
    /// The successors written and still on the heap unchanged, in ascending address order.
    known: Vec<Known<T::Pos>>,
    /// The highest `end` of `known`, 0 when it is empty.
    known_end: usize,
    /// For each slot of an address, the index in `known` of the position last written there.
    /// Trusted only when the entry at that index is for that very address: all entries are
    /// live and their addresses distinct, so that entry is the one.
    slots: Vec<u32>,
    /// Work space: the moves of one call, the cells of its list.
    moves: Vec<T::Move>,
    cells: Vec<Cell>,
    /// The parent's rows, walked once per call.
    parent_rows: ParentRows,
}

impl<T: HeapGame> Bridge<T> {
    /// The bridge of `game`, with its atoms interned in `table` (permanently, so the atom
    /// collector never frees them).
    pub fn new(game: T, table: &mut AtomTable) -> Bridge<T> {
        let atoms: Vec<Cell> = T::ATOMS
            .iter()
            .map(|name| Cell::atom(table.intern(name)))
            .collect();
        Bridge {
            game,
            index: AtomIndex::new(&atoms),
            atoms,
            inf: Cell::atom(table.intern("inf")),
            known: Vec::new(),
            known_end: 0,
            slots: Vec::new(),
            moves: Vec::new(),
            cells: Vec::new(),
            parent_rows: ParentRows::default(),
        }
    }

    /// The slot of address `at`: its low bits, since the positions remembered at one time are
    /// a stretch of the heap.
    #[inline]
    fn slot_of(at: usize) -> usize {
        at & ((1 << SLOT_BITS) - 1)
    }

    /// Drop every remembered position whose cells may have changed (see the file's notes).
    #[inline]
    fn forget_stale(&mut self, heap: &Heap) {
        self.forget_below(heap.low_water());
    }

    /// Drop every remembered position with cells at or above `low`.
    #[inline]
    fn forget_below(&mut self, low: usize) {
        if self.known_end > low {
            while self.known.last().is_some_and(|k| k.end > low) {
                self.known.pop();
            }
            self.known_end = self.known.last().map_or(0, |k| k.end);
        }
    }

    /// The remembered position at the address of `c`, if there is one.
    #[inline]
    fn recall(&self, c: Cell) -> Option<&T::Pos> {
        let at = c.addr();
        let k = self
            .known
            .get(*self.slots.get(Self::slot_of(at))? as usize)?;
        (k.at == at).then_some(&k.pos)
    }

    /// `f` of the position `c` (dereferenced): remembered, or read from its term; `None` when
    /// it is no position of this game.
    #[inline]
    fn with_pos<R>(
        &mut self,
        cx: &mut Cx<'_>,
        c: Cell,
        f: impl FnOnce(&T, &T::Pos) -> R,
    ) -> Option<R> {
        if c.tag() != Tag::Str {
            return None;
        }
        if cx.fast {
            self.forget_stale(cx.heap);
            if let Some(pos) = self.recall(c) {
                return Some(f(&self.game, pos));
            }
        }
        let pos = self.read(cx, c)?;
        Some(f(&self.game, &pos))
    }

    /// The position of a term the bridge did not write: read by the game straight from the
    /// heap when it can (a fast path), else through the general term form.
    #[inline(never)]
    fn read(&self, cx: &Cx<'_>, c: Cell) -> Option<T::Pos> {
        if cx.fast {
            let r = Reader {
                heap: cx.heap,
                index: &self.index,
                inf: self.inf,
            };
            if let Some(pos) = self.game.decode(&r, c) {
                return Some(pos);
            }
        }
        let term = read_with(cx.heap, cx.atoms, Some(cx.names), c).ok()?;
        self.game.from_term(&term).ok()
    }

    /// Write the successors of `pos`, whose term is `parent`, and return their list.
    fn write_successors(&mut self, cx: &mut Cx<'_>, parent: Cell, pos: &T::Pos) -> Cell {
        self.moves.clear();
        self.game.moves(pos, &mut self.moves);
        if self.moves.is_empty() {
            return Cell::atom(atom::NIL);
        }
        if cx.fast {
            // Everything remembered lies below the top now (stale entries were dropped on the
            // way in); what cuts the heap back or changes it from here on may touch what
            // follows.
            cx.heap.watch_from_top();
            if self.slots.is_empty() {
                self.slots = vec![0; 1 << SLOT_BITS];
            }
            if self.known.len() + self.moves.len() > MAX_KNOWN {
                // The older half goes (in a search, mostly positions whose subtrees are done);
                // the rest move down, so their slots are written again.
                self.known.drain(..self.known.len() / 2);
                for (i, k) in self.known.iter().enumerate() {
                    self.slots[Self::slot_of(k.at)] = i as u32;
                }
            }
        }
        self.cells.clear();
        self.parent_rows.reset();
        // Each successor is played and written in turn, so that it is copied once, into
        // the memory of what was written.
        for mv in &self.moves {
            let child = self.game.play(pos, mv);
            let start = cx.heap.top();
            let mut w = Writer {
                heap: cx.heap,
                atoms: &self.atoms,
                inf: self.inf,
                parent: if cx.fast {
                    parent
                } else {
                    Cell::atom(atom::NIL)
                },
                rows: &mut self.parent_rows,
            };
            // Sharing the parent's unchanged subterms is a fast path: with it off, every
            // successor is written whole.
            let c = self.game.encode(&mut w, &child, cx.fast.then_some(pos));
            self.cells.push(c);
            let end = cx.heap.top();
            if cx.fast && c.tag() == Tag::Str && c.addr() >= start {
                self.slots[Self::slot_of(c.addr())] = self.known.len() as u32;
                self.known.push(Known {
                    at: c.addr(),
                    end,
                    pos: child,
                });
                self.known_end = end;
            }
        }
        let cells = &self.cells;
        push_list(
            &mut cx.heap.cells,
            cells.len(),
            Cell::atom(atom::NIL),
            |k| cells[k],
        )
    }
}

impl<T: HeapGame> PositionBridge for Bridge<T> {
    fn successors(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<Cell> {
        if c.tag() != Tag::Str {
            return None;
        }
        let known = if cx.fast {
            self.forget_stale(cx.heap);
            self.recall(c).cloned()
        } else {
            None
        };
        let pos = match known {
            Some(pos) => pos,
            None => self.read(cx, c)?,
        };
        Some(self.write_successors(cx, c, &pos))
    }

    fn static_value(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<i64> {
        self.with_pos(cx, c, |g, p| g.static_value(p))
    }

    fn max_to_move(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<bool> {
        self.with_pos(cx, c, |g, p| g.max_to_move(p))
    }

    fn outcome(&mut self, cx: &mut Cx<'_>, c: Cell) -> Option<Option<Outcome>> {
        self.with_pos(cx, c, |g, p| g.outcome(p))
    }

    fn moved(&mut self, moves: &dyn HeapMoves) {
        // What the heap's low water condemned before the collection goes first: once cells are
        // closed up, a stretch cut away and one still there can end at the same address.
        self.forget_below(moves.low_water());
        // A remembered position whose functor cell was kept was kept whole (the collector keeps
        // a compound with everything it reaches), at addresses in the same order as before.
        self.known.retain_mut(|k| match moves.cell(k.at) {
            Some(at) => {
                k.at = at;
                k.end = moves.end(k.end);
                true
            }
            None => false,
        });
        self.known_end = self.known.last().map_or(0, |k| k.end);
        for (i, k) in self.known.iter().enumerate() {
            self.slots[Self::slot_of(k.at)] = i as u32;
        }
    }

    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        for a in self.atoms.iter().chain([&self.inf]) {
            mark(a.atom_index());
        }
    }
}
