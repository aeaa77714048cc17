//! The whole system assembled in one place: the bare engine (`machine/`), every builtin family
//! (`builtins/`), the game predicates (`game_predicates.rs`) and the Prolog library compiled from
//! the sources embedded in the binary.
//!
//! The engine knows none of the parts above it: natives reach it through the predicate table, keep
//! their state in `Machine::services.natives`, and follow the engine's changes through the hooks of
//! `machine/native_state.rs`. This file is where those parts are named together, so it is the only
//! place a new family of natives has to be added. The toplevel's commands and tracer are added on
//! top for the prompt and the language server (`toplevel_machine`).

use crate::machine::db::PredKind;
use crate::machine::load::Preread;
use crate::machine::Machine;

/// What the build step (`src/build.rs`) made of the system's Prolog texts: the texts
/// themselves, in the one list of them that the build step keeps, and the clauses it read from
/// them, encoded.
mod built {
    include!(concat!(env!("OUT_DIR"), "/system_texts.rs"));
}

pub use built::{LIBRARY, TOPLEVEL};

/// The clauses the build step read from every system text, which the engine builds on the
/// heap instead of reading the text again (`machine/load/preread.rs`).
pub static PREREAD: Preread = Preread {
    names: built::NAMES,
    words: built::WORDS,
    files: built::FILES,
};

/// Every Prolog text of the system that the build step reads (`src/build.rs`): the library,
/// then the toplevel's commands and tracer.
pub fn system_texts() -> impl Iterator<Item = (&'static str, &'static str)> {
    LIBRARY.iter().chain(TOPLEVEL).copied()
}

/// The system text loaded as `name` (`"commands.pl"`, say), if there is one.
pub fn system_text(name: &str) -> Option<&'static str> {
    system_texts().find(|(n, _)| *n == name).map(|(_, t)| t)
}

/// [`machine`] with the toplevel's commands, tracer and session installed: the system `ply`
/// runs at its prompt, and whose predicates the language server lists as defined.
pub fn toplevel_machine() -> Machine {
    let mut m = machine();
    crate::toplevel::install(&mut m);
    m
}

/// Consult Prolog text that belongs to the system (the toplevel's commands and tracer): its
/// predicates count as library ones. Like the library, it is linted by its tests rather than
/// at every start, and built from the clauses the build step read from it.
pub fn load_system_text(m: &mut Machine, name: &str) {
    let text = system_text(name).expect("a text src/build.rs lists");
    let before = m.program.preds.len();
    let known: Vec<bool> = m.program.preds.iter().map(|p| p.defined).collect();
    let was = std::mem::replace(&mut m.services.loading.loading_library, true);
    m.consult_system_text(text, name);
    m.services.loading.loading_library = was;
    for (i, p) in m.program.preds.iter_mut().enumerate() {
        let new = i >= before || !known[i];
        if new && p.defined {
            p.library = true;
        }
    }
}

/// A machine with every builtin, the game predicates and the library loaded. Library
/// predicates are marked so that a program's own definition replaces them silently.
pub fn machine() -> Machine {
    machine_with(Machine::bare())
}

/// [`machine`] with the fast paths on or off whatever the environment says
/// (`PLY_FAST_PATHS=0` turns them off at boot), for tests that compare the two. The switch
/// holds from the start, so the library is compiled under it too.
pub fn machine_with_fast_paths(on: bool) -> Machine {
    let mut m = Machine::bare();
    m.services.fast_paths = on;
    machine_with(m)
}

/// The library texts that keep old names for older programs (`Program::old_names`).
const OLD_NAME_TEXTS: [&str; 2] = ["backcomp.pl", "quintus.pl"];

/// The library texts of the game library, whose predicates a program replaces everywhere.
const GAME_TEXTS: [&str; 2] = ["game_protocol.pl", "gdl.pl"];

/// Let a program's definitions replace everywhere the predicates of `m` defined by clauses
/// that were not defined when `known` was taken (its flags `defined` by id).
fn mark_game_hooks(m: &mut Machine, known: &[bool]) {
    for pid in 0..m.program.preds.len() {
        let p = &m.program.preds[pid];
        let clauses = matches!(p.kind, PredKind::Clauses(_));
        if clauses && p.defined && !known.get(pid).copied().unwrap_or(false) {
            m.program.overrides.replace_everywhere(pid as u32);
        }
    }
}

/// The system assembled on the bare engine `m`.
fn machine_with(mut m: Machine) -> Machine {
    crate::builtins::install(&mut m);
    crate::game_predicates::install(&mut m);
    // The game library's searches split over the cores (`native_parallel/1`).
    crate::game_predicates::parallel::install(&mut m);
    // Search trees record a program's own search and draw it (`tree.rs`).
    crate::tree::install(&mut m);
    // The library is linted by its tests, not at every start, and built from the clauses the
    // build step read from it (`machine/load/preread.rs`).
    // The game library's predicates are hooks a game written in Prolog defines for the
    // library's searches, so a program's definition replaces them everywhere: those its
    // installation defined (`ход/3`) and those of its texts below.
    mark_game_hooks(&mut m, &[]);
    m.services.loading.preread = PREREAD;
    m.services.loading.loading_library = true;
    for (name, text) in LIBRARY {
        if OLD_NAME_TEXTS.contains(name) {
            let before: Vec<bool> = m.program.preds.iter().map(|p| p.defined).collect();
            m.consult_system_text(text, name);
            for (pid, p) in m.program.preds.iter().enumerate() {
                if p.defined && !before.get(pid).copied().unwrap_or(false) {
                    m.program.old_names.insert(pid as u32);
                }
            }
            continue;
        }
        if !GAME_TEXTS.contains(name) {
            m.consult_system_text(text, name);
            continue;
        }
        let known: Vec<bool> = m.program.preds.iter().map(|p| p.defined).collect();
        m.consult_system_text(text, name);
        mark_game_hooks(&mut m, &known);
    }
    m.services.loading.loading_library = false;
    for p in m.program.preds.iter_mut() {
        p.library = p.library || matches!(p.kind, PredKind::Clauses(_)) && p.defined;
    }
    m.program.overrides.iso_names = iso::is_iso;
    // Natives that replace library predicates whose clauses are their general path.
    if m.services.fast_paths {
        crate::builtins::atoms::install_over_library(&mut m);
        crate::builtins::format::install_over_library(&mut m);
    }
    m
}

mod iso;

#[cfg(test)]
mod engine_tests;
#[cfg(test)]
mod lib_natives_tests;
#[cfg(test)]
mod preread_tests;
#[cfg(test)]
mod query_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{read_term, ReadFlags, ReadOutcome};

    /// The library is loaded without lint at start-up, so it is linted here: none of its
    /// clauses may draw a warning.
    #[test]
    fn the_library_draws_no_lint_warning() {
        let m = machine();
        for (name, text) in LIBRARY {
            let mut pos = 0;
            loop {
                match read_term(text, pos, &m.services.ops, &ReadFlags::traditional()) {
                    ReadOutcome::Eof => break,
                    ReadOutcome::Error(e) => panic!("{name}: syntax error at {}", e.resume),
                    ReadOutcome::Term { ast, end } => {
                        let warnings = crate::diag::lint::lint_clause(&ast);
                        assert!(
                            warnings.is_empty(),
                            "{name}: {:?}",
                            &text[pos..end.min(text.len())]
                        );
                        pos = end;
                    }
                }
            }
        }
    }

    /// The bare engine has the control constructs and no native: `true/0` is the library's
    /// and `atom_length/2` a builtin, so neither is there.
    #[test]
    fn the_bare_engine_has_no_native() {
        let mut m = Machine::bare();
        let call = m.atoms.intern("call");
        assert!(m.lookup_pred(call, 1).is_some());
        let atom_length = m.atoms.intern("atom_length");
        assert!(m
            .lookup_pred(atom_length, 2)
            .is_none_or(|p| !m.program.preds[p as usize].defined));
    }
}
