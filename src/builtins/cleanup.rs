//! The natives under `setup_call_cleanup/3` (library `boot.pl`): push an armed cleanup
//! choicepoint, and disarm it when the goal has settled or raised an error. The engine side
//! is `machine/cleanup.rs`.

use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    // '$cleanup_push'(+Cleanup, -Index)
    m.def_native("$cleanup_push", 2, |m, a| {
        let i = m.push_cleanup(a[0]);
        let index = Cell::int(i as i64);
        Ok(m.unify(a[1], index))
    });
    // '$cleanup_exit'(+Index, ?Ball, -Then): what the library does after the goal exited
    // (Ball unbound) or raised Ball: `settled` (run the cleanup), `open` (the goal left
    // choicepoints: the cleanup waits on its own), `raised` (run it, then throw Ball), or
    // `rethrow` (it has already run: throw Ball).
    m.def_native("$cleanup_exit", 3, |m, a| {
        let Some(i) = index(m, a[0]) else {
            return Ok(false);
        };
        let raised = m.stacks.heap.deref(a[1]).tag() != Tag::Ref;
        let then = if !raised {
            if m.cleanup_settled(i) {
                "settled"
            } else {
                "open"
            }
        } else if m.cleanup_disarm(i) {
            "raised"
        } else {
            "rethrow"
        };
        let then = Cell::atom(m.atoms.intern(then));
        Ok(m.unify(a[2], then))
    });
}

/// The choicepoint index `c` holds.
fn index(m: &Machine, c: Cell) -> Option<usize> {
    let c = m.stacks.heap.deref(c);
    (c.tag() == Tag::Int && c.int_value() >= 0).then(|| c.int_value() as usize)
}
