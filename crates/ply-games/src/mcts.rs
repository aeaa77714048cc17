//! Monte Carlo tree search with UCT (Kocsis and Szepesvári, 2006) over any [`Game`], defined to
//! the last detail so that a Prolog program (`programs/search/mcts_en.pl`) makes the same
//! choices and ends with the same visit counts, visit for visit.
//!
//! The tree grows one node per iteration. Iteration `i` (from 1) of a search with seed `s`:
//!
//! 1. *Descent.* From the root: a node never visited ends the descent; a visited node is
//!    expanded if it is not yet (its children are its successors in the game's move order,
//!    [`Game::moves`], so the horizon applies), and one without successors ends the descent; else
//!    the descent goes to its first child never visited, or, when all have been visited, to the
//!    child with the highest UCT score, the first in move order on a tie.
//! 2. *Playout.* A random playout ([`crate::playout`]) from the node where the descent ended,
//!    with seed `s + i` (wrapping at 2^64). A node without successors plays no ply: the playout
//!    gives the game's result there, or a draw at the horizon.
//! 3. *Back-up.* Every node on the path, the root included, counts one more visit and adds the
//!    reward of the result for the side to move in its parent (the root: for its own side to
//!    move), in half-points: 2 for a win, 1 for a draw, 0 for a loss.
//!
//! The UCT score of a child with `n` visits and `w` half-points, under a parent visited `np`
//! times, is `w / (2.0 * n) + C * sqrt(ln(np) / n)` with `C = sqrt(2)`, computed in IEEE double
//! precision in exactly that order, which Prolog's arithmetic does too. The move chosen is the
//! root's child with the most visits, the first in move order on a tie. The search never
//! recurses in Rust. Nothing here may know a particular game.

use super::playout::playout;
use super::{GTerm, Game, Outcome, TermGame};
use std::time::Instant;

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MctsResult {
    /// The index of the chosen move in the game's move order; `None` when the root has no
    /// successors or was never expanded.
    pub best: Option<usize>,
    /// The visits of each of the root's successors, in move order; empty when the root was never
    /// expanded.
    pub visits: Vec<u64>,
    /// The half-points of each of the root's successors for the side to move at the root.
    pub rewards: Vec<u64>,
    /// The visits of the root: the number of iterations made.
    pub root_visits: u64,
    /// True when the search stopped before its last iteration because the tree had reached
    /// [`MAX_TREE`] nodes.
    pub stopped: bool,
}

/// The most nodes a tree may hold: a search stops (and says so) before an iteration that
/// starts with more, so that a large budget cannot exhaust the memory.
pub const MAX_TREE: usize = 10_000_000;

/// The answer of a search with the chosen successor as a position term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermMcts {
    /// The counts, as [`mcts`] gives them.
    pub result: MctsResult,
    /// The chosen successor, `None` when there is none.
    pub best: Option<GTerm>,
}

impl TermMcts {
    /// `result` of a search from `pos`, with the chosen successor written as a term.
    pub fn new<G: TermGame>(game: &G, pos: &G::Pos, result: MctsResult) -> TermMcts {
        let best = result.best.and_then(|i| {
            let mut moves = Vec::new();
            game.moves(pos, &mut moves);
            moves.get(i).map(|m| game.to_term(&game.play(pos, m)))
        });
        TermMcts { result, best }
    }
}

/// One node of the tree, in an arena.
struct Node<P> {
    pos: P,
    /// Visits.
    n: u64,
    /// Half-points won by the side to move in the parent.
    w: u64,
    /// True when MAX is to move in the parent (for the root: in the root).
    max_mover: bool,
    /// The children's places in the arena, once expanded.
    children: Option<std::ops::Range<usize>>,
}

/// The constant of exploration, `sqrt(2)`.
pub fn exploration() -> f64 {
    2f64.sqrt()
}

/// The UCT score of a child with `n` (> 0) visits and `w` half-points under a parent visited
/// `np` times.
pub fn uct_score(w: u64, n: u64, np: u64) -> f64 {
    w as f64 / (2.0 * n as f64) + exploration() * ((np as f64).ln() / n as f64).sqrt()
}

/// The reward of `outcome`, in half-points, for MAX when `max` and for MIN otherwise.
pub fn reward(outcome: Outcome, max: bool) -> u64 {
    let for_max = match outcome {
        Outcome::MaxWins => 2,
        Outcome::Draw => 1,
        Outcome::MinWins => 0,
    };
    if max {
        for_max
    } else {
        2 - for_max
    }
}

/// Monte Carlo tree search from `root` for `iterations` iterations with seed `seed` (see the
/// module's documentation).
pub fn mcts<G: Game>(game: &G, root: &G::Pos, iterations: u64, seed: u64) -> MctsResult {
    capped(game, root, iterations, seed, MAX_TREE, None)
}

/// [`mcts`] that also stops at `deadline`, after the iteration that passes it: a search at
/// equal time. The iterations it made are `root_visits`; with the same seed and as many
/// iterations, it is the search [`mcts`] makes.
pub fn mcts_until<G: Game>(
    game: &G,
    root: &G::Pos,
    iterations: u64,
    seed: u64,
    deadline: Option<Instant>,
) -> MctsResult {
    capped(game, root, iterations, seed, MAX_TREE, deadline)
}

/// [`mcts`] with at most `max_tree` nodes in the tree, and until `deadline`.
fn capped<G: Game>(
    game: &G,
    root: &G::Pos,
    iterations: u64,
    seed: u64,
    max_tree: usize,
    deadline: Option<Instant>,
) -> MctsResult {
    let mut tree = vec![Node {
        pos: root.clone(),
        n: 0,
        w: 0,
        max_mover: game.max_to_move(root),
        children: None,
    }];
    let mut moves = Vec::new();
    let mut path = Vec::new();
    let mut stopped = false;
    for i in 1..=iterations {
        if tree.len() >= max_tree {
            stopped = true;
            break;
        }
        // Two iterations at least, so that the root is expanded and a move chosen.
        if i > 2 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        path.clear();
        path.push(0);
        let mut at = 0;
        while tree[at].n > 0 {
            let kids = match &tree[at].children {
                Some(kids) => kids.clone(),
                None => expand(game, &mut tree, at, &mut moves),
            };
            if kids.is_empty() {
                break;
            }
            at = select(&tree, kids, tree[at].n);
            path.push(at);
        }
        let result = playout(game, &tree[at].pos, seed.wrapping_add(i)).outcome;
        for &k in &path {
            tree[k].n += 1;
            tree[k].w += reward(result, tree[k].max_mover);
        }
    }
    MctsResult {
        stopped,
        ..answer(&tree)
    }
}

/// Give node `at` its children, the successors of its position in move order.
fn expand<G: Game>(
    game: &G,
    tree: &mut Vec<Node<G::Pos>>,
    at: usize,
    moves: &mut Vec<G::Move>,
) -> std::ops::Range<usize> {
    moves.clear();
    game.moves(&tree[at].pos, moves);
    let max_mover = game.max_to_move(&tree[at].pos);
    let start = tree.len();
    for mv in moves.iter() {
        let pos = game.play(&tree[at].pos, mv);
        tree.push(Node {
            pos,
            n: 0,
            w: 0,
            max_mover,
            children: None,
        });
    }
    tree[at].children = Some(start..tree.len());
    start..tree.len()
}

/// The child the descent goes to: the first never visited, else the highest UCT score, the
/// first on a tie.
fn select<P>(tree: &[Node<P>], kids: std::ops::Range<usize>, np: u64) -> usize {
    if let Some(k) = kids.clone().find(|&k| tree[k].n == 0) {
        return k;
    }
    let mut best = kids.start;
    let mut best_score = uct_score(tree[best].w, tree[best].n, np);
    for k in kids.skip(1) {
        let score = uct_score(tree[k].w, tree[k].n, np);
        if score > best_score {
            best = k;
            best_score = score;
        }
    }
    best
}

/// The root's children's counts and the most visited of them.
fn answer<P>(tree: &[Node<P>]) -> MctsResult {
    let kids = tree[0].children.clone().unwrap_or(0..0);
    let visits: Vec<u64> = kids.clone().map(|k| tree[k].n).collect();
    let rewards = kids.map(|k| tree[k].w).collect();
    let mut best: Option<usize> = None;
    for (i, &v) in visits.iter().enumerate() {
        if best.is_none_or(|b| v > visits[b]) {
            best = Some(i);
        }
    }
    MctsResult {
        best,
        visits,
        rewards,
        root_visits: tree[0].n,
        stopped: false,
    }
}

#[cfg(test)]
mod tests;
