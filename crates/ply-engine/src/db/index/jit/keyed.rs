//! Where the clauses of a list hold keys, so that a call looks only there: which head
//! arguments (a bit each), and which places, down to [`MAX_DEPTH`] (a small tree of paths).
//!
//! A call that reaches the just-in-time indexes lists the places it binds (`Places`), and a
//! place where no clause has anything but a variable can never be worth an index: every clause
//! would stay a candidate. A call whose first argument is a large term (a reducer's graph, a
//! compiler's expression) binds dozens of such places, and listing them, before the decision
//! for their set is looked up, cost more than the look-up itself. With the tree, the call
//! reads its terms only along the paths some clause has a key on, and lists only those: the
//! same decisions, for a fraction of the reads. Both are worked out when a call first asks,
//! kept through asserts and copies, and only grow: a removal leaves them, so they may name a
//! place no clause has a key in any more, where a call only looks.

use super::{CallTerms, Path, Places, MAX_DEPTH, MAX_PLACES, MAX_WIDTH};
use crate::db::index::ClauseList;
use crate::db::HeadKeys;
use crate::instr::Instr;
use ply_term::Cell;
use std::cell::OnceCell;

/// The most places a tree keeps; a list whose clauses have keys in more places is read as a
/// call's terms are, every bound place listed.
const MAX_KEYED: usize = 32;

/// The places some clause of a list has a key at, in the order `Places` lists a call's: by
/// depth, then by steps. Each has the position of its parent in the list (the place itself
/// for a head argument) and the argument it is of that parent.
#[derive(Clone, Debug, Default)]
pub(super) struct PlaceTree {
    at: Vec<(Path, u8, u8)>,
    /// More places than [`MAX_KEYED`]: the tree is not used.
    overflow: bool,
}

impl PlaceTree {
    /// The tree of the places of `terms`.
    fn of<'a>(terms: impl Iterator<Item = HeadKeys<'a>>) -> PlaceTree {
        let mut paths: Vec<Path> = Vec::new();
        for term in terms {
            add_places(&mut paths, &term);
            if paths.len() > MAX_KEYED {
                return PlaceTree::overflowed();
            }
        }
        PlaceTree::of_paths(paths)
    }

    /// The tree with the places of `term` added: what [`PlaceTree::of`] gives for the terms
    /// of this tree and `term`, worked out from the tree's places alone, so that a clause
    /// asserted with a key at a new place costs a look at its own places, not at every
    /// clause's (a program that asserts such clauses one by one and calls between them would
    /// otherwise read the whole list again at each).
    fn with(&self, term: &HeadKeys) -> PlaceTree {
        let mut paths: Vec<Path> = self.at.iter().map(|&(p, _, _)| p).collect();
        add_places(&mut paths, term);
        if paths.len() > MAX_KEYED {
            return PlaceTree::overflowed();
        }
        PlaceTree::of_paths(paths)
    }

    /// The tree that is not used: more places than [`MAX_KEYED`].
    fn overflowed() -> PlaceTree {
        PlaceTree {
            at: Vec::new(),
            overflow: true,
        }
    }

    /// The tree of the places `paths`, none twice, at most [`MAX_KEYED`].
    fn of_paths(mut paths: Vec<Path>) -> PlaceTree {
        paths.sort_by_key(|p| (p.len, p.steps));
        let at = paths
            .iter()
            .map(|p| {
                let steps = p.steps();
                let (last, up) = steps.split_last().expect("a place has a step");
                let parent = match up {
                    [] => 0,
                    _ => paths.iter().position(|q| q.steps() == up).unwrap_or(0),
                };
                (*p, parent as u8, *last)
            })
            .collect();
        PlaceTree {
            at,
            overflow: false,
        }
    }

    /// Whether every place `term` has a key at is in the tree.
    fn covers(&self, term: &HeadKeys) -> bool {
        let mut all = true;
        term.keyed_places(MAX_DEPTH, MAX_WIDTH, |steps| {
            all = all && self.at.iter().any(|(p, _, _)| p.steps() == steps);
        });
        all
    }
}

/// Add to `paths` the places `term` has a key at that it lacks.
fn add_places(paths: &mut Vec<Path>, term: &HeadKeys) {
    term.keyed_places(MAX_DEPTH, MAX_WIDTH, |steps| {
        let p = Path::of_steps(steps);
        if !paths.contains(&p) {
            paths.push(p);
        }
    });
}

impl Places {
    /// The places of `tree` that `call` binds, with its key code at each: what
    /// [`Places::of_call`] lists, less the places no clause has a key at.
    pub(super) fn of_call_in(call: &impl CallTerms, tree: &PlaceTree) -> Places {
        let mut places = Places {
            at: [(Path::default(), 0); MAX_PLACES],
            len: 0,
        };
        // The call's term at each place of the tree, `None` where it has none (a variable or
        // an atomic term on the way).
        let mut cells: [Option<Cell>; MAX_KEYED] = [None; MAX_KEYED];
        for (j, &(path, parent, step)) in tree.at.iter().enumerate() {
            let t = if path.len == 1 {
                Some(call.arg(step as usize)).filter(|_| (step as usize) < call.arity())
            } else {
                cells[parent as usize]
                    .filter(|&up| (step as usize) < call.width(up))
                    .map(|up| call.sub(up, step as usize))
            };
            let Some(t) = t else {
                continue;
            };
            let code = call.code(t);
            if code == 0 {
                continue;
            }
            cells[j] = Some(t);
            if places.len < MAX_PLACES {
                places.at[places.len] = (path, code);
                places.len += 1;
            }
        }
        places
    }
}

/// Which head arguments (of the first [`MAX_WIDTH`]) some clause of a list holds a key in, as
/// bits (see [`HeadKeys::keyed_args`]), or [`KeyedArgs::UNKNOWN`] until a call first asks,
/// and the tree of the places some clause has a key at, once a call asked for it. Kept through
/// asserts and copies; a removal leaves both, which may then name an argument or a place no
/// clause has a key in any more: a call binding it only looks, and finds no index that pays.
#[derive(Debug, Clone)]
pub(in crate::db::index) struct KeyedArgs(std::cell::Cell<u64>, OnceCell<PlaceTree>);

impl KeyedArgs {
    /// Not yet worked out: a bit no argument has.
    const UNKNOWN: u64 = 1 << 63;

    /// Note a clause of term `term` added to the list.
    pub(in crate::db::index) fn inserted(&mut self, term: &HeadKeys) {
        let bits = self.0.get_mut();
        if *bits != Self::UNKNOWN {
            *bits |= term.keyed_args(MAX_WIDTH);
        }
        // A tree that lacks one of the clause's places gets them; trees only grow, and one
        // that overflows stays so.
        if let Some(tree) = self.1.get_mut() {
            if !tree.overflow && !tree.covers(term) {
                *tree = tree.with(term);
            }
        }
    }
}

impl Default for KeyedArgs {
    fn default() -> KeyedArgs {
        KeyedArgs(std::cell::Cell::new(Self::UNKNOWN), OnceCell::new())
    }
}

impl ClauseList {
    /// The arguments `call` binds that some clause holds a key in, as bits: the first argument
    /// when it is a compound (its own key is the first-argument table's), any other when it is
    /// not a variable.
    /// `area` is the code area the clauses' keys are read from (`Clause::cells`).
    #[inline]
    pub(super) fn bound_keyed_args(&self, call: &impl CallTerms, area: &[Instr]) -> u64 {
        let mut keyed = self.keyed.0.get();
        if keyed == KeyedArgs::UNKNOWN {
            keyed = self
                .clauses
                .iter()
                .fold(0, |m, c| m | c.keys(area).keyed_args(MAX_WIDTH));
            self.keyed.0.set(keyed);
        }
        let width = call.arity().min(MAX_WIDTH);
        let mut rest = keyed & ((1u64 << width) - 1);
        let mut bound = 0;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let a = call.arg(i);
            let binds = if i == 0 {
                call.width(a) > 0
            } else {
                call.code(a) != 0
            };
            bound |= (binds as u64) << i;
        }
        bound
    }

    /// The places `call`, which binds the arguments `args` (see
    /// [`ClauseList::bound_keyed_args`]), binds where some clause has a key.
    pub(super) fn bound_places(&self, call: &impl CallTerms, args: u64, area: &[Instr]) -> Places {
        let tree = self
            .keyed
            .1
            .get_or_init(|| PlaceTree::of(self.clauses.iter().map(|c| c.keys(area))));
        if tree.overflow {
            return Places::of_call(call, args);
        }
        Places::of_call_in(call, tree)
    }
}
