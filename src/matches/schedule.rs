//! The schedule of a tournament: which players meet (a round robin, everyone against everyone,
//! or a gauntlet, the first player against each of the others), and which pairing, opening and
//! sides every game number of the tournament stands for.
//!
//! Games are numbered over the whole tournament, pairing after pairing: pairing `p` plays games
//! `p G` to `p G + G - 1` for `G` games per pairing. Within a pairing, games `2k` and `2k + 1`
//! start from opening `k` with sides swapped, so every pairing plays the same openings. A pair of
//! games is the unit of sharding: unit `u` (numbered over the tournament) belongs to shard
//! `u mod N`. With two players the tournament is the plain match of before, numbered as before.

/// How the players meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every player meets every other one.
    RoundRobin,
    /// The first player meets each of the others; they do not meet each other.
    Gauntlet,
}

impl Format {
    /// `round-robin` or `gauntlet`.
    pub fn parse(text: &str) -> Result<Format, String> {
        match text {
            "round-robin" | "roundrobin" => Ok(Format::RoundRobin),
            "gauntlet" => Ok(Format::Gauntlet),
            _ => Err(format!(
                "--tournament wants round-robin or gauntlet, not `{text}`"
            )),
        }
    }
}

/// The pairings and game numbers of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The pairs of players (indices into the players), in the order they are played.
    pub pairings: Vec<(usize, usize)>,
    /// Games per pairing.
    pub per_pairing: u64,
}

impl Schedule {
    /// The schedule of `players` players meeting in `format`, `per_pairing` games a pairing.
    pub fn new(format: Format, players: usize, per_pairing: u64) -> Schedule {
        let pairings = match format {
            Format::RoundRobin => (0..players)
                .flat_map(|i| (i + 1..players).map(move |j| (i, j)))
                .collect(),
            Format::Gauntlet => (1..players).map(|j| (0, j)).collect(),
        };
        Schedule {
            pairings,
            per_pairing,
        }
    }

    /// Games in the whole tournament.
    pub fn total(&self) -> u64 {
        self.pairings.len() as u64 * self.per_pairing
    }

    /// The pairing of game `g`.
    pub fn pairing(&self, g: u64) -> (usize, usize) {
        self.pairings[(g / self.per_pairing.max(1)) as usize]
    }

    /// The game's number within its pairing.
    pub fn local(&self, g: u64) -> u64 {
        g % self.per_pairing.max(1)
    }

    /// Whether the pairing's first player plays MAX (White) in game `g`: in the first game of
    /// each pair of games.
    pub fn p1_max(&self, g: u64) -> bool {
        self.local(g).is_multiple_of(2)
    }

    /// The opening of game `g`: games `2k`, `2k + 1` of every pairing play opening `k`.
    pub fn opening(&self, g: u64) -> u64 {
        self.local(g) / 2
    }

    /// The unit of sharding of game `g`: its pair of games, numbered over the tournament.
    pub fn unit(&self, g: u64) -> u64 {
        let pairs_per_pairing = self.per_pairing.div_ceil(2);
        (g / self.per_pairing.max(1)) * pairs_per_pairing + self.opening(g)
    }

    /// The games shard `i` of `n` (1-based) plays, in order.
    pub fn shard_games(&self, shard: (u64, u64)) -> Vec<u64> {
        let (i, n) = shard;
        (0..self.total())
            .filter(|&g| self.unit(g) % n == i - 1)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robins_and_gauntlets_pair_and_number_games() {
        let rr = Schedule::new(Format::RoundRobin, 4, 2);
        assert_eq!(
            rr.pairings,
            vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        );
        assert_eq!(rr.total(), 12);
        assert_eq!(rr.pairing(5), (0, 3));
        let g = Schedule::new(Format::Gauntlet, 4, 3);
        assert_eq!(g.pairings, vec![(0, 1), (0, 2), (0, 3)]);
        assert_eq!((g.opening(4), g.unit(4)), (0, 2));
        assert_eq!((g.opening(5), g.unit(5)), (1, 3));
        // Shards take whole pairs and together take every game once.
        let mut all: Vec<u64> = (1..=3).flat_map(|i| rr.shard_games((i, 3))).collect();
        all.sort();
        assert_eq!(all, (0..12).collect::<Vec<_>>());
        assert_eq!(rr.shard_games((1, 3)), vec![0, 1, 6, 7]);
        // Two players: the match of before, with its sharding.
        let two = Schedule::new(Format::RoundRobin, 2, 10);
        assert_eq!(two.shard_games((3, 3)), vec![4, 5]);
    }
}
