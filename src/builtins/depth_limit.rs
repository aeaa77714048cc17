//! The natives under `call_with_depth_limit/3` (its definition is in `library/boot.pl`): set a
//! limit, read the depth reached when the goal succeeds or fails, and put back what the limit
//! replaced. The count itself is the engine's (`depth_limit.rs` of `ply-engine`).

use crate::arith::number::Number;
use crate::machine::depth_limit::DepthSaved;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("$depth_limit", 3, depth_limit);
    m.def_native("$depth_limit_true", 3, depth_limit_true);
    m.def_native("$depth_limit_false", 2, depth_limit_false);
    m.def_native("$depth_limit_reached", 1, |m, a| {
        let r = m.stacks.heap.deref(a[0]);
        m.depth_set_reached(r.int_value().max(0) as u64);
        Ok(true)
    });
}

/// `'$depth_limit'(+Limit, -Saved, -Exceeded)`: activate a limit of `Limit` levels, `Saved`
/// what it replaced; `Exceeded` is `true` when the limit is below 1, the depth of the goal
/// itself, and the goal is then not run.
fn depth_limit(m: &mut Machine, a: &[Cell]) -> Res {
    let limit = limit_value(m, a[0])?;
    if limit < 1 {
        // The goal itself would be too deep: no limit is set, and the goal is not run.
        let x = Cell::atom(m.atoms.intern("true"));
        return Ok(m.unify(a[2], x));
    }
    let saved = m.depth_limit_set(limit as u64);
    let words: Vec<Cell> = saved.words().iter().map(|&w| Cell::int(w as i64)).collect();
    let f = m.atoms.intern("$depth");
    let t = m.stacks.heap.compound(f, &words);
    let x = Cell::atom(m.atoms.intern("false"));
    Ok(m.unify(a[1], t) && m.unify(a[2], x))
}

/// The state a `'$depth'(...)` term of [`depth_limit`] holds.
fn saved_of(m: &Machine, t: Cell) -> DepthSaved {
    let t = m.stacks.heap.deref(t);
    let mut w = [0u64; 6];
    for (i, x) in w.iter_mut().enumerate() {
        *x = m.stacks.heap.deref(m.stacks.heap.arg(t, i)).int_value() as u64;
    }
    DepthSaved::from_words(w)
}

/// `'$depth_limit_true'(+Saved, -Reached, -Det)`: the goal succeeded: `Reached` is the
/// deepest depth reached, `Det` whether it left no choicepoint (beyond the one of the
/// disjunction around it), and the state before the limit is back.
fn depth_limit_true(m: &mut Machine, a: &[Cell]) -> Res {
    let saved = saved_of(m, a[0]);
    let reached = m.depth_reached();
    let det = m.stacks.choices.len() as u64 <= saved.choices + 1;
    m.depth_limit_restore(saved);
    let r = Cell::int(reached as i64);
    let d = Cell::atom(m.atoms.intern(if det { "true" } else { "false" }));
    Ok(m.unify(a[1], r) && m.unify(a[2], d))
}

/// `'$depth_limit_false'(+Saved, -Result)`: the goal failed: `Result` is
/// `depth_limit_exceeded` if some call was refused, and the call fails otherwise; the state
/// before the limit is back either way.
fn depth_limit_false(m: &mut Machine, a: &[Cell]) -> Res {
    let saved = saved_of(m, a[0]);
    let exceeded = m.depth_exceeded();
    m.depth_limit_restore(saved);
    if !exceeded {
        return Ok(false);
    }
    let r = Cell::atom(m.atoms.intern("depth_limit_exceeded"));
    Ok(m.unify(a[1], r))
}

/// The count a limit argument asks for (`call_with_depth_limit/3`,
/// `call_with_inference_limit/3`): an integer not below 0, a big one meaning no limit a
/// machine reaches.
pub(super) fn limit_value(m: &mut Machine, l: Cell) -> Result<i64, PlError> {
    let l = m.stacks.heap.deref(l);
    let limit = match l.tag() {
        Tag::Ref => return Err(m.inst_err()),
        Tag::Int => l.int_value(),
        _ => match m.number_of(l) {
            Some(Number::Big(b)) if b.sign() == dashu_int::Sign::Positive => i64::MAX,
            Some(Number::Big(_)) => -1,
            _ => return Err(m.type_err("integer", l)),
        },
    };
    if limit < 0 {
        return Err(m.domain_err("not_less_than_zero", l));
    }
    Ok(limit)
}
