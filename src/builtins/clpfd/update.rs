//! `'$fd_narrow_n'/3` and `'$fd_exclude_n'/3`: a variable's domain narrowed to its
//! intersection with a domain, or cleared of some values, as `'$fd_narrow'/2`,
//! `'$fd_exclude'/2` and `'$fd_exclude_values'/2` do in `library/clpfd.pl`, in one call.
//!
//! The native reads the variable's attribute, computes the new domain and, when it changed,
//! stores it with the propagators still alive, as `'$fd_set'/3` does; what must happen then
//! runs Prolog (binding the variable, which wakes its hook, or running its propagators), so
//! the native answers it as a term for the library to act on: `same` (nothing changed),
//! `empty` (no value left: the library fails), `bind(N)` (one value left, not stored: the
//! library binds the variable) or `run(Props)` (stored: the library runs `Props`).

use super::dom::{self, Bound, Interval};
use super::{fd_attr, names, put_fd, read};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// `'$fd_narrow_n'(?X, +Dom, -Then)` for a variable `X`; fails to decline.
pub fn narrow(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((d0, ps)) = current(m, a[0]) else {
        return Ok(false);
    };
    let Some(d) = read(m, a[1]) else {
        return Ok(false);
    };
    let mut d1 = Vec::with_capacity(d0.len());
    dom::isect(&d0, &d, &mut d1);
    update(m, a[0], &d0, &d1, ps, a[2])
}

/// `'$fd_exclude_n'(?X, +Values, -Then)` for a variable `X` and a proper list of integers;
/// fails to decline.
pub fn exclude(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((d0, ps)) = current(m, a[0]) else {
        return Ok(false);
    };
    let mut d1 = d0.clone();
    if dom::remove_listed(m, &mut d1, a[1]).is_none() {
        return Ok(false);
    }
    update(m, a[0], &d0, &d1, ps, a[2])
}

/// The domain and propagators of variable `x`, as `'$fd_get'/3` gives them.
fn current(m: &mut Machine, x: Cell) -> Option<(Vec<Interval>, Cell)> {
    let x = m.stacks.heap.deref(x);
    if x.tag() != Tag::Ref {
        return None;
    }
    match fd_attr(m, x) {
        Some((d, ps)) => Some((read(m, d)?, ps)),
        None => Some((vec![(Bound::Inf, Bound::Sup)], Cell::atom(atom::NIL))),
    }
}

/// `'$fd_set'/3` after the test `D1 == D0`: answers `Then` as the file's notes say.
fn update(m: &mut Machine, x: Cell, d0: &[Interval], d1: &[Interval], ps: Cell, then: Cell) -> Res {
    let nm = names(m);
    if d1 == d0 {
        return Ok(m.unify(Cell::atom(nm.same), then));
    }
    if d1.is_empty() {
        return Ok(m.unify(Cell::atom(nm.empty), then));
    }
    if let [(Bound::I(lo), Bound::I(hi))] = *d1 {
        if lo == hi {
            let b = m.stacks.heap.compound(nm.bind, &[Cell::int(lo)]);
            return Ok(m.unify(b, then));
        }
    }
    let Some(live) = live(m, ps, nm.p) else {
        return Ok(false);
    };
    let Some(dc) = dom::write_dom(m, nm.at, d1) else {
        return Ok(false);
    };
    let live = m.stacks.heap.list_from(&live, Cell::atom(atom::NIL));
    if !put_fd(m, x, dc, live) {
        return Ok(false);
    }
    let r = m.stacks.heap.compound(nm.run, &[live]);
    Ok(m.unify(r, then))
}

/// `'$fd_live'/2`: the propagators `p(Dead, Kind, Shown)` of the proper list `ps` whose `Dead`
/// is unbound, in order; `None` when an element is not such a term.
fn live(m: &Machine, ps: Cell, p: u32) -> Option<Vec<Cell>> {
    let heap = &m.stacks.heap;
    let mut out = Vec::new();
    let mut l = heap.deref(ps);
    let mut steps = 0usize;
    while l.tag() == Tag::List {
        steps += 1;
        if steps > heap.cells.len() {
            return None;
        }
        let e = heap.deref(heap.cells[l.addr()]);
        if e.tag() != Tag::Str || heap.functor_of(e) != Cell::functor(p, 3) {
            return None;
        }
        if heap.deref(heap.arg(e, 0)).tag() == Tag::Ref {
            out.push(e);
        }
        l = heap.deref(heap.cells[l.addr() + 1]);
    }
    (l == Cell::atom(atom::NIL)).then_some(out)
}
