//! Tic-tac-toe positions read straight from heap cells, and their successors built straight onto
//! the heap, for `ходы/2`, `стат_оц/2`, `ход_мина/1` and `ход_макса/1`: the path a textbook
//! search over the full tree takes half a million times.
//!
//! The general path reads a position into a [`GTerm`](crate::games::GTerm) tree, parses that,
//! and builds every successor as another tree before copying it to the heap. Here a `ttt/5` term
//! is checked and read in one walk over its cells, and each successor is written as cells that
//! share the parent's unchanged rows: a successor differs from its parent in one square, so it
//! needs a new `ttt/5` cell block, a new list of rows and one new row, and points at the other
//! rows where the parent keeps them. On boards with rows of three even the new row is shared:
//! every possible row of three is written once, in a table of rows below the successors, and
//! each successor points at the one it needs. Pointing from newer cells at older ones is what
//! the machine does all the time; backtracking cuts the heap back above the parent, never into
//! it, and the table is trusted on the same terms as the remembered positions below. With no
//! horizon the classic board goes further: a position's term is then fixed by its board, so
//! each board's term is written once and every list of successors that holds it points at it,
//! one pair a successor, and each board's list of successors is written once and handed to
//! every `ходы/2` on it (`shared.rs`). Sharing ground terms is invisible but to `setarg/3` and
//! `nb_setarg/3`, which change a shared term or list, or a row of the table, wherever it is
//! held.
//!
//! A term the reader (`read.rs`) does not accept in full (another game, a part of the wrong
//! kind, an inconsistent board) is left to the general path, which gives the same answer slowly
//! or the error naming the culprit. So the fast path must accept exactly the terms
//! `TicTacToe::from_term` accepts and answer exactly what the game answers.
//!
//! The successors built here are remembered by address, with the position each one is, so that
//! the next questions about them (`ходы/2` on each, `ход_мина/1` in `выбор/6`, `стат_оц/2` at a
//! leaf) cost a table lookup instead of a walk. An address (of a position or of the table of
//! rows) is trusted only while the heap has not been cut back below its cells and no cell has
//! been changed in place since it was written, which the heap reports
//! ([`Heap::low_water`]; a garbage collection counts as a change).
//! With each remembered position goes its end of game, found from the one square the move
//! filled, so that `ходы/2` and `стат_оц/2` on it need not look at every line of the board.
//!
//! The game and the remembered positions belong to one machine and live in it
//! ([`TttCache`], in the machine's builtin state), so a call reaches them without a
//! thread-local lookup and no machine ever meets another's atoms or addresses. Nothing here
//! allocates per call once its buffers have grown, or interns anything but the game's fixed
//! names (interned permanently, so the atom collector never needs to see them).

use super::convert::fixed_atom;
use crate::games::tictactoe::{Eval, TicTacToe, TttPos, WIN};
use crate::games::{next_depth, Game, Outcome, UNLIMITED};
use crate::machine::Machine;
use crate::term::{atom, Cell, Heap, Tag};
use read::{with_position, with_small_position};
use shape::{Any, Fixed, Shape};

/// The most squares a board may have (two 64-bit bitboards), so the most rows or columns.
const MAX_SQUARES: usize = 64;

/// The cells of a `ttt/5` block: the functor and five arguments.
const BLOCK: usize = 6;

/// The most squares a board may have for [`HeapTtt::holds_line`] to cover it: the table has a
/// bit for every set of squares, 2^12 bits.
const LINE_TABLE_SQUARES: usize = 12;

/// The most built positions remembered; past it the older half is forgotten.
const MAX_BUILT: usize = 1 << 15;

/// log2 of the number of slots of the table that finds a remembered position by address.
const SLOT_BITS: u32 = 16;

/// The number of slots.
const SLOTS: usize = 1 << SLOT_BITS;

/// The slot of address `at`: its low `SLOT_BITS` bits. The positions remembered at one time
/// lie within a stretch of the heap, a fixed stride apart in each list of successors, so two of
/// them share a slot only when their addresses differ by a multiple of `SLOTS`, which a
/// multiplicative hash would make no rarer. The mask keeps the slot in the table.
#[inline]
fn slot_of(at: usize) -> usize {
    at & (SLOTS - 1)
}

/// The heap-level tic-tac-toe state of one machine: the game of the last tic-tac-toe position
/// seen and the positions built for it. The machine keeps it in its builtin state; a new
/// machine starts with none.
#[derive(Default)]
pub struct TttCache {
    game: Option<HeapTtt>,
}

/// A position [`HeapTtt::successors`] built, remembered by address so that asking about it again
/// costs a lookup instead of a walk over its cells.
#[derive(Clone, Copy, Debug)]
struct Built {
    /// The address of its `ttt/5` functor cell. Its block of [`BLOCK`] cells is the last of
    /// its cells built (its list of rows lies just below it, the rows it shares with its parent
    /// further down), so `at + BLOCK` is one past the highest address of any of its cells.
    at: usize,
    /// The position.
    pos: TttPos,
    /// Its end, as `Game::outcome` gives it.
    outcome: Option<Outcome>,
}

/// The position a call asks about, recalled or read.
#[derive(Clone, Copy, Debug)]
struct Seen {
    /// The position.
    pos: TttPos,
    /// Its end, as `Game::outcome` gives it.
    outcome: Option<Outcome>,
    /// Where its list of rows starts when it was recalled (plain pairs this module built);
    /// `None` when it was read, which leaves its rows in `HeapTtt::row_cells`.
    rows: Option<usize>,
    /// The address of its shared list of successors when it was recalled as a shared term
    /// and that list holds (`shared.rs`); 0 otherwise.
    list: usize,
    /// Its static value when it was recalled as a shared term, which keeps it; `None`
    /// otherwise.
    value: Option<i64>,
}

/// One tic-tac-toe game as the heap sees it in one machine.
struct HeapTtt {
    /// The game, for its moves, its evaluation and its end.
    game: TicTacToe,
    /// The board's shape and line length.
    rows: usize,
    cols: usize,
    k: i64,
    /// The mask of all squares.
    full: u64,
    /// The lines through each square, square by square: those through square `i` are
    /// `through[through_at[i]..through_at[i + 1]]`.
    through: Vec<u64>,
    through_at: Vec<usize>,
    /// On a board of at most [`LINE_TABLE_SQUARES`] squares, bit `s % 64` of word `s / 64` says
    /// whether the stones `s` fill a line; all clear, and unused, on a bigger board. It answers
    /// in a few instructions what [`completes_line`] answers by walking lines.
    holds_line: [u64; 1 << (LINE_TABLE_SQUARES - 6)],
    /// On a board with rows of three, the list cell of each row in the heap's table of rows
    /// ([`HeapTtt::write_row_table`]) by its stones: entry `xs | os << 3`, for X on the squares
    /// of `xs` and O on those of `os` (never both on one). Valid while `table_end` is not 0.
    row_table: [Cell; 64],
    /// One past the last cell of the table of rows, 0 when there is none (or it may have
    /// changed).
    table_end: usize,
    /// The functor cell `ttt/5`.
    functor: Cell,
    /// The atoms of the evaluation, of the two sides, of an empty square and of the unlimited
    /// depth.
    eval: Cell,
    x: Cell,
    o: Cell,
    e: Cell,
    inf: Cell,
    /// The row cells of the position read last, valid until the machine runs again; always
    /// `rows` of them.
    row_cells: Vec<Cell>,
    /// Room for the cells [`HeapTtt::successors_in`] copies into each successor: `2 * rows`
    /// for its list of rows, [`BLOCK`] and 2. Those that are the same in every successor of
    /// the game (the end of the list of rows, the functor, the line length, the evaluation)
    /// are written when the game is made.
    model: Vec<Cell>,
    /// Positions built here whose cells are still on the heap unchanged, in ascending address
    /// order. An entry is dropped as soon as the heap has been cut back below its `end`, and all
    /// are dropped when any cell has been changed in place ([`Heap::low_water`] is then 0): the
    /// heap's architecture invariant makes these the only ways the cells at an address can
    /// change.
    built: Vec<Built>,
    /// One past the highest address of anything remembered: of the last entry of `built`
    /// (`at + BLOCK`) or of the table of rows, which lies below every position built on it; 0
    /// when there is nothing. The one number [`HeapTtt::forget_stale`] compares on the common
    /// path.
    built_end: usize,
    /// For each [`slot_of`] an address, the index in `built` of the position last built there.
    /// An index may be stale (its entry dropped, or another in its place); a lookup trusts it
    /// only when the entry at that index is for the address looked up, and then the entry there is
    /// a live one for that address whatever its history. So it starts all 0, in pages the
    /// system zeroes only when a search first touches them.
    slots: Box<[u32; SLOTS]>,
    /// On the classic board, its positions with no horizon, each written once and shared
    /// (`shared.rs`).
    shared: shared::Shared,
}

/// The answer of a fast call: `None` when the term is left to the general path.
pub type Fast<T> = Option<T>;

/// `ходы/2`: the successor list on the heap, `[]` when there are none; `None` when the term is
/// not a tic-tac-toe position this path reads.
pub fn successors(m: &mut Machine, c: Cell) -> Fast<Cell> {
    with_position(m, c, |game, heap, seen| game.successors(heap, seen))
}

/// `стат_оц/2`.
pub fn static_value(m: &mut Machine, c: Cell) -> Fast<i64> {
    with_small_position(m, c, |game, _, seen| game.static_value(&seen))
}

/// `ход_макса/1` (and, negated, `ход_мина/1`); compiled into both.
#[inline(always)]
pub fn max_to_move(m: &mut Machine, c: Cell) -> Fast<bool> {
    with_small_position(m, c, |_, _, seen| seen.pos.x_to_move)
}

/// The atom cell of a fixed name.
fn atom_cell(m: &mut Machine, name: &'static str) -> Cell {
    Cell::atom(fixed_atom(m, name))
}

/// The small integer in `c` (dereferenced), if it is one.
fn int_of(heap: &Heap, c: Cell) -> Option<i64> {
    let c = heap.deref(c);
    (c.tag() == Tag::Int).then(|| c.int_value())
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
        let k = int_of(&m.heap, m.heap.arg(c, 2))?;
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
        let squares = rows * cols;
        let mut through = Vec::new();
        let mut through_at = Vec::with_capacity(squares + 1);
        for sq in 0..squares {
            through_at.push(through.len());
            through.extend(game.lines().iter().filter(|&&l| l & (1 << sq) != 0));
        }
        through_at.push(through.len());
        let mut holds_line = [0u64; 1 << (LINE_TABLE_SQUARES - 6)];
        if squares <= LINE_TABLE_SQUARES {
            for stones in 0..1usize << squares {
                if game.lines().iter().any(|&l| l & !(stones as u64) == 0) {
                    holds_line[stones / 64] |= 1 << (stones % 64);
                }
            }
        }
        let (x, o, e) = (atom_cell(m, "x"), atom_cell(m, "o"), atom_cell(m, "e"));
        Some(HeapTtt {
            game,
            rows,
            cols,
            k,
            full: if squares == 64 {
                u64::MAX
            } else {
                (1u64 << squares) - 1
            },
            through,
            through_at,
            holds_line,
            row_table: [Cell::atom(atom::NIL); 64],
            table_end: 0,
            functor,
            eval: eval_cell,
            x,
            o,
            e,
            inf: atom_cell(m, "inf"),
            row_cells: vec![Cell::atom(atom::NIL); rows],
            model: {
                let mut model = vec![Cell::atom(atom::NIL); 2 * rows + BLOCK + 2];
                model[2 * rows] = functor;
                model[2 * rows + 3] = Cell::int(k);
                model[2 * rows + 4] = eval_cell;
                model
            },
            built: Vec::new(),
            slots: vec![0; SLOTS].into_boxed_slice().try_into().ok()?,
            built_end: 0,
            shared: if rows == 3 && cols == 3 {
                shared::Shared::classic()
            } else {
                shared::Shared::default()
            },
        })
    }

    /// Drop every remembered position whose cells may have changed since it was built. On the
    /// common path, with nothing to forget, it only reads: the heap goes on watching from where
    /// it was told to last, which is no higher than the cells remembered since, for
    /// [`HeapTtt::successors`] tells it to watch from the top before it writes anything.
    #[inline]
    fn forget_stale(&mut self, heap: &mut Heap) {
        let low = heap.low_water();
        if self.built_end > low {
            self.forget_above(low);
            heap.watch_from_top();
        }
    }

    /// Drop the remembered positions, and the table of rows, with a cell at `low` or above.
    #[inline(never)]
    fn forget_above(&mut self, low: usize) {
        while self.built.last().is_some_and(|b| b.at + BLOCK > low) {
            self.built.pop();
        }
        self.shared.forget_above(low);
        if self.table_end > low {
            self.table_end = 0;
        }
        self.built_end = self
            .built
            .last()
            .map_or(0, |b| b.at + BLOCK)
            .max(self.table_end)
            .max(self.shared.end());
    }

    /// The position built at address `at`, if it is remembered.
    #[inline]
    fn recall(&self, cells: &[Cell], at: usize) -> Option<Seen> {
        // Asked on every board: on another than the classic one the table is empty, and its
        // lookup fails as cheaply as a test for that would.
        if let Some(seen) = self.shared.recall(cells, at) {
            return Some(seen);
        }
        let b = self.built.get(self.slots[slot_of(at)] as usize)?;
        (b.at == at).then_some(Seen {
            pos: b.pos,
            outcome: b.outcome,
            rows: Some(at - 2 * self.rows),
            list: 0,
            value: None,
        })
    }

    /// The static value of `seen`, as `Game::static_value` gives it: kept with a shared term,
    /// else found from its known end.
    #[inline(always)]
    fn static_value(&self, seen: &Seen) -> i64 {
        match seen.value {
            Some(value) => value,
            None => self.value_of(&seen.pos, seen.outcome),
        }
    }

    /// The static value of `pos`, whose end is `outcome`, as `Game::static_value` gives it.
    fn value_of(&self, pos: &TttPos, outcome: Option<Outcome>) -> i64 {
        let won = match outcome {
            Some(Outcome::MaxWins) => Some(1),
            Some(Outcome::MinWins) => Some(-1),
            _ => None,
        };
        let value = match (self.game.eval(), won) {
            (Eval::WinLoss, w) => w.unwrap_or(0),
            (Eval::Lines, Some(w)) => w * WIN,
            (Eval::Lines, None) => {
                let (x, o) = self.game.open_lines(pos);
                x - o
            }
        };
        debug_assert_eq!(value, self.game.static_value(pos));
        value
    }

    /// The successors of `seen` as a list on the heap, in the game's order; `[]` at the horizon
    /// and when the game is over.
    #[inline(always)]
    fn successors(&mut self, heap: &mut Heap, seen: Seen) -> Cell {
        if seen.list != 0 {
            return Cell::list(seen.list);
        }
        // Everything remembered holds at this top (the caller has just forgotten what did
        // not), and all this writes lies above it: what cuts the heap back or changes it from
        // here on is what may make any of it stale.
        heap.watch_from_top();
        let nil = Cell::atom(atom::NIL);
        let pos = seen.pos;
        // The game's moves: nothing at the horizon or at the end, else the empty squares in
        // ascending order (`TicTacToe::moves`).
        if pos.depth == 0 || seen.outcome.is_some() {
            return nil;
        }
        let empty = !(pos.x | pos.o) & self.full;
        if empty == 0 {
            return nil;
        }
        // The classic board has its own copies of the loops, compiled in here, with the shape
        // known when compiling: they unroll and lose their bounds checks. Each side to move has
        // its own copy too, which keeps the loops' registers for the cells they write.
        let (x, o, depth, rows) = (pos.x, pos.o, pos.depth, seen.rows);
        if depth == UNLIMITED && self.shared.applies(heap.cells.len()) {
            return if pos.x_to_move {
                self.shared_successors::<true>(heap, x, o)
            } else {
                self.shared_successors::<false>(heap, x, o)
            };
        }
        match (self.rows == 3 && self.cols == 3, pos.x_to_move) {
            (true, true) => self.successors_in::<_, true>(Fixed::<3, 3>, heap, x, o, depth, rows),
            (true, false) => self.successors_in::<_, false>(Fixed::<3, 3>, heap, x, o, depth, rows),
            (false, x_moves) => self.successors_of_any(x_moves, heap, x, o, depth, rows),
        }
    }

    /// [`HeapTtt::successors_in`] on a board of any shape, out of line.
    #[inline(never)]
    fn successors_of_any(
        &mut self,
        x_moves: bool,
        heap: &mut Heap,
        x: u64,
        o: u64,
        depth: u32,
        rows: Option<usize>,
    ) -> Cell {
        let any = Any {
            rows: self.rows,
            cols: self.cols,
        };
        if x_moves {
            self.successors_in::<_, true>(any, heap, x, o, depth, rows)
        } else {
            self.successors_in::<_, false>(any, heap, x, o, depth, rows)
        }
    }

    /// [`HeapTtt::successors`] of the position with X's stones `x`, O's stones `o` and depth
    /// `depth`, on a board of shape `shape` (this game's) with an empty square and neither side
    /// a line, and with X to move when `X_MOVES`. Its rows are those of its list of rows at
    /// `rows_at` when that is one this module built, else in `row_cells`.
    ///
    /// Each successor is one block of cells: on a board with rows of three, `2 * rows` for its
    /// list of rows (its new row is one of the table of rows, [`HeapTtt::write_row_table`]),
    /// else first `2 * cols` for its new row; then [`BLOCK`] for the `ttt/5` term and a last
    /// pair for its place in the list of successors, all written straight into the heap's
    /// spare room. Its entry in `built` is written into that vector's spare room alongside.
    #[inline(always)]
    fn successors_in<S: Shape, const X_MOVES: bool>(
        &mut self,
        shape: S,
        heap: &mut Heap,
        x: u64,
        o: u64,
        depth: u32,
        rows_at: Option<usize>,
    ) -> Cell {
        let nil = Cell::atom(atom::NIL);
        let (parent_x, parent_o) = (x, o);
        let empty = !(x | o) & self.full;
        let (rows, cols) = (shape.rows(), shape.cols());
        let squares = rows * cols;
        // Rows of three come from the table, which is written (below every successor) when
        // there is none.
        let tabled = cols == 3;
        if tabled && self.table_end == 0 {
            self.write_row_table(heap);
        }
        // With one empty square left, every successor (the one) fills the board.
        let fills_board = empty & (empty - 1) == 0;
        let child_depth = next_depth(depth);
        let (next_side, won) = if X_MOVES {
            (self.o, Outcome::MaxWins)
        } else {
            (self.x, Outcome::MinWins)
        };
        // Room for as many successors as the board has squares, which is at least how many
        // there are; the count of empty squares would cost more to find than it saves.
        if self.built.len() + squares > MAX_BUILT {
            self.built.drain(..self.built.len() / 2);
        }
        let first_entry = self.built.len();
        self.built.reserve(squares);
        let entries = &mut self.built.spare_capacity_mut()[..squares];
        // Empty, X, O: a square's cell by its two bits (never both set).
        let square_cells = [self.e, self.x, self.o, self.e];
        let own_row = if tabled { 0 } else { 2 * cols };
        let term = own_row + 2 * rows;
        let per = term + BLOCK + 2;
        let base = heap.cells.len();
        // The cells of the first successor from its list of rows on, but for its new row: its
        // list of rows with the parent's rows, its `ttt/5` block (functor, depth, side to move,
        // line length, evaluation, rows) and its pair of the successor list. Each next
        // successor's cells are the same with every address in them moved on by `per`, so they
        // are copied from here, with their addresses moved on by `per` for each successor.
        let model = &mut self.model[..per - own_row];
        let list_at = base + own_row;
        match rows_at {
            Some(at) => {
                // A list of rows this module built: plain pairs, no references.
                let pairs = &heap.cells[at..at + 2 * rows];
                for i in 0..rows {
                    model[2 * i] = pairs[2 * i];
                }
            }
            None => {
                for i in 0..rows {
                    model[2 * i] = self.row_cells[i];
                }
            }
        }
        for i in 1..rows {
            model[2 * i - 1] = Cell::list(list_at + 2 * i);
        }
        // The functor, the line length, the evaluation and the list's end are the game's, in
        // the model since it was made.
        model[2 * rows + 1] = if child_depth == UNLIMITED {
            self.inf
        } else {
            Cell::int(i64::from(child_depth))
        };
        model[2 * rows + 2] = next_side;
        model[2 * rows + 5] = Cell::list(list_at);
        model[2 * rows + 6] = Cell::structure(base + term);
        model[2 * rows + 7] = Cell::list(base + per + term + BLOCK);
        // What moving an address on by `per` adds to a list or compound cell.
        let step = Cell::list(per).0 - Cell::list(0).0;
        // One step serves both kinds only while a cell keeps its address apart from its tag.
        debug_assert_eq!(step, Cell::structure(per).0 - Cell::structure(0).0);
        heap.cells.reserve(squares * per);
        let room = &mut heap.cells.spare_capacity_mut()[..squares * per];
        let mut left = empty;
        let mut written = 0;
        for (child, entry) in room.chunks_exact_mut(per).zip(entries.iter_mut()) {
            let sq = left.trailing_zeros() as usize;
            left &= left - 1;
            let r = sq / cols;
            let at = base + written * per;
            let term_at = at + term;
            let bit = 1u64 << sq;
            let (x, o, mine) = if X_MOVES {
                (parent_x | bit, parent_o, parent_x | bit)
            } else {
                (parent_x, parent_o | bit, parent_o | bit)
            };
            // The new row r: from the table, or the child's squares on it, each pair's tail the
            // next pair.
            let first = r * cols;
            let new_row = if tabled {
                self.row_table[((x >> first) & 7 | ((o >> first) & 7) << 3) as usize]
            } else {
                for j in 0..cols {
                    let s = first + j;
                    let square = square_cells[((x >> s) & 1 | ((o >> s) & 1) << 1) as usize];
                    child[2 * j].write(square);
                }
                for j in 1..cols {
                    child[2 * j - 1].write(Cell::list(at + 2 * j));
                }
                child[2 * cols - 1].write(nil);
                Cell::list(at)
            };
            // The rest from the model, its addresses moved on to this successor's, with the new
            // row in place r. A word at a time, and the model left as it is: its cells were
            // just written a word at a time, and a wider load over such fresh stores waits
            // until they have all reached the cache (see `Machine::first_args`). Copied as a
            // block, with its addresses moved on in place after each successor, the model cost
            // more time than the rest of `moves/2`.
            let shift = written as u64 * step;
            for (j, (cell, model_cell)) in child[own_row..].iter_mut().zip(model.iter()).enumerate()
            {
                // SAFETY: a read of an initialised element of `model`, a live slice.
                let word = unsafe { std::ptr::read_volatile(model_cell) };
                // The tails of the list of rows, then the term, its rows and the next pair.
                let moves_on = (j % 2 == 1 && j < 2 * rows - 1) || j >= 2 * rows + 5;
                cell.write(if moves_on { Cell(word.0 + shift) } else { word });
            }
            child[own_row + 2 * r].write(new_row);
            // The parent's game goes on, so neither side has a line: the child is won only when
            // the new stone completes one, and drawn when it fills the board.
            let completes = if squares <= LINE_TABLE_SQUARES {
                let stones = mine as usize;
                self.holds_line[(stones >> 6) & 63] >> (stones & 63) & 1 != 0
            } else {
                completes_line(&self.through, &self.through_at, sq, mine)
            };
            let outcome = if completes {
                Some(won)
            } else if fills_board {
                Some(Outcome::Draw)
            } else {
                None
            };
            let child = TttPos {
                x,
                o,
                x_to_move: !X_MOVES,
                depth: child_depth,
            };
            debug_assert_eq!(child, self.game.position(x, o, child_depth));
            debug_assert_eq!(outcome, self.game.outcome(&child));
            self.slots[slot_of(term_at)] = (first_entry + written) as u32;
            entry.write(Built {
                at: term_at,
                pos: child,
                outcome,
            });
            written += 1;
            if left == 0 {
                break;
            }
        }
        // The last successor's pair ends the list; there is one, since `successors` has
        // returned early on a full board.
        room[written * per - 1].write(nil);
        // SAFETY: `reserve` made room for `squares * per` cells past `base` and for `squares`
        // entries past `first_entry`, and `room` and `entries` are exactly those. The loop
        // above takes one empty square a turn, and there are at most `squares` of them, so it
        // ends by its `break` with `written` successors written in full, one after another:
        // each one chunk of `per` cells of `room` (its own row's `own_row` cells, its list of
        // rows' `2 * rows`, the `BLOCK` cells of its term and its pair of the successor list,
        // all written above) and one entry of `entries`. So the cells up to
        // `base + written * per` and the entries up to `first_entry + written` are
        // initialised, and neither a `Cell` nor a `Built` needs dropping.
        unsafe {
            heap.cells.set_len(base + written * per);
            self.built.set_len(first_entry + written);
        }
        self.built_end = base + written * per - 2;
        Cell::list(base + term + BLOCK)
    }
}

/// Whether `stones`, which hold square `sq`, fill a line through it, by the lines through each
/// square as [`HeapTtt::through`] and [`HeapTtt::through_at`] hold them.
#[inline]
fn completes_line(through: &[u64], through_at: &[usize], sq: usize, stones: u64) -> bool {
    let (from, to) = (through_at[sq], through_at[sq + 1]);
    through[from..to].iter().any(|&l| l & !stones == 0)
}

mod read;
mod row_table;
mod shape;
mod shared;
#[cfg(test)]
mod tests;
