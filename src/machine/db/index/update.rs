//! Changing a clause list in place: appending a clause (`assertz`), putting one in front
//! (`asserta`) and removing one (`retract`, `erase`), keeping the caches of `index.rs` where
//! the change allows.
//!
//! The database changes a list in place only when no choicepoint shares it (a shared list is
//! copied first: the logical update view), so nothing here is ever seen by a running call. An
//! append keeps the first-argument hash table up to date instead of dropping it, so that a
//! program that extends a table between lookups (a memo or transposition table) does not pay
//! for a new table at every lookup. A change that moves positions drops the tables; they are
//! rebuilt when a call next needs them. Nothing here may reorder clauses.

use super::{has_two_keys, Buckets, ClauseList, BUCKET_BUDGET, INDEX_THRESHOLD};
use crate::machine::db::Clause;
use std::cell::OnceCell;
use std::rc::Rc;

impl ClauseList {
    /// Add `clause` after the others.
    pub fn push_clause(&mut self, clause: Rc<Clause>) {
        let code = clause.key.code();
        let pos = self.clauses.len() as u32;
        self.keys.push((code, clause.start));
        self.clauses.push(clause);
        self.update_indexed(code, 0);
        let budget = self.keys.len().saturating_mul(BUCKET_BUDGET);
        if let Some(slot) = self.index.get_mut() {
            if let Some(buckets) = slot {
                if !buckets.append(pos, code, budget) {
                    *slot = None;
                }
            }
        }
        // The other columns are cheap to rebuild and rarely asked for on a growing table.
        self.columns = OnceCell::new();
    }

    /// Add `clause` before the others.
    pub fn prepend_clause(&mut self, clause: Rc<Clause>) {
        let code = clause.key.code();
        self.keys.insert(0, (code, clause.start));
        self.clauses.insert(0, clause);
        self.update_indexed(code, 1);
        self.drop_tables();
    }

    /// Remove the clause at position `pos`.
    pub fn remove_clause(&mut self, pos: usize) {
        self.clauses.remove(pos);
        self.keys.remove(pos);
        // Whether two keys remain would take a pass over the list to know; an index on a list
        // that no longer needs one is only slower, never wrong, so the flag stays until the
        // list is short.
        self.indexed = self.indexed && self.keys.len() >= INDEX_THRESHOLD;
        self.drop_tables();
    }

    /// Forget the hash tables, which name positions.
    fn drop_tables(&mut self) {
        self.index = OnceCell::new();
        self.columns = OnceCell::new();
    }

    /// Decide `indexed` after a clause with key code `code` was added; the keys of the other
    /// clauses start at position `others` (0 after an append, 1 after a prepend). Without
    /// a pass over the whole list: a list at least as long as the threshold that is not indexed
    /// has one key other than variables at most, so only the new clause can add a second.
    fn update_indexed(&mut self, code: u64, others: usize) {
        let n = self.keys.len();
        if self.indexed || n < INDEX_THRESHOLD {
            return;
        }
        self.indexed = if n == INDEX_THRESHOLD {
            has_two_keys(self.keys.iter().map(|&(k, _)| k))
        } else {
            code != 0
                && self.keys[others..]
                    .iter()
                    .find(|&&(k, _)| k != 0)
                    .is_some_and(|&(k, _)| k != code)
        };
    }
}

impl Buckets {
    /// Add position `pos` (after every position listed) with key code `code`; false when the
    /// table would then list more than `budget` positions, and should be given up.
    fn append(&mut self, pos: u32, code: u64, budget: usize) -> bool {
        let with = |list: &Rc<[u32]>| -> Rc<[u32]> {
            let mut v = Vec::with_capacity(list.len() + 1);
            v.extend_from_slice(list);
            v.push(pos);
            Rc::from(v)
        };
        if code == 0 {
            // A variable matches every key: every list gets the position.
            let total: usize = self.map.values().map(|l| l.len()).sum::<usize>()
                + self.any.len()
                + self.map.len()
                + 1;
            if total > budget {
                return false;
            }
            for list in self.map.values_mut() {
                *list = with(list);
            }
            self.any = with(&self.any);
        } else {
            let any = &self.any;
            let list = self.map.entry(code).or_insert_with(|| any.clone());
            *list = with(list);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::Cands;
    use super::*;
    use crate::machine::db::{HeadKeys, Key};
    use crate::term::{Cell, StoredTerm};

    fn clause(i: usize, key: Key) -> Rc<Clause> {
        Rc::new(Clause {
            start: 100 + i,
            key,
            more: HeadKeys::default(),
            term: StoredTerm {
                cells: Vec::new(),
                nvars: 0,
            },
            id: i,
        })
    }

    /// The code addresses a call with first-argument key `key` may try, in order.
    fn tried(l: &ClauseList, key: Key) -> Vec<usize> {
        let cands = l.candidates(key);
        let mut out = Vec::new();
        let mut pos = l.next_candidate(&cands, 0);
        while let Some(p) = pos {
            out.push(l.start_at(&cands, p));
            pos = l.next_candidate(&cands, p + 1);
        }
        out
    }

    /// The same clauses, with every cache built from scratch.
    fn rebuilt(l: &ClauseList) -> ClauseList {
        let mut r = ClauseList {
            clauses: l.clauses.clone(),
            ..ClauseList::default()
        };
        r.invalidate();
        r
    }

    #[test]
    fn changes_select_what_a_rebuilt_list_selects() {
        let keys = |i: usize| match i % 7 {
            0 => Key::Any,
            k => Key::Atomic(Cell::int((i % 5 + k) as i64)),
        };
        let probes: Vec<Key> = (0..12)
            .map(|k| Key::Atomic(Cell::int(k)))
            .chain([Key::Any, Key::Boxed])
            .collect();
        let mut l = ClauseList::default();
        for i in 0..60 {
            match i % 9 {
                4 => l.prepend_clause(clause(i, keys(i))),
                7 if !l.clauses.is_empty() => l.remove_clause(i % l.clauses.len()),
                _ => l.push_clause(clause(i, keys(i))),
            }
            let fresh = rebuilt(&l);
            assert_eq!(l.keys, fresh.keys, "after step {i}");
            for &k in &probes {
                // Build the hash table now and then, so that later appends must keep it.
                assert_eq!(tried(&l, k), tried(&fresh, k), "step {i}, key {k:?}");
            }
        }
        assert!(matches!(l.candidates(probes[1]), Cands::Listed(_)));
    }

    #[test]
    fn indexing_starts_once_two_keys_occur() {
        let mut l = ClauseList::default();
        for i in 0..20 {
            l.push_clause(clause(i, Key::Atomic(Cell::int(1))));
        }
        assert!(!l.indexed);
        l.push_clause(clause(20, Key::Any));
        assert!(!l.indexed);
        l.push_clause(clause(21, Key::Atomic(Cell::int(2))));
        assert!(l.indexed);
        let mut l = ClauseList::default();
        for i in 0..20 {
            l.prepend_clause(clause(i, Key::Atomic(Cell::int(1))));
        }
        l.prepend_clause(clause(20, Key::Atomic(Cell::int(3))));
        assert!(l.indexed);
    }
}
