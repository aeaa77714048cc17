//! `retract/1` as one nondeterministic native: the scan of `clause_scan.rs` over the
//! predicate's live clause list, the unification of each candidate with the clause asked
//! about, and the erasure of the first that unifies, in one step.
//!
//! A program that uses the database as a set or a queue (a sieve's candidates, a work list, a
//! counter) retracts as often as it calls, and most of what a retract written in Prolog over
//! `'$clause_next'/4` and `'$erase'/1` costs is the glue: splitting the clause, building
//! `H :- B` and the reference `Pid-ClauseId` on the heap for every candidate, and reading the
//! reference back to find the clause again. Here the clause is split once, the candidate's head
//! and body are unified with the parts directly, a fact whose arguments are atoms and small
//! integers is matched against its stored cells without a copy, and the clause found is erased
//! by the slot the scan already knows.
//!
//! The answers are those of the definition in Prolog, in the same order, with the same
//! determinism (no choicepoint is left once no later clause may match) and the same errors: the
//! logical update view holds as in `clause_scan.rs` (clauses asserted after the call are
//! skipped, and the scan walks the list the database changes, never a copy).

use super::clause_scan::{self, Live, Scan, Scans};
use crate::machine::choice::ChoiceKind;
use crate::machine::db::{Clause, ClauseList, Key, PredKind, LAST};
use crate::machine::error::PlError;
use crate::machine::instr::PredId;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::collections::HashMap;
use std::rc::Rc;

/// `retract(Clause)`: erase the first clause, at the call or on backtracking the next, that
/// unifies with `Clause` (`Head :- Body`, or `Head` for `Head :- true`).
pub fn retract(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    let c = m.stacks.heap.deref(a[0]);
    let (module, c) = m.strip_module(c)?;
    let (head, body) = split(m, c)?;
    let (module, head) = m.strip_module_from(module, head)?;
    // A first call keeps no scan unless a candidate is left for a retry, which a retract of
    // one clause by its key (the commonest) never has.
    let (slot, walk) = if state == 0 {
        match start(m, module, head)? {
            Some(walk) => (None, walk),
            None => return Ok(None),
        }
    } else {
        let slot = clause_scan::decode(state).0;
        let Some(scan) = Scans::at(&mut m.services.natives, slot) else {
            return Ok(None);
        };
        let walk = Walk {
            pid: scan.pid,
            key: scan.key,
            live: scan.live,
        };
        (Some(slot), walk)
    };
    let Walk { pid, key, live } = walk;
    let list = match &m.program.preds[pid as usize].kind {
        PredKind::Clauses(list) => list.clone(),
        _ => Rc::new(ClauseList::default()),
    };
    let selected = clause_scan::walk_selection(m, &list, key, head);
    let mut next = list.next_selected(&selected, key, live.pos, live.first_new);
    while let Some(pos) = next {
        let Some(clause) = list.clauses.get(pos) else {
            break;
        };
        let (h0, t0) = (m.stacks.heap.top(), m.stacks.trail.len());
        if matches(m, clause, head, body) {
            // The next candidate is found, and the scan kept for it, before the erasure, which
            // may lay the slots out again: the scan's position is then renumbered with the
            // others.
            let more = list.next_selected(&selected, key, pos + 1, live.first_new);
            let id = clause.id;
            drop(list);
            let state = match (more, slot) {
                (None, Some(slot)) => {
                    m.services.natives.get::<Scans>().slots[slot] = None;
                    LAST
                }
                (None, None) => LAST,
                (Some(more), Some(slot)) => {
                    if let Some(Some(scan)) = m.services.natives.get::<Scans>().slots.get_mut(slot)
                    {
                        scan.live.pos = more;
                    }
                    clause_scan::encode(slot, more)
                }
                (Some(more), None) => {
                    let live = Live {
                        pos: more,
                        first_new: live.first_new,
                    };
                    let slot = open(m, Walk { pid, key, live });
                    clause_scan::encode(slot, more)
                }
            };
            m.services.natives.get::<Scans>().last_found = Some((pid, id, pos));
            m.erase_clause(pid, id);
            return Ok(Some(state));
        }
        m.untrail(t0);
        m.stacks.heap.truncate(h0);
        next = list.next_selected(&selected, key, pos + 1, live.first_new);
    }
    if let Some(slot) = slot {
        m.services.natives.get::<Scans>().slots[slot] = None;
    }
    Ok(None)
}

/// `'$retract_all_matching'(Head)`: erase every clause whose head unifies with `Head`, the
/// clauses picked as `retract/1` picks them (the first argument's key, or a just-in-time index
/// on the arguments `Head` binds), each tested by a unification that is undone. The clauses are
/// those of the call (logical update view); their ids are gathered first and erased after the
/// list is let go, so that no erasure copies a list still shared with the walk. A call that
/// binds a key therefore costs the clauses with that key, not the whole predicate.
pub fn retract_all_matching(m: &mut Machine, a: &[Cell]) -> Result<bool, PlError> {
    let (module, head) = clause_scan::callable_head(m, a[0])?;
    let target = clause_scan::scan_target(m, module, head, false);
    let Some((pid, list, key)) = target.map_err(|e| m.in_context(e, "retractall", 1))? else {
        return Ok(true);
    };
    let first_new = m.program.next_clause_id;
    let selected = clause_scan::walk_selection(m, &list, key, head);
    let body = m.stacks.heap.new_var();
    let mut doomed = Vec::new();
    // A choicepoint that nothing retries makes every binding of a test trailed, the head's
    // own fresh variables too, so that restoring it undoes the test completely.
    m.push_choice(ChoiceKind::Disabled, 0);
    let mark = m.stacks.choices.len() - 1;
    let mut next = list.next_selected(&selected, key, 0, first_new);
    while let Some(pos) = next {
        let Some(clause) = list.clauses.get(pos) else {
            break;
        };
        if matches(m, clause, head, body) {
            doomed.push((clause.id, pos));
        }
        m.restore_from(mark);
        next = list.next_selected(&selected, key, pos + 1, first_new);
    }
    m.pop_choice();
    drop(list);
    // Each erasure is told the slot its clause is in, as a retract's is, so that it need not
    // look for it: the slot found by the walk while the list keeps its numbers, and after a
    // removal lays the list out again (rarely: once empty slots outnumber the clauses), the
    // slots read again in one pass.
    let mut moved: Option<HashMap<usize, usize>> = None;
    for (id, pos) in doomed {
        let slot = if holds(m, pid, pos, id) {
            Some(pos)
        } else {
            let known = moved.as_ref().and_then(|at| at.get(&id).copied());
            if !known.is_some_and(|s| holds(m, pid, s, id)) {
                moved = Some(slots_by_id(m, pid));
            }
            moved.as_ref().and_then(|at| at.get(&id).copied())
        };
        if let Some(slot) = slot {
            m.services.natives.get::<Scans>().last_found = Some((pid, id, slot));
        }
        m.erase_clause(pid, id);
    }
    Ok(true)
}

/// Whether slot `slot` of predicate `pid`'s clause list holds clause `id`.
fn holds(m: &Machine, pid: PredId, slot: usize, id: usize) -> bool {
    match &m.program.preds[pid as usize].kind {
        PredKind::Clauses(list) => list.clauses.get(slot).is_some_and(|c| c.id == id),
        _ => false,
    }
}

/// The slot of every clause of predicate `pid`, by clause id.
fn slots_by_id(m: &Machine, pid: PredId) -> HashMap<usize, usize> {
    match &m.program.preds[pid as usize].kind {
        PredKind::Clauses(list) => (list.clauses.head()..list.clauses.end())
            .filter_map(|s| list.clauses.get(s).map(|c| (c.id, s)))
            .collect(),
        _ => HashMap::new(),
    }
}

/// Where a retract is in a predicate's clause list: the predicate, the first-argument key of
/// the head asked about, and the position and the first clause id made after the call.
#[derive(Clone, Copy)]
struct Walk {
    pid: PredId,
    key: Key,
    live: Live,
}

/// The head and body of the clause `c` (dereferenced) asked about: `H :- B`, or `c` and
/// `true`; an instantiation error for a variable.
fn split(m: &mut Machine, c: Cell) -> Result<(Cell, Cell), PlError> {
    if c.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    Ok(m.split_clause(c))
}

/// The checks of a first call and where its walk starts, at the first candidate; `None` when
/// no clause may match.
fn start(m: &mut Machine, module: u32, head: Cell) -> Result<Option<Walk>, PlError> {
    let (module, head) = clause_scan::callable_head_in(m, module, head)?;
    let Some((pid, list, key)) = clause_scan::scan_target(m, module, head, false)? else {
        return Ok(None);
    };
    let first_new = m.program.next_clause_id;
    let Some(first) = list.next_match(key, 0, first_new) else {
        return Ok(None);
    };
    let live = Live {
        pos: first,
        first_new,
    };
    Ok(Some(Walk { pid, key, live }))
}

/// Keep the scan of `walk` for the retries of the current call; returns its slot.
fn open(m: &mut Machine, walk: Walk) -> usize {
    let scan = Scan {
        list: None,
        live: walk.live,
        key: walk.key,
        pid: walk.pid,
        choice: m.stacks.choices.len().saturating_sub(1),
        scanner: Scans::redo_pred(m, "retract", 1),
    };
    Scans::open(m, scan)
}

/// Whether `retract(Clause)` has one answer at most, so that it may run without a choicepoint
/// (see [`crate::machine::db::DetFn`]): when at most one clause of the predicate may match by
/// its first argument, as the call would find them. Only with fast paths on; the call then
/// never leaves a choicepoint, as it would not have left one after its answer.
pub fn retract_is_det(m: &Machine, a: &[Cell]) -> bool {
    if !m.services.fast_paths {
        return false;
    }
    let Some((module, c)) = m.strip_module_quiet(a[0]) else {
        return false;
    };
    if c.tag() == Tag::Ref {
        return false;
    }
    let head = m.stacks.heap.deref(m.split_clause(c).0);
    if !matches!(head.tag(), Tag::Atom | Tag::Str | Tag::List) {
        return false;
    }
    let (name, arity) = m.name_arity(head);
    let Some(pid) = m.visible_pred(module, name, arity) else {
        return true;
    };
    if m.services.loading.deferred.has(pid) {
        return false;
    }
    let PredKind::Clauses(list) = &m.program.preds[pid as usize].kind else {
        // An error, which needs no choicepoint.
        return true;
    };
    let key = match (arity, head.tag()) {
        (0, _) => Key::Any,
        (_, Tag::List) => m.key_of(m.stacks.heap.cells[head.addr()]),
        _ => m.key_of(m.stacks.heap.arg(head, 0)),
    };
    // Every clause is older than the call, so none is left out.
    list.at_most_one_match(key)
}

/// Whether clause `c` unifies with `head :- body`, binding what it binds. A fact whose
/// arguments are all atoms and small integers is matched against its stored cells; any other
/// clause is copied to the heap first.
fn matches(m: &mut Machine, c: &Clause, head: Cell, body: Cell) -> bool {
    if m.services.fast_paths {
        // A fact kept in its code is read back into a buffer of its own, which the match
        // reads as it would the stored cells.
        let cells = c.cells(&m.program.code);
        if let Some((name, args)) = atomic_fact(&cells) {
            return match_atomic_fact(m, name, args, head, body);
        }
    }
    let t = c.to_heap(&m.program.code, &mut m.stacks.heap);
    let t = m.stacks.heap.deref(t);
    let (h, b) = m.split_clause(t);
    m.unify(h, head) && m.unify(b, body)
}

/// A stored fact (root first, as `StoredTerm` lays it out) whose arguments are all atoms and
/// small integers: its atom or functor cell and its arguments (none for an atom); `None` for
/// any other clause.
fn atomic_fact(cells: &[Cell]) -> Option<(Cell, &[Cell])> {
    let root = *cells.first()?;
    match root.tag() {
        Tag::Atom => Some((root, &[])),
        Tag::Str => {
            let at = root.addr();
            let f = *cells.get(at)?;
            if f == Cell::functor(atom::NECK, 2) {
                return None;
            }
            let args = cells.get(at + 1..at + 1 + f.functor_arity())?;
            args.iter()
                .all(|a| matches!(a.tag(), Tag::Atom | Tag::Int))
                .then_some((f, args))
        }
        _ => None,
    }
}

/// [`matches`] for a fact of atomic arguments `args` whose atom or functor cell is `name`: the
/// cells are what a copy would hold, so each is unified with the head's argument as it stands.
fn match_atomic_fact(m: &mut Machine, name: Cell, args: &[Cell], head: Cell, body: Cell) -> bool {
    let head = m.stacks.heap.deref(head);
    let same = if name.tag() == Tag::Atom {
        head == name
    } else {
        head.tag() == Tag::Str && m.stacks.heap.functor_of(head) == name
    };
    if !same {
        return false;
    }
    for (i, &a) in args.iter().enumerate() {
        let h = m.stacks.heap.arg(head, i);
        if !m.unify(h, a) {
            return false;
        }
    }
    m.unify(body, Cell::atom(atom::TRUE))
}
