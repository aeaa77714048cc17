//! The natives under attributed variables: `attvar/1`, `term_attvars/2`, `copy_term/2` that
//! copies attributes, `copy_term_nat/2`, and the two the library's `put_attr/3`,
//! `get_attr/3` and `del_attr/2` are written over, and `unifiable/3`, which `dif/2` and
//! `when/2` decide with (`'$get_attrs'/2`, `'$put_attrs'/2`, which
//! read and replace a variable's whole `att(Module, Value, More)` chain).
//!
//! The engine keeps the attributes and wakes the hooks (`machine/attvar.rs`); the meaning of
//! the attributes is the library's (`library/coroutining.pl`). A variable whose chain is `[]`
//! has no attributes: `attvar/1` and `term_attvars/2` leave it out, as SWI-Prolog forgets it.

use crate::machine::choice::{ChoiceKind, TrailEntry};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("attvar", 1, |m, a| Ok(has_attrs(m, a[0])));
    m.def_native("$get_attrs", 2, |m, a| match m.attvar_attrs(a[0]) {
        Some(at) if at != Cell::atom(atom::NIL) => Ok(m.unify(at, a[1])),
        _ => Ok(false),
    });
    m.def_native("$put_attrs", 2, put_attrs);
    m.def_native("term_attvars", 2, |m, a| {
        let vs = attvars_of(m, a[0]);
        let l = m.stacks.heap.list_from(&vs, Cell::atom(atom::NIL));
        Ok(m.unify(l, a[1]))
    });
    m.def_native("copy_term", 2, copy_term);
    m.def_native("unifiable", 3, unifiable);
    m.def_native("copy_term_nat", 2, |m, a| {
        let c = m.copy_term(a[0]);
        Ok(m.unify(c, a[1]))
    });
}

/// Whether `v` is a variable with at least one attribute.
fn has_attrs(m: &Machine, v: Cell) -> bool {
    m.attvar_attrs(v)
        .is_some_and(|at| m.stacks.heap.deref(at) != Cell::atom(atom::NIL))
}

/// The attributed variables of `t` and their attributes that have attributes.
fn attvars_of(m: &Machine, t: Cell) -> Vec<Cell> {
    let mut vs = m.term_attvars(t);
    vs.retain(|&v| has_attrs(m, v));
    vs
}

/// `'$put_attrs'(Var, Atts)`: replace the attributes of `Var`, a variable, by the chain `Atts`.
fn put_attrs(m: &mut Machine, a: &[Cell]) -> Res {
    let v = m.stacks.heap.deref(a[0]);
    if v.tag() != Tag::Ref {
        return Err(m.uninstantiation_err(v));
    }
    m.set_attvar_attrs(v, a[1]);
    Ok(true)
}

/// `copy_term/2`: a term without attributed variables is copied as ever; otherwise the term and
/// the attributes of its attributed variables are copied together, and each copied variable
/// is given the copied attributes.
fn copy_term(m: &mut Machine, a: &[Cell]) -> Res {
    let whole = m.with_attributes(a[0]);
    let c = m.copy_term(whole);
    let t = if whole == a[0] {
        c
    } else {
        m.attributes_restored(c)
    };
    Ok(m.unify(t, a[1]))
}

/// `unifiable(X, Y, Unifier)`: the bindings that unifying `X` and `Y` would make, as a list of
/// `Var = Value` (the latest binding first, as SWI-Prolog lists them), with nothing left bound.
/// Attributed variables bound on the way wake nothing: their bindings are undone before a call
/// could see them.
fn unifiable(m: &mut Machine, a: &[Cell]) -> Res {
    m.push_choice(ChoiceKind::Disabled, 0);
    let mark = m.stacks.trail.len();
    let ok = m.unify(a[0], a[1]);
    let mut pairs = Vec::new();
    if ok {
        for e in m.stacks.trail[mark..].iter().rev() {
            if let TrailEntry::Bind(v) = *e {
                pairs.push((v, m.stacks.heap.cells[v]));
            }
        }
    }
    let i = m.stacks.choices.len() - 1;
    m.restore_from(i);
    m.pop_choice();
    if !ok {
        return Ok(false);
    }
    let mut items = Vec::new();
    for (v, value) in pairs {
        items.push(
            m.stacks
                .heap
                .compound(atom::EQUALS, &[Cell::reference(v), value]),
        );
    }
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(l, a[2]))
}
