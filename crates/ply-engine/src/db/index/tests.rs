//! Unit tests of clause selection: hand-built snapshots asked for candidates on every kind of key
//! (atoms, integers, functors, boxed values, list tails), on short lists that are scanned and long
//! ones that are hashed. Whole programs whose calls must leave no choicepoint are tests of the
//! assembled system (`system/engine_tests.rs`).

use super::super::{Clause, ClauseTerm, Key};
use super::{Buckets, Cands, ClauseList, Narrowed, Plan, DEEP};
use ply_term::{atom, BoxKind, Cell};
use std::rc::Rc;

fn a(n: u32) -> Key {
    Key::Atomic(Cell::atom(1000 + n))
}

fn int(i: i64) -> Key {
    Key::Atomic(Cell::int(i))
}

fn f(name: u32, arity: usize) -> Key {
    Key::Functor(Cell::functor(1000 + name, arity))
}

/// The key of the float whose bits are `bits`.
fn float(bits: u64) -> Key {
    Key::Boxed(ply_term::boxed_key_code(
        &[Cell::header(BoxKind::Float, 1), Cell(bits)],
        0,
    ))
}

fn nil() -> Key {
    Key::Atomic(Cell::atom(atom::NIL))
}

fn cons() -> Key {
    Key::Functor(Cell::functor(atom::DOT, 2))
}

const V: Key = Key::Any;

/// A snapshot of clauses given as (first key, other argument keys, first argument's keys); the
/// clause at position i starts at code address 100 + i.
fn list(heads: &[(Key, &[Key], &[Key])]) -> ClauseList {
    ClauseList::from_clauses(
        heads.iter().enumerate().map(|(i, (key, args, deep))| {
            Rc::new(Clause::new(
                100 + i,
                0,
                false,
                head_term(*key, args, deep),
                i,
            ))
        }),
        &[],
    )
}

/// The clause term of a head whose first argument has key `key` (a compound or list of that
/// functor whose arguments have the keys `deep`), whose other arguments have the keys `args`,
/// and which has a variable wherever a key is [`Key::Any`] or missing.
pub(super) fn head_term(key: Key, args: &[Key], deep: &[Key]) -> ClauseTerm {
    let mut cells = vec![Cell::structure(1), Cell::functor(999, 1 + args.len())];
    cells.resize(3 + args.len(), Cell(0));
    cells[2] = key_cell(&mut cells, key, deep, 2);
    for (i, k) in args.iter().enumerate() {
        cells[3 + i] = key_cell(&mut cells, *k, &[], 3 + i);
    }
    ClauseTerm::from_cells(cells)
}

/// The cell, at address `at` of `cells`, of a term with key `key` whose arguments have the keys
/// `deep`; its blocks are appended to `cells`.
fn key_cell(cells: &mut Vec<Cell>, key: Key, deep: &[Key], at: usize) -> Cell {
    match key {
        Key::Any => Cell::reference(at),
        Key::Atomic(c) => c,
        Key::Boxed(_) => {
            // The tests' boxed keys are those of floats with small bit patterns, or -0.0.
            let bits = (0..64)
                .chain([1 << 63])
                .find(|&b| float(b) == key)
                .expect("a float key");
            let b = cells.len();
            cells.extend([Cell::header(BoxKind::Float, 1), Cell(bits)]);
            Cell::boxed(b)
        }
        Key::Functor(f) => {
            let list = f == Cell::functor(atom::DOT, 2);
            let b = cells.len();
            if !list {
                cells.push(f);
            }
            let base = cells.len();
            let n = f.functor_arity();
            cells.resize(base + n, Cell(0));
            for i in 0..n {
                let k = deep.get(i).copied().unwrap_or(Key::Any);
                cells[base + i] = key_cell(cells, k, &[], base + i);
            }
            if list {
                Cell::list(b)
            } else {
                Cell::structure(b)
            }
        }
    }
}

#[test]
fn keys_read_off_a_clause_term_are_those_it_was_built_with() {
    let t = head_term(f(1, 2), &[int(3), V, float(0)], &[a(4), cons()]);
    assert_eq!(t.head().key(), f(1, 2));
    assert_eq!(t.head().arg_columns(), 3);
    assert_eq!(t.head().deep_columns(), 2);
    assert_eq!(t.head().column_code(1), int(3).code());
    assert_eq!(t.head().column_code(2), 0);
    assert_eq!(t.head().column_code(3), float(0).code());
    assert_eq!(t.head().column_code(4), 0);
    assert_eq!(t.head().column_code(DEEP), a(4).code());
    assert_eq!(t.head().column_code(DEEP + 1), cons().code());
    assert_eq!(t.head().column_code(DEEP + 2), 0);
    let t = head_term(V, &[], &[]);
    assert_eq!(
        (
            t.head().key(),
            t.head().arg_columns(),
            t.head().deep_columns()
        ),
        (V, 0, 0)
    );
    assert_eq!(t.head().column_code(DEEP), 0);
}

/// Every candidate of `cands`, as clause positions in the order they would be tried.
fn all(l: &ClauseList, cands: &Cands) -> Vec<usize> {
    let mut out = Vec::new();
    let mut pos = l.next_candidate(cands, 0);
    while let Some(p) = pos {
        out.push(l.start_at(cands, p) - 100);
        assert_eq!(
            l.clause_at(cands, p).map(|c| c.start()),
            Some(l.start_at(cands, p))
        );
        pos = l.next_candidate(cands, p + 1);
    }
    out
}

/// The clauses a call may try, by its first key and the keys of its other arguments (`args[0]`
/// is the second argument) and of its first argument's arguments; `None` when the other columns
/// add nothing to the first-argument selection. Checks that the reported first clause and second
/// position agree with the full list.
fn narrowed(l: &ClauseList, first: Key, args: &[Key], deep: &[Key]) -> Option<Vec<usize>> {
    let call = |col: u8| {
        let key = if col >= DEEP {
            deep.get((col - DEEP) as usize)
        } else {
            args.get(col as usize - 1)
        };
        key.copied().unwrap_or(Key::Any).code()
    };
    match l.narrow(first, call, &[]) {
        Narrowed::Same => None,
        Narrowed::Fail => Some(Vec::new()),
        Narrowed::Only(start) => Some(vec![start - 100]),
        Narrowed::To(cands, start, next) => {
            let got = all(l, &cands);
            assert!(got.len() >= 2);
            assert_eq!(start - 100, got[0]);
            assert_eq!(l.start_at(&cands, next) - 100, got[1]);
            Some(got)
        }
    }
}

/// The first-argument selection alone.
fn by_first(l: &ClauseList, first: Key) -> Vec<usize> {
    all(l, &l.candidates(first))
}

#[test]
fn atoms_in_the_second_argument_select_when_the_first_is_unbound() {
    // f(1, a, x). f(2, b, y). f(3, a, z). f(_, c, x).
    let l = list(&[
        (int(1), &[a(1), a(10)], &[]),
        (int(2), &[a(2), a(11)], &[]),
        (int(3), &[a(1), a(12)], &[]),
        (V, &[a(3), a(10)], &[]),
    ]);
    assert_eq!(narrowed(&l, V, &[a(1)], &[]), Some(vec![0, 2]));
    assert_eq!(narrowed(&l, V, &[a(2)], &[]), Some(vec![1]));
    assert_eq!(narrowed(&l, V, &[a(9)], &[]), Some(vec![]));
    // The third argument, and both together.
    assert_eq!(narrowed(&l, V, &[V, a(10)], &[]), Some(vec![0, 3]));
    assert_eq!(narrowed(&l, V, &[a(1), a(10)], &[]), Some(vec![0]));
    // The first argument still counts: f(_, c, x) alone matches 5.
    assert_eq!(narrowed(&l, int(5), &[a(3)], &[]), Some(vec![3]));
    assert_eq!(narrowed(&l, int(5), &[a(1)], &[]), Some(vec![]));
    // Nothing bound beyond the first argument: nothing to add.
    assert_eq!(narrowed(&l, V, &[V, V], &[]), None);
    assert_eq!(narrowed(&l, int(1), &[], &[]), None);
}

#[test]
fn integers_functors_and_boxed_keys_keep_apart() {
    // g(_, 7). g(_, p(_)). g(_, 0.0). g(_, q(_, _)). g(_, _). g(_, 7). g(_, -0.0).
    let l = list(&[
        (V, &[int(7)], &[]),
        (V, &[f(1, 1)], &[]),
        (V, &[float(0)], &[]),
        (V, &[f(2, 2)], &[]),
        (V, &[V], &[]),
        (V, &[int(7)], &[]),
        (V, &[float(1 << 63)], &[]),
    ]);
    assert_eq!(narrowed(&l, V, &[int(7)], &[]), Some(vec![0, 4, 5]));
    assert_eq!(narrowed(&l, V, &[int(8)], &[]), Some(vec![4]));
    assert_eq!(narrowed(&l, V, &[f(1, 1)], &[]), Some(vec![1, 4]));
    assert_eq!(narrowed(&l, V, &[f(1, 2)], &[]), Some(vec![4]));
    // Boxed values are keyed by value: 0.0 and -0.0 do not unify, so neither selects the other.
    assert_eq!(narrowed(&l, V, &[float(0)], &[]), Some(vec![2, 4]));
    assert_eq!(narrowed(&l, V, &[float(1 << 63)], &[]), Some(vec![4, 6]));
    assert_eq!(narrowed(&l, V, &[float(1)], &[]), Some(vec![4]));
}

#[test]
fn the_tail_of_a_list_first_argument_tells_the_clauses_apart() {
    // best([P], P, V). best([P1 | Ps], B, V).
    let l = list(&[(cons(), &[], &[V, nil()]), (cons(), &[], &[V, V])]);
    assert_eq!(by_first(&l, cons()), vec![0, 1]);
    // A tail that is a non-empty list: only the second clause.
    assert_eq!(narrowed(&l, cons(), &[], &[V, cons()]), Some(vec![1]));
    // A tail that is []: both may match, so the first-argument selection stands.
    assert_eq!(narrowed(&l, cons(), &[], &[int(1), nil()]), None);
    // An unbound tail or an unbound first argument: nothing to add.
    assert_eq!(narrowed(&l, cons(), &[], &[int(1), V]), None);
    assert_eq!(narrowed(&l, V, &[], &[]), None);

    // len([X], 1). len([X, Y | T], N): [] against [_|_] tails, both exclusive.
    let l = list(&[
        (cons(), &[int(1)], &[V, nil()]),
        (cons(), &[], &[V, cons()]),
    ]);
    assert_eq!(narrowed(&l, cons(), &[], &[V, nil()]), Some(vec![0]));
    assert_eq!(narrowed(&l, cons(), &[], &[V, cons()]), Some(vec![1]));
    assert_eq!(narrowed(&l, cons(), &[], &[V, a(1)]), Some(vec![]));
}

#[test]
fn deep_keys_count_only_within_the_same_functor() {
    // h(p(a)). h(q(b)). h(p(b)). h(_). h(z).
    let l = list(&[
        (f(1, 1), &[], &[a(1)]),
        (f(2, 1), &[], &[a(2)]),
        (f(1, 1), &[], &[a(2)]),
        (V, &[], &[]),
        (a(5), &[], &[]),
    ]);
    assert_eq!(by_first(&l, f(1, 1)), vec![0, 2, 3]);
    assert_eq!(narrowed(&l, f(1, 1), &[], &[a(2)]), Some(vec![2, 3]));
    assert_eq!(narrowed(&l, f(2, 1), &[], &[a(1)]), Some(vec![3]));
    // An atomic call has no deep keys.
    assert_eq!(narrowed(&l, a(5), &[], &[]), None);
}

/// A long list: the fact table t(I, I mod 5, I mod 3) for I = 0..40, with a catch-all clause
/// t(_, _, _) at position 17 and t(_, 2, 1) at position 30.
fn long_list() -> ClauseList {
    let mut heads: Vec<(Key, Vec<Key>)> = (0..40)
        .map(|i| (int(i), vec![int(i % 5), int(i % 3)]))
        .collect();
    heads[17] = (V, vec![V, V]);
    heads[30] = (V, vec![int(2), int(1)]);
    let refs: Vec<(Key, &[Key], &[Key])> = heads
        .iter()
        .map(|(k, args)| (*k, &args[..], &[][..]))
        .collect();
    list(&refs)
}

#[test]
fn long_lists_keep_their_first_argument_selection_for_the_indexes() {
    // A long list is narrowed by its just-in-time indexes (`jit.rs`, tested there), which are
    // kept through changes: the columns, made again for every snapshot, leave it alone.
    let l = long_list();
    for k in 0..6 {
        assert_eq!(narrowed(&l, V, &[int(k)], &[]), None, "second = {k}");
    }
    assert_eq!(by_first(&l, int(12)), vec![12, 17, 30]);
    assert_eq!(narrowed(&l, int(12), &[int(2), int(0)], &[]), None);
}

#[test]
fn a_clause_with_a_variable_is_in_every_bucket_however_many_keys() {
    // Beyond 4096 different keys, a variable clause at the end must still be found.
    let codes: Vec<u64> = (1..=5000u64)
        .map(|i| int(i as i64).code())
        .chain([0])
        .collect();
    let b = Buckets::build(codes.iter().copied()).expect("within budget");
    assert_eq!(b.get(int(4500).code()), &[4499, 5000]);
    assert_eq!(b.get(int(6000).code()), &[5000]);
    // A variable first, then keys: the variable comes first in each bucket.
    let codes = [0, int(1).code(), int(2).code(), 0, int(1).code()];
    let b = Buckets::build(codes.iter().copied()).expect("within budget");
    assert_eq!(b.get(int(1).code()), &[0, 1, 3, 4]);
    assert_eq!(b.get(int(2).code()), &[0, 2, 3]);
    assert_eq!(b.get(int(3).code()), &[0, 3]);
    // Variables interleaved with ever new keys overflow the budget: scanned instead.
    let codes: Vec<u64> = (1..=100i64).flat_map(|i| [int(i).code(), 0]).collect();
    assert!(Buckets::build(codes.iter().copied()).is_none());
}

#[test]
fn a_copy_made_to_be_changed_selects_like_the_original() {
    let l = long_list();
    assert_eq!(narrowed(&l, V, &[int(1)], &[]), None);
    // A short copy is narrowed by its own columns.
    let copy = ClauseList::from_clauses(l.clone().clauses.iter().take(7).cloned(), &[]);
    assert_eq!(narrowed(&copy, V, &[int(1)], &[]), Some(vec![1, 6]));
    // The original snapshot is untouched.
    assert_eq!(narrowed(&l, V, &[int(1)], &[]), None);
    assert_eq!(by_first(&l, V).len(), 40);
}

#[test]
fn an_argument_with_one_key_is_left_alone_but_a_list_tail_is_not() {
    // app([], L, L). app([H | T], L, [H | R]): the third argument has one key, so a call
    // app(X, Y, []) keeps both clauses, as in SWI-Prolog.
    let l = list(&[(nil(), &[V, V], &[]), (cons(), &[V, cons()], &[V, V])]);
    assert_eq!(narrowed(&l, V, &[V, nil()], &[]), None);
    assert_eq!(narrowed(&l, V, &[V, cons()], &[]), None);
    // last([X], X). last([_ | T], X): the tail of the first argument has one key, [], and a
    // call whose tail is another key rules the first clause out.
    let l = list(&[(cons(), &[V], &[V, nil()]), (cons(), &[V], &[V, V])]);
    assert_eq!(narrowed(&l, cons(), &[], &[V, cons()]), Some(vec![1]));
    assert_eq!(narrowed(&l, cons(), &[], &[V, nil()]), None);
    // line([X, X, X | _], X). line([_, X, X | _], X): every tail is a list, nothing to narrow by.
    let l = list(&[(cons(), &[V], &[V, cons()]), (cons(), &[V], &[V, cons()])]);
    assert_eq!(narrowed(&l, cons(), &[], &[V, cons()]), None);
    assert!(!l.may_narrow());
}

/// The clauses a call may try by the snapshot's plan, or `None` when it has none; checks that
/// the reported first clause and second position agree with the full list.
fn planned(l: &ClauseList, first: Key, deep: &[Key]) -> Option<Vec<usize>> {
    let call = |col: u8| {
        let key = if col >= DEEP {
            deep.get((col - DEEP) as usize)
        } else {
            None
        };
        key.copied().unwrap_or(Key::Any).code()
    };
    l.work_out_plan(&[]);
    let (cands, start, next) = match l.plan()? {
        &Plan::Fixed { start, next } => (Cands::Scan(0), start, Some(next)),
        Plan::Deep(plan) => match plan.select(first.code(), &call) {
            Some(found) => (found.cands(), found.start, found.next()),
            None => return Some(Vec::new()),
        },
    };
    let Some(next) = next else {
        return Some(vec![start - 100]);
    };
    let got = all(l, &cands);
    assert!(got.len() >= 2);
    assert_eq!(start - 100, got[0]);
    assert_eq!(l.start_at(&cands, next) - 100, got[1]);
    Some(got)
}

#[test]
fn a_plan_selects_what_the_keys_and_columns_select() {
    let lists = [
        // best([P], P, V). best([P1 | Ps], B, V).
        list(&[(cons(), &[], &[V, nil()]), (cons(), &[], &[V, V])]),
        // The same three times over, and with the clauses the other way round.
        list(&[
            (cons(), &[], &[V, nil()]),
            (cons(), &[], &[V, V]),
            (cons(), &[], &[V, V]),
        ]),
        list(&[(cons(), &[], &[V, V]), (cons(), &[], &[V, nil()])]),
        // choose(P0, V0, P1, V1, P0, V0) :- ... . choose(P0, V0, P1, V1, P1, V1).
        list(&[(V, &[], &[]), (V, &[], &[]), (V, &[], &[])]),
        // Keys of a compound first argument's first argument.
        list(&[(f(1, 2), &[], &[a(1)]), (f(1, 2), &[], &[V])]),
    ];
    let calls: [(Key, &[Key]); 8] = [
        (cons(), &[V, nil()]),
        (cons(), &[V, cons()]),
        (cons(), &[V, V]),
        (cons(), &[a(1), int(3)]),
        (V, &[]),
        (nil(), &[]),
        (f(1, 2), &[a(1)]),
        (f(1, 2), &[a(2)]),
    ];
    for (n, l) in lists.iter().enumerate() {
        for &(first, deep) in &calls {
            let by_keys = if by_first(l, first).len() >= 2 {
                narrowed(l, first, &[], deep).unwrap_or_else(|| by_first(l, first))
            } else {
                by_first(l, first)
            };
            let by_plan = planned(l, first, deep);
            assert!(by_plan.is_some(), "list {n} has a plan");
            assert_eq!(
                by_plan.unwrap(),
                by_keys,
                "list {n}, call {first:?} {deep:?}"
            );
        }
    }
    // Clauses told apart by their first argument, or by a second argument, have none.
    let l = list(&[(a(1), &[], &[]), (a(2), &[], &[])]);
    assert!(planned(&l, a(1), &[]).is_none());
    let l = list(&[(V, &[a(1)], &[]), (V, &[a(2)], &[])]);
    assert!(planned(&l, V, &[]).is_none());
}

/// The candidates of a narrowing answer, as clause positions, `None` for [`Narrowed::Same`].
fn narrowed_positions(l: &ClauseList, n: Narrowed) -> Option<Vec<usize>> {
    match n {
        Narrowed::Same => None,
        Narrowed::Fail => Some(Vec::new()),
        Narrowed::Only(start) => Some(vec![start - 100]),
        Narrowed::To(cands, _, _) => Some(all(l, &cands)),
    }
}

#[test]
fn remembered_answers_are_those_computed_afresh_before_and_after_a_change() {
    let mut lists = vec![
        long_list(),
        list(&[
            (cons(), &[nil()], &[a(1)]),
            (cons(), &[a(2)], &[V, nil()]),
            (V, &[a(2)], &[]),
            (nil(), &[V], &[]),
        ]),
    ];
    let calls: Vec<(Key, Vec<Key>, Vec<Key>)> = (0..60)
        .map(|i: i64| {
            let first = match i % 4 {
                0 => int(i % 7),
                1 => cons(),
                2 => V,
                _ => nil(),
            };
            let args = vec![
                if i % 3 == 0 { V } else { int(i % 5) },
                if i % 2 == 0 { a(2) } else { int(i % 3) },
            ];
            (first, args, vec![a((i % 2) as u32 + 1), nil()])
        })
        .collect();
    for round in 0..2 {
        for (n, l) in lists.iter().enumerate() {
            // Every call twice over, so that the second finds its answers remembered (or
            // another call's in the same place).
            for (first, args, deep) in calls.iter().chain(calls.iter()) {
                let call = |col: u8| {
                    let key = if col >= DEEP {
                        deep.get((col - DEEP) as usize)
                    } else {
                        args.get(col as usize - 1)
                    };
                    key.copied().unwrap_or(Key::Any).code()
                };
                assert_eq!(
                    narrowed_positions(l, l.narrow_remembered(*first, call, &[])),
                    narrowed_positions(l, l.narrow(*first, call, &[])),
                    "round {round}, list {n}, call {first:?} {args:?} {deep:?}"
                );
                if !l.scans(first.code()) {
                    let got = l
                        .first_two_remembered(*first)
                        .map(|(c, s, n)| (all(l, &c), s, n));
                    let want = l.first_two(*first).map(|(c, s, n)| (all(l, &c), s, n));
                    assert_eq!(got, want, "round {round}, list {n}, first {first:?}");
                }
            }
        }
        // A change forgets every remembered answer.
        for l in &mut lists {
            let at = l.clauses.end();
            l.push_clause(
                Rc::new(Clause::new(
                    100 + at,
                    0,
                    false,
                    head_term(V, &[int(1), a(2)], &[]),
                    at,
                )),
                &[],
            );
        }
    }
}

#[test]
fn a_list_left_unnarrowed_could_only_have_failed_the_call() {
    // Short lists of seeded random heads over a few keys per column: wherever
    // `narrows_first` says the columns cannot narrow a call's first-argument candidates, the
    // narrowing finds them all or none, for every call; and the first-argument masks are the
    // first-argument selection.
    let firsts = [V, a(1), a(2), int(3), cons(), f(5, 2)];
    let seconds = [V, a(1), a(2), nil(), cons()];
    let deeps = [V, nil(), cons(), a(7)];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut pick = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut unnarrowed = 0;
    for _ in 0..400 {
        let n = 2 + pick(5);
        let heads: Vec<(Key, [Key; 1], [Key; 2])> = (0..n)
            .map(|_| {
                let first = firsts[pick(firsts.len())];
                let deep = if matches!(first, Key::Functor(_)) {
                    [deeps[pick(deeps.len())], deeps[pick(deeps.len())]]
                } else {
                    [V, V]
                };
                (first, [seconds[pick(seconds.len())]], deep)
            })
            .collect();
        let shaped: Vec<(Key, &[Key], &[Key])> = heads
            .iter()
            .map(|(k, args, deep)| {
                let deep: &[Key] = if matches!(k, Key::Functor(_)) {
                    deep
                } else {
                    &[]
                };
                (*k, &args[..], deep)
            })
            .collect();
        let l = list(&shaped);
        for &first in &firsts {
            let selected = by_first(&l, first);
            let bits = selected.iter().fold(0u64, |m, &i| m | 1 << i);
            assert_eq!(l.first_mask(first.code(), &[]), bits, "{heads:?} {first:?}");
            if selected.len() < 2 || l.narrows_first(first.code(), &[]) {
                continue;
            }
            unnarrowed += 1;
            for &second in &seconds {
                for &d0 in &deeps {
                    for &d1 in &deeps {
                        let got = narrowed(&l, first, &[second], &[d0, d1]);
                        assert!(
                            got.is_none()
                                || got == Some(Vec::new())
                                || got.as_ref() == Some(&selected),
                            "{heads:?} {first:?} {second:?} {d0:?} {d1:?}: {got:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(unnarrowed > 50, "{unnarrowed}");
}

#[test]
fn the_walk_of_keyed_places_without_allocation_lists_what_the_growing_one_lists() {
    let terms = [
        head_term(f(1, 2), &[int(3), V, float(0)], &[a(4), cons()]),
        head_term(f(2, 3), &[V, a(1)], &[cons(), V, int(7)]),
        head_term(V, &[], &[]),
    ];
    for t in &terms {
        for depth in 0..6 {
            for width in [1, 2, 8] {
                let (mut fast, mut grown) = (Vec::new(), Vec::new());
                t.head()
                    .keyed_places(depth, width, |s| fast.push(s.to_vec()));
                t.head()
                    .keyed_places_deep(depth, width, |s| grown.push(s.to_vec()));
                assert_eq!(fast, grown, "depth {depth}, width {width}");
            }
        }
    }
}
