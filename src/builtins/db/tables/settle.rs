//! The end of a pass of a table's evaluation: whether its group needs another pass, is
//! complete, or stays incomplete inside an older evaluation (see `library/tabling.pl`).

use super::{table_id, with_tables, Tables};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell};

/// `'$tbl_settle'(Id, Added, Again)`: after a pass of the evaluation of table Id, begun when the
/// answer count was Added. Again is `true` when Id leads its group (no table older than it was
/// read), the pass found answers and a reader of a table of the group did not see all of its
/// answers (`read.rs`): the group needs another pass. A pass that read only complete tables, or
/// whose readers all saw every answer, derived all there is, so its group is complete after it
/// (with the fast paths on; without, passes go on until one adds nothing).
/// Otherwise the evaluation ends: a leader's group is complete; a table that read an older
/// incomplete one stays incomplete and hands that dependency to the evaluation around it.
pub(super) fn settle(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    let before = m.stacks.heap.deref(a[1]).int_value() as u64;
    let fast = m.services.fast_paths;
    let again = with_tables(m, |t, _| {
        let Some(p) = t.pos_of(id) else {
            return false;
        };
        let Some(f) = t.frames.last() else {
            return false;
        };
        if f.pos != p {
            return false;
        }
        let low = f.low;
        if low >= p && t.added != before && (!fast || f.read && !saw_all(t, p)) {
            return true;
        }
        t.frames.pop();
        if low >= p {
            for done in t.stack.split_off(p) {
                if let Some(tb) = t.tables.get_mut(&done) {
                    tb.pos = None;
                }
            }
        } else if let Some(outer) = t.frames.last_mut() {
            outer.low = outer.low.min(low);
            outer.read = true;
        }
        false
    });
    let c = Cell::atom(if again { atom::TRUE } else { atom::FALSE });
    Ok(m.unify(a[2], c))
}

/// Whether every reader, in this pass, of every table of the group led from place `p` on the
/// stack of incomplete tables saw all of its answers.
fn saw_all(t: &Tables, p: usize) -> bool {
    t.stack[p..].iter().all(|id| {
        t.tables
            .get(id)
            .is_none_or(|tb| tb.readers.saw_all(tb.answers.len()))
    })
}

/// `'$tbl_pass'(Id, Added)`: a pass of the evaluation of table Id begins; Added is the answer
/// count now (for `'$tbl_settle'/3`), and nothing has been read yet of the tables of the group
/// Id would lead (itself and every incomplete table made after it).
pub(super) fn pass(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    let added = with_tables(m, |t, _| {
        if let Some(p) = t.pos_of(id) {
            for i in p..t.stack.len() {
                let mid = t.stack[i];
                if let Some(tb) = t.tables.get_mut(&mid) {
                    tb.readers.reset();
                }
            }
        }
        t.added
    });
    let c = m.stacks.heap.int(added as i64);
    Ok(m.unify(a[1], c))
}
