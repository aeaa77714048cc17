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
//! table, whose entries are dropped the moment those terms no longer hold. The table keeps
//! addresses in 32 bits, 16 bytes a board, so that the search reads it from fewer cache lines;
//! on a heap grown past 32-bit addresses nothing more is shared, rather than an address cut
//! short. All-zero bits are an empty entry, so the table is allocated zeroed and costs no page
//! until the first search without a horizon, which writes each page the boards use once.

use super::{HeapTtt, Seen, BLOCK};
use crate::games::tictactoe::{TttPos, WIN};
use crate::games::{Outcome, UNLIMITED};
use crate::term::{atom, Cell, Heap};

/// The number of boards of nine squares, each empty, X or O, rounded up to a power of two so
/// that a key masked to 15 bits indexes the table with no bounds check.
const KEYS: usize = 1 << 15;

/// The keys a board can have, `3^9`: the entries from this one on are never used.
const BOARDS: usize = 19683;

/// A shared term's cells: its key, its list of rows (three pairs) and its `ttt/5` block.
const CELLS: usize = 1 + 6 + BLOCK;

/// How far below a shared term's functor cell its key lies: the key, then the list of rows.
const KEY_BELOW: usize = 7;

/// 3 to the power of each square, padded to 16 so that a square masked to four bits indexes it
/// with no bounds check.
const POW3: [u16; 16] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 0, 0, 0, 0, 0, 0, 0];

/// The highest heap top at which a list of successors and the shared terms written with it
/// (at most nine of each) have addresses that fit in the table's 32 bits. Above it nothing is
/// shared: an address is remembered whole or not at all.
const MAX_TOP: usize = u32::MAX as usize - 9 * (2 + CELLS);

/// What the table knows of one board, in 16 bytes. Every field is an integer or a `bool`, and
/// all-zero bits are the empty entry (no term, no list), so that the table can be allocated
/// zeroed ([`empty_table`]) and its pages cost nothing until they are first touched.
#[derive(Clone, Copy)]
struct Entry {
    /// The address of the functor cell of its shared term; 0 when there is none that holds.
    at: u32,
    /// The address of the first pair of its shared list of successors; 0 when there is none
    /// that holds.
    list: u32,
    /// Its X and O stones; like the fields below, meaningful only while `at` is not 0.
    x: u16,
    o: u16,
    /// Its static value, as `Game::static_value` gives it (at most [`WIN`] either way).
    value: i16,
    /// Whether X is to move.
    x_to_move: bool,
    /// Its end, as `Game::outcome` gives it, coded by [`outcome_code`].
    outcome: u8,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16 && BOARDS <= KEYS);

/// The entries a page of memory holds, at the smallest page size (4 KiB); on larger pages
/// [`Shared::touch`] writes each page more than once, which does no harm.
const PER_PAGE: usize = 4096 / std::mem::size_of::<Entry>();

/// The code of an end in an [`Entry`]: the end's own code ([`Outcome`] leaves 0 free), or 0
/// for none, so that an all-zero entry knows nothing.
#[inline]
fn outcome_code(outcome: Option<Outcome>) -> u8 {
    outcome.map_or(0, |o| o as u8)
}

/// The end whose code is `code` ([`outcome_code`]). When the compiler gives `None` the code 0,
/// as it does, this is no more than the mask.
#[inline(always)]
fn outcome_of(code: u8) -> Option<Outcome> {
    match code & 3 {
        1 => Some(Outcome::MaxWins),
        2 => Some(Outcome::MinWins),
        3 => Some(Outcome::Draw),
        _ => None,
    }
}

/// `at` as a table address: 0, which the table reads as none, when it does not fit in 32 bits,
/// so that an address is never cut short. [`MAX_TOP`] keeps every address written below it.
#[inline(always)]
fn address(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(0)
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
    /// Whether the pages of the boards' entries have been written ([`Shared::touch`]); until
    /// then nothing has been entered.
    touched: bool,
    /// The base-3 value of each set of squares with a digit 1 on each (a board's key is
    /// `tern[x] + 2 * tern[o]`), and how many squares the set has.
    tern: Box<[(u16, u8); 512]>,
}

/// A table with no entry, allocated zeroed: the allocator hands out such memory as pages the
/// system zeroes when first touched, so making it writes none of them, and the pages no board
/// uses (past [`BOARDS`], and all of them on another board than the classic one or in a search
/// with a horizon) are never touched at all.
fn empty_table() -> Box<[Entry; KEYS]> {
    let layout = std::alloc::Layout::new::<[Entry; KEYS]>();
    // SAFETY: the layout is not of size zero. All-zero bits are a valid `[Entry; KEYS]`, since
    // every field of `Entry` is an integer or a `bool`; the memory comes from the global
    // allocator with the very layout a `Box<[Entry; KEYS]>` frees it with.
    unsafe {
        let table = std::alloc::alloc_zeroed(layout).cast::<[Entry; KEYS]>();
        if table.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(table)
    }
}

impl Default for Shared {
    fn default() -> Shared {
        Shared {
            classic: false,
            table: empty_table(),
            live: Vec::new(),
            touched: false,
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
            touched: false,
            tern,
        }
    }

    /// Whether the game's positions with no horizon are shared when the heap's top is `top`:
    /// on the classic board, while the addresses written fit in the table.
    #[inline]
    pub(super) fn applies(&self, top: usize) -> bool {
        self.classic && top <= MAX_TOP
    }

    /// One past the highest cell of any shared term that holds; 0 when there is none.
    #[inline]
    pub(super) fn end(&self) -> usize {
        self.live.last().map_or(0, |l| l.end)
    }

    /// Write each page of the boards' entries once, before the first search reads them. A
    /// search reads a board's entry before it writes it (is its list there? its term?), and the
    /// system maps a page of zeroed memory first met by a read to its one shared page of zeros,
    /// only to fault again, and give it a page of its own, at the first write: two faults a page
    /// where one does, dearer in all than writing the pages ahead. Once is enough: pages stay
    /// with the table until it is dropped. Called before anything is entered, when every entry
    /// is empty, so it writes the empty entry's 0 without reading first, which would itself map
    /// the page of zeros.
    #[cold]
    #[inline(never)]
    fn touch(&mut self) {
        debug_assert!(self.live.is_empty());
        self.touched = true;
        for e in self.table[..BOARDS].iter_mut().step_by(PER_PAGE) {
            let at: *mut u32 = &mut e.at;
            // SAFETY: `at` comes from a live mutable borrow of the field, so it is aligned and
            // valid for a write. The write is volatile so that it is not left out, the compiler
            // knowing the memory was allocated zeroed.
            unsafe { std::ptr::write_volatile(at, 0) };
        }
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
        // An address of 0 is none, and `at` is never 0 here: a cell 0 has no cell below it.
        (e.at as usize == at).then_some(Seen {
            pos: TttPos {
                x: u64::from(e.x),
                o: u64::from(e.o),
                x_to_move: e.x_to_move,
                depth: UNLIMITED,
            },
            outcome: outcome_of(e.outcome),
            rows: Some(at - 6),
            list: e.list as usize,
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
            return Cell::list(list as usize);
        }
        if !self.shared.touched {
            self.shared.touch();
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
            let mut at = self.shared.table[child & (KEYS - 1)].at as usize;
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
        self.shared.table[key & (KEYS - 1)].list = address(base);
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
            at: address(at),
            list,
            x: x as u16,
            o: o as u16,
            value: value as i16,
            x_to_move: !X_MOVES,
            outcome: outcome_code(outcome),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_keeps_every_end_and_zero_is_none() {
        for end in [
            None,
            Some(Outcome::MaxWins),
            Some(Outcome::MinWins),
            Some(Outcome::Draw),
        ] {
            assert_eq!(outcome_of(outcome_code(end)), end);
        }
        assert_eq!(outcome_code(None), 0);
    }

    #[test]
    fn an_address_past_32_bits_is_none_never_cut_short() {
        assert_eq!(address(7), 7);
        assert_eq!(address(u32::MAX as usize), u32::MAX);
        if usize::BITS > 32 {
            assert_eq!(address(u32::MAX as usize + 8), 0);
        }
        // A heap past the last top that fits shares nothing.
        let shared = Shared::classic();
        assert!(shared.applies(MAX_TOP));
        assert!(!shared.applies(MAX_TOP + 1));
        assert!(!Shared::default().applies(0));
    }

    #[test]
    fn a_new_table_is_empty_and_stays_so_when_its_pages_are_touched() {
        let mut shared = Shared::classic();
        let empty = |s: &Shared| s.table.iter().all(|e| e.at == 0 && e.list == 0);
        assert!(empty(&shared));
        shared.touch();
        assert!(shared.touched && empty(&shared));
    }
}
