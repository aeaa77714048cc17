//! The services part of the machine: output, flags, natives' states, the loader, hooks.
//!
//! They are what surrounds the program and its run: the output streams, the Prolog flags and
//! the op table, the non-backtrackable globals, what natives remember between calls, the
//! loader's state, the limits, the collector's counters, the call hook and its attention word,
//! and the halt status. Natives and front-ends use them; the run loop reads only the switches it
//! must (attention, fast paths, the collector's trigger); the compiler reads only the fast-path
//! switch and, while the loader asks, the loader's recorder of call sites.

use super::{gc, hook, limits, loading, native_state, output};
use ply_reader::ops::OpTable;
use ply_reader::ReadFlags;
use ply_term::{FastMap, StoredTerm};

/// Prolog flags the machine consults.
#[derive(Clone, Debug)]
pub struct Flags {
    /// How the reader treats double quotes.
    pub read: ReadFlags,
    /// `unknown`: raise an error (true) or fail (false) on unknown procedures.
    pub unknown_error: bool,
    /// `unknown = warning`: when `unknown_error` is false, print a warning before failing.
    pub unknown_warning: bool,
    /// `occurs_check`: whether a binding checks that the variable does not occur in its value
    /// (`occurs.rs`). Changed only through [`Machine::set_occurs_check`](crate::Machine::set_occurs_check).
    pub occurs_check: crate::occurs::OccursCheck,
}

/// The machine's services.
pub struct Services {
    /// Where output goes.
    pub out: output::Output,
    /// Flags.
    pub flags: Flags,
    /// The operator table.
    pub ops: OpTable,
    /// Non-backtrackable global variables (`nb_setval/2`).
    pub globals: FastMap<u32, StoredTerm>,
    /// What natives remember between calls, one value per type (see `native_state.rs`).
    pub natives: native_state::NativeStates,
    /// What the loader keeps: files loaded, directories being loaded, goals of directives
    /// waiting to run, the system's clauses waiting for their first call (see `loading.rs`).
    pub loading: loading::Loading,
    /// The stack limit in cells (the `stack_limit` flag over eight): the heap, environments,
    /// choicepoints, trail and findall answers together, before a `resource_error(stack)`
    /// (`limits.rs`); 1 GB by default, as SWI-Prolog's.
    pub memory_limit: usize,
    /// The bytes the clause database is counted for (`db_limit.rs`).
    pub db_bytes: usize,
    /// The clause database's limit in bytes, before an assert raises a `resource_error`.
    pub db_limit: usize,
    /// The garbage collector's counters and trigger (see `gc.rs`).
    pub gc: gc::GcState,
    /// Nonzero when calls must be shown to `call_hook` first (see `hook.rs`).
    pub attention: hook::Attention,
    /// The observer of calls (the toplevel's debugger and interrupt handler), if any.
    pub call_hook: Option<Box<dyn hook::CallHook>>,
    /// Set by `halt/0,1`: the exit status the run stops with.
    pub halt: Option<i32>,
    /// The predicate SWI-Prolog runs the present top goal under (`catch/3` for `-g` and a
    /// directive, `'$run_init_goal'/1` for `initialization/1`), named as the caller in the
    /// context of an unknown-procedure error raised where no clause is the caller
    /// (`caller_context.rs`); `None` at the interactive toplevel.
    pub top_caller: Option<(&'static str, usize)>,
    /// When the machine was made, for `statistics/2`'s wall time.
    pub started: std::time::Instant,
    /// Whether the fast paths are on: shallow backtracking, specialised and paired register
    /// moves, inline arithmetic, index plans and natives' shortcuts. `PLY_FAST_PATHS=0` in the
    /// environment turns them all off; answers never depend on it.
    pub fast_paths: bool,
}

impl Services {
    /// The services of a new machine: standard operators, the flags the build step read the
    /// library with, the default stack limit, and fast paths as the environment says
    /// (`boot::fast_paths_from_env`).
    pub fn new() -> Services {
        Services {
            out: output::Output::default(),
            flags: Flags {
                // The flags the build step read the library with (`src/build.rs`).
                read: ReadFlags::default(),
                unknown_error: true,
                unknown_warning: false,
                occurs_check: crate::occurs::OccursCheck::False,
            },
            ops: OpTable::standard(),
            globals: Default::default(),
            natives: Default::default(),
            loading: Default::default(),
            memory_limit: limits::DEFAULT_STACK_LIMIT / 8,
            db_bytes: 0,
            db_limit: super::db_limit::DEFAULT_DB_LIMIT,
            gc: gc::GcState::new(),
            attention: Default::default(),
            call_hook: None,
            halt: None,
            top_caller: None,
            started: std::time::Instant::now(),
            fast_paths: super::boot::fast_paths_from_env(),
        }
    }
}

impl Default for Services {
    fn default() -> Services {
        Services::new()
    }
}
