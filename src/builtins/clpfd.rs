//! The natives under library(clpfd) (`library/clpfd*.pl`): the domain operations, the reading
//! of a variable's domain and propagators, the bounds reasoning of a linear propagator and the
//! counting behind `all_distinct/1`, each the Prolog definition it stands for done in one walk.
//!
//! The library stays the one place that says what a constraint means: every native here
//! answers as the Prolog clauses beside its call would, and none narrows a domain or runs a
//! propagator itself (narrowing wakes Prolog). Where a native meets what it does not read (a
//! big integer bound, a malformed domain) it fails without binding anything, and the library
//! runs its Prolog definition instead (`'$fd_isect'(A, B, C) :- '$fd_isect_n'(A, B, C), !.`
//! and a second clause), so the natives decide only the common case and never change an
//! answer.

mod dom;
mod eval;
mod lin;
mod update;

use crate::machine::error::Res;
use crate::machine::native_state::NativeState;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use dom::{Atoms, Bound, Interval};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("$fd_isect_n", 3, isect);
    m.def_native("$fd_union_n", 3, union);
    m.def_native("$fd_remove_n", 3, remove);
    m.def_native("$fd_remove_all_n", 3, remove_all);
    m.def_native("$fd_contains_n", 3, contains);
    m.def_native("$fd_dom_size_n", 2, dom_size);
    m.def_native("$fd_bounds_n", 3, bounds);
    m.def_native("$fd_get", 3, get);
    m.def_native("$fd_put", 3, put);
    m.def_native("$fd_lin_plan", 4, lin::lin_plan);
    m.def_native("$fd_pigeon", 2, pigeon);
    m.def_native("$fd_values", 4, eval::values);
    m.def_native("$fd_eq_values", 4, eval::eq_values);
    m.def_native("$fd_narrow_n", 3, update::narrow);
    m.def_native("$fd_exclude_n", 3, update::exclude);
}

/// The atoms the family reads and writes, interned at its first call.
#[derive(Clone, Copy)]
struct Names {
    /// `inf` and `sup`.
    at: Atoms,
    /// `clpfd`, the attribute's module.
    clpfd: u32,
    /// `fd`, the attribute's functor.
    fd: u32,
    /// `att`, the functor of the attribute chain.
    att: u32,
    /// The operators of a linear propagator, `le` and `eq`.
    le: u32,
    /// See `le`.
    eq: u32,
    /// The plans of `'$fd_lin_plan'/4`: `wait`, `dead`, `small`, `narrow` and `n`.
    wait: u32,
    /// See `wait`.
    dead: u32,
    /// See `wait`.
    small: u32,
    /// See `wait`.
    narrow: u32,
    /// See `wait`.
    n: u32,
    /// The answers of `update.rs`: `same`, `empty`, `bind`, `run`, and the propagators' `p`.
    same: u32,
    /// See `same`.
    empty: u32,
    /// See `same`.
    bind: u32,
    /// See `same`.
    run: u32,
    /// See `same`.
    p: u32,
}

/// The family's state: its atoms once interned.
#[derive(Default)]
struct FdAtoms {
    /// The atoms, after the first call.
    names: Option<Names>,
}

impl NativeState for FdAtoms {
    ply_engine::native_state_any!();

    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        if let Some(n) = self.names {
            for a in [
                n.at.inf, n.at.sup, n.clpfd, n.fd, n.att, n.le, n.eq, n.wait, n.dead, n.small,
                n.narrow, n.n, n.same, n.empty, n.bind, n.run, n.p,
            ] {
                mark(a);
            }
        }
    }
}

/// The family's atoms.
fn names(m: &mut Machine) -> Names {
    if let Some(n) = m.services.natives.get::<FdAtoms>().names {
        return n;
    }
    let mut i = |s: &str| m.atoms.intern(s);
    let n = Names {
        at: Atoms {
            inf: i("inf"),
            sup: i("sup"),
        },
        clpfd: i("clpfd"),
        fd: i("fd"),
        att: i("att"),
        le: i("le"),
        eq: i("eq"),
        wait: i("wait"),
        dead: i("dead"),
        small: i("small"),
        narrow: i("narrow"),
        n: i("n"),
        same: i("same"),
        empty: i("empty"),
        bind: i("bind"),
        run: i("run"),
        p: i("p"),
    };
    m.services.natives.get::<FdAtoms>().names = Some(n);
    n
}

/// The bound atoms and `clpfd`, `fd`, `att`.
fn atoms(m: &mut Machine) -> (Atoms, u32, u32, u32) {
    let n = names(m);
    (n.at, n.clpfd, n.fd, n.att)
}

/// Read domain `d`, or decline.
fn read(m: &mut Machine, d: Cell) -> Option<Vec<Interval>> {
    let at = atoms(m).0;
    let mut v = Vec::new();
    dom::read_dom(m, at, d, &mut v).map(|()| v)
}

/// Unify `out` with domain `d` written out; decline when it cannot be written.
fn answer(m: &mut Machine, d: &[Interval], out: Cell) -> Res {
    let at = atoms(m).0;
    match dom::write_dom(m, at, d) {
        Some(c) => Ok(m.unify(c, out)),
        None => Ok(false),
    }
}

/// `'$fd_isect_n'(+D1, +D2, -D)`.
fn isect(m: &mut Machine, a: &[Cell]) -> Res {
    let (Some(x), Some(y)) = (read(m, a[0]), read(m, a[1])) else {
        return Ok(false);
    };
    let mut out = Vec::with_capacity(x.len().max(y.len()));
    dom::isect(&x, &y, &mut out);
    answer(m, &out, a[2])
}

/// `'$fd_union_n'(+D1, +D2, -D)`.
fn union(m: &mut Machine, a: &[Cell]) -> Res {
    let (Some(x), Some(y)) = (read(m, a[0]), read(m, a[1])) else {
        return Ok(false);
    };
    match dom::union(&x, &y) {
        Some(u) => answer(m, &u, a[2]),
        None => Ok(false),
    }
}

/// `'$fd_remove_n'(+D, +V, -D1)`.
fn remove(m: &mut Machine, a: &[Cell]) -> Res {
    let (Some(mut d), Some(v)) = (read(m, a[0]), dom::read_int(m, a[1])) else {
        return Ok(false);
    };
    if dom::remove(&mut d, v).is_none() {
        return Ok(false);
    }
    answer(m, &d, a[2])
}

/// `'$fd_remove_all_n'(+Values, +D0, -D)`: each value of the proper list removed in turn.
fn remove_all(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(mut d) = read(m, a[1]) else {
        return Ok(false);
    };
    if dom::remove_listed(m, &mut d, a[0]).is_none() {
        return Ok(false);
    }
    answer(m, &d, a[2])
}

/// `'$fd_contains_n'(+D, +V, -Holds)`: `Holds` is `true` or `false`.
fn contains(m: &mut Machine, a: &[Cell]) -> Res {
    let (Some(d), Some(v)) = (read(m, a[0]), dom::read_int(m, a[1])) else {
        return Ok(false);
    };
    let r = if dom::contains(&d, v) {
        atom::TRUE
    } else {
        atom::FALSE
    };
    Ok(m.unify(Cell::atom(r), a[2]))
}

/// `'$fd_dom_size_n'(+D, -S)`.
fn dom_size(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(d) = read(m, a[0]) else {
        return Ok(false);
    };
    let at = atoms(m).0;
    let s = match dom::size(&d) {
        None => Cell::atom(at.sup),
        Some(s) => match dom::small(s) {
            Some(Bound::I(v)) => Cell::int(v),
            _ => return Ok(false),
        },
    };
    Ok(m.unify(s, a[1]))
}

/// The clpfd attribute `fd(Dom, Props)` of `x`, as `get_attr(X, clpfd, fd(D, Ps))` finds it.
fn fd_attr(m: &mut Machine, x: Cell) -> Option<(Cell, Cell)> {
    let (_, clpfd, fd, att) = atoms(m);
    let heap = &m.stacks.heap;
    let mut c = heap.deref(m.attvar_attrs(x)?);
    let mut steps = 0usize;
    while c.tag() == Tag::Str && heap.functor_of(c) == Cell::functor(att, 3) {
        steps += 1;
        if steps > heap.cells.len() {
            return None;
        }
        if heap.deref(heap.arg(c, 0)) == Cell::atom(clpfd) {
            let v = heap.deref(heap.arg(c, 1));
            return (v.tag() == Tag::Str && heap.functor_of(v) == Cell::functor(fd, 2))
                .then(|| (heap.arg(v, 0), heap.arg(v, 1)));
        }
        c = heap.deref(heap.arg(c, 2));
    }
    None
}

/// `'$fd_get'(?X, -Dom, -Props)`: X's domain and propagators, `[inf-sup]` and `[]` for a
/// variable without them.
fn get(m: &mut Machine, a: &[Cell]) -> Res {
    let (d, ps) = match fd_attr(m, a[0]) {
        Some(dp) => dp,
        None => {
            let at = atoms(m).0;
            let i = m
                .stacks
                .heap
                .compound(atom::MINUS, &[Cell::atom(at.inf), Cell::atom(at.sup)]);
            let d = m.stacks.heap.list_from(&[i], Cell::atom(atom::NIL));
            (d, Cell::atom(atom::NIL))
        }
    };
    Ok(m.unify(d, a[1]) && m.unify(ps, a[2]))
}

/// `'$fd_put'(+X, +Dom, +Props)`: `put_attr(X, clpfd, fd(Dom, Props))` for a variable `X`,
/// the attribute chain rebuilt as `put_attr/3` rebuilds it (`library/coroutining.pl`): the
/// entries before `clpfd` copied, `clpfd`'s replaced, the rest shared, or a new entry at the
/// end. Fails on anything but a variable, for the library to call `put_attr/3` instead.
fn put(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(put_fd(m, a[0], a[1], a[2]))
}

/// Give variable `x` the attribute `fd(d, ps)` as [`put`] does; false, with nothing changed,
/// when `x` is no variable or its attribute chain is not well formed.
fn put_fd(m: &mut Machine, x: Cell, d: Cell, ps: Cell) -> bool {
    let x = m.stacks.heap.deref(x);
    if x.tag() != Tag::Ref {
        return false;
    }
    let (_, clpfd, fd, att) = atoms(m);
    let chain = m.attvar_attrs(x).map(|c| m.stacks.heap.deref(c));
    let mut before = Vec::new();
    let mut rest = Cell::atom(atom::NIL);
    if let Some(mut c) = chain {
        let heap = &m.stacks.heap;
        loop {
            if c == Cell::atom(atom::NIL) {
                break;
            }
            if c.tag() != Tag::Str || heap.functor_of(c) != Cell::functor(att, 3) {
                return false;
            }
            if before.len() > heap.cells.len() {
                return false;
            }
            if heap.deref(heap.arg(c, 0)) == Cell::atom(clpfd) {
                rest = heap.arg(c, 2);
                break;
            }
            before.push((heap.arg(c, 0), heap.arg(c, 1)));
            c = heap.deref(heap.arg(c, 2));
        }
    }
    let value = m.stacks.heap.compound(fd, &[d, ps]);
    let mut tail = m
        .stacks
        .heap
        .compound(att, &[Cell::atom(clpfd), value, rest]);
    for &(name, v) in before.iter().rev() {
        tail = m.stacks.heap.compound(att, &[name, v, tail]);
    }
    m.set_attvar_attrs(x, tail);
    true
}

/// The domain of `x` (an integer or a variable) as `'$fd_dom_of'/2` gives it; `None` to decline.
fn dom_of(m: &mut Machine, x: Cell) -> Option<Vec<Interval>> {
    let x = m.stacks.heap.deref(x);
    match x.tag() {
        Tag::Int => Some(vec![(Bound::I(x.int_value()), Bound::I(x.int_value()))]),
        Tag::Ref => match fd_attr(m, x) {
            Some((d, _)) => read(m, d),
            None => Some(vec![(Bound::Inf, Bound::Sup)]),
        },
        _ => None,
    }
}

/// `'$fd_bounds_n'(?X, -L, -H)`: the bounds of a variable's domain or an integer.
fn bounds(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(d) = dom_of(m, a[0]) else {
        return Ok(false);
    };
    let (Some(&(lo, _)), Some(&(_, hi))) = (d.first(), d.last()) else {
        return Ok(false);
    };
    let at = atoms(m).0;
    let (Some(l), Some(h)) = (dom::bound_cell(at, lo), dom::bound_cell(at, hi)) else {
        return Ok(false);
    };
    Ok(m.unify(l, a[1]) && m.unify(h, a[2]))
}

/// `'$fd_pigeon'(+Xs, -Singles)`, the counting of `'$fd_pigeonhole'/1`: over the variables of
/// `Xs` (its elements that are not integers), fails when their domains together hold fewer
/// values than there are variables; when exactly as many, `Singles` is the `X-V` pairs of
/// each value `V`, in increasing order, that only one variable `X` can take; else `[]`.
fn pigeon(m: &mut Machine, a: &[Cell]) -> Res {
    let mut vars = Vec::new();
    let mut l = m.stacks.heap.deref(a[0]);
    while l.tag() == Tag::List {
        if vars.len() > m.stacks.heap.cells.len() {
            return Ok(false);
        }
        let x = m.stacks.heap.deref(m.stacks.heap.cells[l.addr()]);
        if x.tag() != Tag::Int {
            vars.push(x);
        }
        l = m.stacks.heap.deref(m.stacks.heap.cells[l.addr() + 1]);
    }
    if l != Cell::atom(atom::NIL) {
        return Ok(false);
    }
    let mut doms = Vec::with_capacity(vars.len());
    let mut u: Vec<Interval> = Vec::new();
    for &x in &vars {
        if x.tag() != Tag::Ref {
            return Ok(false);
        }
        let Some(d) = dom_of(m, x) else {
            return Ok(false);
        };
        let Some(u1) = dom::union(&u, &d) else {
            return Ok(false);
        };
        u = u1;
        doms.push(d);
    }
    let n = vars.len() as i128;
    let nil = Cell::atom(atom::NIL);
    let s = match dom::size(&u) {
        None => return Ok(m.unify(nil, a[1])),
        Some(s) => s,
    };
    if dom::small(s).is_none() {
        return Ok(false);
    }
    if s > n {
        return Ok(m.unify(nil, a[1]));
    }
    if s < n {
        // The Prolog definition fails here; so must the caller, not its fallback: answer a
        // marker the library tests.
        return Ok(m.unify(Cell::atom(atom::FAIL), a[1]));
    }
    let mut pairs = Vec::new();
    for &(lo, hi) in &u {
        let (Bound::I(lo), Bound::I(hi)) = (lo, hi) else {
            return Ok(false);
        };
        for v in lo..=hi {
            let mut holder = None;
            let mut count = 0;
            for (k, d) in doms.iter().enumerate() {
                if dom::contains(d, v) {
                    count += 1;
                    holder = Some(k);
                    if count > 1 {
                        break;
                    }
                }
            }
            if let (1, Some(k)) = (count, holder) {
                pairs.push(
                    m.stacks
                        .heap
                        .compound(atom::MINUS, &[vars[k], Cell::int(v)]),
                );
            }
        }
    }
    let list = m.stacks.heap.list_from(&pairs, nil);
    Ok(m.unify(list, a[1]))
}
