//! The compiler's table of a clause's variables: for each unbound variable met while a clause
//! is compiled, its [`VarInfo`], in the order the variables were first met.
//!
//! The variables of one clause lie close together on the heap (the clause was just read or
//! copied there, and the compiler's own variables are made after it), so the table finds a
//! variable by its address in a window of slots, one per heap cell, rather than by hashing. A
//! variable far from the others goes to a hash map instead, so the window never grows past a
//! small multiple of the number of variables. The table is kept between clauses (see
//! `EmitVars` in compile.rs) and must never carry anything from one clause to the next:
//! [`VarTable::clear`] empties every slot it filled.

use super::VarInfo;
use ply_term::{Cell, FastMap};

/// A window never grows past this many slots per variable held (plus [`WINDOW_MIN`]).
const WINDOW_PER_VAR: usize = 16;
/// Slots a window may always have, however few variables the table holds.
const WINDOW_MIN: usize = 1024;

/// The variables of one clause and what the compiler knows of each.
#[derive(Default)]
pub(super) struct VarTable {
    /// The variables, in the order first met.
    cells: Vec<Cell>,
    /// What is known of each, at the same index.
    infos: Vec<VarInfo>,
    /// The heap address of `slots[0]`.
    base: usize,
    /// For each heap address from `base`, one more than the index of its variable, or 0.
    slots: Vec<u32>,
    /// Indexes of the variables outside the window; none lies inside it.
    far: FastMap<Cell, u32>,
}

impl VarTable {
    /// Forget every variable, keeping the storage.
    pub(super) fn clear(&mut self) {
        for c in &self.cells {
            if let Some(s) = self.slots.get_mut(c.addr().wrapping_sub(self.base)) {
                *s = 0;
            }
        }
        self.cells.clear();
        self.infos.clear();
        self.far.clear();
    }

    /// How many slots the storage keeps (for deciding whether to keep it at all).
    pub(super) fn capacity(&self) -> usize {
        self.slots.capacity().max(self.cells.capacity())
    }

    /// The index of variable `v`, if held.
    #[inline]
    fn index(&self, v: Cell) -> Option<usize> {
        match self.slots.get(v.addr().wrapping_sub(self.base)) {
            Some(&s) => {
                let i = (s as usize).checked_sub(1)?;
                (self.cells[i] == v).then_some(i)
            }
            None if self.far.is_empty() => None,
            None => self.far.get(&v).map(|&i| i as usize),
        }
    }

    /// What is known of variable `v`, if held.
    #[inline]
    pub(super) fn get(&self, v: &Cell) -> Option<&VarInfo> {
        self.index(*v).map(|i| &self.infos[i])
    }

    /// What is known of variable `v`, if held, to change.
    #[inline]
    pub(super) fn get_mut(&mut self, v: &Cell) -> Option<&mut VarInfo> {
        self.index(*v).map(|i| &mut self.infos[i])
    }

    /// What is known of variable `v`; a variable not held yet is added with `new()`.
    #[inline]
    pub(super) fn entry(&mut self, v: Cell, new: impl FnOnce() -> VarInfo) -> &mut VarInfo {
        if let Some(i) = self.index(v) {
            return &mut self.infos[i];
        }
        let i = self.cells.len();
        self.cells.push(v);
        self.infos.push(new());
        self.place(v, i as u32 + 1);
        &mut self.infos[i]
    }

    /// The variables in the order first met, each with what is known of it.
    pub(super) fn iter_mut(&mut self) -> impl Iterator<Item = (Cell, &mut VarInfo)> {
        self.cells.iter().copied().zip(self.infos.iter_mut())
    }

    /// Which variables have been met (`VarInfo::seen`), one bit each in the order first met:
    /// the state a branch of a control construct compiled in line starts from.
    pub(super) fn seen_bits(&self) -> Vec<u64> {
        let mut bits = vec![0u64; self.infos.len().div_ceil(64)];
        for (i, info) in self.infos.iter().enumerate() {
            if info.seen {
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        bits
    }

    /// Set which variables have been met from `bits` (see [`VarTable::seen_bits`]); a variable
    /// past its end has not been.
    pub(super) fn set_seen_bits(&mut self, bits: &[u64]) {
        for (i, info) in self.infos.iter_mut().enumerate() {
            info.seen = bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0);
        }
    }

    /// Record that variable `v` has slot value `s`: in the window, widening it when that keeps
    /// it small, or else in `far`.
    fn place(&mut self, v: Cell, s: u32) {
        let a = v.addr();
        if self.cells.len() == 1 {
            // The first variable: the window, all zero, moves to start at it.
            self.base = a;
        }
        if let Some(slot) = self.slots.get_mut(a.wrapping_sub(self.base)) {
            *slot = s;
            return;
        }
        let limit = WINDOW_MIN + WINDOW_PER_VAR * self.cells.len();
        let (lo, hi) = (self.base.min(a), (self.base + self.slots.len()).max(a + 1));
        if hi - lo > limit {
            self.far.insert(v, s - 1);
            return;
        }
        // Widen to [lo, hi), with room to grow upwards, where the compiler makes new variables.
        let len = (2 * (hi - lo)).min(limit).max(hi - lo);
        let shift = self.base - lo;
        if shift > 0 {
            let old = std::mem::take(&mut self.slots);
            self.slots.resize(len, 0);
            self.slots[shift..shift + old.len()].copy_from_slice(&old);
            self.base = lo;
        } else {
            self.slots.resize(len, 0);
        }
        self.slots[a - self.base] = s;
        // No variable in `far` may lie inside the window: move those it now covers.
        if !self.far.is_empty() {
            let (base, end) = (self.base, self.base + self.slots.len());
            let inside: Vec<(Cell, u32)> = self
                .far
                .iter()
                .filter(|(c, _)| (base..end).contains(&c.addr()))
                .map(|(&c, &i)| (c, i))
                .collect();
            for (c, i) in inside {
                self.far.remove(&c);
                self.slots[c.addr() - base] = i + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(count: usize) -> VarInfo {
        VarInfo {
            count,
            ..Default::default()
        }
    }

    #[test]
    fn near_far_and_lower_variables_are_all_found_and_cleared() {
        let mut t = VarTable::default();
        let addrs = [5000, 5003, 4990, 1, 9_000_000, 5001, 4000];
        for (k, &a) in addrs.iter().enumerate() {
            t.entry(Cell::reference(a), || info(k));
        }
        for (k, &a) in addrs.iter().enumerate() {
            assert_eq!(t.get(&Cell::reference(a)).map(|i| i.count), Some(k), "{a}");
            // Asking again finds the same entry rather than adding one.
            assert_eq!(t.entry(Cell::reference(a), || info(99)).count, k);
        }
        assert!(t.get(&Cell::reference(5002)).is_none());
        assert!(t.get(&Cell::atom(5000)).is_none());
        let order: Vec<usize> = t.iter_mut().map(|(c, _)| c.addr()).collect();
        assert_eq!(order, addrs);
        t.clear();
        for &a in &addrs {
            assert!(t.get(&Cell::reference(a)).is_none());
        }
        // A new clause far from the last one starts a window of its own.
        t.entry(Cell::reference(70_000), || info(1));
        assert_eq!(t.get(&Cell::reference(70_000)).map(|i| i.count), Some(1));
        assert!(t.get(&Cell::reference(5000)).is_none());
    }
}
