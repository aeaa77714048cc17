//! The domains of library(clpfd) as the natives see them: a sorted list of disjoint,
//! non-adjacent intervals `L-H` (`L` an integer or `inf`, `H` an integer or `sup`) read off the
//! heap into a vector of [`Bound`] pairs, the operations the library's propagators use on
//! them, and the list written back.
//!
//! Every operation answers exactly as the Prolog definition it stands for in
//! `library/clpfd_dom.pl` does. A domain whose bounds are not small integers (a big integer, or
//! a sum past the small range) is not read here at all: the native declines and the library
//! runs the Prolog definition, so the natives only ever decide the common case.

use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// A bound of an interval. The derived order is the library's `'$fd_b_le'/2`: `inf` below
/// every integer, `sup` above.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Bound {
    /// `inf`, below every integer.
    Inf,
    /// A small integer.
    I(i64),
    /// `sup`, above every integer.
    Sup,
}

/// An interval `L-H`.
pub type Interval = (Bound, Bound);

/// The bound atoms, interned once (`clpfd.rs`).
#[derive(Clone, Copy)]
pub struct Atoms {
    /// `inf`.
    pub inf: u32,
    /// `sup`.
    pub sup: u32,
}

/// The bound `c` denotes, if it is `inf`, `sup` or a small integer.
pub fn read_bound(m: &Machine, at: Atoms, c: Cell) -> Option<Bound> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Int => Some(Bound::I(c.int_value())),
        Tag::Atom if c.atom_index() == at.inf => Some(Bound::Inf),
        Tag::Atom if c.atom_index() == at.sup => Some(Bound::Sup),
        _ => None,
    }
}

/// The small integer `c` denotes, if it is one.
pub fn read_int(m: &Machine, c: Cell) -> Option<i64> {
    let c = m.stacks.heap.deref(c);
    (c.tag() == Tag::Int).then(|| c.int_value())
}

/// The domain list `d` as intervals into `out` (cleared first); `None` when `d` is not a proper
/// list of `L-H` pairs of bounds this module reads.
pub fn read_dom(m: &Machine, at: Atoms, d: Cell, out: &mut Vec<Interval>) -> Option<()> {
    out.clear();
    let heap = &m.stacks.heap;
    let mut l = heap.deref(d);
    // A domain is short; the bound keeps a cyclic list from looping.
    let limit = heap.cells.len();
    while l.tag() == Tag::List {
        if out.len() > limit {
            return None;
        }
        let e = heap.deref(heap.cells[l.addr()]);
        if e.tag() != Tag::Str || heap.functor_of(e) != Cell::functor(atom::MINUS, 2) {
            return None;
        }
        let lo = read_bound(m, at, heap.arg(e, 0))?;
        let hi = read_bound(m, at, heap.arg(e, 1))?;
        out.push((lo, hi));
        l = heap.deref(heap.cells[l.addr() + 1]);
    }
    (l == Cell::atom(atom::NIL)).then_some(())
}

/// The cell of bound `b`; `None` for an integer past the small range.
pub fn bound_cell(at: Atoms, b: Bound) -> Option<Cell> {
    match b {
        Bound::Inf => Some(Cell::atom(at.inf)),
        Bound::Sup => Some(Cell::atom(at.sup)),
        Bound::I(v) => Cell::fits_small(v).then(|| Cell::int(v)),
    }
}

/// The small integer `v` as a bound; `None` past the small range, where the Prolog definition
/// would make a big integer.
pub fn small(v: i128) -> Option<Bound> {
    let v = i64::try_from(v).ok()?;
    Cell::fits_small(v).then_some(Bound::I(v))
}

/// Write domain `d` as a list on the heap; `None` when a bound is past the small range.
pub fn write_dom(m: &mut Machine, at: Atoms, d: &[Interval]) -> Option<Cell> {
    let mut items = Vec::with_capacity(d.len());
    for &(lo, hi) in d {
        let (lo, hi) = (bound_cell(at, lo)?, bound_cell(at, hi)?);
        items.push(m.stacks.heap.compound(atom::MINUS, &[lo, hi]));
    }
    Some(m.stacks.heap.list_from(&items, Cell::atom(atom::NIL)))
}

/// `'$fd_isect'/3`: the intersection of two domains.
pub fn isect(a: &[Interval], b: &[Interval], out: &mut Vec<Interval>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let ((lo1, hi1), (lo2, hi2)) = (a[i], b[j]);
        let (lo, hi) = (lo1.max(lo2), hi1.min(hi2));
        if lo <= hi {
            out.push((lo, hi));
        }
        if hi1 <= hi2 {
            i += 1;
        } else {
            j += 1;
        }
    }
}

/// `'$fd_union'/3`: the union of two domains, merged by lower bound and coalesced.
pub fn union(a: &[Interval], b: &[Interval]) -> Option<Vec<Interval>> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].0 <= b[j].0 {
            merged.push(a[i]);
            i += 1;
        } else {
            merged.push(b[j]);
            j += 1;
        }
    }
    merged.extend_from_slice(&a[i..]);
    merged.extend_from_slice(&b[j..]);
    let mut out: Vec<Interval> = Vec::with_capacity(merged.len());
    for (lo, hi) in merged {
        match out.last_mut() {
            Some(last) if touches(last.1, lo)? => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    Some(out)
}

/// `'$fd_touches'/2`: whether an interval ending at `hi` and one starting at `lo` (not below
/// the other's start) overlap or are adjacent; `None` where the Prolog test would compare
/// `inf` or `sup` arithmetically and raise.
fn touches(hi: Bound, lo: Bound) -> Option<bool> {
    match (hi, lo) {
        (Bound::Sup, _) | (_, Bound::Inf) => Some(true),
        (Bound::I(h), Bound::I(l)) => Some(i128::from(l) <= i128::from(h) + 1),
        _ => None,
    }
}

/// `d` without each integer of the proper list `list`, in turn; `None` when `list` is not a
/// proper list of integers or a removal leaves the small range (the natives then decline).
pub fn remove_listed(m: &Machine, d: &mut Vec<Interval>, list: Cell) -> Option<()> {
    let heap = &m.stacks.heap;
    let mut l = heap.deref(list);
    let mut steps = 0usize;
    while l.tag() == Tag::List {
        steps += 1;
        if steps > heap.cells.len() {
            return None;
        }
        remove(d, read_int(m, heap.cells[l.addr()])?)?;
        l = heap.deref(heap.cells[l.addr() + 1]);
    }
    (l == Cell::atom(atom::NIL)).then_some(())
}

/// `'$fd_remove'/3`: the domain without the integer `v`; `None` when a new bound would leave
/// the small range.
pub fn remove(d: &mut Vec<Interval>, v: i64) -> Option<()> {
    let vb = Bound::I(v);
    for k in 0..d.len() {
        let (lo, hi) = d[k];
        if lo <= vb && vb <= hi {
            if lo == vb && hi == vb {
                d.remove(k);
            } else if lo == vb {
                d[k].0 = small(i128::from(v) + 1)?;
            } else if hi == vb {
                d[k].1 = small(i128::from(v) - 1)?;
            } else {
                let below = small(i128::from(v) - 1)?;
                let above = small(i128::from(v) + 1)?;
                d[k].1 = below;
                d.insert(k + 1, (above, hi));
            }
            return Some(());
        }
        if vb <= hi {
            return Some(());
        }
    }
    Some(())
}

/// `'$fd_contains'/2`: whether the domain holds the integer `v`.
pub fn contains(d: &[Interval], v: i64) -> bool {
    let vb = Bound::I(v);
    for &(lo, hi) in d {
        if lo <= vb && vb <= hi {
            return true;
        }
        if vb <= hi {
            return false;
        }
    }
    false
}

/// `'$fd_dom_size'/2`: how many values the domain holds, `None` for `sup` (an infinite
/// bound); sums past `i128` cannot arise from small bounds.
pub fn size(d: &[Interval]) -> Option<i128> {
    let mut s: i128 = 0;
    for &(lo, hi) in d {
        match (lo, hi) {
            (Bound::I(l), Bound::I(h)) => s += i128::from(h) - i128::from(l) + 1,
            _ => return None,
        }
    }
    Some(s)
}
