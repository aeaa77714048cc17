//! The transposition table: what a search learnt of a position, by its key. Every entry
//! replaces the one before it under the same key, and the table never forgets, so a search
//! and its Prolog twin (whose table is a hash table of the same entries) find the same things.

use std::collections::HashMap;

/// What kind of bound a stored value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The exact value.
    Exact,
    /// The value is at least this (the search failed high).
    Lower,
    /// The value is at most this (the search failed low).
    Upper,
}

/// One position's entry.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    /// The horizon the value was searched to.
    pub(super) depth: u32,
    pub(super) bound: Bound,
    /// The value for the side to move.
    pub(super) value: i64,
    /// The key of the best successor found, if the position had successors.
    pub(super) best: Option<u64>,
}

impl Entry {
    /// Whether the entry answers a search with window `alpha..beta` by itself.
    pub(super) fn answers(&self, alpha: i64, beta: i64) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.value >= beta,
            Bound::Upper => self.value <= alpha,
        }
    }
}

/// Entries by position key.
#[derive(Default)]
pub(super) struct Table(HashMap<u64, Entry>);

impl Table {
    /// The entry under `key`.
    pub(super) fn get(&self, key: u64) -> Option<Entry> {
        self.0.get(&key).copied()
    }

    /// Store `entry` under `key`, replacing what was there.
    pub(super) fn put(&mut self, key: u64, entry: Entry) {
        self.0.insert(key, entry);
    }
}
