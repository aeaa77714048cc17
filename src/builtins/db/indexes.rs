//! `'$indexes'(Head, Indexes)`: the hash indexes the clause list of `Head`'s predicate has
//! now, for `predicate_property(Head, indexed(Indexes))` and `jiti_list/1` in the boot library.
//!
//! Each index is `Key-hash(Keys)`, `Keys` the number of different keys in its table, and
//! `Key` as SWI-Prolog writes it: `single(Place)` for one place, `multi([Place1, Place2])` for
//! two together, a place being a head argument's number `N`, or `N/M/...` for argument `M` of
//! the compound in argument `N`, and so on (deep indexing). The first argument's own table is
//! `single(1)`; the others are the just-in-time indexes of `db/index/jit.rs` and, for a short
//! list, the key columns inside its first argument that calls test (`db/index.rs`).

use crate::machine::db::{IndexKey, Path, PredKind};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// `'$indexes'(Head, Indexes)`; fails for anything but a predicate of clauses.
pub fn indexes(m: &mut Machine, a: &[Cell]) -> Res {
    let head = m.stacks.heap.deref(a[0]);
    if !matches!(head.tag(), Tag::Atom | Tag::Str | Tag::List) {
        return Ok(false);
    }
    let (name, arity) = m.name_arity(head);
    let Some(pid) = m.lookup_pred(name, arity) else {
        return Ok(false);
    };
    let PredKind::Clauses(list) = &m.program.preds[pid as usize].kind else {
        return Ok(false);
    };
    let first = list.first_table_keys();
    let jit = list.jit_indexes();
    let deep = list.deep_columns();
    let mut items = Vec::new();
    if let Some(keys) = first {
        let place = Cell::int(1);
        items.push(entry(m, "single", place, keys));
    }
    for (key, keys) in jit {
        items.push(describe(m, key, keys));
    }
    // A short list's columns inside its first argument, once a call has needed them.
    for (steps, keys) in deep {
        let at = place(m, Path::of_steps(&steps));
        items.push(entry(m, "single", at, keys));
    }
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// `Key-hash(Keys)` for an index on `key`.
fn describe(m: &mut Machine, key: IndexKey, keys: usize) -> Cell {
    let places: Vec<Cell> = key.paths().iter().map(|p| place(m, *p)).collect();
    if places.len() == 1 {
        return entry(m, "single", places[0], keys);
    }
    let list = m.stacks.heap.list_from(&places, Cell::atom(atom::NIL));
    entry(m, "multi", list, keys)
}

/// `Kind(Place)-hash(Keys)`.
fn entry(m: &mut Machine, kind: &str, place: Cell, keys: usize) -> Cell {
    let kind = m.atoms.intern(kind);
    let key = m.stacks.heap.compound(kind, &[place]);
    let hash = m.atoms.intern("hash");
    let table = m.stacks.heap.compound(hash, &[Cell::int(keys as i64)]);
    m.stacks.heap.compound(atom::MINUS, &[key, table])
}

/// A place as `N` or `N/M/...`, counted from 1.
fn place(m: &mut Machine, p: Path) -> Cell {
    let mut steps = p.steps().iter();
    let Some(&first) = steps.next() else {
        return Cell::int(0);
    };
    let slash = atom::SLASH;
    let mut t = Cell::int(first as i64 + 1);
    for &s in steps {
        t = m.stacks.heap.compound(slash, &[t, Cell::int(s as i64 + 1)]);
    }
    t
}
