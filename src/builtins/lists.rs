//! Native list builtins: sorting (`msort/2`, `sort/2`, `sort/4`, `keysort/2`, `predsort` is in
//! Prolog) and the length helpers that `length/2` in the boot library builds on.
//!
//! Sorting compares in the standard order with a stable merge sort; nothing here recurses on
//! list length or term depth.

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::cycles::{list_spine, spine_elements};
use crate::term::{atom, Cell, Tag};
use std::cmp::Ordering;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("msort", 2, |m, a| sort_impl(m, a[0], a[1], 0, false, false));
    m.def_native("sort", 2, |m, a| sort_impl(m, a[0], a[1], 0, true, false));
    m.def_native("sort", 4, sort4);
    m.def_native("keysort", 2, keysort);
    m.def_native("$skip_list", 3, skip_list);
    m.def_native("$make_list", 2, make_list);
}

fn elements(m: &mut Machine, l: Cell) -> Result<Vec<Cell>, crate::machine::error::PlError> {
    match m.list_to_vec_checked(l)? {
        Some(v) => Ok(v),
        None => Err(m.inst_err()),
    }
}

fn check_result_list(m: &mut Machine, r: Cell) -> Result<(), crate::machine::error::PlError> {
    // ISO: the second argument must be a list or partial list.
    let s = list_spine(&m.heap, r);
    match s.tail.tag() {
        _ if s.cyclic => {}
        Tag::Ref => return Ok(()),
        Tag::Atom if s.tail.atom_index() == atom::NIL => return Ok(()),
        _ => {}
    }
    let r = m.heap.deref(r);
    Err(m.type_err("list", r))
}

fn sort_impl(m: &mut Machine, l: Cell, r: Cell, key: usize, dedupe: bool, desc: bool) -> Res {
    // SWI-Prolog sorts the elements of a cyclic list into a set when duplicates are removed
    // (`X = [b,a|X], sort(X, S)` gives `[a,b]`) and rejects it otherwise.
    let spine = list_spine(&m.heap, l);
    let mut v = if spine.cyclic && dedupe {
        spine_elements(&m.heap, l, &spine)
    } else {
        elements(m, l)?
    };
    check_result_list(m, r)?;
    let mut keys = Vec::with_capacity(v.len());
    for &x in &v {
        if key == 0 {
            keys.push(x);
        } else {
            let t = m.heap.deref(x);
            if !matches!(t.tag(), Tag::Str | Tag::List) {
                if t.tag() == Tag::Ref {
                    return Err(m.inst_err());
                }
                return Err(m.type_err("compound", t));
            }
            let (f, base) = m.functor_parts(t);
            if f.functor_arity() < key {
                return Err(m.type_err("compound", t));
            }
            keys.push(m.heap.cells[base + key - 1]);
        }
    }
    let mut idx: Vec<usize> = (0..v.len()).collect();
    idx.sort_by(|&i, &j| {
        let o = m.compare_terms(keys[i], keys[j]);
        if desc {
            o.reverse()
        } else {
            o
        }
    });
    let mut out: Vec<Cell> = Vec::with_capacity(v.len());
    let mut last: Option<usize> = None;
    for i in idx {
        if dedupe {
            if let Some(p) = last {
                if m.compare_terms(keys[p], keys[i]) == Ordering::Equal {
                    continue;
                }
            }
        }
        out.push(v[i]);
        last = Some(i);
    }
    v.clear();
    let list = m.heap.list_from(&out, Cell::atom(atom::NIL));
    Ok(m.unify(list, r))
}

fn sort4(m: &mut Machine, a: &[Cell]) -> Res {
    let k = m.heap.deref(a[0]);
    let o = m.heap.deref(a[1]);
    if k.tag() == Tag::Ref || o.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let key = match k.tag() {
        Tag::Int if k.int_value() >= 0 => k.int_value() as usize,
        Tag::Int => return Err(m.domain_err("not_less_than_zero", k)),
        // SWI-Prolog reads a non-integer key as a path into a compound and reports it so.
        _ => return Err(m.type_err("compound", k)),
    };
    let ord = if o.tag() == Tag::Atom {
        m.atoms.name(o.atom_index()).to_string()
    } else {
        return Err(m.type_err("atom", o));
    };
    let (dedupe, desc) = match ord.as_str() {
        "@<" => (true, false),
        "@=<" => (false, false),
        "@>" => (true, true),
        "@>=" => (false, true),
        _ => return Err(m.domain_err("order", o)),
    };
    sort_impl(m, a[2], a[3], key, dedupe, desc)
}

fn keysort(m: &mut Machine, a: &[Cell]) -> Res {
    let v = elements(m, a[0])?;
    check_result_list(m, a[1])?;
    for &x in &v {
        let t = m.heap.deref(x);
        if t.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if !(t.tag() == Tag::Str && m.heap.functor_of(t) == Cell::functor(atom::MINUS, 2)) {
            return Err(m.type_err("pair", t));
        }
    }
    sort_impl(m, a[0], a[1], 1, false, false)
}

/// `'$skip_list'(Len, List, Tail)`: Len list cells before Tail, which is not a list pair; for a
/// cyclic list, Len distinct pairs and a Tail that is the pair where the cycle closes.
fn skip_list(m: &mut Machine, a: &[Cell]) -> Res {
    let s = list_spine(&m.heap, a[1]);
    Ok(m.unify(a[0], Cell::int(s.pairs as i64)) && m.unify(a[2], s.tail))
}

/// `'$make_list'(N, L)`: L is a list of N fresh variables.
fn make_list(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.heap.deref(a[0]);
    if n.tag() != Tag::Int || n.int_value() < 0 {
        return Ok(false);
    }
    let n = n.int_value() as usize;
    // Each element takes a list cell pair and a variable.
    m.ensure_room(n.saturating_mul(3))?;
    let mut vars = Vec::with_capacity(n);
    for _ in 0..n {
        vars.push(m.heap.new_var());
    }
    let l = m.heap.list_from(&vars, Cell::atom(atom::NIL));
    Ok(m.unify(l, a[1]))
}
