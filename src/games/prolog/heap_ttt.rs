//! Tic-tac-toe positions read straight from heap cells, and their successors built straight onto
//! the heap, for `ходы/2`, `стат_оц/2`, `ход_мина/1` and `ход_макса/1`: the path a textbook
//! search over the full tree takes half a million times.
//!
//! The general path reads a position into a [`GTerm`](crate::games::GTerm) tree, parses that,
//! and builds every successor as another tree before copying it to the heap. Here a `ttt/5` term
//! is checked and read in one walk over its cells, and each successor is written as cells that
//! share the parent's unchanged rows: a successor differs from its parent in one square, so it
//! needs a new `ttt/5` cell block, a new list of rows and one new row, and points at the other
//! rows where the parent keeps them. Pointing from newer cells at older ones is what the machine
//! does all the time; backtracking cuts the heap back above the parent, never into it.
//!
//! A term this reader does not accept in full (another game, a part of the wrong kind, an
//! inconsistent board) is left to the general path, which gives the same answer slowly or the
//! error naming the culprit. So the fast path must accept exactly the terms
//! `TicTacToe::from_term` accepts and answer exactly what the game answers.
//!
//! The successors built here are remembered by address, with the position each one is, so that
//! the next questions about them (`ходы/2` on each, `ход_мина/1` in `выбор/6`, `стат_оц/2` at a
//! leaf) cost a table lookup instead of a walk. An address is trusted only while the heap has
//! not been cut back below the position's cells and no cell has been changed in place since
//! it was built, which the heap reports ([`Heap::take_low_water`], [`Heap::rewrites`]; a
//! garbage collection counts as a change). Nothing here allocates per call once its buffers
//! have grown, or interns anything but the game's fixed names.
//!
//! [`Heap::take_low_water`]: crate::term::Heap::take_low_water
//! [`Heap::rewrites`]: crate::term::Heap::rewrites

use super::convert::fixed_atom;
use super::known::machine_id;
use crate::games::tictactoe::{Eval, TicTacToe, TttPos};
use crate::games::{next_depth, Game, UNLIMITED};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::cell::RefCell;

/// The most squares a board may have (two 64-bit bitboards), so the most rows or columns.
const MAX_SQUARES: usize = 64;

/// The cells of a `ttt/5` block: the functor and five arguments.
const BLOCK: usize = 6;

/// The most built positions remembered; past it the older half is forgotten.
const MAX_BUILT: usize = 1 << 15;

/// log2 of the number of slots of the table that finds a remembered position by address.
const SLOT_BITS: u32 = 16;

/// The slot of address `at`: a multiplicative hash, since successive positions lie a fixed
/// stride apart.
#[inline]
fn slot_of(at: usize) -> usize {
    ((at as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

/// A position [`HeapTtt::successors`] built, remembered by address so that asking about it again
/// costs a lookup instead of a walk over its cells.
#[derive(Clone, Copy, Debug)]
struct Built {
    /// The address of its `ttt/5` functor cell. Its block of [`BLOCK`] cells is the last thing
    /// built, and the rows it shares with its parent lie below, so `at + BLOCK` is one past
    /// the highest address of any of its cells.
    at: usize,
    /// The address of the first pair of its list of rows.
    rows: usize,
    /// The position.
    pos: TttPos,
}

/// One tic-tac-toe game as the heap sees it in one machine.
struct HeapTtt {
    /// The machine whose atom indices these are ([`machine_id`]).
    machine: usize,
    /// The game, for its moves, its evaluation and its end.
    game: TicTacToe,
    /// The board's shape and line length.
    rows: usize,
    cols: usize,
    k: i64,
    /// The functor cell `ttt/5`.
    functor: Cell,
    /// The atoms of the evaluation, of the two sides, of an empty square and of the unlimited
    /// depth.
    eval: Cell,
    x: Cell,
    o: Cell,
    e: Cell,
    inf: Cell,
    /// The row cells of the position read last, valid until the machine runs again.
    row_cells: Vec<Cell>,
    /// Where the list of rows of the position recalled last starts, until its rows are put in
    /// `row_cells`; `None` after a read, which fills `row_cells` itself.
    rows_at: Option<usize>,
    /// The successors built by the current call, before they are linked into a list.
    children: Vec<Cell>,
    /// Positions built here whose cells are still on the heap unchanged, in ascending address
    /// order. An entry is dropped as soon as the heap has been cut back below its `end`, and all
    /// are dropped when any cell has been changed in place ([`Heap::rewrites`]): the heap's
    /// architecture invariant makes these the only ways the cells at an address can change.
    ///
    /// [`Heap::rewrites`]: crate::term::Heap::rewrites
    built: Vec<Built>,
    /// For each [`slot_of`] an address, the index in `built` of the position last built there.
    /// An index may be stale (its entry dropped, or another in its place); a lookup trusts it
    /// only when the entry at that index is for the address looked up, and then the entry there is
    /// a live one for that address whatever its history.
    slots: Vec<u32>,
    /// [`Heap::rewrites`](crate::term::Heap::rewrites) when `built` was last brought up to date.
    rewrites: u64,
}

thread_local! {
    /// The game of the last tic-tac-toe position seen. A search asks about positions of one
    /// game only, so one is enough.
    static LAST: RefCell<Option<HeapTtt>> = const { RefCell::new(None) };
}

/// The answer of a fast call: `None` when the term is left to the general path.
pub type Fast<T> = Option<T>;

/// `f` applied to the game of the tic-tac-toe position `c` and to that position, when `c` is one
/// (wholly valid); `None` otherwise.
fn with_position<R>(
    m: &mut Machine,
    c: Cell,
    f: impl FnOnce(&mut HeapTtt, &mut Machine, TttPos) -> R,
) -> Fast<R> {
    let c = m.heap.deref(c);
    if c.tag() != Tag::Str || m.heap.functor_of(c).functor_arity() != 5 {
        return None;
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        let id = machine_id(m);
        if let Some(game) = last.as_mut().filter(|g| g.machine == id) {
            game.forget_stale(m);
            if let Some(pos) = game.recall(c.addr()) {
                return Some(f(game, m, pos));
            }
        }
        let fits = last
            .as_ref()
            .is_some_and(|g| g.machine == id && g.functor == m.heap.functor_of(c));
        if !fits || !last.as_ref().is_some_and(|g| g.shape_fits(m, c)) {
            let mut fresh = HeapTtt::of_term(m, c)?;
            // Watch the heap from now on: what happened to it before matters to nothing the
            // new game will remember.
            fresh.forget_stale(m);
            *last = Some(fresh);
        }
        let game = last.as_mut()?;
        let pos = game.read(m, c)?;
        Some(f(game, m, pos))
    })
}

/// `ходы/2`: the successor list on the heap, `[]` when there are none; `None` when the term is
/// not a tic-tac-toe position this path reads.
pub fn successors(m: &mut Machine, c: Cell) -> Fast<Cell> {
    with_position(m, c, |game, m, pos| game.successors(m, &pos))
}

/// `стат_оц/2`.
pub fn static_value(m: &mut Machine, c: Cell) -> Fast<i64> {
    with_position(m, c, |game, _, pos| game.game.static_value(&pos))
}

/// `ход_макса/1` (and, negated, `ход_мина/1`).
pub fn max_to_move(m: &mut Machine, c: Cell) -> Fast<bool> {
    with_position(m, c, |_, _, pos| pos.x_to_move)
}

/// The atom cell of a fixed name.
fn atom_cell(m: &mut Machine, name: &'static str) -> Cell {
    Cell::atom(fixed_atom(m, name))
}

/// The small integer in `c` (dereferenced), if it is one.
fn int_of(m: &Machine, c: Cell) -> Option<i64> {
    let c = m.heap.deref(c);
    (c.tag() == Tag::Int).then(|| c.int_value())
}

/// `c` dereferenced in `cells`; the test for a reference stays inline, the chain walk does not.
#[inline(always)]
fn deref_in(cells: &[Cell], c: Cell) -> Cell {
    if c.tag() != Tag::Ref {
        return c;
    }
    deref_chain(cells, c)
}

/// The end of the reference chain from the reference `c`.
#[inline(never)]
fn deref_chain(cells: &[Cell], mut c: Cell) -> Cell {
    loop {
        let next = cells[c.addr()];
        if next == c || next.tag() != Tag::Ref {
            return next;
        }
        c = next;
    }
}

impl HeapTtt {
    /// The game a `ttt/5` term names by its line length, evaluation and board shape, with its
    /// atoms in machine `m`; `None` when the term names no game (the general path then says
    /// why).
    fn of_term(m: &mut Machine, c: Cell) -> Option<HeapTtt> {
        let functor = Cell::functor(fixed_atom(m, "ttt"), 5);
        if m.heap.functor_of(c) != functor {
            return None;
        }
        let k = int_of(m, m.heap.arg(c, 2))?;
        let eval_cell = m.heap.deref(m.heap.arg(c, 3));
        let (lines, winloss) = (atom_cell(m, "lines"), atom_cell(m, "winloss"));
        let eval = if eval_cell == lines {
            Eval::Lines
        } else if eval_cell == winloss {
            Eval::WinLoss
        } else {
            return None;
        };
        // The shape: how many rows, and how long the first one is.
        let mut rows = 0usize;
        let mut cols = 0usize;
        let mut l = m.heap.deref(m.heap.arg(c, 4));
        while l.tag() == Tag::List && rows <= MAX_SQUARES {
            if rows == 0 {
                let mut r = m.heap.deref(m.heap.cells[l.addr()]);
                while r.tag() == Tag::List && cols <= MAX_SQUARES {
                    cols += 1;
                    r = m.heap.deref(m.heap.cells[r.addr() + 1]);
                }
            }
            rows += 1;
            l = m.heap.deref(m.heap.cells[l.addr() + 1]);
        }
        let k_usize = usize::try_from(k).ok()?;
        let game = TicTacToe::new(rows, cols, k_usize, eval).ok()?;
        Some(HeapTtt {
            machine: machine_id(m),
            game,
            rows,
            cols,
            k,
            functor,
            eval: eval_cell,
            x: atom_cell(m, "x"),
            o: atom_cell(m, "o"),
            e: atom_cell(m, "e"),
            inf: atom_cell(m, "inf"),
            row_cells: Vec::with_capacity(rows),
            rows_at: None,
            children: Vec::with_capacity(rows * cols),
            built: Vec::new(),
            slots: vec![u32::MAX; 1 << SLOT_BITS],
            rewrites: m.heap.rewrites(),
        })
    }

    /// Drop every remembered position whose cells may have changed since it was built.
    fn forget_stale(&mut self, m: &mut Machine) {
        let low = m.heap.take_low_water();
        if m.heap.rewrites() != self.rewrites {
            self.rewrites = m.heap.rewrites();
            self.built.clear();
        }
        while self.built.last().is_some_and(|b| b.at + BLOCK > low) {
            self.built.pop();
        }
    }

    /// The position built at address `at`, if it is remembered; where its list of rows starts
    /// is left in `rows_at`, for [`HeapTtt::successors`].
    fn recall(&mut self, at: usize) -> Option<TttPos> {
        let i = self.slots[slot_of(at)] as usize;
        let b = *self.built.get(i).filter(|b| b.at == at)?;
        self.rows_at = Some(b.rows);
        Some(b.pos)
    }

    /// Whether the `ttt/5` term `c` has this game's line length and evaluation (the board's
    /// shape is checked while reading).
    fn shape_fits(&self, m: &Machine, c: Cell) -> bool {
        int_of(m, m.heap.arg(c, 2)) == Some(self.k) && m.heap.deref(m.heap.arg(c, 3)) == self.eval
    }

    /// The position `c` is, when it is wholly a valid position of this game; the rows' cells
    /// are left in `row_cells`.
    /// The caller has checked the functor, the line length and the evaluation.
    ///
    /// This runs three times for every node of a search, so it walks the cells through one
    /// borrowed slice and follows references only where a cell is one: ground positions built
    /// by [`HeapTtt::successors`] have none.
    fn read(&mut self, m: &Machine, c: Cell) -> Option<TttPos> {
        let cells = &m.heap.cells[..];
        let a = c.addr();
        let args = cells.get(a + 1..a + 6)?;
        // An integer below the unlimited depth, or `inf` for it (`term_read::depth`).
        let depth = deref_in(cells, args[0]);
        let depth = if depth.tag() == Tag::Int {
            u32::try_from(depth.int_value())
                .ok()
                .filter(|&d| d != UNLIMITED)?
        } else if depth == self.inf {
            UNLIMITED
        } else {
            return None;
        };
        let side = deref_in(cells, args[1]);
        let x_to_move = if side == self.x {
            true
        } else if side == self.o {
            false
        } else {
            return None;
        };
        let nil = Cell::atom(atom::NIL);
        self.row_cells.clear();
        self.rows_at = None;
        let (mut x, mut o) = (0u64, 0u64);
        let mut bit = 1u64;
        let mut rows = deref_in(cells, args[4]);
        for _ in 0..self.rows {
            if rows.tag() != Tag::List {
                return None;
            }
            let row = deref_in(cells, cells[rows.addr()]);
            self.row_cells.push(row);
            let mut l = row;
            for _ in 0..self.cols {
                if l.tag() != Tag::List {
                    return None;
                }
                let la = l.addr();
                let square = deref_in(cells, cells[la]);
                if square == self.x {
                    x |= bit;
                } else if square == self.o {
                    o |= bit;
                } else if square != self.e {
                    return None;
                }
                bit <<= 1;
                l = deref_in(cells, cells[la + 1]);
            }
            if l != nil {
                return None;
            }
            rows = deref_in(cells, cells[rows.addr() + 1]);
        }
        if rows != nil {
            return None;
        }
        let pos = self.game.position(x, o, depth);
        let consistent = x.count_ones() == o.count_ones() || x.count_ones() == o.count_ones() + 1;
        (consistent && pos.x_to_move == x_to_move).then_some(pos)
    }

    /// The successors of `pos` (read or recalled last, so `row_cells` or `rows_at` says where
    /// its rows are) as a list on the heap, in the game's order; `[]` at the horizon and when
    /// the game is over.
    fn successors(&mut self, m: &mut Machine, pos: &TttPos) -> Cell {
        if let Some(rows) = self.rows_at.take() {
            // A list of rows this module built: plain pairs, no references.
            self.row_cells.clear();
            for i in 0..self.rows {
                self.row_cells.push(m.heap.cells[rows + 2 * i]);
            }
        }
        // The game's moves without a vector per call: nothing at the horizon or at the end,
        // else the empty squares in ascending order (`TicTacToe::moves`).
        let squares = self.rows * self.cols;
        let mut empty = 0u64;
        if pos.depth > 0 && self.game.outcome(pos).is_none() {
            empty = !(pos.x | pos.o);
            if squares < 64 {
                empty &= (1u64 << squares) - 1;
            }
        }
        if empty == 0 {
            return Cell::atom(atom::NIL);
        }
        let child_depth = next_depth(pos.depth);
        let depth = if child_depth == UNLIMITED {
            self.inf
        } else {
            Cell::int(i64::from(child_depth))
        };
        let (stone, next_side) = if pos.x_to_move {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
        if self.built.len() + squares > MAX_BUILT {
            self.built.drain(..self.built.len() / 2);
        }
        let heap = &mut m.heap.cells;
        self.children.clear();
        while empty != 0 {
            let sq = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            let r = sq / self.cols;
            // The new row r: the parent's squares with the stone on square `sq`.
            let row = heap.len();
            for j in 0..self.cols {
                let at = r * self.cols + j;
                let square = if at == sq {
                    stone
                } else if pos.x & (1 << at) != 0 {
                    self.x
                } else if pos.o & (1 << at) != 0 {
                    self.o
                } else {
                    self.e
                };
                heap.push(square);
                heap.push(if j + 1 < self.cols {
                    Cell::list(row + 2 * (j + 1))
                } else {
                    Cell::atom(atom::NIL)
                });
            }
            // The list of rows: the new one in place r, the parent's elsewhere.
            let rows = heap.len();
            for i in 0..self.rows {
                heap.push(if i == r {
                    Cell::list(row)
                } else {
                    self.row_cells[i]
                });
                heap.push(if i + 1 < self.rows {
                    Cell::list(rows + 2 * (i + 1))
                } else {
                    Cell::atom(atom::NIL)
                });
            }
            let term = heap.len();
            let bit = 1u64 << sq;
            let (x, o) = if pos.x_to_move {
                (pos.x | bit, pos.o)
            } else {
                (pos.x, pos.o | bit)
            };
            let child = self.game.position(x, o, child_depth);
            self.slots[slot_of(term)] = self.built.len() as u32;
            self.built.push(Built {
                at: term,
                rows,
                pos: child,
            });
            heap.extend_from_slice(&[
                self.functor,
                depth,
                next_side,
                Cell::int(self.k),
                self.eval,
                Cell::list(rows),
            ]);
            self.children.push(Cell::structure(term));
        }
        let list = heap.len();
        let n = self.children.len();
        for (i, &child) in self.children.iter().enumerate() {
            heap.push(child);
            heap.push(if i + 1 < n {
                Cell::list(list + 2 * (i + 1))
            } else {
                Cell::atom(atom::NIL)
            });
        }
        Cell::list(list)
    }
}
