//! The first-argument selections of earlier calls, remembered in the form a call enters with:
//! for a list of at most [`PICK_SLOTS`] slots, the candidates of a first-argument key as the
//! bits of their slots, the code address of the first, the position of the second, and which
//! columns beyond the first argument could still narrow them. A call whose key has a pick that
//! no column could narrow is entered from these few words: no scan of the key array, no hash
//! table, no column looked at, and a choicepoint whose candidates are a plain word
//! ([`Cands::Mask`]), which a retry reads without a search and which knows its last candidate
//! exactly.
//!
//! A pick is the answer of the snapshot and of the first key alone: the slots a scan of the
//! first argument would find, exactly ([`ClauseList::scan_two`] and the hash table find the
//! same). The columns it names are those in which the candidates do not all share one key (see
//! `masks.rs` for why a column in which they do may be left untested); a call whose pick names some
//! goes on to the narrowing of `index.rs`, from the pick's candidates.
//! Picks have places chosen by the key, so that a predicate called with a handful of keys in
//! turn (a meta-interpreter over `,`, `;`, `!` and the goals it runs) finds each of them again.
//! Like every answer remembered for calls, they are forgotten at every change to the list
//! (`forget_answers`), and a copy of the list starts without them. A fast path: the dispatcher
//! asks for picks only with the fast paths on.

use std::cell::Cell;

use super::masks::column_narrows;
use super::{live_match, Cands, ClauseList, DEAD};
use crate::instr::Instr;

/// Lists of at most this many slots remember picks: their candidates fit in a word's bits.
pub const PICK_SLOTS: usize = u64::BITS as usize;

/// How many places for picks a list has, each chosen by the keys it holds the picks of.
const PICK_PLACES: usize = 8;

/// How many picks one place holds: two keys that share a place (a derivative's `*` and `x`)
/// do not then push each other out at every turn.
const PICK_WAYS: usize = 2;

/// In a [`Pick`], the position of no second candidate.
const NO_NEXT: u32 = u32::MAX;

/// In a [`Pick`], the position of the second candidate of a call that no clause may match:
/// kept in the same word, so that the commonest pick, of one candidate, is told by one test.
const FAILS: u32 = u32::MAX - 1;

/// Where [`Pick::narrow`] keeps the argument positions of its columns.
const ARGS_AT: u32 = 16;

/// In [`Pick::narrow`], a column that is not an argument of the call (or beyond the bits kept
/// for columns) could narrow the candidates.
const DEEP_NARROWS: u32 = 1 << 31;

/// The candidates of a call by its first-argument key, as a call enters with them.
#[derive(Clone, Copy, Debug)]
pub struct Pick {
    /// The key code it is for ([`DEAD`], no call's key, in an empty place).
    key: u64,
    /// The slots of the candidates, as bits: 0 when no clause may match.
    pub mask: u64,
    /// The code address of the first candidate (unused when `mask` is 0).
    pub start: usize,
    /// The position of the second candidate, [`NO_NEXT`] when there is one candidate, or
    /// [`FAILS`] when there is none.
    next: u32,
    /// The columns (indices into the list's columns) that could narrow the candidates, as
    /// bits below [`ARGS_AT`]: none when there is one candidate. Above them, in the same word
    /// (a pick is copied at every call, and four more bytes would make it five words), the
    /// argument positions of those columns when all of them are arguments of the call, or
    /// [`DEEP_NARROWS`] when some is an argument of its first argument: a call that leaves
    /// every such argument unbound tests no column, so its narrowing would leave the
    /// candidates as they are ([`Pick::may_narrow`]).
    pub narrow: u32,
}

impl Pick {
    /// Whether there is exactly one candidate, at [`Pick::start`].
    #[inline(always)]
    pub fn one(&self) -> bool {
        self.next == NO_NEXT
    }

    /// Whether no clause may match.
    #[inline(always)]
    pub fn fails(&self) -> bool {
        self.next == FAILS
    }

    /// The position of the second candidate, if there is one.
    #[inline(always)]
    pub fn next(&self) -> Option<usize> {
        (self.next < FAILS).then_some(self.next as usize)
    }

    /// Whether a call whose argument registers are `x` could be narrowed from this pick's
    /// candidates: false when every column that could narrow them is an argument the call
    /// leaves unbound (an output argument, as in `d(U*V, X, DU*V+U*DV)` called with its third
    /// unbound), which no column tests.
    #[inline(always)]
    pub fn may_narrow(&self, x: &[ply_term::Cell], heap: &ply_term::heap::Heap) -> bool {
        self.tail().may_narrow(x, heap)
    }

    /// Which positions a call with this pick may try.
    #[inline(always)]
    pub fn cands(&self) -> Cands {
        Cands::Mask(self.mask)
    }

    /// Whether some column that could narrow the candidates is inside the first argument
    /// ([`DEEP_NARROWS`]), so that every call of the pick is narrowed.
    #[inline(always)]
    pub fn narrows_deep(&self) -> bool {
        self.narrow & DEEP_NARROWS != 0
    }

    /// The pick's second candidate and narrowing columns, side by side in one word.
    #[inline(always)]
    pub fn tail(&self) -> PickTail {
        PickTail(self.next as u64 | (self.narrow as u64) << 32)
    }
}

/// The last word of a [`Pick`]: the position of its second candidate and its narrowing
/// columns. One word, so that a call handing a pick on passes it in a register with the
/// pick's other words and the call's own, all of them in the registers a call has.
#[derive(Clone, Copy, Debug)]
pub struct PickTail(u64);

impl PickTail {
    /// [`Pick::next`].
    #[inline(always)]
    pub fn next(self) -> Option<usize> {
        let next = self.0 as u32;
        (next < FAILS).then_some(next as usize)
    }

    /// [`Pick::may_narrow`].
    #[inline(always)]
    pub fn may_narrow(self, x: &[ply_term::Cell], heap: &ply_term::heap::Heap) -> bool {
        let narrow = (self.0 >> 32) as u32;
        if narrow == 0 {
            return false;
        }
        if narrow & DEEP_NARROWS != 0 {
            return true;
        }
        let mut args = (narrow >> ARGS_AT) as u8;
        while args != 0 {
            let i = args.trailing_zeros() as usize;
            args &= args - 1;
            if heap.deref(x[i]).tag() != ply_term::Tag::Ref {
                return true;
            }
        }
        false
    }
}

/// The picks of one snapshot, each in the place of its key, the newer first.
#[derive(Debug)]
pub(super) struct Picks([[Cell<Pick>; PICK_WAYS]; PICK_PLACES]);

impl Default for Picks {
    /// No pick: every place holds the key [`DEAD`].
    fn default() -> Picks {
        let none = Pick {
            key: DEAD,
            mask: 0,
            start: 0,
            next: NO_NEXT,
            narrow: 0,
        };
        Picks(std::array::from_fn(|_| {
            std::array::from_fn(|_| Cell::new(none))
        }))
    }
}

/// The place of key code `k` among [`PICK_PLACES`].
#[inline(always)]
fn place(k: u64) -> usize {
    super::memo::spread(k, PICK_PLACES)
}

impl ClauseList {
    /// The pick remembered for first-argument key code `k`: the newer of its place, the one
    /// test of the commonest call, or else the older. Two keys a program alternates between
    /// may share a place (which ones do depends on the numbers their atoms got): both are then
    /// found here rather than each sending the other's calls the long way round.
    #[inline(always)]
    pub fn picked(&self, k: u64) -> Option<Pick> {
        let ways = &self.memo.2 .0[place(k)];
        // The way is chosen by index, not by branch, so that the pick's words are read from
        // one address: chosen by branch, each word's address was worked out for either way.
        let way = (ways[0].get().key != k) as usize;
        let pick = ways[way].get();
        (pick.key == k).then_some(pick)
    }

    /// The pick of key code `k`, made the newer of its place: the older when it is `k`'s, else
    /// worked out and remembered. `None` for a list of more than [`PICK_SLOTS`] slots. Builds
    /// the columns when the key finds two candidates, as the narrowing of such a call would.
    /// `area` is the code area (`Program::code`) the columns are built from.
    #[inline(never)]
    pub fn pick(&self, k: u64, area: &[Instr]) -> Option<Pick> {
        let [newer, older] = &self.memo.2 .0[place(k)];
        if newer.get().key == k {
            return Some(newer.get());
        }
        if older.get().key == k {
            newer.swap(older);
            return Some(newer.get());
        }
        let keys = &self.clauses.keys;
        if keys.len() > PICK_SLOTS {
            return None;
        }
        let mut mask = 0u64;
        match self.table_for(k) {
            // A long list's table lists the live slots of the key and of variables.
            Some(bucket) => {
                for &i in bucket.iter() {
                    mask |= 1 << i;
                }
            }
            None => {
                for (i, &(code, _)) in keys.iter().enumerate().skip(self.clauses.head()) {
                    if live_match(code, k) {
                        mask |= 1 << i;
                    }
                }
            }
        }
        let start = if mask == 0 {
            0
        } else {
            keys[mask.trailing_zeros() as usize].1
        };
        let rest = mask & mask.wrapping_sub(1);
        let mut narrow = 0u32;
        if rest != 0 {
            let columns = self.columns.get_or_init(|| self.build_columns(area));
            for (i, col) in columns.iter().enumerate() {
                if column_narrows(col, mask) {
                    if i < ARGS_AT as usize && col.id < super::DEEP && col.id < u8::BITS as u8 {
                        narrow |= 1 << i | 1 << (ARGS_AT + u32::from(col.id));
                    } else {
                        narrow |= DEEP_NARROWS;
                    }
                }
            }
        }
        let pick = Pick {
            key: k,
            mask,
            start,
            next: match (mask, rest) {
                (0, _) => FAILS,
                (_, 0) => NO_NEXT,
                _ => rest.trailing_zeros(),
            },
            narrow,
        };
        older.set(newer.get());
        newer.set(pick);
        Some(pick)
    }

    /// The hash table's list of the slots a call with key code `k` may try, when the call does
    /// not scan and the list has a table.
    #[inline]
    fn table_for(&self, k: u64) -> Option<&[u32]> {
        if self.scans(k) {
            return None;
        }
        self.first_buckets().map(|b| b.get(k))
    }
}
