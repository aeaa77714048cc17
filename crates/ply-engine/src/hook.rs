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
/// Bit of [`Machine::attention`]: a binding of an attributed variable waits for its wakeup
/// (`attvar.rs`).
pub const ATTEND_WAKEUP: u8 = 4;
/// Bit of [`Machine::attention`]: `call_with_depth_limit/3` counts the depth of calls
/// (`depth_limit.rs`).
pub const ATTEND_DEPTH: u8 = 8;
/// Bit of [`Machine::attention`]: `call_with_inference_limit/3` watches the count of
/// inferences (`inference_limit.rs`).
pub const ATTEND_INFER: u8 = 16;
/// Bit of [`Machine::attention`]: the occurs check is on, and every call goes through the
/// dispatcher, which notes the predicate called for its errors (`occurs.rs`).
pub const ATTEND_OCCURS: u8 = 32;

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
    /// Give the call hook a look at a call (`is_call`: one that continues after its
    /// instruction); without a hook the interrupt bit is simply cleared.
    #[cold]
    pub fn attend(&mut self, pid: PredId, is_call: bool) -> Result<PredId, PlError> {
        // The wakeup of attributed variables comes first: the debugger then sees its call.
        let pid = if self.wakeup_due() {
            self.wakeup_call(pid, is_call)?
        } else {
            pid
        };
        let pid = if self.stacks.depth.on {
            self.depth_enter(pid, is_call)
        } else {
            pid
        };
        if self.stacks.attvars.occurs {
            self.stacks.attvars.ctx = pid;
        }
        if self.stacks.infer_limit != super::inference_limit::INFER_OFF {
            self.inference_check(pid)?;
        }
        let own = ATTEND_WAKEUP | ATTEND_DEPTH | ATTEND_INFER | ATTEND_OCCURS;
        if self.services.attention.load(Ordering::Relaxed) & !own == 0 {
            return Ok(pid);
        }
        match self.services.call_hook.take() {
            Some(mut h) => {
                let r = h.on_call(self, pid);
                if self.services.call_hook.is_none() {
                    self.services.call_hook = Some(h);
                }
                r
            }
            None => {
                self.services
                    .attention
                    .fetch_and(!ATTEND_INTERRUPT, Ordering::Relaxed);
                Ok(pid)
            }
        }
    }
}

/// A handle on a machine's interrupt bit, for a signal handler or a timer thread: raising it
/// makes the next call go to the call hook, which decides what the interrupt means.
#[derive(Clone)]
pub struct Interrupter(Attention);

impl Interrupter {
    /// Raise the interrupt bit.
    pub fn raise(&self) {
        self.0.fetch_or(ATTEND_INTERRUPT, Ordering::Relaxed);
    }
}

impl Machine {
    /// A handle that raises this machine's interrupt bit from another thread.
    pub fn interrupter(&self) -> Interrupter {
        Interrupter(self.services.attention.clone())
    }

    /// Clear the interrupt bit; true when it was raised.
    pub fn take_interrupt(&self) -> bool {
        self.services
            .attention
            .fetch_and(!ATTEND_INTERRUPT, Ordering::Relaxed)
            & ATTEND_INTERRUPT
            != 0
    }

    /// Whether the debug bit is set: the call hook sees every call.
    pub fn debug_attention(&self) -> bool {
        self.services.attention.load(Ordering::Relaxed) & ATTEND_DEBUG != 0
    }

    /// Set or clear the debug bit.
    pub fn set_debug_attention(&self, on: bool) {
        if on {
            self.services
                .attention
                .fetch_or(ATTEND_DEBUG, Ordering::Relaxed);
        } else {
            self.services
                .attention
                .fetch_and(!ATTEND_DEBUG, Ordering::Relaxed);
        }
    }

    /// Install `hook` as the observer of calls, in place of any other.
    pub fn set_call_hook(&mut self, hook: Box<dyn CallHook>) {
        self.services.call_hook = Some(hook);
    }

    /// Take the call hook out, so that its state can be used beside the machine; give it back
    /// with [`Machine::restore_call_hook`].
    pub fn take_call_hook(&mut self) -> Option<Box<dyn CallHook>> {
        self.services.call_hook.take()
    }

    /// Put back a hook taken out, unless another was installed meanwhile.
    pub fn restore_call_hook(&mut self, hook: Option<Box<dyn CallHook>>) {
        if self.services.call_hook.is_none() {
            self.services.call_hook = hook;
        }
    }

    /// The installed call hook, if it is of type `T`.
    pub fn call_hook_as<T: 'static>(&mut self) -> Option<&mut T> {
        self.services
            .call_hook
            .as_mut()
            .and_then(|h| h.as_any().downcast_mut::<T>())
    }
}
