//! The one place where the run loop lets an outside observer in: before each call, when the
//! `attention` flag is nonzero, the installed [`CallHook`] sees the predicate about to run and may
//! redirect the call or raise an exception.
//!
//! The flag is shared (an `Arc`) so a signal handler on another thread can raise it; the run
//! loop pays one relaxed atomic load per call and nothing else. This module must never contain
//! debugger or terminal logic: that belongs to the toplevel.

use super::error::PlError;
use super::instr::PredId;
use super::Machine;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;

/// Bit of [`Machine::attention`]: the user pressed Ctrl-C.
pub const ATTEND_INTERRUPT: u8 = 1;
/// Bit of [`Machine::attention`]: the debugger wants to see calls.
pub const ATTEND_DEBUG: u8 = 2;

/// Shared attention bits, polled once per call.
pub type Attention = Arc<AtomicU8>;

/// An observer of calls, installed in [`Machine::call_hook`].
pub trait CallHook: Send {
    /// Called before predicate `pid` runs (its arguments are in the argument registers) while
    /// the attention flag is nonzero. Returns the predicate to call instead (usually `pid`
    /// itself, after any change to the registers) or an exception to raise at the call.
    fn on_call(&mut self, m: &mut Machine, pid: PredId) -> Result<PredId, PlError>;
    /// The hook as `Any`, so natives of the same family can reach its state.
    fn as_any(&mut self) -> &mut dyn std::any::Any;
}

impl Machine {
    /// Give the call hook a look at a call; without a hook the interrupt bit is simply cleared.
    #[cold]
    pub fn attend(&mut self, pid: PredId) -> Result<PredId, PlError> {
        match self.call_hook.take() {
            Some(mut h) => {
                let r = h.on_call(self, pid);
                if self.call_hook.is_none() {
                    self.call_hook = Some(h);
                }
                r
            }
            None => {
                self.attention
                    .fetch_and(!ATTEND_INTERRUPT, Ordering::Relaxed);
                Ok(pid)
            }
        }
    }
}
