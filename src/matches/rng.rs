//! The match's source of random choices: SplitMix64 (Steele, Lea and Flood, "Fast splittable
//! pseudorandom number generators", OOPSLA 2014), seeded from the match seed and the number of
//! a game, so that every game's random openings and random moves are the same in every run,
//! whichever worker plays it and whichever shard it falls in.

/// A SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// A generator for one purpose (`what`) of one game or opening (`index`) of a match seeded
    /// with `seed`: the three are mixed so that neighbouring numbers give unrelated streams.
    pub fn derived(seed: u64, what: u64, index: u64) -> SplitMix {
        let mut g = SplitMix(seed);
        let a = g.next_u64() ^ what.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut g = SplitMix(a);
        let b = g.next_u64() ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03);
        SplitMix(SplitMix(b).next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must be positive), by rejection so that every one is equally
    /// likely.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_its_reference_output() {
        // The first outputs of SplitMix64 seeded with 1234567, as the reference C code by
        // Sebastiano Vigna (splitmix64.c) gives them.
        let mut g = SplitMix::new(1234567);
        assert_eq!(g.next_u64(), 6457827717110365317);
        assert_eq!(g.next_u64(), 3203168211198807973);
        let mut a = SplitMix::derived(1, 2, 3);
        let mut b = SplitMix::derived(1, 2, 4);
        assert_ne!(a.next_u64(), b.next_u64());
        assert!((0..100).all(|_| a.below(7) < 7));
    }
}
