//! Clause selection: which clauses of one snapshot of a predicate a call may try, chosen by the
//! keys of the call's arguments, so that a call that can match one clause leaves no choicepoint.
//!
//! The first argument is served by a flat key array (scanned per call, cheaply) and, for long
//! lists, a hash table. When that leaves more than one candidate, a short list consults the
//! other argument positions and the arguments of a compound first argument (the tail of a
//! list): their key columns are computed once per snapshot, when a call first needs them. A
//! long list is narrowed by its just-in-time indexes instead (`index/jit.rs`), which are kept
//! through changes. Everything here is a cache of a snapshot that never changes once built: nothing
//! may reorder clauses or drop a clause whose head could unify with the call. Positions are slot
//! numbers of `index/clauses.rs`, which may be empty: every selection skips empty slots.

use super::{Clause, Key};
use crate::instr::Instr;
use std::cell::OnceCell;
use std::rc::Rc;

use buckets::Buckets;
pub use clauses::Clauses;
use clauses::DEAD;
use masks::KeyMasks;

/// How many argument positions, the first included, have key columns. Arguments beyond are never
/// used to select clauses.
pub const ARG_COLUMNS: usize = 8;

/// How many arguments of a compound (or list) first argument have key columns.
pub const DEEP_COLUMNS: usize = 4;

/// Column numbers at or above this one are arguments of the first argument.
const DEEP: u8 = ARG_COLUMNS as u8;

/// Column numbers at or above this one are places two or three steps inside the first
/// argument (see [`deeper_steps`]): arguments of an argument of the first argument whose
/// clauses all have the same compound there, and so on (deep indexing, recursively).
pub const DEEPER: u8 = 16;

/// The column of the place `steps` inside the first argument (two or three steps, each below
/// [`DEEP_COLUMNS`]).
fn deeper_column(steps: &[u8]) -> u8 {
    match *steps {
        [a, b] => DEEPER + a * 4 + b,
        [a, b, c] => DEEPER + 16 + a * 16 + b * 4 + c,
        _ => unreachable!("a deeper column is two or three steps"),
    }
}

/// The steps inside the first argument of column `col` (at least [`DEEPER`]), and how many.
#[inline]
pub fn deeper_steps(col: u8) -> ([u8; 3], usize) {
    let i = col - DEEPER;
    if i < 16 {
        ([i / 4, i % 4, 0], 2)
    } else {
        let j = i - 16;
        ([j / 16, j / 4 % 4, j % 4], 3)
    }
}

/// The steps inside the first argument of a column at or above [`DEEP`].
fn inner_steps(col: u8) -> Vec<u8> {
    if col >= DEEPER {
        let (s, n) = deeper_steps(col);
        s[..n].to_vec()
    } else {
        vec![col - DEEP]
    }
}

/// Lists of at least this many clauses use hash tables instead of scanning.
const INDEX_THRESHOLD: usize = 8;

/// A hash table may hold at most this many positions per clause (clauses with a variable in the
/// column are listed under every key); past it, the column is scanned instead.
const BUCKET_BUDGET: usize = 16;

/// Whether the slot with first-argument key word `slot` (which may be [`DEAD`]) holds a clause
/// that may match a call with key code `call`. A call's key is never `DEAD`, so only a call with
/// a variable there needs the extra test.
#[inline(always)]
fn live_match(slot: u64, call: u64) -> bool {
    slot == call || slot == 0 || (call == 0 && slot != DEAD)
}

/// The key codes of the call being narrowed, by index column: 0 where the call leaves a column
/// unbound or has no such column. The machine's implementation is a plain struct, so that
/// reading a key is inlined into the narrowing loops; any closure will do for tests.
pub trait CallKeys {
    /// The call's key code in column `col`.
    fn code(&self, col: u8) -> u64;
}

impl<F: Fn(u8) -> u64> CallKeys for F {
    #[inline(always)]
    fn code(&self, col: u8) -> u64 {
        self(col)
    }
}

/// One column of keys beyond the first argument, for one snapshot.
#[derive(Debug)]
struct Column {
    /// Which column: an argument position (1..[`ARG_COLUMNS`]) or [`DEEP`] plus a position in
    /// the first argument.
    id: u8,
    /// The key code of every clause in this column.
    codes: Box<[u64]>,
    /// The one key that occurs, when there is one (else 0; only the first argument's arguments
    /// keep such columns, and only where some clause has a variable): a call with that key can
    /// rule out nothing here, so it is not tested.
    only: u64,
    /// For a short list, the slots whose clause has a variable here, as bits: all a call that
    /// tests a column with one key (`only`) is compatible with.
    var_mask: u64,
    /// For a short list, the slots of each key here (empty for a long list).
    key_masks: KeyMasks,
}

impl Column {
    /// The call's key code in this column when it could rule a clause out: the column is one
    /// the call has (arguments of the first argument only when that is a compound,
    /// `deep_bound`), the call binds it, and to a key other than the one all clauses share.
    #[inline(always)]
    fn test_key(&self, deep_bound: bool, call: &impl CallKeys) -> Option<u64> {
        if self.id >= DEEP && !deep_bound {
            return None;
        }
        let k = call.code(self.id);
        (k != 0 && k != self.only).then_some(k)
    }

    /// The slots whose key in this column is compatible with the call's key code `k`, as bits;
    /// for short lists only, and for a `k` that [`Column::test_key`] gave.
    #[inline]
    fn compatible_mask(&self, k: u64) -> u64 {
        if self.only != 0 {
            // A call tests this column only with a key other than `only`.
            return self.var_mask;
        }
        self.var_mask | self.key_masks.get(k)
    }
}

/// Whether at least two different keys other than variables occur among `codes`.
fn has_two_keys(codes: impl IntoIterator<Item = u64>) -> bool {
    let mut seen = 0;
    for c in codes {
        if c != 0 {
            if seen != 0 && c != seen {
                return true;
            }
            seen = c;
        }
    }
    false
}

/// What looking beyond the first argument found.
#[derive(Clone, Debug)]
pub enum Narrowed {
    /// Nothing more to go on: keep the first-argument selection.
    Same,
    /// No clause can match.
    Fail,
    /// One clause, at this code address, may match.
    Only(usize),
    /// The candidates, the code address of the first and the position of the second.
    To(Cands, usize, usize),
}

/// The clauses of a predicate, as one snapshot.
#[derive(Default, Debug)]
pub struct ClauseList {
    /// The clauses in order, in their slots.
    pub clauses: Clauses,
    /// Whether calls use the hash index: the list is long and its clauses have at least two
    /// different first-argument keys (otherwise the index could never rule a clause out that a
    /// scan would not rule out as fast).
    indexed: bool,
    /// The first-argument hash table, built lazily for long lists.
    index: OnceCell<Option<Buckets>>,
    /// The key columns beyond the first argument that hold a key other than a variable, built
    /// when a call first finds two candidates by its first argument.
    columns: OnceCell<Rc<[Column]>>,
    /// The first-argument masks of a short list (`masks.rs`), made and forgotten with the
    /// columns.
    first_masks: OnceCell<masks::FirstMasks>,
    /// The answers of [`ClauseList::scan_two`] for the last two keys it was asked about.
    memo: ScanMemo,
    /// How calls find their candidates in this snapshot (`index/plan.rs`), once worked out:
    /// `None` for a list of no plan's shape.
    plan: OnceCell<Option<Plan>>,
    /// The just-in-time indexes on places beyond the first argument (`jit.rs`), kept through
    /// changes and copies.
    jit: jit::JitCell,
    /// Which head arguments some clause holds a key in beyond the first argument's own key
    /// (`jit.rs`), kept through changes and copies: a call that binds none of them is not
    /// looked at by the just-in-time indexes.
    keyed: jit::KeyedArgs,
    /// Whether some clause of the list has ever opened with tests a call may try before its
    /// choicepoint (`Instr::TestAlt`): decided when clauses are compiled and added, so that a
    /// call of any other predicate never looks (`enter.rs`). It stays set when that clause is
    /// removed: a call then looks and finds none, which is only slower.
    defers: bool,
}

/// What [`ClauseList::scan_two`] answered for the last two key codes it was asked about, the
/// newer first. A predicate's calls mostly repeat one of the keys of the calls before (the
/// list and the `[]` in `append/3`, the position in a game search), and the answer then costs
/// a few loads instead of a scan. Every change to the list forgets it (see `update.rs`); a
/// copy starts without it.
///
/// It also holds the answers of the hash table and of the narrowing (`memo.rs`) and the picks
/// of a short list (`picks.rs`), so that one [`ScanMemo::forget`] forgets every answer
/// remembered for calls.
#[derive(Debug)]
struct ScanMemo(
    [std::cell::Cell<(u64, usize, usize)>; 2],
    memo::AnswerMemo,
    picks::Picks,
);

/// In a [`ScanMemo`], the position of no clause: no first match, or no second.
const NO_SLOT: usize = usize::MAX;

impl Default for ScanMemo {
    /// No answer: [`DEAD`] is no call's key code.
    fn default() -> ScanMemo {
        let none = (DEAD, NO_SLOT, NO_SLOT);
        ScanMemo(
            [std::cell::Cell::new(none), std::cell::Cell::new(none)],
            memo::AnswerMemo::default(),
            picks::Picks::default(),
        )
    }
}

impl ScanMemo {
    /// Forget both answers.
    pub(super) fn forget(&mut self) {
        *self = ScanMemo::default();
    }
}

impl Clone for ClauseList {
    /// A copy of the clauses; the caches are left to be rebuilt, since a copy is made only to be
    /// changed.
    fn clone(&self) -> ClauseList {
        ClauseList {
            clauses: self.clauses.clone(),
            indexed: self.indexed,
            index: OnceCell::new(),
            columns: OnceCell::new(),
            first_masks: OnceCell::new(),
            memo: ScanMemo::default(),
            plan: OnceCell::new(),
            jit: std::cell::RefCell::new(self.jit.borrow().clone()),
            keyed: self.keyed.clone(),
            defers: self.defers,
        }
    }
}

impl ClauseList {
    /// Whether a call should look for a first clause of tests to try before its choicepoint
    /// (see [`ClauseList::note_defers`]).
    #[inline(always)]
    pub fn defers(&self) -> bool {
        self.defers
    }

    /// Note that a clause of the list opens with tests a call may try before its choicepoint.
    pub fn note_defers(&mut self) {
        self.defers = true;
    }

    /// A list of `clauses`, in that order; `area` is the code area (`Program::code`) their
    /// keys are read from (`Clause::cells`).
    pub fn from_clauses(
        clauses: impl IntoIterator<Item = Rc<Clause>>,
        area: &[Instr],
    ) -> ClauseList {
        let clauses = Clauses::from_clauses(clauses, area);
        let indexed =
            clauses.len() >= INDEX_THRESHOLD && has_two_keys(clauses.keys.iter().map(|&(k, _)| k));
        ClauseList {
            clauses,
            indexed,
            ..ClauseList::default()
        }
    }

    /// For a call that does not scan (see [`ClauseList::scans`]): its candidates by the
    /// first-argument key `key`, the code address of the first, and the position of the
    /// second; `None` when no clause may match.
    #[inline(never)]
    pub fn first_two(&self, key: Key) -> Option<(Cands, usize, Option<usize>)> {
        let cands = self.candidates(key);
        let first = self.next_candidate(&cands, 0)?;
        let start = self.start_at(&cands, first);
        let next = self.next_candidate(&cands, first + 1);
        Some((cands, start, next))
    }

    /// [`ClauseList::first_two`] for a call with first-argument key code `k` that does not
    /// scan, when a table exists: straight from the hash table, whose lists hold live slots
    /// only, so that the first two candidates are its first two entries. A key with one clause,
    /// the commonest in a long table of facts, keeps no list for a choicepoint and takes no
    /// count on it. `None` when there is no table (its budget exceeded).
    #[inline]
    fn first_two_in_table(&self, k: u64) -> Option<Option<(Cands, usize, Option<usize>)>> {
        let table = self.first_buckets()?;
        let bucket = table.get(k);
        let Some(&first) = bucket.first() else {
            return Some(None);
        };
        let start = self.clauses.keys[first as usize].1;
        if bucket.len() == 1 {
            return Some(Some((Cands::Scan(k), start, None)));
        }
        Some(Some((Cands::Listed(table.list(k)), start, Some(1))))
    }

    /// The candidates for a call with first-argument key `key`.
    pub fn candidates(&self, key: Key) -> Cands {
        if key == Key::Any || !self.indexed {
            return Cands::Scan(key.code());
        }
        match self.first_buckets() {
            Some(b) => Cands::Listed(b.list(key.code())),
            None => Cands::Scan(key.code()),
        }
    }

    fn first_buckets(&self) -> Option<&Buckets> {
        self.index
            .get_or_init(|| Buckets::build(self.clauses.keys.iter().map(|k| k.0)))
            .as_ref()
    }

    /// For a short list scanned in order: the code address of the first clause compatible with
    /// key code `k` and the next compatible position, in one pass over the key array, or the
    /// remembered answer when `k` is one of the last two keys asked about.
    #[inline]
    pub fn scan_two(&self, k: u64) -> Option<(usize, Option<usize>)> {
        let answer = |(_, start, next): (u64, usize, usize)| {
            (start != NO_SLOT).then_some((start, (next != NO_SLOT).then_some(next)))
        };
        let newer = self.memo.0[0].get();
        if newer.0 == k {
            return answer(newer);
        }
        let older = self.memo.0[1].get();
        if older.0 == k {
            return answer(older);
        }
        self.scan_two_afresh(k)
    }

    /// [`ClauseList::scan_two`] by a scan, with nothing remembered (the fast paths off).
    pub fn scan_two_plain(&self, k: u64) -> Option<(usize, Option<usize>)> {
        let found = if k == 0 {
            self.scan_two_with(|c| c != DEAD)
        } else {
            self.scan_two_with(|c| c == k || c == 0)
        };
        found.map(|(_, start, next)| (start, next))
    }

    /// [`ClauseList::scan_two`] by a scan, remembered for the next call.
    #[inline(never)]
    fn scan_two_afresh(&self, k: u64) -> Option<(usize, Option<usize>)> {
        // A plain indexed loop: the iterator chain it replaces cost a third more instructions.
        let found = if k == 0 {
            self.scan_two_with(|c| c != DEAD)
        } else {
            self.scan_two_with(|c| c == k || c == 0)
        };
        let (start, next) = found.map_or((NO_SLOT, NO_SLOT), |(_, start, next)| {
            (start, next.unwrap_or(NO_SLOT))
        });
        let older = self.memo.0[0].get();
        self.memo.0[1].set(older);
        self.memo.0[0].set((k, start, next));
        found.map(|(_, start, next)| (start, next))
    }

    /// [`ClauseList::scan_two`] with the test for one key code made once for the whole scan,
    /// so the loop compares each slot's code with constants only.
    #[inline(always)]
    fn scan_two_with(
        &self,
        matches: impl Fn(u64) -> bool,
    ) -> Option<(usize, usize, Option<usize>)> {
        let keys = &self.clauses.keys[..];
        let mut i = self.clauses.head();
        while i < keys.len() && !matches(keys[i].0) {
            i += 1;
        }
        if i == keys.len() {
            return None;
        }
        let (first, start) = (i, keys[i].1);
        i += 1;
        while i < keys.len() {
            if matches(keys[i].0) {
                return Some((first, start, Some(i)));
            }
            i += 1;
        }
        Some((first, start, None))
    }

    /// True when calls scan the key array rather than a hash index.
    #[inline]
    pub fn scans(&self, k: u64) -> bool {
        k == 0 || !self.indexed
    }

    /// Whether the list is long enough to be hashed: its calls are narrowed by the just-in-time
    /// indexes (`jit.rs`), not by the columns.
    #[inline]
    pub fn is_long(&self) -> bool {
        self.clauses.end() >= INDEX_THRESHOLD
    }

    /// False once this snapshot is known to have no column beyond the first argument that could
    /// narrow a call: the dispatcher then skips [`ClauseList::narrow`] without a call.
    #[inline]
    pub fn may_narrow(&self) -> bool {
        match self.columns.get() {
            Some(columns) => !columns.is_empty(),
            None => true,
        }
    }

    /// The one column of a short list, when that is all there is and it is an argument of the
    /// first argument with a single key beside variables (the tail of `[X]` against `[X|Xs]`):
    /// which argument, that key, and the slots with a variable there. `None` otherwise, and
    /// before a call has built the columns.
    #[inline]
    pub fn single_deep_column(&self) -> Option<(usize, u64, u64)> {
        match &**self.columns.get()? {
            [col]
                if (DEEP..DEEPER).contains(&col.id)
                    && col.only != 0
                    && self.clauses.end() < INDEX_THRESHOLD =>
            {
                Some(((col.id - DEEP) as usize, col.only, col.var_mask))
            }
            _ => None,
        }
    }

    /// [`ClauseList::narrow`] by the column of [`ClauseList::single_deep_column`], for a call
    /// whose first argument has key code `first` and whose key code in that column, `k`, is
    /// neither 0 nor the column's one key: only the clauses with a variable there are left.
    #[inline]
    pub fn narrow_to_vars(&self, first: u64, var_mask: u64) -> Narrowed {
        // Only the slots with a variable in the column are looked at: usually one.
        let keys = &self.clauses.keys;
        let mut mask = 0u64;
        let mut vars = var_mask;
        while vars != 0 {
            let i = vars.trailing_zeros() as usize;
            vars &= vars - 1;
            if keys
                .get(i)
                .is_some_and(|&(code, _)| live_match(code, first))
            {
                mask |= 1 << i;
            }
        }
        self.narrowed_to(mask)
    }

    /// [`ClauseList::narrow`] for a short list whose every column holds a single key beside
    /// variables (the heads and tails of `rule3([i,i,i|X], ...)` against `rule3([H|X], ...)`):
    /// a call that binds such a column to another key keeps only the clauses with a variable
    /// there, so the answer is the first-argument candidates with a variable in every column
    /// the call tests, found with no key table and nothing remembered, which costs more than
    /// this. `None` for any other list, and before a call has built the columns.
    #[inline]
    pub fn narrow_by_single_keys<C: CallKeys>(&self, first: Key, call: &C) -> Option<Narrowed> {
        if self.clauses.end() >= INDEX_THRESHOLD {
            return None;
        }
        let columns = self.columns.get()?;
        if columns.iter().any(|c| c.only == 0) {
            return None;
        }
        let deep_bound = matches!(first, Key::Functor(_));
        let mut vars = u64::MAX;
        let mut tested = false;
        for col in columns.iter() {
            if col.test_key(deep_bound, call).is_some() {
                // What `compatible_mask` answers for a column with one key.
                vars &= col.var_mask;
                tested = true;
            }
        }
        Some(if tested {
            self.narrow_to_vars(first.code(), vars)
        } else {
            Narrowed::Same
        })
    }

    /// Narrow a call that its first argument `first` left with two or more candidates by the
    /// other columns of a short list: `call(col)` is the call's key code in column `col` (0 when
    /// unbound or absent). Tests every bound argument whose clauses have two different keys
    /// there, and every bound argument of the first argument in which some clause has a key
    /// other than the call's. A long list is narrowed by its just-in-time indexes instead
    /// (`jit.rs`): here it keeps its first-argument selection.
    /// `area` is the code area (`Program::code`) the clauses' keys are read from when the
    /// columns are first built.
    #[inline]
    pub fn narrow(&self, first: Key, call: impl CallKeys, area: &[Instr]) -> Narrowed {
        if self.clauses.end() >= INDEX_THRESHOLD {
            return Narrowed::Same;
        }
        let columns = self.columns.get_or_init(|| self.build_columns(area));
        self.narrow_short(columns, first, call, area)
    }

    /// [`ClauseList::narrow`] for a short list, whose slots fit in the bits of a word: every
    /// column the call binds to a key that could rule a clause out takes away the slots whose
    /// key there differs. Most calls that get here (`[X]` against `[X|Xs]`) leave one clause,
    /// and a call that leaves two keeps the word itself as its candidates.
    #[inline]
    fn narrow_short(
        &self,
        columns: &[Column],
        first: Key,
        call: impl CallKeys,
        area: &[Instr],
    ) -> Narrowed {
        const { assert!(INDEX_THRESHOLD <= u64::BITS as usize) };
        let deep_bound = matches!(first, Key::Functor(_));
        // Made only when some column tests: most calls that get here bind none.
        let mut mask: Option<u64> = None;
        for col in columns {
            let Some(k) = col.test_key(deep_bound, &call) else {
                continue;
            };
            let m = mask.get_or_insert_with(|| self.first_mask(first.code(), area));
            *m &= col.compatible_mask(k);
        }
        let Some(mask) = mask else {
            return Narrowed::Same;
        };
        self.narrowed_to(mask)
    }

    /// The call narrowed to the slots of a short list in `mask`.
    #[inline]
    fn narrowed_to(&self, mask: u64) -> Narrowed {
        if mask == 0 {
            return Narrowed::Fail;
        }
        let start = self.clauses.keys[mask.trailing_zeros() as usize].1;
        match mask & (mask - 1) {
            0 => Narrowed::Only(start),
            rest => Narrowed::To(Cands::Mask(mask), start, rest.trailing_zeros() as usize),
        }
    }

    /// The key columns beyond the first argument in which some clause has a key; `area` is
    /// the code area the keys of a fact kept in its code are read back from.
    fn build_columns(&self, area: &[Instr]) -> Rc<[Column]> {
        // The keys are read off each clause's term (see `clause_term.rs`), once per column.
        let nargs = self
            .clauses
            .iter()
            .map(|c| c.keys(area).arg_columns())
            .max();
        let ndeep = self
            .clauses
            .iter()
            .map(|c| c.keys(area).deep_columns())
            .max();
        let mut ids: Vec<u8> = (1..=nargs.unwrap_or(0) as u8)
            .chain((0..ndeep.unwrap_or(0) as u8).map(|d| DEEP + d))
            .collect();
        let mut columns = Vec::new();
        let mut next = 0;
        while next < ids.len() {
            let id = ids[next];
            next += 1;
            // One code per slot; an empty slot's 0 is never looked at (its first key rules it
            // out first).
            let codes: Box<[u64]> = (0..self.clauses.end())
                .map(|s| (self.clauses.get(s)).map_or(0, |c| c.keys(area).column_code(id)))
                .collect();
            if codes.iter().all(|&c| c == 0) {
                continue;
            }
            if id >= DEEP {
                self.deeper_ids(id, &mut ids, area);
            }
            let distinct = has_two_keys(codes.iter().copied());
            if id < DEEP && !distinct {
                // An argument with one key, like the list in `append/3`'s third argument, is
                // left alone, as SWI-Prolog leaves it: testing it would rarely pay, and would
                // make calls deterministic where SWI-Prolog's toplevel shows them otherwise.
                continue;
            }
            if !distinct && codes.iter().all(|&c| c != 0) {
                // Every clause has the same key here (the tails of `линия/2`'s board lists): a
                // call can only fail on it outright, which head unification finds as fast.
                continue;
            }
            let only = match codes.iter().find(|&&c| c != 0) {
                Some(&c) if !distinct => c,
                _ => 0,
            };
            let var_mask = codes
                .iter()
                .take(u64::BITS as usize)
                .enumerate()
                .filter(|&(_, &c)| c == 0)
                .fold(0u64, |m, (i, _)| m | 1 << i);
            let key_masks = if self.clauses.end() < INDEX_THRESHOLD {
                KeyMasks::build(codes.iter().copied())
            } else {
                KeyMasks::default()
            };
            columns.push(Column {
                id,
                only,
                codes,
                var_mask,
                key_masks,
            });
        }
        // The deep columns go first: a compound first argument is what a call is most often
        // about, and its tail is what tells the clauses of a list walk apart.
        columns.sort_by_key(|c| c.id < DEEP);
        Rc::from(columns)
    }

    /// Add to `ids` the columns of the arguments of the place of column `id` (inside the first
    /// argument) when every clause has the same compound there: a call can tell such clauses
    /// apart only further in (the tail of the tail of `[_, _]` against `[X, Y, Z|Rest]`).
    fn deeper_ids(&self, id: u8, ids: &mut Vec<u8>, area: &[Instr]) {
        let steps = inner_steps(id);
        if steps.len() >= 3 {
            return;
        }
        let mut path = vec![0u8];
        path.extend_from_slice(&steps);
        let mut shared = None;
        for c in self.clauses.iter() {
            let code = c.keys(area).code_at(&path);
            if code == 0 || shared.is_some_and(|s| s != code) {
                return;
            }
            shared = Some(code);
        }
        let Some(code) = shared else {
            return;
        };
        let f = ply_term::Cell(code);
        if f.tag() != ply_term::Tag::Functor {
            return;
        }
        for i in 0..f.functor_arity().min(DEEP_COLUMNS) as u8 {
            let mut inner = steps.clone();
            inner.push(i);
            ids.push(deeper_column(&inner));
        }
    }

    /// The places inside the first argument that a short list's columns test, as the steps
    /// from the head (the first argument is step 0) and how many different keys each holds;
    /// empty before a call has needed the columns, and for a long list.
    pub fn deep_columns(&self) -> Vec<(Vec<u8>, usize)> {
        let Some(columns) = self.columns.get() else {
            return Vec::new();
        };
        columns
            .iter()
            .filter(|c| c.id >= DEEP)
            .map(|c| {
                let mut steps = vec![0u8];
                steps.extend(inner_steps(c.id));
                let mut keys: Vec<u64> = c.codes.iter().copied().filter(|&k| k != 0).collect();
                keys.sort_unstable();
                keys.dedup();
                (steps, keys.len())
            })
            .collect()
    }

    /// The slot of the first clause at or after slot `from` whose first argument may match key
    /// `key` and whose id is below `first_new` (clauses from `first_new` on were made after the
    /// scan that asks began). For `clause/2` and `retract/1`, which walk a list one clause per
    /// solution: a long list is looked up in its first-argument hash table.
    pub fn next_match(&self, key: Key, from: usize, first_new: usize) -> Option<usize> {
        let from = from.max(self.clauses.head());
        let old = |s: &usize| self.clauses.get(*s).is_some_and(|c| c.id < first_new);
        if !self.scans(key.code()) {
            if let Some(b) = self.first_buckets() {
                let bucket = b.get(key.code());
                let at = bucket.partition_point(|&s| (s as usize) < from);
                return bucket[at..].iter().map(|&s| s as usize).find(old);
            }
        }
        let k = key.code();
        let keys = &self.clauses.keys;
        (from..keys.len()).find(|s| live_match(keys[*s].0, k) && old(s))
    }
}

mod buckets;
mod cands;
mod clauses;
mod jit;
mod masks;
mod memo;
mod picks;
mod plan;
mod slot_map;
mod update;

pub use cands::Cands;
pub use jit::{CallTerms, IndexKey, Path, Selected};
pub use picks::{Pick, PickTail, PICK_SLOTS};
pub use plan::{Answer, DeepPlan, Plan};

pub use update::Renumbering;

#[cfg(test)]
mod tests;
