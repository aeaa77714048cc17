//! `'$ord_delta'/4`, the two differences of a pair of ordered sets in one native walk:
//! `'$ord_delta'(Old, New, Gone, Added)` answers as
//! `ord_subtract(Old, New, Gone), ord_subtract(New, Old, Added)` does on ordered sets.
//!
//! A program that keeps a set in the clause database and loads a new value of it by retracting
//! and asserting only what changed (the GDL loader, `crates/ply-gdl/src/store.rs`, once per
//! state of a game) walks both sets in step; in Prolog that walk costs a `compare/3` and a
//! clause selection per element, more than the few facts that differ cost to change. Here the
//! walk is one merge over the two lists, comparing in the standard order
//! ([`Machine::compare_terms`]), and each result is built at once.
//!
//! Both lists must be proper: a partial list is an instantiation error and anything else that
//! does not end in `[]` (a cyclic list among them) a type error, as `length/2` would raise.
//! On lists that are not ordered sets the answer is what the merge gives, as it is for
//! `ord_subtract/3`'s own walk: callers pass sorted lists.

use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::cycles::{list_spine, spine_elements};
use crate::term::{atom, Cell, Tag};
use std::cmp::Ordering;

/// `'$ord_delta'(+Old, +New, -Gone, -Added)`.
pub fn ord_delta(m: &mut Machine, a: &[Cell]) -> Res {
    let old = elements(m, a[0])?;
    let new = elements(m, a[1])?;
    let (mut gone, mut added) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        match m.compare_terms(old[i], new[j]) {
            Ordering::Equal => {
                i += 1;
                j += 1;
            }
            Ordering::Less => {
                gone.push(old[i]);
                i += 1;
            }
            Ordering::Greater => {
                added.push(new[j]);
                j += 1;
            }
        }
    }
    gone.extend_from_slice(&old[i..]);
    added.extend_from_slice(&new[j..]);
    let nil = Cell::atom(atom::NIL);
    let g = m.stacks.heap.list_from(&gone, nil);
    let d = m.stacks.heap.list_from(&added, nil);
    Ok(m.unify(a[2], g) && m.unify(a[3], d))
}

/// The elements of proper list `l`; an instantiation error for a partial list, a type error
/// for any other list that does not end in `[]`.
fn elements(m: &mut Machine, l: Cell) -> Result<Vec<Cell>, PlError> {
    let spine = list_spine(&m.stacks.heap, l);
    if spine.cyclic {
        return Err(m.type_err("list", l));
    }
    match spine.tail.tag() {
        Tag::Atom if spine.tail == Cell::atom(atom::NIL) => {
            Ok(spine_elements(&m.stacks.heap, l, &spine))
        }
        Tag::Ref => Err(m.inst_err()),
        _ => Err(m.type_err("list", l)),
    }
}
