//! The bit masks of a short list, one bit per slot: for its first argument and for each of its
//! other key columns, the slots that hold each key. A call that two or more clauses of a short
//! list may match by their first argument is narrowed by the other columns with one lookup and
//! one `and` per column the call binds (`ClauseList::narrow_short`), instead of a pass over the
//! slots per column.
//!
//! With the first-argument masks goes, per first key, whether the other columns can narrow
//! such a call at all. A column in which every candidate of that key has one and the same key
//! can only make the call fail outright, which head unification finds as surely: the candidates
//! by the first argument then stand as they are, and the call skips the narrowing (`match/2` of
//! a pattern matcher, whose list clauses all take a list second argument). The answer of a
//! call never depends on it, and neither does whether a call that succeeds leaves a
//! choicepoint: a narrowing that can only fail decides no success.
//!
//! Made with the columns, when a call first needs them, and forgotten with them at every change
//! to the list's clauses (`update.rs`).

use super::{ClauseList, Column, DEAD, INDEX_THRESHOLD};
use crate::instr::Instr;

/// For one column of a short list: each key other than a variable that occurs in it, with the
/// slots that hold exactly that key, as bits. Lists are short and their keys few, so a look-up
/// is a walk over a handful of words.
#[derive(Debug, Default)]
pub(super) struct KeyMasks(Box<[(u64, u64)]>);

impl KeyMasks {
    /// The masks of the key codes `codes`, slot by slot; variables (0) and empty slots
    /// ([`DEAD`]) are left out.
    pub(super) fn build(codes: impl IntoIterator<Item = u64>) -> KeyMasks {
        let mut keys: Vec<(u64, u64)> = Vec::new();
        for (i, code) in codes.into_iter().enumerate().take(u64::BITS as usize) {
            if code == 0 || code == DEAD {
                continue;
            }
            match keys.iter_mut().find(|(c, _)| *c == code) {
                Some((_, mask)) => *mask |= 1 << i,
                None => keys.push((code, 1 << i)),
            }
        }
        KeyMasks(keys.into_boxed_slice())
    }

    /// The slots that hold key code `k` (not 0), as bits: none when no slot does.
    #[inline(always)]
    pub(super) fn get(&self, k: u64) -> u64 {
        for &(code, mask) in self.0.iter() {
            if code == k {
                return mask;
            }
        }
        0
    }
}

/// The candidates of a call by its first argument in a short list, and whether the other
/// columns can narrow them.
#[derive(Clone, Copy, Debug)]
struct FirstEntry {
    /// The candidate slots, as bits.
    mask: u64,
    /// Whether some column beyond the first argument can leave fewer of them than all but
    /// none.
    narrows: bool,
}

/// The first-argument masks of a short list.
#[derive(Debug)]
pub(super) struct FirstMasks {
    /// Per first-argument key that occurs: its candidates (the slots of that key or a
    /// variable).
    keyed: Box<[(u64, FirstEntry)]>,
    /// The candidates of a call whose key no clause has: the slots of a variable.
    other: FirstEntry,
    /// The candidates of a call with a variable first argument: every slot with a clause.
    all: FirstEntry,
    /// Whether the columns can narrow the candidates of every key: a call then looks up
    /// nothing to know it.
    every: bool,
}

impl FirstMasks {
    /// The candidates of a call with first-argument key code `k`.
    #[inline(always)]
    fn entry(&self, k: u64) -> FirstEntry {
        if k == 0 {
            return self.all;
        }
        for &(code, entry) in self.keyed.iter() {
            if code == k {
                return entry;
            }
        }
        self.other
    }
}

/// Whether `column` can narrow the candidates `mask`: some candidate has a variable there (a
/// call with another key keeps only those), or two have different keys.
pub(super) fn column_narrows(column: &Column, mask: u64) -> bool {
    let mut seen = None;
    let mut rest = mask;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let code = column.codes.get(i).copied().unwrap_or(0);
        if code == 0 || seen.is_some_and(|s| s != code) {
            return true;
        }
        seen = Some(code);
    }
    false
}

impl ClauseList {
    /// The slots of a short list whose first-argument key may match key code `k`, as bits.
    #[inline]
    /// `area` is the code area the columns are built from if no call has built them.
    pub(super) fn first_mask(&self, k: u64, area: &[Instr]) -> u64 {
        self.first_masks(area).entry(k).mask
    }

    /// Whether the columns beyond the first argument can narrow a call with first-argument
    /// key code `k` that found two candidates by it: always for a long list, and for a short
    /// one unless every column holds one key across those candidates (see the module's
    /// account). Builds the columns when no call has, from the code area `area`
    /// (`Program::code`: see `Clause::cells`).
    #[inline]
    pub fn narrows_first(&self, k: u64, area: &[Instr]) -> bool {
        if self.clauses.end() >= INDEX_THRESHOLD {
            return true;
        }
        let masks = self.first_masks(area);
        masks.every || masks.entry(k).narrows
    }

    /// The first-argument masks of this snapshot, made when first asked for.
    #[inline(always)]
    fn first_masks(&self, area: &[Instr]) -> &FirstMasks {
        self.first_masks
            .get_or_init(|| self.build_first_masks(area))
    }

    /// The first-argument masks of this snapshot.
    fn build_first_masks(&self, area: &[Instr]) -> FirstMasks {
        let columns = self.columns.get_or_init(|| self.build_columns(area));
        let keys = &self.clauses.keys;
        let bits = |keep: &dyn Fn(u64) -> bool| {
            keys.iter()
                .take(u64::BITS as usize)
                .enumerate()
                .filter(|&(_, &(code, _))| keep(code))
                .fold(0u64, |m, (i, _)| m | 1 << i)
        };
        let entry = |mask: u64| FirstEntry {
            mask,
            narrows: columns.iter().any(|c| column_narrows(c, mask)),
        };
        let vars = bits(&|code| code == 0);
        let keyed = KeyMasks::build(keys.iter().map(|&(code, _)| code));
        let keyed: Box<[(u64, FirstEntry)]> = keyed
            .0
            .iter()
            .map(|&(code, mask)| (code, entry(mask | vars)))
            .collect();
        let (other, all) = (entry(vars), entry(bits(&|code| code != DEAD)));
        // Only a call with two candidates or more asks.
        let asks = |e: &FirstEntry| e.mask.count_ones() < 2 || e.narrows;
        let every = asks(&other) && asks(&all) && keyed.iter().all(|(_, e)| asks(e));
        FirstMasks {
            keyed,
            other,
            all,
            every,
        }
    }
}
