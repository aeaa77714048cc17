//! Building a bare engine: registers, system code and the control constructs, with no native
//! and no library. The whole system (builtins, games, the Prolog library) is assembled on top of
//! it by `system.rs`.

use super::db::Control;
use super::{Machine, Program, Services, Stacks};
use ply_term::AtomTable;

impl Machine {
    /// A bare engine: the control constructs (`call/N`, `catch/3`, `findall/3`, `,` `;` `->`
    /// `*->`) and nothing else. The system (`ply::system::machine()`) makes one with every
    /// builtin, the game predicates and the library loaded.
    pub fn bare() -> Machine {
        let mut m = Machine {
            atoms: AtomTable::new(),
            program: Program::new(),
            stacks: Stacks::new(),
            services: Services::new(),
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
