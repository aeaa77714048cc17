//! The reading of a tic-tac-toe position for the heap-level path: the opening every call shares
//! (its argument dereferenced, the stale remembered positions forgotten, a remembered one
//! recalled by address) and, when the argument is not remembered, one walk over the cells of its
//! `ttt/5` term that checks and reads it, making its game the machine's when it names another.
//!
//! It only reads the heap: it must never write a cell, and it must never accept a term that
//! `TicTacToe::from_term` refuses. What it does not accept in full it leaves to the general path,
//! which gives the same answer slowly or the error naming the culprit. The calls here are on the
//! path a full search takes half a million times, and their inlining is tuned: what is compiled
//! into each caller and what stays out of line is chosen for the instructions it saves.

use super::{int_of, Fast, HeapTtt, Seen};
use crate::games::{Game, UNLIMITED};
use crate::machine::Machine;
use crate::term::{atom, Cell, Heap, Tag};

/// What a call finds at its argument once it is known to be a compound.
enum Opening<'m> {
    /// A remembered position, with its game and the heap.
    Recalled(&'m mut HeapTtt, &'m mut Heap, Seen),
    /// The compound (dereferenced), which is not a remembered position and is still to be read.
    Unread(Cell),
}

/// The opening every call shares: `c` dereferenced, the stale remembered positions forgotten
/// and `c` recalled when it is a remembered position; `None` when `c` is no compound.
///
/// It is compiled into each caller, so that the recalled position stays in registers and each
/// caller decides where reading a term goes.
#[inline(always)]
fn open(m: &mut Machine, c: Cell) -> Option<Opening<'_>> {
    let c = m.heap.deref(c);
    if c.tag() != Tag::Str {
        return None;
    }
    if let Some(game) = m
        .natives
        .get::<crate::builtins::Ext>()
        .ttt_cache
        .game
        .as_mut()
    {
        game.forget_stale(&mut m.heap);
        if let Some(seen) = game.recall(&m.heap.cells, c.addr()) {
            return Some(Opening::Recalled(game, &mut m.heap, seen));
        }
    }
    Some(Opening::Unread(c))
}

/// `f` applied to the game of the tic-tac-toe position `c` and to that position, when `c` is one
/// (wholly valid); `None` otherwise.
///
/// It is compiled into each caller, and `f` is called in one place only so that it is compiled
/// in too, with the remembered position in registers; reading a term is out of line.
#[inline(always)]
pub(super) fn with_position<R>(
    m: &mut Machine,
    c: Cell,
    f: impl FnOnce(&mut HeapTtt, &mut Heap, Seen) -> R,
) -> Fast<R> {
    let seen = match open(m, c)? {
        Opening::Recalled(_, _, seen) => seen,
        Opening::Unread(c) => read_position(m, c)?,
    };
    let game = m
        .natives
        .get::<crate::builtins::Ext>()
        .ttt_cache
        .game
        .as_mut()?;
    Some(f(game, &mut m.heap, seen))
}

/// [`with_position`] for an `f` of a few instructions, which is compiled in twice: on the path
/// of a remembered position, which then calls nothing and keeps few registers to save, and
/// out of line with the reading of a term ([`with_read_position`]).
#[inline(always)]
pub(super) fn with_small_position<R>(
    m: &mut Machine,
    c: Cell,
    f: impl FnOnce(&mut HeapTtt, &mut Heap, Seen) -> R,
) -> Fast<R> {
    match open(m, c)? {
        Opening::Recalled(game, heap, seen) => Some(f(game, heap, seen)),
        Opening::Unread(c) => with_read_position(m, c, f),
    }
}

/// [`with_small_position`] of the compound `c`, which is not a remembered position.
#[inline(never)]
fn with_read_position<R>(
    m: &mut Machine,
    c: Cell,
    f: impl FnOnce(&mut HeapTtt, &mut Heap, Seen) -> R,
) -> Fast<R> {
    let seen = read_position(m, c)?;
    let game = m
        .natives
        .get::<crate::builtins::Ext>()
        .ttt_cache
        .game
        .as_mut()?;
    Some(f(game, &mut m.heap, seen))
}

/// The compound `c`, which is not a remembered position, read as a position: with the game of
/// the last position when it fits, else with the game it names, which becomes the machine's.
#[inline(never)]
fn read_position(m: &mut Machine, c: Cell) -> Option<Seen> {
    if m.heap.functor_of(c).functor_arity() != 5 {
        return None;
    }
    let fits = m
        .natives
        .get::<crate::builtins::Ext>()
        .ttt_cache
        .game
        .as_ref()
        .is_some_and(|g| g.functor == m.heap.functor_of(c) && g.shape_fits(&m.heap, c));
    if !fits {
        let fresh = HeapTtt::of_term(m, c)?;
        m.natives.get::<crate::builtins::Ext>().ttt_cache.game = Some(fresh);
    }
    m.natives
        .get::<crate::builtins::Ext>()
        .ttt_cache
        .game
        .as_mut()?
        .read(&m.heap, c)
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
    /// Whether the `ttt/5` term `c` has this game's line length and evaluation (the board's
    /// shape is checked while reading).
    fn shape_fits(&self, heap: &Heap, c: Cell) -> bool {
        int_of(heap, heap.arg(c, 2)) == Some(self.k) && heap.deref(heap.arg(c, 3)) == self.eval
    }

    /// The position `c` is, when it is wholly a valid position of this game; the rows' cells
    /// are left in `row_cells`.
    /// The caller has checked the functor, the line length and the evaluation.
    ///
    /// It walks the cells through one borrowed slice and follows references only where a cell
    /// is one.
    fn read(&mut self, heap: &Heap, c: Cell) -> Option<Seen> {
        let cells = &heap.cells[..];
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
        let (mut x, mut o) = (0u64, 0u64);
        let mut bit = 1u64;
        let mut rows = deref_in(cells, args[4]);
        for i in 0..self.rows {
            if rows.tag() != Tag::List {
                return None;
            }
            let row = deref_in(cells, cells[rows.addr()]);
            self.row_cells[i] = row;
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
        (consistent && pos.x_to_move == x_to_move).then(|| Seen {
            pos,
            outcome: self.game.outcome(&pos),
            rows: None,
            list: 0,
            value: None,
        })
    }
}
