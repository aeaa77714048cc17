//! [`Cell`]: the tagged machine word that every term on the heap is made of.
//!
//! The low three bits are the tag, the rest the payload. Unbound variables are references to
//! themselves, as in the WAM. Floats, big integers and strings are boxed: a `Box` cell points at a
//! header cell followed by raw payload words that no term walk may interpret as cells. This module
//! only encodes and decodes words; it must never allocate or look at the heap.

/// One tagged word.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(transparent)]
pub struct Cell(pub u64);

/// The tag of a cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tag {
    /// A reference to a heap cell; an unbound variable refers to itself.
    Ref,
    /// An atom, by its index in the atom table.
    Atom,
    /// A small integer (61 bits, signed).
    Int,
    /// A compound term: the address of its functor cell.
    Str,
    /// A list pair: the address of its head; the tail follows it.
    List,
    /// The functor of a compound: atom index and arity.
    Functor,
    /// A boxed value (float, bigint, string): the address of its header.
    Boxed,
    /// The header of a boxed value: its kind and how many raw words follow.
    Header,
}

const TAG_BITS: u64 = 3;
const TAG_MASK: u64 = 7;

/// The kind of a boxed value, stored in its header.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoxKind {
    /// An IEEE double in one raw word.
    Float,
    /// A big integer: a sign word followed by little-endian 64-bit magnitude digits.
    BigInt,
    /// A string: a byte-length word followed by UTF-8 bytes packed into words.
    Str,
}

/// The smallest integer held unboxed.
pub const SMALL_MIN: i64 = -(1 << 60);
/// The largest integer held unboxed.
pub const SMALL_MAX: i64 = (1 << 60) - 1;

impl Cell {
    #[inline]
    fn make(tag: u64, payload: u64) -> Cell {
        Cell((payload << TAG_BITS) | tag)
    }

    /// A reference to heap address `addr`.
    #[inline]
    pub fn reference(addr: usize) -> Cell {
        Cell::make(0, addr as u64)
    }
    /// The atom with index `a`.
    #[inline]
    pub fn atom(a: u32) -> Cell {
        Cell::make(1, a as u64)
    }
    /// A small integer; the caller checks the range with [`Cell::fits_small`].
    #[inline]
    pub fn int(i: i64) -> Cell {
        Cell(((i as u64) << TAG_BITS) | 2)
    }
    /// True when `i` can be held unboxed.
    #[inline]
    pub fn fits_small(i: i64) -> bool {
        (SMALL_MIN..=SMALL_MAX).contains(&i)
    }
    /// A compound whose functor cell is at `addr`.
    #[inline]
    pub fn structure(addr: usize) -> Cell {
        Cell::make(3, addr as u64)
    }
    /// A list pair whose head is at `addr`.
    #[inline]
    pub fn list(addr: usize) -> Cell {
        Cell::make(4, addr as u64)
    }
    /// The functor `name/arity`.
    #[inline]
    pub fn functor(name: u32, arity: usize) -> Cell {
        Cell::make(5, ((name as u64) << 24) | arity as u64)
    }
    /// A boxed value whose header is at `addr`.
    #[inline]
    pub fn boxed(addr: usize) -> Cell {
        Cell::make(6, addr as u64)
    }
    /// A box header of `kind` followed by `words` raw words.
    #[inline]
    pub fn header(kind: BoxKind, words: usize) -> Cell {
        let k = match kind {
            BoxKind::Float => 0,
            BoxKind::BigInt => 1,
            BoxKind::Str => 2,
        };
        Cell::make(7, ((words as u64) << 2) | k)
    }

    /// The tag.
    #[inline]
    pub fn tag(self) -> Tag {
        match self.0 & TAG_MASK {
            0 => Tag::Ref,
            1 => Tag::Atom,
            2 => Tag::Int,
            3 => Tag::Str,
            4 => Tag::List,
            5 => Tag::Functor,
            6 => Tag::Boxed,
            _ => Tag::Header,
        }
    }
    /// The payload as an address or index.
    #[inline]
    pub fn addr(self) -> usize {
        (self.0 >> TAG_BITS) as usize
    }
    /// The atom index of an atom cell.
    #[inline]
    pub fn atom_index(self) -> u32 {
        (self.0 >> TAG_BITS) as u32
    }
    /// The value of a small-integer cell.
    #[inline]
    pub fn int_value(self) -> i64 {
        (self.0 as i64) >> TAG_BITS
    }
    /// The name of a functor cell.
    #[inline]
    pub fn functor_name(self) -> u32 {
        (self.0 >> (TAG_BITS + 24)) as u32
    }
    /// The arity of a functor cell.
    #[inline]
    pub fn functor_arity(self) -> usize {
        ((self.0 >> TAG_BITS) & 0xff_ffff) as usize
    }
    /// The kind of a header cell.
    #[inline]
    pub fn header_kind(self) -> BoxKind {
        match (self.0 >> TAG_BITS) & 3 {
            0 => BoxKind::Float,
            1 => BoxKind::BigInt,
            _ => BoxKind::Str,
        }
    }
    /// How many raw words follow a header cell.
    #[inline]
    pub fn header_words(self) -> usize {
        (self.0 >> (TAG_BITS + 2)) as usize
    }
    /// True for atoms and small integers, which are their own value.
    #[inline]
    pub fn is_immediate(self) -> bool {
        matches!(self.tag(), Tag::Atom | Tag::Int)
    }
}

/// How many of a boxed value's raw words [`boxed_key_code`] reads: a long string's key comes
/// from its length and its first words, so a call's key costs no more than a short one's.
const KEY_WORDS: usize = 16;

/// The clause-index key code of the boxed value (float, big integer or string) whose header is
/// `cells[addr]`: a hash of the header and of the first raw words, tagged as a boxed cell so
/// that it differs from every atom, integer and functor key, from a variable's 0, and from the
/// all-ones word. Two boxed values that unify have the same raw words (floats are compared bit
/// for bit, so `0.0` and `-0.0` differ, as in unification), hence the same code; two that
/// differ may share one, which only keeps a clause a candidate that unification then rejects.
pub fn boxed_key_code(cells: &[Cell], addr: usize) -> u64 {
    let header = cells[addr];
    let n = header.header_words().min(KEY_WORDS);
    let mut h = header.0.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    for w in &cells[addr + 1..addr + 1 + n] {
        h = (h.rotate_left(23) ^ w.0).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    ((h ^ (h >> 31)) << TAG_BITS) | 6
}

/// The largest arity a compound may have.
pub const MAX_ARITY: usize = 0xff_ffff;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for i in [0i64, 1, -1, SMALL_MAX, SMALL_MIN, 12345, -98765] {
            assert_eq!(Cell::int(i).int_value(), i);
            assert_eq!(Cell::int(i).tag(), Tag::Int);
        }
        let f = Cell::functor(123_456, 7);
        assert_eq!((f.functor_name(), f.functor_arity()), (123_456, 7));
        assert_eq!(Cell::reference(99).addr(), 99);
        let h = Cell::header(BoxKind::Str, 5);
        assert_eq!((h.header_kind(), h.header_words()), (BoxKind::Str, 5));
    }
}
