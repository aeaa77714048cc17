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
use crate::machine::db::{Clause, ClauseList, PredKind, LAST};
use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::rc::Rc;

/// `retract(Clause)`: erase the first clause, at the call or on backtracking the next, that
/// unifies with `Clause` (`Head :- Body`, or `Head` for `Head :- true`).
pub fn retract(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    let c = m.heap.deref(a[0]);
    let (head, body) = split(m, c)?;
    // A retry's position is the one the scan keeps, which the database renumbers when it lays
    // the list out again; the state names only the slot.
    let slot = if state == 0 {
        match start(m, head)? {
            Some(slot) => slot,
            None => return Ok(None),
        }
    } else {
        clause_scan::decode(state).0
    };
    let Some(scan) = m
        .natives
        .get::<Scans>()
        .slots
        .get(slot)
        .and_then(Option::as_ref)
    else {
        return Ok(None);
    };
    let (key, pid, live) = (scan.key, scan.pid, scan.live);
    let list = match &m.preds[pid as usize].kind {
        PredKind::Clauses(list) => list.clone(),
        _ => Rc::new(ClauseList::default()),
    };
    let mut next = list.next_match(key, live.pos, live.first_new);
    while let Some(pos) = next {
        let Some(clause) = list.clauses.get(pos) else {
            break;
        };
        let (h0, t0) = (m.heap.top(), m.trail.len());
        if matches(m, clause, head, body) {
            // The next candidate is found before the erasure, which may lay the slots out
            // again: the scan's position is then renumbered with the others.
            let more = list.next_match(key, pos + 1, live.first_new);
            let id = clause.id;
            drop(list);
            let scans = m.natives.get::<Scans>();
            scans.last_found = Some((pid, id, pos));
            if let Some(more) = more {
                if let Some(Some(scan)) = scans.slots.get_mut(slot) {
                    scan.live.pos = more;
                }
            } else {
                scans.slots[slot] = None;
            }
            m.erase_clause(pid, id);
            return Ok(Some(match more {
                Some(more) => clause_scan::encode(slot, more),
                None => LAST,
            }));
        }
        m.untrail(t0);
        m.heap.truncate(h0);
        next = list.next_match(key, pos + 1, live.first_new);
    }
    m.natives.get::<Scans>().slots[slot] = None;
    Ok(None)
}

/// The head and body of the clause `c` (dereferenced) asked about: `H :- B`, or `c` and
/// `true`; an instantiation error for a variable.
fn split(m: &mut Machine, c: Cell) -> Result<(Cell, Cell), PlError> {
    if c.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    Ok(m.split_clause(c))
}

/// The checks of a first call and the slot of the scan it keeps, or `None` when no clause may
/// match.
fn start(m: &mut Machine, head: Cell) -> Result<Option<usize>, PlError> {
    let head = clause_scan::callable_head(m, head)?;
    let Some((pid, list, key)) = clause_scan::scan_target(m, head, false)? else {
        return Ok(None);
    };
    let first_new = m.next_clause_id;
    let Some(first) = list.next_match(key, 0, first_new) else {
        return Ok(None);
    };
    let scan = Scan {
        list: None,
        live: Live {
            pos: first,
            first_new,
        },
        key,
        pid,
        choice: m.choices.len().saturating_sub(1),
        scanner: Scans::redo_pred(m, "retract", 1),
    };
    Ok(Some(Scans::open(m, scan)))
}

/// Whether clause `c` unifies with `head :- body`, binding what it binds. A fact whose
/// arguments are all atoms and small integers is matched against its stored cells; any other
/// clause is copied to the heap first.
fn matches(m: &mut Machine, c: &Clause, head: Cell, body: Cell) -> bool {
    if m.fast_paths {
        if let Some((name, args)) = atomic_fact(c.term.cells()) {
            return match_atomic_fact(m, name, args, head, body);
        }
    }
    let t = c.term.to_heap(&mut m.heap);
    let t = m.heap.deref(t);
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
    let head = m.heap.deref(head);
    let same = if name.tag() == Tag::Atom {
        head == name
    } else {
        head.tag() == Tag::Str && m.heap.functor_of(head) == name
    };
    if !same {
        return false;
    }
    for (i, &a) in args.iter().enumerate() {
        let h = m.heap.arg(head, i);
        if !m.unify(h, a) {
            return false;
        }
    }
    m.unify(body, Cell::atom(atom::TRUE))
}
