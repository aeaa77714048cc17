//! SWI-Prolog 7 dicts: the natives under `is_dict/1,2`, `put_dict/3,4`, `del_dict/4`,
//! `dict_pairs/3` and `dict_create/3`; `get_dict/3` and the functional dot `./3`, which may
//! enumerate, are in `dicts/dot.rs`, and the rest is Prolog in `library/dicts.pl`.
//!
//! A dict is the compound `C'dict'(Tag, V1, K1, V2, K2, ...)`, SWI-Prolog's layout, its keys
//! (atoms and small integers) kept sorted in the standard order, so that a look-up is a binary
//! search and two dicts with the same tag and keys unify argument by argument. Every native
//! builds a new dict; none changes one in place.

use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::cmp::Ordering;

mod dot;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("is_dict", 1, |m, a| Ok(dict_parts(m, a[0]).is_some()));
    m.def_native("is_dict", 2, |m, a| match dict_parts(m, a[0]) {
        Some((base, _)) => {
            let tag = m.stacks.heap.cells[base];
            Ok(m.unify(tag, a[1]))
        }
        None => Ok(false),
    });
    m.def_native("put_dict", 4, put_dict4);
    m.def_native("put_dict", 3, put_dict3);
    m.def_native("$del_dict", 4, del_dict);
    m.def_native("$dict_pairs", 3, dict_pairs);
    m.def_native("$dict_create", 3, |m, a| {
        dict_create(m, a).map_err(|e| m.in_context(e, "dict_create", 3))
    });
    dot::install(m);
}

/// The address of the tag of `c` and its number of pairs, if `c` is a dict.
fn dict_parts(m: &Machine, c: Cell) -> Option<(usize, usize)> {
    let c = m.stacks.heap.deref(c);
    if c.tag() != Tag::Str {
        return None;
    }
    let f = m.stacks.heap.functor_of(c);
    let n = f.functor_arity();
    (f.functor_name() == atom::DICT && n % 2 == 1).then_some((c.addr() + 1, n / 2))
}

/// The dict `c`, or `type_error(dict, c)` (an instantiation error when unbound).
fn must_dict(m: &mut Machine, c: Cell) -> Result<(usize, usize), PlError> {
    let c = m.stacks.heap.deref(c);
    match dict_parts(m, c) {
        Some(p) => Ok(p),
        None if c.tag() == Tag::Ref => Err(m.inst_err()),
        None => Err(m.type_err("dict", c)),
    }
}

/// The key `c`: an atom or a small integer, else a type error.
fn must_key(m: &mut Machine, c: Cell) -> Result<Cell, PlError> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Atom | Tag::Int => Ok(c),
        Tag::Ref => Err(m.inst_err()),
        _ => Err(m.type_err("dict-key", c)),
    }
}

/// The pairs of the dict at `base`, keys dereferenced.
fn pairs_of(m: &Machine, base: usize, n: usize) -> Vec<(Cell, Cell)> {
    let cells = &m.stacks.heap.cells;
    (0..n)
        .map(|i| {
            let k = m.stacks.heap.deref(cells[base + 2 + 2 * i]);
            (k, cells[base + 1 + 2 * i])
        })
        .collect()
}

/// Where `key` is among the `n` pairs of the dict at `base`: `Ok(i)` for pair `i`, else
/// `Err(i)`, where it would go.
fn find(m: &Machine, base: usize, n: usize, key: Cell) -> Result<usize, usize> {
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = (lo + hi) / 2;
        let k = m.stacks.heap.deref(m.stacks.heap.cells[base + 2 + 2 * mid]);
        match key_order(m, k, key) {
            Ordering::Less => lo = mid + 1,
            Ordering::Greater => hi = mid,
            Ordering::Equal => return Ok(mid),
        }
    }
    Err(lo)
}

/// The standard order of two keys, integers and atoms only.
fn key_order(m: &Machine, a: Cell, b: Cell) -> Ordering {
    if a.tag() == Tag::Int && b.tag() == Tag::Int {
        return a.int_value().cmp(&b.int_value());
    }
    if a == b {
        return Ordering::Equal;
    }
    m.compare_terms(a, b)
}

/// The dict with `tag` and `pairs`, which must be sorted by key with no key twice.
fn build(m: &mut Machine, tag: Cell, pairs: &[(Cell, Cell)]) -> Cell {
    let mut args = Vec::with_capacity(1 + 2 * pairs.len());
    args.push(tag);
    for &(k, v) in pairs {
        args.push(v);
        args.push(k);
    }
    m.stacks.heap.compound(atom::DICT, &args)
}

/// Sorts `pairs` by key; the first key found twice is the error.
fn sort_pairs(m: &mut Machine, pairs: &mut [(Cell, Cell)]) -> Result<(), PlError> {
    pairs.sort_by(|a, b| key_order(m, a.0, b.0));
    if let Some(w) = pairs
        .windows(2)
        .find(|w| key_order(m, w[0].0, w[1].0).is_eq())
    {
        let key = w[0].0;
        let name = m.atoms.intern("duplicate_key");
        let f = m.stacks.heap.compound(name, &[key]);
        return Err(m.err(f));
    }
    Ok(())
}

/// `existence_error(key, Key, Dict)`.
fn no_key(m: &mut Machine, key: Cell, dict: Cell) -> PlError {
    let k = Cell::atom(m.atoms.intern("key"));
    let f = m
        .stacks
        .heap
        .compound(atom::EXISTENCE_ERROR, &[k, key, dict]);
    m.err(f)
}

/// The dict at `base` (its tag's address) with `n` pairs and `key` set to `value`, copied
/// cell by cell onto the heap: no pair is read into a vector, and the keys, already sorted, are
/// not compared again beyond the binary search.
fn put_one(m: &mut Machine, base: usize, n: usize, key: Cell, value: Cell) -> Cell {
    let at = find(m, base, n, key);
    let cells = &mut m.stacks.heap.cells;
    let a = cells.len();
    let (i, rest, pairs) = match at {
        Ok(i) => (i, i + 1, n),
        Err(i) => (i, i, n + 1),
    };
    cells.push(Cell::functor(atom::DICT, 1 + 2 * pairs));
    cells.extend_from_within(base..base + 1 + 2 * i);
    cells.push(value);
    cells.push(key);
    cells.extend_from_within(base + 1 + 2 * rest..base + 1 + 2 * n);
    Cell::structure(a)
}

/// `put_dict(+Key, +Dict, +Value, -NewDict)`.
fn put_dict4(m: &mut Machine, a: &[Cell]) -> Res {
    let (base, n) = must_dict(m, a[1])?;
    let key = must_key(m, a[0])?;
    let d = put_one(m, base, n, key, a[2]);
    Ok(m.unify(d, a[3]))
}

/// `put_dict(+New, +Dict, -NewDict)`: `New` a dict or pairs as `dict_create/3` takes them;
/// the pairs of `New` win.
fn put_dict3(m: &mut Machine, a: &[Cell]) -> Res {
    let d = put_new(m, a[0], a[1])?;
    Ok(m.unify(d, a[2]))
}

/// The dict `dict` with the pairs of `new` (a dict, or a list of pairs) put in it.
fn put_new(m: &mut Machine, new: Cell, dict: Cell) -> Result<Cell, PlError> {
    let new = match dict_parts(m, new) {
        Some(_) => new,
        None => {
            let tag = m.stacks.heap.new_var();
            create(m, tag, new)?
        }
    };
    let (nb, nn) = must_dict(m, new)?;
    let (base, n) = must_dict(m, dict)?;
    if nn == 1 {
        let (k, v) = pairs_of(m, nb, 1)[0];
        return Ok(put_one(m, base, n, k, v));
    }
    let tag = m.stacks.heap.cells[base];
    let mut pairs = pairs_of(m, base, n);
    for (k, v) in pairs_of(m, nb, nn) {
        match pairs.binary_search_by(|p| key_order(m, p.0, k)) {
            Ok(i) => pairs[i].1 = v,
            Err(i) => pairs.insert(i, (k, v)),
        }
    }
    Ok(build(m, tag, &pairs))
}

/// `'$del_dict'(+Key, +Dict, ?Value, -NewDict)`.
fn del_dict(m: &mut Machine, a: &[Cell]) -> Res {
    let (base, n) = must_dict(m, a[1])?;
    let key = must_key(m, a[0])?;
    let Ok(i) = find(m, base, n, key) else {
        return Ok(false);
    };
    let tag = m.stacks.heap.cells[base];
    let mut pairs = pairs_of(m, base, n);
    let (_, v) = pairs.remove(i);
    if !m.unify(v, a[2]) {
        return Ok(false);
    }
    let d = build(m, tag, &pairs);
    Ok(m.unify(d, a[3]))
}

/// `'$dict_pairs'(+Dict, ?Tag, ?Pairs)`: the pairs `K-V` in the order of their keys.
fn dict_pairs(m: &mut Machine, a: &[Cell]) -> Res {
    let (base, n) = must_dict(m, a[0])?;
    let tag = m.stacks.heap.cells[base];
    let items: Vec<Cell> = pairs_of(m, base, n)
        .into_iter()
        .map(|(k, v)| m.stacks.heap.compound(atom::MINUS, &[k, v]))
        .collect();
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(tag, a[1]) && m.unify(l, a[2]))
}

/// `'$dict_create'(-Dict, ?Tag, +Pairs)`: pairs written `K-V`, `K=V`, `K:V` or `K(V)`.
fn dict_create(m: &mut Machine, a: &[Cell]) -> Res {
    let d = create(m, a[1], a[2])?;
    Ok(m.unify(d, a[0]))
}

/// The dict with `tag` and the pairs of the list `list`.
fn create(m: &mut Machine, tag: Cell, list: Cell) -> Result<Cell, PlError> {
    let items = match m.list_to_vec_checked(list) {
        Ok(Some(items)) => items,
        Ok(None) => return Err(m.inst_err()),
        Err(_) => {
            let c = m.stacks.heap.deref(list);
            return Err(m.type_err("dict-data", c));
        }
    };
    let mut pairs = Vec::with_capacity(items.len());
    for item in items {
        let item = m.stacks.heap.deref(item);
        if item.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if item.tag() != Tag::Str {
            return Err(m.type_err("dict-data", item));
        }
        let f = m.stacks.heap.functor_of(item);
        let (name, arity) = (f.functor_name(), f.functor_arity());
        let pair = match arity {
            2 if name == atom::MINUS || name == atom::EQUALS || name == atom::COLON => {
                (m.stacks.heap.arg(item, 0), m.stacks.heap.arg(item, 1))
            }
            1 => (Cell::atom(name), m.stacks.heap.arg(item, 0)),
            _ => return Err(m.type_err("dict-data", item)),
        };
        let key = must_key(m, pair.0)?;
        pairs.push((key, pair.1));
    }
    sort_pairs(m, &mut pairs)?;
    Ok(build(m, tag, &pairs))
}
