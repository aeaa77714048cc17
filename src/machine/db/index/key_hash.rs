//! The hash function of the clause index's tables, whose keys are key codes (one word each):
//! a multiply that folds the high half of the product into the low, so that every bit of the
//! code reaches the bits a table picks its bucket by. The standard library's default hash is
//! built to resist chosen keys and costs several times more per word; a program can fill a
//! table with keys of its choosing only by asserting clauses, which costs it far more than any
//! collision costs the table. This must never be used for anything but key codes.

use std::hash::{BuildHasherDefault, Hasher};

/// Hashes one key code.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

/// Makes [`KeyHasher`]s, for `HashMap<u64, _, KeyHash>`.
pub type KeyHash = BuildHasherDefault<KeyHasher>;

impl Hasher for KeyHasher {
    #[inline]
    fn write_u64(&mut self, code: u64) {
        // An odd constant with well-spread bits (the golden ratio's fraction).
        let p = (code ^ self.0) as u128 * 0x9E37_79B9_7F4A_7C15u128;
        self.0 = (p as u64) ^ ((p >> 64) as u64);
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `u64` keys are hashed here; any other input still hashes, a word at a time.
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn integer_codes_spread_over_the_low_bits() {
        // Small-integer codes differ only above their three tag bits; a table of 1024 buckets
        // picks by the low ten bits of the hash, which must take many values.
        let build = KeyHash::default();
        let mut seen = std::collections::HashSet::new();
        for i in 0..4096u64 {
            seen.insert(build.hash_one((i << 3) | 2) & 1023);
        }
        assert!(seen.len() > 900, "{} buckets used", seen.len());
    }
}
