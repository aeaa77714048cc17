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

mod attvars;
mod forward;
mod marks;

use super::choice::TrailEntry;
use super::{Machine, FRAME_HEADER, NO_ENV};
use forward::{Forward, Moves};
use marks::{get, set, Marks};
use std::time::{Duration, Instant};

/// Cells allocated between collections at the least, unless `PLY_GC_GROWTH` says otherwise.
///
/// One megabyte: small enough that the cells a run allocates between two collections, and the
/// collector's pass over them, stay in the processor's cache, which on a run that makes garbage
/// fast (a game search) saves more time than the collections that a larger step would spare:
/// twice the step runs 1% fewer instructions on the native-moves minimax (half the collections)
/// and takes no less time. What survives a collection, times `SURVIVOR_FACTOR`, still sets the
/// step when it is larger (`proportional`), so the collector's share of a run with much live
/// data stays bounded.
const MIN_GROWTH: usize = 1 << 17;

/// How many times what survived a collection (live heap cells and environment slots) the heap
/// must grow by before the next collection, when that is more than the least growth.
///
/// A collection costs about what it must look at, the survivors, and a deep non-tail recursion
/// keeps all of its frames and their terms alive, so with a step of once the survivors every
/// collection of such a run walks the whole recursion again to reclaim no more than it walks:
/// half the run's time went to collecting on the eyelog Ackermann program. Twice the survivors
/// made a third fewer collections there (350 to 240 in a run of `main/0`), and three times
/// saved a little more (0.17 s of CPU against 0.20 s, from 0.31 s) for a sixth more peak
/// memory (`benches/README.md`, section "heap collection step"). Three times bounds the
/// survivors walked to a third of a cell per cell allocated, as generational and copying
/// collectors bound their work by growing the heap by a multiple of what is live. It was
/// chosen over twice for a pi spigot whose lazy list of digits stays alive while each step
/// makes big numbers it drops: 330 collections where it made 446, the run 0.97x SWI-Prolog's
/// CPU time where it took 1.16x, for a peak of 14.6 MB against 13.4. The price is memory: the heap may reach four
/// times what is live before it is collected. Memory limits do not depend on this step: a run
/// that passes its limit collects at once (`limits.rs`), whatever the step says.
const SURVIVOR_FACTOR: usize = 3;

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
    /// Whether a fresh result has put the next collection off since the last collection
    /// (`fresh_result`): only one may, so that memory stays bounded.
    pub excused: bool,
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
            excused: false,
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

    /// A builtin has just built one big term, from heap top `before` to `after` (findall/3's
    /// list of answers): put the next collection off as if one had run now and found that term
    /// alive, since it almost always is (the caller goes on to use it) and collecting now
    /// would copy all of it to free little. The next collection then waits until the heap has
    /// grown by `SURVIVOR_FACTOR` times the term, as after a real collection that kept it.
    /// Only a term of at least the least step counts, and only one between two collections,
    /// so that a program that keeps building big terms it drops still collects: the heap
    /// reaches at most the trigger it had plus four times that one term (and what one builtin
    /// allocates past a trigger, as ever). Memory limits do not depend on this (`limits.rs`).
    pub fn fresh_result(&mut self, before: usize, after: usize) {
        let size = after.saturating_sub(before);
        if size < self.growth || self.excused || !self.proportional || !self.enabled {
            return;
        }
        let put_off = after.saturating_add(size.saturating_mul(SURVIVOR_FACTOR));
        if put_off > self.heap_trigger {
            self.excused = true;
            self.set_heap_trigger(put_off);
        }
    }
}

impl Default for GcState {
    fn default() -> Self {
        GcState::new()
    }
}

impl Machine {
    /// Collect the heap region of the innermost query, keeping what is reachable from the
    /// first `live` argument registers, the environments, the choicepoints, the trail and the
    /// backtrackable globals.
    pub fn collect_garbage(&mut self, live: usize) {
        let started = Instant::now();
        let top = self.stacks.heap.top();

        let barrier = match self.stacks.saved_states.last() {
            Some(s) if s.barrier_index() < self.stacks.choices.len() => s.barrier_index(),
            _ => {
                self.services
                    .gc
                    .set_heap_trigger(top + self.services.gc.growth);
                return;
            }
        };
        let base = self.stacks.choices[barrier].h;
        if top <= base {
            self.services
                .gc
                .set_heap_trigger(top + self.services.gc.growth);
            return;
        }
        let frames = self.live_frames();
        let mut marks = Marks::new(base, top);
        self.mark_roots(&mut marks, barrier, live, &frames);
        if marks.conflict {
            // A stale pointer met a boxed value: mark again with a map of the region.
            marks = Marks::exact(&self.stacks.heap.cells, base, top);
            self.mark_roots(&mut marks, barrier, live, &frames);
        } else {
            #[cfg(debug_assertions)]
            self.check_marks(&marks, barrier, live, &frames);
        }
        let fwd = Forward::new(marks);
        self.compact_trail(&fwd, barrier);
        self.move_roots(&fwd, barrier, live, &frames);
        self.move_attvars(&fwd);
        fwd.slide(&mut self.stacks.heap.cells);
        let new_top = self.stacks.heap.top();
        self.services.gc.collections += 1;
        self.services.gc.excused = false;
        // Cells slid to new addresses: the heap's watch and whatever a native state remembers
        // by address move with them.
        let low_water = self.stacks.heap.low_water();
        self.stacks.heap.moved_watch(|a| fwd.addr(a));
        self.services.natives.heap_collected(&Moves {
            fwd: &fwd,
            low_water,
        });
        self.services.gc.freed += (top - new_top) as u64;
        let next = if self.services.gc.enabled {
            // The next collection waits for `SURVIVOR_FACTOR` times as many new cells as this
            // one had to look at, so collecting costs a bounded share of the run however deep
            // the recursion.
            let survived = if self.services.gc.proportional {
                let slots: usize = frames
                    .iter()
                    .map(|&e| FRAME_HEADER + self.frame_slots(e).len())
                    .sum();
                new_top - base + slots
            } else {
                0
            };
            new_top
                + survived
                    .saturating_mul(SURVIVOR_FACTOR)
                    .max(self.services.gc.growth)
        } else {
            usize::MAX
        };
        self.services.gc.set_heap_trigger(next);
        self.services.gc.time += started.elapsed();
    }

    /// Every environment frame reachable from the current one and from the choicepoints, each
    /// once.
    fn live_frames(&self) -> Vec<usize> {
        self.frames_from(
            std::iter::once(self.stacks.e).chain(self.stacks.choices.iter().map(|c| c.e)),
        )
    }

    /// Every environment frame on the chains of continuation frames that start at `starts`,
    /// each once.
    pub(super) fn frames_from(&self, starts: impl Iterator<Item = usize>) -> Vec<usize> {
        let mut seen = vec![0u64; self.stacks.stack.len().div_ceil(64) + 1];
        let mut out = Vec::new();
        for mut e in starts {
            while e != NO_ENV && e < self.stacks.stack.len() && !get(&seen, e) {
                set(&mut seen, e);
                out.push(e);
                e = self.stacks.stack[e].0 as usize;
            }
        }
        out
    }

    /// The permanent-variable slots of frame `e`.
    fn frame_slots(&self, e: usize) -> std::ops::Range<usize> {
        let n = self.stacks.stack[e + 3].0 as usize;
        let from = e + FRAME_HEADER;
        from..(from + n).min(self.stacks.stack.len())
    }

    fn mark_roots(&self, marks: &mut Marks, barrier: usize, live: usize, frames: &[usize]) {
        let cells = &self.stacks.heap.cells;
        for &c in &self.stacks.x[..live] {
            marks.value(cells, c);
        }
        for &e in frames {
            for i in self.frame_slots(e) {
                marks.value(cells, self.stacks.stack[i]);
            }
        }
        for &c in &self.stacks.saved_args[self.stacks.choices[barrier].args..] {
            marks.value(cells, c);
        }
        for &c in self.stacks.bglobals.values() {
            marks.value(cells, c);
        }
        for t in &self.stacks.trail[self.stacks.choices[barrier].trail..] {
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
        }
        self.mark_attvar_roots(marks);
        marks.drain(cells);
        self.mark_attvar_attrs(marks);
    }

    /// Keep the trail entries of the innermost query that are still needed, with their
    /// addresses moved, renumber the choicepoints' trail marks, and move the older cells that
    /// the trail says point into the region. A binding is undone on backtracking only for a
    /// cell older than the choicepoint backtracked to; a binding of a younger cell, or of a
    /// cell nothing reaches any more, can be forgotten. Runs before the choicepoints' heap
    /// marks move, since it compares them with old addresses.
    fn compact_trail(&mut self, fwd: &Forward, barrier: usize) {
        let base = fwd.base;
        let mut older = Vec::new();
        let mut w = self.stacks.choices[barrier].trail;
        let n = self.stacks.choices.len();
        // Trail marks never decrease from one choicepoint to the next; the bounds keep each
        // entry looked at once, and within the trail, even if they did.
        let len = self.stacks.trail.len();
        let mut from = self.stacks.choices[barrier].trail;
        for k in barrier..n {
            from = from.max(self.stacks.choices[k].trail).min(len);
            let to = match self.stacks.choices.get(k + 1) {
                Some(next) => next.trail.clamp(from, len),
                None => len,
            };
            // The choicepoint whose segment of the trail this is decides what backtracking to
            // it undoes.
            let h = self.stacks.choices[k].h;
            self.stacks.choices[k].trail = w;
            let needed = |a: usize| a < h && (a < base || fwd.live_cell(a));
            for t in from..to {
                let moved = match self.stacks.trail[t] {
                    TrailEntry::Bind(a) if needed(a) => {
                        if a < base {
                            older.push(a);
                        }
                        TrailEntry::Bind(fwd.addr(a))
                    }
                    TrailEntry::Root(a) if a < base => {
                        older.push(a);
                        TrailEntry::Root(a)
                    }
                    TrailEntry::Assign(a, old) if needed(a) => {
                        if a < base {
                            older.push(a);
                        }
                        TrailEntry::Assign(fwd.addr(a), fwd.value(old))
                    }
                    TrailEntry::Global(name, old) => {
                        TrailEntry::Global(name, old.map(|c| fwd.value(c)))
                    }
                    e @ (TrailEntry::CatchExited(_) | TrailEntry::Depth(..)) => e,
                    // Made unconditionally: kept while the variable lives.
                    TrailEntry::AttVar(a) if a < base || fwd.live_cell(a) => {
                        TrailEntry::AttVar(fwd.addr(a))
                    }
                    _ => continue,
                };
                self.stacks.trail[w] = moved;
                w += 1;
            }
            from = to;
        }
        self.stacks.trail.truncate(w);
        older.extend(self.older_attvar_cells(base));
        // Each older cell exactly once, since moving an address twice would move it wrong.
        older.sort_unstable();
        older.dedup();
        for a in older {
            self.stacks.heap.cells[a] = fwd.value(self.stacks.heap.cells[a]);
        }
    }

    fn move_roots(&mut self, fwd: &Forward, barrier: usize, live: usize, frames: &[usize]) {
        for c in &mut self.stacks.x[..live] {
            *c = fwd.value(*c);
        }
        for &e in frames {
            for i in self.frame_slots(e) {
                self.stacks.stack[i] = fwd.value(self.stacks.stack[i]);
            }
        }
        let from = self.stacks.choices[barrier].args;
        for c in &mut self.stacks.saved_args[from..] {
            *c = fwd.value(*c);
        }
        for c in self.stacks.bglobals.values_mut() {
            *c = fwd.value(*c);
        }
        for ch in &mut self.stacks.choices[barrier..] {
            ch.h = fwd.addr(ch.h);
        }
    }

    /// Marking without a map must keep everything that marking with one keeps, and must agree
    /// with it on which of those words are raw: then every live cell moves right.
    #[cfg(debug_assertions)]
    fn check_marks(&self, marks: &Marks, barrier: usize, live: usize, frames: &[usize]) {
        let mut exact = Marks::exact(&self.stacks.heap.cells, marks.base, marks.top);
        self.mark_roots(&mut exact, barrier, live, frames);
        for a in marks.base..marks.top {
            let i = a - marks.base;
            if exact.is_marked(a) {
                assert!(marks.is_marked(a), "cell {a} lost");
                assert_eq!(get(&marks.raw, i), get(&exact.raw, i), "raw bit of {a}");
            }
            // What is kept must still read as cells and boxes.
            let c = self.stacks.heap.cells[a];
            if marks.is_marked(a) && !get(&marks.raw, i) && c.tag() == ply_term::Tag::Header {
                for r in i + 1..=i + c.header_words() {
                    assert!(get(&marks.raw, r), "box at {a} kept whole");
                }
            }
        }
    }
}
