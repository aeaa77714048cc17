//! Building a ready machine: registers, system code, control constructs, natives, and the
//! Prolog library compiled from the sources embedded in the binary.
//!
//! Library predicates are marked so that a program's own definition replaces them silently.

use super::db::Control;
use super::{gc, Flags, Machine, NO_ENV};
use crate::reader::ops::OpTable;
use crate::reader::ReadFlags;
use crate::term::{AtomTable, Cell, Heap};

/// The library sources, in load order (`src/build.rs` reads the same files).
pub(crate) const LIBRARY: &[(&str, &str)] = &[
    ("boot.pl", include_str!("../library/boot.pl")),
    ("lists.pl", include_str!("../library/lists.pl")),
    ("apply.pl", include_str!("../library/apply.pl")),
    ("control.pl", include_str!("../library/control.pl")),
    ("aggregate.pl", include_str!("../library/aggregate.pl")),
    ("dcg.pl", include_str!("../library/dcg.pl")),
    ("ordsets.pl", include_str!("../library/ordsets.pl")),
    ("assoc.pl", include_str!("../library/assoc.pl")),
    ("error.pl", include_str!("../library/error.pl")),
    ("tabling.pl", include_str!("../library/tabling.pl")),
];

impl Default for Machine {
    fn default() -> Self {
        Machine::new()
    }
}

impl Machine {
    /// A machine with every builtin and the library loaded.
    pub fn new() -> Machine {
        let mut m = Machine {
            atoms: AtomTable::new(),
            heap: Heap::with_capacity(1 << 20),
            x: vec![Cell(0); 256],
            stack: Vec::with_capacity(1 << 16),
            choices: Vec::new(),
            saved_args: Vec::new(),
            trail: Vec::new(),
            // Room for the library's code, so that compiling it never moves the code area.
            code: Vec::with_capacity(1 << 13),
            templates: super::template::Templates::default(),
            shallow_hb: 0,
            test_clauses: Vec::new(),
            // Room for every predicate of the builtins and the library, which would otherwise be
            // copied at each doubling while they are defined.
            preds: Vec::with_capacity(1 << 11),
            pred_map: crate::term::FastMap::with_capacity_and_hasher(1024, Default::default()),
            ops: OpTable::standard(),
            flags: Flags {
                // The flags the build step read the library with (`src/build.rs`).
                read: ReadFlags::default(),
                unknown_error: true,
                occurs_check: false,
            },
            globals: Default::default(),
            bags: Vec::new(),
            inferences: 0,
            pc: 0,
            cp: 0,
            e: NO_ENV,
            b0: 0,
            cur_pred: 0,
            next_clause_id: 0,
            meta_cache: Default::default(),
            aux_counter: 0,
            out: super::output::Output::default(),
            memory_limit: 1 << 27,
            gc: gc::GcState::new(),
            last_error_site: None,
            succeed_pc: 0,
            findall_pc: 0,
            catch_exit_pc: 0,
            proceed_pc: 0,
            fail_pc: 0,
            call1_pc: 0,
            pending: None,
            pair_stack: Vec::new(),
            unify_stack: Vec::new(),
            write_mode: false,
            code_owners: Vec::new(),
            code_space: Default::default(),
            aux_parent: Default::default(),
            s: 0,
            pending_pc: 0,
            saved_states: Vec::new(),
            bglobals: Default::default(),
            ext: crate::builtins::Ext::default(),
            natives: Default::default(),
            fast_paths: fast_paths_from_env(),
            attention: Default::default(),
            call_hook: None,
            lib_natives: Default::default(),
        };
        m.ext.start = Some(std::time::Instant::now());
        for n in 1..=8 {
            m.def_control("call", n, Control::Call);
        }
        m.def_control("catch", 3, Control::Catch);
        m.def_control("findall", 3, Control::Findall);
        for (name, arity) in [(",", 2), (";", 2), ("->", 2), ("*->", 2)] {
            m.def_control(name, arity, Control::Construct);
        }
        m.install_system_code();
        crate::builtins::install(&mut m);
        crate::games::prolog::install(&mut m);
        // The library is linted by its tests, not at every start, and built from the clauses
        // the build step read from it (`load/preread.rs`).
        m.ext.loading_library = true;
        for (name, text) in LIBRARY {
            m.consult_system_text(text, name);
        }
        m.ext.loading_library = false;
        for p in m.preds.iter_mut() {
            p.library = p.library || matches!(p.kind, super::db::PredKind::Clauses(_)) && p.defined;
        }
        m
    }
}

/// Whether the environment leaves the fast paths on: everything but `PLY_FAST_PATHS=0`.
pub fn fast_paths_from_env() -> bool {
    std::env::var("PLY_FAST_PATHS").map_or(true, |v| v.trim() != "0")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::{read_term, ReadOutcome};

    /// The library is loaded without lint at start-up, so it is linted here: none of its
    /// clauses may draw a warning.
    #[test]
    fn the_library_draws_no_lint_warning() {
        let m = Machine::new();
        for (name, text) in LIBRARY {
            let mut pos = 0;
            loop {
                match read_term(text, pos, &m.ops, &m.flags.read) {
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
}
