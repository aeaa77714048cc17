//! State that natives keep in the machine, one value per Rust type, without the engine knowing
//! what the natives are.
//!
//! A native is a plain function of the machine and its arguments, so whatever it remembers from
//! one call to the next (a stream table, an evaluator's work stacks, a game's decoded positions)
//! lives here, keyed by its type. The engine calls the few hooks of [`NativeState`] at the
//! moments a state may need to react to (an atom collection marks the atoms a state holds, a
//! heap collection moves cells, a file is about to be consulted, a predicate's clause list is
//! laid out again), and otherwise never looks inside. Those hooks are how the engine lets state
//! it knows nothing of follow its own changes, so it never names a native family. The store is a short vector searched by type: a machine holds a handful of states,
//! and comparing a few type identities costs less than hashing one.

use super::instr::PredId;
use crate::term::{Cell, Tag};
use std::any::{Any, TypeId};

/// What the engine may ask of a native's state. Every hook has a default that does nothing.
pub trait NativeState: Any {
    /// Reports every atom index the state holds, so that the atom collector keeps those atoms.
    fn atoms(&self, _mark: &mut dyn FnMut(u32)) {}

    /// The heap collector has run: cells may have moved, so addresses remembered from before
    /// mean nothing now.
    fn heap_collected(&mut self) {}

    /// The atom collector has freed atoms: indices not reported by [`NativeState::atoms`] may
    /// now name other atoms.
    fn atoms_collected(&mut self) {}

    /// A file is about to be consulted (not the system's own text): what rests on the clauses
    /// it may replace must go (complete answer tables, for one).
    fn before_consult(&mut self) {}

    /// The name the loader files the clauses of `name/arity` under, when this state puts them
    /// under another (a tabled predicate's clauses belong to its worker).
    fn load_as(&self, _name: u32, _arity: usize) -> Option<u32> {
        None
    }

    /// The clause list of `pid` was laid out again: what was in slot `s` is now at or before
    /// `map[s]` (see `db::Renumbering`).
    fn clauses_renumbered(&mut self, _pid: PredId, _map: &[u32]) {}

    /// Every clause of `pid` was removed.
    fn clauses_wiped(&mut self, _pid: PredId) {}

    /// The slot of clause `id` of `pid` in its list, when the state knows it (a scan that has
    /// just found the clause it is about to erase); saves the database a search.
    fn clause_slot(&self, _pid: PredId, _id: usize) -> Option<usize> {
        None
    }

    /// The state as `Any`, to be downcast to its own type.
    fn as_any(&self) -> &dyn Any;

    /// The state as mutable `Any`, to be downcast to its own type.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Implements the two `Any` conversions of [`NativeState`] for a type, leaving the hooks at their
/// defaults unless the `impl` block given adds them.
#[macro_export]
macro_rules! native_state_any {
    () => {
        fn as_any(&self) -> &dyn ::std::any::Any {
            self
        }
        fn as_any_mut(&mut self) -> &mut dyn ::std::any::Any {
            self
        }
    };
}

/// Every native state of one machine.
#[derive(Default)]
pub struct NativeStates {
    slots: Vec<(TypeId, Box<dyn NativeState>)>,
    /// The slot found last: a native that keeps state mostly asks for the same one several
    /// times in a row (a `take` and its `put`, or the natives of one family in turn), and the
    /// comparison with it spares the walk over the others.
    last: usize,
}

impl NativeStates {
    /// The state of type `T`, made with its `Default` at first use.
    #[inline]
    pub fn get<T: NativeState + Default>(&mut self) -> &mut T {
        let id = TypeId::of::<T>();
        let i = if self.slots.get(self.last).is_some_and(|(t, _)| *t == id) {
            self.last
        } else {
            let i = match self.slots.iter().position(|(t, _)| *t == id) {
                Some(i) => i,
                None => {
                    self.slots.push((id, Box::<T>::default()));
                    self.slots.len() - 1
                }
            };
            self.last = i;
            i
        };
        let state: &mut dyn NativeState = self.slots[i].1.as_mut();
        debug_assert!(state.as_any_mut().is::<T>());
        // SAFETY: slot `i` holds `TypeId::of::<T>()`, and the one place that adds slots (above)
        // pairs that id with a `Box<T>`; slots are never replaced, removed or reordered, and
        // `all_mut` lends the states, not their boxes. So the state
        // behind the pointer is a `T`, and the cast drops only the vtable. The checked
        // `downcast_mut` through two virtual calls cost about half of each call of this function,
        // which natives with state make several times per call (the tables, clause scans).
        unsafe { &mut *(state as *mut dyn NativeState as *mut T) }
    }

    /// The state of type `T` if it has been made.
    #[inline]
    pub fn peek<T: NativeState>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.slots
            .iter()
            .find(|(t, _)| *t == id)
            .and_then(|(_, s)| s.as_any().downcast_ref::<T>())
    }

    /// Takes the state of type `T` out of the store (made with its `Default` if it was not
    /// there), for a native that needs the state and the whole machine at once; it must be
    /// given back with [`NativeStates::put`].
    pub fn take<T: NativeState + Default>(&mut self) -> T {
        std::mem::take(self.get::<T>())
    }

    /// Gives back a state taken with [`NativeStates::take`].
    pub fn put<T: NativeState + Default>(&mut self, state: T) {
        *self.get::<T>() = state;
    }

    /// Every state, for the engine's hooks.
    pub fn all(&self) -> impl Iterator<Item = &dyn NativeState> {
        self.slots.iter().map(|(_, s)| s.as_ref())
    }

    /// Every state, mutably, for the engine's hooks.
    pub fn all_mut(&mut self) -> impl Iterator<Item = &mut dyn NativeState> {
        self.slots.iter_mut().map(|(_, s)| s.as_mut())
    }

    /// [`NativeState::before_consult`] of every state.
    pub fn before_consult(&mut self) {
        self.all_mut().for_each(|s| s.before_consult());
    }

    /// [`NativeState::load_as`]: the first state's answer.
    pub fn load_as(&self, name: u32, arity: usize) -> Option<u32> {
        self.all().find_map(|s| s.load_as(name, arity))
    }

    /// [`NativeState::clauses_renumbered`] of every state.
    pub fn clauses_renumbered(&mut self, pid: PredId, map: &[u32]) {
        self.all_mut().for_each(|s| s.clauses_renumbered(pid, map));
    }

    /// [`NativeState::clauses_wiped`] of every state.
    pub fn clauses_wiped(&mut self, pid: PredId) {
        self.all_mut().for_each(|s| s.clauses_wiped(pid));
    }

    /// [`NativeState::clause_slot`]: the first state's answer.
    pub fn clause_slot(&self, pid: PredId, id: usize) -> Option<usize> {
        self.all().find_map(|s| s.clause_slot(pid, id))
    }

    /// [`NativeState::heap_collected`] of every state.
    pub fn heap_collected(&mut self) {
        self.all_mut().for_each(|s| s.heap_collected());
    }

    /// [`NativeState::atoms_collected`] of every state.
    pub fn atoms_collected(&mut self) {
        self.all_mut().for_each(|s| s.atoms_collected());
    }
}

/// Reports to `mark` the atom every cell of `cells` names (an atom cell, or a functor's name),
/// for a state's [`NativeState::atoms`] that keeps stored terms or clauses.
pub fn mark_cells(cells: &[Cell], mark: &mut dyn FnMut(u32)) {
    for &c in cells {
        match c.tag() {
            Tag::Atom => mark(c.atom_index()),
            Tag::Functor => mark(c.functor_name()),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Counter(u32);

    impl NativeState for Counter {
        fn atoms(&self, mark: &mut dyn FnMut(u32)) {
            mark(self.0);
        }
        crate::native_state_any!();
    }

    #[derive(Default)]
    struct Other(Vec<u8>);

    impl NativeState for Other {
        crate::native_state_any!();
    }

    #[test]
    fn each_type_has_its_own_state_made_at_first_use() {
        let mut s = NativeStates::default();
        assert!(s.peek::<Counter>().is_none());
        s.get::<Counter>().0 += 3;
        s.get::<Other>().0.push(7);
        s.get::<Counter>().0 += 1;
        assert_eq!(s.peek::<Counter>().map(|c| c.0), Some(4));
        assert_eq!(s.peek::<Other>().map(|o| o.0.clone()), Some(vec![7]));
        let mut marked = Vec::new();
        for st in s.all() {
            st.atoms(&mut |a| marked.push(a));
        }
        assert_eq!(marked, vec![4]);
    }

    #[test]
    fn a_taken_state_comes_back() {
        let mut s = NativeStates::default();
        s.get::<Counter>().0 = 9;
        let mut c = s.take::<Counter>();
        assert_eq!(s.get::<Counter>().0, 0);
        c.0 += 1;
        s.put(c);
        assert_eq!(s.get::<Counter>().0, 10);
    }
}
