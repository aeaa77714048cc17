//! The toplevel's presence inside the machine: the call hook that handles Ctrl-C and the
//! debugger, and the state that toplevel commands keep between queries (debugger modes, spy
//! points, load times of consulted files for `make/0`).
//!
//! Natives of the toplevel reach this state through [`session`]. It must never run Prolog
//! itself: the hook only decides about one call at a time.

use super::debugger::Debugger;
use crate::machine::error::PlError;
use crate::machine::hook::CallHook;
use crate::machine::instr::PredId;
use crate::machine::Machine;
use std::collections::HashMap;
use std::time::SystemTime;

/// State of the interactive session.
#[derive(Default)]
pub struct Session {
    /// Tracing and spying.
    pub debugger: Debugger,
    /// Modification time of each consulted file when it was (re)loaded.
    pub stamps: HashMap<String, SystemTime>,
}

impl CallHook for Session {
    fn on_call(&mut self, m: &mut Machine, pid: PredId) -> Result<PredId, PlError> {
        if m.take_interrupt() {
            super::interrupt::on_interrupt(m, &mut self.debugger)?;
        }
        if m.debug_attention() {
            return self.debugger.on_call(m, pid);
        }
        Ok(pid)
    }

    fn as_any(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// The session state installed in `m`, if the toplevel installed one.
pub fn session(m: &mut Machine) -> Option<&mut Session> {
    m.call_hook_as::<Session>()
}

/// Install a fresh session as the machine's call hook.
pub fn install(m: &mut Machine) {
    m.set_call_hook(Box::new(Session::default()));
}

/// Record the modification time of every consulted file not seen before.
pub fn note_loaded_files(m: &mut Machine) {
    let files = m.loaded_files().to_vec();
    if let Some(s) = session(m) {
        for f in files {
            if let std::collections::hash_map::Entry::Vacant(e) = s.stamps.entry(f) {
                if let Some(t) = mtime(e.key()) {
                    e.insert(t);
                }
            }
        }
    }
}

/// The modification time of a file.
pub fn mtime(path: &str) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|md| md.modified()).ok()
}
