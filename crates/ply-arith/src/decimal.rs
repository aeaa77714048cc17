//! Big integers in decimal, by divide and conquer: a number of `L` blocks of 19 digits is
//! split by `10^(19·⌈L/2⌉)` into a high and a low half, each converted the same way, down
//! to numbers of a few dozen words, which are divided by `10^19` word by word
//! ([`basecase`]). The divisions are Barrett's (a product by a precomputed reciprocal, a
//! product by the divisor and at most a few corrections), so they run at the speed of
//! ply's products ([`crate::fast_mul`]); the powers of ten and their reciprocals are kept
//! per thread ([`powers`]) because a program that prints numbers of one size prints many.
//!
//! dashu-int's own conversion divides by the powers with its own, slower products and
//! divisions; this one is what `write/1`, `number_codes/2` and `format/2` use.

mod basecase;
mod powers;
mod reciprocal;

use dashu_int::{IBig, Sign};
pub(crate) use powers::Power;

/// Numbers of at most this many words are converted by [`basecase`] (measured: below it a
/// level of division costs more than the quadratic word-by-word divisions it saves).
const BASECASE_WORDS: usize = 30;

/// Digits in one block: the largest power of ten below 2^64 is 10^19.
const BLOCK_DIGITS: usize = 19;

/// The decimal text of a big integer, `-` first when it is negative.
pub fn ibig_to_string(n: &IBig) -> String {
    let (sign, words) = n.as_sign_words();
    let mut s = String::new();
    if sign == Sign::Negative {
        s.push('-');
    }
    s.push_str(&magnitude_to_string(words));
    s
}

/// The decimal digits of a magnitude (little-endian words, high zero words allowed).
pub fn magnitude_to_string(words: &[u64]) -> String {
    let digits = magnitude_digits(words);
    // Every byte is an ASCII digit.
    String::from_utf8(digits).unwrap_or_default()
}

/// The decimal digits of a magnitude as ASCII bytes, without leading zeros ("0" for zero).
pub fn magnitude_digits(words: &[u64]) -> Vec<u8> {
    let top = words.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    let words = &words[..top];
    if words.len() <= 2 {
        let v = words
            .iter()
            .rev()
            .fold(0u128, |acc, &w| acc << 64 | u128::from(w));
        return v.to_string().into_bytes();
    }
    let bits = 64 * words.len() as u64 - u64::from(words[words.len() - 1].leading_zeros());
    // log10(2) < 0.30103, so these many digits always hold the number.
    let digits = (bits * 30103 / 100_000 + 2) as usize;
    let blocks = digits.div_ceil(BLOCK_DIGITS);
    let mut out = vec![b'0'; blocks * BLOCK_DIGITS];
    if words.len() > BASECASE_WORDS {
        powers::forget_if_large();
    }
    convert(words, &mut out);
    let first = out.iter().position(|&c| c != b'0').unwrap_or(out.len() - 1);
    out.drain(..first);
    out
}

/// Writes `n` (fewer than `10^out.len()`, trimmed) into `out`, zero-padded on the left;
/// `out.len()` is a multiple of [`BLOCK_DIGITS`].
fn convert(n: &[u64], out: &mut [u8]) {
    if n.len() <= BASECASE_WORDS {
        basecase::convert(n, out);
        return;
    }
    let blocks = out.len() / BLOCK_DIGITS;
    let low_blocks = blocks.div_ceil(2);
    let (high_out, low_out) = out.split_at_mut((blocks - low_blocks) * BLOCK_DIGITS);
    let power = powers::power(low_blocks);
    let (q, r) = power.div_rem(n);
    convert(&q, high_out);
    convert(&r, low_out);
}

#[cfg(test)]
mod tests;
