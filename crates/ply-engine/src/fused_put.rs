//! The run loop's step for the goal arguments that build a list pair in one instruction
//! (`Instr::PutListValVal` for `[X|T]`, `Instr::PutListValConst` for `[X]`): a fast path that
//! saves two dispatches per list cell a body builds, such as an accumulator's next value.
//! With the fast paths off, `PutList` and its two `Unify*` instructions stay.

use super::instr::Reg;
use super::Machine;
use ply_term::Cell;

impl Machine {
    /// `PutListValVal` and `PutListValConst`: `A[ai] :=` a new list pair of the two cells
    /// given, each with the register it was read from (none for a constant). Read before
    /// `A[ai]` is written, where `PutList` and its `UnifyVal`s read them after; the compiler
    /// never has a goal's argument read the register it is built into (`regalloc.rs`), so the
    /// two orders agree.
    #[inline(always)]
    pub(crate) fn put_pair(&mut self, ai: u32, head: (Reg, Cell), tail: (Reg, Cell)) -> bool {
        debug_assert!(head.0 != Reg::X(ai) && tail.0 != Reg::X(ai));
        let h = self.stacks.heap.push_pair(head.1, tail.1);
        self.set_arg_reg(ai, Cell::list(h));
        self.stacks.pc += 1;
        true
    }
}
