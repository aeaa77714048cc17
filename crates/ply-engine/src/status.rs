//! What code above the engine may read of a run, and the few things it may set: whether and
//! how `halt/0,1` ended it, the calls counted and the time since start for `time/1`, the
//! argument registers and choicepoint height a call hook or a debugger native sees, the
//! backtrackable globals the tracer keeps its depth in, and the memory `statistics/0` reports.
//!
//! Each method reads or sets one value; none changes how the machine runs.

use super::Machine;
use ply_term::Cell;

/// The sizes `statistics/0` reports, in cells (heap, environments) and entries (trail).
#[derive(Clone, Copy, Debug)]
pub struct MemoryUse {
    /// Heap cells in use and allocated.
    pub heap: (usize, usize),
    /// Environment stack cells in use and allocated.
    pub stack: (usize, usize),
    /// Trail entries in use and allocated.
    pub trail: (usize, usize),
    /// The stack limit in cells (the `stack_limit` flag over eight).
    pub limit: usize,
    /// Clauses in the database, counting the system's clauses still waiting to be compiled.
    pub clauses: usize,
    /// Entries in the predicate table.
    pub predicates: usize,
    /// Instructions in the code area.
    pub code: usize,
}

impl Machine {
    /// The exit status `halt/0,1` asked for, once it was called.
    pub fn halt_status(&self) -> Option<i32> {
        self.services.halt
    }

    /// End the run with exit status `code`, as `halt(Code)` does (the caller then throws the
    /// ball that unwinds to the toplevel).
    pub fn set_halt(&mut self, code: i32) {
        self.services.halt = Some(code);
    }

    /// The calls counted so far, as `statistics(inferences, N)` reports them.
    pub fn inferences(&self) -> u64 {
        self.stacks.inferences
    }

    /// The seconds of wall time since the machine was made.
    pub fn wall_seconds(&self) -> f64 {
        self.services.started.elapsed().as_secs_f64()
    }

    /// The first `n` argument registers: the arguments of the call a hook is shown.
    pub fn arg_regs(&self, n: usize) -> &[Cell] {
        &self.stacks.x[..n]
    }

    /// The number of choicepoints: equal before and after a call when it left none.
    pub fn choice_height(&self) -> usize {
        self.stacks.choices.len()
    }

    /// The value of the backtrackable global named by atom `k` (`b_getval/2`), if it has one.
    pub fn bglobal(&self, k: u32) -> Option<Cell> {
        self.stacks.bglobals.get(&k).copied()
    }

    /// What the machine holds, for `statistics/0`.
    pub fn memory_use(&self) -> MemoryUse {
        let clauses = self
            .program
            .preds
            .iter()
            .map(|p| match &p.kind {
                super::db::PredKind::Clauses(l) => l.clauses.len(),
                _ => 0,
            })
            .sum::<usize>()
            + self.services.loading.deferred.count();
        MemoryUse {
            heap: (self.stacks.heap.top(), self.stacks.heap.cells.capacity()),
            stack: (self.env_top(), self.stacks.stack.capacity()),
            trail: (self.stacks.trail.len(), self.stacks.trail.capacity()),
            limit: self.services.memory_limit,
            clauses,
            predicates: self.program.preds.len(),
            code: self.program.code.len(),
        }
    }
}
