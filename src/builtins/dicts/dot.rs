//! The dict look-ups that may enumerate: `get_dict/3` and the functional dot `./3`, both
//! nondeterministic natives. With the key bound (the common call) each is one binary search
//! over the sorted keys and no choicepoint; with it unbound each walks the pairs in the order of
//! their keys, one answer per retry.
//!
//! `./3` evaluates the functions SWI-Prolog builds in (a key, `get(K)`, `get(K, Default)`,
//! `put(New)`, `put(K, V)`) here. Any other function is a user function defined with `:=` on
//! the dict's tag: the loader sends a call written with one to `'$dict_eval'/3` of
//! `library/dicts.pl`, so this native meets one only when the function was unbound when the
//! clause was loaded, and then runs `'$dict_eval'/3` to its first answer.

use super::{dict_parts, find, must_dict, must_key, no_key, put_new, put_one};
use crate::machine::db::LAST;
use crate::machine::error::PlError;
use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register `get_dict/3` and `./3`.
pub fn install(m: &mut Machine) {
    m.def_redo("get_dict", 3, get_dict, |m, a| {
        m.stacks.heap.deref(a[0]).tag() != Tag::Ref
    });
    m.def_redo(".", 3, dot, dot_is_det);
}

/// What a redo native returns.
type Step = Result<Option<usize>, PlError>;

/// `get_dict(?Key, +Dict, ?Value)`: one binary search for a bound key (failing when it is
/// missing), else the pairs one by one.
fn get_dict(m: &mut Machine, a: &[Cell], state: usize) -> Step {
    let (base, n) = must_dict(m, a[1])?;
    let key = m.stacks.heap.deref(a[0]);
    if key.tag() == Tag::Ref {
        return Ok(enumerate(m, base, n, key, a[2], state));
    }
    let key = must_key(m, key)?;
    let found = value_of(m, base, n, key).is_some_and(|v| m.unify(v, a[2]));
    Ok(found.then_some(LAST))
}

/// The value of the bound `key` in the dict at `base`, if it has the key.
fn value_of(m: &Machine, base: usize, n: usize, key: Cell) -> Option<Cell> {
    let i = find(m, base, n, key).ok()?;
    Some(m.stacks.heap.cells[base + 1 + 2 * i])
}

/// The next pair, from pair `state` on, whose key unifies with `key` and value with `value`;
/// the state returned is the pair after it. A pair that does not unify is undone before the
/// next is tried: the choicepoint the native runs under was pushed first, so every binding is
/// on the trail.
fn enumerate(
    m: &mut Machine,
    base: usize,
    n: usize,
    key: Cell,
    value: Cell,
    state: usize,
) -> Option<usize> {
    for i in state..n {
        let (h0, t0) = (m.stacks.heap.top(), m.stacks.trail.len());
        let k = m.stacks.heap.cells[base + 2 + 2 * i];
        let v = m.stacks.heap.cells[base + 1 + 2 * i];
        if m.unify(key, k) && m.unify(v, value) {
            return Some(if i + 1 == n { LAST } else { i + 1 });
        }
        m.untrail(t0);
        m.stacks.heap.truncate(h0);
    }
    None
}

/// Whether a call of `./3` has at most one answer: its function is bound and is not `get/1,2`
/// of an unbound key.
fn dot_is_det(m: &Machine, a: &[Cell]) -> bool {
    let f = m.stacks.heap.deref(a[1]);
    match f.tag() {
        Tag::Ref => false,
        Tag::Str => {
            let fc = m.stacks.heap.functor_of(f);
            let arity = fc.functor_arity();
            !(m.atoms.name(fc.functor_name()) == "get"
                && (arity == 1 || arity == 2)
                && m.stacks.heap.deref(m.stacks.heap.arg(f, 0)).tag() == Tag::Ref)
        }
        _ => true,
    }
}

/// `'.'(+Dict, +Function, -Value)`: the functional dot.
fn dot(m: &mut Machine, a: &[Cell], state: usize) -> Step {
    let (base, n) = must_dict(m, a[0])?;
    let f = m.stacks.heap.deref(a[1]);
    match f.tag() {
        Tag::Atom | Tag::Int => {
            let Some(v) = value_of(m, base, n, f) else {
                let e = no_key(m, f, a[0]);
                return Err(m.in_context(e, "$get_dict_ex", 3));
            };
            return Ok(m.unify(v, a[2]).then_some(LAST));
        }
        Tag::Ref => return Ok(enumerate(m, base, n, f, a[2], state)),
        Tag::Str => {}
        _ => return Err(m.type_err("callable", f)),
    }
    let fc = m.stacks.heap.functor_of(f);
    let arity = fc.functor_arity();
    match (m.atoms.name(fc.functor_name()), arity) {
        ("get", 1 | 2) => {
            let key = m.stacks.heap.deref(m.stacks.heap.arg(f, 0));
            if key.tag() == Tag::Ref {
                let found = enumerate(m, base, n, key, a[2], state);
                if found.is_none() && state == 0 && arity == 2 {
                    // `get(K, Default)` gives the default when no pair matched at all.
                    let default = m.stacks.heap.arg(f, 1);
                    return Ok(m.unify(default, a[2]).then_some(LAST));
                }
                return Ok(found);
            }
            let key = must_key(m, key)?;
            let v = match value_of(m, base, n, key) {
                Some(v) => v,
                // `get(K, Default)` gives the default for a missing key.
                None if arity == 2 => m.stacks.heap.arg(f, 1),
                None => return Ok(None),
            };
            Ok(m.unify(v, a[2]).then_some(LAST))
        }
        ("put", 2) => {
            let key = must_key(m, m.stacks.heap.arg(f, 0))?;
            let d = put_one(m, base, n, key, m.stacks.heap.arg(f, 1));
            Ok(m.unify(d, a[2]).then_some(LAST))
        }
        ("put", 1) => {
            let d = put_new(m, m.stacks.heap.arg(f, 0), a[0])?;
            Ok(m.unify(d, a[2]).then_some(LAST))
        }
        _ => user_function(m, a),
    }
}

/// A function defined with `:=`, reached through a function unbound when the clause was
/// loaded: `'$dict_eval'/3` run to its first answer.
fn user_function(m: &mut Machine, a: &[Cell]) -> Step {
    debug_assert!(dict_parts(m, a[0]).is_some());
    let name = m.atoms.intern("$dict_eval");
    let goal = m.stacks.heap.compound(name, &[a[1], a[0], a[2]]);
    match m.solve_once(goal) {
        Answer::True => Ok(Some(LAST)),
        Answer::False => Ok(None),
        Answer::Error(ball) => Err(PlError(ball.to_heap(&mut m.stacks.heap))),
    }
}
