//! The heap: a growable array of [`Cell`]s holding every term the machine builds.
//!
//! This layer knows how terms are laid out (compounds, list pairs, boxed floats, big integers and
//! strings) and how to follow reference chains. It never binds variables (that needs the trail,
//! which belongs to the machine) and never walks a term recursively.

use super::cell::{BoxKind, Cell, Tag};
use dashu_int::{IBig, Sign};
use std::mem::MaybeUninit;

/// Where a heap collection moved the cells, for whatever remembers heap addresses across it (a
/// native's state, the games' bridge).
///
/// The collector keeps the order of live cells and closes them up; cells below the collected
/// region stay where they are. It is the heap's own vocabulary, so that a reader of positions
/// needs the heap and nothing of the machine that collects it.
pub trait HeapMoves {
    /// The new address of the cell that was at `a`, `None` when it was garbage and is gone.
    fn cell(&self, a: usize) -> Option<usize>;
    /// Where a stretch of cells that ended just below `a` ends now: the new address of the
    /// first live cell at or above `a` (the new top when there is none).
    fn end(&self, a: usize) -> usize;
    /// The heap's low water (`Heap::low_water`) just before the collection: a reader that
    /// uses it must first drop what it no longer trusts by this one, since the cells above it
    /// that the collection dropped no longer tell one stretch from the next.
    fn low_water(&self) -> usize;
}

/// A part of a text that [`Heap::string_joined`] joins: text held outside the heap (an atom's
/// name), or a string object on it.
#[derive(Clone, Copy, Debug)]
pub enum Piece<'a> {
    /// Text from outside the heap.
    Text(&'a str),
    /// A string object (a `Str` box) on the heap.
    Str(Cell),
    /// Bytes of a string object on the heap: the first and how many, which must lie within
    /// the string and on character boundaries.
    StrPart(Cell, usize, usize),
}

/// The term store.
///
/// Architecture invariant: the heap shrinks only through [`Heap::truncate`] and the garbage
/// collector, and a cell that holds anything but an unbound variable changes in place only where
/// [`Heap::note_rewrite`] is called (`setarg/3`, `nb_setarg/3`, undoing `setarg/3`) or where the
/// collector moves it. Together they keep [`Heap::low_water`], which lets a reader that
/// remembers what it found at an address know when that memory may be stale (see
/// `games/bridge.rs`); the collector moves the low water with the cells
/// ([`Heap::moved_watch`]) and tells such a reader where its cells went (the native states'
/// `heap_collected` hook).
#[derive(Default)]
pub struct Heap {
    /// The cells; terms refer to each other by index.
    pub cells: Vec<Cell>,
    /// The lowest the top has been cut back to since [`Heap::watch_from_top`], and 0 once a
    /// cell other than an unbound variable has been changed in place since (`usize::MAX` when
    /// neither has happened; 0 in a new heap, which is only cautious).
    low_water: usize,
}

impl Heap {
    /// An empty heap with room for `capacity` cells.
    pub fn with_capacity(capacity: usize) -> Heap {
        Heap {
            cells: Vec::with_capacity(capacity),
            ..Heap::default()
        }
    }

    /// Cut the heap back to `top` cells (a no-op when it is not above `top`).
    #[inline]
    pub fn truncate(&mut self, top: usize) {
        self.cells.truncate(top);
        self.low_water = self.low_water.min(top);
    }

    /// The lowest top the heap has had since [`Heap::watch_from_top`] was last called (or
    /// since it was made), or 0 when a cell has been changed in place since: every cell below
    /// the answer holds what it held then, but for bindings of unbound variables. A read, so
    /// that a reader that finds nothing to forget pays no store.
    #[inline]
    pub fn low_water(&self) -> usize {
        self.low_water
    }

    /// Start watching from the present top: [`Heap::low_water`] is no lower than it until the
    /// heap is cut back or a cell changed in place.
    #[inline]
    pub fn watch_from_top(&mut self) {
        self.low_water = usize::MAX;
    }

    /// Record that a cell holding more than an unbound variable was changed in place, which to
    /// a reader of [`Heap::low_water`] is as if the whole heap had been cut away.
    #[inline]
    pub fn note_rewrite(&mut self) {
        self.low_water = 0;
    }

    /// The garbage collector has slid the cells down, the cell at `a` to `to(a)`, keeping their
    /// order: the low water moves with them, so that what lay below it still does (a reader
    /// that remembers addresses moves them the same way).
    #[inline]
    pub fn moved_watch(&mut self, to: impl FnOnce(usize) -> usize) {
        if self.low_water != usize::MAX {
            self.low_water = to(self.low_water);
        }
    }

    /// The next free address.
    #[inline]
    pub fn top(&self) -> usize {
        self.cells.len()
    }

    /// Push `first` and then `n` fresh unbound variables; returns the address of `first`.
    ///
    /// This is how the run loop opens a compound in write mode: the instructions after it
    /// overwrite every variable, but until then the cells hold valid terms. Room is made by one
    /// capacity check, and the variables are written by a loop of stores: a `resize` with a
    /// constant would be a call to `memset`, which costs more than the few cells a compound
    /// has.
    #[inline(always)]
    pub fn push_with_vars(&mut self, first: Cell, n: usize) -> usize {
        let h = self.cells.len();
        self.cells.reserve(n + 1);
        // SAFETY: `reserve` has made room for `n + 1` cells past the length `h`; each is
        // written before the length covers it.
        unsafe {
            let p = self.cells.as_mut_ptr().add(h);
            p.write(first);
            for i in 1..=n {
                p.add(i).write(Cell::reference(h + i));
            }
            self.cells.set_len(h + n + 1);
        }
        h
    }

    /// Push two fresh unbound variables, the head and tail of a list pair built in write mode
    /// or handed to registers; returns the address of the first. One capacity check for both.
    #[inline(always)]
    pub fn push_two_vars(&mut self) -> usize {
        let h = self.cells.len();
        self.cells.reserve(2);
        // SAFETY: as in `push_with_vars`.
        unsafe {
            let p = self.cells.as_mut_ptr().add(h);
            p.write(Cell::reference(h));
            p.add(1).write(Cell::reference(h + 1));
            self.cells.set_len(h + 2);
        }
        h
    }

    /// Push the two cells `head` and `tail` of a list pair whose contents are known, with
    /// one capacity check for both; returns the address of the first.
    #[inline(always)]
    pub fn push_pair(&mut self, head: Cell, tail: Cell) -> usize {
        let h = self.cells.len();
        self.cells.reserve(2);
        // SAFETY: as in `push_with_vars`.
        unsafe {
            let p = self.cells.as_mut_ptr().add(h);
            p.write(head);
            p.add(1).write(tail);
            self.cells.set_len(h + 2);
        }
        h
    }

    /// A fresh unbound variable.
    #[inline]
    pub fn new_var(&mut self) -> Cell {
        let a = self.cells.len();
        let c = Cell::reference(a);
        self.cells.push(c);
        c
    }

    /// Follow references until a non-reference or an unbound variable.
    #[inline]
    pub fn deref(&self, c: Cell) -> Cell {
        self.deref_in_line(c)
    }

    /// [`Heap::deref`] always in line, for the few hot paths where the compiler would
    /// otherwise make it a call.
    #[inline(always)]
    pub fn deref_in_line(&self, mut c: Cell) -> Cell {
        loop {
            if c.tag() != Tag::Ref {
                return c;
            }
            let next = self.cells[c.addr()];
            if next == c {
                return c;
            }
            c = next;
        }
    }

    /// [`Heap::deref_in_line`] over the heap's cells alone, for walks that hold them as a
    /// slice: the slice's start and length stay in registers, where the heap's would be read
    /// again after every store the walk makes. (The two are kept apart: written as a call of
    /// this one, the other costs some callers a register, measured as a 3% slower `is/2`.)
    #[inline(always)]
    pub fn deref_over(cells: &[Cell], mut c: Cell) -> Cell {
        loop {
            if c.tag() != Tag::Ref {
                return c;
            }
            let next = cells[c.addr()];
            if next == c {
                return c;
            }
            c = next;
        }
    }

    /// Push a compound `name(args...)` and return it.
    #[inline]
    pub fn compound(&mut self, name: u32, args: &[Cell]) -> Cell {
        let a = self.cells.len();
        self.cells.push(Cell::functor(name, args.len()));
        self.cells.extend_from_slice(args);
        Cell::structure(a)
    }

    /// Push a list pair `[head|tail]` and return it.
    #[inline]
    pub fn cons(&mut self, head: Cell, tail: Cell) -> Cell {
        let a = self.cells.len();
        self.cells.push(head);
        self.cells.push(tail);
        Cell::list(a)
    }

    /// Push a proper list of `items` ending in `tail`.
    pub fn list_from(&mut self, items: &[Cell], tail: Cell) -> Cell {
        if items.is_empty() {
            return tail;
        }
        let start = self.cells.len();
        self.cells.reserve(2 * items.len());
        for (i, &x) in items.iter().enumerate() {
            self.cells.push(x);
            if i + 1 < items.len() {
                self.cells.push(Cell::list(start + 2 * (i + 1)));
            } else {
                self.cells.push(tail);
            }
        }
        Cell::list(start)
    }

    /// The code list of `text` ending in `tail`, built in place: the cells are pushed as the
    /// characters are read, with no vector of codes in between.
    pub fn codes_from(&mut self, text: &str, tail: Cell) -> Cell {
        let n = if text.is_ascii() {
            text.len()
        } else {
            text.chars().count()
        };
        self.list_of(
            n,
            text.chars().map(|ch| Cell::int(i64::from(u32::from(ch)))),
            tail,
        )
    }

    /// The list of the first `n` of `items` ending in `tail`, built in place: the heap's room
    /// is made once and the cells pushed as `items` gives them, with no vector in between.
    /// `items` must give at least `n` cells.
    pub fn list_of(&mut self, n: usize, items: impl IntoIterator<Item = Cell>, tail: Cell) -> Cell {
        if n == 0 {
            return tail;
        }
        let start = self.cells.len();
        self.cells.reserve(2 * n);
        for (i, x) in items.into_iter().take(n).enumerate() {
            self.cells.push(x);
            self.cells.push(if i + 1 < n {
                Cell::list(start + 2 * (i + 1))
            } else {
                tail
            });
        }
        Cell::list(start)
    }

    /// Push a float.
    #[inline]
    pub fn float(&mut self, f: f64) -> Cell {
        let a = self.cells.len();
        self.cells.push(Cell::header(BoxKind::Float, 1));
        self.cells.push(Cell(f.to_bits()));
        Cell::boxed(a)
    }

    /// Push an integer, boxed when it does not fit in a small cell.
    #[inline]
    pub fn int(&mut self, i: i64) -> Cell {
        if Cell::fits_small(i) {
            Cell::int(i)
        } else {
            self.bigint(&IBig::from(i))
        }
    }

    /// Push a big integer (any size; small values still box, so callers normalise first).
    /// The words are the integer's own 64-bit limbs, least significant first, copied as they
    /// are: no conversion between the heap and the arithmetic.
    pub fn bigint(&mut self, b: &IBig) -> Cell {
        let (sign, words) = b.as_sign_words();
        let a = self.cells.len();
        self.cells
            .push(Cell::header(BoxKind::BigInt, words.len() + 1));
        self.cells
            .push(Cell(u64::from(sign == Sign::Negative && !words.is_empty())));
        self.cells.extend(words.iter().map(|&w| Cell(w)));
        Cell::boxed(a)
    }

    /// Push a string object.
    pub fn string(&mut self, s: &str) -> Cell {
        let bytes = s.as_bytes();
        let words = bytes.len().div_ceil(8);
        let a = self.cells.len();
        self.cells.push(Cell::header(BoxKind::Str, words + 1));
        self.cells.push(Cell(bytes.len() as u64));
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.cells.push(Cell(u64::from_le_bytes(w)));
        }
        Cell::boxed(a)
    }

    /// The bytes of string object `c` (a `Str` box): its text, borrowed where the heap keeps it.
    #[inline]
    fn string_bytes(&self, c: Cell) -> &[u8] {
        let a = c.addr();
        let len = self.cells[a + 1].0 as usize;
        let words = &self.cells[a + 2..a + 2 + len.div_ceil(8)];
        // SAFETY: as in `string_value`: the words are initialised memory of `self.cells`.
        let bytes: &[u8] =
            unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u8, words.len() * 8) };
        &bytes[..len]
    }

    /// Push a string object holding the texts of `pieces` one after the other, each a text
    /// from outside the heap or a string object on it, with no copy of either in between
    /// (`string_concat/3` of two strings).
    pub fn string_joined(&mut self, pieces: &[Piece<'_>]) -> Cell {
        let len: usize = pieces.iter().map(|p| self.piece_range(p).1).sum();
        let a = self.cells.len();
        let words = len.div_ceil(8);
        self.cells.reserve(words + 2);
        self.cells.push(Cell::header(BoxKind::Str, words + 1));
        self.cells.push(Cell(len as u64));
        let (mut word, mut filled) = (0u64, 0usize);
        for p in pieces {
            let (start, n) = self.piece_range(p);
            for i in start..start + n {
                let b = match p {
                    Piece::Text(t) => t.as_bytes()[i],
                    Piece::Str(c) | Piece::StrPart(c, _, _) => self.string_bytes(*c)[i],
                };
                word |= u64::from(b) << (8 * filled);
                filled += 1;
                if filled == 8 {
                    self.cells.push(Cell(word));
                    (word, filled) = (0, 0);
                }
            }
        }
        if filled > 0 {
            self.cells.push(Cell(word));
        }
        Cell::boxed(a)
    }

    /// The first byte and the length in bytes of piece `p` in its text.
    fn piece_range(&self, p: &Piece<'_>) -> (usize, usize) {
        match p {
            Piece::Text(t) => (0, t.len()),
            Piece::Str(c) => (0, self.cells[c.addr() + 1].0 as usize),
            Piece::StrPart(_, start, len) => (*start, *len),
        }
    }

    /// The kind of the boxed value `c` points at.
    #[inline]
    pub fn box_kind(&self, c: Cell) -> BoxKind {
        self.cells[c.addr()].header_kind()
    }

    /// The float held by boxed cell `c`.
    #[inline]
    pub fn float_value(&self, c: Cell) -> f64 {
        f64::from_bits(self.cells[c.addr() + 1].0)
    }

    /// Push the integer with sign `negative` and magnitude `words` (64-bit, least significant
    /// first, no high zero word): a small integer cell when it fits one, else boxed.
    pub fn integer_from_words(&mut self, negative: bool, words: &[u64]) -> Cell {
        if words.len() <= 1 {
            let m = words.first().copied().unwrap_or(0);
            let v = if negative {
                0i64.checked_sub_unsigned(m)
            } else {
                i64::try_from(m).ok()
            };
            if let Some(v) = v {
                return self.int(v);
            }
        }
        let a = self.cells.len();
        self.cells
            .push(Cell::header(BoxKind::BigInt, words.len() + 1));
        self.cells.push(Cell(u64::from(negative)));
        self.cells.extend(words.iter().map(|&w| Cell(w)));
        Cell::boxed(a)
    }

    /// Push an integer whose magnitude `write` computes where it will lie: `write` gets the
    /// cells below (where its operands are) and `max_words` words for the magnitude, least
    /// significant first, not yet initialised (zeroing them first cost pidigits 9% of its
    /// time in `memset`), and answers whether the value is negative and how many of the
    /// words, from the first, it wrote; the words above those are zero. High zero words
    /// are dropped and a value that fits a small cell becomes one, as in
    /// [`Heap::integer_from_words`]; the words are written once, with no vector between.
    ///
    /// # Safety
    /// `write` must initialise the first `n` words of the slice it gets, where `(_, n)` is
    /// what it returns (`n` at most `max_words`, which is checked).
    pub unsafe fn integer_written_by(
        &mut self,
        max_words: usize,
        write: impl FnOnce(&[Cell], &mut [MaybeUninit<Cell>]) -> (bool, usize),
    ) -> Cell {
        let a = self.cells.len();
        let total = 2 + max_words;
        self.cells.reserve(total);
        let base = self.cells.as_mut_ptr();
        // SAFETY: the first `a` cells are initialised, and the `total` after them lie within
        // the capacity just reserved; the two ranges do not overlap, both come from one
        // pointer, and the vector is not touched while they live.
        let (below, new) = unsafe {
            (
                std::slice::from_raw_parts(base, a),
                std::slice::from_raw_parts_mut(base.add(a).cast::<MaybeUninit<Cell>>(), total),
            )
        };
        let (negative, written) = write(below, &mut new[2..]);
        assert!(written <= max_words, "more words written than room for");
        for w in &mut new[2 + written..] {
            w.write(Cell(0));
        }
        new[0].write(Cell(0));
        new[1].write(Cell(0));
        // SAFETY: the header's two cells and the words above `written` were written just
        // now, the first `written` words by `write` (the caller's promise).
        unsafe { self.cells.set_len(a + total) };
        let new = &mut self.cells[a..];
        let len = new[2..].iter().rposition(|w| w.0 != 0).map_or(0, |i| i + 1);
        if len <= 1 {
            let m = new.get(2).map_or(0, |w| w.0);
            let v = if negative {
                0i64.checked_sub_unsigned(m)
            } else {
                i64::try_from(m).ok()
            };
            if let Some(v) = v {
                self.cells.truncate(a);
                return self.int(v);
            }
        }
        new[0] = Cell::header(BoxKind::BigInt, len + 1);
        new[1] = Cell(u64::from(negative));
        self.cells.truncate(a + 2 + len);
        Cell::boxed(a)
    }

    /// The big integer held by boxed cell `c`.
    pub fn bigint_value(&self, c: Cell) -> IBig {
        let (negative, words) = self.bigint_words(c);
        let sign = if negative {
            Sign::Negative
        } else {
            Sign::Positive
        };
        IBig::from_sign_words(sign, words)
    }

    /// The sign (true when negative) and the magnitude's 64-bit words, least significant
    /// first, of the big integer held by boxed cell `c`, read where they lie.
    pub fn bigint_words(&self, c: Cell) -> (bool, &[u64]) {
        let a = c.addr();
        let n = self.cells[a].header_words();
        let words = &self.cells[a + 2..a + 1 + n];
        // SAFETY: `Cell` is `repr(transparent)` over `u64`, so a slice of cells is a slice
        // of the same number of initialised `u64`s with the same alignment.
        let words =
            unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u64>(), words.len()) };
        (self.cells[a + 1].0 == 1, words)
    }

    /// The string held by boxed cell `c`.
    pub fn string_value(&self, c: Cell) -> &str {
        let a = c.addr();
        let len = self.cells[a + 1].0 as usize;
        let words = &self.cells[a + 2..a + 2 + len.div_ceil(8)];
        // SAFETY: `Cell` is `repr(transparent)` over `u64`, so the words are plain initialised
        // memory, and `u8` has no alignment or validity requirement; the slice covers exactly
        // the words borrowed from `self.cells`. They were written from little-endian bytes,
        // which is the layout read back here (an assertion at the end of this file stops any
        // other build). Kept because the safe alternative copies the string out of the heap
        // on every read, where callers borrow the text in place.
        let bytes: &[u8] =
            unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u8, words.len() * 8) };
        std::str::from_utf8(&bytes[..len]).unwrap_or("")
    }

    /// The functor cell of compound `c` (tag `Str`).
    #[inline]
    pub fn functor_of(&self, c: Cell) -> Cell {
        self.cells[c.addr()]
    }

    /// Argument `i` (0-based) of compound `c`.
    #[inline]
    pub fn arg(&self, c: Cell, i: usize) -> Cell {
        self.cells[c.addr() + 1 + i]
    }
}

/// Strings are stored as little-endian bytes in heap words and read back in place
/// (`Heap::string_value`), so ply builds only for little-endian targets.
const _: () = assert!(cfg!(target_endian = "little"));
