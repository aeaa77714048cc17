//! `compound_name_arity/3` and `compound_name_arguments/3`, SWI-Prolog 7's `functor/3` and
//! `=../2` for compounds only: they take and make a compound with no arguments (`foo()`, read
//! as SWI-Prolog reads it), which `functor/3` and `=../2` refuse, and never an atom.
//!
//! A compound with no arguments is a `Str` cell whose functor cell has arity 0, the layout every
//! other compound has; nothing here treats it as the atom of the same name.

use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("compound_name_arity", 3, compound_name_arity);
    m.def_native("compound_name_arguments", 3, compound_name_arguments);
}

/// `compound_name_arity(?Compound, ?Name, ?Arity)`.
fn compound_name_arity(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.stacks.heap.deref(a[0]);
    if t.tag() != Tag::Ref {
        return name_and_arguments(m, t, |m, _, n| {
            Ok(m.unify(a[1], n.0) && m.unify(a[2], Cell::int(n.1 as i64)))
        });
    }
    let name = checked_name(m, a[1])?;
    let n = m.stacks.heap.deref(a[2]);
    if n.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if n.tag() != Tag::Int {
        if m.is_integer(n) {
            return Err(m.representation_err("max_arity"));
        }
        return Err(m.type_err("integer", n));
    }
    let n = n.int_value();
    if n < 0 {
        return Err(m.domain_err("not_less_than_zero", Cell::int(n)));
    }
    if n as usize > crate::term::cell::MAX_ARITY {
        return Err(m.representation_err("max_arity"));
    }
    let args: Vec<Cell> = (0..n).map(|_| m.stacks.heap.new_var()).collect();
    let s = build(m, name, &args);
    Ok(m.unify(t, s))
}

/// `compound_name_arguments(?Compound, ?Name, ?Arguments)`.
fn compound_name_arguments(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.stacks.heap.deref(a[0]);
    if t.tag() != Tag::Ref {
        return name_and_arguments(m, t, |m, args, n| {
            let l = m.stacks.heap.list_from(&args, Cell::atom(atom::NIL));
            Ok(m.unify(a[1], n.0) && m.unify(a[2], l))
        });
    }
    let name = checked_name(m, a[1])?;
    let Some(args) = m.list_to_vec_checked(a[2])? else {
        return Err(m.inst_err());
    };
    if args.len() > crate::term::cell::MAX_ARITY {
        return Err(m.representation_err("max_arity"));
    }
    let s = build(m, name, &args);
    Ok(m.unify(t, s))
}

/// Decompose a bound first argument, which must be a compound, and hand its name (as an atom
/// cell), its arity and its arguments to `k`.
fn name_and_arguments(
    m: &mut Machine,
    t: Cell,
    k: impl FnOnce(&mut Machine, Vec<Cell>, (Cell, usize)) -> Res,
) -> Res {
    if !matches!(t.tag(), Tag::Str | Tag::List) {
        return Err(m.type_err("compound", t));
    }
    let (f, base) = m.functor_parts(t);
    let n = f.functor_arity();
    let args = m.stacks.heap.cells[base..base + n].to_vec();
    k(m, args, (Cell::atom(f.functor_name()), n))
}

/// The name of a compound to build: bound, and an atom.
fn checked_name(m: &mut Machine, name: Cell) -> Result<u32, PlError> {
    let name = m.stacks.heap.deref(name);
    match name.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Atom => Ok(name.atom_index()),
        _ => Err(m.type_err("atom", name)),
    }
}

/// The compound `name(args...)`, a list pair for `'.'` with two arguments as everywhere else.
fn build(m: &mut Machine, name: u32, args: &[Cell]) -> Cell {
    if name == atom::DOT && args.len() == 2 {
        m.stacks.heap.cons(args[0], args[1])
    } else {
        m.stacks.heap.compound(name, args)
    }
}
