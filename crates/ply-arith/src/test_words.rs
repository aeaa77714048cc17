//! A deterministic stream of words for the crate's unit tests (xorshift, seeded), so every run
//! checks the same operands and a failure reproduces. Test modules add the shapes of operand
//! they need in their own `impl Words` blocks.

/// A xorshift generator over 64-bit words.
pub(crate) struct Words(pub(crate) u64);

impl Words {
    /// The next word of the stream.
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// The next `n` words.
    pub(crate) fn take(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.next()).collect()
    }
}
