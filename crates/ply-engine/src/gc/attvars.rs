//! What the heap collector must know of attributed variables (`attvar.rs`): an attributed
//! variable's attributes live in the cell after its variable cell, which no pointer names.
//!
//! Marking keeps that cell whenever it keeps the variable's (unless the variable is bound for
//! good, see `mark_attvar_attrs`), takes the attributes of the
//! attributed variables below the collected region as roots (they may point into it), and the
//! variables waiting for a wakeup or for the occurs check too. Moving renumbers the addresses the machine keeps and
//! forgets the attributed variables that were garbage.

use super::forward::Forward;
use super::marks::{get, Marks};
use super::Machine;
use ply_term::Cell;

impl Machine {
    /// Mark the roots that attributed variables add: the attributes of those older than the
    /// region and the variables bound since the last wakeup.
    pub(super) fn mark_attvar_roots(&self, marks: &mut Marks) {
        let att = &self.stacks.attvars;
        if !att.on {
            return;
        }
        let cells = &self.stacks.heap.cells;
        for &a in att.set.range(..marks.base) {
            if a + 1 < cells.len() {
                marks.value(cells, cells[a + 1]);
            }
        }
        for &a in &att.pending {
            marks.value(cells, Cell::reference(a));
        }
        for &(a, _) in &att.occurs_pending {
            marks.value(cells, Cell::reference(a));
        }
    }

    /// After the roots are drained: keep the attributes of every kept attributed variable of
    /// the region, until that keeps nothing new. A variable bound for good needs them no more:
    /// one bound, younger than every choicepoint (no backtracking can unbind it, only take it
    /// away) and not waiting for its wakeup or occurs check. Its attributes (a frozen goal and
    /// what it holds) are left to go, and `move_attvars` forgets it as attributed.
    pub(super) fn mark_attvar_attrs(&self, marks: &mut Marks) {
        let att = &self.stacks.attvars;
        if !att.on {
            return;
        }
        let cells = &self.stacks.heap.cells;
        let hb = self.hb();
        let bound_for_good = |a: usize| {
            cells[a] != Cell::reference(a)
                && a >= hb
                && !att.pending.contains(&a)
                && !att.occurs_pending.iter().any(|&(p, _)| p == a)
        };
        loop {
            let mut more = false;
            for &a in att.set.range(marks.base..marks.top) {
                let i = a - marks.base;
                if a + 1 < marks.top
                    && get(&marks.live, i)
                    && !get(&marks.live, i + 1)
                    && !bound_for_good(a)
                {
                    marks.keep(a + 1);
                    more = true;
                }
            }
            if !more {
                return;
            }
            marks.drain(cells);
        }
    }

    /// The cells holding the attributes of attributed variables older than the region, which
    /// the caller moves once with the other older cells that point into it.
    pub(super) fn older_attvar_cells(&self, base: usize) -> Vec<usize> {
        let att = &self.stacks.attvars;
        att.set.range(..base).map(|&a| a + 1).collect()
    }

    /// Renumber the attributed variables of the region and forget the dead ones.
    pub(super) fn move_attvars(&mut self, fwd: &Forward) {
        let att = &mut self.stacks.attvars;
        if !att.on {
            return;
        }
        let moved: Vec<usize> = att
            .set
            .range(fwd.base..)
            .filter(|&&a| fwd.live_cell(a) && fwd.live_cell(a + 1))
            .map(|&a| fwd.addr(a))
            .collect();
        att.set.retain(|&a| a < fwd.base);
        att.set.extend(moved);
        att.rebuild_bits();
        for (a, _) in &mut att.occurs_pending {
            *a = fwd.addr(*a);
        }
        for a in &mut att.pending {
            *a = fwd.addr(*a);
        }
    }
}
