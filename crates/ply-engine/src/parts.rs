//! The parts of a machine that code above the engine (the toplevel, the language server,
//! matches, search trees) works with, lent through methods rather than reached as fields: the
//! heap and the atom table that terms live in, the op table and flags that reading and writing
//! follow, the output streams, and the states natives keep.
//!
//! These are views, not new behaviour: each method lends one field. Lending them through
//! methods lets the engine keep its run state (registers, stacks, choicepoints, saved queries)
//! to itself; a front-end runs goals through the query handle (`query.rs`).

use super::native_state::{NativeState, NativeStates};
use super::output::Output;
use super::{Flags, Machine};
use ply_reader::ops::OpTable;
use ply_term::{AtomTable, Heap};

impl Machine {
    /// The term heap, to read terms (bindings, arguments of a native).
    #[inline]
    pub fn heap(&self) -> &Heap {
        &self.stacks.heap
    }

    /// The term heap, to build terms on.
    #[inline]
    pub fn heap_mut(&mut self) -> &mut Heap {
        &mut self.stacks.heap
    }

    /// The atom table, to read atoms' names.
    #[inline]
    pub fn atoms(&self) -> &AtomTable {
        &self.atoms
    }

    /// The atom table, to intern and pin atoms.
    #[inline]
    pub fn atoms_mut(&mut self) -> &mut AtomTable {
        &mut self.atoms
    }

    /// The heap and the atom table together, for code that builds terms while it interns.
    pub fn heap_and_atoms(&mut self) -> (&mut Heap, &mut AtomTable) {
        (&mut self.stacks.heap, &mut self.atoms)
    }

    /// The operator table, as the reader and the writer use it.
    pub fn ops(&self) -> &OpTable {
        &self.services.ops
    }

    /// The Prolog flags the machine consults.
    pub fn flags(&self) -> &Flags {
        &self.services.flags
    }

    /// The output streams: what the program and the toplevel print goes through them, so it
    /// interleaves in order.
    pub fn output(&mut self) -> &mut Output {
        &mut self.services.out
    }

    /// The state natives of type `T` keep between calls, made at first use.
    pub fn native_state<T: NativeState + Default>(&mut self) -> &mut T {
        self.services.natives.get::<T>()
    }

    /// Every native state, to take one out while the machine is lent elsewhere.
    pub fn native_states(&mut self) -> &mut NativeStates {
        &mut self.services.natives
    }
}
