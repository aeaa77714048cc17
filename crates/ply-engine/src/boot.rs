//! Building a bare engine: registers, system code and the control constructs, with no native
//! and no library. The whole system (builtins, games, the Prolog library) is assembled on top of
//! it by `system.rs`.

use super::db::Control;
use super::{gc, limits, Flags, Machine, NO_ENV};
use ply_reader::ops::OpTable;
use ply_reader::ReadFlags;
use ply_term::{AtomTable, Cell, Heap};

impl Machine {
    /// A bare engine: the control constructs (`call/N`, `catch/3`, `findall/3`, `,` `;` `->`
    /// `*->`) and nothing else. The system (`ply::system::machine()`) makes one with every
    /// builtin, the game predicates and the library loaded.
    pub fn bare() -> Machine {
        let mut m = Machine {
            atoms: AtomTable::new(),
            heap: Heap::with_capacity(1 << 20),
            x: vec![Cell(0); 256],
            stack: Vec::with_capacity(1 << 16),
            choices: Vec::new(),
            saved_args: Vec::new(),
            cleanups: Vec::new(),
            trail: Vec::new(),
            // Room for the library's code, so that compiling it never moves the code area.
            code: Vec::with_capacity(1 << 13),
            templates: super::template::Templates::default(),
            test_clauses: Vec::new(),
            // Room for every predicate of the builtins and the library, which would otherwise be
            // copied at each doubling while they are defined.
            preds: Vec::with_capacity(1 << 11),
            pred_map: ply_term::FastMap::with_capacity_and_hasher(1024, Default::default()),
            ops: OpTable::standard(),
            flags: Flags {
                // The flags the build step read the library with (`src/build.rs`).
                read: ReadFlags::default(),
                unknown_error: true,
                unknown_warning: false,
                occurs_check: false,
            },
            globals: Default::default(),
            bags: Vec::new(),
            bag_cells: 0,
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
            memory_limit: limits::DEFAULT_STACK_LIMIT / 8,
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
            loading: Default::default(),
            halt: None,
            started: std::time::Instant::now(),
            natives: Default::default(),
            fast_paths: fast_paths_from_env(),
            attention: Default::default(),
            call_hook: None,
            lib_natives: Default::default(),
        };
        for n in 1..=8 {
            m.def_control("call", n, Control::Call);
        }
        m.def_control("catch", 3, Control::Catch);
        m.def_control("findall", 3, Control::Findall);
        for (name, arity) in [(",", 2), (";", 2), ("->", 2), ("*->", 2)] {
            m.def_control(name, arity, Control::Construct);
        }
        m.install_system_code();
        m
    }
}

/// Whether the environment leaves the fast paths on: everything but `PLY_FAST_PATHS=0`.
pub fn fast_paths_from_env() -> bool {
    std::env::var("PLY_FAST_PATHS").map_or(true, |v| v.trim() != "0")
}
