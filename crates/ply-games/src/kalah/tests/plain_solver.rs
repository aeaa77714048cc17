//! A second Kalah solver, written for the tests from the rules alone and sharing no code with
//! the library: plain negamax over every move, remembering the value of each arrangement of
//! the holes, with no pruning and no move ordering. It is slow, but small boards are within
//! its reach, and there it gives the margins the library's solver is checked against where
//! Irving, Donkers and Uiterwijk publish none.
//!
//! The rules are those of "Solving Kalah" (and the facts file `kalah.txt`): sowing skips the
//! opponent's store, ending in one's own store gives another move, ending in an empty hole of
//! one's own captures that seed and the opposite hole's seeds (even none), and the game ends
//! when either side's holes are all empty after a move, each side keeping its own seeds.

use std::collections::HashMap;

/// The solver for one board size, with its table of solved arrangements.
pub struct PlainSolver {
    m: usize,
    /// The value of an arrangement seen from the side to move, keyed by [`PlainSolver::key`].
    memo: HashMap<u128, i32>,
}

impl PlainSolver {
    /// A solver for `m` holes a side (at most 8, so that an arrangement fits a key).
    pub fn new(m: usize) -> Self {
        assert!((1..=8).contains(&m));
        PlainSolver {
            m,
            memo: HashMap::new(),
        }
    }

    /// The first player's final margin in Kalah(m, n) with both sides playing perfectly.
    pub fn margin(&mut self, n: u8) -> i32 {
        self.value(&vec![n; 2 * self.m])
    }

    /// The holes packed 8 bits each: the mover's m holes, then the opponent's.
    fn key(holes: &[u8]) -> u128 {
        holes.iter().fold(0u128, |k, &h| (k << 8) | u128::from(h))
    }

    /// What the side to move can gain over the other from here on. `holes` holds the mover's
    /// holes in sowing order, then the opponent's in theirs; the stores do not matter for
    /// what is still to be won, so they are not part of the position.
    fn value(&mut self, holes: &[u8]) -> i32 {
        let key = Self::key(holes);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best = i32::MIN;
        for hole in 0..self.m {
            if holes[hole] == 0 {
                continue;
            }
            let (after, gain, again) = self.sow(holes, hole);
            let mine: i32 = after[..self.m].iter().map(|&s| i32::from(s)).sum();
            let theirs: i32 = after[self.m..].iter().map(|&s| i32::from(s)).sum();
            let v = if mine == 0 || theirs == 0 {
                gain + mine - theirs
            } else if again {
                gain + self.value(&after)
            } else {
                let mut turned = after[self.m..].to_vec();
                turned.extend_from_slice(&after[..self.m]);
                gain - self.value(&turned)
            };
            best = best.max(v);
        }
        self.memo.insert(key, best);
        best
    }

    /// Sows the mover's hole `hole`: the holes after it, the seeds the mover's store gained, and
    /// whether the last seed fell into that store. The ring the seeds go round has the mover's
    /// holes (slots 0..m), the mover's store (slot m) and the opponent's holes (slots m+1..=2m).
    fn sow(&self, holes: &[u8], hole: usize) -> (Vec<u8>, i32, bool) {
        let m = self.m;
        let mut after = holes.to_vec();
        let mut seeds = after[hole];
        after[hole] = 0;
        let mut gain = 0;
        let mut slot = hole;
        while seeds > 0 {
            slot = (slot + 1) % (2 * m + 1);
            if slot == m {
                gain += 1;
            } else {
                let h = if slot < m { slot } else { slot - 1 };
                after[h] += 1;
            }
            seeds -= 1;
        }
        if slot == m {
            return (after, gain, true);
        }
        if slot < m && after[slot] == 1 {
            // The mover's hole i faces the opponent's hole m-1-i, its (m-i)-th in sowing order.
            let opposite = m + (m - 1 - slot);
            gain += 1 + i32::from(after[opposite]);
            after[slot] = 0;
            after[opposite] = 0;
        }
        (after, gain, false)
    }
}
