//! Arithmetic: `is/2`, the comparisons, `succ/2`, `plus/3`, `between/3` and `set_random/1`.
//!
//! Evaluating an expression on the heap is the engine's (`machine/eval.rs`), the numeric
//! semantics `crate::arith`'s; the natives here take their arguments apart and unify the
//! results.

use crate::arith::number::Number;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{Cell, Tag};
use std::cmp::Ordering;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("set_random", 1, set_random);
    m.def_native("is", 2, |m, a| {
        let c = m.eval_cell(a[1])?;
        Ok(m.unify(a[0], c))
    });
    m.def_native("=:=", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? == Some(Ordering::Equal))
    });
    m.def_native("=\\=", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? != Some(Ordering::Equal))
    });
    m.def_native("<", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? == Some(Ordering::Less))
    });
    m.def_native(">", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? == Some(Ordering::Greater))
    });
    m.def_native("=<", 2, |m, a| {
        Ok(matches!(
            m.arith_cmp(a[0], a[1])?,
            Some(Ordering::Less | Ordering::Equal)
        ))
    });
    m.def_native(">=", 2, |m, a| {
        Ok(matches!(
            m.arith_cmp(a[0], a[1])?,
            Some(Ordering::Greater | Ordering::Equal)
        ))
    });
    m.def_native("succ", 2, succ);
    m.def_redo("between", 3, between, |m, a| {
        m.stacks.heap.deref(a[2]).tag() != Tag::Ref
    });
    m.def_native("plus", 3, plus);
    m.def_native("$evaluable_functions", 1, evaluable_functions);
    // The comparisons bind nothing: a clause's tests may call them with no choicepoint around
    // them (see `Pred::shallow`), and raise their errors on the general path.
    for name in ["=:=", "=\\=", "<", ">", "=<", ">="] {
        m.mark_shallow_native(name, 2, 0);
    }
}

/// `'$evaluable_functions'(-List)`: every evaluable function as `Name/Arity`, the machine's
/// own (`cputime`, `realtime`) last; `current_arithmetic_function/1` (`library/arithmetic.pl`)
/// reads it.
fn evaluable_functions(m: &mut Machine, a: &[Cell]) -> Res {
    let slash = m.atoms.intern("/");
    let own = [("cputime", 0), ("realtime", 0)];
    let mut items = Vec::new();
    for &(name, arity) in crate::arith::eval::evaluables().iter().chain(own.iter()) {
        let n = Cell::atom(m.atoms.intern(name));
        items.push(m.stacks.heap.compound(slash, &[n, Cell::int(arity as i64)]));
    }
    let list = m
        .stacks
        .heap
        .list_from(&items, Cell::atom(crate::term::atom::NIL));
    Ok(m.unify(a[0], list))
}

/// between/3, enumerating from the low bound; the high bound may be `inf` or `infinite`.
/// Bounds of any size work; small ones take a fast path.
fn between(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    use crate::machine::db::LAST;
    let lo = m.stacks.heap.deref(a[0]);
    let hi = m.stacks.heap.deref(a[1]);
    let x = m.stacks.heap.deref(a[2]);
    if lo.tag() == Tag::Int && hi.tag() == Tag::Int && x.tag() == Tag::Ref {
        // The common case, a loop over small integers, without the general path's numbers:
        // `state` counts the answers given, so the next is `lo + state`, never past `hi`
        // (the last answer says so), and a small integer plus a count of small integers
        // stays far inside `i64`.
        if state == LAST {
            return Ok(None);
        }
        let (l, h) = (lo.int_value(), hi.int_value());
        let v = l + state as i64;
        if v > h {
            return Ok(None);
        }
        m.bind(x, Cell::int(v));
        return Ok(Some(if v == h { LAST } else { state + 1 }));
    }
    if lo.tag() == Tag::Ref || hi.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !m.is_integer(lo) {
        return Err(m.type_err("integer", lo));
    }
    let infinite =
        hi.tag() == Tag::Atom && matches!(m.atoms.name(hi.atom_index()), "inf" | "infinite");
    if !infinite && !m.is_integer(hi) {
        return Err(m.type_err("integer", hi));
    }
    if x.tag() != Tag::Ref && !m.is_integer(x) {
        return Err(m.type_err("integer", x));
    }
    let l = m.number_of(lo).unwrap_or(Number::Int(0));
    let h = if infinite { None } else { m.number_of(hi) };
    let within = |v: &Number| match &h {
        None => true,
        Some(h) => crate::arith::number::arith_compare(v, h) != Ordering::Greater,
    };
    if x.tag() != Tag::Ref {
        let v = m.number_of(x).unwrap_or(Number::Int(0));
        let ok = crate::arith::number::arith_compare(&l, &v) != Ordering::Greater && within(&v);
        return Ok(if ok { Some(LAST) } else { None });
    }
    if state == LAST {
        return Ok(None);
    }
    let v = match (&l, state) {
        (Number::Int(i), s) => match i.checked_add(s as i64) {
            Some(r) => Number::Int(r),
            None => crate::arith::integer_ops::add(&l, &Number::Int(s as i64)),
        },
        _ => crate::arith::integer_ops::add(&l, &Number::Int(state as i64)),
    };
    if !within(&v) {
        return Ok(None);
    }
    let last =
        matches!(&h, Some(h) if crate::arith::number::arith_compare(&v, h) == Ordering::Equal);
    let c = m.number_cell(v);
    m.bind(x, c);
    Ok(Some(if last { LAST } else { state + 1 }))
}

fn succ(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.stacks.heap.deref(a[0]);
    let y = m.stacks.heap.deref(a[1]);
    let check = |m: &mut Machine, c: Cell| -> Result<Option<Number>, PlError> {
        if c.tag() == Tag::Ref {
            return Ok(None);
        }
        if !m.is_integer(c) {
            return Err(m.type_err("integer", c));
        }
        let n = m.number_of(c);
        if let Some(Number::Int(i)) = n {
            if i < 0 {
                return Err(m.domain_err("not_less_than_zero", c));
            }
        }
        if let Some(Number::Big(b)) = &n {
            if b.sign() == dashu_int::Sign::Negative {
                return Err(m.domain_err("not_less_than_zero", c));
            }
        }
        Ok(n)
    };
    let (nx, ny) = (check(m, x)?, check(m, y)?);
    match (nx, ny) {
        (Some(p), _) => {
            let r = crate::arith::integer_ops::add(&p, &Number::Int(1));
            let c = m.number_cell(r);
            Ok(m.unify(y, c))
        }
        (None, Some(q)) => {
            if q == Number::Int(0) {
                return Ok(false);
            }
            let r = crate::arith::integer_ops::sub(&q, &Number::Int(1));
            let c = m.number_cell(r);
            Ok(m.unify(x, c))
        }
        (None, None) => Err(m.inst_err()),
    }
}

fn plus(m: &mut Machine, a: &[Cell]) -> Res {
    let (x, y, z) = (
        m.stacks.heap.deref(a[0]),
        m.stacks.heap.deref(a[1]),
        m.stacks.heap.deref(a[2]),
    );
    let ints = |m: &mut Machine, c: Cell| -> Result<Option<Number>, PlError> {
        if c.tag() == Tag::Ref {
            return Ok(None);
        }
        if !m.is_integer(c) {
            return Err(m.type_err("integer", c));
        }
        Ok(m.number_of(c))
    };
    let (nx, ny, nz) = (ints(m, x)?, ints(m, y)?, ints(m, z)?);
    let (target, value) = match (nx, ny, nz) {
        (Some(p), Some(q), _) => (z, crate::arith::integer_ops::add(&p, &q)),
        (Some(p), None, Some(r)) => (y, crate::arith::integer_ops::sub(&r, &p)),
        (None, Some(q), Some(r)) => (x, crate::arith::integer_ops::sub(&r, &q)),
        _ => return Err(m.inst_err()),
    };
    let c = m.number_cell(value);
    Ok(m.unify(target, c))
}

/// `set_random(seed(S))`: restart the generator of `random/1` and its kin from the integer `S`
/// (its low 64 bits), so that a run repeats, or from the clock for `seed(random)`, as
/// SWI-Prolog's; any other option is a domain error.
fn set_random(m: &mut Machine, a: &[Cell]) -> Res {
    let opt = m.heap().deref(a[0]);
    if opt.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let seed_atom = m.atoms_mut().intern("seed");
    if opt.tag() == Tag::Str && m.heap().functor_of(opt) == Cell::functor(seed_atom, 1) {
        let s = m.heap().deref(m.heap().arg(opt, 0));
        if s.tag() == Tag::Int {
            crate::arith::seed_random(s.int_value() as u64);
            return Ok(true);
        }
        if s.tag() == Tag::Atom && m.atoms().name(s.atom_index()) == "random" {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0);
            crate::arith::seed_random(nanos);
            return Ok(true);
        }
        if s.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
    }
    Err(m.domain_err("set_random", opt))
}
