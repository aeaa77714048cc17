//! [`SlotMap`]: the map of a clause list's hash tables (the first argument's, `buckets.rs`, and
//! the just-in-time indexes', `jit/table.rs`) from a key code to the slots of the clauses it
//! selects, with one word of payload per key.
//!
//! A table of facts keys a million clauses, most keys of one clause each, so what a key costs
//! is what such a table costs. Here a key of one clause keeps its slot in the map itself, and
//! a key of more keeps the number of its list in a side vector: a map entry is a key code and a
//! 32-bit word (16 bytes with the hash table's control byte, where a key and a list pointer
//! took 24 or more), and no key of one clause allocates a list. The lists themselves are of
//! whatever shared type the table hands to choicepoints ([`SlotList`]).

use ply_term::FastMap;
use std::collections::hash_map::Entry;
use std::rc::Rc;

/// A map word at or above this names list `word - LIST` of the side vector; below it, it is
/// the key's one slot. A slot at or above it (a list of two billion clauses) is kept as a list.
const LIST: u32 = 1 << 31;

/// A list of slots in clause order, as a table keeps it and a choicepoint shares it.
pub(super) trait SlotList: Clone {
    /// The slots.
    fn slots(&self) -> &[u32];
    /// The list of slot `s` alone.
    fn of_one(s: u32) -> Self;
    /// An empty list, left in a vacated place of the side vector.
    fn empty() -> Self;
}

impl SlotList for Rc<Vec<u32>> {
    fn slots(&self) -> &[u32] {
        self
    }
    fn of_one(s: u32) -> Self {
        Rc::new(vec![s])
    }
    fn empty() -> Self {
        Rc::new(Vec::new())
    }
}

/// The clauses of one key, taken out of the map to be looked at or changed.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value<L> {
    /// One slot.
    One(u32),
    /// A list of two slots or more (or, briefly, fewer while it is being changed).
    Many(L),
}

impl<L: SlotList> Value<L> {
    /// The slots, in order.
    pub(super) fn slots(&self) -> &[u32] {
        match self {
            Value::One(s) => std::slice::from_ref(s),
            Value::Many(l) => l.slots(),
        }
    }
}

/// What a look-up finds: one slot, or a list.
pub(super) enum Hit<'a, L> {
    /// Only this slot (a reference into the map, so that it reads as a one-slot slice).
    One(&'a u32),
    /// This list.
    Many(&'a L),
}

impl<'a, L: SlotList> Hit<'a, L> {
    /// The slots, in order.
    pub(super) fn slots(&self) -> &'a [u32] {
        match *self {
            Hit::One(s) => std::slice::from_ref(s),
            Hit::Many(l) => l.slots(),
        }
    }

    /// The slots as a list of their own, for a choicepoint (a new list only for one slot).
    pub(super) fn to_list(&self) -> L {
        match *self {
            Hit::One(s) => L::of_one(*s),
            Hit::Many(l) => l.clone(),
        }
    }
}

/// Key codes to slots; see the file's comment.
#[derive(Clone, Debug)]
pub(super) struct SlotMap<L> {
    /// Per key: its one slot, or `LIST` plus the number of its list.
    map: FastMap<u64, u32>,
    /// The lists of the keys of more than one slot; vacated places hold an empty list.
    lists: Vec<L>,
    /// The vacated places of `lists`, for the next list.
    free: Vec<u32>,
}

impl<L> Default for SlotMap<L> {
    fn default() -> SlotMap<L> {
        SlotMap {
            map: FastMap::default(),
            lists: Vec::new(),
            free: Vec::new(),
        }
    }
}

impl<L: SlotList> SlotMap<L> {
    /// Make room for `n` keys in all.
    pub(super) fn reserve(&mut self, n: usize) {
        self.map.reserve(n.saturating_sub(self.map.len()));
    }

    /// How many keys there are.
    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    /// The key codes, in no order (for tests).
    #[cfg(test)]
    pub(super) fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.map.keys().copied()
    }

    /// The slots of every key, in no order.
    pub(super) fn values(&self) -> impl Iterator<Item = &[u32]> + '_ {
        self.map.values().map(|w| {
            if *w < LIST {
                std::slice::from_ref(w)
            } else {
                self.lists[(*w - LIST) as usize].slots()
            }
        })
    }

    /// The slots of key `code`, if it is in the map.
    #[inline]
    pub(super) fn get(&self, code: u64) -> Option<Hit<'_, L>> {
        let w = self.map.get(&code)?;
        Some(if *w < LIST {
            Hit::One(w)
        } else {
            Hit::Many(&self.lists[(*w - LIST) as usize])
        })
    }

    /// Set the slots of key `code`, in the map or not.
    pub(super) fn insert(&mut self, code: u64, value: Value<L>) {
        let SlotMap { map, lists, free } = self;
        match map.entry(code) {
            Entry::Occupied(mut e) => {
                let w = e.get_mut();
                let was = (*w >= LIST).then_some(*w);
                store(lists, free, w, was, value);
            }
            Entry::Vacant(e) => store(lists, free, e.insert(0), None, value),
        }
    }

    /// Take key `code` out of the map; its slots, if it was there.
    pub(super) fn remove(&mut self, code: u64) -> Option<Value<L>> {
        let w = self.map.remove(&code)?;
        Some(self.value_of_removed(w))
    }

    /// Change the slots of key `code` with `f`; `None` when the key is not in the map.
    pub(super) fn update<R>(&mut self, code: u64, f: impl FnOnce(&mut Value<L>) -> R) -> Option<R> {
        let SlotMap { map, lists, free } = self;
        let w = map.get_mut(&code)?;
        let (mut value, was) = take(lists, *w);
        let r = f(&mut value);
        store(lists, free, w, was, value);
        Some(r)
    }

    /// Change the slots of every key with `f`.
    pub(super) fn update_all(&mut self, mut f: impl FnMut(&mut Value<L>)) {
        let SlotMap { map, lists, free } = self;
        for w in map.values_mut() {
            let (mut value, was) = take(lists, *w);
            f(&mut value);
            store(lists, free, w, was, value);
        }
    }

    /// Whether `other` holds the same keys with the same slots (for tests).
    #[cfg(test)]
    pub(super) fn same_as(&self, other: &SlotMap<L>) -> bool {
        self.len() == other.len()
            && self.keys().all(|k| {
                let mine = self.get(k).map(|h| h.slots().to_vec());
                mine == other.get(k).map(|h| h.slots().to_vec())
            })
    }

    /// The value of word `w`, just taken out of the map, with its list's place vacated.
    fn value_of_removed(&mut self, w: u32) -> Value<L> {
        let (value, was) = take(&mut self.lists, w);
        if let Some(w) = was {
            self.free.push(w - LIST);
        }
        value
    }
}

impl SlotMap<Rc<Vec<u32>>> {
    /// The map of the key codes and slots `pairs`, in slot order, each key's slots in one list
    /// of its own length (a key of one clause needs none). The pairs are walked rather than
    /// held, so that what a table of a million facts allocates beside its table at the
    /// program's peak is small: first the key codes alone, sorted to count the keys, so that
    /// the table is sized once and exactly (8 bytes a pair, given back before the table is
    /// made, where a sorted vector of the pairs took 16 beside it); then once to give each key
    /// its first slot or, when it has more, a list number and a count; and, only when some key
    /// has more than one slot, once more to lay the lists' slots out end to end in clause order.
    pub(super) fn from_slot_order(pairs: impl Iterator<Item = (u64, u32)> + Clone) -> Self {
        let keys = {
            let mut codes: Vec<u64> = pairs.clone().map(|(code, _)| code).collect();
            codes.sort_unstable();
            codes.dedup();
            codes.len()
        };
        let mut map: FastMap<u64, u32> = FastMap::default();
        map.reserve(keys);
        let mut lens: Vec<u32> = Vec::new();
        for (code, slot) in pairs.clone() {
            match map.entry(code) {
                Entry::Vacant(e) if slot < LIST => {
                    e.insert(slot);
                }
                Entry::Vacant(e) => {
                    e.insert(LIST + lens.len() as u32);
                    lens.push(1);
                }
                Entry::Occupied(mut e) => {
                    let w = e.get_mut();
                    if *w < LIST {
                        *w = LIST + lens.len() as u32;
                        lens.push(2);
                    } else {
                        lens[(*w - LIST) as usize] += 1;
                    }
                }
            }
        }
        let mut lists = Vec::with_capacity(lens.len());
        if !lens.is_empty() {
            // Where each list's next slot goes in `flat`: its start, to begin with.
            let mut next: Vec<u32> = Vec::with_capacity(lens.len());
            let mut total = 0u32;
            for &len in &lens {
                next.push(total);
                total += len;
            }
            let mut flat = vec![0u32; total as usize];
            for (code, slot) in pairs {
                if let Some(&w) = map.get(&code) {
                    if w >= LIST {
                        let at = &mut next[(w - LIST) as usize];
                        flat[*at as usize] = slot;
                        *at += 1;
                    }
                }
            }
            // Each list's place now ends where its next slot would have gone.
            for (&end, &len) in next.iter().zip(&lens) {
                lists.push(Rc::new(flat[(end - len) as usize..end as usize].to_vec()));
            }
        }
        SlotMap {
            map,
            lists,
            free: Vec::new(),
        }
    }
}

/// The value word `w` stands for, its list moved out of `lists` (an empty list left in its
/// place), and the word when it named a list.
fn take<L: SlotList>(lists: &mut [L], w: u32) -> (Value<L>, Option<u32>) {
    if w < LIST {
        return (Value::One(w), None);
    }
    let list = std::mem::replace(&mut lists[(w - LIST) as usize], L::empty());
    (Value::Many(list), Some(w))
}

/// Write `value` to map word `w`, which named list word `was` (or no list): a list goes back to
/// its place, or to a vacated or new one; a single slot frees the place it had.
fn store<L: SlotList>(
    lists: &mut Vec<L>,
    free: &mut Vec<u32>,
    w: &mut u32,
    was: Option<u32>,
    value: Value<L>,
) {
    let list = match value {
        Value::One(s) if s < LIST => {
            if let Some(was) = was {
                free.push(was - LIST);
            }
            *w = s;
            return;
        }
        Value::One(s) => L::of_one(s),
        Value::Many(list) => list,
    };
    let at = match was {
        Some(was) => was - LIST,
        None => match free.pop() {
            Some(at) => at,
            None => {
                lists.push(L::empty());
                (lists.len() - 1) as u32
            }
        },
    };
    lists[at as usize] = list;
    *w = LIST + at;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(m: &SlotMap<Rc<Vec<u32>>>, k: u64) -> Option<Vec<u32>> {
        m.get(k).map(|h| h.slots().to_vec())
    }

    #[test]
    fn one_slot_is_kept_in_the_map_and_lists_reuse_their_places() {
        let mut m: SlotMap<Rc<Vec<u32>>> = SlotMap::default();
        m.insert(10, Value::One(3));
        m.insert(11, Value::Many(Rc::new(vec![1, 2])));
        assert_eq!(m.lists.len(), 1);
        assert_eq!(slots(&m, 10), Some(vec![3]));
        assert_eq!(slots(&m, 11), Some(vec![1, 2]));
        // A list shrunk to one slot gives its place back; the next list takes it.
        m.update(11, |v| *v = Value::One(2));
        assert_eq!(m.free, vec![0]);
        m.update(10, |v| *v = Value::Many(Rc::new(vec![3, 4])));
        assert_eq!((m.lists.len(), m.free.len()), (1, 0));
        assert_eq!(slots(&m, 10), Some(vec![3, 4]));
        assert_eq!(m.remove(10), Some(Value::Many(Rc::new(vec![3, 4]))));
        assert_eq!(m.remove(11), Some(Value::One(2)));
        assert_eq!((m.len(), m.free.len()), (0, 1));
        assert_eq!(slots(&m, 10), None);
    }

    #[test]
    fn a_map_made_in_slot_order_lists_each_keys_slots_in_order() {
        // Keys of one slot, of several, interleaved, and a slot past the list mark alone.
        let mut pairs: Vec<(u64, u32)> = Vec::new();
        let mut state = 7u64;
        for slot in 0..5000u32 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let code = if slot % 3 == 0 {
                1_000_000 + u64::from(slot)
            } else {
                state >> 54
            };
            pairs.push((code, slot));
        }
        pairs.push((5, LIST + 9));
        pairs.push((2_000_000, LIST + 10));
        let m = SlotMap::from_slot_order(pairs.iter().copied());
        let mut want: std::collections::BTreeMap<u64, Vec<u32>> = Default::default();
        for &(code, slot) in &pairs {
            want.entry(code).or_default().push(slot);
        }
        assert_eq!(m.len(), want.len());
        for (code, slots) in &want {
            assert_eq!(
                m.get(*code).map(|h| h.slots().to_vec()).as_ref(),
                Some(slots)
            );
        }
        // Only keys of more than one slot, or of a slot past the mark, have lists.
        let listed = want
            .iter()
            .filter(|(_, s)| s.len() > 1 || s[0] >= LIST)
            .count();
        assert_eq!((m.lists.len(), m.free.len()), (listed, 0));
        // A table of keys of one slot each has no list at all.
        let m = SlotMap::from_slot_order((0..100u32).map(|s| (u64::from(s) * 8 + 1, s)));
        assert_eq!((m.len(), m.lists.len()), (100, 0));
        assert_eq!(slots(&m, 17), Some(vec![2]));
    }

    #[test]
    fn a_slot_past_the_list_mark_is_kept_as_a_list() {
        let mut m: SlotMap<Rc<Vec<u32>>> = SlotMap::default();
        m.insert(1, Value::One(LIST + 5));
        assert_eq!(m.get(1).map(|h| h.slots().to_vec()), Some(vec![LIST + 5]));
        m.update_all(|v| {
            if let Value::Many(l) = v {
                Rc::make_mut(l).push(LIST + 6);
            }
        });
        assert_eq!(
            m.get(1).map(|h| h.slots().to_vec()),
            Some(vec![LIST + 5, LIST + 6])
        );
    }
}
