//! The classic board's positions with no horizon, each written once onto the heap and shared
//! by every list of successors that holds it, for the heap-level tic-tac-toe path.
//!
//! Without a horizon a position's term is fixed by its board alone (`inf`, the side the board
//! gives, the game's line length and evaluation, the rows), so a search that meets one board a
//! hundred times need not build it a hundred times: the first list of successors that holds it
//! writes it, above the list, and the next ones point at it, as every successor already points
//! at its parent's rows and at the table of rows. A list of successors is then one pair a
//! successor, and it too is fixed by the board: each board's list is written once, with the
//! terms it needs that do not yet hold, and handed to every later `ходы/2` on that board.
//! Each shared term or list is found by its board's key (its squares as base-3 digits, X
//! 1 and O 2), and is trusted on the same terms as every remembered position of
//! `heap_ttt.rs`: only while the heap has not been cut back below its cells and no cell has
//! been changed in place. It must never hand out an address it has not checked against the
//! table, whose entries are dropped the moment those terms no longer hold.

use super::{HeapTtt, Seen, BLOCK};
use crate::games::tictactoe::{TttPos, WIN};
use crate::games::{Outcome, UNLIMITED};
use crate::term::{atom, Cell, Heap};

/// The number of boards of nine squares, each empty, X or O, rounded up to a power of two so
/// that a key masked to 15 bits indexes the table with no bounds check.
const KEYS: usize = 1 << 15;

/// A shared term's cells: its key, its list of rows (three pairs) and its `ttt/5` block.
const CELLS: usize = 1 + 6 + BLOCK;

/// How far below a shared term's functor cell its key lies: the key, then the list of rows.
const KEY_BELOW: usize = 7;

/// 3 to the power of each square, padded to 16 so that a square masked to four bits indexes it
/// with no bounds check.
const POW3: [u16; 16] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 0, 0, 0, 0, 0, 0, 0];

/// What the table knows of one board.
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The address of the functor cell of its shared term; 0 when there is none that holds.
    at: usize,
    /// The address of the first pair of its shared list of successors; 0 when there is none
    /// that holds.
    list: usize,
    /// Its X and O stones.
    x: u16,
    o: u16,
    /// Whether X is to move.
    x_to_move: bool,
    /// Its end, as `Game::outcome` gives it.
    outcome: Option<Outcome>,
    /// Its static value, as `Game::static_value` gives it (at most [`WIN`] either way).
    value: i16,
}

/// One shared term or list of successors that holds, for forgetting it.
#[derive(Clone, Copy)]
struct Live {
    /// One past the highest cell it needs: its term's last cell, or for a list the last cell of
    /// the block it was written in, whose new terms its pairs point at.
    end: usize,
    /// Its board's key.
    key: u16,
    /// Whether it is the board's list of successors rather than its term.
    list: bool,
}

/// The shared positions of one game: empty (and unused) unless its board is the classic one.
pub(super) struct Shared {
    /// Whether the game's board is the classic one.
    classic: bool,
    /// The entry of each board, by key; on another board than the classic one, all empty. Of
    /// a fixed size, so that a key masked to 15 bits indexes it with no bounds check.
    table: Box<[Entry; KEYS]>,
    /// What the table holds, by ascending address: the order it was written in, since each
    /// term and list is written at the top of the heap.
    live: Vec<Live>,
    /// The base-3 value of each set of squares with a digit 1 on each (a board's key is
    /// `tern[x] + 2 * tern[o]`), and how many squares the set has.
    tern: Box<[(u16, u8); 512]>,
}

/// A table with no entry.
fn empty_table() -> Box<[Entry; KEYS]> {
    let table: Box<[Entry]> = vec![Entry::default(); KEYS].into_boxed_slice();
    match table.try_into() {
        Ok(table) => table,
        Err(_) => unreachable!("the vector has KEYS entries"),
    }
}

impl Default for Shared {
    fn default() -> Shared {
        Shared {
            classic: false,
            table: empty_table(),
            live: Vec::new(),
            tern: Box::new([(0, 0); 512]),
        }
    }
}

impl Shared {
    /// The table of a classic board's game.
    pub(super) fn classic() -> Shared {
        let mut tern = Box::new([(0, 0); 512]);
        for (m, t) in tern.iter_mut().enumerate() {
            let squares = (0..9).filter(|&i| m >> i & 1 != 0);
            *t = (
                squares.clone().map(|i| POW3[i]).sum(),
                squares.count() as u8,
            );
        }
        Shared {
            classic: true,
            table: empty_table(),
            live: Vec::new(),
            tern,
        }
    }

    /// Whether the game's positions with no horizon are shared.
    #[inline]
    pub(super) fn applies(&self) -> bool {
        self.classic
    }

    /// One past the highest cell of any shared term that holds; 0 when there is none.
    #[inline]
    pub(super) fn end(&self) -> usize {
        self.live.last().map_or(0, |l| l.end)
    }

    /// Forget what `live` says: a board's term or its list of successors.
    #[inline]
    fn forget(table: &mut [Entry; KEYS], live: Live) {
        let e = &mut table[usize::from(live.key) & (KEYS - 1)];
        if live.list {
            e.list = 0;
        } else {
            e.at = 0;
        }
    }

    /// Forget the shared terms with a cell at `low` or above (the heap has been cut back to
    /// `low`).
    pub(super) fn forget_above(&mut self, low: usize) {
        while let Some(&live) = self.live.last() {
            if live.end <= low {
                break;
            }
            Shared::forget(&mut self.table, live);
            self.live.pop();
        }
    }

    /// The shared position whose functor cell is at `at`, if that is one that holds. The cell
    /// below its list of rows is only a guess at its key: the answer is trusted because the
    /// table's entry for that key names this very address, which it does only while the term
    /// written there is unchanged.
    #[inline(always)]
    pub(super) fn recall(&self, cells: &[Cell], at: usize) -> Option<Seen> {
        // Any cell will do as the guess, masked into the table: a wrong one finds an entry for
        // another address, or none, so there is no need to check that it is an integer.
        let guess = cells.get(at.wrapping_sub(KEY_BELOW))?.int_value();
        let e = &self.table[guess as usize & (KEYS - 1)];
        (e.at == at).then_some(Seen {
            pos: TttPos {
                x: u64::from(e.x),
                o: u64::from(e.o),
                x_to_move: e.x_to_move,
                depth: UNLIMITED,
            },
            outcome: e.outcome,
            rows: Some(at - 6),
            list: e.list,
            value: Some(i64::from(e.value)),
        })
    }
}

impl HeapTtt {
    /// [`HeapTtt::successors`] of the classic board's position with no horizon, X's stones `x`
    /// and O's `o`, with an empty square and neither side a line, and X to move when `X_MOVES`:
    /// a list of one pair a successor, each pointing at the successor's shared term. A
    /// successor with no shared term that holds has one written, above the list. The list is
    /// itself fixed by the board, so it is written once too and shared by every call that
    /// asks for it while it holds.
    #[inline(always)]
    pub(super) fn shared_successors<const X_MOVES: bool>(
        &mut self,
        heap: &mut Heap,
        x: u64,
        o: u64,
    ) -> Cell {
        if self.table_end == 0 {
            self.write_row_table(heap);
        }
        let empty = !(x | o) & self.full;
        let tern = &self.shared.tern;
        let ((tx, nx), (to, no)) = (tern[(x & 511) as usize], tern[(o & 511) as usize]);
        let key = usize::from(tx) + 2 * usize::from(to);
        let list = self.shared.table[key & (KEYS - 1)].list;
        if list != 0 {
            return Cell::list(list);
        }
        // The empty squares, counted without `count_ones`, which the baseline target has no
        // instruction for.
        let n = 9 - usize::from(nx) - usize::from(no);
        let fills_board = n == 1;
        let digit = if X_MOVES { 1 } else { 2 };
        let base = heap.cells.len();
        // Room for the list and for a shared term for each successor, at the most.
        heap.cells.reserve(2 * n + n * CELLS);
        let room = &mut heap.cells.spare_capacity_mut()[..2 * n + n * CELLS];
        let (pairs, terms) = room.split_at_mut(2 * n);
        let mut written = 0;
        let mut left = empty;
        for (i, pair) in pairs.chunks_exact_mut(2).enumerate() {
            let sq = left.trailing_zeros() as usize;
            left &= left - 1;
            let child = key + digit * usize::from(POW3[sq & 15]);
            let mut at = self.shared.table[child & (KEYS - 1)].at;
            if at == 0 {
                let term_base = base + 2 * n + written * CELLS;
                let cells = &mut terms[written * CELLS..(written + 1) * CELLS];
                at = self.write_shared::<X_MOVES>(cells, term_base, child, x, o, sq, fills_board);
                written += 1;
            }
            pair[0].write(Cell::structure(at));
            pair[1].write(Cell::list(base + 2 * i + 2));
        }
        pairs[2 * n - 1].write(Cell::atom(atom::NIL));
        // SAFETY: `reserve` made room for `2 * n + n * CELLS` cells past `base`; the loop above
        // wrote the `2 * n` cells of the list's pairs (one pair for each of the `n` empty
        // squares) and then `written` shared terms of `CELLS` cells each, one after another.
        unsafe { heap.cells.set_len(base + 2 * n + written * CELLS) };
        // The list needs its pairs and the terms just written above them; the older terms it
        // points at lie below it, so they hold as long as it does.
        let end = base + 2 * n + written * CELLS;
        self.shared.table[key & (KEYS - 1)].list = base;
        self.shared.live.push(Live {
            end,
            key: key as u16,
            list: true,
        });
        self.built_end = end;
        Cell::list(base)
    }

    /// Write into `cells`, which will be the heap's cells from `base` on, the shared term of
    /// the successor with key `key`, made by a stone on square `sq` of the position with stones
    /// `x` and `o`, and enter it in the table; the address of its functor cell.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn write_shared<const X_MOVES: bool>(
        &mut self,
        cells: &mut [std::mem::MaybeUninit<Cell>],
        base: usize,
        key: usize,
        x: u64,
        o: u64,
        sq: usize,
        fills_board: bool,
    ) -> usize {
        let bit = 1u64 << sq;
        let (x, o, mine, won) = if X_MOVES {
            (x | bit, o, x | bit, Outcome::MaxWins)
        } else {
            (x, o | bit, o | bit, Outcome::MinWins)
        };
        // The parent's game goes on, so neither side has a line: the child is won only when
        // the new stone completes one, and drawn when it fills the board.
        let stones = mine as usize;
        let outcome = if self.holds_line[(stones >> 6) & 63] >> (stones & 63) & 1 != 0 {
            Some(won)
        } else if fills_board {
            Some(Outcome::Draw)
        } else {
            None
        };
        let at = base + KEY_BELOW;
        let nil = Cell::atom(atom::NIL);
        let mut term = [nil; CELLS];
        term[0] = Cell::int(key as i64);
        for r in 0..3 {
            let first = 3 * r;
            term[1 + 2 * r] = self.row_table[((x >> first) & 7 | ((o >> first) & 7) << 3) as usize];
            if r < 2 {
                term[2 + 2 * r] = Cell::list(base + 3 + 2 * r);
            }
        }
        term[KEY_BELOW..].copy_from_slice(&[
            self.functor,
            self.inf,
            if X_MOVES { self.o } else { self.x },
            Cell::int(self.k),
            self.eval,
            Cell::list(base + 1),
        ]);
        for (cell, &c) in cells.iter_mut().zip(term.iter()) {
            cell.write(c);
        }
        let pos = TttPos {
            x,
            o,
            x_to_move: !X_MOVES,
            depth: UNLIMITED,
        };
        debug_assert_eq!(pos, self.game.position(x, o, UNLIMITED));
        debug_assert_eq!(outcome, crate::games::Game::outcome(&self.game, &pos));
        // The board's list of successors, if one holds, is not this term's to change.
        let list = self.shared.table[key & (KEYS - 1)].list;
        let value = self.value_of(&pos, outcome);
        debug_assert!(value.abs() <= WIN);
        self.shared.table[key & (KEYS - 1)] = Entry {
            at,
            list,
            x: x as u16,
            o: o as u16,
            x_to_move: !X_MOVES,
            outcome,
            value: value as i16,
        };
        self.shared.live.push(Live {
            end: at + BLOCK,
            key: key as u16,
            list: false,
        });
        self.built_end = at + BLOCK;
        at
    }
}
