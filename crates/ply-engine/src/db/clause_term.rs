//! [`ClauseTerm`]: the copy of a clause that `clause/2`, `retract/1` and `listing/1` read, and
//! from which clause selection reads the keys of the clause's head; for a fact that its head
//! code says exactly (atoms, small integers, floats and variables), no copy at all, only the
//! name and arity that the code is read back with (`fact_decode.rs`), as [`TermCells`].
//!
//! A program of hundreds of thousands of facts keeps one of these per clause, so it holds
//! nothing but the cells: no spare capacity, no variable count, and no key that the cells
//! already say. The keys of the head's arguments (and of the first argument's arguments) are
//! read off the cells when a snapshot of the predicate first needs them, in constant time per
//! key. It must never hold anything the cells do not: the atom collector (`atom_gc.rs`) sees a
//! clause's atoms only through [`ClauseTerm::stored`], and a fact kept in its code has its
//! atoms in the code, which the collector marks, and its name in its predicate's.

use super::{Key, ARG_COLUMNS, DEEP_COLUMNS};
use ply_term::stored::relocate_into;
use ply_term::{atom, boxed_key_code, Cell, Heap, StoredTerm, Tag};
use std::marker::PhantomData;

/// A clause `Head :- Body` (or `Head`) as a block of cells with addresses relative to the block,
/// root first, in the layout of [`StoredTerm`].
///
/// It is one pointer wide, so that a clause with its counts fits the allocator's 48-byte blocks
/// (see [`super::Clause`]), where a fat `Box<[Cell]>` made it 16 bytes longer and its block 64.
/// The length goes in the pointer's top 16 bits, which no address of a user process on a 64-bit
/// machine uses, when it fits there and the address leaves them free; otherwise the block starts
/// with a word that holds the length, and the pointer's lowest bit (cells are 8-byte aligned)
/// says so. A term's block is then exactly its cells, as a boxed slice would be.
///
/// A fact whose head code reads back as its term has no block: the word holds
/// [`IN_CODE`], the fact's name and its arity, and the cells are read back from the code
/// whenever they are asked for ([`TermCells`]).
pub struct ClauseTerm {
    /// The block's address, tagged as said above.
    ptr: *mut Cell,
    /// The term owns its block, as a `Box<[Cell]>` would.
    _owns: PhantomData<Box<[Cell]>>,
}

// The block is owned by the term alone, as a `Box` would own it.
unsafe impl Send for ClauseTerm {}

/// The bit of a tagged pointer that says the block starts with its length.
const HEADED: usize = 1;
/// The bit of the word of a fact kept in its code, which then has no block: the name is in
/// the top 32 bits, the arity from bit [`ARITY_SHIFT`].
const IN_CODE: usize = 2;
/// Where a fact kept in its code has its arity.
const ARITY_SHIFT: u32 = 8;
/// Where an untagged block's length starts in its pointer.
const LEN_SHIFT: u32 = 48;
/// The address bits of a pointer whose top bits hold the length.
const ADDR: usize = (1 << LEN_SHIFT) - 1;

const _: () = assert!(std::mem::size_of::<usize>() == 8, "a 64-bit machine");

impl ClauseTerm {
    /// A term owning `block`, the cells with nothing before them.
    fn from_box(block: Box<[Cell]>) -> ClauseTerm {
        let len = block.len();
        let ptr = Box::into_raw(block) as *mut Cell;
        if ptr.addr() & !ADDR == 0 && len < 1 << (64 - LEN_SHIFT) {
            return ClauseTerm {
                ptr: ptr.map_addr(|a| a | len << LEN_SHIFT),
                _owns: PhantomData,
            };
        }
        // SAFETY: `ptr` and `len` are those of the box just taken apart.
        let block = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
        let mut headed = Vec::with_capacity(len + 1);
        headed.push(Cell(len as u64));
        headed.extend_from_slice(&block);
        let ptr = Box::into_raw(headed.into_boxed_slice()) as *mut Cell;
        ClauseTerm {
            ptr: ptr.map_addr(|a| a | HEADED),
            _owns: PhantomData,
        }
    }

    /// A fact of `arity` arguments (1 to [`MAX_FACT_ARGS`]) named `name`, kept in its code.
    pub fn in_code(name: u32, arity: usize) -> ClauseTerm {
        assert!(
            (1..=MAX_FACT_ARGS).contains(&arity),
            "a fact kept in its code"
        );
        let word = (name as usize) << 32 | arity << ARITY_SHIFT | IN_CODE;
        ClauseTerm {
            ptr: std::ptr::without_provenance_mut(word),
            _owns: PhantomData,
        }
    }

    /// The name and arity of a fact kept in its code; `None` for a term with its block.
    #[inline]
    pub fn fact_in_code(&self) -> Option<(u32, usize)> {
        let word = self.ptr.addr();
        (word & IN_CODE != 0).then_some(((word >> 32) as u32, (word >> ARITY_SHIFT) & 0xff))
    }

    /// The address of the first cell and the number of cells (none for a fact kept in its
    /// code, whose address is dangling).
    #[inline]
    fn parts(&self) -> (*mut Cell, usize) {
        if self.ptr.addr() & IN_CODE != 0 {
            return (std::ptr::NonNull::dangling().as_ptr(), 0);
        }
        if self.ptr.addr() & HEADED == 0 {
            let len = self.ptr.addr() >> LEN_SHIFT;
            (self.ptr.map_addr(|a| a & ADDR), len)
        } else {
            let base = self.ptr.map_addr(|a| a & !HEADED);
            // SAFETY: a headed block starts with its length word, written by `from_box`.
            unsafe { (base.add(1), (*base).0 as usize) }
        }
    }
}

impl Drop for ClauseTerm {
    fn drop(&mut self) {
        if self.fact_in_code().is_some() {
            return;
        }
        let (first, len) = self.parts();
        let whole = if self.ptr.addr() & HEADED == 0 {
            std::ptr::slice_from_raw_parts_mut(first, len)
        } else {
            // SAFETY: the length word is the cell before the first.
            std::ptr::slice_from_raw_parts_mut(unsafe { first.sub(1) }, len + 1)
        };
        // SAFETY: the block was made by `from_box` as a boxed slice of exactly this length,
        // and only this term owns it.
        drop(unsafe { Box::from_raw(whole) });
    }
}

impl Clone for ClauseTerm {
    fn clone(&self) -> ClauseTerm {
        match self.fact_in_code() {
            Some((name, arity)) => ClauseTerm::in_code(name, arity),
            None => ClauseTerm::from_box(self.stored().into()),
        }
    }
}

impl Default for ClauseTerm {
    fn default() -> ClauseTerm {
        ClauseTerm::from_box(Box::new([]))
    }
}

impl PartialEq for ClauseTerm {
    fn eq(&self, other: &ClauseTerm) -> bool {
        self.fact_in_code() == other.fact_in_code() && self.stored() == other.stored()
    }
}

impl Eq for ClauseTerm {}

impl std::fmt::Debug for ClauseTerm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.fact_in_code() {
            Some(fact) => f.debug_tuple("InCode").field(&fact).finish(),
            None => f.debug_tuple("ClauseTerm").field(&self.stored()).finish(),
        }
    }
}

impl From<StoredTerm> for ClauseTerm {
    /// The cells of `t`; a stored term made by `StoredTerm::from_heap` has no spare capacity,
    /// so this moves them without copying.
    fn from(t: StoredTerm) -> ClauseTerm {
        ClauseTerm::from_box(t.cells.into_boxed_slice())
    }
}

impl ClauseTerm {
    /// A clause term over `cells` (for tests that lay heads out by hand).
    pub fn from_cells(cells: Vec<Cell>) -> ClauseTerm {
        ClauseTerm::from_box(cells.into_boxed_slice())
    }

    /// The cells of its block, root first: the whole term, except for a fact kept in its
    /// code, which has none (its cells are read back from the code, [`TermCells::of`]).
    #[inline]
    pub fn stored(&self) -> &[Cell] {
        let (first, len) = self.parts();
        // SAFETY: the block holds `len` cells from `first`, and lives as long as `self`; a
        // fact kept in its code has none, and a dangling address is one an empty slice may have.
        unsafe { std::slice::from_raw_parts(first, len) }
    }

    /// The cells of its block, to change in place: only ever atoms for atoms (the code space
    /// renaming an auxiliary predicate, whose clauses always keep their block), never the shape
    /// of the term.
    #[inline]
    pub fn cells_mut(&mut self) -> &mut [Cell] {
        let (first, len) = self.parts();
        // SAFETY: as for `stored`, and `&mut self` makes the borrow unique.
        unsafe { std::slice::from_raw_parts_mut(first, len) }
    }

    /// The keys of a term with its block, for the tests that lay heads out by hand.
    #[cfg(test)]
    pub(crate) fn head(&self) -> HeadKeys<'_> {
        HeadKeys::Stored(self.stored())
    }
}

/// The most arguments a fact kept in its code may have: its cells, read back into a buffer on
/// the stack ([`TermCells`]), are then at most the root, the functor, the arguments and two
/// words a float.
pub const MAX_FACT_ARGS: usize = 12;

/// The cells a fact kept in its code reads back into, at most.
pub const MAX_FACT_CELLS: usize = 2 + 3 * MAX_FACT_ARGS;

/// The cells of a clause term, root first, in the layout of [`StoredTerm`]: borrowed from its
/// block, or read back from a fact's code into a buffer of its own. Every reader of a clause's
/// cells (`clause/2`, `retract/1`, `listing/1`, the keys the indexes read) reads them through
/// this, so that a fact kept in its code reads as the term it was compiled from.
// The buffer is on the stack by design: boxing it would be the allocation it saves.
#[allow(clippy::large_enum_variant)]
pub enum TermCells<'a> {
    /// A term's block.
    Stored(&'a [Cell]),
    /// A fact read back from its code: the first `len` cells.
    Decoded {
        /// The cells.
        cells: [Cell; MAX_FACT_CELLS],
        /// How many there are.
        len: usize,
    },
}

impl std::ops::Deref for TermCells<'_> {
    type Target = [Cell];

    #[inline]
    fn deref(&self) -> &[Cell] {
        match self {
            TermCells::Stored(cells) => cells,
            TermCells::Decoded { cells, len } => &cells[..*len],
        }
    }
}

impl TermCells<'_> {
    /// The cells of `term`, whose clause's code starts at `code[0]` (the code area from the
    /// clause's start on: it is read only for a fact kept in its code).
    ///
    /// A fact is kept in its code only when its code read back as its term when it was added
    /// (`compile/entry.rs`), and the code of a clause is never changed nor reused while
    /// anything holds the clause (`code_space.rs`), so it reads back the same here.
    #[inline]
    pub fn of<'a>(term: &'a ClauseTerm, code: &[crate::instr::Instr]) -> TermCells<'a> {
        let Some((name, arity)) = term.fact_in_code() else {
            return TermCells::Stored(term.stored());
        };
        let mut cells = [Cell(0); MAX_FACT_CELLS];
        let len = super::fact_decode::fact_cells(code, name, arity, &mut cells)
            .expect("a fact kept in its code reads back from it");
        TermCells::Decoded { cells, len }
    }

    /// Copy the clause onto the heap, with fresh variables; returns its root.
    pub fn to_heap(&self, heap: &mut Heap) -> Cell {
        let base = heap.top();
        relocate_into(self, base, &mut heap.cells);
        heap.cells[base]
    }
}

/// The keys of a clause's head, which the indexes read: from its cells, or, for a fact kept in
/// its code, from the code, each argument's key read off the instruction that names it
/// (`fact_decode::arg_key`), with no cells made. Such a fact's arguments are all atomic or
/// variables, so its keys are its arguments' key codes and nothing deeper; every answer here
/// is the one its cells give.
pub enum HeadKeys<'a> {
    /// A term's cells.
    Stored(&'a [Cell]),
    /// A fact kept in its code.
    Fact {
        /// The code area from the fact's code on.
        code: &'a [crate::instr::Instr],
        /// The fact's name.
        name: u32,
        /// How many arguments.
        arity: usize,
    },
}

impl<'a> HeadKeys<'a> {
    /// The keys of `term`, whose clause's code starts at `code[0]` (as for [`TermCells::of`]).
    #[inline]
    pub fn of(term: &'a ClauseTerm, code: &'a [crate::instr::Instr]) -> HeadKeys<'a> {
        match term.fact_in_code() {
            None => HeadKeys::Stored(term.stored()),
            Some((name, arity)) => HeadKeys::Fact { code, name, arity },
        }
    }

    /// The [`Key::code`] of the head's first argument (0 for a head without arguments).
    #[inline]
    pub fn key_code(&self) -> u64 {
        match self {
            HeadKeys::Stored(cells) => View(cells).key_code(),
            HeadKeys::Fact { code, .. } => super::fact_decode::arg_key(code, 0),
        }
    }

    /// The key of the head's first argument.
    pub fn key(&self) -> Key {
        Key::from_code(self.key_code())
    }

    /// How many argument columns beyond the first this head has keys in: its arity less one,
    /// at most `ARG_COLUMNS - 1`.
    pub fn arg_columns(&self) -> usize {
        match self {
            HeadKeys::Stored(cells) => View(cells).arg_columns(),
            HeadKeys::Fact { arity, .. } => (arity - 1).min(ARG_COLUMNS - 1),
        }
    }

    /// How many columns of the first argument's arguments this head has: the first argument's
    /// arity when it is a compound or list, at most [`DEEP_COLUMNS`].
    pub fn deep_columns(&self) -> usize {
        match self {
            HeadKeys::Stored(cells) => View(cells).deep_columns(),
            HeadKeys::Fact { .. } => 0,
        }
    }

    /// The key code in column `col` (see [`View::column_code`]).
    #[inline]
    pub fn column_code(&self, col: u8) -> u64 {
        match self {
            HeadKeys::Stored(cells) => View(cells).column_code(col),
            HeadKeys::Fact { code, arity, .. } if (col as usize) < ARG_COLUMNS => {
                if (col as usize) < *arity {
                    super::fact_decode::arg_key(code, u32::from(col))
                } else {
                    0
                }
            }
            // Inside the first argument, which has no arguments: an argument of it is none
            // (0), a place deeper is one the clause cannot have, unless a variable stands on
            // the way.
            HeadKeys::Fact { .. } if col < super::index::DEEPER => 0,
            HeadKeys::Fact { .. } => {
                let (steps, len) = super::index::deeper_steps(col);
                let mut path = [0u8; 4];
                path[1..=len].copy_from_slice(&steps[..len]);
                self.code_at(&path[..=len])
            }
        }
    }

    /// The head's keyed arguments among the first `width`, as bits (see [`View::keyed_args`]):
    /// for a fact kept in its code, every argument but the first that is not a variable (the
    /// first, atomic, has no arguments of its own).
    pub fn keyed_args(&self, width: usize) -> u64 {
        match self {
            HeadKeys::Stored(cells) => View(cells).keyed_args(width),
            HeadKeys::Fact { code, arity, .. } => {
                // The first argument, atomic, has no arguments of its own.
                let width = (*arity).min(width).min(63);
                super::fact_decode::bound_args(code) & ((1u64 << width) - 1) & !1
            }
        }
    }

    /// Call `each` with the steps of every keyed place of the head (see
    /// [`View::keyed_places`]): for a fact kept in its code, its arguments that are not
    /// variables, one step each.
    pub fn keyed_places(&self, depth: usize, width: usize, mut each: impl FnMut(&[u8])) {
        match self {
            HeadKeys::Stored(cells) => View(cells).keyed_places(depth, width, each),
            HeadKeys::Fact { code, arity, .. } => {
                let bits = super::fact_decode::bound_args(code);
                for i in 0..(*arity).min(width) {
                    if bits >> i & 1 != 0 {
                        each(&[i as u8]);
                    }
                }
            }
        }
    }

    /// [`HeadKeys::keyed_places`] for a depth past [`PLACE_DEPTH`], with a stack that grows
    /// (for the tests that hold the two walks to one answer).
    #[cfg(test)]
    pub(crate) fn keyed_places_deep(&self, depth: usize, width: usize, each: impl FnMut(&[u8])) {
        match self {
            HeadKeys::Stored(cells) => View(cells).keyed_places_deep(depth, width, each),
            HeadKeys::Fact { .. } => self.keyed_places(depth, width, each),
        }
    }

    /// The key code at place `steps` of the head (see [`View::code_at`]).
    pub fn code_at(&self, steps: &[u8]) -> u64 {
        match self {
            HeadKeys::Stored(cells) => View(cells).code_at(steps),
            HeadKeys::Fact { code, name, arity } => match *steps {
                [] => Cell::functor(*name, *arity).0,
                [i, ..] if i as usize >= *arity => MISMATCH,
                [i] => super::fact_decode::arg_key(code, u32::from(i)),
                // Past an argument: a variable there matches whatever a call has deeper, an
                // atomic term has nothing deeper.
                [i, ..] if super::fact_decode::arg_key(code, u32::from(i)) == 0 => 0,
                _ => MISMATCH,
            },
        }
    }
}

/// A clause term's cells, borrowed: what the keys of its head are read from.
#[derive(Clone, Copy)]
struct View<'a>(&'a [Cell]);

impl View<'_> {
    /// The head's cell: the root, or the root's first argument when the root is `:-/2`.
    #[inline]
    fn head(&self) -> Cell {
        let Some(&root) = self.0.first() else {
            return Cell::atom(atom::NIL);
        };
        if root.tag() == Tag::Str && self.0[root.addr()] == Cell::functor(atom::NECK, 2) {
            self.0[root.addr() + 1]
        } else {
            root
        }
    }

    /// Where the arguments of block cell `c` start and how many there are (none for anything
    /// but a compound or a list).
    #[inline]
    fn args(&self, c: Cell) -> (usize, usize) {
        match c.tag() {
            Tag::Str => (c.addr() + 1, self.0[c.addr()].functor_arity()),
            Tag::List => (c.addr(), 2),
            _ => (0, 0),
        }
    }

    /// The [`Key::code`] of block cell `c`: a variable is a `Ref` (stored terms hold no bound
    /// reference), compounds are keyed by their functor, boxed values by a hash of their value.
    #[inline]
    fn code_of(&self, c: Cell) -> u64 {
        match c.tag() {
            Tag::Ref => 0,
            Tag::Atom | Tag::Int => c.0,
            Tag::Str => self.0[c.addr()].0,
            Tag::List => Cell::functor(atom::DOT, 2).0,
            _ => boxed_key_code(self.0, c.addr()),
        }
    }

    /// The key code of argument `i` of compound block cell `c`; 0 when it has no such argument.
    #[inline]
    fn arg_code(&self, c: Cell, i: usize) -> u64 {
        let (base, n) = self.args(c);
        if i < n {
            self.code_of(self.0[base + i])
        } else {
            0
        }
    }

    /// The [`Key::code`] of the head's first argument (0 for a head without arguments).
    #[inline]
    fn key_code(&self) -> u64 {
        self.arg_code(self.head(), 0)
    }

    /// How many argument columns beyond the first this head has keys in: its arity less one,
    /// at most `ARG_COLUMNS - 1`.
    fn arg_columns(&self) -> usize {
        self.args(self.head())
            .1
            .saturating_sub(1)
            .min(ARG_COLUMNS - 1)
    }

    /// How many columns of the first argument's arguments this head has: the first argument's
    /// arity when it is a compound or list, at most [`DEEP_COLUMNS`].
    fn deep_columns(&self) -> usize {
        let (base, n) = self.args(self.head());
        if n == 0 {
            return 0;
        }
        self.args(self.0[base]).1.min(DEEP_COLUMNS)
    }

    /// The key code in column `col` (see `index.rs`): argument `col` of the head for a column
    /// below `ARG_COLUMNS`, else argument `col - ARG_COLUMNS` of the head's first argument; 0
    /// where the head has a variable or no such argument.
    #[inline]
    fn column_code(&self, col: u8) -> u64 {
        let head = self.head();
        let col = col as usize;
        if col < ARG_COLUMNS {
            return self.arg_code(head, col);
        }
        let (base, n) = self.args(head);
        if n == 0 {
            return 0;
        }
        if col >= super::index::DEEPER as usize {
            // Two or three steps inside the first argument.
            let (steps, len) = super::index::deeper_steps(col as u8);
            let mut path = [0u8; 4];
            path[1..=len].copy_from_slice(&steps[..len]);
            return self.code_at(&path[..=len]);
        }
        self.arg_code(self.0[base], col - ARG_COLUMNS)
    }

    /// Which of the head's first `width` arguments hold a key that could tell a call's
    /// candidates apart beyond the first argument's own key, as bits: argument `i > 0` when it
    /// is not a variable, the first argument when one of its own arguments is not (its key is
    /// the first-argument table's). The just-in-time indexes look only where some clause has a
    /// bit (`index/jit.rs`).
    fn keyed_args(&self, width: usize) -> u64 {
        let (base, n) = self.args(self.head());
        let mut bits = 0;
        for i in 0..n.min(width) {
            let a = self.0[base + i];
            let keyed = if i == 0 {
                let (b, m) = self.args(a);
                (0..m).any(|j| self.0[b + j].tag() != Tag::Ref)
            } else {
                a.tag() != Tag::Ref
            };
            bits |= (keyed as u64) << i;
        }
        bits
    }

    /// Call `each` with the steps of every place of the head, down to `depth` steps and across
    /// the first `width` arguments of each term, that holds something other than a variable:
    /// the places where this clause has a key (see `index/jit/keyed.rs`). A parent comes
    /// before its arguments. The walk keeps its own stack, `depth` deep at most.
    ///
    /// Every assert asks this of its clause (whether the list's tree of places covers it), so
    /// the walk allocates nothing up to [`PLACE_DEPTH`] levels: one array of steps, the path
    /// to the place being visited, shared by every level.
    fn keyed_places(&self, depth: usize, width: usize, mut each: impl FnMut(&[u8])) {
        if depth > PLACE_DEPTH {
            return self.keyed_places_deep(depth, width, each);
        }
        // Level `l`: a compound whose arguments are still to be visited and the next one;
        // `steps[..=l]` leads to the argument visited last at that level.
        let mut stack = [(self.head(), 0usize); PLACE_DEPTH];
        let mut steps = [0u8; PLACE_DEPTH];
        let mut len = 1;
        while len > 0 {
            let (c, i) = stack[len - 1];
            let (base, n) = self.args(c);
            if i >= n.min(width) {
                len -= 1;
                continue;
            }
            stack[len - 1].1 = i + 1;
            let a = self.0[base + i];
            if a.tag() == Tag::Ref {
                continue;
            }
            steps[len - 1] = i as u8;
            each(&steps[..len]);
            if len < depth && self.args(a).1 > 0 {
                stack[len] = (a, 0);
                len += 1;
            }
        }
    }

    /// [`View::keyed_places`] for a depth past [`PLACE_DEPTH`], with a stack that grows.
    fn keyed_places_deep(&self, depth: usize, width: usize, mut each: impl FnMut(&[u8])) {
        // Each entry: a compound whose arguments are still to be visited, the next argument,
        // and the steps that lead to it.
        let mut stack: Vec<(Cell, usize, Vec<u8>)> = vec![(self.head(), 0, Vec::new())];
        while let Some((c, i, steps)) = stack.last_mut() {
            let (base, n) = self.args(*c);
            if *i >= n.min(width) {
                stack.pop();
                continue;
            }
            let a = self.0[base + *i];
            let mut place = steps.clone();
            place.push(*i as u8);
            *i += 1;
            if a.tag() == Tag::Ref {
                continue;
            }
            each(&place);
            if place.len() < depth && self.args(a).1 > 0 {
                stack.push((a, 0, place));
            }
        }
    }

    /// The key code at place `steps` of the head (see `index/jit.rs`): argument `steps[0]` of
    /// the head, then argument `steps[1]` of that, and so on. 0 when a variable stands on the
    /// way or at the place (the clause may match whatever a call has there), and
    /// [`MISMATCH`] when the way leads through something with no such argument (an atomic term,
    /// or a compound of fewer arguments): the clause then matches no call that binds the place.
    fn code_at(&self, steps: &[u8]) -> u64 {
        let mut c = self.head();
        for &i in steps {
            if c.tag() == Tag::Ref {
                return 0;
            }
            let (base, n) = self.args(c);
            if (i as usize) >= n {
                return MISMATCH;
            }
            c = self.0[base + i as usize];
        }
        self.code_of(c)
    }
}

/// How deep [`TermCells::keyed_places`] walks without allocating: the indexes ask for 4 levels.
const PLACE_DEPTH: usize = 8;

/// The key code of a clause at a place it cannot have (see [`TermCells::code_at`]): its tag is
/// that of a variable reference, which no key code has, and it differs from the empty slot's.
pub const MISMATCH: u64 = !15;

#[cfg(test)]
mod tests;
