//! The clause database: predicates, their clauses, and the keys by which calls select clauses
//! (the selection itself is in `db/index.rs`).
//!
//! A predicate's clause list is shared (`Rc`) between the database and every choicepoint that is
//! iterating over it. `assert` and `retract` copy the list when it is shared, so a running call
//! keeps the list it started with: this is the logical update view, for free. A removed
//! clause's code stays where it is (it may still be running) and is handed to `code_space.rs`,
//! which frees it once nothing can run it.

mod clause;
mod clause_term;
pub mod fact_decode;
mod index;

pub use clause::Clause;
pub use clause_term::{ClauseTerm, HeadKeys, TermCells, MAX_FACT_ARGS, MAX_FACT_CELLS};
pub use index::{
    Answer, CallKeys, CallTerms, Cands, ClauseList, Clauses, DeepPlan, IndexKey, Narrowed, Path,
    Pick, PickTail, Plan, Renumbering, Selected, ARG_COLUMNS, DEEP_COLUMNS, PICK_SLOTS,
};

use super::error::Res;
use super::instr::{InlineOp, Instr, PredId};
use super::{Machine, Program};
use ply_term::{atom, boxed_key_code, Cell, Tag};
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

/// The key of an argument of a clause head or of a call: what clause selection compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A variable: matches everything.
    Any,
    /// An atom or small integer.
    Atomic(Cell),
    /// A compound or list: its functor cell (`'.'/2` for lists).
    Functor(Cell),
    /// A float, big integer or string: its key code ([`ply_term::boxed_key_code`]), a hash of
    /// its value, so that clauses that differ by such a value are told apart.
    Boxed(u64),
}

impl Key {
    /// Whether a clause with key `self` may match a call with key `call`.
    #[inline]
    pub fn compatible(self, call: Key) -> bool {
        self == Key::Any || call == Key::Any || self == call
    }

    /// The key as one word: 0 for `Any`, the cell for atomic and functor keys (their tags keep
    /// them apart), and the hash tagged as a boxed cell for boxed keys (no key of another kind
    /// has that tag). Scanning compares these words.
    #[inline]
    pub fn code(self) -> u64 {
        match self {
            Key::Any => 0,
            Key::Atomic(c) | Key::Functor(c) => c.0,
            Key::Boxed(k) => k,
        }
    }

    /// The key whose [`Key::code`] is `k`.
    #[inline]
    pub fn from_code(k: u64) -> Key {
        let c = Cell(k);
        match k {
            0 => Key::Any,
            _ if c.tag() == Tag::Functor => Key::Functor(c),
            _ if c.tag() == Tag::Boxed => Key::Boxed(k),
            _ => Key::Atomic(c),
        }
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
    /// The line of that file where its first clause stands (0 when not known).
    pub line: u32,
    /// Declared multifile: other files add clauses to it rather than replace them.
    pub multifile: bool,
    /// For a native that binds nothing but the arguments in this mask, and binds those only by
    /// a last unification that cannot fail while they are unbound: a call of it with those
    /// arguments fresh that fails has bound nothing, so no choicepoint need guard it (see
    /// `Instr::GuardAlt`).
    pub shallow: Option<u8>,
    /// For a native that raises an error, and neither succeeds nor fails, whenever an argument
    /// has an unbound variable in it (a game predicate that reads a position): what it decides,
    /// it decides of ground arguments only, which no binding can change. A clause of tests may
    /// then call it before making the head unifications (`shallow/test_clause.rs`).
    pub strict: bool,
    /// For a native whose calls the run loop may decide itself: what they decide (see
    /// `Instr::Inline`).
    pub inline: Option<InlineOp>,
    /// The module it belongs to (see `modules.rs`): 0 for `user`, the flat table.
    pub module: u32,
}

impl Pred {
    /// A predicate `name/arity` of `module` with no clause yet (undefined).
    pub fn undefined(name: u32, arity: usize, module: u32) -> Pred {
        Pred {
            name,
            arity,
            kind: PredKind::Clauses(Rc::new(ClauseList::default())),
            dynamic: false,
            library: false,
            defined: false,
            discontiguous: false,
            file: None,
            line: 0,
            multifile: false,
            shallow: None,
            strict: false,
            inline: None,
            module,
        }
    }

    /// True for natives and control constructs, which programs may not redefine (unless
    /// they are library predicates).
    pub fn is_builtin(&self) -> bool {
        !matches!(self.kind, PredKind::Clauses(_))
    }

    /// True for a native that a guard's tests may call with no choicepoint around it: one that
    /// binds nothing (`shallow` of no outputs) and takes at most two arguments, the most the
    /// test paths copy out of the registers (`shallow.rs`).
    pub fn is_test_native(&self) -> bool {
        matches!(self.kind, PredKind::Native(_)) && self.shallow == Some(0) && self.arity <= 2
    }
}

impl Program {
    /// The predicate `name/arity`, created undefined if new.
    pub fn pred_id(&mut self, name: u32, arity: usize) -> PredId {
        if let Some(id) = self.overrides.library_own(name, arity) {
            return id;
        }
        if let Some(&id) = self.pred_map.get(&(name, arity)) {
            return id;
        }
        let id = self.preds.len() as PredId;
        self.preds.push(Pred::undefined(name, arity, 0));
        self.pred_map.insert((name, arity), id);
        id
    }

    /// The predicate `name/arity` if it exists.
    pub fn lookup_pred(&self, name: u32, arity: usize) -> Option<PredId> {
        if let Some(id) = self.overrides.library_own(name, arity) {
            return Some(id);
        }
        self.pred_map.get(&(name, arity)).copied()
    }

    /// Add the clause of auxiliary predicate `pid` that the compiler has just made, at the
    /// end. [`Machine::add_clause`] reduced to what it does for a predicate made by the same
    /// compilation: nothing waits to be loaded for it, it is no native and has no clause list
    /// of its own that a native state numbers.
    pub fn add_aux_clause(&mut self, pid: PredId, clause: Clause) {
        let p = &mut self.preds[pid as usize];
        p.defined = true;
        if !matches!(p.kind, PredKind::Clauses(_)) {
            p.kind = PredKind::Clauses(Rc::new(ClauseList::default()));
        }
        if let PredKind::Clauses(list) = &mut p.kind {
            Rc::make_mut(list).push_clause(Rc::new(clause), &self.code);
        }
    }
}

impl Machine {
    /// The predicate `name/arity`, created undefined if new.
    pub fn pred_id(&mut self, name: u32, arity: usize) -> PredId {
        self.program.pred_id(name, arity)
    }

    /// The predicate `name/arity` if it exists.
    pub fn lookup_pred(&self, name: u32, arity: usize) -> Option<PredId> {
        self.program.lookup_pred(name, arity)
    }

    /// The first-argument key of a dereferenced cell.
    #[inline]
    pub fn key_of(&self, c: Cell) -> Key {
        Key::from_code(self.key_code_of(c))
    }

    /// The [`Key::code`] of the key of term `c`, found without making the key: the dispatcher
    /// asks for it at every call.
    #[inline]
    pub fn key_code_of(&self, c: Cell) -> u64 {
        self.key_code_of_value(self.stacks.heap.deref(c))
    }

    /// [`Machine::key_code_of`] a dereferenced cell, always in line, so that the plans, which
    /// dereference in line themselves, pay no call for it.
    #[inline(always)]
    pub(crate) fn key_code_of_value(&self, c: Cell) -> u64 {
        match c.tag() {
            Tag::Ref => 0,
            Tag::Atom | Tag::Int => c.0,
            Tag::Str => self.stacks.heap.functor_of(c).0,
            Tag::List => Cell::functor(atom::DOT, 2).0,
            _ => self.boxed_key_code_of(c),
        }
    }

    /// [`Machine::key_code_of_value`] of a boxed value, a hash of its words: out of line, so
    /// that the run loop's call sites, which look keys up in line, stay small.
    #[inline(never)]
    fn boxed_key_code_of(&self, c: Cell) -> u64 {
        boxed_key_code(&self.stacks.heap.cells, c.addr())
    }

    /// Narrow the current call, of `arity` arguments, to fewer of its candidates in `list` by
    /// its arguments beyond the first (see [`ClauseList::narrow`] and, for a long list,
    /// [`ClauseList::jit_narrow`]); kept out of line so that the dispatch of a call that its first
    /// argument decides stays small.
    #[inline(never)]
    pub fn narrow_call(&self, list: &ClauseList, first: Key, arity: usize) -> Narrowed {
        if list.is_long() {
            // A long list is narrowed by its just-in-time indexes, which are kept through
            // changes, rather than by columns made again for every snapshot.
            return list.jit_narrow(
                first.code(),
                &CallTerm { m: self, arity },
                &self.program.code,
            );
        }
        let call = CallArgs {
            m: self,
            first: self.stacks.heap.deref(self.stacks.x[0]),
        };
        if self.services.fast_paths {
            if let Some(narrowed) = list.narrow_by_single_keys(first, &call) {
                return narrowed;
            }
            list.narrow_remembered(first, call, &self.program.code)
        } else {
            list.narrow(first, call, &self.program.code)
        }
    }

    /// [`Machine::narrow_call`] for a list whose one column is an argument of the first
    /// argument with one key beside variables (see [`ClauseList::single_deep_column`]): the
    /// commonest case, a list walk's `[X]` against `[X|Xs]`, decided in line by one key.
    #[inline(always)]
    pub fn narrow_by_deep(
        &self,
        list: &ClauseList,
        first: u64,
        column: (usize, u64, u64),
    ) -> Narrowed {
        let (arg, only, var_mask) = column;
        let call = CallArgs {
            m: self,
            first: self.stacks.heap.deref(self.stacks.x[0]),
        };
        // The same key a column test reads: 0 when the first argument has no such argument.
        let k = call.code((ARG_COLUMNS + arg) as u8);
        if k == 0 || k == only {
            return Narrowed::Same;
        }
        list.narrow_to_vars(first, var_mask)
    }

    /// The candidates of the current call in a list of the [`Plan::Deep`] shape; `None` when
    /// no clause may match. The first argument is dereferenced once, for its key and for its
    /// argument; a list pair against clauses of list pairs, the commonest call, has its key
    /// passed by its tag and its argument read straight from the pair.
    #[inline(always)]
    pub fn select_by_plan<'p>(&self, plan: &'p DeepPlan) -> Option<&'p Answer> {
        let first = self.stacks.heap.deref_in_line(self.stacks.x[0]);
        match plan.list_arg() {
            Some(i) if first.tag() == Tag::List => {
                let d = self
                    .stacks
                    .heap
                    .deref_in_line(self.stacks.heap.cells[first.addr() + i]);
                plan.by_column_cell(d, |d| self.key_code_of_value(d))
            }
            _ => self.select_by_plan_key(plan, first),
        }
    }

    /// [`Machine::select_by_plan`] by the key of the first argument, `first`, dereferenced:
    /// out of line, so that the commonest call tests the one tag it looks for rather than
    /// switching on every tag a key may come from.
    #[inline(never)]
    fn select_by_plan_key<'p>(&self, plan: &'p DeepPlan, first: Cell) -> Option<&'p Answer> {
        let k = self.key_code_of_value(first);
        plan.select(k, &PlanArgs { m: self, first })
    }

    /// Register a native predicate.
    pub fn def_native(&mut self, name: &str, arity: usize, f: NativeFn) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.program.preds[id].kind = PredKind::Native(f);
        self.program.preds[id].defined = true;
    }

    /// Make `alias/arity` a second name of the predicate `name/arity`: one predicate, whose
    /// clauses, natives and flags both names reach, so a program's definition under either
    /// name replaces it under both. Call it before either name has clauses of its own.
    pub fn alias_pred(&mut self, name: &str, alias: &str, arity: usize) {
        let a = self.atoms.intern(name);
        let pid = self.pred_id(a, arity);
        let b = self.atoms.intern(alias);
        self.program.pred_map.insert((b, arity), pid);
        self.program.aliases.insert(pid, b);
    }

    /// Make `name`, the second name of predicate `pid`, its first: a program that defines a
    /// library predicate under its second name (`show/1` for `показать/1`) sees that name in
    /// its backtraces, listings and properties.
    pub fn name_by_alias(&mut self, pid: PredId, name: u32) {
        let first = self.program.preds[pid as usize].name;
        if self.program.aliases.get(&pid) == Some(&name) {
            self.program.preds[pid as usize].name = name;
            self.program.aliases.insert(pid, first);
        }
    }

    /// `name/arity` of predicate `pid`, followed by its second name when it has one:
    /// `стат_оц/2 (also staticval/2)`, for messages about the predicate.
    pub fn pred_names(&self, pid: PredId) -> String {
        let p = &self.program.preds[pid as usize];
        let mut s = format!("{}/{}", self.atoms.name(p.name), p.arity);
        if let Some(&alias) = self.program.aliases.get(&pid) {
            s.push_str(&format!(" (also {}/{})", self.atoms.name(alias), p.arity));
        }
        s
    }

    /// Register a nondeterministic native predicate.
    pub fn def_redo(&mut self, name: &str, arity: usize, f: RedoFn, det: DetFn) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.program.preds[id].kind = PredKind::Redo(f, det);
        self.program.preds[id].defined = true;
    }

    /// Register a native library predicate that a program may replace.
    pub fn def_library_native(&mut self, name: &str, arity: usize, f: NativeFn) {
        self.def_native(name, arity, f);
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.program.preds[id].library = true;
    }

    /// Mark native `name/arity` as shallow, binding at most the arguments in `outputs` (see
    /// [`Pred::shallow`]).
    pub fn mark_shallow_native(&mut self, name: &str, arity: usize, outputs: u8) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.program.preds[id].shallow = Some(outputs);
    }

    /// Declare that the run loop decides calls of native `name/arity` itself by `op`
    /// ([`Pred::inline`]); the native must mean exactly what `op` means.
    pub fn mark_inline_native(&mut self, name: &str, arity: usize, op: InlineOp) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.program.preds[id].inline = Some(op);
    }

    /// Mark the native `name/arity` as one that decides only of ground arguments
    /// ([`Pred::strict`]).
    pub fn mark_strict_native(&mut self, name: &str, arity: usize) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.program.preds[id].strict = true;
    }

    /// Register a control construct.
    pub fn def_control(&mut self, name: &str, arity: usize, c: Control) {
        let a = self.atoms.intern(name);
        let id = self.pred_id(a, arity) as usize;
        self.program.preds[id].kind = PredKind::Control(c);
        self.program.preds[id].defined = true;
    }

    /// Add a compiled clause to predicate `pid`, at the end or the front.
    pub fn add_clause(&mut self, pid: PredId, clause: Clause, at_end: bool) {
        // Clauses the library left waiting come first, as they would have been compiled first.
        self.load_deferred(pid);
        let was_native = self.is_native(pid);
        let defers = self.opens_with_tests(clause.start());
        self.services.db_bytes += super::db_limit::clause_bytes(&clause);
        let p = &mut self.program.preds[pid as usize];
        p.defined = true;
        if !matches!(p.kind, PredKind::Clauses(_)) {
            p.kind = PredKind::Clauses(Rc::new(ClauseList::default()));
        }
        if let PredKind::Clauses(list) = &mut p.kind {
            let l = Rc::make_mut(list);
            if defers {
                l.note_defers();
            }
            if at_end {
                l.push_clause(Rc::new(clause), &self.program.code);
            } else if let Some(map) = l.prepend_clause(Rc::new(clause), &self.program.code) {
                self.services.natives.clauses_renumbered(pid, &map);
            }
        }
        if was_native {
            self.native_replaced(pid);
        }
    }

    /// Whether the code at `start` opens with tests that a call may try before its choicepoint
    /// (`Instr::TestAlt`, which only the compiler puts there, and only with the fast paths on).
    pub(crate) fn opens_with_tests(&self, start: usize) -> bool {
        matches!(self.program.code.get(start), Some(Instr::TestAlt { .. }))
    }

    /// Whether predicate `pid` is a native.
    fn is_native(&self, pid: PredId) -> bool {
        matches!(self.program.preds[pid as usize].kind, PredKind::Native(_))
    }

    /// Remove the clause with id `clause_id` from predicate `pid`; false if it is gone already.
    pub fn erase_clause(&mut self, pid: PredId, clause_id: usize) -> bool {
        // A retract erases the clause its scan has just found: the scan knows the slot.
        let hint = self.services.natives.clause_slot(pid, clause_id);
        if let PredKind::Clauses(list) = &mut self.program.preds[pid as usize].kind {
            if let Some(slot) = list.clauses.slot_of(clause_id, hint) {
                let removed = list.clauses.get(slot).cloned();
                if let Some(map) = Rc::make_mut(list).remove_clause(slot, &self.program.code) {
                    self.services.natives.clauses_renumbered(pid, &map);
                }
                if let Some(clause) = removed {
                    self.clause_removed(&clause);
                }
                return true;
            }
        }
        false
    }

    /// What follows a clause's removal from its predicate: the database is counted for less,
    /// its source table goes, and its code is retired.
    fn clause_removed(&mut self, clause: &Rc<Clause>) {
        self.services.db_bytes =
            (self.services.db_bytes).saturating_sub(super::db_limit::clause_bytes(clause));
        if !self.program.clause_sources.is_empty() {
            self.program.clause_sources.remove(&clause.id);
        }
        if !self.program.clause_names.is_empty() {
            self.program.clause_names.remove(&clause.id);
        }
        self.retire_clause(clause);
    }

    /// Remove every clause of `pid` (keeping its flags).
    pub fn wipe_clauses(&mut self, pid: PredId) {
        self.services.loading.deferred.forget(pid);
        let was_native = self.is_native(pid);
        let old = std::mem::replace(
            &mut self.program.preds[pid as usize].kind,
            PredKind::Clauses(Rc::new(ClauseList::default())),
        );
        if let PredKind::Clauses(list) = old {
            for clause in list.clauses.iter() {
                self.clause_removed(clause);
            }
        }
        self.services.natives.clauses_wiped(pid);
        if was_native {
            // After the change, so that its callers are compiled against the clauses.
            self.native_replaced(pid);
        }
    }
}

/// The current call's keys for a plan ([`Machine::select_by_plan`]), which reads one argument
/// of the first argument: [`CallArgs`] with its dereference in line, because a plan's whole
/// selection is a few comparisons and an out-of-line dereference would cost a tenth of it.
struct PlanArgs<'a> {
    m: &'a Machine,
    first: Cell,
}

impl CallKeys for PlanArgs<'_> {
    /// Argument `col - ARG_COLUMNS` of the first argument (a plan reads no other column).
    #[inline(always)]
    fn code(&self, col: u8) -> u64 {
        let (m, t) = (self.m, self.first);
        let i = (col as usize).wrapping_sub(ARG_COLUMNS);
        let arg = match t.tag() {
            Tag::Str if i < m.stacks.heap.functor_of(t).functor_arity() => m.stacks.heap.arg(t, i),
            Tag::List if i < 2 => m.stacks.heap.cells[t.addr() + i],
            _ => return 0,
        };
        m.key_code_of_value(m.stacks.heap.deref_in_line(arg))
    }
}

/// The current call's arguments as [`CallKeys`], with the first argument dereferenced once.
struct CallArgs<'a> {
    m: &'a Machine,
    first: Cell,
}

impl CallKeys for CallArgs<'_> {
    /// Argument `col` for columns below [`ARG_COLUMNS`], else argument `col - ARG_COLUMNS` of
    /// the first argument.
    #[inline(always)]
    fn code(&self, col: u8) -> u64 {
        let col = col as usize;
        let m = self.m;
        if col < ARG_COLUMNS {
            return m.key_code_of(m.stacks.x[col]);
        }
        if col >= index::DEEPER as usize {
            return self.deeper_code(col as u8);
        }
        let t = self.first;
        let i = col - ARG_COLUMNS;
        let arg = match t.tag() {
            Tag::Str if i < m.stacks.heap.functor_of(t).functor_arity() => m.stacks.heap.arg(t, i),
            Tag::List if i < 2 => m.stacks.heap.cells[t.addr() + i],
            _ => return 0,
        };
        m.key_code_of(arg)
    }
}

impl CallArgs<'_> {
    /// The key code of the call at the place of a column of [`index::DEEPER`] or above, two or
    /// three steps inside the first argument: 0 when the call leaves the place unbound or has
    /// no such place (head unification then decides).
    #[inline(never)]
    fn deeper_code(&self, col: u8) -> u64 {
        let m = self.m;
        let heap = &m.stacks.heap;
        let (steps, len) = index::deeper_steps(col);
        let mut t = self.first;
        for &i in &steps[..len] {
            let i = i as usize;
            let arg = match t.tag() {
                Tag::Str if i < heap.functor_of(t).functor_arity() => heap.arg(t, i),
                Tag::List if i < 2 => heap.cells[t.addr() + i],
                _ => return 0,
            };
            t = heap.deref(arg);
        }
        m.key_code_of_value(t)
    }
}

/// The current call's arguments as the just-in-time indexes read them (`db/index/jit.rs`).
struct CallTerm<'a> {
    m: &'a Machine,
    arity: usize,
}

impl CallTerms for CallTerm<'_> {
    #[inline]
    fn arity(&self) -> usize {
        self.arity
    }

    #[inline]
    fn arg(&self, i: usize) -> Cell {
        self.m.stacks.heap.deref(self.m.stacks.x[i])
    }

    #[inline]
    fn width(&self, t: Cell) -> usize {
        match t.tag() {
            Tag::Str => self.m.stacks.heap.functor_of(t).functor_arity(),
            Tag::List => 2,
            _ => 0,
        }
    }

    #[inline]
    fn sub(&self, t: Cell, i: usize) -> Cell {
        let heap = &self.m.stacks.heap;
        match t.tag() {
            Tag::Str => heap.deref(heap.arg(t, i)),
            _ => heap.deref(heap.cells[t.addr() + i]),
        }
    }

    #[inline]
    fn code(&self, t: Cell) -> u64 {
        self.m.key_code_of_value(t)
    }
}

/// A head on the heap as the just-in-time indexes read a call's arguments: what `clause/2` and
/// `retract/1` ask about (see [`ClauseList::walk_selection`]).
pub struct HeadTerms<'a> {
    m: &'a Machine,
    /// The head, dereferenced: an atom or a compound.
    head: Cell,
}

impl Machine {
    /// The arguments of the dereferenced head `head` as the indexes read them.
    pub fn head_terms(&self, head: Cell) -> HeadTerms<'_> {
        HeadTerms { m: self, head }
    }
}

impl CallTerms for HeadTerms<'_> {
    fn arity(&self) -> usize {
        CallTerm {
            m: self.m,
            arity: 0,
        }
        .width(self.head)
    }

    fn arg(&self, i: usize) -> Cell {
        CallTerm {
            m: self.m,
            arity: 0,
        }
        .sub(self.head, i)
    }

    fn width(&self, t: Cell) -> usize {
        CallTerm {
            m: self.m,
            arity: 0,
        }
        .width(t)
    }

    fn sub(&self, t: Cell, i: usize) -> Cell {
        CallTerm {
            m: self.m,
            arity: 0,
        }
        .sub(t, i)
    }

    fn code(&self, t: Cell) -> u64 {
        self.m.key_code_of_value(t)
    }
}
