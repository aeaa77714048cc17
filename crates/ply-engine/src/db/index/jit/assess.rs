//! Deciding which index calls that bind a set of places look in: counting what each place, and
//! the best two together, would leave a call with, and building the index that leaves few.
//!
//! The measure is the number of candidates a call would be left with on average if its key
//! were drawn as the clauses' keys are: the clauses with a variable at the place, plus the sum
//! of the squares of each key's count over the number of keyed clauses. A place is worth an
//! index when that is at most a quarter of the list; two places are taken together when the
//! best one alone leaves more than a few and the two together leave half as many or fewer.
//! Counting a place is a pass over the list, made again only once the list has changed by as
//! many clauses as it had (`jit.rs`), so a list that grows by asserts pays a constant per
//! clause for it, as SWI-Prolog's reassessment does.

use super::table::{budget, Table};
use super::{stale, Assessed, IndexKey, Jit, JitIndex, Places, MAX_INDEXES};
use crate::db::clause_term::MISMATCH;
use crate::db::index::ClauseList;
use crate::instr::Instr;

/// A place leaving more candidates than this on average is tried together with the next best.
const PAIR_WORTH: f64 = 4.0;

/// The most places of one call counted for a decision.
const MAX_COUNTED: usize = 12;

impl ClauseList {
    /// The index calls that bind `places` should look in, built if it is new; `None` when no
    /// index would pay.
    /// `area` is the code area the clauses' keys are read from (`Clause::cells`).
    pub(super) fn choose(&self, jit: &mut Jit, places: &Places, area: &[Instr]) -> Option<usize> {
        let live = self.clauses.len();
        let mut singles: Vec<(IndexKey, f64)> = places
            .candidates()
            .take(MAX_COUNTED)
            .map(|p| {
                let key = IndexKey::one(p);
                (key, self.cost_of(jit, key, area))
            })
            .collect();
        singles.sort_by(|a, b| a.1.total_cmp(&b.1));
        let mut best = *singles.first()?;
        if best.1 > PAIR_WORTH && singles.len() >= 2 {
            let pair = IndexKey::two(singles[0].0.paths[0], singles[1].0.paths[0]);
            let cost = self.cost_of(jit, pair, area);
            if cost * 2.0 <= best.1 {
                best = (pair, cost);
            }
        }
        if best.1 * 4.0 > live as f64 {
            return None;
        }
        if let Some(i) = jit.indexes.iter().position(|ix| ix.key == best.0) {
            return Some(i);
        }
        if jit.indexes.len() >= MAX_INDEXES {
            return None;
        }
        let key = best.0;
        let keys = jit
            .assessed
            .iter()
            .find(|a| a.key == key)
            .map_or(0, |a| a.keys);
        let Some(table) = Table::build(self.slots_and_codes(key, area), keys, budget(live)) else {
            // Too many clauses with a variable there: not worth counting again soon.
            self.note_cost(jit, key, f64::INFINITY, 0);
            return None;
        };
        jit.indexes.push(JitIndex { key, table });
        jit.decisions.clear();
        Some(jit.indexes.len() - 1)
    }

    /// The average candidates of an index on `key`, counted unless a count stands.
    fn cost_of(&self, jit: &mut Jit, key: IndexKey, area: &[Instr]) -> f64 {
        let now = jit.changes;
        let counted = jit.assessed.iter().find(|a| a.key == key);
        if let Some(a) = counted.filter(|a| !stale(a.at, a.live, now)) {
            return a.cost;
        }
        let (cost, keys) = self.count(key, area);
        self.note_cost(jit, key, cost, keys);
        cost
    }

    /// Remember `cost` and the number of different keys `keys` for `key`.
    fn note_cost(&self, jit: &mut Jit, key: IndexKey, cost: f64, keys: usize) {
        let a = Assessed {
            key,
            at: jit.changes,
            live: self.clauses.len(),
            cost,
            keys,
        };
        match jit.assessed.iter_mut().find(|a| a.key == key) {
            Some(old) => *old = a,
            None => jit.assessed.push(a),
        }
    }

    /// The average candidates of an index on `key`, counted over the list, and how many
    /// different keys it has. The keys are counted by sorting their codes rather than in a
    /// hash map: a place of a million different keys then needs one word per clause for the
    /// count, where a map needed four, and a moment later the index itself is built.
    fn count(&self, key: IndexKey, area: &[Instr]) -> (f64, usize) {
        let mut codes: Vec<u64> = Vec::with_capacity(self.clauses.len());
        let mut vars = 0usize;
        for c in self.clauses.iter() {
            match key.clause_code(&c.keys(area)) {
                0 => vars += 1,
                MISMATCH => {}
                code => codes.push(code),
            }
        }
        if codes.is_empty() {
            return (vars as f64, 0);
        }
        codes.sort_unstable();
        let (mut squares, mut keys) = (0.0f64, 0usize);
        for run in codes.chunk_by(|a, b| a == b) {
            squares += (run.len() as f64) * (run.len() as f64);
            keys += 1;
        }
        (vars as f64 + squares / codes.len() as f64, keys)
    }

    /// Every live slot with its key code under `key`, in slot order, read as they are taken
    /// (a table is built from them without a list of them all).
    pub(super) fn slots_and_codes<'a>(
        &'a self,
        key: IndexKey,
        area: &'a [Instr],
    ) -> impl Iterator<Item = (u32, u64)> + 'a {
        (self.clauses.head()..self.clauses.end()).filter_map(move |s| {
            let c = self.clauses.get(s)?;
            Some((s as u32, key.clause_code(&c.keys(area))))
        })
    }
}
