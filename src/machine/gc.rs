//! The heap garbage collector: a sliding mark-compact collector over the part of the heap that
//! the innermost query built.
//!
//! It keeps the order of cells, so choicepoint heap marks stay meaningful and the trail's
//! "older than the choicepoint" test keeps working after a collection. It runs only at a call
//! boundary, when the live registers are exactly the called predicate's arguments. It collects
//! only above the heap top at which the innermost query started, so cells that Rust code outside
//! the run loop holds (a query's variables, a native's arguments while it runs a nested query)
//! never move; bindings of those older cells to younger terms are on the trail, which makes them
//! roots. It must never follow a pointer without checking that it lands on a real cell: an
//! environment slot may still hold a value from before a backtrack, and such a stale value may
//! only ever cause garbage to be kept, never live data to be lost.

use super::choice::TrailEntry;
use super::{Machine, FRAME_HEADER, NO_ENV};
use crate::term::{Cell, Tag};
use std::time::{Duration, Instant};

/// Cells allocated between collections at the least, unless `PLY_GC_GROWTH` says otherwise.
const MIN_GROWTH: usize = 1 << 20;

/// Counters of the collector and the heap size that triggers the next collection.
#[derive(Clone, Debug)]
pub struct GcState {
    /// Collections so far. Anything that remembers heap addresses (a cache keyed by address)
    /// must forget them when this changes.
    pub collections: u64,
    /// Cells reclaimed so far.
    pub freed: u64,
    /// Time spent collecting.
    pub time: Duration,
    /// Heap top at or above which the next call stops for a collector: `heap_trigger`, or 0
    /// while the atom collector is due (see `atom_gc.rs`). The run loop checks only this word.
    pub trigger: usize,
    /// Heap top at or above which the next call collects the heap.
    pub heap_trigger: usize,
    /// The atom collector's counters and threshold.
    pub atoms: super::atom_gc::AtomGcState,
    /// Cells to allocate at the least between two collections.
    pub growth: usize,
    /// Whether the growth also scales with what survived the last collection (false when
    /// `PLY_GC_GROWTH` fixes it, so that tests can collect at every call).
    pub proportional: bool,
    /// Whether collections run automatically (the `gc` flag).
    pub enabled: bool,
}

impl GcState {
    /// The state of a machine that has not collected yet. `PLY_GC_GROWTH=N` sets the least
    /// growth between collections exactly, so that tests can make the collector run at every
    /// call.
    pub fn new() -> GcState {
        let fixed: Option<usize> = std::env::var("PLY_GC_GROWTH")
            .ok()
            .and_then(|v| v.parse().ok());
        let growth = fixed.unwrap_or(MIN_GROWTH);
        GcState {
            proportional: fixed.is_none(),
            collections: 0,
            freed: 0,
            time: Duration::ZERO,
            trigger: growth,
            heap_trigger: growth,
            atoms: super::atom_gc::AtomGcState::new(),
            growth,
            enabled: true,
        }
    }
}

impl GcState {
    /// Collect the heap when its top reaches `top` (calls still stop at once while the atom
    /// collector is due).
    pub fn set_heap_trigger(&mut self, top: usize) {
        self.heap_trigger = top;
        self.trigger = if self.atoms.requested { 0 } else { top };
    }
}

impl Default for GcState {
    fn default() -> Self {
        GcState::new()
    }
}

/// The mark bits of the collected region and the work list of the mark phase.
struct Marks {
    /// First address of the region.
    base: usize,
    /// One past its last address.
    top: usize,
    /// One bit per cell of the region: live.
    live: Vec<u64>,
    /// One bit per cell of the region: a raw word of a boxed value, never to be read as a cell.
    raw: Vec<u64>,
    /// Addresses of marked cells whose contents still have to be followed.
    todo: Vec<usize>,
}

#[inline]
fn get(bits: &[u64], i: usize) -> bool {
    bits[i >> 6] & (1 << (i & 63)) != 0
}

#[inline]
fn set(bits: &mut [u64], i: usize) {
    bits[i >> 6] |= 1 << (i & 63);
}

impl Marks {
    /// Bits for `base..top`, with the raw words of every boxed value found by one pass over the
    /// region (the heap is a sequence of cells and boxes, so the pass cannot be misled).
    fn new(cells: &[Cell], base: usize, top: usize) -> Marks {
        let words = (top - base).div_ceil(64);
        let mut raw = vec![0u64; words];
        let mut a = base;
        while a < top {
            let c = cells[a];
            if c.tag() == Tag::Header {
                let n = c.header_words();
                for r in a + 1..(a + 1 + n).min(top) {
                    set(&mut raw, r - base);
                }
                a += n + 1;
            } else {
                a += 1;
            }
        }
        Marks {
            base,
            top,
            live: vec![0u64; words],
            raw,
            todo: Vec::new(),
        }
    }

    /// True when `a` is a real cell of the region (not a raw word, not outside).
    #[inline]
    fn is_cell(&self, a: usize) -> bool {
        a >= self.base && a < self.top && !get(&self.raw, a - self.base)
    }

    #[inline]
    fn marked(&self, a: usize) -> bool {
        get(&self.live, a - self.base)
    }

    /// Mark one cell and queue its contents.
    #[inline]
    fn cell(&mut self, a: usize) {
        if !self.marked(a) {
            set(&mut self.live, a - self.base);
            self.todo.push(a);
        }
    }

    /// Mark the compound whose functor cell is at `a`, if there is one.
    fn compound(&mut self, cells: &[Cell], a: usize) {
        let f = cells[a];
        if f.tag() != Tag::Functor || a + f.functor_arity() >= self.top {
            return;
        }
        set(&mut self.live, a - self.base);
        for i in a + 1..=a + f.functor_arity() {
            self.cell(i);
        }
    }

    /// Mark the boxed value whose header is at `a`, if there is one, words and all.
    fn boxed(&mut self, cells: &[Cell], a: usize) {
        let h = cells[a];
        if h.tag() != Tag::Header || a + h.header_words() >= self.top {
            return;
        }
        for i in a..=a + h.header_words() {
            set(&mut self.live, i - self.base);
        }
    }

    /// Mark the cell at `a` that a reference or a list pair points at. Only a stale value can
    /// point at a functor or a header this way; keeping the whole term then keeps the marks
    /// consistent with the term layout.
    fn target(&mut self, cells: &[Cell], a: usize) {
        match cells[a].tag() {
            Tag::Functor => self.compound(cells, a),
            Tag::Header => self.boxed(cells, a),
            _ => self.cell(a),
        }
    }

    /// Mark what value `c` points at in the region.
    fn value(&mut self, cells: &[Cell], c: Cell) {
        let a = c.addr();
        match c.tag() {
            Tag::Ref if self.is_cell(a) => self.target(cells, a),
            Tag::List if self.is_cell(a) && self.is_cell(a + 1) => {
                self.target(cells, a);
                self.target(cells, a + 1);
            }
            Tag::Str if self.is_cell(a) => self.compound(cells, a),
            Tag::Boxed if self.is_cell(a) => self.boxed(cells, a),
            _ => {}
        }
    }

    /// Follow everything queued.
    fn drain(&mut self, cells: &[Cell]) {
        while let Some(a) = self.todo.pop() {
            let c = cells[a];
            self.value(cells, c);
        }
    }
}

/// Where each live cell of the region moves: live cells keep their order and close up.
struct Forward {
    base: usize,
    top: usize,
    live: Vec<u64>,
    /// Live cells in the words before each word of `live`.
    before: Vec<usize>,
}

impl Forward {
    fn new(marks: Marks) -> Forward {
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
            before,
        }
    }

    /// Live cells in the region.
    fn total(&self) -> usize {
        self.before[self.live.len()]
    }

    /// The new address of `a`: the region's base plus the live cells below `a`. Addresses
    /// below the region do not move; the top maps to the new top.
    #[inline]
    fn addr(&self, a: usize) -> usize {
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
    fn value(&self, c: Cell) -> Cell {
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
}

impl Machine {
    /// Collect before giving up on the memory limit; true when the heap is back under it.
    pub fn collect_before_limit(&mut self, live: usize) -> bool {
        self.collect_garbage(live);
        self.heap.cells.len() + self.stack.len() + self.choices.len() * 8 <= self.memory_limit
    }

    /// Collect the heap region of the innermost query, keeping what is reachable from the
    /// first `live` argument registers, the environments, the choicepoints, the trail and the
    /// backtrackable globals.
    pub fn collect_garbage(&mut self, live: usize) {
        let started = Instant::now();
        let top = self.heap.top();

        let barrier = match self.saved_states.last() {
            Some(s) if s.barrier_index() < self.choices.len() => s.barrier_index(),
            _ => {
                self.gc.set_heap_trigger(top + self.gc.growth);
                return;
            }
        };
        let base = self.choices[barrier].h;
        if top <= base {
            self.gc.set_heap_trigger(top + self.gc.growth);
            return;
        }
        let frames = self.live_frames();
        let mut marks = Marks::new(&self.heap.cells, base, top);
        self.mark_roots(&mut marks, barrier, live, &frames);
        let keep = self.useful_trail(&marks, barrier, base);
        let fwd = Forward::new(marks);
        self.move_roots(&fwd, barrier, live, &frames);
        self.compact_trail(&fwd, barrier, &keep);
        self.slide(&fwd);
        let new_top = self.heap.top();
        self.gc.collections += 1;
        // Cells slid to new addresses: what was remembered by address is stale.
        self.heap.note_rewrite();
        self.gc.freed += (top - new_top) as u64;
        let next = if self.gc.enabled {
            // The next collection waits for as many new cells as this one had to look at, so
            // collecting costs a bounded share of the run however deep the recursion.
            let survived = if self.gc.proportional {
                let slots: usize = frames
                    .iter()
                    .map(|&e| FRAME_HEADER + self.frame_slots(e).len())
                    .sum();
                new_top - base + slots
            } else {
                0
            };
            new_top + survived.max(self.gc.growth)
        } else {
            usize::MAX
        };
        self.gc.set_heap_trigger(next);
        self.gc.time += started.elapsed();
    }

    /// Every environment frame reachable from the current one and from the choicepoints, each
    /// once.
    fn live_frames(&self) -> Vec<usize> {
        let mut seen = vec![0u64; self.stack.len().div_ceil(64) + 1];
        let mut out = Vec::new();
        let starts = std::iter::once(self.e).chain(self.choices.iter().map(|c| c.e));
        for mut e in starts {
            while e != NO_ENV && e < self.stack.len() && !get(&seen, e) {
                set(&mut seen, e);
                out.push(e);
                e = self.stack[e].0 as usize;
            }
        }
        out
    }

    /// The permanent-variable slots of frame `e`.
    fn frame_slots(&self, e: usize) -> std::ops::Range<usize> {
        let n = self.stack[e + 3].0 as usize;
        let from = e + FRAME_HEADER;
        from..(from + n).min(self.stack.len())
    }

    fn mark_roots(&self, marks: &mut Marks, barrier: usize, live: usize, frames: &[usize]) {
        let cells = &self.heap.cells;
        for &c in &self.x[..live] {
            marks.value(cells, c);
        }
        for &e in frames {
            for i in self.frame_slots(e) {
                marks.value(cells, self.stack[i]);
            }
        }
        for &c in &self.saved_args[self.choices[barrier].args..] {
            marks.value(cells, c);
        }
        for &c in self.bglobals.values() {
            marks.value(cells, c);
        }
        for t in &self.trail[self.choices[barrier].trail..] {
            match *t {
                // An older cell bound or assigned to a younger term is how the region is
                // reached from outside it.
                TrailEntry::Bind(a) | TrailEntry::Root(a) if a < marks.base => {
                    marks.value(cells, cells[a]);
                }
                TrailEntry::Assign(a, old) => {
                    marks.value(cells, old);
                    if a < marks.base {
                        marks.value(cells, cells[a]);
                    }
                }
                TrailEntry::Global(_, Some(old)) => marks.value(cells, old),
                _ => {}
            }
            marks.drain(cells);
        }
        marks.drain(cells);
    }

    /// Which trail entries of the innermost query are still needed. A binding is undone on
    /// backtracking only for a cell older than the choicepoint backtracked to; a binding of a
    /// younger cell, or of a cell nothing reaches any more, can be forgotten.
    fn useful_trail(&self, marks: &Marks, barrier: usize, base: usize) -> Vec<bool> {
        let from = self.choices[barrier].trail;
        let mut keep = Vec::with_capacity(self.trail.len() - from);
        let mut k = barrier;
        for (t, entry) in self.trail.iter().enumerate().skip(from) {
            while k + 1 < self.choices.len() && self.choices[k + 1].trail <= t {
                k += 1;
            }
            let h = self.choices[k].h;
            let useful = |a: usize| a < base || (a < h && marks.is_cell(a) && marks.marked(a));
            keep.push(match *entry {
                TrailEntry::Bind(a) => a < h && useful(a),
                TrailEntry::Root(a) => a < base,
                TrailEntry::Assign(a, _) => a < h && useful(a),
                TrailEntry::CatchExited(_) | TrailEntry::Global(..) => true,
            });
        }
        keep
    }

    fn move_roots(&mut self, fwd: &Forward, barrier: usize, live: usize, frames: &[usize]) {
        for c in &mut self.x[..live] {
            *c = fwd.value(*c);
        }
        for &e in frames {
            for i in self.frame_slots(e) {
                self.stack[i] = fwd.value(self.stack[i]);
            }
        }
        let from = self.choices[barrier].args;
        for c in &mut self.saved_args[from..] {
            *c = fwd.value(*c);
        }
        for c in self.bglobals.values_mut() {
            *c = fwd.value(*c);
        }
        for ch in &mut self.choices[barrier..] {
            ch.h = fwd.addr(ch.h);
        }
        // Older cells that the trail says point into the region: each exactly once, since
        // moving an address twice would move it wrong.
        let mut older: Vec<usize> = self.trail[self.choices[barrier].trail..]
            .iter()
            .filter_map(|t| match *t {
                TrailEntry::Bind(a) | TrailEntry::Root(a) | TrailEntry::Assign(a, _)
                    if a < fwd.base =>
                {
                    Some(a)
                }
                _ => None,
            })
            .collect();
        older.sort_unstable();
        older.dedup();
        for a in older {
            self.heap.cells[a] = fwd.value(self.heap.cells[a]);
        }
    }

    /// Drop the trail entries `keep` rejects, move the addresses of the rest, and renumber
    /// the choicepoints' trail marks.
    fn compact_trail(&mut self, fwd: &Forward, barrier: usize, keep: &[bool]) {
        let from = self.choices[barrier].trail;
        let mut j = barrier;
        let mut w = from;
        for (i, &k) in keep.iter().enumerate() {
            let t = from + i;
            while j < self.choices.len() && self.choices[j].trail <= t {
                self.choices[j].trail = w;
                j += 1;
            }
            if k {
                self.trail[w] = match self.trail[t] {
                    TrailEntry::Bind(a) => TrailEntry::Bind(fwd.addr(a)),
                    TrailEntry::Root(a) => TrailEntry::Root(a),
                    TrailEntry::Assign(a, old) => TrailEntry::Assign(fwd.addr(a), fwd.value(old)),
                    TrailEntry::Global(n, old) => TrailEntry::Global(n, old.map(|c| fwd.value(c))),
                    e @ TrailEntry::CatchExited(_) => e,
                };
                w += 1;
            }
        }
        while j < self.choices.len() {
            self.choices[j].trail = w;
            j += 1;
        }
        self.trail.truncate(w);
    }

    /// Move every live cell of the region down to its new address, updating the addresses it
    /// holds. Raw words of boxed values are copied as they are.
    fn slide(&mut self, fwd: &Forward) {
        let cells = &mut self.heap.cells;
        let mut to = fwd.base;
        let mut raw_left = 0usize;
        for (w, &word) in fwd.live.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let a = fwd.base + (w << 6) + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let c = cells[a];
                cells[to] = if raw_left > 0 {
                    raw_left -= 1;
                    c
                } else if c.tag() == Tag::Header {
                    raw_left = c.header_words();
                    c
                } else {
                    fwd.value(c)
                };
                to += 1;
            }
        }
        cells.truncate(to);
    }
}
