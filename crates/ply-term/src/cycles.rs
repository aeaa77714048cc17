//! Rational trees: the facts about cyclic terms (`X = f(X)`) that every term walk shares.
//!
//! ply unifies without the occurs check, so a program can make a compound that contains itself.
//! Every walk over a term (unify, compare, copy, write, `ground/1`, ...) first runs as it always
//! did, counting the compounds it enters; a walk over an acyclic term without shared subterms
//! can never enter more compounds than the heap has cells, so only past [`walk_bound`] does a
//! walk start remembering what it has seen. The common case thus pays one counter, and a cyclic
//! term still ends every walk. This module only reads the heap; it must never bind or allocate
//! on it, and it must never recurse on term depth.

use super::cell::{Cell, Tag};
use super::fast_hash::{FastMap, FastSet};
use super::heap::Heap;

/// How many compounds a walk may enter before it must guard against cycles: more than any
/// acyclic term without sharing on this heap can hold.
#[inline]
pub fn walk_bound(heap: &Heap) -> usize {
    walk_bound_over(&heap.cells)
}

/// [`walk_bound`] of the heap whose cells are `cells`, for walks that borrow the cells alone.
#[inline]
pub fn walk_bound_over(cells: &[Cell]) -> usize {
    cells.len() + 16
}

/// The identity of a compound or list pair: its cell (tag and address), which no other
/// compound shares.
#[inline]
pub fn node_key(c: Cell) -> u64 {
    c.0
}

/// True for the cells a term walk descends into.
#[inline]
pub fn is_node(c: Cell) -> bool {
    matches!(c.tag(), Tag::Str | Tag::List)
}

/// What a walk keeps to end on a cyclic term: the compounds it may still enter without a look
/// ([`walk_bound`] at the start), then the set of those it has entered.
pub struct NodeGuard {
    budget: usize,
    seen: Option<FastSet<u64>>,
}

impl NodeGuard {
    /// The guard of a walk over a term on `heap`.
    #[inline]
    pub fn new(heap: &Heap) -> NodeGuard {
        NodeGuard::over(&heap.cells)
    }

    /// [`NodeGuard::new`] of the heap whose cells are `cells`.
    #[inline]
    pub fn over(cells: &[Cell]) -> NodeGuard {
        NodeGuard {
            budget: walk_bound_over(cells),
            seen: None,
        }
    }

    /// Whether the walk should enter compound or list pair `c`: always within the bound, and
    /// past it only the first time it meets `c`.
    #[inline]
    pub fn enter(&mut self, c: Cell) -> bool {
        if self.budget > 0 {
            self.budget -= 1;
            return true;
        }
        self.seen
            .get_or_insert_with(Default::default)
            .insert(node_key(c))
    }
}

/// Push the arguments of compound or list pair `c` onto `stack` so that they pop left to right.
/// Always in line: it is the step of every walk over a term, and a call per node costs a walk
/// a third more.
#[inline(always)]
pub fn push_args(heap: &Heap, c: Cell, stack: &mut Vec<Cell>) {
    match c.tag() {
        Tag::Str => {
            let a = c.addr();
            let n = heap.cells[a].functor_arity();
            for i in (0..n).rev() {
                stack.push(heap.cells[a + 1 + i]);
            }
        }
        Tag::List => {
            let a = c.addr();
            stack.push(heap.cells[a + 1]);
            stack.push(heap.cells[a]);
        }
        _ => {}
    }
}

/// True when `root` is a finite term. A plain walk decides the common case; only a term that
/// unfolds to more than [`walk_bound`] compounds is searched with a path set.
#[inline]
pub fn is_acyclic(heap: &Heap, root: Cell) -> bool {
    unfolds_within(heap, root, walk_bound(heap)) || is_acyclic_exact(heap, root)
}

/// True when `root`, with every shared subterm written out in full, has at most `bound`
/// compounds (a cyclic term never has).
pub fn unfolds_within(heap: &Heap, root: Cell, bound: usize) -> bool {
    let mut seen = 0usize;
    let mut stack = vec![root];
    while let Some(c) = stack.pop() {
        let c = heap.deref(c);
        if is_node(c) {
            seen += 1;
            if seen > bound {
                return false;
            }
            push_args(heap, c, &mut stack);
        }
    }
    true
}

/// A depth-first search that looks for a compound reached again while it is still being
/// visited; compounds already finished are not entered twice, so this is linear in the cells.
fn is_acyclic_exact(heap: &Heap, root: Cell) -> bool {
    let mut on_path: FastSet<u64> = FastSet::default();
    let mut done: FastSet<u64> = FastSet::default();
    // `Some(c)` enters c, `None` leaves the compound at the top of `path`.
    let mut stack: Vec<Option<Cell>> = vec![Some(root)];
    let mut path: Vec<u64> = Vec::new();
    let mut kids: Vec<Cell> = Vec::new();
    while let Some(item) = stack.pop() {
        let c = match item {
            Some(c) => heap.deref(c),
            None => {
                if let Some(k) = path.pop() {
                    on_path.remove(&k);
                    done.insert(k);
                }
                continue;
            }
        };
        if !is_node(c) {
            continue;
        }
        let k = node_key(c);
        if on_path.contains(&k) {
            return false;
        }
        if done.contains(&k) {
            continue;
        }
        on_path.insert(k);
        path.push(k);
        stack.push(None);
        kids.clear();
        push_args(heap, c, &mut kids);
        stack.extend(kids.iter().map(|&k| Some(k)));
    }
    true
}

/// The shape of a list's spine, found with Brent's cycle detection so that a cyclic list ends
/// the walk after at most twice its number of pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spine {
    /// How many distinct list pairs the spine has (for a cyclic spine: the pairs before the
    /// cycle and those on it, each once).
    pub pairs: usize,
    /// What follows the last pair: `[]`, a variable, another non-list, or (for a cyclic spine)
    /// the first pair seen again.
    pub tail: Cell,
    /// True when the spine runs into itself.
    pub cyclic: bool,
}

/// Brent's cycle detection over a walk that moves one cell at a time: feed it each cell the
/// walk arrives at; it answers true once a cell comes round again. It costs a compare and an
/// increment per step and finds a cycle within twice its length plus the lead-in.
#[derive(Clone, Copy, Debug)]
pub struct CycleWatch {
    mark: Cell,
    power: usize,
    lam: usize,
}

impl CycleWatch {
    /// A watch over a walk that starts at `start`.
    #[inline]
    pub fn new(start: Cell) -> CycleWatch {
        CycleWatch {
            mark: start,
            power: 1,
            lam: 0,
        }
    }

    /// The walk moved to `c`: true when `c` was passed before (the walk is in a cycle).
    #[inline]
    pub fn arrived(&mut self, c: Cell) -> bool {
        self.lam += 1;
        if c == self.mark {
            return true;
        }
        if self.lam == self.power {
            self.mark = c;
            self.power *= 2;
            self.lam = 0;
        }
        false
    }

    /// After [`CycleWatch::arrived`] answered true: the length of the cycle.
    #[inline]
    pub fn cycle_len(&self) -> usize {
        self.lam
    }
}

/// Walk the spine of list `l` (dereferenced as it goes).
pub fn list_spine(heap: &Heap, l: Cell) -> Spine {
    let mut c = heap.deref(l);
    let mut steps = 0usize;
    let mut watch = CycleWatch::new(c);
    while c.tag() == Tag::List {
        c = heap.deref(heap.cells[c.addr() + 1]);
        steps += 1;
        if c.tag() == Tag::List && watch.arrived(c) {
            return Spine {
                pairs: cyclic_pairs(heap, l, watch.cycle_len()),
                tail: c,
                cyclic: true,
            };
        }
    }
    Spine {
        pairs: steps,
        tail: c,
        cyclic: false,
    }
}

/// The number of distinct pairs of a cyclic list whose cycle is `cycle` pairs long: the pairs
/// before the cycle plus those on it.
fn cyclic_pairs(heap: &Heap, l: Cell, cycle: usize) -> usize {
    let next = |c: Cell| heap.deref(heap.cells[c.addr() + 1]);
    // Two walkers `cycle` apart meet at the first pair of the cycle.
    let mut ahead = heap.deref(l);
    for _ in 0..cycle {
        ahead = next(ahead);
    }
    let mut behind = heap.deref(l);
    let mut before = 0usize;
    while behind != ahead {
        behind = next(behind);
        ahead = next(ahead);
        before += 1;
    }
    before + cycle
}

/// The elements of the distinct pairs of a list spine, in order, each pair once.
pub fn spine_elements(heap: &Heap, l: Cell, spine: &Spine) -> Vec<Cell> {
    let mut out = Vec::with_capacity(spine.pairs);
    let mut c = heap.deref(l);
    for _ in 0..spine.pairs {
        out.push(heap.cells[c.addr()]);
        c = heap.deref(heap.cells[c.addr() + 1]);
    }
    out
}

/// The compounds that a cyclic term is written around, in the order SWI-Prolog names them
/// `S_1`, `S_2`, ...: writing `root` with each of them replaced by its name (except as the
/// right side of its own `S_k = ...` equation) is finite, and gives SWI-Prolog's
/// `@(Template, [S_1 = ..., ...])` text.
///
/// The shared compounds are those a left-to-right depth-first walk reaches more than once, in
/// the order of their second visit. Each in turn is written inline unless it can reach itself
/// through compounds that are not shared or were already chosen to be written inline; those
/// that can are the result.
pub fn cycle_nodes(heap: &Heap, root: Cell) -> Vec<Cell> {
    let mut visited: FastSet<u64> = FastSet::default();
    let mut shared: Vec<Cell> = Vec::new();
    let mut state: FastMap<u64, Shared> = FastMap::default();
    let mut stack = vec![root];
    while let Some(c) = stack.pop() {
        let c = heap.deref(c);
        if !is_node(c) {
            continue;
        }
        if !visited.insert(node_key(c)) {
            if let std::collections::hash_map::Entry::Vacant(e) = state.entry(node_key(c)) {
                e.insert(Shared::Open);
                shared.push(c);
            }
            continue;
        }
        push_args(heap, c, &mut stack);
    }
    let mut kept = Vec::new();
    for &s in &shared {
        let me = node_key(s);
        let mut seen: FastSet<u64> = FastSet::default();
        let mut work = Vec::new();
        push_args(heap, s, &mut work);
        let mut closes = false;
        while let Some(c) = work.pop() {
            let c = heap.deref(c);
            if !is_node(c) {
                continue;
            }
            let k = node_key(c);
            if k == me {
                closes = true;
                break;
            }
            if matches!(state.get(&k), Some(Shared::Open | Shared::Named)) || !seen.insert(k) {
                continue;
            }
            push_args(heap, c, &mut work);
        }
        if closes {
            state.insert(me, Shared::Named);
            kept.push(s);
        } else {
            state.insert(me, Shared::Inline);
        }
    }
    kept
}

/// What becomes of a shared compound while [`cycle_nodes`] decides.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shared {
    /// Not decided yet: a leaf for the compounds decided before it.
    Open,
    /// Written inline wherever it occurs.
    Inline,
    /// Written by its name.
    Named,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::atom;

    fn cyclic_list(heap: &mut Heap, before: &[i64], cycle: &[i64]) -> Cell {
        let items: Vec<Cell> = before.iter().chain(cycle).map(|&i| Cell::int(i)).collect();
        let v = heap.new_var();
        let l = heap.list_from(&items, v);
        // The cycle starts at pair number `before.len()`.
        let start = Cell::list(l.addr() + 2 * before.len());
        heap.cells[v.addr()] = start;
        l
    }

    #[test]
    fn spines() {
        let mut heap = Heap::default();
        let nil = Cell::atom(atom::NIL);
        let l = heap.list_from(&[Cell::int(1), Cell::int(2)], nil);
        assert_eq!(
            list_spine(&heap, l),
            Spine {
                pairs: 2,
                tail: nil,
                cyclic: false
            }
        );
        for (b, c) in [(0, 1), (1, 1), (3, 5), (7, 2), (0, 9)] {
            let before: Vec<i64> = (0..b).collect();
            let cycle: Vec<i64> = (100..100 + c).collect();
            let l = cyclic_list(&mut heap, &before, &cycle);
            let s = list_spine(&heap, l);
            assert!(s.cyclic);
            assert_eq!(s.pairs, (b + c) as usize);
            let els = spine_elements(&heap, l, &s);
            assert_eq!(els.len(), (b + c) as usize);
            assert!(!is_acyclic(&heap, l));
        }
    }

    #[test]
    fn acyclic_and_cyclic_compounds() {
        let mut heap = Heap::default();
        let v = heap.new_var();
        let t = heap.compound(7, &[v, Cell::int(1)]);
        assert!(is_acyclic(&heap, t));
        // A DAG that unfolds far past the bound is still acyclic.
        let mut d = Cell::int(0);
        for _ in 0..40 {
            d = heap.compound(7, &[d, d]);
        }
        assert!(is_acyclic(&heap, d));
        heap.cells[v.addr()] = t;
        assert!(!is_acyclic(&heap, t));
        let u = heap.compound(8, &[d, t]);
        assert!(!is_acyclic(&heap, u));
    }
}
