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
//! Nothing here keeps a heap address between calls (the garbage collector may move cells at
//! the next call), allocates per call once its buffers have grown, or interns anything but the
//! game's fixed names.

use super::convert::fixed_atom;
use super::known::machine_id;
use crate::games::tictactoe::{Eval, TicTacToe, TttPos};
use crate::games::Game;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::cell::RefCell;

/// The most squares a board may have (two 64-bit bitboards), so the most rows or columns.
const MAX_SQUARES: usize = 64;

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
    /// The atoms of the evaluation, of the two sides and of an empty square.
    eval: Cell,
    x: Cell,
    o: Cell,
    e: Cell,
    /// The row cells of the position read last, valid until the machine runs again.
    row_cells: Vec<Cell>,
    /// The successors built by the current call, before they are linked into a list.
    children: Vec<Cell>,
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
        let fits = last
            .as_ref()
            .is_some_and(|g| g.machine == id && g.functor == m.heap.functor_of(c));
        if !fits || !last.as_ref().is_some_and(|g| g.shape_fits(m, c)) {
            let fresh = HeapTtt::of_term(m, c)?;
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

/// The list cells of the proper list `c`: head and tail of each element in turn, then `[]`.
/// Returns the elements' heads (dereferenced) into `out`; `None` for anything but a proper list
/// of exactly `n` elements.
fn list_of(m: &Machine, c: Cell, n: usize, out: &mut Vec<Cell>) -> Option<()> {
    let mut l = m.heap.deref(c);
    for _ in 0..n {
        if l.tag() != Tag::List {
            return None;
        }
        out.push(m.heap.deref(m.heap.cells[l.addr()]));
        l = m.heap.deref(m.heap.cells[l.addr() + 1]);
    }
    (l == Cell::atom(atom::NIL)).then_some(())
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
            row_cells: Vec::with_capacity(rows),
            children: Vec::with_capacity(rows * cols),
        })
    }

    /// Whether the `ttt/5` term `c` has this game's line length and evaluation (the board's
    /// shape is checked while reading).
    fn shape_fits(&self, m: &Machine, c: Cell) -> bool {
        int_of(m, m.heap.arg(c, 2)) == Some(self.k) && m.heap.deref(m.heap.arg(c, 3)) == self.eval
    }

    /// The position `c` is, when it is wholly a valid position of this game; the rows' cells
    /// are left in `row_cells`.
    /// The caller has checked the functor, the line length and the evaluation.
    fn read(&mut self, m: &Machine, c: Cell) -> Option<TttPos> {
        let depth = u32::try_from(int_of(m, m.heap.arg(c, 0))?).ok()?;
        let side = m.heap.deref(m.heap.arg(c, 1));
        let x_to_move = if side == self.x {
            true
        } else if side == self.o {
            false
        } else {
            return None;
        };
        self.row_cells.clear();
        list_of(m, m.heap.arg(c, 4), self.rows, &mut self.row_cells)?;
        let (mut x, mut o) = (0u64, 0u64);
        let mut bit = 1u64;
        for &row in &self.row_cells {
            let mut l = row;
            for _ in 0..self.cols {
                if l.tag() != Tag::List {
                    return None;
                }
                let square = m.heap.deref(m.heap.cells[l.addr()]);
                if square == self.x {
                    x |= bit;
                } else if square == self.o {
                    o |= bit;
                } else if square != self.e {
                    return None;
                }
                bit <<= 1;
                l = m.heap.deref(m.heap.cells[l.addr() + 1]);
            }
            if l != Cell::atom(atom::NIL) {
                return None;
            }
        }
        let pos = self.game.position(x, o, depth);
        let consistent = x.count_ones() == o.count_ones() || x.count_ones() == o.count_ones() + 1;
        (consistent && pos.x_to_move == x_to_move).then_some(pos)
    }

    /// The successors of `pos` (read last, so `row_cells` holds its rows) as a list on the heap,
    /// in the game's order; `[]` at the horizon and when the game is over.
    fn successors(&mut self, m: &mut Machine, pos: &TttPos) -> Cell {
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
        let depth = Cell::int(i64::from(pos.depth.saturating_sub(1)));
        let (stone, next_side) = if pos.x_to_move {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        };
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
