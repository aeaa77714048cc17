//! Flags a program makes: `set_prolog_flag/2` of a name that is no flag of ply's creates it,
//! as SWI-Prolog does while its `user_flags` flag is `silent` (its default), and
//! `create_prolog_flag/3` creates one outright.
//!
//! As in SWI-Prolog, a flag takes its type from its first value: one made with an integer
//! takes only integers after it, one made with a float takes numbers and keeps them as floats,
//! and any other takes any term. The values are stored terms, copied out at each
//! `current_prolog_flag/2`.

use crate::machine::error::Res;
use crate::machine::native_state::{mark_cells, NativeState};
use crate::machine::Machine;
use crate::term::{BoxKind, Cell, StoredTerm, Tag};

/// The flags made so far, in the order they were made.
#[derive(Default)]
pub struct UserFlags {
    /// Name (a permanent atom), type and value of each flag.
    flags: Vec<(u32, Kind, StoredTerm)>,
}

/// What a flag's values must be, from its first one.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Integer,
    Float,
    Term,
}

/// The stored values hold atoms the atom collector must keep; the names are permanent.
impl NativeState for UserFlags {
    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        for (_, _, v) in &self.flags {
            mark_cells(&v.cells, mark);
        }
    }
    ply_engine::native_state_any!();
}

/// Register the natives.
pub fn install(m: &mut Machine) {
    m.def_native("$user_flag_names", 1, |m, a| {
        let names: Vec<Cell> = m
            .services
            .natives
            .get::<UserFlags>()
            .flags
            .iter()
            .map(|(n, _, _)| Cell::atom(*n))
            .collect();
        let l = m
            .stacks
            .heap
            .list_from(&names, Cell::atom(crate::term::atom::NIL));
        Ok(m.unify(a[0], l))
    });
}

/// The entry of the flag named by atom `name`, when a program made it.
fn flag(m: &mut Machine, name: u32) -> Option<&(u32, Kind, StoredTerm)> {
    let flags = &m.services.natives.get::<UserFlags>().flags;
    flags.iter().find(|(n, _, _)| *n == name)
}

/// Set flag `name` (an atom) to `v` (bound), making it if there is none: the arm of
/// `set_prolog_flag/2` for a name that is no flag of ply's.
pub fn set(m: &mut Machine, name: Cell, v: Cell) -> Res {
    // The flag outlives the atom the program named it by, so its name is made permanent.
    let text = m.atoms.name(name.atom_index()).to_owned();
    let name = m.atoms.intern(&text);
    let kind = flag(m, name).map(|(_, k, _)| *k);
    let is_float = m.box_kind_is(v, BoxKind::Float);
    let v = match kind {
        None | Some(Kind::Term) => v,
        Some(Kind::Integer) if m.is_integer(v) => v,
        Some(Kind::Integer) => return Err(m.type_err("integer", v)),
        Some(Kind::Float) if is_float => v,
        Some(Kind::Float) if v.tag() == Tag::Int => m.stacks.heap.float(v.int_value() as f64),
        Some(Kind::Float) => return Err(m.type_err("float", v)),
    };
    let new_kind = kind.unwrap_or(if m.is_integer(v) {
        Kind::Integer
    } else if is_float {
        Kind::Float
    } else {
        Kind::Term
    });
    let st = StoredTerm::from_heap(&m.stacks.heap, v);
    let flags = &mut m.services.natives.get::<UserFlags>().flags;
    match flags.iter_mut().find(|(n, _, _)| *n == name) {
        Some(slot) => slot.2 = st,
        None => flags.push((name, new_kind, st)),
    }
    Ok(true)
}

/// The value of flag `name`, when a program made it.
pub fn get(m: &mut Machine, name: u32) -> Option<Cell> {
    let st = flag(m, name).map(|(_, _, v)| v.clone())?;
    Some(st.to_heap(&mut m.stacks.heap))
}
