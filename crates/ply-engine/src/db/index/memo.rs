//! The selections of earlier calls, remembered: what a call found by its first argument in a
//! hash table, and what the other columns narrowed that to, a few answers of each kind, each in
//! a place chosen by the call's keys. Symbolic programs call one predicate over and over with
//! the same few keys (a derivative's `d(U*V, X, DU)` and `d(x, X, DU)`, a matcher's list
//! against a list), and each such call would otherwise look its bucket up again, or make its
//! column tests and build its filter again, to reach the same answer. The tables are made for
//! a snapshot when a call first asks, so that predicates called with one clause or by scans
//! carry none.
//!
//! Both are answers of the snapshot alone and of keys the call has: the hash bucket depends on
//! the first key, and the narrowing on the first key and on the key each column would test
//! (see [`ClauseList::narrow`]). So a remembered answer is exactly the one the call would
//! compute. Like the scan memo, they are forgotten at every change to the list
//! (`forget_answers`), and a copy of the list starts without them.

use std::cell::RefCell;

use super::{CallKeys, Cands, ClauseList, Key, Narrowed};
use crate::instr::Instr;

/// How many columns a narrowing may test for its answer to be remembered; lists with more
/// columns narrow every call afresh.
const MEMO_COLUMNS: usize = 4;

/// How many answers of each kind are remembered: a call's answer has one place, chosen by its
/// keys, so that a call that finds nothing there pays a few instructions, and a predicate
/// called with a handful of keys in turn (a meta-interpreter's `interpret/2` over `,`, `;`,
/// `!`, `true` and the goals of the program it runs) finds each of them again.
const MEMO_PLACES: usize = 8;

/// The place of keys `k` in a table of [`MEMO_PLACES`].
#[inline(always)]
fn place(k: u64) -> usize {
    spread(k, MEMO_PLACES)
}

/// The place of key code `k` in a table of `places` (a power of two) places: Fibonacci hashing
/// of the key's payload, without its tag, so that keys that differ by one in their payload
/// (consecutive integers, atoms made one after the other) land in different places. Hashing
/// the whole word, whose low bits are the tag, sent integers that differ by one to the same
/// place one time in two.
#[inline(always)]
pub(super) fn spread(k: u64, places: usize) -> usize {
    ((k >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (u64::BITS - places.trailing_zeros())) as usize
}

/// What [`ClauseList::first_two`] answered for one key code.
type FirstAnswer = (u64, Option<(Cands, usize, Option<usize>)>);

/// What [`ClauseList::narrow`] answered for one first key and one set of column keys.
#[derive(Debug)]
struct NarrowAnswer {
    /// The call's first-argument key code.
    first: u64,
    /// The key each column tested, by column (0 for a column the call leaves untested).
    tests: [u64; MEMO_COLUMNS],
    /// The answer.
    narrowed: Narrowed,
}

/// The remembered answers of one snapshot, made when a call first asks.
#[derive(Default, Debug)]
pub(super) struct AnswerMemo {
    first: RefCell<Option<Box<[Option<FirstAnswer>; MEMO_PLACES]>>>,
    narrow: RefCell<Option<Box<[Option<NarrowAnswer>; MEMO_PLACES]>>>,
}

impl ClauseList {
    /// [`ClauseList::first_two`], remembered by key code.
    #[inline]
    pub fn first_two_remembered(&self, key: Key) -> Option<(Cands, usize, Option<usize>)> {
        let k = key.code();
        let at = place(k);
        let mut memo = self.memo.1.first.borrow_mut();
        let table = memo.get_or_insert_with(Default::default);
        if let Some((code, answer)) = &table[at] {
            if *code == k {
                return answer.clone();
            }
        }
        let answer = self.first_two(key);
        table[at] = Some((k, answer.clone()));
        answer
    }

    /// [`ClauseList::first_two`] for a call with first-argument key code `k` that does not
    /// scan, with the fast paths on: the answer remembered for `k`, else the hash table's. Only
    /// answers of two candidates or more, and those of a scan, are remembered: one of a single
    /// candidate found in the table costs the
    /// table's look-up alone, less than remembering it would (a long table of facts asked for
    /// one key after another), while a remembered list saves the look-up and a count on the
    /// list for the keys a symbolic program asks again and again.
    #[inline]
    pub fn first_two_hashed(&self, k: u64) -> Option<(Cands, usize, Option<usize>)> {
        let at = place(k);
        let mut memo = self.memo.1.first.borrow_mut();
        let table = memo.get_or_insert_with(Default::default);
        if let Some((code, answer)) = &table[at] {
            if *code == k {
                return answer.clone();
            }
        }
        // Without a table (its budget exceeded) the answer comes from a scan of the whole
        // list, and is always remembered.
        let (answer, scanned) = match self.first_two_in_table(k) {
            Some(answer) => (answer, false),
            None => (self.first_two(Key::from_code(k)), true),
        };
        if scanned || matches!(answer, Some((_, _, Some(_)))) {
            table[at] = Some((k, answer.clone()));
        }
        answer
    }

    /// [`ClauseList::narrow`], remembered by the call's first key and column keys. A call that
    /// binds no column it could be narrowed by keeps its first-argument selection with nothing
    /// looked up.
    #[inline]
    /// `area` is the code area, as for [`ClauseList::narrow`].
    pub fn narrow_remembered(&self, first: Key, call: impl CallKeys, area: &[Instr]) -> Narrowed {
        let columns = self.columns.get_or_init(|| self.build_columns(area));
        if columns.len() > MEMO_COLUMNS {
            return self.narrow(first, call, area);
        }
        let deep_bound = matches!(first, Key::Functor(_));
        let mut tests = [0u64; MEMO_COLUMNS];
        let mut mix = 0u64;
        for (t, col) in tests.iter_mut().zip(columns.iter()) {
            *t = col.test_key(deep_bound, &call).unwrap_or(0);
            mix = mix.rotate_left(7) ^ *t;
        }
        if mix == 0 && tests == [0; MEMO_COLUMNS] {
            // What `narrow` answers when no column tests.
            return Narrowed::Same;
        }
        let code = first.code();
        let at = place(code ^ mix);
        let mut memo = self.memo.1.narrow.borrow_mut();
        let table = memo.get_or_insert_with(Default::default);
        if let Some(a) = &table[at] {
            if a.first == code && a.tests == tests {
                return a.narrowed.clone();
            }
        }
        let narrowed = self.narrow(first, call, area);
        table[at] = Some(NarrowAnswer {
            first: code,
            tests,
            narrowed: narrowed.clone(),
        });
        narrowed
    }
}
