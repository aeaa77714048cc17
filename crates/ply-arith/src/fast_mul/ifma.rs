//! The base case on processors with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`, checked at
//! run time): the operands are cut into limbs of 52 bits, and eight columns of the product
//! are summed at once, each lane a 64-bit accumulator of the low and the high halves of
//! 52-bit products (room for thousands of them before it could overflow). One instruction
//! makes eight half-products where `mulx` makes one whole one, so a base-case product or
//! square of up to [`MAX_WORDS`] words takes a fraction of the assembly row's time (a
//! third at 100-200 words). One pass at the end adds the columns' carries and packs the
//! limbs back into 64-bit words, sixteen columns into thirteen words a turn, every shift a
//! constant (a loop with the shifts computed took 25% of a square's time).
//!
//! A square sums only the products `x_i·x_j` with `i < j` (a lane's partner index below its
//! own is masked off), doubles them and adds the diagonal `x_i²`, as the row-based square
//! does.

use std::arch::x86_64::{
    __m512i, _mm256_loadu_si256, _mm512_add_epi64, _mm512_castsi256_si512, _mm512_loadu_si512,
    _mm512_madd52hi_epu64, _mm512_madd52lo_epu64, _mm512_mask_blend_epi64,
    _mm512_maskz_loadu_epi64, _mm512_permutexvar_epi64, _mm512_set1_epi64, _mm512_set_epi64,
    _mm512_setzero_si512, _mm512_storeu_si512,
};
use std::mem::MaybeUninit;

/// Bits in a limb.
const LIMB: usize = 52;
/// The low 52 bits.
const MASK: u64 = (1 << LIMB) - 1;
/// The shortest operand of a product this path takes: below it the fixed cost of the
/// conversions makes the rows faster (measured: 0.9x the rows' time at 12 words, 1.0x at
/// 14, 1.1x at 16).
pub(super) const MIN_MUL_WORDS: usize = 15;
/// The shortest operand of a square this path takes (0.9x at 10 words, 1.15x at 12).
pub(super) const MIN_SQR_WORDS: usize = 12;
/// The longest operand (in 64-bit words) this path takes: its buffers are on the stack.
pub(super) const MAX_WORDS: usize = 256;
/// Thirteen words are sixteen limbs (832 bits): conversions go a group at a time, with
/// every shift a constant.
const GROUP_WORDS: usize = 13;
/// Limbs in a group.
const GROUP_LIMBS: usize = 16;
/// Limbs of an operand of [`MAX_WORDS`] words, whole groups.
const MAX_LIMBS: usize = GROUP_LIMBS * MAX_WORDS.div_ceil(GROUP_WORDS);
/// Zero limbs before an operand's limbs, so that loads below its first limb read zeros.
const PAD: usize = 8;
/// Room for an operand's limbs with zeros on both sides.
const LIMB_BUF: usize = PAD + MAX_LIMBS + 8;
/// Room for the column sums of a product: whole groups, and the high halves' sums one
/// column up (where they count).
const COLUMN_BUF: usize = 2 * MAX_LIMBS + 16;

/// True when the processor has AVX-512F and AVX-512 IFMA (the standard library caches the
/// answer, so a call is one load).
#[inline]
pub(super) fn available() -> bool {
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512ifma")
}

/// `r = a * b` for `MAX_WORDS >= a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`.
///
/// # Safety
/// [`available`] is true.
pub(super) unsafe fn mul(r: &mut [u64], a: &[u64], b: &[u64]) {
    assert!(a.len() <= MAX_WORDS && b.len() <= a.len() && !b.is_empty());
    assert_eq!(r.len(), a.len() + b.len());
    let mut xa = [MaybeUninit::<u64>::uninit(); LIMB_BUF];
    let mut xb = [MaybeUninit::<u64>::uninit(); LIMB_BUF];
    let ma = padded_limbs(&mut xa, a);
    let mb = padded_limbs(&mut xb, b);
    let cols = (ma + mb).next_multiple_of(GROUP_LIMBS);
    let mut lo = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    let mut hi = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    // SAFETY: the limb buffers hold `PAD` zeros, the limbs and zeros up to 8 past the last
    // group, every word the column loop reads; it writes `lo[..cols]` and `hi[1..cols + 1]`.
    let (lo, hi) = unsafe {
        let xa = xa.as_ptr().cast::<u64>().add(PAD);
        let xb = xb.as_ptr().cast::<u64>().add(PAD);
        let (lo, hi) = (lo.as_mut_ptr().cast::<u64>(), hi.as_mut_ptr().cast::<u64>());
        mul_columns(lo, hi, xa, ma, xb, mb, cols);
        hi.write(0);
        (
            std::slice::from_raw_parts(lo, cols),
            std::slice::from_raw_parts(hi, cols),
        )
    };
    pack(r, lo, hi);
}

/// `r = a * a` for `MAX_WORDS >= a.len() >= 1`, `r.len() == 2 * a.len()`.
///
/// # Safety
/// [`available`] is true.
pub(super) unsafe fn sqr(r: &mut [u64], a: &[u64]) {
    assert!(a.len() <= MAX_WORDS && !a.is_empty());
    assert_eq!(r.len(), 2 * a.len());
    let mut xa = [MaybeUninit::<u64>::uninit(); LIMB_BUF];
    let m = padded_limbs(&mut xa, a);
    let cols = (2 * m).next_multiple_of(GROUP_LIMBS);
    let mut lo = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    let mut hi = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    // SAFETY: as in `mul`.
    let (lo, hi) = unsafe {
        let x = xa.as_ptr().cast::<u64>().add(PAD);
        let (lo, hi) = (lo.as_mut_ptr().cast::<u64>(), hi.as_mut_ptr().cast::<u64>());
        sqr_columns(lo, hi, x, m, cols);
        hi.write(0);
        (
            std::slice::from_raw_parts(lo, cols),
            std::slice::from_raw_parts(hi, cols),
        )
    };
    pack(r, lo, hi);
}

/// Writes `a`'s limbs of 52 bits into `buf` after [`PAD`] zeros, then zeros to 8 past
/// the last whole group; returns the number of limbs, `⌈64·a.len() / 52⌉`.
///
/// Thirteen words make sixteen limbs a turn, every shift a constant (the loop with the word
/// and the shift computed for each limb, and a bounds check for the next word, took a fifth
/// of a 35-word modular power's time); the last group reads its missing words as zeros, so
/// the limbs past the number's come out zero.
fn padded_limbs(buf: &mut [MaybeUninit<u64>; LIMB_BUF], a: &[u64]) -> usize {
    let m = (64 * a.len()).div_ceil(LIMB);
    for slot in &mut buf[..PAD] {
        slot.write(0);
    }
    let mut at = PAD;
    for chunk in a.chunks(GROUP_WORDS) {
        let mut g = [0u64; GROUP_WORDS];
        g[..chunk.len()].copy_from_slice(chunk);
        // Limb `j` is bits `52j..52j + 52` of the group: from word `52j / 64` at bit
        // `52j % 64`, and the next word's low bits when that is above 12.
        macro_rules! limb {
            ($j:literal, $w:literal, $s:literal) => {
                buf[at + $j].write((g[$w] >> $s) & MASK);
            };
            ($j:literal, $w:literal, $s:literal, spill) => {
                buf[at + $j].write(((g[$w] >> $s) | (g[$w + 1] << (64 - $s))) & MASK);
            };
        }
        limb!(0, 0, 0);
        limb!(1, 0, 52, spill);
        limb!(2, 1, 40, spill);
        limb!(3, 2, 28, spill);
        limb!(4, 3, 16, spill);
        limb!(5, 4, 4);
        limb!(6, 4, 56, spill);
        limb!(7, 5, 44, spill);
        limb!(8, 6, 32, spill);
        limb!(9, 7, 20, spill);
        limb!(10, 8, 8);
        limb!(11, 8, 60, spill);
        limb!(12, 9, 48, spill);
        limb!(13, 10, 36, spill);
        limb!(14, 11, 24, spill);
        limb!(15, 12, 12);
        at += GROUP_LIMBS;
    }
    // The groups wrote exactly up to `m` rounded up to a whole group.
    debug_assert_eq!(at, PAD + m.next_multiple_of(GROUP_LIMBS));
    for slot in &mut buf[at..at + 8] {
        slot.write(0);
    }
    m
}

/// Adds up the columns `lo[k] + hi[k]` (each below 2^62, the column `k` worth `2^(52k)`,
/// whole groups) into `r`, whose length the value fits in.
fn pack(r: &mut [u64], lo: &[u64], hi: &[u64]) {
    // `acc` holds the value not yet written, its lowest bit at the next word's.
    let mut acc = 0u128;
    let mut out = 0;
    for (l, h) in lo
        .chunks_exact(GROUP_LIMBS)
        .zip(hi.chunks_exact(GROUP_LIMBS))
    {
        let mut words = [0u64; GROUP_WORDS];
        let mut w = 0;
        // Column `j` goes in at bit `52j` less the words already written, and the bits
        // below the next column's are final: written out.
        macro_rules! step {
            ($j:literal, $shift:literal) => {
                acc += u128::from(l[$j] + h[$j]) << $shift;
            };
            ($j:literal, $shift:literal, emit) => {
                step!($j, $shift);
                words[w] = acc as u64;
                acc >>= 64;
                w += 1;
            };
        }
        step!(0, 0);
        step!(1, 52, emit);
        step!(2, 40, emit);
        step!(3, 28, emit);
        step!(4, 16, emit);
        step!(5, 4);
        step!(6, 56, emit);
        step!(7, 44, emit);
        step!(8, 32, emit);
        step!(9, 20, emit);
        step!(10, 8);
        step!(11, 60, emit);
        step!(12, 48, emit);
        step!(13, 36, emit);
        step!(14, 24, emit);
        step!(15, 12, emit);
        debug_assert_eq!(w, GROUP_WORDS);
        let n = GROUP_WORDS.min(r.len() - out);
        r[out..out + n].copy_from_slice(&words[..n]);
        out += n;
    }
    debug_assert!(out == r.len() && acc == 0);
}

/// The sums of the low halves (`lo[k]`) and of the high halves (`hi[k + 1]`, where they
/// count) of the products `xa_i · xb_j` with `i + j = k`, for the columns below `cols` (a
/// multiple of 8 at least `ma + mb`).
///
/// # Safety
/// IFMA is available; `xa` is readable from `-8` to `ma + 8` (zeros outside `0..ma`), `xb`
/// for `mb` limbs, `lo` writable for `cols` words and `hi` for `cols + 1`.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn mul_columns(
    lo: *mut u64,
    hi: *mut u64,
    xa: *const u64,
    ma: usize,
    xb: *const u64,
    mb: usize,
    cols: usize,
) {
    let zero = _mm512_setzero_si512();
    for k0 in (0..cols).step_by(8) {
        // Lane `l` takes `xa[k0 + l - i]`: the `i` with some lane inside `0..ma`.
        let first = (k0 + 1).saturating_sub(ma);
        let end = (k0 + 8).min(mb);
        let (mut l0, mut h0, mut l1, mut h1) = (zero, zero, zero, zero);
        let mut i = first;
        // Two chains of accumulators, so that each waits on its own previous sums only.
        while i + 1 < end {
            let (x0, x1) = (bcast(xb, i), bcast(xb, i + 1));
            let (y0, y1) = (load(xa, k0, i), load(xa, k0, i + 1));
            l0 = _mm512_madd52lo_epu64(l0, x0, y0);
            h0 = _mm512_madd52hi_epu64(h0, x0, y0);
            l1 = _mm512_madd52lo_epu64(l1, x1, y1);
            h1 = _mm512_madd52hi_epu64(h1, x1, y1);
            i += 2;
        }
        if i < end {
            let (x0, y0) = (bcast(xb, i), load(xa, k0, i));
            l0 = _mm512_madd52lo_epu64(l0, x0, y0);
            h0 = _mm512_madd52hi_epu64(h0, x0, y0);
        }
        _mm512_storeu_si512(lo.add(k0).cast(), _mm512_add_epi64(l0, l1));
        _mm512_storeu_si512(hi.add(k0 + 1).cast(), _mm512_add_epi64(h0, h1));
    }
}

/// As [`mul_columns`] for `xa = xb = x` of `m` limbs: the products with `i < j` doubled,
/// and the squares `x_i²` added on the diagonal (their low halves in column `2i`, their
/// high halves in column `2i + 1`).
///
/// # Safety
/// As for [`mul_columns`], with `x` as `xa`.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn sqr_columns(lo: *mut u64, hi: *mut u64, x: *const u64, m: usize, cols: usize) {
    let zero = _mm512_setzero_si512();
    // Lanes 2t and 2t + 1 both take the limb t of four.
    let pairs = _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0);
    for k0 in (0..cols).step_by(8) {
        // Lane `l` pairs `x_i` with `x_(k0 + l - i)`: every lane has `i < j` while
        // `2i < k0`; from `i = k0/2` the lanes `l <= 2i - k0` are masked off.
        let first = (k0 + 1).saturating_sub(m);
        let full_end = (k0 / 2).min(m);
        let last = (k0 / 2 + 3).min(m - 1);
        let (mut l0, mut h0, mut l1, mut h1) = (zero, zero, zero, zero);
        let mut i = first;
        while i + 1 < full_end {
            let (x0, x1) = (bcast(x, i), bcast(x, i + 1));
            let (y0, y1) = (load(x, k0, i), load(x, k0, i + 1));
            l0 = _mm512_madd52lo_epu64(l0, x0, y0);
            h0 = _mm512_madd52hi_epu64(h0, x0, y0);
            l1 = _mm512_madd52lo_epu64(l1, x1, y1);
            h1 = _mm512_madd52hi_epu64(h1, x1, y1);
            i += 2;
        }
        if i < full_end {
            let (x0, y0) = (bcast(x, i), load(x, k0, i));
            l0 = _mm512_madd52lo_epu64(l0, x0, y0);
            h0 = _mm512_madd52hi_epu64(h0, x0, y0);
            i += 1;
        }
        while i <= last {
            // Lanes with `k0 + l - i > i`, that is `l > 2i - k0`.
            let mask = (0xffu16 << (2 * i + 1 - k0)) as u8;
            let x0 = bcast(x, i);
            let y0 = _mm512_maskz_loadu_epi64(mask, x.add(k0).sub(i).cast());
            l1 = _mm512_madd52lo_epu64(l1, x0, y0);
            h1 = _mm512_madd52hi_epu64(h1, x0, y0);
            i += 1;
        }
        let diag = _mm512_permutexvar_epi64(
            pairs,
            _mm512_castsi256_si512(_mm256_loadu_si256(x.add(k0 / 2).cast())),
        );
        let square = _mm512_mask_blend_epi64(
            0xaa,
            _mm512_madd52lo_epu64(zero, diag, diag),
            _mm512_madd52hi_epu64(zero, diag, diag),
        );
        let l = _mm512_add_epi64(l0, l1);
        let h = _mm512_add_epi64(h0, h1);
        let l = _mm512_add_epi64(_mm512_add_epi64(l, l), square);
        _mm512_storeu_si512(lo.add(k0).cast(), l);
        _mm512_storeu_si512(hi.add(k0 + 1).cast(), _mm512_add_epi64(h, h));
    }
}

/// `x[i]` in every lane.
#[inline(always)]
unsafe fn bcast(x: *const u64, i: usize) -> __m512i {
    _mm512_set1_epi64(*x.add(i) as i64)
}

/// `x[k0 - i ..][..8]`.
#[inline(always)]
unsafe fn load(x: *const u64, k0: usize, i: usize) -> __m512i {
    _mm512_loadu_si512(x.add(k0).sub(i).cast())
}

#[cfg(test)]
mod tests {
    use super::{padded_limbs, LIMB, LIMB_BUF, MASK, MAX_WORDS, PAD};
    use crate::test_words::Words;
    use std::mem::MaybeUninit;

    /// The limbs cut a group at a time against limbs cut bit by bit, for every length the
    /// path takes, with the zeros on both sides.
    #[test]
    fn limbs_match_a_cut_bit_by_bit() {
        let mut g = Words(0x0bad_cafe_f00d_d00d);
        for n in 1..=MAX_WORDS {
            let a = g.take(n);
            let mut buf = [MaybeUninit::<u64>::uninit(); LIMB_BUF];
            let m = padded_limbs(&mut buf, &a);
            assert_eq!(m, (64 * n).div_ceil(LIMB));
            let bit = |b: usize| b < 64 * n && a[b / 64] >> (b % 64) & 1 == 1;
            let end = PAD + m.next_multiple_of(16) + 8;
            for (k, slot) in buf[..end].iter().enumerate() {
                // SAFETY: `padded_limbs` writes every slot below `end`.
                let got = unsafe { slot.assume_init() };
                let want = if k < PAD {
                    0
                } else {
                    (0..LIMB).fold(0u64, |v, i| v | u64::from(bit((k - PAD) * LIMB + i)) << i)
                };
                assert_eq!(got, want & MASK, "{n} words, slot {k}");
            }
        }
    }
}
