//! Kalah(m,n): two rows of m holes with n seeds each and a store at each player's right; MAX
//! (the first player, "south") and MIN ("north") sow counter-clockwise.
//!
//! Rules, as in the facts README and Irving, Donkers and Uiterwijk's "Solving Kalah": a move
//! takes every seed from one of the mover's holes and sows them one by one into the following
//! holes and the mover's own store, skipping the opponent's store. Ending in the mover's store
//! gives the mover another move. Ending in one of the mover's own holes that was empty captures
//! that seed and the opposite hole's seeds into the mover's store, even when the opposite hole
//! is empty. The game ends as soon as either side's holes are all empty after a move, and each
//! player then keeps the seeds on their own side.
//!
//! Because of the extra move, the side to move after a move may be the side that just moved;
//! `max_to_move` says who really moves. The textbook engines decide whether a choice is MAX's
//! or MIN's by asking the successor who is to move (see [`super::search`]), so on positions
//! with extra moves they compute the textbook program's number, not the game value; the exact
//! value comes from [`solver`].
//!
//! Moves are the mover's holes 1..m counted in sowing order (hole m is next to the mover's
//! store), generated in that order, empty holes skipped. This module must never create an atom
//! from position data.
//!
//! | name term     | holes per side | seeds per hole |
//! |---------------|----------------|----------------|
//! | `kalah`       | 6              | 4              |
//! | `kalah(M, N)` | M (1..=10)     | N (1.., at most 255 seeds in all) |
//!
//! Position term: `kalah(Depth, ToMove, MaxHoles, MaxStore, MinHoles, MinStore)`, `ToMove` `max`
//! or `min`, each side's holes listed in its own sowing order, e.g. the start of Kalah(3,3)
//! `kalah(6, max, [3,3,3], 0, [3,3,3], 0)`. The static value is MAX's store minus MIN's store.

pub mod solver;

use super::codec::{HeapGame, Reader, Writer};
use super::dyn_game::boxed;
use super::term_read::{compound_args, depth, int_in, int_list, list, name_args, one_of};
use super::{GTerm, Game, GameEntry, GameError, Horizon, Outcome, TermGame};
use ply_term::Cell;

/// The most holes per side.
pub const MAX_HOLES: usize = 10;
/// Pits in the largest ring: both rows and both stores.
const PITS: usize = 2 * MAX_HOLES + 2;

/// The registry line for Kalah.
pub const ENTRY: GameEntry = GameEntry {
    name: "kalah",
    position: "kalah",
    picture: super::picture::counts::kalah,
    from_name: |t| match t {
        // `kalah/6` is a position term; starting from it is starting from that position.
        GTerm::Compound(_, args) if args.len() == 6 => Ok(boxed(Kalah::from_position(t)?)),
        _ => Ok(boxed(Kalah::from_name(t)?)),
    },
    from_position: |t| Ok(boxed(Kalah::from_position(t)?)),
};

/// Kalah with m holes per side and n seeds per hole at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kalah {
    /// Holes per side.
    pub m: usize,
    /// Seeds per hole at the start.
    pub n: u8,
    /// Where play starts (its depth is replaced by `initial`).
    start: Option<KalahPos>,
}

/// A Kalah position. Pits `0..m` are MAX's holes in sowing order, `m` MAX's store, `m+1..=2m`
/// MIN's holes, `2m+1` MIN's store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KalahPos {
    /// Seeds in each pit; only the first 2m+2 are used.
    pub pits: [u8; PITS],
    /// True when MAX is to move.
    pub max_to_move: bool,
    /// The remaining search depth.
    pub depth: u32,
}

impl Kalah {
    /// Kalah(m, n); m must be 1..=10 and the 2mn seeds at most 255.
    pub fn new(m: usize, n: u8) -> Result<Self, GameError> {
        if !(1..=MAX_HOLES).contains(&m) || n == 0 || 2 * m * n as usize > 255 {
            let culprit =
                GTerm::compound("kalah", vec![GTerm::Int(m as i64), GTerm::Int(n as i64)]);
            return Err(GameError::Domain("kalah_shape", culprit));
        }
        Ok(Kalah { m, n, start: None })
    }

    /// The game a name term denotes.
    pub fn from_name(t: &GTerm) -> Result<Self, GameError> {
        match name_args(t)? {
            [] => Kalah::new(6, 4),
            [m, n] => Kalah::new(
                int_in(m, 1, MAX_HOLES as i64, "kalah_holes")? as usize,
                int_in(n, 1, 255, "kalah_seeds")? as u8,
            ),
            _ => Err(GameError::Domain("game", t.clone())),
        }
    }

    /// The game of a `kalah/6` position, starting from that position.
    pub fn from_position(t: &GTerm) -> Result<Self, GameError> {
        let args = compound_args(t, "kalah", 6, "kalah_position")?;
        let m = list(&args[2])?.len();
        if !(1..=MAX_HOLES).contains(&m) {
            return Err(GameError::Domain("kalah_holes", args[2].clone()));
        }
        // The seeds per hole only shape the start, which here is the position itself.
        let mut game = Kalah {
            m,
            n: 1,
            start: None,
        };
        let pos = game.from_term(t)?;
        let total: usize = pos.pits[..2 * m + 2].iter().map(|&s| s as usize).sum();
        game.n = (total / (2 * m)).clamp(1, 255) as u8;
        game.start = Some(pos);
        Ok(game)
    }

    /// The number of pits in use.
    fn ring(&self) -> usize {
        2 * self.m + 2
    }

    /// The first pit of a side's holes.
    fn base(&self, max_side: bool) -> usize {
        if max_side {
            0
        } else {
            self.m + 1
        }
    }

    /// A side's store.
    pub fn store(&self, pos: &KalahPos, max_side: bool) -> u8 {
        pos.pits[self.base(max_side) + self.m]
    }

    /// Seeds in a side's holes.
    pub fn holes_total(&self, pos: &KalahPos, max_side: bool) -> u32 {
        let b = self.base(max_side);
        pos.pits[b..b + self.m].iter().map(|&s| s as u32).sum()
    }

    /// Is the game over: is either side's row empty?
    pub fn is_over(&self, pos: &KalahPos) -> bool {
        self.holes_total(pos, true) == 0 || self.holes_total(pos, false) == 0
    }

    /// The final margin MAX minus MIN if the game ended now, each side keeping its own seeds.
    pub fn final_margin(&self, pos: &KalahPos) -> i64 {
        let side = |s| self.store(pos, s) as i64 + self.holes_total(pos, s) as i64;
        side(true) - side(false)
    }
}

impl Horizon for KalahPos {
    #[inline]
    fn depth(&self) -> u32 {
        self.depth
    }

    #[inline]
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
}

impl Game for Kalah {
    type Pos = KalahPos;
    type Move = u8;

    fn legal_moves(&self, pos: &KalahPos, out: &mut Vec<u8>) {
        if self.is_over(pos) {
            return;
        }
        let b = self.base(pos.max_to_move);
        out.extend((0..self.m as u8).filter(|&h| pos.pits[b + h as usize] > 0));
    }

    fn after(&self, pos: &KalahPos, mv: &u8) -> KalahPos {
        let mover = pos.max_to_move;
        let (base, ring) = (self.base(mover), self.ring());
        let own_store = base + self.m;
        let other_store = self.base(!mover) + self.m;
        let mut next = *pos;
        let mut i = base + *mv as usize;
        let mut seeds = next.pits[i];
        next.pits[i] = 0;
        while seeds > 0 {
            i = (i + 1) % ring;
            if i != other_store {
                next.pits[i] += 1;
                seeds -= 1;
            }
        }
        let extra = i == own_store;
        if !extra && (base..base + self.m).contains(&i) && next.pits[i] == 1 {
            let opposite = 2 * self.m - i;
            next.pits[own_store] += 1 + next.pits[opposite];
            next.pits[i] = 0;
            next.pits[opposite] = 0;
        }
        if self.is_over(&next) {
            for side in [true, false] {
                let b = self.base(side);
                let rest: u8 = next.pits[b..b + self.m].iter().sum();
                next.pits[b..b + self.m].fill(0);
                next.pits[b + self.m] += rest;
            }
        }
        next.max_to_move = if extra { mover } else { !mover };
        next
    }

    fn max_to_move(&self, pos: &KalahPos) -> bool {
        pos.max_to_move
    }

    fn static_value(&self, pos: &KalahPos) -> i64 {
        self.store(pos, true) as i64 - self.store(pos, false) as i64
    }

    fn outcome(&self, pos: &KalahPos) -> Option<Outcome> {
        if !self.is_over(pos) {
            return None;
        }
        Some(match self.final_margin(pos) {
            0 => Outcome::Draw,
            d if d > 0 => Outcome::MaxWins,
            _ => Outcome::MinWins,
        })
    }
}

impl TermGame for Kalah {
    fn key_after(&self, pos: &KalahPos, key: u64, next: &KalahPos) -> u64 {
        use crate::zobrist::{place, step, swap_atom, swap_int};
        let side = |p: &KalahPos| if p.max_to_move { "max" } else { "min" };
        let mut k = key ^ swap_atom(place(&[1]), side(pos), side(next));
        // A sowing changes a run of pits: only those that changed are rekeyed.
        for (holes, store, max_side) in [(2, 3, true), (4, 5, false)] {
            let b = self.base(max_side);
            let list = place(&[holes]);
            for j in 0..self.m {
                let (old, new) = (pos.pits[b + j], next.pits[b + j]);
                k ^= swap_int(step(list, j), i64::from(old), i64::from(new));
            }
            let (old, new) = (self.store(pos, max_side), self.store(next, max_side));
            k ^= swap_int(place(&[store]), i64::from(old), i64::from(new));
        }
        k
    }

    fn name(&self) -> GTerm {
        if self.start.is_none() && (self.m, self.n) == (6, 4) {
            return GTerm::atom("kalah");
        }
        match self.start {
            Some(p) => self.to_term(&p),
            None => GTerm::compound(
                "kalah",
                vec![GTerm::Int(self.m as i64), GTerm::Int(self.n as i64)],
            ),
        }
    }

    fn initial(&self, depth: u32) -> KalahPos {
        if let Some(p) = self.start {
            return KalahPos { depth, ..p };
        }
        let mut pits = [0; PITS];
        for side in [true, false] {
            let b = self.base(side);
            pits[b..b + self.m].fill(self.n);
        }
        KalahPos {
            pits,
            max_to_move: true,
            depth,
        }
    }

    fn to_term(&self, pos: &KalahPos) -> GTerm {
        let holes = |side| {
            let b = self.base(side);
            GTerm::List(
                pos.pits[b..b + self.m]
                    .iter()
                    .map(|&s| GTerm::Int(s as i64))
                    .collect(),
            )
        };
        GTerm::compound(
            "kalah",
            vec![
                super::term_read::depth_term(pos.depth),
                GTerm::atom(if pos.max_to_move { "max" } else { "min" }),
                holes(true),
                GTerm::Int(self.store(pos, true) as i64),
                holes(false),
                GTerm::Int(self.store(pos, false) as i64),
            ],
        )
    }

    fn from_term(&self, t: &GTerm) -> Result<KalahPos, GameError> {
        let args = compound_args(t, "kalah", 6, "kalah_position")?;
        let d = depth(&args[0])?;
        let max_to_move = one_of(&args[1], &["max", "min"], "kalah_side")? == 0;
        let mut pits = [0u8; PITS];
        let mut total = 0;
        for (side, holes, store) in [(true, &args[2], &args[3]), (false, &args[4], &args[5])] {
            let seeds = int_list(holes, 0, 255, "kalah_seeds")?;
            if seeds.len() != self.m {
                return Err(GameError::Domain("kalah_holes", holes.clone()));
            }
            let b = self.base(side);
            for (i, s) in seeds.iter().enumerate() {
                pits[b + i] = *s as u8;
            }
            pits[b + self.m] = int_in(store, 0, 255, "kalah_seeds")? as u8;
            total += seeds.iter().sum::<i64>() + pits[b + self.m] as i64;
        }
        if total > 255 {
            return Err(GameError::Domain("kalah_position", t.clone()));
        }
        Ok(KalahPos {
            pits,
            max_to_move,
            depth: d,
        })
    }

    fn move_notation(&self, _pos: &KalahPos, mv: &u8) -> String {
        (mv + 1).to_string()
    }

    fn parse_move(&self, pos: &KalahPos, text: &str) -> Result<u8, GameError> {
        let b = self.base(pos.max_to_move);
        match text.trim().parse::<usize>() {
            Ok(h) if (1..=self.m).contains(&h) && pos.pits[b + h - 1] > 0 && !self.is_over(pos) => {
                Ok(h as u8 - 1)
            }
            _ => Err(GameError::Domain(
                "kalah_move",
                GTerm::Str(text.to_string()),
            )),
        }
    }

    fn show(&self, pos: &KalahPos) -> String {
        let row = |side: bool, reversed: bool| {
            let b = self.base(side);
            let mut cells: Vec<String> = pos.pits[b..b + self.m]
                .iter()
                .map(|s| format!("{s:3}"))
                .collect();
            if reversed {
                cells.reverse();
            }
            cells.concat()
        };
        // Each side's holes are numbered as its moves are, in sowing order: North's from the
        // right, since its row is shown reversed.
        let numbers = |reversed: bool| {
            let mut n: Vec<String> = (1..=self.m).map(|i| format!("{i:3}")).collect();
            if reversed {
                n.reverse();
            }
            n.concat()
        };
        format!(
            "    {}\n    {}\n{:3}{}{:3}\n    {}\n    {}\n{} to move\n",
            numbers(true),
            row(false, true),
            self.store(pos, false),
            " ".repeat(3 * self.m + 2),
            self.store(pos, true),
            row(true, false),
            numbers(false),
            if pos.max_to_move {
                "MAX (south)"
            } else {
                "MIN (north)"
            }
        )
    }
}

impl HeapGame for Kalah {
    const ATOMS: &'static [&'static str] = &["kalah", "max", "min"];

    fn encode(&self, w: &mut Writer<'_>, pos: &KalahPos, parent: Option<&KalahPos>) -> Cell {
        let m = self.m;
        let holes = |w: &mut Writer<'_>, side: bool, arg: usize| {
            let b = self.base(side);
            let unchanged = parent.is_some_and(|p| p.pits[b..b + m] == pos.pits[b..b + m]);
            if let Some(c) = unchanged.then(|| w.parent_arg(arg)).flatten() {
                return c;
            }
            let mut seeds = [Cell::int(0); PITS];
            for (cell, &s) in seeds.iter_mut().zip(&pos.pits[b..b + m]) {
                *cell = Cell::int(i64::from(s));
            }
            w.list(&seeds[..m])
        };
        let max_holes = holes(w, true, 2);
        let min_holes = holes(w, false, 4);
        let depth = w.depth(pos.depth);
        let side = w.side(pos.max_to_move);
        let max_store = w.int(i64::from(self.store(pos, true)));
        let min_store = w.int(i64::from(self.store(pos, false)));
        w.compound(
            0,
            &[depth, side, max_holes, max_store, min_holes, min_store],
        )
    }

    /// The checks of `from_term`, on the cells.
    fn decode(&self, r: &Reader<'_>, c: Cell) -> Option<KalahPos> {
        let [d, side, max_holes, max_store, min_holes, min_store] = r.args(c, 0)?;
        let depth = r.depth(d)?;
        let max_to_move = r.side(side)?;
        let mut pits = [0u8; PITS];
        let mut total = 0;
        for (side, holes, store) in [(true, max_holes, max_store), (false, min_holes, min_store)] {
            let mut seeds = [Cell::int(0); PITS];
            if self.m > PITS || r.list(holes, &mut seeds[..self.m])? != self.m {
                return None;
            }
            let b = self.base(side);
            for (i, &s) in seeds[..self.m].iter().enumerate() {
                pits[b + i] = u8::try_from(r.int(s)?).ok()?;
                total += i64::from(pits[b + i]);
            }
            pits[b + self.m] = u8::try_from(r.int(store)?).ok()?;
            total += i64::from(pits[b + self.m]);
        }
        (total <= 255).then_some(KalahPos {
            pits,
            max_to_move,
            depth,
        })
    }
}

#[cfg(test)]
mod tests;
