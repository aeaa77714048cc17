//! The mark phase of the heap collector: which words of the collected region are live, and
//! which live words are the raw words of boxed values.
//!
//! Marking normally starts with no map of the region: finding the raw words of boxed values
//! beforehand would mean reading every word of the region, garbage and all, while marking reads
//! only what is live. A pointer that follows the shape of the heap never lands on a raw word, so
//! the raw words that matter are those of the boxes that marking reaches through box pointers,
//! and marking records them as it goes. Only a stale pointer (an environment slot from before a
//! backtrack, an argument that `nb_setarg/3` set to a term that backtracking then dropped) can
//! land on a raw word. Marking then takes the word for a cell, which keeps garbage but harms
//! nothing, unless the word also belongs to a marked box, or a cell lies inside what a stale
//! pointer took for a box, or the word looks like a box header (kept alone, it would make the
//! compacted heap read as a box where there is none). Any of these is a conflict: the marks are
//! thrown away and marking starts again from a map of the region built by one pass over it
//! ([`Marks::exact`]), the slow way that is always consistent. This module must never write to
//! the heap, and it must never read outside the region it was given.

use ply_term::{Cell, Tag};

/// Whether bit `i` of a bitmap is set.
#[inline]
pub(super) fn get(bits: &[u64], i: usize) -> bool {
    bits[i >> 6] & (1 << (i & 63)) != 0
}

/// Set bit `i` of a bitmap.
#[inline]
pub(super) fn set(bits: &mut [u64], i: usize) {
    bits[i >> 6] |= 1 << (i & 63);
}

/// Sets bits `from..to` in both `live` and `raw`, returning true when one of them was
/// already set in `live` but not in `raw` (the same answer as testing and setting them bit
/// by bit, [`get`] and [`set`]).
pub(super) fn mark_raw_range(live: &mut [u64], raw: &mut [u64], from: usize, to: usize) -> bool {
    let mut conflict = false;
    let mut i = from;
    while i < to {
        let w = i >> 6;
        let lo = i & 63;
        let hi = (to - (w << 6)).min(64);
        let mask = if hi - lo == 64 {
            u64::MAX
        } else {
            ((1u64 << (hi - lo)) - 1) << lo
        };
        conflict |= live[w] & !raw[w] & mask != 0;
        live[w] |= mask;
        raw[w] |= mask;
        i = (w << 6) + hi;
    }
    conflict
}

/// The mark bits of the collected region and the work list of the mark phase.
pub(super) struct Marks {
    /// First address of the region.
    pub base: usize,
    /// One past its last address.
    pub top: usize,
    /// One bit per cell of the region: live.
    pub live: Vec<u64>,
    /// One bit per cell of the region: a raw word of a boxed value, never to be read as a cell.
    /// Without a map ([`Marks::new`]) only the words of marked boxes have it; with one
    /// ([`Marks::exact`]) every raw word of the region does.
    pub raw: Vec<u64>,
    /// Addresses of marked cells whose contents still have to be followed.
    todo: Vec<usize>,
    /// Whether `raw` is a map of the whole region, made before marking started.
    exact: bool,
    /// Set when a word was marked both as a cell and as a raw word, or a pointer landed on a
    /// word marked raw (see the module comment). Never set when `exact`.
    pub conflict: bool,
}

impl Marks {
    /// Empty marks for `base..top`, with no map of the region's raw words.
    pub fn new(base: usize, top: usize) -> Marks {
        let words = (top - base).div_ceil(64);
        Marks {
            base,
            top,
            live: vec![0u64; words],
            raw: vec![0u64; words],
            todo: Vec::new(),
            exact: false,
            conflict: false,
        }
    }

    /// Empty marks for `base..top` with the raw words of every boxed value found by one pass
    /// over the region (the heap is a sequence of cells and boxes, so the pass cannot be
    /// misled). Marking from these never conflicts.
    pub fn exact(cells: &[Cell], base: usize, top: usize) -> Marks {
        let mut marks = Marks::new(base, top);
        marks.exact = true;
        let mut a = base;
        while a < top {
            let c = cells[a];
            if c.tag() == Tag::Header {
                let n = c.header_words();
                for r in a + 1..(a + 1 + n).min(top) {
                    set(&mut marks.raw, r - base);
                }
                a += n + 1;
            } else {
                a += 1;
            }
        }
        marks
    }

    /// True when `a` lies in the region and is not known to be a raw word. Without a map, a
    /// pointer to a word marked raw is a conflict: the pointer is stale, or the word is a cell
    /// that a stale pointer took for part of a box, and the two cannot be told apart.
    #[inline]
    fn may_be_cell(&mut self, a: usize) -> bool {
        if a < self.base || a >= self.top {
            return false;
        }
        if get(&self.raw, a - self.base) {
            self.conflict |= !self.exact;
            return false;
        }
        true
    }

    /// Mark one cell and queue its contents.
    #[inline]
    fn cell(&mut self, a: usize) {
        let i = a - self.base;
        if !get(&self.live, i) {
            set(&mut self.live, i);
            self.todo.push(a);
        } else if get(&self.raw, i) {
            self.conflict = true;
        }
    }

    /// Mark the cell at `a` of the region and queue its contents: the attributes of a kept
    /// attributed variable, which no pointer names (`gc/attvars.rs`).
    pub fn keep(&mut self, a: usize) {
        if self.may_be_cell(a) {
            self.cell(a);
        }
    }

    /// Mark the compound whose functor cell is at `a`, if there is one.
    fn compound(&mut self, cells: &[Cell], a: usize) {
        let f = cells[a];
        if f.tag() != Tag::Functor || a + f.functor_arity() >= self.top {
            return;
        }
        let i = a - self.base;
        if get(&self.raw, i) {
            self.conflict = true;
        }
        set(&mut self.live, i);
        // The last argument is queued first and so followed last: down a list or any other
        // chain through last arguments, the work list holds no argument of the levels above,
        // and stays short however long the chain (it held one address per element, half
        // the size of a long list, which took a program's memory far past the stack limit).
        for arg in (a + 1..=a + f.functor_arity()).rev() {
            self.cell(arg);
        }
    }

    /// Mark the boxed value whose header is at `a`, if there is one, words and all.
    fn boxed(&mut self, cells: &[Cell], a: usize) {
        let h = cells[a];
        let n = h.header_words();
        if h.tag() != Tag::Header || a + n >= self.top {
            return;
        }
        let i = a - self.base;
        if get(&self.raw, i) {
            self.conflict = true;
        }
        set(&mut self.live, i);
        // A word already marked but not as raw was marked as a cell or a header. The words
        // are marked 64 bits at a time: a big integer of thousands of words is marked in
        // tens of steps, not thousands.
        if mark_raw_range(&mut self.live, &mut self.raw, i + 1, i + n + 1) {
            self.conflict = true;
        }
    }

    /// Mark the cell at `a` that a reference or a list pair points at. Only a stale value can
    /// point at a functor or a header this way; keeping the whole term then keeps the marks
    /// consistent with the term layout.
    #[inline]
    fn target(&mut self, cells: &[Cell], a: usize) {
        match cells[a].tag() {
            Tag::Functor => self.compound(cells, a),
            Tag::Header => self.boxed(cells, a),
            _ => self.cell(a),
        }
    }

    /// Mark what value `c` points at in the region.
    #[inline]
    pub fn value(&mut self, cells: &[Cell], c: Cell) {
        let a = c.addr();
        match c.tag() {
            Tag::Ref if self.may_be_cell(a) => self.target(cells, a),
            Tag::List if self.may_be_cell(a) && self.may_be_cell(a + 1) => {
                // The tail first, so that it is followed last (see `compound`).
                self.target(cells, a + 1);
                self.target(cells, a);
            }
            Tag::Str if self.may_be_cell(a) => self.compound(cells, a),
            Tag::Boxed if self.may_be_cell(a) => self.boxed(cells, a),
            _ => {}
        }
    }

    /// Follow everything queued. A word marked as a cell that holds a header is a conflict:
    /// kept without its raw words, it would make the compacted heap read as a box where there
    /// is none.
    pub fn drain(&mut self, cells: &[Cell]) {
        while let Some(a) = self.todo.pop() {
            let c = cells[a];
            if c.tag() == Tag::Header {
                self.conflict |= !self.exact;
            } else {
                self.value(cells, c);
            }
        }
    }

    /// Whether `a` is marked; `a` must lie in the region.
    #[cfg(debug_assertions)]
    pub fn is_marked(&self, a: usize) -> bool {
        get(&self.live, a - self.base)
    }
}

#[cfg(test)]
mod tests {
    use super::{get, mark_raw_range, set};

    /// The range marking against the bit-by-bit loop it replaced, over random bitmaps and
    /// ranges that start and end at every offset in a word and span zero to several words.
    #[test]
    fn range_marking_matches_bit_by_bit() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let live0: Vec<u64> = (0..6).map(|_| next() & next()).collect();
            let raw0: Vec<u64> = (0..6).map(|_| next() & next()).collect();
            let from = (next() % 300) as usize;
            let to = from + (next() % (384 - from as u64)) as usize;
            let (mut live, mut raw) = (live0.clone(), raw0.clone());
            let conflict = mark_raw_range(&mut live, &mut raw, from, to);
            let (mut live1, mut raw1) = (live0, raw0);
            let mut conflict1 = false;
            for r in from..to {
                if get(&live1, r) && !get(&raw1, r) {
                    conflict1 = true;
                }
                set(&mut live1, r);
                set(&mut raw1, r);
            }
            assert_eq!(
                (conflict, live, raw),
                (conflict1, live1, raw1),
                "{from}..{to}"
            );
        }
    }
}
