//! Native reference engines over any [`Game`]: the textbook minimax and alpha-beta, perft, and
//! full-tree statistics.
//!
//! The engines reproduce Bratko's programs exactly (figures 15.3, corrected, and 15.5), so that
//! the same program run in Prolog over the same moves gives the same successor, the same value
//! and the same number of nodes. In particular:
//!
//! * `moves/2` produces all successors at once, in the game's order; a position without
//!   successors (depth 0, or the game is over) is scored by `staticval/2`.
//! * `best/3` is a right fold: `betterof(P0,V0,P1,V1,...)` keeps the earlier successor `P0`
//!   only when `min_to_move(P0)` and `V0 > V1`, or `max_to_move(P0)` and `V0 < V1`; on a tie the
//!   later successor wins. The side is asked of the successor, not of the parent, so a game in
//!   which a side may move twice in a row (Kalah's extra move) is scored the way the textbook
//!   program scores it, which is not the true game value; such games bring their own solver.
//! * Alpha-beta uses Bratko's strict cut-offs (`V > Beta` after a MAX move, `V < Alpha` after a
//!   MIN move) and his `newbounds/6`.
//!
//! The engines never recurse in Rust: the search depth lives in the position and may be large
//! (a puzzle searched to depth 10^6 must not overflow the stack), so every walk here keeps its
//! own stack of frames. Nothing here may know a particular game.

use super::{Game, Outcome};

/// What a search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions visited: calls of `minimax/3` or `alphabeta/5`.
    pub nodes: u64,
    /// Calls of `moves/2` (one per visited position).
    pub moves_calls: u64,
    /// Calls of `staticval/2`: leaves evaluated.
    pub static_calls: u64,
}

/// The answer of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The index of the chosen successor in the game's move order; `None` when the root has no
    /// successors and was scored statically.
    pub best: Option<usize>,
    /// The backed-up value of the root, from MAX's point of view.
    pub value: i64,
    /// What the search counted.
    pub stats: SearchStats,
}

/// One open position on the explicit search stack.
struct Frame<P> {
    /// The successors of the position, in move order.
    children: Vec<P>,
    /// The values of the successors searched so far.
    values: Vec<i64>,
    /// The bounds `boundedbest/5` passes to the next successor.
    alpha: i64,
    beta: i64,
}

/// The textbook minimax (Bratko fig. 15.3 with the erratum corrected).
pub fn minimax<G: Game>(game: &G, pos: &G::Pos) -> SearchResult {
    search(game, pos, None)
}

/// The textbook alpha-beta (Bratko fig. 15.5) called as `alphabeta(Pos, Alpha, Beta, Good, Val)`.
pub fn alphabeta<G: Game>(game: &G, pos: &G::Pos, alpha: i64, beta: i64) -> SearchResult {
    search(game, pos, Some((alpha, beta)))
}

/// Bratko's `betterof/6` as a test: does the earlier successor `p0` with value `v0` beat the
/// later choice with value `v1`?
fn earlier_is_better<G: Game>(game: &G, p0: &G::Pos, v0: i64, v1: i64) -> bool {
    if game.max_to_move(p0) {
        v0 < v1
    } else {
        v0 > v1
    }
}

/// `best/3` (or the tail of `boundedbest/5`): fold the values of `children[..values.len()]`
/// from the right with `betterof/6`.
fn fold_best<G: Game>(game: &G, frame: &Frame<G::Pos>) -> (usize, i64) {
    let last = frame.values.len() - 1;
    let mut best = (last, frame.values[last]);
    for i in (0..last).rev() {
        if earlier_is_better(game, &frame.children[i], frame.values[i], best.1) {
            best = (i, frame.values[i]);
        }
    }
    best
}

/// Both engines: `window` is `None` for minimax and the root bounds for alpha-beta.
fn search<G: Game>(game: &G, root: &G::Pos, window: Option<(i64, i64)>) -> SearchResult {
    let mut stats = SearchStats::default();
    let mut stack: Vec<Frame<G::Pos>> = Vec::new();
    let mut moves = Vec::new();
    let (root_alpha, root_beta) = window.unwrap_or((i64::MIN, i64::MAX));
    // `next` is the position about to be visited, with the bounds it is searched with.
    let mut next = (root.clone(), root_alpha, root_beta);
    'visit: loop {
        let (pos, alpha, beta) = next;
        stats.nodes += 1;
        stats.moves_calls += 1;
        moves.clear();
        game.moves(&pos, &mut moves);
        if !moves.is_empty() {
            let children: Vec<G::Pos> = moves.iter().map(|m| game.play(&pos, m)).collect();
            next = (children[0].clone(), alpha, beta);
            stack.push(Frame {
                children,
                values: Vec::new(),
                alpha,
                beta,
            });
            continue 'visit;
        }
        stats.static_calls += 1;
        let mut value = game.static_value(&pos);
        // Hand the value up the stack until some frame has another successor to visit.
        loop {
            let Some(frame) = stack.last_mut() else {
                return SearchResult {
                    best: None,
                    value,
                    stats,
                };
            };
            frame.values.push(value);
            let i = frame.values.len() - 1;
            let max_moves_next = game.max_to_move(&frame.children[i]);
            let last = i + 1 == frame.children.len();
            // goodenough/7: a MAX move whose value exceeds Beta, or a MIN move whose value is
            // below Alpha, ends the list.
            let cut = window.is_some()
                && ((!max_moves_next && value > frame.beta)
                    || (max_moves_next && value < frame.alpha));
            if !last && !cut {
                if window.is_some() {
                    // newbounds/6
                    if !max_moves_next && value > frame.alpha {
                        frame.alpha = value;
                    } else if max_moves_next && value < frame.beta {
                        frame.beta = value;
                    }
                }
                next = (frame.children[i + 1].clone(), frame.alpha, frame.beta);
                continue 'visit;
            }
            let (best, best_value) = fold_best(game, frame);
            stack.pop();
            if stack.is_empty() {
                return SearchResult {
                    best: Some(best),
                    value: best_value,
                    stats,
                };
            }
            value = best_value;
        }
    }
}

/// Leaf positions `depth` plies below `pos`, with the game's move generator.
///
/// Perft counts its own plies: the position's horizon is not looked at. The moves are those of
/// [`Game::perft_moves`], which ignore draw rules (dead positions, the fifty-move rule) as the
/// published tables do. A game that ends above the horizon counts as one leaf only when
/// [`Game::perft_counts_finished_games`] says so. Every move the game
/// generates is one ply, so in Othello, where a pass is a move of the generator, a pass counts
/// as a ply (the convention of the published figures, facts README).
pub fn perft<G: Game>(game: &G, pos: &G::Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let finished_counts = game.perft_counts_finished_games();
    let mut count = 0u64;
    let mut moves = Vec::new();
    let mut stack = vec![(pos.clone(), depth)];
    while let Some((p, left)) = stack.pop() {
        moves.clear();
        game.perft_moves(&p, &mut moves);
        if moves.is_empty() {
            if finished_counts {
                count += 1;
            }
        } else if left == 1 {
            count += moves.len() as u64;
        } else {
            stack.extend(moves.iter().map(|m| (game.play(&p, m), left - 1)));
        }
    }
    count
}

/// The size and results of a whole game tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TreeStats {
    /// Positions at each ply, the root at ply 0.
    pub nodes_per_ply: Vec<u64>,
    /// Leaves at each ply.
    pub leaves_per_ply: Vec<u64>,
    /// Leaves where MAX has won.
    pub max_wins: u64,
    /// Leaves where MIN has won.
    pub min_wins: u64,
    /// Leaves where the game is drawn.
    pub draws: u64,
    /// Leaves cut off by the horizon with the game still going.
    pub unfinished: u64,
}

impl TreeStats {
    /// All positions of the tree, the root included.
    pub fn nodes(&self) -> u64 {
        self.nodes_per_ply.iter().sum()
    }

    /// All leaves: complete games when the horizon is beyond the end of the game.
    pub fn leaves(&self) -> u64 {
        self.leaves_per_ply.iter().sum()
    }
}

/// Walk the whole tree below `pos` (bounded by the position's own depth) and count it.
pub fn tree_stats<G: Game>(game: &G, pos: &G::Pos) -> TreeStats {
    let mut stats = TreeStats::default();
    let mut moves = Vec::new();
    let mut stack = vec![(pos.clone(), 0usize)];
    while let Some((p, ply)) = stack.pop() {
        if stats.nodes_per_ply.len() <= ply {
            stats.nodes_per_ply.resize(ply + 1, 0);
            stats.leaves_per_ply.resize(ply + 1, 0);
        }
        stats.nodes_per_ply[ply] += 1;
        moves.clear();
        game.moves(&p, &mut moves);
        if moves.is_empty() {
            stats.leaves_per_ply[ply] += 1;
            match game.outcome(&p) {
                Some(Outcome::MaxWins) => stats.max_wins += 1,
                Some(Outcome::MinWins) => stats.min_wins += 1,
                Some(Outcome::Draw) => stats.draws += 1,
                None => stats.unfinished += 1,
            }
        } else {
            stack.extend(moves.iter().map(|m| (game.play(&p, m), ply + 1)));
        }
    }
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Horizon, UNLIMITED};

    /// A game given as an explicit tree, to check the engines against hand-worked textbook
    /// figures: node `i` has children `tree[i]`, static value `vals[i]`, and MAX moves at even
    /// levels.
    struct Explicit {
        tree: Vec<Vec<usize>>,
        vals: Vec<i64>,
    }

    /// A node of an explicit tree and whether MAX moves there. The tree has no horizon: its
    /// leaves end it.
    impl Horizon for (usize, bool) {
        fn depth(&self) -> u32 {
            UNLIMITED
        }
        fn set_depth(&mut self, _: u32) {}
    }

    impl Game for Explicit {
        type Pos = (usize, bool);
        type Move = usize;
        fn legal_moves(&self, pos: &Self::Pos, out: &mut Vec<usize>) {
            out.extend(self.tree[pos.0].iter().copied());
        }
        fn after(&self, pos: &Self::Pos, mv: &usize) -> Self::Pos {
            (*mv, !pos.1)
        }
        fn max_to_move(&self, pos: &Self::Pos) -> bool {
            pos.1
        }
        fn static_value(&self, pos: &Self::Pos) -> i64 {
            self.vals[pos.0]
        }
        fn outcome(&self, _: &Self::Pos) -> Option<Outcome> {
            None
        }
    }

    /// The shape of source document 002, figure 3.5: MAX at s, MIN at A, B, C, seven leaves.
    /// The text gives D = 9, E = -6 and the backed-up values A = -6, B = -2, C = -4, s = -2
    /// via B; the other leaf values here are chosen to give those minima.
    fn figure_3_5() -> Explicit {
        let tree = vec![
            vec![1, 2, 3],
            vec![4, 5],
            vec![6, 7, 8],
            vec![9, 10],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
            vec![],
        ];
        let vals = vec![0, 0, 0, 0, 9, -6, 0, -2, 3, -4, -3];
        Explicit { tree, vals }
    }

    #[test]
    fn figure_3_5_minimax_and_alphabeta() {
        let g = figure_3_5();
        let m = minimax(&g, &(0, true));
        assert_eq!((m.best, m.value), (Some(1), -2));
        assert_eq!(m.stats.nodes, 11);
        assert_eq!(m.stats.static_calls, 7);
        let a = alphabeta(&g, &(0, true), -1000, 1000);
        assert_eq!((a.best, a.value), (Some(1), -2));
        // After A = -6 and B = -2, C's first leaf -4 < -2 cuts C's second leaf.
        assert_eq!(a.stats.static_calls, 6);
    }

    #[test]
    fn ties_keep_the_later_successor() {
        let g = Explicit {
            tree: vec![vec![1, 2, 3], vec![], vec![], vec![]],
            vals: vec![0, 5, 5, 1],
        };
        assert_eq!(minimax(&g, &(0, true)).best, Some(1));
        let g = Explicit {
            tree: vec![vec![1, 2], vec![], vec![]],
            vals: vec![0, 5, 5],
        };
        assert_eq!(minimax(&g, &(0, true)).best, Some(1));
        assert_eq!(alphabeta(&g, &(0, true), -9, 9).best, Some(1));
    }

    #[test]
    fn leaf_root_has_no_best() {
        let g = Explicit {
            tree: vec![vec![]],
            vals: vec![7],
        };
        let r = minimax(&g, &(0, true));
        assert_eq!((r.best, r.value, r.stats.nodes), (None, 7, 1));
    }
}

#[cfg(test)]
pub(crate) mod test_support;
