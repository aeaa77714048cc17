//! The tables of a machine by id, in a ring of slots instead of a hash map.
//!
//! Table ids are handed out in increasing order and never reused, and every reader of an
//! answer and every answer added looks its table up by id, so the lookup is on the path of
//! each derivation. The tables live in slots indexed by their id less the id of the first slot;
//! a dropped table leaves an empty slot, and empty slots at either end are let go, so that a
//! program that makes and abolishes tables forever keeps only the slots between its oldest and
//! its newest living table.

use super::Table;
use std::collections::VecDeque;

/// The tables, by id.
#[derive(Default)]
pub struct Slab {
    /// The id of the table in the first slot.
    base: u64,
    /// The tables from id `base` on; `None` where one was dropped.
    slots: VecDeque<Option<Box<Table>>>,
}

impl Slab {
    /// The table of id `id`.
    #[inline]
    pub fn get(&self, id: &u64) -> Option<&Table> {
        let i = id.checked_sub(self.base)?;
        self.slots.get(usize::try_from(i).ok()?)?.as_deref()
    }

    /// The table of id `id`, to change.
    #[inline]
    pub fn get_mut(&mut self, id: &u64) -> Option<&mut Table> {
        let i = id.checked_sub(self.base)?;
        self.slots.get_mut(usize::try_from(i).ok()?)?.as_deref_mut()
    }

    /// Keep table `t` under id `id`, which must be larger than every id kept so far.
    pub fn insert(&mut self, id: u64, t: Table) {
        if self.slots.is_empty() {
            self.base = id;
        }
        while self.base + (self.slots.len() as u64) < id {
            self.slots.push_back(None);
        }
        self.slots.push_back(Some(Box::new(t)));
    }

    /// Drop the table of id `id`, giving it back.
    pub fn remove(&mut self, id: &u64) -> Option<Table> {
        let i = usize::try_from(id.checked_sub(self.base)?).ok()?;
        let t = self.slots.get_mut(i)?.take()?;
        while self.slots.back().is_some_and(|s| s.is_none()) {
            self.slots.pop_back();
        }
        while self.slots.front().is_some_and(|s| s.is_none()) {
            self.slots.pop_front();
            self.base += 1;
        }
        Some(*t)
    }

    /// Drop every table.
    pub fn clear(&mut self) {
        self.slots.clear();
    }

    /// Every table with its id, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = (u64, &Table)> {
        let base = self.base;
        self.slots
            .iter()
            .enumerate()
            .filter_map(move |(i, s)| Some((base + i as u64, s.as_deref()?)))
    }
}
