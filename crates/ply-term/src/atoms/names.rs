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

    /// The span of a name `name` put at `off`.
    fn span(&mut self, atom: u32, off: usize, name: &str) -> u64 {
        let len = name.len() as u64;
        if len >= HUGE {
            self.huge.insert(atom, name.len());
            ((off as u64) << LEN_BITS) | HUGE
        } else {
            ((off as u64) << LEN_BITS) | len
        }
    }

    /// Give atom `atom` (an existing span, or the next new one) the name `name`.
    pub(super) fn set(&mut self, atom: u32, name: &str) {
        let off = self.text.len();
        self.text.push_str(name);
        let span = self.span(atom, off, name);
        match self.spans.get_mut(atom as usize) {
            Some(s) => *s = span,
            None => {
                debug_assert_eq!(atom as usize, self.spans.len());
                self.spans.push(span);
            }
        }
    }

    /// The name of atom `atom`.
    #[inline]
    pub(super) fn get(&self, atom: u32) -> &str {
        let s = self.spans[atom as usize];
        let off = (s >> LEN_BITS) as usize;
        let len = match s & HUGE {
            HUGE => self.huge[&atom],
            len => len as usize,
        };
        &self.text[off..off + len]
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
