//! The coin game "last one loses" of source document 003: a pile of N coins, the players take
//! 1..K coins in turn, and whoever takes the last coin loses.
//!
//! MAX (the document's PLUS) moves first. Moves are "take 1", "take 2", ... "take K" in that
//! order, never more than the pile holds. This module must never create an atom from data.
//!
//! | name term     | pile | take at most |
//! |---------------|------|--------------|
//! | `coins`       | 7    | 2            |
//! | `coins(N)`    | N    | 2            |
//! | `coins(N, K)` | N    | K            |
//!
//! Position term: `coins(Depth, ToMove, Coins, K)`, `ToMove` `max` or `min`, e.g.
//! `coins(10, max, 7, 2)`. The static value is the win/loss value from MAX's side: +1 when the
//! pile is empty and MAX is to move (MIN took the last coin), -1 when it is empty and MIN is to
//! move, 0 while coins remain.

use super::codec::{HeapGame, Reader, Writer};
use super::dyn_game::boxed;
use super::term_read::{compound_args, depth, int_in, name_args, one_of};
use super::{GTerm, Game, GameEntry, GameError, Horizon, Outcome, TermGame};
use ply_term::Cell;

/// The largest pile and the largest take accepted.
const MAX_COINS: i64 = 1_000_000;

/// The registry line for the coin game.
pub const ENTRY: GameEntry = GameEntry {
    name: "coins",
    position: "coins",
    picture: super::picture::counts::coins,
    from_name: |t| match t {
        // `coins/4` is a position term; starting from it is starting from that position.
        GTerm::Compound(_, args) if args.len() == 4 => Ok(boxed(Coins::from_position(t)?)),
        _ => Ok(boxed(Coins::from_name(t)?)),
    },
    from_position: |t| Ok(boxed(Coins::from_position(t)?)),
};

/// The coin game with a starting pile and a largest take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coins {
    /// Coins at the start.
    pub start: u32,
    /// The most coins one move may take.
    pub take: u32,
}

/// A position of the coin game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CoinsPos {
    /// Coins left.
    pub coins: u32,
    /// True when MAX is to move.
    pub max_to_move: bool,
    /// The remaining search depth.
    pub depth: u32,
}

impl Coins {
    /// The game with `start` coins, taking 1..=`take`.
    pub fn new(start: u32, take: u32) -> Self {
        Coins { start, take }
    }

    /// The game a name term denotes.
    pub fn from_name(t: &GTerm) -> Result<Self, GameError> {
        let pile = |a| int_in(a, 0, MAX_COINS, "coins").map(|v| v as u32);
        let take = |a| int_in(a, 1, MAX_COINS, "coins_take").map(|v| v as u32);
        match name_args(t)? {
            [] => Ok(Coins::new(7, 2)),
            [n] => Ok(Coins::new(pile(n)?, 2)),
            [n, k] => Ok(Coins::new(pile(n)?, take(k)?)),
            _ => Err(GameError::Domain("game", t.clone())),
        }
    }

    /// The game of a `coins/4` position term, starting from that position's pile.
    pub fn from_position(t: &GTerm) -> Result<Self, GameError> {
        let args = compound_args(t, "coins", 4, "coins_position")?;
        let game = Coins::new(
            int_in(&args[2], 0, MAX_COINS, "coins")? as u32,
            int_in(&args[3], 1, MAX_COINS, "coins_take")? as u32,
        );
        game.from_term(t)?;
        Ok(game)
    }
}

impl Horizon for CoinsPos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for Coins {
    type Pos = CoinsPos;
    type Move = u32;

    fn legal_moves(&self, pos: &CoinsPos, out: &mut Vec<u32>) {
        out.extend(1..=self.take.min(pos.coins));
    }

    fn after(&self, pos: &CoinsPos, mv: &u32) -> CoinsPos {
        CoinsPos {
            coins: pos.coins.saturating_sub(*mv),
            max_to_move: !pos.max_to_move,
            depth: pos.depth,
        }
    }

    fn max_to_move(&self, pos: &CoinsPos) -> bool {
        pos.max_to_move
    }

    fn static_value(&self, pos: &CoinsPos) -> i64 {
        match self.outcome(pos) {
            Some(Outcome::MaxWins) => 1,
            Some(Outcome::MinWins) => -1,
            _ => 0,
        }
    }

    fn outcome(&self, pos: &CoinsPos) -> Option<Outcome> {
        // The side to move at an empty pile did not take the last coin, so it has won.
        match (pos.coins, pos.max_to_move) {
            (0, true) => Some(Outcome::MaxWins),
            (0, false) => Some(Outcome::MinWins),
            _ => None,
        }
    }
}

impl TermGame for Coins {
    fn key_after(&self, pos: &CoinsPos, key: u64, next: &CoinsPos) -> u64 {
        use crate::zobrist::{place, swap_atom, swap_int};
        let side = |p: &CoinsPos| if p.max_to_move { "max" } else { "min" };
        key ^ swap_atom(place(&[1]), side(pos), side(next))
            ^ swap_int(place(&[2]), i64::from(pos.coins), i64::from(next.coins))
    }

    fn name(&self) -> GTerm {
        let int = |v: u32| GTerm::Int(v as i64);
        match (self.start, self.take) {
            (7, 2) => GTerm::atom("coins"),
            (n, 2) => GTerm::compound("coins", vec![int(n)]),
            (n, k) => GTerm::compound("coins", vec![int(n), int(k)]),
        }
    }

    fn initial(&self, depth: u32) -> CoinsPos {
        CoinsPos {
            coins: self.start,
            max_to_move: true,
            depth,
        }
    }

    fn to_term(&self, pos: &CoinsPos) -> GTerm {
        GTerm::compound(
            "coins",
            vec![
                super::term_read::depth_term(pos.depth),
                GTerm::atom(if pos.max_to_move { "max" } else { "min" }),
                GTerm::Int(pos.coins as i64),
                GTerm::Int(self.take as i64),
            ],
        )
    }

    fn from_term(&self, t: &GTerm) -> Result<CoinsPos, GameError> {
        let args = compound_args(t, "coins", 4, "coins_position")?;
        let d = depth(&args[0])?;
        let max_to_move = one_of(&args[1], &["max", "min"], "coins_side")? == 0;
        let coins = int_in(&args[2], 0, MAX_COINS, "coins")? as u32;
        if int_in(&args[3], 1, MAX_COINS, "coins_take")? != self.take as i64 {
            return Err(GameError::Domain("coins_position", t.clone()));
        }
        Ok(CoinsPos {
            coins,
            max_to_move,
            depth: d,
        })
    }

    fn move_notation(&self, _pos: &CoinsPos, mv: &u32) -> String {
        mv.to_string()
    }

    fn parse_move(&self, pos: &CoinsPos, text: &str) -> Result<u32, GameError> {
        match text.trim().parse::<u32>() {
            Ok(n) if n >= 1 && n <= self.take.min(pos.coins) => Ok(n),
            _ => Err(GameError::Domain(
                "coins_move",
                GTerm::Str(text.to_string()),
            )),
        }
    }

    fn show(&self, pos: &CoinsPos) -> String {
        format!(
            "{} coin(s), take 1..{}; {} to move\n",
            pos.coins,
            self.take,
            if pos.max_to_move { "MAX" } else { "MIN" }
        )
    }
}

impl HeapGame for Coins {
    const ATOMS: &'static [&'static str] = &["coins", "max", "min"];

    fn encode(&self, w: &mut Writer<'_>, pos: &CoinsPos, _: Option<&CoinsPos>) -> Cell {
        let depth = w.depth(pos.depth);
        let side = w.side(pos.max_to_move);
        let coins = w.int(i64::from(pos.coins));
        let take = w.int(i64::from(self.take));
        w.compound(0, &[depth, side, coins, take])
    }

    /// The checks of `from_term`, on the cells.
    fn decode(&self, r: &Reader<'_>, c: Cell) -> Option<CoinsPos> {
        let [d, side, coins, take] = r.args(c, 0)?;
        let depth = r.depth(d)?;
        let max_to_move = r.side(side)?;
        let coins = r.int(coins).filter(|n| (0..=MAX_COINS).contains(n))? as u32;
        (r.int(take)? == self.take as i64).then_some(CoinsPos {
            coins,
            max_to_move,
            depth,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::test_support::assert_engines_agree;
    use crate::search::{alphabeta, minimax, tree_stats};

    #[test]
    fn seven_coins_full_tree() {
        // Facts (document 003, fig. 2): from 7 coins, 54 nodes and 21 complete games, and the
        // second player (MINUS) wins.
        let g = Coins::new(7, 2);
        let s = tree_stats(&g, &g.initial(100));
        assert_eq!((s.nodes(), s.leaves()), (54, 21));
        let r = minimax(&g, &g.initial(100));
        assert_eq!(r.value, -1);
        assert_eq!(r.stats.nodes, 54);
    }

    #[test]
    fn the_side_to_move_loses_exactly_when_n_mod_3_is_1() {
        // Facts: the side to move loses exactly when N mod 3 = 1.
        for n in 1..=20 {
            let g = Coins::new(n, 2);
            let v = alphabeta(&g, &g.initial(100), -1, 1).value;
            assert_eq!(v == -1, n % 3 == 1, "N = {n}");
            assert_eq!(minimax(&g, &g.initial(100)).value, v, "N = {n}");
        }
    }

    #[test]
    fn the_winning_replies_of_document_003() {
        // Facts: if PLUS takes 1, MINUS takes 2; if PLUS takes 2, MINUS takes 1.
        let g = Coins::new(7, 2);
        for (plus, minus) in [(1, 2), (2, 1)] {
            let p = g.play(&g.initial(100), &plus);
            let r = minimax(&g, &p);
            assert_eq!(r.value, -1);
            assert_eq!(r.best.map(|i| i as u32 + 1), Some(minus));
        }
    }

    #[test]
    fn engines_agree() {
        let mut ps = vec![];
        for n in 0..12 {
            for k in [2, 3] {
                for d in [2, 5, 100] {
                    let g = Coins::new(n, k);
                    ps.push((g, g.initial(d)));
                }
            }
        }
        for (g, p) in &ps {
            assert_engines_agree(g, std::slice::from_ref(p));
        }
    }

    #[test]
    fn terms_and_errors() {
        let g = Coins::from_name(&GTerm::compound(
            "coins",
            vec![GTerm::Int(9), GTerm::Int(3)],
        ))
        .unwrap();
        let p = g.play(&g.initial(4), &3);
        assert_eq!(g.from_term(&g.to_term(&p)), Ok(p));
        assert_eq!(Coins::from_position(&g.to_term(&p)).unwrap().take, 3);
        assert!(Coins::from_name(&GTerm::compound("coins", vec![GTerm::Int(-2)])).is_err());
        assert!(g.parse_move(&p, "4").is_err());
        assert_eq!(
            g.name(),
            GTerm::compound("coins", vec![GTerm::Int(9), GTerm::Int(3)])
        );
    }
}
