//! Proof-number search (Allis, van der Meulen and van den Herik, 1994) over any [`Game`]: does
//! one side (the *attacker*, MAX or MIN) win from a position against every defence?
//!
//! It answers the win/not-win question: `Proven` when the attacker can force a win, `Disproven`
//! when it cannot (the defender wins or draws), so a drawn game such as tic-tac-toe from the
//! start is disproven for both sides. The tree is AND/OR: a node where the attacker is to move
//! is an OR node. Defined to the last detail, so that `programs/search/pns_en.pl` expands the same
//! nodes in the same order:
//!
//! * A new node is a *terminal* when the game is over there ([`Game::outcome`]): proof number 0
//!   and disproof number ∞ when the attacker has won, ∞ and 0 otherwise. Any other new node
//!   has 1 and 1.
//! * Each iteration goes down from the root to the most-proving node: at an OR node the child
//!   with the smallest proof number, at an AND node the child with the smallest disproof number,
//!   the first in move order on a tie. It expands it: its children are its successors in move
//!   order ([`Game::moves`], so the horizon applies); a node without successors within the
//!   horizon is disproven (∞, 0). Then every node on the way back to the root takes its numbers
//!   from its children: at an OR node the smallest proof number and the sum of the disproof
//!   numbers, at an AND node the sum of the proof numbers and the smallest disproof number.
//! * ∞ is [`INFINITY`], 10^9, and every sum stops there.
//! * The search ends when the root is proven or disproven, or after `limit` expansions or once
//!   the tree holds [`MAX_TREE`] nodes (`Unknown`). `expanded` counts the expansions. The search never recurses in Rust. Nothing
//!   here may know a particular game.

use super::{Game, Outcome};
use std::time::Instant;

/// The proof and disproof number that stands for infinity; sums stop there.
pub const INFINITY: u64 = 1_000_000_000;

/// The most nodes a tree may hold: the search answers `Unknown` before an expansion that starts
/// with more, so that no limit of expansions can exhaust the memory.
pub const MAX_TREE: usize = 10_000_000;

/// What the search found out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The attacker wins against every defence.
    Proven,
    /// The attacker cannot force a win.
    Disproven,
    /// The search stopped at its limit first.
    Unknown,
}

/// The answer of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PnsResult {
    /// The verdict.
    pub verdict: Verdict,
    /// Expansions made (positions whose successors were generated).
    pub expanded: u64,
    /// The root's proof and disproof numbers at the end.
    pub numbers: (u64, u64),
}

/// One node of the tree, in an arena.
struct Node<P> {
    pos: P,
    pn: u64,
    dn: u64,
    /// True when the attacker is to move.
    or: bool,
    parent: usize,
    children: Option<std::ops::Range<usize>>,
}

/// A new node for `pos`.
fn leaf<G: Game>(game: &G, pos: G::Pos, attacker_max: bool, parent: usize) -> Node<G::Pos> {
    let won = if attacker_max {
        Outcome::MaxWins
    } else {
        Outcome::MinWins
    };
    let (pn, dn) = match game.outcome(&pos) {
        Some(o) if o == won => (0, INFINITY),
        Some(_) => (INFINITY, 0),
        None => (1, 1),
    };
    Node {
        or: game.max_to_move(&pos) == attacker_max,
        pos,
        pn,
        dn,
        parent,
        children: None,
    }
}

/// Proof-number search from `root` for a win of MAX (`attacker_max`) or of MIN, with at most
/// `limit` expansions.
pub fn pns<G: Game>(game: &G, root: &G::Pos, attacker_max: bool, limit: u64) -> PnsResult {
    pns_until(game, root, attacker_max, limit, None)
}

/// [`pns`] that also stops at `deadline` (looked at every 64 expansions), answering
/// [`Verdict::Unknown`] unless it proved or disproved by then.
pub fn pns_until<G: Game>(
    game: &G,
    root: &G::Pos,
    attacker_max: bool,
    limit: u64,
    deadline: Option<Instant>,
) -> PnsResult {
    let mut tree = vec![leaf(game, root.clone(), attacker_max, 0)];
    let mut moves = Vec::new();
    let mut expanded = 0;
    while tree[0].pn != 0 && tree[0].dn != 0 && expanded < limit && tree.len() < MAX_TREE {
        if expanded % 64 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let mut at = 0;
        while let Some(kids) = tree[at].children.clone() {
            at = most_proving(&tree, kids, tree[at].or);
        }
        moves.clear();
        game.moves(&tree[at].pos, &mut moves);
        let start = tree.len();
        for mv in &moves {
            let next = game.play(&tree[at].pos, mv);
            tree.push(leaf(game, next, attacker_max, at));
        }
        tree[at].children = Some(start..tree.len());
        expanded += 1;
        loop {
            set_numbers(&mut tree, at);
            if at == 0 {
                break;
            }
            at = tree[at].parent;
        }
    }
    let numbers = (tree[0].pn, tree[0].dn);
    let verdict = match numbers {
        (0, _) => Verdict::Proven,
        (_, 0) => Verdict::Disproven,
        _ => Verdict::Unknown,
    };
    PnsResult {
        verdict,
        expanded,
        numbers,
    }
}

/// The child to go down to: the smallest proof number at an OR node, the smallest disproof
/// number at an AND node, the first on a tie.
fn most_proving<P>(tree: &[Node<P>], kids: std::ops::Range<usize>, or: bool) -> usize {
    let key = |k: usize| if or { tree[k].pn } else { tree[k].dn };
    let mut best = kids.start;
    for k in kids.skip(1) {
        if key(k) < key(best) {
            best = k;
        }
    }
    best
}

/// Node `at`'s numbers from its children's (an expanded node without children is disproven).
fn set_numbers<P>(tree: &mut [Node<P>], at: usize) {
    let kids = tree[at].children.clone().unwrap_or(0..0);
    if kids.is_empty() {
        tree[at].pn = INFINITY;
        tree[at].dn = 0;
        return;
    }
    let min_pn = kids.clone().map(|k| tree[k].pn).min().unwrap_or(INFINITY);
    let min_dn = kids.clone().map(|k| tree[k].dn).min().unwrap_or(INFINITY);
    let sum = |f: &dyn Fn(usize) -> u64| kids.clone().fold(0, |s, k| (s + f(k)).min(INFINITY));
    let (pn, dn) = if tree[at].or {
        (min_pn, sum(&|k| tree[k].dn))
    } else {
        (sum(&|k| tree[k].pn), min_dn)
    };
    tree[at].pn = pn;
    tree[at].dn = dn;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::Coins;
    use crate::tictactoe::{Eval, TicTacToe};
    use crate::{TermGame, UNLIMITED};

    #[test]
    fn tictactoe_is_a_draw_neither_side_can_force_a_win() {
        let game = TicTacToe::classic(Eval::WinLoss);
        let start = game.initial(UNLIMITED);
        for attacker_max in [true, false] {
            let r = pns(&game, &start, attacker_max, 1_000_000);
            assert_eq!(r.verdict, Verdict::Disproven, "{attacker_max}: {r:?}");
        }
    }

    #[test]
    fn the_coin_game_is_lost_exactly_when_the_pile_is_one_modulo_three() {
        // facts/tictactoe_and_coins.txt: the side to move loses exactly when N mod 3 = 1.
        for n in 1..=20 {
            let game = Coins::new(n, 2);
            let r = pns(&game, &game.initial(UNLIMITED), true, 1_000_000);
            let expected = if n % 3 == 1 {
                Verdict::Disproven
            } else {
                Verdict::Proven
            };
            assert_eq!(r.verdict, expected, "{n} coins");
            let r = pns(&game, &game.initial(UNLIMITED), false, 1_000_000);
            let expected = if n % 3 == 1 {
                Verdict::Proven
            } else {
                Verdict::Disproven
            };
            assert_eq!(r.verdict, expected, "{n} coins, for MIN");
        }
    }

    #[test]
    fn the_limit_leaves_the_question_open() {
        let game = TicTacToe::classic(Eval::WinLoss);
        let r = pns(&game, &game.initial(UNLIMITED), true, 3);
        assert_eq!((r.verdict, r.expanded), (Verdict::Unknown, 3));
    }
}
