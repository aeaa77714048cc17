//! A fast, non-cryptographic hasher for the machine's internal maps (atom table, predicate
//! table, the compiler's variable maps, the reader's variable names, ...).
//!
//! The standard library's default hasher resists collision attacks, at several times the cost
//! of hashing a word; that cost showed as a sixth of start-up, where the library is compiled.
//! The keys of these maps are atom names, small integers and heap cells made by the system, so
//! a multiply-and-fold hash is enough. It must never be used for a map whose keys an outsider
//! can choose in bulk to make the map slow on purpose (nothing in ply reads such keys from a
//! network), and nothing may depend on the iteration order it gives.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// An odd constant with well-spread bits; multiplying by it carries every input bit upwards.
const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

/// The hasher: one multiply per word written. Multiplication only carries bits upwards, and the
/// table picks buckets by the low bits, so the end folds the high half down, multiplies once
/// more and rotates the best-mixed bits into the low ones.
#[derive(Default, Clone, Copy)]
pub struct FastHasher {
    state: u64,
}

impl FastHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        self.state = (self.state.rotate_left(23) ^ word).wrapping_mul(MULTIPLIER);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.mix(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            // The length goes in the top byte so that trailing zero bytes still count.
            self.mix(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.mix(i as u64);
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.mix(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.mix(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.mix(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let h = self.state;
        (h ^ (h >> 29)).wrapping_mul(MULTIPLIER).rotate_left(26)
    }
}

/// Builds [`FastHasher`]s; the `S` parameter of the maps below.
pub type FastBuild = BuildHasherDefault<FastHasher>;

/// A `HashMap` with [`FastHasher`]; make one with `FastMap::default()`.
pub type FastMap<K, V> = HashMap<K, V, FastBuild>;

/// A `HashSet` with [`FastHasher`]; make one with `FastSet::default()`.
pub type FastSet<T> = HashSet<T, FastBuild>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};

    fn hash_of<T: Hash>(t: &T) -> u64 {
        FastBuild::default().hash_one(t)
    }

    /// Strings that differ only in trailing zero bytes or in length hash differently, and a
    /// map keyed by them finds each one.
    #[test]
    fn strings_of_different_lengths_differ() {
        assert_ne!(hash_of(&"a"), hash_of(&"a\0"));
        assert_ne!(hash_of(&""), hash_of(&"\0"));
        assert_ne!(hash_of(&"abcdefgh"), hash_of(&"abcdefgh\0"));
        let mut m: FastMap<String, usize> = FastMap::default();
        let names: Vec<String> = (0..2000).map(|i| format!("name_{i}")).collect();
        for (i, n) in names.iter().enumerate() {
            m.insert(n.clone(), i);
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(m.get(n), Some(&i));
        }
    }

    /// Keys that differ only in their high bits (as heap cells with the same tag do) spread
    /// over the low bits the table uses to pick a bucket.
    #[test]
    fn high_bit_differences_reach_the_low_bits() {
        let low: FastSet<u64> = (0..256u64).map(|i| hash_of(&(i << 40)) & 0xff).collect();
        assert!(low.len() > 100, "only {} distinct low bytes", low.len());
    }
}
