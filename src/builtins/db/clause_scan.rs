//! `'$clause_next'/4`, under `clause/2`, and the scans `retract/1` keeps (`retract.rs`): the
//! clauses of a predicate one at a time, as they were at the first call (the logical update
//! view): `clause/2` from a snapshot of the clause list, `retract/1` from the list itself (see
//! [`Live`]).
//!
//! Each solution copies one clause to the heap, so `retract(queue(X))` on a predicate of a
//! hundred thousand facts costs what its first fact costs, not what the whole list costs. The
//! scan is kept in a slot named by the state of the call's choicepoint; a slot whose
//! choicepoint is gone (cut, or backtracked past) is reclaimed the next time a slot is needed
//! or a clause list is about to be copied. A slot holds no heap address, only the snapshot.

use crate::machine::choice::ChoiceKind;
use crate::machine::db::{Clause, ClauseList, Key, PredKind, Selected, LAST};
use crate::machine::error::PlError;
use crate::machine::instr::PredId;
use crate::machine::native_state::NativeStates;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::rc::Rc;

/// One running scan.
pub(super) struct Scan {
    /// For `clause/2`: the clause list as it was at the first call. `retract/1` keeps none
    /// (see [`Live`]).
    pub(super) list: Option<Rc<ClauseList>>,
    /// For `retract/1`: where it is in the database's own list.
    pub(super) live: Live,
    /// The first-argument key of the head asked about.
    pub(super) key: Key,
    /// The predicate whose clauses these are, for the clause references.
    pub(super) pid: PredId,
    /// The index of the choicepoint that retries the scan.
    pub(super) choice: usize,
    /// The native that runs the scan (`'$clause_next'/4` or `retract/1`), to recognise that
    /// choicepoint.
    pub(super) scanner: PredId,
}

/// Where a `retract/1` scan is in the predicate's current clause list. A retract walks the
/// database's list itself rather than a snapshot, so that erasing the clause it found does not
/// copy a list it shares. That gives the logical update view all the same: clauses added after
/// the call have ids from `first_new` on and are skipped, and a clause erased meanwhile is one
/// the snapshot's retract would fail to erase anyway. Clauses keep their slots while others come
/// and go; the database tells every scan of a predicate when it lays the slots out again
/// ([`Scans::renumbered`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Live {
    /// The next slot to look at.
    pub(super) pos: usize,
    /// Clause ids from this one on were made after the call.
    pub(super) first_new: usize,
}

/// The running scans of one machine.
#[derive(Default)]
pub struct Scans {
    pub(super) slots: Vec<Option<Scan>>,
    /// The predicate, clause id and slot of the clause a `retract/1` scan found last, which is
    /// the clause `retract/1` erases next: it saves the database a search for it.
    pub(super) last_found: Option<(PredId, usize, usize)>,
    /// The natives that run scans (`'$clause_next'/4`, `retract/1`), once looked up.
    scanners: Vec<((&'static str, usize), PredId)>,
}

/// The state a choicepoint keeps for slot `slot`, next position `pos`.
pub(super) fn encode(slot: usize, pos: usize) -> usize {
    ((slot + 1) << 32) | pos
}

/// The slot and position of a state that [`encode`] made.
pub(super) fn decode(state: usize) -> (usize, usize) {
    ((state >> 32) - 1, state & 0xFFFF_FFFF)
}

impl Scans {
    /// The running scan at `slot`, if any (a retry finds the scan its choicepoint names).
    pub(super) fn at(natives: &mut NativeStates, slot: usize) -> Option<&Scan> {
        natives
            .get::<Scans>()
            .slots
            .get(slot)
            .and_then(Option::as_ref)
    }

    /// Drop the scans whose choicepoints no longer exist.
    pub fn release_dead(m: &mut Machine) {
        let live = |s: &Scan, slot: usize, m: &Machine| match m.stacks.choices.get(s.choice) {
            Some(c) => match c.kind {
                ChoiceKind::Redo { pred, state, .. } => {
                    pred == s.scanner && state != 0 && decode(state).0 == slot
                }
                _ => false,
            },
            None => false,
        };
        let mut scans = m.services.natives.take::<Scans>();
        for slot in 0..scans.slots.len() {
            let dead = match &scans.slots[slot] {
                Some(s) => !live(s, slot, m),
                None => false,
            };
            if dead {
                scans.slots[slot] = None;
            }
        }
        while matches!(scans.slots.last(), Some(None)) {
            scans.slots.pop();
        }
        m.services.natives.put(scans);
    }

    /// The snapshots the running scans keep (for the atom collector: a retracted clause may be
    /// only there; a fact kept in its code has its atoms in the code, which is marked whole).
    pub fn lists(&self) -> impl Iterator<Item = &Rc<ClauseList>> {
        self.slots.iter().flatten().filter_map(|s| s.list.as_ref())
    }
}

/// The scans follow the database's changes to the lists they walk, tell it where the clause a
/// `retract/1` is about to erase lies, and keep the atoms of the snapshots they hold.
impl crate::machine::native_state::NativeState for Scans {
    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        for l in self.lists() {
            for c in &l.clauses {
                crate::machine::native_state::mark_cells(c.stored_cells(), mark);
            }
        }
    }
    fn clauses_renumbered(&mut self, pid: PredId, map: &[u32]) {
        self.renumbered(pid, map);
    }
    fn clauses_wiped(&mut self, pid: PredId) {
        self.wiped(pid);
    }
    fn clause_slot(&self, pid: PredId, id: usize) -> Option<usize> {
        self.found(pid, id)
    }
    ply_engine::native_state_any!();
}

impl Scans {
    /// Predicate `pid`'s clause list was laid out again: what was in slot `s` is now at or
    /// before `map[s]` (see [`crate::machine::db::Renumbering`]).
    pub fn renumbered(&mut self, pid: PredId, map: &[u32]) {
        let Some(&end) = map.last() else {
            return;
        };
        for s in self.slots.iter_mut().flatten() {
            if s.pid == pid && s.list.is_none() {
                s.live.pos = map.get(s.live.pos).copied().unwrap_or(end) as usize;
            }
        }
        self.last_found = None;
    }

    /// The slot where a `retract/1` scan just found clause `id` of predicate `pid`, if that was
    /// the last clause a scan found.
    pub fn found(&self, pid: PredId, id: usize) -> Option<usize> {
        match self.last_found {
            Some((p, i, slot)) if p == pid && i == id => Some(slot),
            _ => None,
        }
    }

    /// Every clause of predicate `pid` has been removed.
    pub fn wiped(&mut self, pid: PredId) {
        for s in self.slots.iter_mut().flatten() {
            if s.pid == pid && s.list.is_none() {
                s.live.pos = usize::MAX;
            }
        }
    }

    /// The predicate of native `name/arity`, which runs scans: looked up once, since
    /// predicates are never removed.
    pub(super) fn redo_pred(m: &mut Machine, name: &'static str, arity: usize) -> PredId {
        let known = m
            .services
            .natives
            .get::<Scans>()
            .scanners
            .iter()
            .find(|(k, _)| *k == (name, arity));
        if let Some(&(_, pid)) = known {
            return pid;
        }
        let found = m.atoms.lookup(name).and_then(|a| m.lookup_pred(a, arity));
        let pid = found.unwrap_or(PredId::MAX);
        m.services
            .natives
            .get::<Scans>()
            .scanners
            .push(((name, arity), pid));
        pid
    }

    /// Keep `scan` in a free slot and return the slot.
    pub(super) fn open(m: &mut Machine, scan: Scan) -> usize {
        Scans::release_dead(m);
        let slots = &mut m.services.natives.get::<Scans>().slots;
        match slots.iter().position(Option::is_none) {
            Some(i) => {
                slots[i] = Some(scan);
                i
            }
            None => {
                slots.push(Some(scan));
                slots.len() - 1
            }
        }
    }
}

/// `'$clause_next'(+Head, +Access, -Ref, -Clause)`: on backtracking, `Ref` is `Pid-ClauseId`
/// and `Clause` a fresh copy `H :- B` of each clause of Head's predicate whose first argument
/// may match, in order, as the list was when the call started. Access is `access` (clause/2) or
/// `modify` (retract/1), for the permission error on builtins and static predicates.
pub fn clause_next(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    let (slot, from) = if state == 0 {
        match start(m, a)? {
            Some(found) => found,
            None => return Ok(None),
        }
    } else {
        decode(state)
    };
    let Some(scan) = Scans::at(&mut m.services.natives, slot) else {
        return Ok(None);
    };
    let (key, pid, live) = (scan.key, scan.pid, scan.live);
    let (list, from) = match &scan.list {
        Some(list) => (list.clone(), from),
        None => match &m.program.preds[pid as usize].kind {
            PredKind::Clauses(list) => (list.clone(), live.pos),
            _ => (Rc::new(ClauseList::default()), 0),
        },
    };
    let is_live = scan.list.is_none();
    let first_new = if is_live { live.first_new } else { usize::MAX };
    // The head without its module: a qualified head (`user:f(X)`) is read by the indexes as
    // the pair `:(user, f(X))`, whose arguments are not the clause's.
    let head = callable_head(m, a[0]).map_or(a[0], |(_, h)| h);
    let selected = walk_selection(m, &list, key, head);
    let mut next = list.next_selected(&selected, key, from, first_new);
    while let Some(pos) = next {
        let Some(clause) = list.clauses.get(pos) else {
            break;
        };
        let (h0, t0) = (m.stacks.heap.top(), m.stacks.trail.len());
        let (r, mut hb) = clause_on_heap(m, pid, clause, true);
        if let Some(h) = zero_arity_head(m, a[3]) {
            // `clause(foo(), B)` finds the clauses of foo/0, whose heads are the atom.
            let b = m.stacks.heap.arg(hb, 1);
            hb = m.stacks.heap.compound(atom::NECK, &[h, b]);
        }
        if m.unify(r, a[2]) && m.unify(hb, a[3]) {
            let scans = &mut m.services.natives.get::<Scans>();
            if is_live {
                scans.last_found = Some((pid, clause.id, pos));
            }
            // The next slot to look at is the next match: nothing between can match later, for
            // clauses made from now on are skipped.
            if let Some(more) = list.next_selected(&selected, key, pos + 1, first_new) {
                if let Some(Some(scan)) = scans.slots.get_mut(slot) {
                    scan.live.pos = more;
                }
                return Ok(Some(encode(slot, more)));
            }
            scans.slots[slot] = None;
            return Ok(Some(LAST));
        }
        // This clause does not unify: undo what the attempt bound and built, and go on. The
        // choicepoint was pushed before the first attempt, so every older variable it bound is
        // on the trail.
        m.untrail(t0);
        m.stacks.heap.truncate(h0);
        next = list.next_selected(&selected, key, pos + 1, first_new);
    }
    m.services.natives.get::<Scans>().slots[slot] = None;
    Ok(None)
}

/// The head of `Head :- Body` when it is a compound with no arguments (`foo()`).
fn zero_arity_head(m: &Machine, hb: Cell) -> Option<Cell> {
    let hb = m.stacks.heap.deref(hb);
    if hb.tag() != Tag::Str || m.stacks.heap.functor_of(hb) != Cell::functor(atom::NECK, 2) {
        return None;
    }
    let h = m.stacks.heap.deref(m.stacks.heap.arg(hb, 0));
    (h.tag() == Tag::Str && m.stacks.heap.functor_of(h).functor_arity() == 0).then_some(h)
}

/// The slots a walk of `list` for the clauses whose head may match `head` (with first-argument
/// key `key`) goes through: a just-in-time index's, when one pays (see
/// [`ClauseList::walk_selection`]); with the fast paths off, the first argument's selection.
pub(super) fn walk_selection(m: &Machine, list: &ClauseList, key: Key, head: Cell) -> Selected {
    if !m.services.fast_paths {
        return Selected::First;
    }
    let head = m.stacks.heap.deref(head);
    list.walk_selection(key, &m.head_terms(head), &m.program.code)
}

/// The checks and the snapshot of a first call: the slot of the new scan and the position of
/// its first candidate, or `None` when no clause may match.
fn start(m: &mut Machine, a: &[Cell]) -> Result<Option<(usize, usize)>, PlError> {
    let (module, head) = callable_head(m, a[0])?;
    let access = m.stacks.heap.deref(a[1]) == Cell::atom(atom::ACCESS);
    start_checked(m, module, head, access).map_err(|e| {
        // The error comes from the predicate the program called, not from this helper.
        let culprit = if access {
            ("clause", 2)
        } else {
            ("retract", 1)
        };
        m.in_context(e, culprit.0, culprit.1)
    })
}

/// The head a scan asks about, dereferenced: an instantiation or type error unless callable.
pub(super) fn callable_head(m: &mut Machine, head: Cell) -> Result<(u32, Cell), PlError> {
    callable_head_in(m, 0, head)
}

/// [`callable_head`] of a head of `module` unless it names its own.
pub(super) fn callable_head_in(
    m: &mut Machine,
    module: u32,
    head: Cell,
) -> Result<(u32, Cell), PlError> {
    let (module, head) = m.strip_module_from(module, head)?;
    match head.tag() {
        Tag::Ref => Err(m.inst_err()),
        // A clause head `foo()` is stored as the atom `foo` (`Machine::clause_code`).
        Tag::Str if m.stacks.heap.functor_of(head).functor_arity() == 0 => {
            let name = m.stacks.heap.functor_of(head).functor_name();
            Ok((module, Cell::atom(name)))
        }
        Tag::Atom | Tag::Str | Tag::List => Ok((module, head)),
        _ => Err(m.type_err("callable", head)),
    }
}

/// The predicate, clause list and first-argument key that a scan of callable `head` walks,
/// after the permission checks of `clause/2` (`access`) or `retract/1`; `None` when the
/// predicate has no clauses.
pub(super) fn scan_target(
    m: &mut Machine,
    module: u32,
    head: Cell,
    access: bool,
) -> Result<Option<(PredId, Rc<ClauseList>, Key)>, PlError> {
    let (name, arity) = m.name_arity(head);
    let Some(pid) = m.visible_pred(module, name, arity) else {
        return Ok(None);
    };
    m.load_deferred(pid);
    let p = &m.program.preds[pid as usize];
    if p.is_builtin() && !p.library {
        let pi = m.indicator(name, arity);
        return Err(if access {
            m.permission_err("access", "private_procedure", pi)
        } else {
            m.permission_err("modify", "static_procedure", pi)
        });
    }
    if !access && !p.dynamic && p.file.is_some() {
        let pi = m.indicator(name, arity);
        return Err(m.permission_err("modify", "static_procedure", pi));
    }
    let list = match &p.kind {
        PredKind::Clauses(l) if !l.clauses.is_empty() => l.clone(),
        _ => return Ok(None),
    };
    let key = if arity > 0 {
        match head.tag() {
            Tag::List => m.key_of(m.stacks.heap.cells[head.addr()]),
            _ => m.key_of(m.stacks.heap.arg(head, 0)),
        }
    } else {
        Key::Any
    };
    Ok(Some((pid, list, key)))
}

/// A fresh copy of clause `c` of predicate `pid` on the heap, as its reference `Pid-ClauseId`
/// and the term `H :- B`; with `view`, in the shape `clause/2` shows (`clause_view.rs`), else
/// as it was stored (what `retract/1` matches).
pub(super) fn clause_on_heap(m: &mut Machine, pid: PredId, c: &Clause, view: bool) -> (Cell, Cell) {
    let t = c.to_heap(&m.program.code, &mut m.stacks.heap);
    let t = if view { m.clause_view(t) } else { t };
    let t = m.stacks.heap.deref(t);
    let (h, b) = m.split_clause(t);
    let hb = m.stacks.heap.compound(atom::NECK, &[h, b]);
    let r = m.stacks.heap.compound(
        atom::MINUS,
        &[Cell::int(pid as i64), Cell::int(c.id as i64)],
    );
    (r, hb)
}

/// [`start`] once the head is known to be callable.
fn start_checked(
    m: &mut Machine,
    module: u32,
    head: Cell,
    access: bool,
) -> Result<Option<(usize, usize)>, PlError> {
    let Some((pid, list, key)) = scan_target(m, module, head, access)? else {
        return Ok(None);
    };
    // A call that no clause may match (a `retract/1` of a key already gone, the commonest
    // failure) ends here, before a scan is kept for it.
    let first_new = if access {
        usize::MAX
    } else {
        m.program.next_clause_id
    };
    let Some(first) = list.next_match(key, 0, first_new) else {
        return Ok(None);
    };
    // clause/2 keeps the snapshot; retract/1 walks the live list (see `Live`).
    let (list, live) = if access {
        (Some(list), Live::default())
    } else {
        let pos = first;
        (None, Live { pos, first_new })
    };
    let scanner = Scans::redo_pred(m, "$clause_next", 4);
    let scan = Scan {
        list,
        live,
        key,
        pid,
        choice: m.stacks.choices.len().saturating_sub(1),
        scanner,
    };
    Ok(Some((Scans::open(m, scan), first)))
}
