//! The heap garbage collector: a sliding mark-compact collector over the part of the heap that
//! the innermost query built.
//!
//! It keeps the order of cells, so choicepoint heap marks stay meaningful and the trail's
//! "older than the choicepoint" test keeps working after a collection. It runs only at a call
//! boundary, when the live registers are exactly the called predicate's arguments; it must never
//! run while Rust code outside the run loop holds cells of the region it collects.

use std::time::Duration;

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
    /// Heap top at or above which the next call collects.
    pub trigger: usize,
}

impl GcState {
    /// The state of a machine that has not collected yet.
    pub fn new() -> GcState {
        GcState {
            collections: 0,
            freed: 0,
            time: Duration::ZERO,
            trigger: usize::MAX,
        }
    }
}

impl Default for GcState {
    fn default() -> Self {
        GcState::new()
    }
}
