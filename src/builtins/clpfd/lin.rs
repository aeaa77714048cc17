//! `'$fd_lin_plan'/4`, the bounds reasoning of a linear propagator (`lin(Op, Pairs, C)` in
//! `library/clpfd_prop.pl`) in one walk: the integers among the variables folded into the
//! constant, the bounds of each term `A*X` from the current domains, their sums, and for each
//! variable the bounds the others leave it.
//!
//! The library narrows the variables itself, in order, as `'$fd_lin_narrow'/5` does: each
//! narrowing may run other propagators at once, and each later narrowing still uses the bounds
//! computed before the first, as the Prolog definition does. A variable whose domain already
//! lies within its new bounds is left out of the plan: narrowing it would change nothing then
//! or later, since domains only shrink.

use super::dom::{self, Bound, Interval};
use super::{dom_of, names};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// `'$fd_lin_plan'(+Op, +Pairs, +C, -Plan)` for a proper list of `A-X` pairs: `Plan` is
/// `small(Pairs1, C1)` when fewer than two variables are left, which the Prolog clauses
/// decide, `wait` for `Op` `ne` over more, `dead` when the sum is entailed, and
/// `narrow(Ns)` otherwise, `Ns` the `n(X, L, H)` narrowings to make in order. Fails to decline.
pub fn lin_plan(m: &mut Machine, a: &[Cell]) -> Res {
    let op = m.stacks.heap.deref(a[0]);
    let (Some(plan), Some(c0)) = (read_pairs(m, a[1]), dom::read_int(m, a[2])) else {
        return Ok(false);
    };
    let nm = names(m);
    let le = op == Cell::atom(nm.le);
    let eq = op == Cell::atom(nm.eq);
    let mut c = i128::from(c0);
    let mut terms: Vec<(i64, Cell)> = Vec::with_capacity(plan.len());
    for (k, x) in plan {
        match x.tag() {
            Tag::Int => c += i128::from(k) * i128::from(x.int_value()),
            Tag::Ref => terms.push((k, x)),
            _ => return Ok(false),
        }
    }
    let Some(Bound::I(c)) = dom::small(c) else {
        return Ok(false);
    };
    if terms.len() >= 2 && !(le || eq) {
        // A disequality over two variables or more waits: `'$fd_lin_run'/4` does nothing.
        return Ok(m.unify(Cell::atom(nm.wait), a[3]));
    }
    if terms.len() < 2 || !(le || eq) {
        let mut items = Vec::with_capacity(terms.len());
        for &(k, x) in &terms {
            items.push(m.stacks.heap.compound(atom::MINUS, &[Cell::int(k), x]));
        }
        let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
        let p = m.stacks.heap.compound(nm.small, &[l, Cell::int(c)]);
        return Ok(m.unify(p, a[3]));
    }
    // The bounds of each term, and their finite sums with the counts of infinite ones.
    let mut doms: Vec<Vec<Interval>> = Vec::with_capacity(terms.len());
    let mut tb: Vec<(Bound, Bound)> = Vec::with_capacity(terms.len());
    let (mut lo, mut nlo, mut hi, mut nhi) = (0i128, 0, 0i128, 0);
    for &(k, x) in &terms {
        let Some(d) = dom_of(m, x) else {
            return Ok(false);
        };
        let (Some(&(xl, _)), Some(&(_, xh))) = (d.first(), d.last()) else {
            return Ok(false);
        };
        let (l, h) = if k > 0 {
            (mul(k, xl), mul(k, xh))
        } else {
            (mul(k, xh), mul(k, xl))
        };
        let (Some(l), Some(h)) = (l, h) else {
            return Ok(false);
        };
        match l {
            Bound::I(v) => lo += i128::from(v),
            _ => nlo += 1,
        }
        match h {
            Bound::I(v) => hi += i128::from(v),
            _ => nhi += 1,
        }
        tb.push((l, h));
        doms.push(d);
    }
    if dom::small(lo).is_none() || dom::small(hi).is_none() {
        return Ok(false);
    }
    let c = i128::from(c);
    if le && nhi == 0 && hi + c <= 0 {
        return Ok(m.unify(Cell::atom(nm.dead), a[3]));
    }
    let Some(ns) = narrowings(&terms, &tb, &doms, le, c, lo, nlo, hi, nhi) else {
        return Ok(false);
    };
    let (n_atom, at) = (nm.n, nm.at);
    let mut items = Vec::with_capacity(ns.len());
    for (x, xl, xh) in ns {
        let (Some(lc), Some(hc)) = (dom::bound_cell(at, xl), dom::bound_cell(at, xh)) else {
            return Ok(false);
        };
        items.push(m.stacks.heap.compound(n_atom, &[x, lc, hc]));
    }
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    let p = m.stacks.heap.compound(nm.narrow, &[l]);
    Ok(m.unify(p, a[3]))
}

/// `'$fd_lin_narrow'/5`'s bounds for each variable, leaving out those whose domain lies
/// within them already; `None` to decline.
#[allow(clippy::too_many_arguments)]
fn narrowings(
    terms: &[(i64, Cell)],
    tb: &[(Bound, Bound)],
    doms: &[Vec<Interval>],
    le: bool,
    c: i128,
    lo: i128,
    nlo: usize,
    hi: i128,
    nhi: usize,
) -> Option<Vec<(Cell, Bound, Bound)>> {
    let mut out = Vec::new();
    for (i, &(k, x)) in terms.iter().enumerate() {
        let (l, h) = tb[i];
        let th = match rest(l, Bound::Inf, lo, nlo) {
            None => Bound::Sup,
            Some(r) => dom::small(-c - r)?,
        };
        let tl = match rest(h, Bound::Sup, hi, nhi) {
            _ if le => Bound::Inf,
            None => Bound::Inf,
            Some(r) => dom::small(-c - r)?,
        };
        let (xl, xh) = div_bounds(tl, th, k)?;
        let d = &doms[i];
        if xl <= d[0].0 && d[d.len() - 1].1 <= xh {
            continue;
        }
        out.push((x, xl, xh));
    }
    Some(out)
}

/// The pairs `A-X` of a proper list, `A` a small nonzero integer, `X` dereferenced.
fn read_pairs(m: &Machine, l: Cell) -> Option<Vec<(i64, Cell)>> {
    let heap = &m.stacks.heap;
    let mut out = Vec::new();
    let mut l = heap.deref(l);
    while l.tag() == Tag::List {
        if out.len() > heap.cells.len() {
            return None;
        }
        let e = heap.deref(heap.cells[l.addr()]);
        if e.tag() != Tag::Str || heap.functor_of(e) != Cell::functor(atom::MINUS, 2) {
            return None;
        }
        let k = dom::read_int(m, heap.arg(e, 0))?;
        if k == 0 {
            return None;
        }
        out.push((k, heap.deref(heap.arg(e, 1))));
        l = heap.deref(heap.cells[l.addr() + 1]);
    }
    (l == Cell::atom(atom::NIL)).then_some(out)
}

/// `'$fd_b_mul'/3` of a nonzero coefficient and a bound.
fn mul(k: i64, b: Bound) -> Option<Bound> {
    match b {
        Bound::I(v) => dom::small(i128::from(k) * i128::from(v)),
        Bound::Inf if k > 0 => Some(Bound::Inf),
        Bound::Inf => Some(Bound::Sup),
        Bound::Sup if k > 0 => Some(Bound::Sup),
        Bound::Sup => Some(Bound::Inf),
    }
}

/// `'$fd_rest'/5`: the sum of the other terms' bounds, `None` for infinite.
fn rest(b: Bound, inf: Bound, sum: i128, n: usize) -> Option<i128> {
    if b == inf {
        (n <= 1).then_some(sum)
    } else if n > 0 {
        None
    } else {
        let Bound::I(v) = b else { return None };
        Some(sum - i128::from(v))
    }
}

/// `'$fd_div_bounds'/5`: X's bounds from `k*X` in `tl..th`.
fn div_bounds(tl: Bound, th: Bound, k: i64) -> Option<(Bound, Bound)> {
    let cdiv = |t: i64| dom::small(-floor_div(-i128::from(t), k));
    let fdiv = |t: i64| dom::small(floor_div(i128::from(t), k));
    let (low_src, high_src) = if k > 0 { (tl, th) } else { (th, tl) };
    let xl = match low_src {
        Bound::I(t) => cdiv(t)?,
        _ => Bound::Inf,
    };
    let xh = match high_src {
        Bound::I(t) => fdiv(t)?,
        _ => Bound::Sup,
    };
    Some((xl, xh))
}

/// Floor division by a nonzero `k`, as Prolog's `div`.
fn floor_div(a: i128, k: i64) -> i128 {
    let k = i128::from(k);
    let q = a / k;
    if a % k != 0 && ((a < 0) != (k < 0)) {
        q - 1
    } else {
        q
    }
}
