//! `'$seek_list'/4`, the walk of `nth0/3` and `nth1/3` with a bound index in one native step.
//!
//! A program that keeps a board or a table as a list and reads it with `nth0/3` (a knight's
//! tour over a 400-square board, say) spends its time walking list cells, one call and one
//! arithmetic step per cell in the definition in Prolog. Here the cells are skipped in a loop.
//! The walk stops, and leaves the rest to the definition in Prolog, at whatever it does not
//! settle itself: a tail that is not a list cell (a variable, which the Prolog clause binds to a
//! new cell, or anything else, where it fails), and a walk's budget of cells, so that a large
//! index over a cyclic list stays interruptible between walks. So the answers, bindings and
//! determinism are the definition's.

use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// How many cells one walk skips before handing back to the definition in Prolog.
const BUDGET: i64 = 1 << 20;

/// `'$seek_list'(N, List, Skipped, Rest)`: `Rest` is what follows the first `Skipped` cells of
/// `List`, with `Skipped` at most `N`, stopping early at a tail that is not a list cell. An `N`
/// that is not a small non-negative integer skips nothing.
pub fn seek_list(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.stacks.heap.deref(a[0]);
    let want = if n.tag() == Tag::Int {
        n.int_value().clamp(0, BUDGET)
    } else {
        0
    };
    let mut l = m.stacks.heap.deref(a[1]);
    let mut skipped = 0;
    while skipped < want && l.tag() == Tag::List {
        l = m.stacks.heap.deref(m.stacks.heap.cells[l.addr() + 1]);
        skipped += 1;
    }
    Ok(m.unify(a[2], Cell::int(skipped)) && m.unify(a[3], l))
}
