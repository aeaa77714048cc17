//! The natives under `call_with_inference_limit/3` (its definition is in `library/boot.pl`):
//! set a limit, set it again when the goal is backtracked into, and put back the limit it
//! replaced when the goal succeeds, fails or raises. The check itself is the engine's
//! (`inference_limit.rs` of `ply-engine`).
//!
//! The state the library keeps is a term `'$inference'(Outer, Choices)`: the limit the goal's
//! limit replaced (`-1` for none) and the count of choicepoints when it was set, which tells a
//! deterministic exit from one that leaves choicepoints.

use crate::machine::choice::TrailEntry;
use crate::machine::error::{PlError, Res};
use crate::machine::inference_limit::INFER_OFF;
use crate::machine::Machine;
use crate::term::Cell;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("$inference_limit", 2, inference_limit);
    m.def_native("$inference_limit_arm", 2, |m, a| {
        let limit = new_limit(m, a[0])?;
        m.set_inference_limit(limit);
        Ok(true)
    });
    m.def_native("$inference_limit_again", 2, inference_limit_again);
    m.def_native("$inference_limit_true", 2, inference_limit_true);
    m.def_native("$inference_limit_false", 1, |m, a| {
        let outer = outer_of(m, a[0]);
        m.set_inference_limit(outer);
        Ok(true)
    });
    m.def_native("$inference_limit_caught", 3, inference_limit_caught);
}

/// The limit `Limit` asks for, counted from now, and no later than the active one.
fn new_limit(m: &mut Machine, l: Cell) -> Result<u64, PlError> {
    let n = super::depth_limit::limit_value(m, l)?;
    let limit = m.stacks.inferences.saturating_add(n as u64);
    Ok(limit.min(m.inference_limit()).min(INFER_OFF - 1))
}

/// A limit as an integer of the saved state.
fn word(limit: u64) -> Cell {
    if limit == INFER_OFF {
        Cell::int(-1)
    } else {
        Cell::int(limit as i64)
    }
}

/// The outer limit a saved state holds.
fn outer_of(m: &Machine, saved: Cell) -> u64 {
    let t = m.stacks.heap.deref(saved);
    let w = m.stacks.heap.deref(m.stacks.heap.arg(t, 0)).int_value();
    if w < 0 {
        INFER_OFF
    } else {
        w as u64
    }
}

/// `'$inference_limit'(+Limit, -Saved)`: check `Limit` and save the limit active now;
/// `'$inference_limit_arm'(+Limit, +Saved)`, called by the goal's catch/3, then activates a
/// limit of `Limit` inferences from then on, so that the exception is raised where the
/// catch/3 sees it.
fn inference_limit(m: &mut Machine, a: &[Cell]) -> Res {
    new_limit(m, a[0])?;
    let outer = m.inference_limit();
    let f = m.atoms.intern("$inference");
    let choices = Cell::int(m.stacks.choices.len() as i64);
    let t = m.stacks.heap.compound(f, &[word(outer), choices]);
    Ok(m.unify(a[1], t))
}

/// `'$inference_limit_again'(+Limit, +Saved)`: the goal is backtracked into for another
/// answer, which has `Limit` inferences again; the limit active now is the one it replaces
/// (it is assigned into `Saved` the way setarg/3 assigns, undone on backtracking).
fn inference_limit_again(m: &mut Machine, a: &[Cell]) -> Res {
    let limit = new_limit(m, a[0])?;
    let outer = m.inference_limit();
    let t = m.stacks.heap.deref(a[1]);
    let at = t.addr() + 1;
    let old = m.stacks.heap.cells[at];
    m.stacks.trail.push(TrailEntry::Assign(at, old));
    m.stacks.heap.cells[at] = word(outer);
    m.stacks.heap.note_rewrite();
    m.set_inference_limit(limit);
    Ok(true)
}

/// `'$inference_limit_true'(+Saved, -Det)`: the goal succeeded: the outer limit is back, and
/// `Det` tells whether the goal left no choicepoint (beyond the two of the library's
/// disjunction and catch/3 around it).
fn inference_limit_true(m: &mut Machine, a: &[Cell]) -> Res {
    let outer = outer_of(m, a[0]);
    let t = m.stacks.heap.deref(a[0]);
    let choices = m.stacks.heap.deref(m.stacks.heap.arg(t, 1)).int_value() as usize;
    m.set_inference_limit(outer);
    let det = m.stacks.choices.len() <= choices + CHOICES_AROUND;
    let d = Cell::atom(m.atoms.intern(if det { "true" } else { "false" }));
    Ok(m.unify(a[1], d))
}

/// The choicepoints the library's definition keeps around the goal.
const CHOICES_AROUND: usize = 1;

/// `'$inference_limit_caught'(+Saved, +Ball, -Action)`: the goal raised `Ball`; `Action` is
/// `exceeded` when the ball is this call's exceeded limit and `rethrow` otherwise: a ball of
/// another kind, or the exceeded limit of an outer call (the outer limit has been passed too:
/// the inner limit was the outer one). The outer limit is back, except for a ball that is the
/// outer call's own, which leaves it off until that call has caught it.
fn inference_limit_caught(m: &mut Machine, a: &[Cell]) -> Res {
    let outer = outer_of(m, a[0]);
    let ball = m.stacks.heap.deref(a[1]);
    let exceeded = Cell::atom(m.atoms.intern("inference_limit_exceeded"));
    let ours = ball == exceeded && !(outer != INFER_OFF && m.stacks.inferences > outer);
    if ball != exceeded || ours {
        m.set_inference_limit(outer);
    }
    let action = Cell::atom(m.atoms.intern(if ours { "exceeded" } else { "rethrow" }));
    Ok(m.unify(a[2], action))
}
