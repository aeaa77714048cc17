//! The base case on processors with AVX-512 IFMA (`vpmadd52luq`/`vpmadd52huq`, checked at
//! run time): the operands are cut into limbs of 52 bits, and eight columns of the product
//! are summed at once, each lane a 64-bit accumulator of the low and the high halves of
//! 52-bit products (room for thousands of them before it could overflow). One instruction
//! makes eight half-products where `mulx` makes one whole one, so a base-case product or
//! square of up to [`MAX_WORDS`] words takes a fraction of the assembly row's time; one
//! pass at the end adds the columns' carries and packs the limbs back into 64-bit words.
//!
//! A square sums only the products `x_i·x_j` with `i < j` (a lane's partner index below its
//! own is masked off), doubles them and adds the diagonal `x_i²` in the packing pass, as the
//! row-based square does.

use std::arch::x86_64::{
    __m512i, _mm512_add_epi64, _mm512_loadu_si512, _mm512_madd52hi_epu64, _mm512_madd52lo_epu64,
    _mm512_maskz_loadu_epi64, _mm512_set1_epi64, _mm512_setzero_si512, _mm512_storeu_si512,
};
use std::mem::MaybeUninit;

/// Bits in a limb.
const LIMB: usize = 52;
/// The low 52 bits.
const MASK: u64 = (1 << LIMB) - 1;
/// The longest operand (in 64-bit words) this path takes: its buffers are on the stack.
pub(super) const MAX_WORDS: usize = 256;
/// The shortest operand of a product this path takes: below it the packing's fixed cost
/// makes the rows faster (measured: even at 16 to 24 words).
pub(super) const MIN_MUL_WORDS: usize = 20;
/// The shortest operand of a square this path takes (even at about 28 words).
pub(super) const MIN_SQR_WORDS: usize = 28;
/// Limbs of an operand of [`MAX_WORDS`] words.
const MAX_LIMBS: usize = (64 * MAX_WORDS).div_ceil(LIMB);
/// Zero limbs before an operand's limbs, so that loads below its first limb read zeros.
const PAD: usize = 8;
/// Room for an operand's limbs with zeros on both sides.
const LIMB_BUF: usize = PAD + MAX_LIMBS + 8;
/// Room for the column sums of a product (whole blocks of eight).
const COLUMN_BUF: usize = 2 * MAX_LIMBS + 8;

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
    let mut lo = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    let mut hi = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    // SAFETY: the limb buffers hold `PAD` zeros, the limbs and 8 zeros, every word the
    // column loops read; the column buffers have room for every block of eight columns.
    let (lo, hi) = unsafe {
        let xa = xa.as_ptr().cast::<u64>().add(PAD);
        let xb = xb.as_ptr().cast::<u64>().add(PAD);
        let (lo, hi) = (lo.as_mut_ptr().cast::<u64>(), hi.as_mut_ptr().cast::<u64>());
        mul_columns(lo, hi, xa, ma, xb, mb);
        let cols = ma + mb;
        (
            std::slice::from_raw_parts(lo, cols),
            std::slice::from_raw_parts(hi, cols),
        )
    };
    pack(r, |k| lo[k] + if k > 0 { hi[k - 1] } else { 0 }, ma + mb);
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
    let mut lo = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    let mut hi = [MaybeUninit::<u64>::uninit(); COLUMN_BUF];
    // SAFETY: as in `mul`; the limbs were all written by `padded_limbs`.
    let (x, lo, hi) = unsafe {
        let x = xa.as_ptr().cast::<u64>().add(PAD);
        let (lo, hi) = (lo.as_mut_ptr().cast::<u64>(), hi.as_mut_ptr().cast::<u64>());
        sqr_columns(lo, hi, x, m);
        (
            std::slice::from_raw_parts(x, m),
            std::slice::from_raw_parts(lo, 2 * m),
            std::slice::from_raw_parts(hi, 2 * m),
        )
    };
    pack(
        r,
        |k| {
            let off_diagonal = lo[k] + if k > 0 { hi[k - 1] } else { 0 };
            let d = u128::from(x[k / 2]) * u128::from(x[k / 2]);
            let diagonal = if k % 2 == 0 {
                d as u64 & MASK
            } else {
                (d >> LIMB) as u64
            };
            2 * off_diagonal + diagonal
        },
        2 * m,
    );
}

/// Writes `a`'s limbs of 52 bits into `buf` after [`PAD`] zeros, with 8 zeros after them;
/// returns the number of limbs.
fn padded_limbs(buf: &mut [MaybeUninit<u64>; LIMB_BUF], a: &[u64]) -> usize {
    let m = (64 * a.len()).div_ceil(LIMB);
    for slot in &mut buf[..PAD] {
        slot.write(0);
    }
    for t in 0..m {
        let (w, s) = (LIMB * t / 64, LIMB * t % 64);
        let low = a[w] >> s;
        // A limb that starts above bit 12 of a word takes the next word's low bits.
        let high = match a.get(w + 1) {
            Some(&next) if s > 64 - LIMB => next << (64 - s),
            _ => 0,
        };
        buf[PAD + t].write((low | high) & MASK);
    }
    for slot in &mut buf[PAD + m..PAD + m + 8] {
        slot.write(0);
    }
    m
}

/// Adds up the columns `column(k)` for `k < cols` (each below 2^62), the column `k` worth
/// `2^(52k)`, into `r`, whose length the value fits in.
#[inline(always)]
fn pack(r: &mut [u64], column: impl Fn(usize) -> u64, cols: usize) {
    // `acc` holds the value not yet written, its lowest bit at `r[out]`'s; the next column
    // goes in at bit `bits` of it.
    let mut acc = 0u128;
    let mut bits = 0;
    let mut out = 0;
    for k in 0..cols {
        acc += u128::from(column(k)) << bits;
        bits += LIMB;
        if bits >= 64 {
            if let Some(word) = r.get_mut(out) {
                *word = acc as u64;
            }
            out += 1;
            acc >>= 64;
            bits -= 64;
        }
    }
    for word in r.iter_mut().skip(out) {
        *word = acc as u64;
        acc >>= 64;
    }
}

/// The sums of the low halves (`lo[k]`) and of the high halves (`hi[k]`, worth column
/// `k + 1`) of the products `xa_i · xb_j` with `i + j = k`, for every block of eight
/// columns below `ma + mb`.
///
/// # Safety
/// IFMA is available; `xa` is readable from `-8` to `ma + 8` (zeros outside `0..ma`), `xb`
/// for `mb` limbs, `lo` and `hi` writable for `ma + mb` rounded up to eight.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn mul_columns(
    lo: *mut u64,
    hi: *mut u64,
    xa: *const u64,
    ma: usize,
    xb: *const u64,
    mb: usize,
) {
    let zero = _mm512_setzero_si512();
    for k0 in (0..ma + mb).step_by(8) {
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
        _mm512_storeu_si512(hi.add(k0).cast(), _mm512_add_epi64(h0, h1));
    }
}

/// As [`mul_columns`] for `xa = xb = x` of `m` limbs, summing only the products with
/// `i < j`.
///
/// # Safety
/// As for [`mul_columns`], with `x` as `xa`.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn sqr_columns(lo: *mut u64, hi: *mut u64, x: *const u64, m: usize) {
    let zero = _mm512_setzero_si512();
    for k0 in (0..2 * m).step_by(8) {
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
        _mm512_storeu_si512(lo.add(k0).cast(), _mm512_add_epi64(l0, l1));
        _mm512_storeu_si512(hi.add(k0).cast(), _mm512_add_epi64(h0, h1));
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
