//! The atoms' names: their text end to end in one growing buffer, each atom's place in it one
//! packed word, and the text of freed names given back by compacting the buffer.
//!
//! A name is read by its atom's number only, through a borrow of the table, so the buffer may
//! grow (by reallocation) and be compacted (when a collection frees more text than is left):
//! no reference to a name outlives a change. A freed name leaves a hole in the buffer until the
//! next compaction, which copies the live names into a fresh buffer and frees the old one, so
//! a long run that makes and drops names (md5 digests, `atom_concat/3` loops) keeps its text
//! within about twice what is live.

use super::super::fast_hash::FastMap;

/// Bits of a span that hold the name's length; the rest hold its offset in the buffer.
const LEN_BITS: u32 = 24;
/// The length field of a name too long for it: its length is in [`Names::huge`].
const HUGE: u64 = (1 << LEN_BITS) - 1;
/// Dead text below which no compaction is worth its copy.
const COMPACT_MIN: usize = 1 << 20;

/// The text of every atom's name.
#[derive(Default)]
pub(super) struct Names {
    /// The names, end to end (with the holes freed names left).
    text: String,
    /// Per atom: the name's offset in `text` shifted up by [`LEN_BITS`], or'ed with its length
    /// (or [`HUGE`]). A freed atom's span is 0, the empty name.
    spans: Vec<u64>,
    /// The length of each name of [`HUGE`] bytes or more, by atom.
    huge: FastMap<u32, usize>,
    /// Bytes of `text` that freed names left.
    dead: usize,
}

impl Names {
    /// Room for `n` atoms before the spans grow.
    pub(super) fn with_capacity(n: usize) -> Names {
        Names {
            text: String::with_capacity(n * 8),
            spans: Vec::with_capacity(n),
            ..Names::default()
        }
    }

    /// How many atoms have a span (freed ones included).
    #[inline]
    pub(super) fn slots(&self) -> usize {
        self.spans.len()
    }

    /// Put `name` at the end of the buffer; its offset there, for [`Names::place`].
    #[inline]
    pub(super) fn append(&mut self, name: &str) -> usize {
        let off = self.text.len();
        self.text.push_str(name);
        off
    }

    /// Put bytes `range` of atom `atom`'s name (on character boundaries) at the end of the
    /// buffer; their offset there, for [`Names::place`].
    #[inline]
    pub(super) fn append_part(&mut self, atom: u32, range: std::ops::Range<usize>) -> usize {
        let (start, len) = self.start_len(atom);
        debug_assert!(range.end <= len);
        let off = self.text.len();
        self.text
            .extend_from_within(start + range.start..start + range.end);
        off
    }

    /// Give atom `atom` (an existing index, or the next new one) the name of `len` bytes at
    /// offset `off` of the buffer, put there by [`Names::append`] or [`Names::append_part`].
    pub(super) fn place(&mut self, atom: u32, off: usize, len: usize) {
        let span = if len as u64 >= HUGE {
            self.huge.insert(atom, len);
            ((off as u64) << LEN_BITS) | HUGE
        } else {
            ((off as u64) << LEN_BITS) | len as u64
        };
        match self.spans.get_mut(atom as usize) {
            Some(s) => *s = span,
            None => {
                debug_assert_eq!(atom as usize, self.spans.len());
                self.spans.push(span);
            }
        }
    }

    /// Where atom `atom`'s name starts in the buffer, and its length.
    #[inline]
    fn start_len(&self, atom: u32) -> (usize, usize) {
        let s = self.spans[atom as usize];
        let len = s & HUGE;
        let len = if len == HUGE {
            self.huge_len(atom)
        } else {
            len as usize
        };
        ((s >> LEN_BITS) as usize, len)
    }

    #[cold]
    #[inline(never)]
    fn huge_len(&self, atom: u32) -> usize {
        self.huge[&atom]
    }

    /// The name of atom `atom`.
    #[inline]
    pub(super) fn get(&self, atom: u32) -> &str {
        let (off, len) = self.start_len(atom);
        debug_assert!(self.text.is_char_boundary(off) && self.text.is_char_boundary(off + len));
        // SAFETY: every span lies in the buffer and on character boundaries: `place` records
        // what `append` and `append_part` put there (a whole `str`, or a part of a name cut
        // on its boundaries), and `compact_if_worth_it` moves whole names.
        unsafe { self.text.get_unchecked(off..off + len) }
    }

    /// Free atom `atom`'s name: its text is dead until the next [`Names::compact`].
    pub(super) fn free(&mut self, atom: u32) {
        self.dead += self.get(atom).len();
        self.huge.remove(&atom);
        self.spans[atom as usize] = 0;
    }

    /// The bytes the names take: the buffer (live and dead text), the spans, and the lengths
    /// of huge names.
    pub(super) fn bytes(&self) -> usize {
        self.text.len() + self.spans.len() * 8 + self.huge.len() * 16
    }

    /// Copy the live names into a fresh buffer if freed ones left more text than there is
    /// live (and enough to be worth it); the old buffer goes back to the allocator.
    pub(super) fn compact_if_worth_it(&mut self) {
        let live = self.text.len() - self.dead;
        if self.dead < COMPACT_MIN || self.dead < live {
            return;
        }
        let mut text = String::with_capacity(live + live / 4);
        for atom in 0..self.spans.len() as u32 {
            if self.spans[atom as usize] == 0 {
                continue;
            }
            let name = self.get(atom);
            let off = text.len();
            text.push_str(name);
            let len = self.spans[atom as usize] & HUGE;
            self.spans[atom as usize] = ((off as u64) << LEN_BITS) | len;
        }
        self.text = text;
        self.dead = 0;
    }

    /// The bytes of the buffer, dead text included, and of dead text alone.
    #[cfg(test)]
    pub(super) fn text_bytes(&self) -> (usize, usize) {
        (self.text.len(), self.dead)
    }
}
