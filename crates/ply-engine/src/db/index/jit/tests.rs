//! Unit tests of the just-in-time indexes: which index a call's bound places choose (deep, and
//! two places together), and, after seeded random appends, prepends and removals, that every
//! kept table lists what a table built afresh lists and that no call ever loses a clause whose
//! head could match it.

use super::table::Table;
use super::{CallTerms, ClauseList, IndexKey, Narrowed, Path};
use crate::db::index::Cands;
use crate::db::{Clause, ClauseTerm};
use ply_term::{atom, Cell, Tag};
use std::rc::Rc;

/// A term as the tests write it.
#[derive(Clone, Debug)]
enum T {
    V,
    I(i64),
    F(u32, Vec<T>),
}

/// `T::F` with name `1000 + n`.
fn f(n: u32, args: Vec<T>) -> T {
    T::F(1000 + n, args)
}

/// The cells of `t` laid out as a stored term, root first.
fn cells_of(t: &T) -> Vec<Cell> {
    let mut cells = vec![Cell(0)];
    cells[0] = put(&mut cells, t, 0);
    cells
}

/// The cell of `t`, which goes at address `at` of `cells`; its arguments are appended.
fn put(cells: &mut Vec<Cell>, t: &T, at: usize) -> Cell {
    match t {
        T::V => Cell::reference(at),
        T::I(i) => Cell::int(*i),
        T::F(name, args) => {
            let b = cells.len();
            cells.push(Cell::functor(*name, args.len()));
            cells.resize(b + 1 + args.len(), Cell(0));
            for (i, a) in args.iter().enumerate() {
                cells[b + 1 + i] = put(cells, a, b + 1 + i);
            }
            Cell::structure(b)
        }
    }
}

/// A call as a block of cells, read as the machine reads its argument registers.
struct Call(Vec<Cell>);

impl Call {
    fn deref(&self, c: Cell) -> Cell {
        c
    }
}

impl CallTerms for Call {
    fn arity(&self) -> usize {
        self.0[self.0[0].addr()].functor_arity()
    }
    fn arg(&self, i: usize) -> Cell {
        self.deref(self.0[self.0[0].addr() + 1 + i])
    }
    fn width(&self, t: Cell) -> usize {
        match t.tag() {
            Tag::Str => self.0[t.addr()].functor_arity(),
            _ => 0,
        }
    }
    fn sub(&self, t: Cell, i: usize) -> Cell {
        self.deref(self.0[t.addr() + 1 + i])
    }
    fn code(&self, t: Cell) -> u64 {
        match t.tag() {
            Tag::Ref => 0,
            Tag::Atom | Tag::Int => t.0,
            Tag::Str => self.0[t.addr()].0,
            Tag::List => Cell::functor(atom::DOT, 2).0,
            _ => u64::MAX,
        }
    }
}

/// The clause with id `id` and head `head`, at code address 100 + `id`.
fn clause(id: usize, head: &T) -> Rc<Clause> {
    let term = ClauseTerm::from_cells(cells_of(head));
    Rc::new(Clause::new(100 + id, 0, false, term, id))
}

/// Whether a clause head may match a call, place by place: a variable on either side, or the
/// same functor and arguments that may match, or the same number.
fn may_match(clause: &T, call: &T) -> bool {
    match (clause, call) {
        (T::V, _) | (_, T::V) => true,
        (T::I(a), T::I(b)) => a == b,
        (T::F(n, xs), T::F(m, ys)) => {
            n == m && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| may_match(x, y))
        }
        _ => false,
    }
}

/// The ids of the clauses a call of head `call` may try in `l`: those the first argument
/// leaves (all live clauses whose first argument may match), narrowed by the indexes.
fn tried(l: &ClauseList, call: &T) -> Vec<usize> {
    let cells = Call(cells_of(call));
    let first = cells.code(cells.arg(0));
    let keys = &l.clauses.keys;
    let by_first: Vec<usize> = (l.clauses.head()..l.clauses.end())
        .filter(|&s| super::live_match(keys[s].0, first))
        .collect();
    let ids = |slots: &[usize]| slots.iter().map(|&s| keys[s].1 - 100).collect();
    match l.jit_narrow(first, &cells, &[]) {
        Narrowed::Same => ids(&by_first),
        Narrowed::Fail => vec![],
        Narrowed::Only(start) => vec![start - 100],
        Narrowed::To(cands, start, next) => {
            let mut out = vec![start - 100];
            let mut pos = Some(next);
            while let Some(p) = pos {
                out.push(l.start_at(&cands, p) - 100);
                pos = l.next_candidate(&cands, p + 1);
            }
            assert!(matches!(cands, Cands::Slots(..)));
            out
        }
    }
}

/// The head `a(fact(path(A, B), cost(C)))` of an answer table.
fn answer(a: i64, b: i64, c: i64) -> T {
    let path = f(2, vec![T::I(a), T::I(b)]);
    let cost = f(3, vec![T::I(c)]);
    f(0, vec![f(1, vec![path, cost])])
}

#[test]
fn an_answer_table_is_indexed_inside_its_shared_functors_on_two_places() {
    let heads: Vec<T> = (0..400).map(|j| answer(j % 20, j / 20, j % 7)).collect();
    let l = ClauseList::from_clauses(heads.iter().enumerate().map(|(i, h)| clause(i, h)), &[]);
    // Both numbers bound: one clause, by the index on both places together.
    assert_eq!(tried(&l, &answer(3, 4, 2)), vec![83]);
    let deep = |steps: &[u8]| {
        let mut p = Path::arg(steps[0]);
        for &s in &steps[1..] {
            p = p.child(s).unwrap();
        }
        p
    };
    let (a, b) = (deep(&[0, 0, 0]), deep(&[0, 0, 1]));
    let keys: Vec<IndexKey> = l.jit_indexes().iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, vec![IndexKey::two(a, b)]);
    // One number bound: that place alone, a second index.
    let want: Vec<usize> = (0..20).map(|j| 3 + 20 * j).collect();
    let call = f(0, vec![f(1, vec![f(2, vec![T::I(3), T::V]), T::V])]);
    assert_eq!(tried(&l, &call), want);
    assert_eq!(l.jit_indexes().len(), 2);
    // A key no clause has fails at once; a place no clause keys leaves the first argument's.
    assert_eq!(tried(&l, &answer(3, 99, 2)), Vec::<usize>::new());
    let call = f(0, vec![f(1, vec![T::V, T::V])]);
    assert_eq!(tried(&l, &call).len(), 400);
}

#[test]
fn a_call_lists_only_the_places_some_clause_has_a_key_at() {
    // `a(f(_, _, _, _, _, _, _, g(K)))` for 100 keys: the one key is deep in the last argument.
    let head = |k: T| {
        f(
            0,
            vec![f(
                1,
                vec![T::V, T::V, T::V, T::V, T::V, T::V, T::V, f(2, vec![k])],
            )],
        )
    };
    let heads: Vec<T> = (0..100).map(|j| head(T::I(j))).collect();
    let mut l = ClauseList::from_clauses(heads.iter().enumerate().map(|(i, h)| clause(i, h)), &[]);
    // A call whose other arguments are bound terms of their own binds more places before
    // `g(K)`'s than a call lists: only the places the clauses have keys at are listed.
    let busy = f(3, vec![T::I(1), T::I(2), T::I(3)]);
    let mut args = vec![busy; 7];
    args.push(f(2, vec![T::I(42)]));
    let call = f(0, vec![f(1, args)]);
    assert_eq!(tried(&l, &call), vec![42]);
    // A clause with a key at a place none had before: the next call lists that place.
    let mut args = vec![T::V; 8];
    args[0] = T::I(5);
    let call = Call(cells_of(&f(0, vec![f(1, args.clone())])));
    let lists = |l: &ClauseList, steps: &[u8]| {
        let places = l.bound_places(&call, 1, &[]);
        places.at[..places.len]
            .iter()
            .any(|(p, _)| p.steps() == steps)
    };
    assert!(!lists(&l, &[0, 0]));
    l.push_clause(clause(100, &f(0, vec![f(1, args)])), &[]);
    assert!(lists(&l, &[0, 0]));
    assert!(lists(&l, &[0]));
}

#[test]
fn an_argument_with_few_keys_is_left_to_head_unification() {
    // Two keys in the second argument: an index would save half the clauses at best.
    let heads: Vec<T> = (0..64).map(|j| f(0, vec![T::V, T::I(j % 2)])).collect();
    let l = ClauseList::from_clauses(heads.iter().enumerate().map(|(i, h)| clause(i, h)), &[]);
    assert_eq!(tried(&l, &f(0, vec![T::V, T::I(1)])).len(), 64);
    assert!(l.jit_indexes().is_empty());
}

/// A small deterministic generator (SplitMix64), so that every run tries the same sequences.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }

    /// A term of `keys` numbers, a variable one time in `vars`.
    fn term(&mut self, keys: u64, vars: u64) -> T {
        if self.below(vars) == 0 {
            T::V
        } else {
            T::I(self.below(keys) as i64)
        }
    }

    /// A head `g(K, h(K2, K3))` with keys drawn from `keys` numbers.
    fn head(&mut self, keys: u64, vars: u64) -> T {
        let inner = f(1, vec![self.term(keys, vars), self.term(keys, vars)]);
        let second = if self.below(8) == 0 { T::I(7) } else { inner };
        f(0, vec![self.term(3, vars), second])
    }
}

/// Every table of `l` lists, for every key code of `probes`, what a table built afresh from
/// the clauses lists.
fn tables_match_a_rebuild(l: &ClauseList, probes: &[u64], step: usize) {
    let jit = l.jit.borrow();
    for ix in &jit.indexes {
        let fresh = Table::build(l.slots_and_codes(ix.key, &[]), 0, usize::MAX).unwrap();
        let listed = |t: &Table, k: u64| match t.get(k) {
            super::table::Found::One(s) => vec![s],
            super::table::Found::Many(list) => list.to_vec(),
        };
        for &k in probes {
            assert_eq!(
                listed(&ix.table, k),
                listed(&fresh, k),
                "step {step}: {:?}",
                ix.key
            );
        }
        assert!(ix.table.same_as(&fresh), "step {step}: {:?}", ix.key);
    }
}

#[test]
fn random_changes_keep_every_table_and_every_candidate() {
    for (seed, keys, vars) in [(1, 40, 9), (2, 6, 3), (3, 200, 50)] {
        let mut rng = Rng(seed);
        let mut model: Vec<(usize, T)> = Vec::new();
        let mut l = ClauseList::default();
        for step in 0..1500 {
            let id = 1000 + step;
            match rng.below(5) {
                0 | 1 => {
                    let h = rng.head(keys, vars);
                    l.push_clause(clause(id, &h), &[]);
                    model.push((id, h));
                }
                2 if l.clauses.head() > 0 => {
                    let h = rng.head(keys, vars);
                    l.prepend_clause(clause(id, &h), &[]);
                    model.insert(0, (id, h));
                }
                _ if !model.is_empty() => {
                    let at = rng.below(model.len() as u64) as usize;
                    let (gone, _) = model.remove(at);
                    let slot = l.clauses.slot_of(gone, None).unwrap();
                    l.remove_clause(slot, &[]);
                }
                _ => {}
            }
            for _ in 0..3 {
                let call = rng.head(keys, vars);
                let got = tried(&l, &call);
                let want: Vec<usize> = (model.iter())
                    .filter(|(_, h)| may_match(h, &call))
                    .map(|(id, _)| *id)
                    .collect();
                // Every clause that may match is tried, in order, among only live ones.
                let mut rest = got.iter();
                for id in &want {
                    assert!(rest.any(|g| g == id), "step {step}: {id} lost for {call:?}");
                }
                assert!(got.iter().all(|g| model.iter().any(|(id, _)| id == g)));
            }
            let probes: Vec<u64> = (0..keys as i64).map(|k| Cell::int(k).0).collect();
            tables_match_a_rebuild(&l, &probes, step);
        }
        assert!(
            !l.jit_indexes().is_empty(),
            "seed {seed}: no index was built"
        );
    }
}
