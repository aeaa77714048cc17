//! The elements of a list on the heap, as a vector: what every native that takes a list
//! argument reads it with.
//!
//! A list that comes back to a cell it has passed is cyclic, and a cyclic list is not a list
//! (as in SWI-Prolog); the walk notices it with a [`CycleWatch`] and so always ends.

use crate::error::PlError;
use crate::Machine;
use ply_term::cycles::CycleWatch;
use ply_term::{atom, Cell, Tag};

impl Machine {
    /// The elements of a proper list, or None.
    pub fn list_to_vec(&self, l: Cell) -> Option<Vec<Cell>> {
        let mut out = Vec::new();
        let mut c = self.stacks.heap.deref(l);
        let mut watch = CycleWatch::new(c);
        loop {
            match c.tag() {
                Tag::List => {
                    out.push(self.stacks.heap.cells[c.addr()]);
                    c = self.stacks.heap.deref(self.stacks.heap.cells[c.addr() + 1]);
                    if c.tag() == Tag::List && watch.arrived(c) {
                        // A cyclic list is not a list.
                        return None;
                    }
                }
                Tag::Atom if c.atom_index() == atom::NIL => return Some(out),
                _ => return None,
            }
        }
    }

    /// The elements of a list: `Ok(None)` for a partial list, a type error for a non-list.
    pub fn list_to_vec_checked(&mut self, l: Cell) -> Result<Option<Vec<Cell>>, PlError> {
        let mut out = Vec::new();
        Ok(self.list_into_checked(l, &mut out)?.then_some(out))
    }

    /// The elements of a list appended to `out` (a vector a caller keeps between calls, so that
    /// reading a short list allocates nothing): true for a proper list, false for a partial
    /// list, a type error for a non-list.
    pub fn list_into_checked(&mut self, l: Cell, out: &mut Vec<Cell>) -> Result<bool, PlError> {
        let mut c = self.stacks.heap.deref(l);
        let mut watch = CycleWatch::new(c);
        loop {
            match c.tag() {
                Tag::List => {
                    out.push(self.stacks.heap.cells[c.addr()]);
                    c = self.stacks.heap.deref(self.stacks.heap.cells[c.addr() + 1]);
                    if c.tag() == Tag::List && watch.arrived(c) {
                        let l = self.stacks.heap.deref(l);
                        return Err(self.type_err("list", l));
                    }
                }
                Tag::Atom if c.atom_index() == atom::NIL => return Ok(true),
                Tag::Ref => return Ok(false),
                _ => {
                    let l = self.stacks.heap.deref(l);
                    return Err(self.type_err("list", l));
                }
            }
        }
    }
}
