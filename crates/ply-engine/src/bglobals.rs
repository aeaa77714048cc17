//! Backtrackable global variables (`b_setval/2`, `b_getval/2`): values kept by name in
//! `Machine::bglobals` that backtracking restores through the trail.
//!
//! Setting one pushes a trail entry with the old value; undoing the entry puts that value back
//! (or removes the name). The collectors see the values and the entries as roots.

use crate::choice::TrailEntry;
use crate::Machine;
use ply_term::Cell;

/// How many trail entries `b_setval/2` looks back over for one of its own key.
const GLOBAL_LOOKBACK: usize = 8;

impl Machine {
    /// Give the global variable named by atom `k` the value `v` until backtracking undoes it,
    /// as `b_setval/2` does.
    ///
    /// Backtracking to a choicepoint undoes every trail entry above its mark, newest first, so
    /// the oldest entry for `k` there restores the value `k` had when the choicepoint was made,
    /// and another entry would only be undone in its turn. So no entry is pushed when the last
    /// few entries hold one for `k` above the newest choicepoint's mark: a deterministic loop of
    /// `b_setval/2` keeps one entry instead of one per call, which the collector would otherwise
    /// read at every collection. Only choicepoints undo the trail (a nested query or a catch
    /// pushes one), so the mark of the newest is the only one that matters.
    pub fn set_bglobal(&mut self, k: u32, v: Cell) {
        let v = self.stacks.heap.deref(v);
        let old = self.stacks.bglobals.insert(k, v);
        let mark = self.stacks.choices.last().map_or(0, |c| c.trail);
        let from = mark.max(self.stacks.trail.len().saturating_sub(GLOBAL_LOOKBACK));
        let trailed = self.stacks.trail[from..]
            .iter()
            .any(|e| matches!(e, TrailEntry::Global(g, _) if *g == k));
        if !trailed {
            self.stacks.trail.push(TrailEntry::Global(k, old));
        }
    }

    /// Undo a `b_setval/2` on backtracking.
    pub fn restore_global(&mut self, name: u32, old: Option<Cell>) {
        match old {
            Some(v) => {
                self.stacks.bglobals.insert(name, v);
            }
            None => {
                self.stacks.bglobals.remove(&name);
            }
        }
    }
}
