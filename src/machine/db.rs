//! The clause database: predicates, their clauses, and first-argument indexing.
//!
//! A predicate's clause list is shared (`Rc`) between the database and every choicepoint that is
//! iterating over it. `assert` and `retract` copy the list when it is shared, so a running call
//! keeps the list it started with: this is the logical update view, for free. Compiled code of
//! removed clauses stays in the code area (it may still be running); that is the one thing the
//! database never frees.

use super::error::Res;
use super::instr::PredId;
use super::Machine;
use crate::term::{atom, Cell, StoredTerm, Tag};
use std::collections::HashMap;
use std::rc::Rc;

/// A native predicate: reads its arguments, may bind them, returns success, failure or an error.
pub type NativeFn = fn(&mut Machine, &[Cell]) -> Res;

/// A nondeterministic native: called with state 0 first and with the state it returned on
/// each retry. `Ok(None)` fails; `Ok(Some(s))` succeeds and, unless `s` is [`LAST`], leaves a
/// choicepoint that retries with `s`.
pub type RedoFn = fn(&mut Machine, &[Cell], usize) -> Result<Option<usize>, super::error::PlError>;

/// Whether a nondeterministic native will have at most one solution for these arguments, so
/// that it can run without a choicepoint (between/3 with the value bound, arg/3 with N bound).
pub type DetFn = fn(&Machine, &[Cell]) -> bool;

/// The state a [`RedoFn`] returns with its last solution.
pub const LAST: usize = usize::MAX;

/// The first-argument key of a clause head or of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A variable: matches everything.
    Any,
    /// An atom or small integer.
    Atomic(Cell),
    /// A compound or list: its functor cell (`'.'/2` for lists).
    Functor(Cell),
    /// A float, big integer or string.
    Boxed,
}

impl Key {
    /// Whether a clause with key `self` may match a call with key `call`.
    #[inline]
    pub fn compatible(self, call: Key) -> bool {
        self == Key::Any || call == Key::Any || self == call
    }

    /// The key as one word: 0 for `Any`, the cell for atomic and functor keys (their tags keep
    /// them apart), and a value no cell has for boxed keys. Scanning compares these words.
    #[inline]
    pub fn code(self) -> u64 {
        match self {
            Key::Any => 0,
            Key::Atomic(c) | Key::Functor(c) => c.0,
            Key::Boxed => u64::MAX,
        }
    }
}

/// One clause.
#[derive(Debug)]
pub struct Clause {
    /// Address of its code.
    pub start: usize,
    /// First-argument key.
    pub key: Key,
    /// The clause as a term `Head :- Body` (or `Head`), for clause/2, retract/1 and listing.
    pub term: StoredTerm,
    /// A unique number, used by clause references.
    pub id: usize,
}

/// The clauses of a predicate, as one snapshot.
#[derive(Clone, Default, Debug)]
pub struct ClauseList {
    /// The clauses in order.
    pub clauses: Vec<Rc<Clause>>,
    /// The key code and code address of each clause, kept beside `clauses` so that a call scans
    /// two flat arrays instead of following a pointer per clause.
    keys: Vec<(u64, usize)>,
    /// Whether calls use the hash index: the list is long and its clauses have at least two
    /// different first-argument keys (otherwise the index could never rule a clause out that a
    /// scan would not rule out as fast).
    indexed: bool,
    /// Positions of the clauses matching each key, built lazily for long lists.
    index: std::cell::OnceCell<HashMap<Key, Rc<[u32]>>>,
}

/// Which clauses of a snapshot a call may try.
#[derive(Clone, Debug)]
pub enum Cands {
    /// Positions `next..` whose key is compatible with the call's key.
    Scan(Key),
    /// Exactly the listed positions.
    Listed(Rc<[u32]>),
}

const INDEX_THRESHOLD: usize = 8;

impl ClauseList {
    /// The candidates for a call with first-argument key `key`.
    pub fn candidates(&self, key: Key) -> Cands {
        if key == Key::Any || !self.indexed {
            return Cands::Scan(key);
        }
        let index = self.index.get_or_init(|| self.build_index());
        match index.get(&key) {
            Some(list) => Cands::Listed(list.clone()),
            None => match index.get(&Key::Any) {
                Some(list) => Cands::Listed(list.clone()),
                None => Cands::Listed(Rc::from(Vec::new())),
            },
        }
    }

    fn build_index(&self) -> HashMap<Key, Rc<[u32]>> {
        let mut keys: Vec<Key> = Vec::new();
        for c in &self.clauses {
            if c.key != Key::Any && !keys.contains(&c.key) {
                keys.push(c.key);
                if keys.len() > 4096 {
                    break;
                }
            }
        }
        let mut map: HashMap<Key, Vec<u32>> = HashMap::new();
        for (i, c) in self.clauses.iter().enumerate() {
            if c.key == Key::Any {
                for k in &keys {
                    map.entry(*k).or_default().push(i as u32);
                }
                map.entry(Key::Any).or_default().push(i as u32);
            } else {
                map.entry(c.key).or_default().push(i as u32);
            }
        }
        map.into_iter().map(|(k, v)| (k, Rc::from(v))).collect()
    }

    /// For a short list scanned in order: the first clause compatible with key code `k`, its
    /// code address, and the next compatible position, in one pass over the key array.
    #[inline]
    pub fn scan_two(&self, k: u64) -> Option<(usize, usize, Option<usize>)> {
        // A plain indexed loop: this runs once per call and the iterator chain it replaces
        // cost a third more instructions.
        let keys = &self.keys[..];
        let matches = |c: u64| c == 0 || k == 0 || c == k;
        let mut i = 0;
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
    pub fn scans(&self, key: Key) -> bool {
        key == Key::Any || !self.indexed
    }

    /// The first candidate position at or after `from`, as an index into `cands` iteration.
    #[inline]
    pub fn next_candidate(&self, cands: &Cands, from: usize) -> Option<usize> {
        match cands {
            Cands::Scan(key) => {
                let k = key.code();
                let rest = self.keys.get(from..)?;
                rest.iter()
                    .position(|&(c, _)| c == 0 || k == 0 || c == k)
                    .map(|i| i + from)
            }
            Cands::Listed(list) => {
                if from < list.len() {
                    Some(from)
                } else {
                    None
                }
            }
        }
    }

    /// The clause at candidate position `pos`.
    #[inline]
    pub fn clause_at(&self, cands: &Cands, pos: usize) -> &Rc<Clause> {
        match cands {
            Cands::Scan(_) => &self.clauses[pos],
            Cands::Listed(list) => &self.clauses[list[pos] as usize],
        }
    }

    /// The code address of the clause at candidate position `pos`.
    #[inline]
    pub fn start_at(&self, cands: &Cands, pos: usize) -> usize {
        match cands {
            Cands::Scan(_) => self.keys[pos].1,
            Cands::Listed(list) => self.keys[list[pos] as usize].1,
        }
    }

    /// Drop the lazily built index and rebuild the key array (after the list changed).
    pub fn invalidate(&mut self) {
        self.index = std::cell::OnceCell::new();
        self.keys = self
            .clauses
            .iter()
            .map(|c| (c.key.code(), c.start))
            .collect();
        self.indexed = self.clauses.len() >= INDEX_THRESHOLD && {
            let mut distinct = self.keys.iter().map(|&(k, _)| k).filter(|&k| k != 0);
            match distinct.next() {
                Some(first) => distinct.any(|k| k != first),
                None => false,
            }
        };
    }
}

/// What a predicate is.
#[derive(Clone)]
pub enum PredKind {
    /// Defined by clauses (possibly none yet).
    Clauses(Rc<ClauseList>),
    /// A native predicate.
    Native(NativeFn),
    /// A nondeterministic native predicate, with its determinism test.
    Redo(RedoFn, DetFn),
    /// A control construct the run loop implements itself.
    Control(Control),
}

/// The control constructs the run loop implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// `call/N`, N = 1..8.
    Call,
    /// `catch/3`.
    Catch,
    /// `findall/3`.
    Findall,
    /// A control construct reached through a meta-call (`,` `;` `->` `*->` `\+`).
    Construct,
}

/// A predicate.
#[derive(Clone)]
pub struct Pred {
    /// Its name.
    pub name: u32,
    /// Its arity.
    pub arity: usize,
    /// How it runs.
    pub kind: PredKind,
    /// Declared dynamic (asserting is allowed, calling an empty one fails).
    pub dynamic: bool,
    /// Defined by ply's own library: a user definition replaces it silently.
    pub library: bool,
    /// Has been declared or given clauses, so a call never raises an existence error.
    pub defined: bool,
    /// Declared discontiguous.
    pub discontiguous: bool,
    /// The file whose consult last defined it.
    pub file: Option<u32>,
}

impl Pred {
    /// True for natives and control constructs, which programs may not redefine (unless
    /// they are library predicates).
    pub fn is_builtin(&self) -> bool {
        !matches!(self.kind, PredKind::Clauses(_))
    }
}

impl Machine {
    /// The predicate `name/arity`, created undefined if new.
    pub fn pred_id(&mut self, name: u32, arity: usize) -> PredId {
        if let Some(&id) = self.pred_map.get(&(name, arity)) {
            return id;
        }
        let id = self.preds.len() as PredId;
        self.preds.push(Pred {
            name,
            arity,
            kind: PredKind::Clauses(Rc::new(ClauseList::default())),
            dynamic: false,
            library: false,
            defined: false,
            discontiguous: false,
            file: None,
        });
        self.pred_map.insert((name, arity), id);
        id
    }

    /// The predicate `name/arity` if it exists.
    pub fn lookup_pred(&self, name: u32, arity: usize) -> Option<PredId> {
        self.pred_map.get(&(name, arity)).copied()
    }

    /// The first-argument key of a dereferenced cell.
    #[inline]
    pub fn key_of(&self, c: Cell) -> Key {
        let c = self.heap.deref(c);
        match c.tag() {
            Tag::Ref => Key::Any,
            Tag::Atom | Tag::Int => Key::Atomic(c),
            Tag::Str => Key::Functor(self.heap.functor_of(c)),
            Tag::List => Key::Functor(Cell::functor(atom::DOT, 2)),
            _ => Key::Boxed,
        }
    }

    /// Register a native predicate.
    pub fn def_native(&mut self, name: &str, arity: usize, f: NativeFn) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.preds[id].kind = PredKind::Native(f);
        self.preds[id].defined = true;
    }

    /// Register a nondeterministic native predicate.
    pub fn def_redo(&mut self, name: &str, arity: usize, f: RedoFn, det: DetFn) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.preds[id].kind = PredKind::Redo(f, det);
        self.preds[id].defined = true;
    }

    /// Register a native library predicate that a program may replace.
    pub fn def_library_native(&mut self, name: &str, arity: usize, f: NativeFn) {
        self.def_native(name, arity, f);
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.preds[id].library = true;
    }

    /// Register a control construct.
    pub fn def_control(&mut self, name: &str, arity: usize, c: Control) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.preds[id].kind = PredKind::Control(c);
        self.preds[id].defined = true;
    }

    /// Add a compiled clause to predicate `pid`, at the end or the front.
    pub fn add_clause(&mut self, pid: PredId, clause: Clause, at_end: bool) {
        let p = &mut self.preds[pid as usize];
        p.defined = true;
        if !matches!(p.kind, PredKind::Clauses(_)) {
            p.kind = PredKind::Clauses(Rc::new(ClauseList::default()));
        }
        if let PredKind::Clauses(list) = &mut p.kind {
            let l = Rc::make_mut(list);
            if at_end {
                l.clauses.push(Rc::new(clause));
            } else {
                l.clauses.insert(0, Rc::new(clause));
            }
            l.invalidate();
        }
    }

    /// Remove the clause with id `clause_id` from predicate `pid`; false if it is gone already.
    pub fn erase_clause(&mut self, pid: PredId, clause_id: usize) -> bool {
        if let PredKind::Clauses(list) = &mut self.preds[pid as usize].kind {
            if let Some(pos) = list.clauses.iter().position(|c| c.id == clause_id) {
                let l = Rc::make_mut(list);
                l.clauses.remove(pos);
                l.invalidate();
                return true;
            }
        }
        false
    }

    /// Remove every clause of `pid` (keeping its flags).
    pub fn wipe_clauses(&mut self, pid: PredId) {
        self.preds[pid as usize].kind = PredKind::Clauses(Rc::new(ClauseList::default()));
    }
}
