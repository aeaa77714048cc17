//! The one recursive core of every algorithm: fail-soft alpha-beta in negamax form, with
//! switches for pruning, move ordering, null windows (PVS) and the transposition table. Each
//! algorithm is a setting of the switches ([`Switches::of`]), and each switch is a few lines
//! of the Prolog twin, so that the twin's calls follow this code step for step.

use super::ordering::Ordering;
use super::table::{Bound, Entry, Table};
use super::{Algorithm, Counts, Report, Space, Stop, INF, MAX_PLY};
use std::time::Instant;

/// Which parts of the core an algorithm uses.
#[derive(Clone, Copy, Debug)]
pub(super) struct Switches {
    prune: bool,
    order: bool,
    pvs: bool,
    table: bool,
}

impl Switches {
    /// The switches of `algorithm`.
    fn of(algorithm: Algorithm) -> Switches {
        let (prune, order, pvs, table) = match algorithm {
            Algorithm::Negamax => (false, false, false, false),
            Algorithm::Ordered => (true, true, false, false),
            Algorithm::Pvs => (true, true, true, false),
            Algorithm::Id => (true, true, false, true),
        };
        Switches {
            prune,
            order,
            pvs,
            table,
        }
    }
}

/// A search in progress: the space, what it has learnt (ordering, table) and its counts.
pub(super) struct Searcher<'s, S: Space> {
    pub(super) space: &'s mut S,
    switches: Switches,
    deadline: Option<Instant>,
    pub(super) counts: Counts,
    /// How often the search met the horizon: a leaf at depth 0, or a table entry that holds
    /// only to a horizon. A position whose search left it unchanged was searched to the end of
    /// the game everywhere, and its value holds for every horizon.
    pub(super) frontier: u64,
    /// How many cut-offs the search made: a null-window search that made none computed the
    /// exact value, as minimax would, and PVS need not search again.
    cutoffs: u64,
    ordering: Ordering,
    table: Table,
}

impl<'s, S: Space> Searcher<'s, S> {
    /// A searcher that has learnt nothing yet.
    pub(super) fn new(space: &'s mut S, algorithm: Algorithm, deadline: Option<Instant>) -> Self {
        Searcher {
            space,
            switches: Switches::of(algorithm),
            deadline,
            counts: Counts::default(),
            frontier: 0,
            cutoffs: 0,
            ordering: Ordering::default(),
            table: Table::default(),
        }
    }

    /// Search `root` with the widest window; the value turned to MAX's point of view.
    pub(super) fn root(&mut self, root: &S::Pos) -> Result<Report, Stop> {
        let (v, best) = self.node(root, -INF, INF, 0)?;
        let max = self.space.max_to_move(root)?;
        Ok(Report {
            best,
            value: if max { v } else { -v },
            counts: self.counts,
            depth: self.space.depth(root)?,
        })
    }

    /// The value of `child` for the side to move in its parent (`parent_max`), searched with
    /// the parent's window `alpha..beta`: negated when the other side moves in `child`.
    fn child(
        &mut self,
        child: &S::Pos,
        parent_max: bool,
        alpha: i64,
        beta: i64,
        ply: usize,
    ) -> Result<i64, Stop> {
        if self.space.max_to_move(child)? == parent_max {
            Ok(self.node(child, alpha, beta, ply + 1)?.0)
        } else {
            Ok(-self.node(child, -beta, -alpha, ply + 1)?.0)
        }
    }

    /// Fail-soft negamax: the value of `pos` for its side to move, exact when it falls inside
    /// `alpha..beta`, a bound on the side it fell out of otherwise; and the chosen successor.
    fn node(
        &mut self,
        pos: &S::Pos,
        alpha: i64,
        beta: i64,
        ply: usize,
    ) -> Result<(i64, Option<usize>), Stop> {
        if ply > MAX_PLY {
            return Err(Stop::TooDeep);
        }
        self.check_time()?;
        let depth = self.space.depth(pos)?;
        let key = if self.switches.table || self.switches.order {
            self.space.key(pos)?
        } else {
            0
        };
        let mut table_move = None;
        if self.switches.table {
            if let Some(e) = self.table.get(key) {
                if ply > 0 && e.depth >= depth && e.answers(alpha, beta) {
                    self.counts.tt_hits += 1;
                    if e.depth != crate::UNLIMITED {
                        self.frontier += 1;
                    }
                    return Ok((e.value, None));
                }
                table_move = e.best;
            }
        }
        self.counts.nodes += 1;
        let frontier = self.frontier;
        let succs = self.space.successors(pos)?;
        let max = self.space.max_to_move(pos)?;
        if succs.is_empty() {
            self.counts.evals += 1;
            let v = self.space.value(pos)?;
            let v = if max { v } else { -v };
            if depth == 0 {
                self.frontier += 1;
            }
            // A leaf's value is exact whatever the window.
            self.store(key, self.reach(frontier, depth), v, -INF - 1, INF + 1, None);
            return Ok((v, None));
        }
        let order: Vec<usize> = if self.switches.order {
            self.order(key, &succs, max, ply, table_move)?
        } else {
            (0..succs.len()).collect()
        };
        let (v, best) = self.successors(&succs, &order, max, alpha, beta, ply, depth, key)?;
        if self.switches.table {
            let best_key = self.space.key(&succs[best])?;
            let reach = self.reach(frontier, depth);
            self.store(key, reach, v, alpha, beta, Some(best_key));
        }
        Ok((v, Some(best)))
    }

    /// The horizon to which a search of `depth` plies holds: every horizon when it never met
    /// one (the frontier count was `frontier` before it and is unchanged).
    fn reach(&self, frontier: u64, depth: u32) -> u32 {
        if self.frontier == frontier {
            crate::UNLIMITED
        } else {
            depth
        }
    }

    /// The loop over the successors in `order`: the best value and its successor.
    #[allow(clippy::too_many_arguments)]
    fn successors(
        &mut self,
        succs: &[S::Pos],
        order: &[usize],
        max: bool,
        alpha: i64,
        beta: i64,
        ply: usize,
        depth: u32,
        key: u64,
    ) -> Result<(i64, usize), Stop> {
        let mut a = alpha;
        let mut best: Option<(i64, usize)> = None;
        for (k, &i) in order.iter().enumerate() {
            let c = &succs[i];
            // At the root a later successor in the game's order must win a tie, so it is
            // searched with a window one lower, which tells a tie from a worse value.
            let a_eff = match best {
                Some((_, b)) if ply == 0 && i > b => a - 1,
                _ => a,
            };
            let v = if self.switches.pvs && k > 0 {
                let cutoffs = self.cutoffs;
                let v = self.child(c, max, a_eff, a_eff + 1, ply)?;
                if v > a_eff && v < beta && self.cutoffs != cutoffs {
                    // The null window proved the value at least `v`, so the re-search needs
                    // only the window from `v` up: were the value `v` itself (a tie at the
                    // root), the re-search fails low at once and answers `v`.
                    self.counts.researches += 1;
                    self.child(c, max, v, beta, ply)?
                } else {
                    v
                }
            } else {
                self.child(c, max, a_eff, beta, ply)?
            };
            let better = match best {
                None => true,
                Some((bv, b)) => v > bv || (ply == 0 && v == bv && i > b),
            };
            if better {
                best = Some((v, i));
            }
            if v > a {
                a = v;
            }
            if self.switches.prune && a >= beta {
                self.cutoffs += 1;
                if self.switches.order {
                    let mv = self.space.key(c)? ^ key;
                    self.ordering.cut(ply, mv, depth);
                }
                break;
            }
        }
        Ok(best.expect("a position with successors has a best one"))
    }

    /// The successors' indices in the order the search tries them.
    fn order(
        &mut self,
        key: u64,
        succs: &[S::Pos],
        max: bool,
        ply: usize,
        table_move: Option<u64>,
    ) -> Result<Vec<usize>, Stop> {
        let mut keyed = Vec::with_capacity(succs.len());
        for (i, c) in succs.iter().enumerate() {
            let ck = self.space.key(c)?;
            self.counts.evals += 1;
            let e = self.space.value(c)?;
            let e = if max { e } else { -e };
            keyed.push((self.ordering.rank(ply, ck, ck ^ key, table_move, e), i));
        }
        // Stable: successors that rank alike keep the game's order.
        keyed.sort_by_key(|&(rank, _)| rank);
        Ok(keyed.into_iter().map(|(_, i)| i).collect())
    }

    /// Remember the value of a position in the table, with the kind of bound it is.
    fn store(&mut self, key: u64, depth: u32, v: i64, alpha: i64, beta: i64, best: Option<u64>) {
        if !self.switches.table {
            return;
        }
        let bound = if v <= alpha {
            Bound::Upper
        } else if v >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.put(
            key,
            Entry {
                depth,
                bound,
                value: v,
                best,
            },
        );
    }

    /// Stop with [`Stop::Time`] once the deadline has passed (looked at every 256 positions).
    fn check_time(&mut self) -> Result<(), Stop> {
        if let Some(d) = self.deadline {
            if self.counts.nodes.is_multiple_of(256) && Instant::now() >= d {
                return Err(Stop::Time);
            }
        }
        Ok(())
    }
}
