//! Where the clauses of a predicate sit: numbered slots that keep their numbers while clauses
//! come and go, so that removing a clause moves no other clause and the hash tables of
//! `index.rs`, which name slots, stay true.
//!
//! A removed clause leaves an empty slot (its key word becomes [`DEAD`]). Slots before the first
//! clause are skipped without being looked at, so a queue taken from the front costs nothing per
//! take; empty slots at the end are given back at once. Empty slots elsewhere are looked at and
//! skipped, so once they outnumber the clauses the list is laid out again
//! ([`Clauses::relayout`]): the one change here that renumbers slots, which whoever keeps a slot
//! number must be told of. Nothing here may reorder clauses.

use super::super::{Clause, Key};
use super::{live_match, ClauseList};
use crate::instr::Instr;
use ply_term::FastMap;
use std::cell::OnceCell;
use std::rc::Rc;

/// The key word of an empty slot. Its tag is that of a variable reference, which no key code
/// has, so no call's key equals it; a call with a variable first argument must test for it.
pub const DEAD: u64 = !7;

/// The clauses of one list in their slots, with the key word and code address of each slot.
#[derive(Clone, Debug)]
pub struct Clauses {
    /// The clause in each slot, `None` for an empty slot.
    slots: Vec<Option<Rc<Clause>>>,
    /// The first-argument key code and code address of each slot, kept beside `slots` so that a
    /// call scans one flat array instead of following a pointer per clause.
    pub(super) keys: Vec<(u64, usize)>,
    /// The first slot that may hold a clause: every slot before it is empty.
    head: usize,
    /// How many slots hold a clause.
    live: usize,
    /// What [`Clauses::only_start`] answers, as one word ([`NO_ONLY`] for `None`), kept by
    /// [`Clauses::refresh_only`] after every change: every call reads it, and one word saves
    /// the call's chain of dependent loads through `keys` to the slot.
    only: usize,
    /// Each clause's slot by its id, made the first time a clause of a long list is looked up
    /// by id with no slot to try ([`Clauses::slot_of`]: `erase/1` of a reference kept from
    /// earlier) and kept up to date from then on, so that erasing a list's clauses through
    /// their references in any order is not quadratic. Only a hint: an answer it gives is
    /// checked against the slot.
    by_id: OnceCell<FastMap<usize, usize>>,
}

/// How many slots [`Clauses::slot_of`] looks through one by one before it makes
/// [`Clauses::by_id`].
const SCAN_LIMIT: usize = 64;

/// The [`Clauses::only`] word of a list that is not one clause alone.
const NO_ONLY: usize = usize::MAX;

impl Default for Clauses {
    fn default() -> Clauses {
        Clauses {
            slots: Vec::new(),
            keys: Vec::new(),
            head: 0,
            live: 0,
            only: NO_ONLY,
            by_id: OnceCell::new(),
        }
    }
}

impl Clauses {
    /// How many clauses there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.live
    }

    /// True when there is no clause.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// The clauses in order.
    pub fn iter(&self) -> std::iter::Flatten<std::slice::Iter<'_, Option<Rc<Clause>>>> {
        self.slots[self.head..].iter().flatten()
    }

    /// The clause in slot `slot`, if it holds one.
    #[inline]
    pub fn get(&self, slot: usize) -> Option<&Rc<Clause>> {
        self.slots.get(slot).and_then(Option::as_ref)
    }

    /// The code address of the one clause, when there is exactly one and no empty slot beside
    /// it: a call then needs no key, since the clause's head rules out all that a key would.
    #[inline]
    pub fn only_start(&self) -> Option<usize> {
        debug_assert_eq!(self.only, self.work_out_only());
        (self.only != NO_ONLY).then_some(self.only)
    }

    /// The [`Clauses::only`] word of the list as it is.
    fn work_out_only(&self) -> usize {
        if self.live == 1 && self.keys.len() == self.head + 1 {
            self.keys[self.head].1
        } else {
            NO_ONLY
        }
    }

    /// Set [`Clauses::only`] again; every change to the slots or the code addresses ends here.
    fn refresh_only(&mut self) {
        self.only = self.work_out_only();
    }

    /// The first slot that may hold a clause.
    #[inline]
    pub fn head(&self) -> usize {
        self.head
    }

    /// One past the last slot.
    #[inline]
    pub fn end(&self) -> usize {
        self.slots.len()
    }

    /// The slot of the clause with id `id`, trying slot `hint` first.
    pub fn slot_of(&self, id: usize, hint: Option<usize>) -> Option<usize> {
        if let Some(h) = hint {
            if self.get(h).is_some_and(|c| c.id == id) {
                return Some(h);
            }
        }
        let holds = |i: usize| self.get(i).is_some_and(|c| c.id == id);
        // The first and the last clause first: a queue, or a stack, erased in order.
        let last = self.slots.len().wrapping_sub(1);
        if let Some(i) = [self.head, last].into_iter().find(|&i| holds(i)) {
            return Some(i);
        }
        if self.slots.len() - self.head > SCAN_LIMIT {
            let by_id = self.by_id.get_or_init(|| {
                let live = (self.head..self.slots.len()).filter_map(|i| Some((self.get(i)?.id, i)));
                live.collect()
            });
            if let Some(&i) = by_id.get(&id) {
                if holds(i) {
                    return Some(i);
                }
            }
        }
        (self.head..self.slots.len()).find(|&i| holds(i))
    }

    /// Note in [`Clauses::by_id`], if it is made, that clause `id` is in slot `slot` now
    /// (`Some`) or has gone (`None`).
    fn note_slot(&mut self, id: usize, slot: Option<usize>) {
        if let Some(by_id) = self.by_id.get_mut() {
            match slot {
                Some(s) => by_id.insert(id, s),
                None => by_id.remove(&id),
            };
        }
    }

    /// Move the clause in slot `slot` (if any) to the code of `new`, the same clause compiled
    /// again: its address, length ([`Clause::code_len`]) and family ([`Clause::family`]).
    pub(super) fn set_start(&mut self, slot: usize, new: Clause) {
        if let Some(Some(c)) = self.slots.get_mut(slot) {
            let mut clause = Clause::clone(c);
            clause.set_code(new.start(), new.code_len(), new.family());
            *c = Rc::new(clause);
            self.keys[slot].1 = new.start();
        }
        self.refresh_only();
    }

    /// Change every clause in place with `f`, which may move its code (its key stays), and
    /// note each one's new code address.
    pub(super) fn change_each(&mut self, mut f: impl FnMut(&mut Clause)) {
        for (slot, c) in self.slots.iter_mut().enumerate() {
            if let Some(c) = c {
                let clause = Rc::make_mut(c);
                f(clause);
                self.keys[slot].1 = clause.start();
            }
        }
        self.refresh_only();
    }

    /// Put `clause`, whose first-argument key code is `key`, in a new slot after every other;
    /// returns the slot.
    pub(super) fn push(&mut self, clause: Rc<Clause>, key: u64) -> usize {
        if self.live == 0 {
            // Every slot is empty, and nobody may count on one: start again at slot 0.
            self.slots.clear();
            self.keys.clear();
            self.head = 0;
            self.by_id = OnceCell::new();
        }
        self.note_slot(clause.id, Some(self.slots.len()));
        self.keys.push((key, clause.start()));
        self.slots.push(Some(clause));
        self.live += 1;
        self.refresh_only();
        self.slots.len() - 1
    }

    /// Put `clause`, whose first-argument key code is `key`, in the empty slot just before the
    /// first clause, which the caller has made sure exists (`head() > 0`, or no clause at all);
    /// returns the slot.
    pub(super) fn push_front(&mut self, clause: Rc<Clause>, key: u64) -> usize {
        if self.live == 0 {
            return self.push(clause, key);
        }
        debug_assert!(self.head > 0);
        self.head -= 1;
        self.note_slot(clause.id, Some(self.head));
        self.keys[self.head] = (key, clause.start());
        self.slots[self.head] = Some(clause);
        self.live += 1;
        self.refresh_only();
        self.head
    }

    /// Empty slot `slot`; returns the key code its clause had, or `None` if it was empty.
    pub(super) fn take(&mut self, slot: usize) -> Option<u64> {
        let gone = self.slots.get_mut(slot)?.take()?;
        self.note_slot(gone.id, None);
        let code = std::mem::replace(&mut self.keys[slot].0, DEAD);
        self.live -= 1;
        if self.live == 0 {
            self.slots.clear();
            self.keys.clear();
            self.head = 0;
            self.by_id = OnceCell::new();
            self.refresh_only();
            return Some(code);
        }
        while self.slots.last().is_some_and(Option::is_none) {
            self.slots.pop();
            self.keys.pop();
        }
        while self.slots[self.head].is_none() {
            self.head += 1;
        }
        self.refresh_only();
        Some(code)
    }

    /// How many empty slots lie among or before the clauses.
    #[inline]
    pub(super) fn holes(&self) -> usize {
        self.slots.len() - self.live
    }

    /// Lay the clauses out again with `gap` empty slots before the first and none between.
    /// Returns where each slot went: entry `s` is the new number of the first clause at or after
    /// old slot `s`, and the last entry (for old slot `end()`) is the new end.
    pub(super) fn relayout(&mut self, gap: usize) -> Box<[u32]> {
        let old = std::mem::take(&mut self.slots);
        let mut map = Vec::with_capacity(old.len() + 1);
        let mut slots = Vec::with_capacity(gap + self.live);
        let mut keys = Vec::with_capacity(gap + self.live);
        slots.resize(gap, None);
        keys.resize(gap, (DEAD, 0));
        for (s, clause) in old.into_iter().enumerate() {
            map.push(slots.len() as u32);
            if clause.is_some() {
                keys.push(self.keys[s]);
                slots.push(clause);
            }
        }
        map.push(slots.len() as u32);
        self.slots = slots;
        self.keys = keys;
        self.head = if self.live == 0 { 0 } else { gap };
        // Every slot is numbered again: the ids' slots are made again when next asked for.
        self.by_id = OnceCell::new();
        self.refresh_only();
        map.into_boxed_slice()
    }
}

impl<'a> IntoIterator for &'a Clauses {
    type Item = &'a Rc<Clause>;
    type IntoIter = std::iter::Flatten<std::slice::Iter<'a, Option<Rc<Clause>>>>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Clauses {
    /// The clauses `clauses` in order; `area` is the code area their keys are read from
    /// (`Clause::cells`).
    pub fn from_clauses(clauses: impl IntoIterator<Item = Rc<Clause>>, area: &[Instr]) -> Clauses {
        let mut c = Clauses::default();
        for clause in clauses {
            let key = clause.keys(area).key_code();
            c.push(clause, key);
        }
        c
    }
}

impl ClauseList {
    /// Whether at most one clause may match a call with first-argument key `key`, as
    /// [`ClauseList::next_match`] finds them from the start with no clause left out: one
    /// look-up in the hash table of a long list, one pass over the key array of a short one.
    pub fn at_most_one_match(&self, key: Key) -> bool {
        let k = key.code();
        match (!self.scans(k)).then(|| self.first_buckets()).flatten() {
            Some(b) => b.get(k).len() <= 1,
            None => (self.clauses.keys[self.clauses.head()..].iter())
                .filter(|&&(c, _)| live_match(c, k))
                .nth(1)
                .is_none(),
        }
    }
}
