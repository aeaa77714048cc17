//! Positions the game predicates put on the heap themselves, remembered so that reading them back
//! costs a comparison of cells instead of a walk that builds a fresh [`GTerm`].
//!
//! A search asks about every successor `ходы/2` made two or three times more (`ходы/2` itself,
//! `ход_мина/1` in `выбор/6`, `стат_оц/2` at a leaf). A successor is built in one contiguous block
//! of cells `[start, end)` whose pointers all stay inside the block, and it holds no variable. So
//! when the heap still holds exactly those cells at exactly that address, the term there is that
//! very position, whatever happened in between (backtracking may have cut the heap back and
//! rebuilt the same cells; `setarg/3` may have changed a cell, and then the cells differ). That
//! makes the remembered `GTerm` safe to use without reading the heap term.
//!
//! The table is per thread and direct-mapped: a new position simply replaces whatever shared its
//! slot. It is emptied when another machine's term comes along (see [`machine_id`]), so one
//! machine's atom indices never meet another's, and whenever the machine's garbage collector has
//! run since the table was filled: a collection slides cells to new addresses, so an address
//! remembered before it may hold a different position's cells after it. Nothing here may bind, intern or allocate per
//! lookup.

use crate::games::GTerm;
use crate::machine::Machine;
use crate::term::{Cell, Tag};
use std::cell::RefCell;

/// How many positions are remembered.
const SLOTS: usize = 1024;

/// The largest block of cells remembered; bigger positions are read the ordinary way.
const MAX_CELLS: usize = 512;

/// One remembered position.
struct Known {
    /// The address of its functor cell, `usize::MAX` for an empty slot.
    start: usize,
    /// Its cells as they were built.
    cells: Vec<Cell>,
    /// The position.
    term: GTerm,
}

/// The table, with the identity of the machine whose positions it holds and the count of that
/// machine's garbage collections when they were remembered.
struct KnownPositions {
    machine: usize,
    collections: u64,
    slots: Vec<Known>,
}

thread_local! {
    static KNOWN: RefCell<KnownPositions> = const { RefCell::new(KnownPositions {
        machine: 0,
        collections: 0,
        slots: Vec::new(),
    }) };
}

/// An identity of machine `m` among the live machines of this thread: the address of its atom
/// table's first name, a separate allocation each machine owns for its whole life. A machine
/// created later may reuse the address of a dropped one; [`forget_all`], called whenever a machine
/// is built, makes sure nothing of the dropped one is left by then.
pub fn machine_id(m: &Machine) -> usize {
    m.atoms.name(0).as_ptr() as usize
}

/// Forget every remembered position (a machine is being built).
pub fn forget_all() {
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        known.machine = 0;
        known.slots.clear();
    });
}

/// The slot of the block starting at `start`.
fn slot_of(start: usize) -> usize {
    (start.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) % SLOTS
}

/// Remember that the heap cells `[start, end)` of `m` are the position `term`.
pub fn remember(m: &Machine, start: usize, end: usize, term: GTerm) {
    if end - start > MAX_CELLS {
        return;
    }
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        let id = machine_id(m);
        if known.machine != id || known.collections != m.gc.collections || known.slots.is_empty() {
            known.machine = id;
            known.collections = m.gc.collections;
            known.slots.clear();
            known.slots.resize_with(SLOTS, || Known {
                start: usize::MAX,
                cells: Vec::new(),
                term: GTerm::Int(0),
            });
        }
        let slot = &mut known.slots[slot_of(start)];
        slot.start = start;
        slot.cells.clear();
        slot.cells.extend_from_slice(&m.heap.cells[start..end]);
        slot.term = term;
    });
}

/// `f` applied to the position the dereferenced compound `c` is, when it is a remembered one;
/// `None` (without calling `f`) otherwise.
///
/// `f` must not remember positions itself: the table is borrowed while it runs.
pub fn with_known<R>(m: &Machine, c: Cell, f: impl FnOnce(&GTerm) -> R) -> Option<R> {
    if c.tag() != Tag::Str {
        return None;
    }
    KNOWN.with(|known| {
        let known = known.borrow();
        if known.machine != machine_id(m)
            || known.collections != m.gc.collections
            || known.slots.is_empty()
        {
            return None;
        }
        let start = c.addr();
        let slot = &known.slots[slot_of(start)];
        let end = start + slot.cells.len();
        if slot.start != start || end > m.heap.top() || m.heap.cells[start..end] != slot.cells[..] {
            return None;
        }
        Some(f(&slot.term))
    })
}
