//! Where the compaction phase of the heap collector moves each live cell of the collected
//! region: live cells keep their order and close up. This module only computes addresses from
//! the mark bits; it must never read or write the heap.

use super::marks::Marks;
use crate::native_state::HeapMoves;
use ply_term::{Cell, Tag};

/// New addresses for the live cells of the region.
pub(super) struct Forward {
    /// First address of the region.
    pub base: usize,
    /// One past its last address.
    pub top: usize,
    /// The mark bits: live cells.
    pub live: Vec<u64>,
    /// The raw words of boxed values among them (copied as they are).
    pub raw: Vec<u64>,
    /// Live cells in the words before each word of `live`.
    before: Vec<usize>,
}

impl Forward {
    /// The addresses that the marks give.
    pub fn new(marks: Marks) -> Forward {
        let mut before = Vec::with_capacity(marks.live.len() + 1);
        let mut n = 0;
        for w in &marks.live {
            before.push(n);
            n += w.count_ones() as usize;
        }
        before.push(n);
        Forward {
            base: marks.base,
            top: marks.top,
            live: marks.live,
            raw: marks.raw,
            before,
        }
    }

    /// True when `a` is a live cell of the region (not a raw word).
    #[inline]
    pub fn live_cell(&self, a: usize) -> bool {
        if a < self.base || a >= self.top {
            return false;
        }
        let i = a - self.base;
        let bit = 1u64 << (i & 63);
        self.live[i >> 6] & bit != 0 && self.raw[i >> 6] & bit == 0
    }

    /// Live cells in the region.
    pub fn total(&self) -> usize {
        self.before[self.live.len()]
    }

    /// The new address of `a`: the region's base plus the live cells below `a`. Addresses
    /// below the region do not move; the top maps to the new top.
    #[inline]
    pub fn addr(&self, a: usize) -> usize {
        if a < self.base {
            return a;
        }
        if a >= self.top {
            return self.base + self.total();
        }
        let i = a - self.base;
        let w = i >> 6;
        let below = self.live[w] & ((1u64 << (i & 63)) - 1);
        self.base + self.before[w] + below.count_ones() as usize
    }

    /// Value `c` with its address moved, if it points into the region. Stale values that point
    /// past the top are left alone: nothing reads them before overwriting them.
    #[inline]
    pub fn value(&self, c: Cell) -> Cell {
        let a = c.addr();
        if a < self.base || a >= self.top {
            return c;
        }
        match c.tag() {
            Tag::Ref => Cell::reference(self.addr(a)),
            Tag::Str => Cell::structure(self.addr(a)),
            Tag::List => Cell::list(self.addr(a)),
            Tag::Boxed => Cell::boxed(self.addr(a)),
            _ => c,
        }
    }

    /// Move every live cell of the region down to its new address in `cells`, updating the
    /// addresses it holds, and cut the heap at the new top. Raw words of boxed values are
    /// copied as they are.
    pub fn slide(&self, cells: &mut Vec<Cell>) {
        let mut to = self.base;
        for (w, (&word, &raw)) in self.live.iter().zip(&self.raw).enumerate() {
            let mut bits = word;
            let from = self.base + (w << 6);
            if bits == u64::MAX && raw == 0 && to == from {
                // A full word of cells that do not move: only their addresses change.
                for c in &mut cells[from..from + 64] {
                    *c = self.value(*c);
                }
                to += 64;
                continue;
            }
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                let c = cells[from + bit as usize];
                cells[to] = if raw & (1 << bit) != 0 {
                    c
                } else {
                    self.value(c)
                };
                to += 1;
            }
        }
        cells.truncate(to);
    }
}

/// What a native state that remembers addresses is told: the moves of [`Forward`], and the
/// heap's low water before them.
pub(super) struct Moves<'a> {
    /// Where the cells went.
    pub fwd: &'a Forward,
    /// `Heap::low_water` before the collection.
    pub low_water: usize,
}

impl HeapMoves for Moves<'_> {
    fn cell(&self, a: usize) -> Option<usize> {
        if a < self.fwd.base {
            Some(a)
        } else if self.fwd.live_cell(a) {
            Some(self.fwd.addr(a))
        } else {
            None
        }
    }

    fn end(&self, a: usize) -> usize {
        self.fwd.addr(a)
    }

    fn low_water(&self) -> usize {
        self.low_water
    }
}
