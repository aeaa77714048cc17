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

/// The operands of a modular power as the callers take them (the base reduced by the
/// modulus) and its value by dashu-int, the reference the crate's own powers are checked
/// against: `(base, exponent, modulus, expected)`.
pub(crate) fn powm_reference(
    base: &[u64],
    exp: &[u64],
    modulus: &[u64],
) -> (
    dashu_int::UBig,
    dashu_int::UBig,
    dashu_int::UBig,
    dashu_int::UBig,
) {
    use dashu_int::fast_div::ConstDivisor;
    use dashu_int::UBig;
    let m = UBig::from_words(modulus);
    let b = UBig::from_words(base) % &m;
    let e = UBig::from_words(exp);
    let expected = ConstDivisor::new(m.clone())
        .reduce(b.clone())
        .pow(&e)
        .residue();
    (b, e, m, expected)
}
