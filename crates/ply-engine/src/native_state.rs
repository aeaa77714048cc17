//! State that natives keep in the machine, one value per Rust type, without the engine knowing
//! what the natives are.
//!
//! A native is a plain function of the machine and its arguments, so whatever it remembers from
//! one call to the next (a stream table, an evaluator's work stacks, a game's decoded positions)
//! lives here, keyed by its type. The engine calls the few hooks of [`NativeState`] at the
//! moments a state may need to react to (an atom collection marks the atoms a state holds, a
//! heap collection moves cells, a file is about to be consulted, a predicate's clause list is
//! laid out again), and otherwise never looks inside. Those hooks are how the engine lets state
//! it knows nothing of follow its own changes, so it never names a native family.
//!
//! Natives reach their state at every call (a game search several times per node), so finding it
//! must cost next to nothing: each state type is given a small number, its slot, the first time
//! any machine asks for it, kept in a static of the type's own `impl` (made by
//! [`native_state_any!`]); a machine's store is a vector indexed by slot. The numbers are shared
//! by every machine in the process, and there are as many as there are state types, a handful.

use super::instr::PredId;
use ply_term::{Cell, Tag};
use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where a heap collection moved the cells: a trait of the heap's (`term/heap.rs`), named here
/// too because the states' `heap_collected` hook is where the engine hands it over.
pub use ply_term::HeapMoves;

/// What the engine may ask of a native's state. Every hook has a default that does nothing.
pub trait NativeState: Any {
    /// Reports every atom index the state holds, so that the atom collector keeps those atoms.
    fn atoms(&self, _mark: &mut dyn FnMut(u32)) {}

    /// The heap collector has run: cells may have moved, as `moves` says; an address remembered
    /// from before must be moved with its cell, or forgotten.
    fn heap_collected(&mut self, _moves: &dyn HeapMoves) {}

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

    /// The type's slot in every machine's store, given at its first use (see the file's notes).
    /// Made by [`native_state_any!`], whose static is the type's own because the `impl` it
    /// sits in is not generic.
    fn slot() -> usize
    where
        Self: Sized;
}

/// The slots given so far.
static SLOTS: AtomicUsize = AtomicUsize::new(0);

/// A fresh slot, for [`NativeState::slot`] of a type asked for the first time.
pub fn next_slot() -> usize {
    SLOTS.fetch_add(1, Ordering::Relaxed)
}

/// Implements the two `Any` conversions and the slot of [`NativeState`] for a type, leaving the
/// hooks at their defaults unless the `impl` block given adds them. Only for an `impl` of one
/// type, not a generic one: its slot is a static inside the `impl`.
#[macro_export]
macro_rules! native_state_any {
    () => {
        fn as_any(&self) -> &dyn ::std::any::Any {
            self
        }
        fn as_any_mut(&mut self) -> &mut dyn ::std::any::Any {
            self
        }
        #[inline]
        fn slot() -> usize {
            static SLOT: ::std::sync::OnceLock<usize> = ::std::sync::OnceLock::new();
            *SLOT.get_or_init($crate::native_state::next_slot)
        }
    };
}

/// Every native state of one machine, at the slots of their types.
#[derive(Default)]
pub struct NativeStates {
    slots: Vec<Option<Box<dyn NativeState>>>,
}

impl NativeStates {
    /// The state of type `T`, made with its `Default` at first use.
    #[inline]
    pub fn get<T: NativeState + Default>(&mut self) -> &mut T {
        let i = T::slot();
        if self.slots.get(i).is_none_or(|s| s.is_none()) {
            self.make::<T>(i);
        }
        let state: &mut dyn NativeState = self.slots[i]
            .as_deref_mut()
            .expect("a state was just made at its slot");
        debug_assert!(state.as_any().is::<T>());
        // SAFETY: slot `i` is `T::slot()`, a number no other type is given (`next_slot`), and
        // the only writers of a slot are `make::<T>` at `T::slot()` and `&mut T` borrows
        // handed out here (`all_mut` lends the states, never their boxes), so the box at `i`
        // holds a `T`. Casting the pointer skips `downcast_mut`'s call through the vtable for
        // the type's id, which natives called at every node of a game search pay each time.
        unsafe { &mut *(state as *mut dyn NativeState as *mut T) }
    }

    /// Make the state of type `T` at slot `i`; out of line, as it happens once per type.
    #[inline(never)]
    fn make<T: NativeState + Default>(&mut self, i: usize) {
        if self.slots.len() <= i {
            self.slots.resize_with(i + 1, || None);
        }
        self.slots[i] = Some(Box::<T>::default());
    }

    /// The state of type `T` if it has been made.
    #[inline]
    pub fn peek<T: NativeState>(&self) -> Option<&T> {
        let state: &dyn Any = self.slots.get(T::slot())?.as_deref()?;
        state.downcast_ref::<T>()
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
        self.slots.iter().flatten().map(|s| s.as_ref())
    }

    /// Every state, mutably, for the engine's hooks: the states themselves, never their boxes,
    /// so that no slot can be given a value of another type (see [`NativeStates::get`]).
    fn all_mut(&mut self) -> impl Iterator<Item = &mut dyn NativeState> {
        self.slots.iter_mut().flatten().map(|s| s.as_mut())
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
    pub fn heap_collected(&mut self, moves: &dyn HeapMoves) {
        self.all_mut().for_each(|s| s.heap_collected(moves));
    }

    /// [`NativeState::atoms_collected`] of every state.
    pub fn atoms_collected(&mut self) {
        self.all_mut().for_each(|s| s.atoms_collected());
    }
}

/// Reports to `mark` the atom every cell of `cells` names (an atom cell, or a functor's name),
/// for a state's [`NativeState::atoms`] that keeps stored terms or clauses.
pub fn mark_cells(cells: &[Cell], mark: &mut dyn FnMut(u32)) {
    let mut i = 0;
    while i < cells.len() {
        let c = cells[i];
        match c.tag() {
            Tag::Atom => mark(c.atom_index()),
            Tag::Functor => mark(c.functor_name()),
            // The raw words of a boxed value (a float's bits, a big integer's limbs, a
            // string's bytes) are no cells, whatever tag their bits read as.
            Tag::Header => i += c.header_words(),
            _ => {}
        }
        i += 1;
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
    fn the_raw_words_of_a_boxed_value_mark_no_atom() {
        // A float whose bits read as an atom cell, between two atoms.
        let raw = Cell::atom(77);
        let cells = [
            Cell::atom(5),
            Cell::header(ply_term::BoxKind::Float, 1),
            raw,
            Cell::atom(6),
        ];
        let mut marked = Vec::new();
        mark_cells(&cells, &mut |a| marked.push(a));
        assert_eq!(marked, vec![5, 6]);
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
