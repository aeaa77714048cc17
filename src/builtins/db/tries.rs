//! The storage behind `library/tries.pl`: each trie is a map from keys, copied off the heap, to
//! values, kept in the machine outside the stacks as SWI-Prolog keeps its tries.
//!
//! A key is stored the way tabling stores a call variant (`copy_out`): two keys that are
//! variants (`=@=`) have the same cells, so one hash lookup finds a key's entry whatever its
//! variables are. Entries keep their order of insertion, which is the order `trie_gen/2,3`
//! enumerate them in. The library checks the arguments and raises SWI-Prolog's errors; these
//! natives take a live trie's id and only store, find and drop entries. Nothing here runs
//! Prolog code or recurses on term depth.

use super::tables::to_heap;
use crate::machine::error::Res;
use crate::machine::native_state::{mark_cells, NativeState};
use crate::machine::Machine;
use crate::term::stored::{copy_out, VarMap};
use crate::term::{atom, Cell, FastMap, StoredTerm, Tag};

/// Register the natives.
pub fn install(m: &mut Machine) {
    m.def_native("$trie_make", 1, |m, a| {
        let s = state(m);
        let id = s.next;
        s.next += 1;
        s.tries.insert(id, Trie::default());
        Ok(m.unify(a[0], Cell::int(id)))
    });
    m.def_native("$trie_alive", 1, |m, a| {
        let id = id_of(m, a[0]);
        Ok(id.is_some_and(|id| state(m).tries.contains_key(&id)))
    });
    m.def_native("$trie_drop", 1, |m, a| {
        if let Some(id) = id_of(m, a[0]) {
            state(m).tries.remove(&id);
        }
        Ok(true)
    });
    m.def_native("$trie_find", 3, find);
    m.def_native("$trie_probe", 4, probe);
    m.def_native("$trie_set", 4, set);
    m.def_native("$trie_put", 3, put);
    m.def_native("$trie_remove", 2, remove);
    m.def_native("$trie_pairs", 2, pairs);
}

/// One trie: its entries in order of insertion (a removed one leaves a hole until the next
/// compaction), and where each key's entry is.
#[derive(Default)]
struct Trie {
    /// The entries: the key's stored cells and the value.
    entries: Vec<Option<(Box<[Cell]>, StoredTerm)>>,
    /// The index in `entries` of each key.
    index: FastMap<Box<[Cell]>, usize>,
    /// How many keys have variables: while none has, a ground key unifies with no key but
    /// its own.
    open: usize,
    /// How many holes `entries` has.
    holes: usize,
}

impl Trie {
    /// Close the holes once they are half the entries, so that enumeration stays linear in
    /// the live entries.
    fn compact(&mut self) {
        if self.holes * 2 <= self.entries.len() {
            return;
        }
        self.entries.retain(Option::is_some);
        self.holes = 0;
        for (i, e) in self.entries.iter().enumerate() {
            if let Some((k, _)) = e {
                self.index.insert(k.clone(), i);
            }
        }
    }
}

/// The tries of a machine, by id; ids are never reused, so a destroyed trie's id finds
/// nothing.
#[derive(Default)]
struct Tries {
    tries: FastMap<i64, Trie>,
    next: i64,
    /// A key copied off the heap, to be looked up before it is kept.
    scratch: Vec<Cell>,
    vars: VarMap,
}

/// The atom collector keeps every atom a key or a value holds; a destroyed trie's atoms may go.
impl NativeState for Tries {
    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        for t in self.tries.values() {
            for (k, v) in t.entries.iter().flatten() {
                mark_cells(k, mark);
                mark_cells(&v.cells, mark);
            }
        }
    }
    ply_engine::native_state_any!();
}

impl Tries {
    /// The value of the key in the scratch vector in trie `id`, if it has one.
    fn value_of_scratch(&self, id: i64) -> Option<&StoredTerm> {
        let t = self.tries.get(&id)?;
        let &i = t.index.get(self.scratch.as_slice())?;
        t.entries[i].as_ref().map(|(_, v)| v)
    }
}

fn state(m: &mut Machine) -> &mut Tries {
    m.services.natives.get::<Tries>()
}

/// The integer id the library passes.
fn id_of(m: &Machine, c: Cell) -> Option<i64> {
    let c = m.stacks.heap.deref(c);
    (c.tag() == Tag::Int).then(|| c.int_value())
}

/// The id of `t` when it is `'$trie'(Id)` of a live trie.
fn live_id(m: &mut Machine, t: Cell) -> Option<i64> {
    let heap = &m.stacks.heap;
    let t = heap.deref(t);
    if t.tag() != Tag::Str {
        return None;
    }
    let f = heap.cells[t.addr()];
    if f.functor_arity() != 1 || m.atoms.name(f.functor_name()) != "$trie" {
        return None;
    }
    let id = id_of(m, heap.cells[t.addr() + 1])?;
    state(m).tries.contains_key(&id).then_some(id)
}

/// `'$trie_probe'(+Trie, +Key, -Value, -How)`: the lookup trie_gen/2,3 make for a ground
/// key in a live trie none of whose keys has variables, where How is `found` (with Value) or
/// `absent`; How is `other` for anything else, which the library's general clauses handle.
fn probe(m: &mut Machine, a: &[Cell]) -> Res {
    let other = Cell::atom(m.atoms.intern("other"));
    let Some(id) = live_id(m, a[0]) else {
        return Ok(m.unify(a[3], other));
    };
    if state(m).tries[&id].open > 0 {
        return Ok(m.unify(a[3], other));
    }
    if load_key(m, Cell::int(id), a[1]).is_none_or(|(_, open)| open) {
        return Ok(m.unify(a[3], other));
    }
    let Machine {
        stacks, services, ..
    } = m;
    let found = services.natives.get::<Tries>().value_of_scratch(id);
    match found {
        Some(v) => {
            let v = to_heap(&mut stacks.heap, &v.cells);
            let how = Cell::atom(m.atoms.intern("found"));
            Ok(m.unify(a[2], v) && m.unify(a[3], how))
        }
        None => {
            let how = Cell::atom(m.atoms.intern("absent"));
            Ok(m.unify(a[3], how))
        }
    }
}

/// `'$trie_set'(+Trie, +Key, +Value, -How)`: trie_update/3 on a live trie with an acyclic key
/// without attributed variables, How `done`; How is `other` for anything else, which the
/// library's general clauses handle (they raise the errors).
fn set(m: &mut Machine, a: &[Cell]) -> Res {
    let other = Cell::atom(m.atoms.intern("other"));
    let Some(id) = live_id(m, a[0]) else {
        return Ok(m.unify(a[3], other));
    };
    if !crate::term::cycles::is_acyclic(&m.stacks.heap, a[1]) {
        return Ok(m.unify(a[3], other));
    }
    let id_cell = Cell::int(id);
    let Some((_, open)) = load_key(m, id_cell, a[1]) else {
        return Ok(m.unify(a[3], other));
    };
    if open && !m.term_attvars(a[1]).is_empty() {
        return Ok(m.unify(a[3], other));
    }
    store(m, id, open, a[2]);
    let done = Cell::atom(m.atoms.intern("done"));
    Ok(m.unify(a[3], done))
}

/// Copy key `k` into the state's scratch vector; returns the trie id and whether the key has
/// variables.
fn load_key(m: &mut Machine, id: Cell, k: Cell) -> Option<(i64, bool)> {
    let id = id_of(m, id)?;
    let Machine {
        stacks, services, ..
    } = m;
    let s = services.natives.get::<Tries>();
    s.scratch.clear();
    s.vars.clear();
    copy_out(&stacks.heap, k, &mut s.scratch, 0, &mut s.vars);
    Some((id, !s.vars.is_empty()))
}

/// `'$trie_find'(+Id, +Key, -Value)`: the value of the key that is a variant of Key.
fn find(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((id, _)) = load_key(m, a[0], a[1]) else {
        return Ok(false);
    };
    let Machine {
        stacks, services, ..
    } = m;
    let Some(v) = services.natives.get::<Tries>().value_of_scratch(id) else {
        return Ok(false);
    };
    let v = to_heap(&mut stacks.heap, &v.cells);
    Ok(m.unify(a[2], v))
}

/// `'$trie_put'(+Id, +Key, +Value)`: Key has Value, replacing the value of a variant key.
fn put(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((id, open)) = load_key(m, a[0], a[1]) else {
        return Ok(false);
    };
    store(m, id, open, a[2]);
    Ok(true)
}

/// Give the key in the scratch vector `value` in trie `id`: replace the value of its entry,
/// or add one.
fn store(m: &mut Machine, id: i64, open: bool, value: Cell) {
    let Machine {
        stacks, services, ..
    } = m;
    let value = StoredTerm::from_heap(&stacks.heap, value);
    let s = services.natives.get::<Tries>();
    let Some(t) = s.tries.get_mut(&id) else {
        return;
    };
    if let Some(&i) = t.index.get(s.scratch.as_slice()) {
        if let Some((_, v)) = &mut t.entries[i] {
            *v = value;
        }
    } else {
        let key: Box<[Cell]> = s.scratch.as_slice().into();
        t.index.insert(key.clone(), t.entries.len());
        t.entries.push(Some((key, value)));
        t.open += usize::from(open);
    }
}

/// `'$trie_remove'(+Id, +Key)`: drop the entry of the key that is a variant of Key.
fn remove(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((id, open)) = load_key(m, a[0], a[1]) else {
        return Ok(false);
    };
    let s = state(m);
    let Some(t) = s.tries.get_mut(&id) else {
        return Ok(false);
    };
    let Some(i) = t.index.remove(s.scratch.as_slice()) else {
        return Ok(false);
    };
    t.entries[i] = None;
    t.holes += 1;
    t.open -= usize::from(open);
    t.compact();
    Ok(true)
}

/// `'$trie_pairs'(+Id, -Pairs)`: the entries as `Key-Value` pairs, in order of insertion,
/// each key with fresh variables.
fn pairs(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(id) = id_of(m, a[0]) else {
        return Ok(false);
    };
    let Machine {
        stacks, services, ..
    } = m;
    let s = services.natives.get::<Tries>();
    let Some(t) = s.tries.get(&id) else {
        return Ok(false);
    };
    let heap = &mut stacks.heap;
    let mut items = Vec::with_capacity(t.entries.len() - t.holes);
    for (k, v) in t.entries.iter().flatten() {
        let k = to_heap(heap, k);
        let v = to_heap(heap, &v.cells);
        items.push(heap.compound(atom::MINUS, &[k, v]));
    }
    let l = heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}
