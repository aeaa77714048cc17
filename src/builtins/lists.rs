//! Native list builtins: sorting (`msort/2`, `sort/2`, `sort/4`, `keysort/2`, `predsort` is in
//! Prolog) and the length helpers that `length/2` in the boot library builds on.
//!
//! Sorting compares in the standard order with a stable merge sort (`lists/merge.rs`) over the
//! elements gathered in one walk along the list, in a work space kept between calls (empty
//! between them), and builds the sorted list at once; nothing here recurses on list length or
//! term depth.

mod memberchk;
mod merge;
mod seek;

use crate::machine::error::{PlError, Res};
use crate::machine::native_state::NativeState;
use crate::machine::Machine;
use crate::term::cycles::{list_spine, spine_elements, CycleWatch};
use crate::term::{atom, Cell, Tag};
use merge::merge_sort;
use std::cmp::Ordering;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("msort", 2, |m, a| sort_impl(m, a[0], a[1], WHOLE));
    m.def_native("sort", 2, |m, a| sort_impl(m, a[0], a[1], SET));
    m.def_native("sort", 4, sort4);
    m.def_native("keysort", 2, |m, a| sort_impl(m, a[0], a[1], KEYED));
    m.def_native("$skip_list", 3, skip_list);
    m.def_native("$make_list", 2, make_list);
    m.def_native("$memberchk_scan", 4, memberchk::memberchk_scan);
    m.def_native("$seek_list", 4, seek::seek_list);
}

/// The work space of the sorting builtins, kept between calls so that a sort allocates nothing
/// once it has sorted a list as long before. It is empty between calls: no cell stays in it
/// from one sort to the next.
#[derive(Default)]
struct SortSpace {
    /// The elements, in list order and then sorted (sorts on the whole element).
    items: Vec<Cell>,
    /// Key and element pairs (sorts on an argument of the elements).
    pairs: Vec<(Cell, Cell)>,
    /// The merge sort's second half of `items`.
    items_buf: Vec<Cell>,
    /// The merge sort's second half of `pairs`.
    pairs_buf: Vec<(Cell, Cell)>,
}

impl NativeState for SortSpace {
    ply_engine::native_state_any!();
}

/// Vectors that grew past this many elements are freed after the sort rather than kept.
const KEEP: usize = 1 << 16;

impl SortSpace {
    /// Empty every vector, and free those grown past [`KEEP`].
    fn clear(&mut self) {
        fn reset<T>(v: &mut Vec<T>) {
            v.clear();
            if v.capacity() > KEEP {
                *v = Vec::new();
            }
        }
        reset(&mut self.items);
        reset(&mut self.pairs);
        reset(&mut self.items_buf);
        reset(&mut self.pairs_buf);
    }
}

/// How the walk along a list to be sorted ended.
enum Ending {
    /// At `[]`.
    Proper,
    /// At an unbound tail.
    Partial,
    /// Back at a pair passed before.
    Cyclic,
    /// At something else.
    Other,
}

/// Push the elements of list `l` onto `out`, and tell how the list ends.
fn collect(m: &Machine, l: Cell, out: &mut Vec<Cell>) -> Ending {
    let mut c = m.stacks.heap.deref(l);
    let mut watch = CycleWatch::new(c);
    loop {
        match c.tag() {
            Tag::List => {
                out.push(m.stacks.heap.cells[c.addr()]);
                c = m.stacks.heap.deref(m.stacks.heap.cells[c.addr() + 1]);
                if c.tag() == Tag::List && watch.arrived(c) {
                    return Ending::Cyclic;
                }
            }
            Tag::Atom if c.atom_index() == atom::NIL => return Ending::Proper,
            Tag::Ref => return Ending::Partial,
            _ => return Ending::Other,
        }
    }
}

fn check_result_list(m: &mut Machine, r: Cell) -> Result<(), PlError> {
    // ISO: the second argument must be a list or partial list.
    if m.stacks.heap.deref(r).tag() == Tag::Ref {
        return Ok(());
    }
    let s = list_spine(&m.stacks.heap, r);
    match s.tail.tag() {
        _ if s.cyclic => {}
        Tag::Ref => return Ok(()),
        Tag::Atom if s.tail.atom_index() == atom::NIL => return Ok(()),
        _ => {}
    }
    let r = m.stacks.heap.deref(r);
    Err(m.type_err("list", r))
}

/// What a sort sorts on and keeps.
#[derive(Clone, Copy)]
struct Order {
    /// 0 for the whole element, else the argument of each element sorted on.
    key: usize,
    /// Keep one of each run of elements whose keys compare equal (the first in list order).
    dedupe: bool,
    /// Greatest first.
    desc: bool,
    /// Each element must be a `Key-Value` pair (`keysort/2`).
    pairs: bool,
}

/// `msort/2`: every element, in standard order.
const WHOLE: Order = Order {
    key: 0,
    dedupe: false,
    desc: false,
    pairs: false,
};

/// `sort/2`: a set.
const SET: Order = Order {
    dedupe: true,
    ..WHOLE
};

/// `keysort/2`: pairs by key, stably.
const KEYED: Order = Order {
    key: 1,
    pairs: true,
    ..WHOLE
};

fn sort_impl(m: &mut Machine, l: Cell, r: Cell, order: Order) -> Res {
    let mut space = std::mem::take(m.services.natives.get::<SortSpace>());
    let res = sort_in(m, l, r, order, &mut space);
    space.clear();
    *m.services.natives.get::<SortSpace>() = space;
    res
}

fn sort_in(m: &mut Machine, l: Cell, r: Cell, order: Order, space: &mut SortSpace) -> Res {
    let items = &mut space.items;
    match collect(m, l, items) {
        Ending::Proper => {}
        Ending::Partial => return Err(m.inst_err()),
        // SWI-Prolog sorts the elements of a cyclic list into a set when duplicates are
        // removed (`X = [b,a|X], sort(X, S)` gives `[a,b]`) and rejects it otherwise.
        Ending::Cyclic if order.dedupe => {
            let spine = list_spine(&m.stacks.heap, l);
            *items = spine_elements(&m.stacks.heap, l, &spine);
        }
        Ending::Cyclic | Ending::Other => {
            let l = m.stacks.heap.deref(l);
            return Err(m.type_err("list", l));
        }
    }
    check_result_list(m, r)?;
    let cmp = |m: &Machine, a: &Cell, b: &Cell| {
        let o = m.compare_terms(*a, *b);
        if order.desc {
            o.reverse()
        } else {
            o
        }
    };
    if order.key == 0 && !order.pairs {
        // A list already in order (a state of a game kept sorted, a findall over sorted facts)
        // is seen in one pass of comparisons, where the sort and the removal of duplicates
        // would make two; the first pair out of order stops the pass.
        let in_order = |w: &[Cell]| {
            let o = cmp(m, &w[0], &w[1]);
            o == Ordering::Less || (!order.dedupe && o == Ordering::Equal)
        };
        if !items.windows(2).all(in_order) {
            merge_sort(items, &mut space.items_buf, |a, b| cmp(m, a, b));
            if order.dedupe {
                dedupe(items, |a, b| m.terms_identical(*a, *b));
            }
        }
        let list = m.stacks.heap.list_from(items, Cell::atom(atom::NIL));
        return Ok(m.unify(list, r));
    }
    let pairs = &mut space.pairs;
    for &x in items.iter() {
        pairs.push((key_of(m, x, order)?, x));
    }
    merge_sort(pairs, &mut space.pairs_buf, |a, b| cmp(m, &a.0, &b.0));
    if order.dedupe {
        dedupe(pairs, |a, b| m.terms_identical(a.0, b.0));
    }
    items.clear();
    items.extend(pairs.iter().map(|p| p.1));
    let list = m.stacks.heap.list_from(items, Cell::atom(atom::NIL));
    Ok(m.unify(list, r))
}

/// The argument `order.key` of element `x`, checked as the sort asks.
fn key_of(m: &mut Machine, x: Cell, order: Order) -> Result<Cell, PlError> {
    let t = m.stacks.heap.deref(x);
    if t.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if order.pairs {
        if !(t.tag() == Tag::Str && m.stacks.heap.functor_of(t) == Cell::functor(atom::MINUS, 2)) {
            return Err(m.type_err("pair", t));
        }
        return Ok(m.stacks.heap.cells[t.addr() + 1]);
    }
    if !matches!(t.tag(), Tag::Str | Tag::List) {
        return Err(m.type_err("compound", t));
    }
    let (f, base) = m.functor_parts(t);
    if f.functor_arity() < order.key {
        return Err(m.type_err("compound", t));
    }
    Ok(m.stacks.heap.cells[base + order.key - 1])
}

/// Keep the first of each run of neighbours of sorted `v` that compare equal.
fn dedupe<T: Copy>(v: &mut Vec<T>, mut same: impl FnMut(&T, &T) -> bool) {
    if v.len() < 2 {
        return;
    }
    let mut kept = 1;
    for i in 1..v.len() {
        if !same(&v[kept - 1], &v[i]) {
            v[kept] = v[i];
            kept += 1;
        }
    }
    v.truncate(kept);
}

fn sort4(m: &mut Machine, a: &[Cell]) -> Res {
    let k = m.stacks.heap.deref(a[0]);
    let o = m.stacks.heap.deref(a[1]);
    if k.tag() == Tag::Ref || o.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let key = match k.tag() {
        Tag::Int if k.int_value() >= 0 => k.int_value() as usize,
        Tag::Int => return Err(m.domain_err("not_less_than_zero", k)),
        // SWI-Prolog reads a non-integer key as a path into a compound and reports it so.
        _ => return Err(m.type_err("compound", k)),
    };
    if o.tag() != Tag::Atom {
        return Err(m.type_err("atom", o));
    }
    let (dedupe, desc) = match m.atoms.name(o.atom_index()) {
        "@<" => (true, false),
        "@=<" => (false, false),
        "@>" => (true, true),
        "@>=" => (false, true),
        _ => return Err(m.domain_err("order", o)),
    };
    let order = Order {
        key,
        dedupe,
        desc,
        pairs: false,
    };
    sort_impl(m, a[2], a[3], order)
}

/// `'$skip_list'(Len, List, Tail)`: Len list cells before Tail, which is not a list pair; for a
/// cyclic list, Len distinct pairs and a Tail that is the pair where the cycle closes.
fn skip_list(m: &mut Machine, a: &[Cell]) -> Res {
    let s = list_spine(&m.stacks.heap, a[1]);
    Ok(m.unify(a[0], Cell::int(s.pairs as i64)) && m.unify(a[2], s.tail))
}

/// `'$make_list'(N, L)`: L is a list of N fresh variables.
fn make_list(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.stacks.heap.deref(a[0]);
    if n.tag() != Tag::Int || n.int_value() < 0 {
        return Ok(false);
    }
    let n = n.int_value() as usize;
    // Each element takes a list cell pair and a variable.
    m.ensure_room(n.saturating_mul(3))?;
    let mut vars = Vec::with_capacity(n);
    for _ in 0..n {
        vars.push(m.stacks.heap.new_var());
    }
    let l = m.stacks.heap.list_from(&vars, Cell::atom(atom::NIL));
    Ok(m.unify(l, a[1]))
}
