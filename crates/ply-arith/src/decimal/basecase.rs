//! The base case of the decimal conversion: a number of a few dozen words divided by
//! `10^19` again and again, each remainder written as 19 digits from the right.

use super::BLOCK_DIGITS;

/// 10^19, the largest power of ten below 2^64; its top bit is set, so the division by it
/// by a precomputed inverse needs no shift.
const TEN19: u64 = 10_000_000_000_000_000_000;

/// `⌊(2^128 - 1) / 10^19⌋ - 2^64`, the inverse of Möller and Granlund's division.
const INVERSE: u64 = (u128::MAX / TEN19 as u128 - (1u128 << 64)) as u64;

/// Pairs of digits "00" to "99", so that a block is written two digits a step.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Writes `n` (trimmed, fewer than `10^out.len()`) into `out`, zero-padded on the left.
pub(super) fn convert(n: &[u64], out: &mut [u8]) {
    let mut words = n.to_vec();
    let mut end = out.len();
    while !words.is_empty() {
        let r = div_in_place(&mut words);
        if words.last() == Some(&0) {
            words.pop();
        }
        write_block(r, &mut out[end - BLOCK_DIGITS..end]);
        end -= BLOCK_DIGITS;
    }
    out[..end].fill(b'0');
}

/// Divides `words` by 10^19 in place, from the top word down, and returns the remainder.
fn div_in_place(words: &mut [u64]) -> u64 {
    let mut r = 0u64;
    for w in words.iter_mut().rev() {
        let (q, rem) = div_2by1(r, *w);
        *w = q;
        r = rem;
    }
    r
}

/// `(hi·2^64 + lo) / 10^19` and its remainder, for `hi < 10^19`, by the precomputed
/// inverse (Möller and Granlund, "Improved division by invariant integers", algorithm 4).
#[inline(always)]
fn div_2by1(hi: u64, lo: u64) -> (u64, u64) {
    let p = u128::from(INVERSE) * u128::from(hi) + (u128::from(hi) << 64 | u128::from(lo));
    let mut q = ((p >> 64) as u64).wrapping_add(1);
    let mut r = lo.wrapping_sub(q.wrapping_mul(TEN19));
    if r > p as u64 {
        q = q.wrapping_sub(1);
        r = r.wrapping_add(TEN19);
    }
    if r >= TEN19 {
        q += 1;
        r -= TEN19;
    }
    (q, r)
}

/// Writes `v < 10^19` as exactly 19 digits.
fn write_block(mut v: u64, out: &mut [u8]) {
    let mut i = BLOCK_DIGITS;
    while i > 1 {
        let pair = (v % 100) as usize;
        v /= 100;
        out[i - 2..i].copy_from_slice(&PAIRS[2 * pair..2 * pair + 2]);
        i -= 2;
    }
    out[0] = b'0' + v as u8;
}
