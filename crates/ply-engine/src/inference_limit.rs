//! The inference limit of `call_with_inference_limit/3`: while a limit is active, a call made
//! when the count of inferences (the one `statistics(inferences, N)` reads) has gone past the
//! limit raises `inference_limit_exceeded` instead of running.
//!
//! Nothing here runs while no limit is active. Activating one raises an attention bit, so that
//! every call goes through the dispatcher's hook ([`Machine::attend`]), which asks
//! [`Machine::inference_check`]; the unlimited path pays only the attention load it pays
//! already. The limit is an absolute count: a limit nested in another is the smaller of the
//! two, so the inner one can never run past the outer one. Once the exception is raised the
//! limit is off, as in SWI-Prolog, so that the goal's own handlers, and the cleanup the library
//! predicate does, run unhindered; the library (`boot.pl`) puts the outer limit back when the
//! goal it limited is left in any way.

use super::db::PredKind;
use super::error::PlError;
use super::hook::ATTEND_INFER;
use super::instr::PredId;
use super::Machine;
use ply_term::Cell;
use std::sync::atomic::Ordering::Relaxed;

/// The limit when none is active.
pub const INFER_OFF: u64 = u64::MAX;

impl Machine {
    /// The active limit, [`INFER_OFF`] when none is.
    pub fn inference_limit(&self) -> u64 {
        self.stacks.infer_limit
    }

    /// Make `limit` the active limit ([`INFER_OFF`]: none), raising or clearing the attention
    /// bit with it.
    pub fn set_inference_limit(&mut self, limit: u64) {
        self.stacks.infer_limit = limit;
        if limit == INFER_OFF {
            self.services.attention.fetch_and(!ATTEND_INFER, Relaxed);
        } else {
            self.services.attention.fetch_or(ATTEND_INFER, Relaxed);
        }
    }

    /// At a call of `pid` while a limit is active: the exception to raise when the count has
    /// gone past the limit, which is then switched off. The library's own natives that put
    /// the outer limit back when the goal is left are let through: the exception is the
    /// goal's, and the call that ends it must not raise it outside its handler.
    #[cold]
    #[inline(never)]
    pub(crate) fn inference_check(&mut self, pid: PredId) -> Result<(), PlError> {
        if self.stacks.inferences <= self.stacks.infer_limit {
            return Ok(());
        }
        let p = &self.program.preds[pid as usize];
        if matches!(p.kind, PredKind::Native(_))
            && self.atoms.name(p.name).starts_with("$inference_limit")
        {
            return Ok(());
        }
        self.set_inference_limit(INFER_OFF);
        let ball = self.atoms.intern("inference_limit_exceeded");
        Err(PlError(Cell::atom(ball)))
    }
}
