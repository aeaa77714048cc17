//! Ctrl-C: a signal handler raises the machine's interrupt bit; at the next call the session
//! hook asks the user what to do (abort, continue, trace, exit), as SWI-Prolog does.
//!
//! The handler itself only sets an atomic bit; everything else happens on the machine's thread.
//! It must never be installed when standard input is not a terminal, so that Ctrl-C still ends
//! a ply run inside a pipeline.

use super::debugger::{sync_attention, Debugger};
use super::keys::{self, InterruptAction};
use crate::machine::error::PlError;
use crate::machine::output::Stream;
use crate::machine::Machine;
use crate::term::Cell;

/// Install the SIGINT handler for machine `m` (once per process; later calls do nothing).
/// It must be installed after the line editor is made, which sets a SIGINT handler of its own.
pub fn install_handler(m: &Machine) {
    let interrupter = m.interrupter();
    let _ = ctrlc::set_handler(move || interrupter.raise());
}

/// Forget an interrupt that arrived while no query was running.
pub fn clear(m: &Machine) {
    m.take_interrupt();
}

/// The ball that aborts a query back to the prompt.
pub fn aborted(m: &mut Machine) -> PlError {
    PlError(Cell::atom(m.atoms_mut().intern("$aborted")))
}

/// Ask what to do after Ctrl-C; an error return aborts or halts the query.
pub fn on_interrupt(m: &mut Machine, dbg: &mut Debugger) -> Result<(), PlError> {
    if !keys::interactive() {
        return Err(aborted(m));
    }
    loop {
        m.output().write(Stream::User, "\nAction (h for help) ? ");
        m.output().flush();
        let action = keys::interrupt_action(keys::read_key());
        match action {
            InterruptAction::Abort => {
                m.output().write(Stream::User, "abort\n");
                return Err(aborted(m));
            }
            InterruptAction::Continue => {
                m.output().write(Stream::User, "continue\n");
                return Ok(());
            }
            InterruptAction::Trace => {
                m.output().write(Stream::User, "trace\n");
                dbg.tracing = true;
                sync_attention(m, true);
                return Ok(());
            }
            InterruptAction::Exit => {
                m.output().write(Stream::User, "exit\n");
                m.set_halt(0);
                return Err(PlError(Cell::atom(m.atoms_mut().intern("$halt"))));
            }
            InterruptAction::Help => m.output().write(Stream::User, keys::INTERRUPT_HELP),
        }
    }
}
