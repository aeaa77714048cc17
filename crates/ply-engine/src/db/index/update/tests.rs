//! Unit tests of in-place changes to a clause list: after seeded random sequences of appends,
//! prepends and removals, the incrementally kept slots, key words and first-argument hash table
//! must select exactly what a list built from scratch from the same clauses selects, and a slot
//! number kept across a renumbering must still name the same clause.

use super::super::{Buckets, Cands, Key, Plan};
use super::*;
use ply_term::{BoxKind, Cell};

/// The key code of the float whose bits are `bits`.
fn boxed(bits: u64) -> u64 {
    ply_term::boxed_key_code(&[Cell::header(BoxKind::Float, 1), Cell(bits)], 0)
}

/// A clause with id `id`, first-argument key `key`, at code address 100 + `id`.
fn clause(id: usize, key: Key) -> Rc<Clause> {
    Rc::new(Clause::new(
        100 + id,
        0,
        false,
        super::super::tests::head_term(key, &[], &[]),
        id,
    ))
}

/// The clause ids a call with first-argument key `key` may try, in order.
fn tried(l: &ClauseList, key: Key) -> Vec<usize> {
    let cands = l.candidates(key);
    let mut out = Vec::new();
    let mut pos = l.next_candidate(&cands, 0);
    while let Some(p) = pos {
        let start = l.start_at(&cands, p);
        assert_eq!(l.clause_at(&cands, p).map(|c| c.start()), Some(start));
        out.push(start - 100);
        pos = l.next_candidate(&cands, p + 1);
    }
    out
}

/// The same clauses, with every cache built from scratch.
fn rebuilt(l: &ClauseList) -> ClauseList {
    ClauseList::from_clauses(l.clauses.iter().cloned(), &[])
}

/// A small deterministic generator (SplitMix64), so that every run tries the same sequences.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The ids of a first-argument table's list for key code `code`, and the ids under which the
/// table keeps a list of its own, sorted.
fn table_view(l: &ClauseList, b: &Buckets, codes: &[u64]) -> Vec<(u64, Vec<usize>)> {
    let ids = |list: &[u32]| -> Vec<usize> {
        list.iter()
            .map(|&s| {
                l.clauses
                    .get(s as usize)
                    .expect("a listed slot holds a clause")
                    .id
            })
            .collect()
    };
    let mut own: Vec<u64> = b.map.keys().collect();
    own.sort_unstable();
    own.iter()
        .chain(codes)
        .map(|&c| (c, ids(b.get(c))))
        .chain([(0, ids(&b.any))])
        .collect()
}

/// Everything the incremental list `l` must agree on with a rebuilt one and with `model`, the
/// clause ids and keys in order.
fn check(l: &ClauseList, model: &[(usize, Key)], probes: &[Key], step: usize) {
    let fresh = rebuilt(l);
    let ids: Vec<usize> = l.clauses.iter().map(|c| c.id).collect();
    let want: Vec<usize> = model.iter().map(|&(id, _)| id).collect();
    assert_eq!(ids, want, "step {step}: the clauses");
    assert_eq!(l.clauses.len(), model.len());
    // Key words: each slot's word is its clause's, empty slots are DEAD, the head and the end
    // are clauses, and empty slots never outnumber clauses by more than the slack.
    let c = &l.clauses;
    for s in 0..c.end() {
        match c.get(s) {
            Some(cl) => assert_eq!(
                c.keys[s],
                (cl.keys(&[]).key_code(), cl.start()),
                "step {step}"
            ),
            None => assert_eq!(c.keys[s].0, DEAD, "step {step}"),
        }
    }
    if !c.is_empty() {
        assert!(c.get(c.head()).is_some() && c.get(c.end() - 1).is_some());
        assert!((0..c.head()).all(|s| c.get(s).is_none()));
    }
    assert!(c.holes() <= c.len() + super::SLACK.max(super::MIN_GAP.max(c.len())));
    // Indexing may outlast the need for it, never start late.
    assert!(!fresh.indexed || l.indexed, "step {step}: indexed");
    let codes: Vec<u64> = probes.iter().map(|k| k.code()).collect();
    if let (Some(Some(mine)), Some(theirs)) = (l.index.get(), fresh.first_buckets()) {
        assert_eq!(
            table_view(l, mine, &codes),
            table_view(&fresh, theirs, &codes),
            "step {step}: the first-argument table"
        );
    }
    // Clauses that all have a variable first argument have the same first two candidates for
    // every call; the plan saying so must have been forgotten by every change since.
    let ids: Vec<usize> = model.iter().map(|&(id, _)| id).collect();
    let all_variables = model.iter().all(|&(_, k)| k == Key::Any);
    l.work_out_plan(&[]);
    match l.plan() {
        Some(&Plan::Fixed { start, next }) => {
            assert!(
                all_variables && ids.len() >= 2 && !l.is_long(),
                "step {step}: a fixed plan"
            );
            let next = l.clauses.keys[next].1 - 100;
            assert_eq!(
                (start - 100, next),
                (ids[0], ids[1]),
                "step {step}: the plan"
            );
        }
        // A long list has no plan (`plan.rs`).
        _ => assert!(
            !all_variables || ids.len() < 2 || l.is_long(),
            "step {step}: no fixed plan"
        ),
    }
    for &k in probes {
        let matching: Vec<usize> = model
            .iter()
            .filter(|&&(_, ck)| ck.compatible(k))
            .map(|&(id, _)| id)
            .collect();
        assert_eq!(tried(l, k), matching, "step {step}, key {k:?}");
        if l.scans(k.code()) {
            // Twice: the second answer is the remembered one, which must have been forgotten
            // by every change since the step before.
            for _ in 0..2 {
                let found = l.scan_two(k.code()).map(|(start, next)| {
                    let next = next.map(|n| l.clauses.keys[n].1 - 100);
                    (start - 100, next)
                });
                let want = matching
                    .first()
                    .map(|&first| (first, matching.get(1).copied()));
                assert_eq!(found, want, "step {step}, key {k:?}: the first two");
            }
        }
        assert_eq!(tried(&fresh, k), matching, "step {step}, key {k:?} rebuilt");
        // One clause at a time, as clause/2 and retract/1 walk it, skipping newer clauses.
        let newest = model.iter().map(|&(id, _)| id).max().unwrap_or(0);
        let mut walked = Vec::new();
        let mut at = l.next_match(k, 0, newest);
        while let Some(s) = at {
            walked.push(l.clauses.get(s).expect("a clause").id);
            at = l.next_match(k, s + 1, newest);
        }
        let older: Vec<usize> = matching.into_iter().filter(|&id| id < newest).collect();
        assert_eq!(walked, older, "step {step}, key {k:?} walked");
    }
}

/// A key for clause `id`: mostly integers from `spread` values, some variables and boxed values;
/// for a `spread` of 0, mostly variables and sometimes the integer 0.
fn random_key(rng: &mut Rng, spread: usize) -> Key {
    if spread == 0 {
        return match rng.below(12) {
            0 => Key::Atomic(Cell::int(0)),
            _ => Key::Any,
        };
    }
    match rng.below(12) {
        0 => Key::Any,
        1 => Key::Boxed(boxed(rng.below(2) as u64)),
        _ => Key::Atomic(Cell::int(rng.below(spread) as i64)),
    }
}

/// Run `steps` random changes with keys from `spread` values, checking after each.
fn random_changes(seed: u64, steps: usize, spread: usize) {
    let mut rng = Rng(seed);
    let probes: Vec<Key> = (0..spread.clamp(1, 12) as i64)
        .map(|k| Key::Atomic(Cell::int(k)))
        .chain([
            Key::Any,
            Key::Boxed(boxed(0)),
            Key::Boxed(boxed(1)),
            Key::Atomic(Cell::int(-1)),
        ])
        .collect();
    let mut l = ClauseList::default();
    let mut model: Vec<(usize, Key)> = Vec::new();
    let mut next_id = 0;
    for step in 0..steps {
        // Grow for a while, then shrink, so that lists cross the index threshold both ways and
        // grow long enough to be laid out again.
        let growing = (step / 150) % 2 == 0;
        // Have the list remember its first two clauses for the first two probes, which `check`
        // asks about first: the change below must make it forget them.
        for k in &probes[..2] {
            let _ = l.scan_two(k.code());
        }
        l.work_out_plan(&[]);
        let r = rng.below(10);
        let mut moved = None;
        let before: Vec<(usize, usize)> = (0..l.clauses.end())
            .filter_map(|s| l.clauses.get(s).map(|c| (s, c.id)))
            .collect();
        if (growing && r < 6) || (!growing && r < 3) || model.is_empty() {
            let key = random_key(&mut rng, spread);
            if rng.below(4) == 0 {
                moved = l.prepend_clause(clause(next_id, key), &[]);
                model.insert(0, (next_id, key));
            } else {
                l.push_clause(clause(next_id, key), &[]);
                model.push((next_id, key));
            }
            next_id += 1;
        } else {
            // From the front half the time: the queue.
            let i = if rng.below(2) == 0 {
                0
            } else {
                rng.below(model.len())
            };
            let (id, _) = model.remove(i);
            let slot = l.clauses.slot_of(id, None).expect("the clause is there");
            assert_eq!(l.clauses.slot_of(id, Some(slot)), Some(slot));
            moved = l.remove_clause(slot, &[]);
            assert!(l.clauses.slot_of(id, Some(slot)).is_none());
        }
        if let Some(map) = moved {
            // A slot number kept across the renumbering names the same clause.
            for (s, id) in before {
                let new = map[s] as usize;
                if l.clauses.get(new).map(|c| c.id) != Some(id) {
                    assert!(
                        !model.iter().any(|&(m, _)| m == id),
                        "step {step}: slot {s}"
                    );
                }
            }
        }
        // Build the table now and then, so that later changes must keep it.
        if rng.below(3) == 0 {
            let _ = l.candidates(probes[1]);
        }
        check(&l, &model, &probes, step);
    }
}

#[test]
fn random_changes_with_few_keys_match_a_rebuild() {
    for seed in 1..=4 {
        random_changes(seed, 1200, 5);
    }
}

#[test]
fn random_changes_with_many_keys_match_a_rebuild() {
    for seed in 11..=13 {
        random_changes(seed, 1200, 400);
    }
}

#[test]
fn a_queue_taken_from_the_front_keeps_its_slots_and_its_table() {
    let mut l = ClauseList::default();
    let mut next = 0;
    for _ in 0..100 {
        l.push_clause(clause(next, Key::Atomic(Cell::int(next as i64))), &[]);
        next += 1;
    }
    let _ = l.candidates(Key::Atomic(Cell::int(1)));
    let mut relayouts = 0;
    for round in 0..1000 {
        let head = l.clauses.head();
        let first = l.clauses.get(head).expect("a clause").id;
        let moved = l.remove_clause(head, &[]);
        l.push_clause(clause(next, Key::Atomic(Cell::int(next as i64))), &[]);
        next += 1;
        // The table survives every take, those that lay the list out again too (it is
        // renumbered where it stands).
        assert!(l.index.get().is_some(), "round {round}");
        relayouts += usize::from(moved.is_some());
        assert_eq!(
            tried(&l, Key::Atomic(Cell::int(first as i64))),
            Vec::<usize>::new()
        );
        assert_eq!(
            tried(&l, Key::Atomic(Cell::int(next as i64 - 1))),
            vec![next - 1]
        );
        let _ = l.candidates(Key::Atomic(Cell::int(1)));
    }
    // Laid out again only now and then, and never grown past twice its clauses plus the slack.
    assert!(relayouts > 0);
    assert_eq!(l.clauses.len(), 100);
    assert!(l.clauses.end() <= 200 + super::SLACK + 1);
}

#[test]
fn indexing_starts_once_two_keys_occur() {
    let mut l = ClauseList::default();
    for i in 0..20 {
        l.push_clause(clause(i, Key::Atomic(Cell::int(1))), &[]);
    }
    assert!(!l.indexed);
    l.push_clause(clause(20, Key::Any), &[]);
    assert!(!l.indexed);
    l.push_clause(clause(21, Key::Atomic(Cell::int(2))), &[]);
    assert!(l.indexed);
    let mut l = ClauseList::default();
    for i in 0..20 {
        let _ = l.prepend_clause(clause(i, Key::Atomic(Cell::int(1))), &[]);
    }
    let _ = l.prepend_clause(clause(20, Key::Atomic(Cell::int(3))), &[]);
    assert!(l.indexed);
    assert!(matches!(
        l.candidates(Key::Atomic(Cell::int(3))),
        Cands::Listed(_)
    ));
}

#[test]
fn random_changes_with_variables_match_a_rebuild() {
    for seed in 21..=23 {
        random_changes(seed, 1200, 0);
    }
}

#[test]
fn an_assert_under_a_long_key_grows_its_list_in_place_unless_a_call_holds_it() {
    let mut l = ClauseList::default();
    l.push_clause(clause(0, Key::Atomic(Cell::int(1))), &[]);
    for i in 1..40 {
        l.push_clause(clause(i, Key::Atomic(Cell::int(2))), &[]);
    }
    let key = Key::Atomic(Cell::int(2));
    let list_of = |l: &ClauseList| match l.candidates(key) {
        Cands::Listed(list) => list,
        other => panic!("expected a listed key, got {other:?}"),
    };
    // A call that held the list and let it go: the next assert adds to the same allocation.
    let before = Rc::as_ptr(&list_of(&l));
    l.push_clause(clause(40, key), &[]);
    let after = list_of(&l);
    assert_eq!(Rc::as_ptr(&after), before);
    assert_eq!(after.len(), 40);
    // A call still holding the list keeps the clauses it began with (the logical update view).
    let held = after;
    l.push_clause(clause(41, key), &[]);
    assert_eq!(held.len(), 40);
    assert_eq!(tried(&l, key), (1..42).collect::<Vec<_>>());
}

#[test]
fn a_clause_is_found_by_id_in_a_long_list_whichever_way_it_changes() {
    // Long enough that `slot_of` with no slot to try goes through its table of ids, which must
    // follow appends, prepends, removals in any order and the renumbering of a layout.
    let mut rng = Rng(7);
    let mut l = ClauseList::default();
    let mut model: Vec<usize> = Vec::new();
    let mut next_id = 0;
    for step in 0..4000 {
        let r = rng.below(10);
        if r < 5 || model.len() < 100 {
            if rng.below(3) == 0 {
                if let Some(map) = l.prepend_clause(clause(next_id, Key::Any), &[]) {
                    assert!(map.len() > 1);
                }
                model.insert(0, next_id);
            } else {
                l.push_clause(clause(next_id, Key::Any), &[]);
                model.push(next_id);
            }
            next_id += 1;
        } else {
            let id = model.remove(rng.below(model.len()));
            let slot = l.clauses.slot_of(id, None).expect("the clause is there");
            assert_eq!(l.clauses.get(slot).map(|c| c.id), Some(id), "step {step}");
            let _ = l.remove_clause(slot, &[]);
            assert!(l.clauses.slot_of(id, None).is_none(), "step {step}");
        }
        // Every clause still there is found, in the slot that holds it.
        if step % 97 == 0 {
            for &id in &model {
                let slot = l.clauses.slot_of(id, None).expect("the clause is there");
                assert_eq!(l.clauses.get(slot).map(|c| c.id), Some(id), "step {step}");
            }
        }
    }
}
