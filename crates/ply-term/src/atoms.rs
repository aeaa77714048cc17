//! The atom table: interning of atom names to small indices, and freeing the ones nothing uses.
//!
//! Atoms that the machine itself needs (`[]`, `.`, `,`, `error`, ...) are interned first, in the
//! order of [`PREDEFINED`], so that the engine can name them by constant. An atom is either
//! permanent or volatile. [`AtomTable::intern`] makes permanent atoms (and makes an existing
//! volatile one permanent): Rust code may keep their indices anywhere for ever. Only the builtins
//! that make text into atoms at run time use [`AtomTable::intern_volatile`]; such an atom lives
//! while the atom collector (`machine/atom_gc.rs`) finds its index somewhere in the machine, and
//! its index is then reused for a later name. The table must never hand out two indices for one
//! name, and never free a permanent atom.

mod name_index;
mod names;

use super::cell::{Cell, Tag};
use name_index::{hash_name, NameIndex};
use names::Names;

/// What an index of the table currently is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    /// Never freed.
    Permanent,
    /// Freed by a collection that does not find it.
    Volatile,
    /// Freed: on the free list, waiting for a new name.
    Free,
}

/// Interned atom names.
#[derive(Default)]
pub struct AtomTable {
    /// The name of every index (empty for a freed one), its text in one buffer.
    names: Names,
    /// The first eight bytes of every index's name, big-endian and padded with zeros
    /// ([`order_prefix`]): two atoms whose prefixes differ are ordered by them alone.
    prefixes: Vec<u64>,
    /// The index of every live name, by the name's hash.
    index: NameIndex,
    /// The status of every index.
    status: Vec<Status>,
    /// Freed indices, reused before the table grows.
    free: Vec<u32>,
    /// Volatile atoms made since the last collection.
    made: usize,
    /// The memory the live atoms take, as [`atom_bytes`] counts it.
    bytes: usize,
    /// The index of the atom of each one-character ASCII name that is interned, by the
    /// character's code ([`NO_ATOM`] where there is none): char lists are made of such atoms,
    /// a character at a time, and finding one here spares hashing its name.
    ascii: Vec<u32>,
}

/// In [`AtomTable`]'s index of one-character atoms, a character that has no atom.
const NO_ATOM: u32 = u32::MAX;

/// What an atom named `name` takes in the table, counted for the atom space limit: its text,
/// its span (8 bytes), prefix (8) and status (1), and its share of the index (8 bytes a slot,
/// at least 3/8 of the slots full: 22 bytes at most), rounded up.
#[inline]
pub fn atom_bytes(name: &str) -> usize {
    name.len() + ATOM_OVERHEAD
}

/// The bytes an atom takes in the table beside its text (see [`atom_bytes`]).
const ATOM_OVERHEAD: usize = 40;

/// The first eight bytes of `name` as a big-endian number, padded with zeros. When the prefixes
/// of two names differ, they order the names as the names' bytes do: at the first byte where
/// they differ, either both names have a byte there, or the shorter name has ended (a zero of
/// the padding) and the longer has a byte that is not zero, and the shorter name comes first.
/// (A name with a zero byte there gives an equal prefix, and the names are compared.)
pub fn order_prefix(name: &str) -> u64 {
    let mut bytes = [0u8; 8];
    let n = name.len().min(8);
    bytes[..n].copy_from_slice(&name.as_bytes()[..n]);
    u64::from_be_bytes(bytes)
}

/// One bit per atom index: found in use by the collector's mark phase.
pub struct AtomMarks {
    bits: Vec<u64>,
}

impl AtomMarks {
    /// No atom marked yet, for a table of `slots` indices.
    pub fn new(slots: usize) -> AtomMarks {
        AtomMarks {
            bits: vec![0; slots.div_ceil(64)],
        }
    }

    /// Mark atom `i`. An index past the table is ignored: conservative scans pass words that
    /// merely look like atoms.
    #[inline]
    pub fn atom(&mut self, i: u32) {
        let i = i as usize;
        if let Some(w) = self.bits.get_mut(i >> 6) {
            *w |= 1 << (i & 63);
        }
    }

    /// Mark the atom a cell names: an atom cell, or the name of a functor cell.
    #[inline]
    pub fn cell(&mut self, c: Cell) {
        match c.tag() {
            Tag::Atom => self.atom(c.atom_index()),
            Tag::Functor => self.atom(c.functor_name()),
            _ => {}
        }
    }

    /// Mark the atoms of every cell of `cells`.
    pub fn cells(&mut self, cells: &[Cell]) {
        for &c in cells {
            self.cell(c);
        }
    }

    /// Whether atom `i` is marked.
    #[inline]
    pub fn is_marked(&self, i: u32) -> bool {
        let i = i as usize;
        self.bits
            .get(i >> 6)
            .is_some_and(|w| w & (1 << (i & 63)) != 0)
    }
}

macro_rules! predefined {
    ($($id:ident = $name:expr),* $(,)?) => {
        /// Atoms interned at start-up, by constant.
        #[allow(missing_docs)]
        pub mod atom {
            predefined!(@consts 0u32; $($id,)*);
        }
        /// The names of the predefined atoms, in index order.
        pub const PREDEFINED: &[&str] = &[$($name),*];
    };
    (@consts $n:expr; $id:ident, $($rest:ident,)*) => {
        pub const $id: u32 = $n;
        predefined!(@consts $n + 1; $($rest,)*);
    };
    (@consts $n:expr;) => {};
}

predefined! {
    NIL = "[]", DOT = ".", COMMA = ",", SEMI = ";", ARROW = "->", SOFT = "*->", NOT = "\\+",
    CUT = "!", TRUE = "true", FAIL = "fail", FALSE = "false", CALL = "call", NECK = ":-",
    CURLY = "{}", MINUS = "-", PLUS = "+", SLASH = "/", ERROR = "error", EMPTY = "",
    BAR = "|", EQUALS = "=", CARET = "^", COLON = ":", VAR = "$VAR", END_OF_FILE = "end_of_file",
    INSTANTIATION_ERROR = "instantiation_error", TYPE_ERROR = "type_error",
    DOMAIN_ERROR = "domain_error", EXISTENCE_ERROR = "existence_error",
    PERMISSION_ERROR = "permission_error", REPRESENTATION_ERROR = "representation_error",
    EVALUATION_ERROR = "evaluation_error", RESOURCE_ERROR = "resource_error",
    SYNTAX_ERROR = "syntax_error", SYSTEM_ERROR = "system_error",
    UNINSTANTIATION_ERROR = "uninstantiation_error",
    PROCEDURE = "procedure", CALLABLE = "callable", ATOM = "atom", INTEGER = "integer",
    FLOAT = "float", NUMBER = "number", ATOMIC = "atomic", LIST = "list", COMPOUND = "compound",
    EVALUABLE = "evaluable", CHARACTER = "character", MEMORY = "memory", ON = "on", OFF = "off",
    CODES = "codes", CHARS = "chars", STRING = "string", USER = "user", DIRECTIVE = "directive",
    LESS = "<", GREATER = ">", CATCH = "catch", FINDALL = "findall", FORALL = "forall",
    NOT_LESS_THAN_ZERO = "not_less_than_zero", MODIFY = "modify",
    STATIC_PROCEDURE = "static_procedure", ACCESS = "access", PRIVATE_PROCEDURE = "private_procedure",
    MAX_ARITY = "max_arity", CHARACTER_CODE = "character_code", OPERATOR = "operator",
    FLAG = "flag", FLAG_VALUE = "flag_value", PROLOG_FLAG = "prolog_flag", STACK = "stack",
    CREATE = "create", CONTEXT = "context", BOOLEAN = "boolean", DOLLAR = "$",
    END = "end", SOURCE_SINK = "source_sink", STREAM = "stream",
    DCG = "-->", QUERY = "?-", LESS_EQ = "=<", GREATER_EQ = ">=",
    STAR = "*", UNKNOWN = "unknown",
    GET_LEVEL = "$get_level", CUT_TO = "$cut_to", MARK = "$mark", SOFTCUT = "$softcut",
    INT_DIV = "//", DIV = "div", REM = "rem", MOD = "mod", MIN = "min", MAX = "max",
    DICT = "C'dict'", DOT_CALL = "$dot",
}

impl AtomTable {
    /// A table holding the predefined atoms.
    pub fn new() -> AtomTable {
        // Room for the atoms of the library, so that loading it never regrows the table.
        let room = 1024;
        let mut t = AtomTable {
            names: Names::with_capacity(room),
            prefixes: Vec::with_capacity(room),
            index: NameIndex::with_capacity(room),
            status: Vec::with_capacity(room),
            ascii: vec![NO_ATOM; 128],
            ..AtomTable::default()
        };
        for name in PREDEFINED {
            t.intern(name);
        }
        t
    }

    /// The index of `name` if interned, or else the index's slot for it, with its hash.
    #[inline]
    fn find(&self, name: &str) -> (u32, Result<u32, usize>) {
        let hash = hash_name(name);
        let names = &self.names;
        (hash, self.index.find(hash, |i| names.get(i) == name))
    }

    /// The index of `name`, interning it if new. The atom is permanent from now on, even if it
    /// was volatile: whoever asks through this entry point may keep the index.
    pub fn intern(&mut self, name: &str) -> u32 {
        match self.find(name) {
            (_, Ok(i)) => {
                self.status[i as usize] = Status::Permanent;
                i
            }
            (hash, Err(pos)) => {
                let off = self.names.append(name);
                self.insert(off, name.len(), hash, pos, Status::Permanent)
            }
        }
    }

    /// The index of `name`, interning it as a volatile atom if new (an existing atom keeps
    /// its status). The caller must put the index where the collector looks (a heap cell, a
    /// register) before the next call boundary; it must not keep it in Rust state.
    pub fn intern_volatile(&mut self, name: &str) -> u32 {
        // A name of one ASCII character is found in the index of those, without hashing it.
        if let [b] = name.as_bytes() {
            if let Some(&i) = self.ascii.get(usize::from(*b)) {
                if i != NO_ATOM {
                    return i;
                }
            }
        }
        match self.find(name) {
            (_, Ok(i)) => i,
            (hash, Err(pos)) => {
                self.made += 1;
                let off = self.names.append(name);
                self.insert(off, name.len(), hash, pos, Status::Volatile)
            }
        }
    }

    /// The index of the part `range` (on character boundaries) of atom `i`'s name, interned
    /// as [`AtomTable::intern_volatile`] does, the part copied within the table.
    pub fn intern_volatile_part(&mut self, i: u32, range: std::ops::Range<usize>) -> u32 {
        let part = &self.name(i)[range.clone()];
        if let [b] = part.as_bytes() {
            if let Some(&i) = self.ascii.get(usize::from(*b)) {
                if i != NO_ATOM {
                    return i;
                }
            }
        }
        match self.find(part) {
            (_, Ok(j)) => j,
            (hash, Err(pos)) => {
                self.made += 1;
                let len = range.len();
                let off = self.names.append_part(i, range);
                self.insert(off, len, hash, pos, Status::Volatile)
            }
        }
    }

    /// Make a new atom of the name of `len` bytes the names' buffer holds at `off`, whose
    /// hash is `hash` and whose slot in the index is `pos`.
    fn insert(&mut self, off: usize, len: usize, hash: u32, pos: usize, status: Status) -> u32 {
        let i = match self.free.pop() {
            Some(i) => {
                self.status[i as usize] = status;
                i
            }
            None => {
                self.prefixes.push(0);
                self.status.push(status);
                self.names.slots() as u32
            }
        };
        self.names.place(i, off, len);
        let name = self.names.get(i);
        self.prefixes[i as usize] = order_prefix(name);
        self.bytes += atom_bytes(name);
        self.index.insert_at(pos, hash, i);
        if let [b] = name.as_bytes() {
            if let Some(slot) = self.ascii.get_mut(usize::from(*b)) {
                *slot = i;
            }
        }
        i
    }

    /// The index of the atom whose name is the one ASCII character `c`, if it is interned:
    /// what [`AtomTable::lookup`] answers for that name, without hashing it.
    #[inline]
    pub fn ascii_char(&self, c: char) -> Option<u32> {
        match self.ascii.get(c as usize) {
            Some(&i) if i != NO_ATOM => Some(i),
            _ => None,
        }
    }

    /// Make atom `i` permanent.
    #[inline]
    pub fn pin(&mut self, i: u32) {
        if let Some(s) = self.status.get_mut(i as usize) {
            if *s == Status::Volatile {
                *s = Status::Permanent;
            }
        }
    }

    /// Whether atom `i` is volatile (a collection may free it).
    #[inline]
    pub fn is_volatile(&self, i: u32) -> bool {
        self.status.get(i as usize) == Some(&Status::Volatile)
    }

    /// The index of `name` if it is interned.
    #[inline]
    pub fn lookup(&self, name: &str) -> Option<u32> {
        self.find(name).1.ok()
    }

    /// The name of atom `i`. The borrow ends before the table changes: to intern a part of
    /// the name, copy the part first.
    #[inline]
    pub fn name(&self, i: u32) -> &str {
        debug_assert!(
            self.status[i as usize] != Status::Free,
            "atom {i} was freed but is still in use"
        );
        self.names.get(i)
    }

    /// The standard order of atoms `a` and `b`: their names compared byte by byte (so by
    /// character codes). Most pairs that programs compare differ in their first eight bytes,
    /// and are ordered by the prefixes kept beside the names, with no look at the names.
    #[inline]
    pub fn order(&self, a: u32, b: u32) -> std::cmp::Ordering {
        let (x, y) = (self.prefixes[a as usize], self.prefixes[b as usize]);
        if x != y {
            return x.cmp(&y);
        }
        self.name(a).cmp(self.name(b))
    }

    /// How many atoms there are (live ones: freed indices are not counted).
    #[inline]
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// True when the table is empty (never, once created by [`AtomTable::new`]).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.index.len() == 0
    }

    /// How many indices have been handed out, freed ones included: every index is below this.
    #[inline]
    pub fn slots(&self) -> usize {
        self.names.slots()
    }

    /// The memory the live atoms take, in bytes (see [`atom_bytes`]).
    #[inline]
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The memory the table's parts take now, in bytes: the names' buffer with the text freed
    /// names left in it, the spans, prefixes, statuses, index and free list. What
    /// [`AtomTable::bytes`] estimates per live atom, measured.
    pub fn footprint(&self) -> usize {
        self.names.bytes()
            + self.prefixes.len() * 8
            + self.status.len()
            + self.index.bytes()
            + self.free.len() * 4
    }

    /// Volatile atoms made since the last [`AtomTable::sweep`].
    #[inline]
    pub fn volatile_made(&self) -> usize {
        self.made
    }

    /// Free every volatile atom that `marks` does not hold; returns how many were freed. The
    /// text of freed names goes back to the allocator once it outweighs the live text.
    pub fn sweep(&mut self, marks: &AtomMarks) -> usize {
        let mut freed = 0;
        for i in 0..self.names.slots() as u32 {
            if self.status[i as usize] != Status::Volatile || marks.is_marked(i) {
                continue;
            }
            let name = self.names.get(i);
            self.bytes -= atom_bytes(name);
            self.index.remove(hash_name(name), i);
            if let [b] = name.as_bytes() {
                if let Some(slot) = self.ascii.get_mut(usize::from(*b)) {
                    *slot = NO_ATOM;
                }
            }
            self.names.free(i);
            self.status[i as usize] = Status::Free;
            self.free.push(i);
            freed += 1;
        }
        self.names.compact_if_worth_it();
        self.made = 0;
        freed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms_are_ordered_as_their_names_are() {
        let names = [
            "",
            "a",
            "a\0",
            "a\0b",
            "ab",
            "abcdefgh",
            "abcdefghi",
            "abcdefgz",
            "abcdefg",
            "\u{e9}",
            "\u{ff}x",
            "z",
            "Z",
            "[]",
            "cell",
            "c1",
            "c10",
            "c2",
        ];
        let mut t = AtomTable::new();
        let ids: Vec<u32> = names.iter().map(|n| t.intern_volatile(n)).collect();
        for (i, a) in names.iter().enumerate() {
            for (j, b) in names.iter().enumerate() {
                assert_eq!(t.order(ids[i], ids[j]), a.cmp(b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn predefined_indices_match_names() {
        let t = AtomTable::new();
        assert_eq!(t.name(atom::NIL), "[]");
        assert_eq!(t.name(atom::COMMA), ",");
        assert_eq!(t.lookup("error"), Some(atom::ERROR));
    }

    #[test]
    fn unmarked_volatile_atoms_are_freed_and_their_indices_reused() {
        let mut t = AtomTable::new();
        let base = t.len();
        let a = t.intern_volatile("made_a");
        let b = t.intern_volatile("made_b");
        assert_eq!((t.len(), t.volatile_made()), (base + 2, 2));
        let mut marks = AtomMarks::new(t.slots());
        marks.atom(b);
        assert_eq!(t.sweep(&marks), 1);
        assert_eq!((t.len(), t.volatile_made()), (base + 1, 0));
        assert_eq!(t.lookup("made_a"), None);
        assert_eq!(t.name(b), "made_b");
        // The freed index comes back, with its new name, for the next atom of either kind.
        let slots = t.slots();
        let c = t.intern("made_c");
        assert_eq!(c, a);
        assert_eq!(t.slots(), slots);
        assert_eq!(t.name(c), "made_c");
        assert_eq!(t.lookup("made_c"), Some(a));
        assert!(!t.is_volatile(c));
    }

    #[test]
    fn one_character_atoms_found_by_their_index_agree_with_the_table() {
        let mut t = AtomTable::new();
        let q = t.intern_volatile("\u{1}");
        assert_eq!(t.intern_volatile("\u{1}"), q);
        assert_eq!(t.lookup("\u{1}"), Some(q));
        assert_eq!(t.ascii_char('\u{1}'), Some(q));
        // Freed, the character leaves the index too, and is made again under a new entry.
        assert_eq!(t.sweep(&AtomMarks::new(t.slots())), 1);
        assert_eq!(t.ascii_char('\u{1}'), None);
        let r = t.intern_volatile("\u{1}");
        assert_eq!(t.name(r), "\u{1}");
        assert_eq!(t.lookup("\u{1}"), Some(r));
        assert_eq!(t.intern_volatile("\u{1}"), r);
        // A permanent one keeps its status when met again as volatile.
        let p = t.intern("\u{2}");
        assert_eq!(t.intern_volatile("\u{2}"), p);
        assert!(!t.is_volatile(p));
    }

    #[test]
    fn permanent_atoms_are_never_freed() {
        let mut t = AtomTable::new();
        let p = t.intern("kept");
        // Interning an existing permanent atom as volatile keeps it permanent.
        assert_eq!(t.intern_volatile("kept"), p);
        // Interning an existing volatile atom the ordinary way makes it permanent.
        let v = t.intern_volatile("promoted");
        assert!(t.is_volatile(v));
        assert_eq!(t.intern("promoted"), v);
        let w = t.intern_volatile("pinned");
        t.pin(w);
        let before = t.len();
        assert_eq!(t.sweep(&AtomMarks::new(t.slots())), 0);
        assert_eq!(t.len(), before);
        for (i, name) in PREDEFINED.iter().enumerate() {
            assert_eq!(t.name(i as u32), *name);
        }
        assert_eq!(t.name(p), "kept");
        assert_eq!(t.name(v), "promoted");
        assert_eq!(t.name(w), "pinned");
    }

    #[test]
    fn names_stay_right_over_many_rounds_of_reuse() {
        let mut t = AtomTable::new();
        let slots = t.slots();
        let mut kept: Vec<(u32, String)> = Vec::new();
        for round in 0..50 {
            let mut marks = AtomMarks::new(t.slots() + 100);
            for (i, _) in &kept {
                marks.atom(*i);
            }
            for k in 0..100 {
                let name = format!("r{round}_{k}");
                let i = t.intern_volatile(&name);
                if k % 10 == 0 {
                    marks.atom(i);
                    kept.push((i, name));
                }
            }
            t.sweep(&marks);
            for (i, name) in &kept {
                assert_eq!(t.name(*i), name);
                assert_eq!(t.lookup(name), Some(*i));
            }
        }
        // 500 atoms kept and 4,500 freed: the table grew by little more than what is kept.
        assert_eq!(kept.len(), 500);
        assert!(t.slots() - slots <= 600, "{} slots", t.slots() - slots);
        // A marks array sized before the table grew ignores the new indices, never panics.
        AtomMarks::new(1).atom(u32::MAX);
    }

    #[test]
    fn huge_non_ascii_and_empty_names_are_kept_whole() {
        let mut t = AtomTable::new();
        let huge: String = "\u{e9}t\u{e9}\u{1f600}".repeat(5 << 20);
        assert!(huge.len() > 1 << 24);
        let h = t.intern_volatile(&huge);
        let e = t.intern_volatile("\u{e9}");
        let x = t.intern_volatile("x\u{1f600}y");
        assert_eq!(t.intern_volatile(""), atom::EMPTY);
        assert_eq!(t.name(atom::EMPTY), "");
        assert_eq!(t.name(h), huge);
        assert_eq!(t.name(e), "\u{e9}");
        assert_eq!(t.name(x), "x\u{1f600}y");
        assert_eq!(t.lookup(&huge), Some(h));
        let mut longer = huge.clone();
        longer.push('!');
        assert_eq!(t.lookup(&longer), None);
        // Freed and compacted away, the huge name leaves nothing behind; the others move.
        let mut marks = AtomMarks::new(t.slots());
        marks.atom(e);
        marks.atom(x);
        assert_eq!(t.sweep(&marks), 1);
        assert_eq!(t.names.text_bytes().1, 0, "the freed text was compacted");
        assert!(t.footprint() < 1 << 20, "{} bytes", t.footprint());
        assert_eq!(t.lookup(&huge), None);
        assert_eq!(t.name(e), "\u{e9}");
        assert_eq!(t.name(x), "x\u{1f600}y");
        assert_eq!(t.lookup("x\u{1f600}y"), Some(x));
        // Its index comes back with a huge name of its own.
        let g = t.intern(&longer);
        assert_eq!(g, h);
        assert_eq!(t.name(g), longer);
    }

    #[test]
    fn text_of_freed_names_is_given_back_over_a_long_run() {
        // A million names of 100 bytes made and dropped, a thousand at a time, with one in a
        // hundred kept: 100 MB of text made, about 1 MB live.
        let mut t = AtomTable::new();
        let filler = "f".repeat(90);
        let mut kept: Vec<(u32, String)> = Vec::new();
        let mut most = 0;
        for round in 0..1000 {
            let mut marks = AtomMarks::new(t.slots() + 1000);
            for (i, _) in &kept {
                marks.atom(*i);
            }
            for k in 0..1000 {
                let name = format!("{filler}{round:05}{k:05}");
                let i = t.intern_volatile(&name);
                if k % 100 == 0 {
                    marks.atom(i);
                    kept.push((i, name));
                }
            }
            t.sweep(&marks);
            most = most.max(t.footprint());
        }
        for (i, name) in &kept {
            assert_eq!(t.name(*i), name);
            assert_eq!(t.lookup(name), Some(*i));
        }
        let live: usize = kept.iter().map(|(_, n)| atom_bytes(n)).sum();
        assert!(
            most < 4 * live + (4 << 20),
            "{most} bytes at most for {live} live"
        );
        assert!(
            t.bytes() >= t.footprint() / 2,
            "{} {}",
            t.bytes(),
            t.footprint()
        );
    }

    #[test]
    fn the_index_finds_every_live_name_as_it_grows_and_shrinks() {
        let mut t = AtomTable::new();
        let mut live: Vec<(u32, String)> = Vec::new();
        for round in 0..20u32 {
            for k in 0..5000u32 {
                let name = format!("{}", k.wrapping_mul(2654435761) ^ round);
                let i = t.intern_volatile(&name);
                live.push((i, name));
            }
            let mut marks = AtomMarks::new(t.slots());
            live.retain(|(i, n)| {
                n.len() % 3 != 0 && {
                    marks.atom(*i);
                    true
                }
            });
            t.sweep(&marks);
            assert_eq!(t.len(), PREDEFINED.len() + live.len());
            for (i, name) in &live {
                assert_eq!(t.lookup(name), Some(*i), "{name}");
            }
        }
    }
}
