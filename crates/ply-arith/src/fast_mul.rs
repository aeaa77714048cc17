//! ply's own multiplication and squaring of magnitudes (little-endian 64-bit words), used
//! for the products and powers of big integers instead of dashu-int's: a base case under
//! Karatsuba levels, then Toom-4 levels ([`toom4`]) whose evaluation and interpolation work
//! in place on word slices ([`signed`]); a Toom-3 level between them was measured slower
//! than Karatsuba up to 400 words and than Toom-4 above. The base case is an assembly row
//! (`mulx` with two carry chains, [`basecase`]) or, on processors with AVX-512 IFMA, sums
//! of eight columns at once over 52-bit limbs ([`ifma`]), which stays faster than
//! Karatsuba up to 200-256 words, so each processor has its own [`Levels`]
//! ([`NO_IFMA_VARIABLE`] makes a processor with IFMA take the rows, to measure and test
//! them). With the rows, squares take 0.9-1.05x GMP 6.2.1's time from 24 to 1,460 words
//! and products 1.0-1.15x (GMP's Toom-6 and Toom-8 levels are what it gains above 700 words);
//! with the columns, squares take 0.5-0.8x GMP's time from 100 to 2,900 words, products
//! 0.5-0.85x (`benches/README.md`). The levels' buffers come from a per-thread pool
//! ([`scratch`]). Only operands beyond [`DASHU_ABOVE`] words, where dashu-int's transform
//! is measured to catch up, go back to dashu-int.
//!
//! Each Karatsuba level splits `a = a0 + a1·B^h` and `b = b0 + b1·B^h` and computes
//! `a0·b0`, `a1·b1` and `|a0 - a1|·|b1 - b0|`, whose signed sum with the first two is the
//! middle term `a0·b1 + a1·b0`. A square needs only squares, and its middle term is
//! `a0² + a1² - (a0 - a1)²`.

mod basecase;
#[cfg(target_arch = "x86_64")]
mod ifma;
mod scratch;
mod signed;
mod toom4;
mod words;

use dashu_int::UBig;
use std::mem::MaybeUninit;
use words::{abs_diff, add_in, add_to, sub_in};

/// Where each level of the products and squares starts, in words of the shorter operand:
/// below `*_karatsuba` the base case, from `*_toom4` Toom-4, Karatsuba between.
#[derive(Clone, Copy, Debug)]
struct Levels {
    mul_karatsuba: usize,
    sqr_karatsuba: usize,
    mul_toom4: usize,
    sqr_toom4: usize,
}

/// The levels over the base case by rows (measured: Karatsuba pays from 28 words in a
/// product and 40 in a square, where squares from 32 to 44 words give the same times above
/// and 48 made squares of 93 to 1,460 words 1-3% slower; Toom-4 from 300 in a square once
/// its buffers are reused, [`scratch`], flat from 220 to 340, and from 240 in a product
/// since the evaluation's shifted sums are one tight loop each: products of 230 to 1,000
/// words 2-4% faster than with 300).
const ROWS: Levels = Levels {
    mul_karatsuba: 28,
    sqr_karatsuba: 40,
    mul_toom4: 240,
    sqr_toom4: 300,
};

/// The levels over the base case by columns of 52-bit limbs ([`ifma`]), which is faster
/// than a Karatsuba level over itself up to 200 words in a product and 256 in a square
/// (measured: 1,460-word squares 97 µs with these levels, 113 µs with Karatsuba from 120
/// and 160 words and Toom-4 from 400); Toom-4 levels pay from 800 words.
#[cfg(target_arch = "x86_64")]
const COLUMNS: Levels = Levels {
    mul_karatsuba: 200,
    sqr_karatsuba: 256,
    mul_toom4: 800,
    sqr_toom4: 800,
};

/// The levels for this processor.
#[inline]
fn levels() -> Levels {
    #[cfg(target_arch = "x86_64")]
    if columns() {
        return COLUMNS;
    }
    ROWS
}

/// True when the base case goes by columns: the processor has IFMA, the environment does
/// not turn them off ([`NO_IFMA_VARIABLE`]), and, in this crate's tests, the rows are not
/// asked for, so that both paths are tested on such a processor.
#[cfg(target_arch = "x86_64")]
#[inline]
fn columns() -> bool {
    #[cfg(test)]
    if tests::ROWS_ONLY.with(|r| r.get()) {
        return false;
    }
    static COLUMNS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *COLUMNS.get_or_init(|| ifma::available() && !ifma_turned_off())
}

/// The environment variable that, set to anything but empty or `0`, makes the products take
/// the portable path (the rows and their levels) on a processor with IFMA, so that the path
/// of processors without it can be measured and tested on one with it. It is read once,
/// at the first big product.
pub const NO_IFMA_VARIABLE: &str = "PLY_NO_IFMA";

/// True when [`NO_IFMA_VARIABLE`] asks for the portable path.
#[cfg(target_arch = "x86_64")]
fn ifma_turned_off() -> bool {
    asks_for_portable(std::env::var_os(NO_IFMA_VARIABLE).as_deref())
}

/// True for a value of [`NO_IFMA_VARIABLE`] that turns the columns off: set, not empty, not
/// `0`.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
fn asks_for_portable(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty() && v != "0")
}

/// Above this many words (the shorter operand) dashu-int's transform product is used
/// (measured: at 80,000 words ply's products still take 0.7x dashu-int's time, its
/// squares 0.86x).
pub const DASHU_ABOVE: usize = 80_000;
/// From this many words in each operand ply's products beat dashu-int's (measured:
/// below it both are a handful of rows and the allocation is what costs).
pub const MIN_WORDS: usize = 8;

/// The product of two magnitudes, `a.len() + b.len()` words (high zero words kept).
pub fn mul_words(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if b.len() > DASHU_ABOVE {
        return dashu_product(a, b);
    }
    let mut r = vec![0; a.len() + b.len()];
    if !b.is_empty() {
        mul_into(&mut r, a, b);
    }
    r
}

/// The square of a magnitude, `2 * a.len()` words (high zero words kept).
pub fn sqr_words(a: &[u64]) -> Vec<u64> {
    if a.len() > DASHU_ABOVE {
        return dashu_product(a, a);
    }
    let mut r = vec![0; 2 * a.len()];
    if !a.is_empty() {
        sqr_same(&mut r, a);
    }
    r
}

/// `r = a * b` for operands of one length `n >= 1`, into `r` of `2n` words, with no
/// allocation but the levels' pooled scratch (Montgomery's products, [`crate::montgomery`]).
pub(crate) fn mul_n_into(r: &mut [u64], a: &[u64], b: &[u64]) {
    assert!(a.len() == b.len() && r.len() == 2 * a.len() && !a.is_empty());
    if a.len() < levels().mul_karatsuba {
        return basecase::mul_basecase(r, a, b);
    }
    mul_same(r, a, b)
}

/// `r = a * a` for `a` of `n >= 1` words, into `r` of `2n` words, as [`mul_n_into`].
pub(crate) fn sqr_n_into(r: &mut [u64], a: &[u64]) {
    assert!(r.len() == 2 * a.len() && !a.is_empty());
    if a.len() < levels().sqr_karatsuba {
        return basecase::sqr_basecase(r, a);
    }
    sqr_same(r, a)
}

/// Montgomery's reduction of `t` (`2n` words, below `m·B^n`) by the odd `m` of `n` words,
/// `minv` being `-1/m[0] mod B`: leaves `t·B^(-n) mod m` in `t[n..]`, fully reduced (below
/// `m`). One pass of rows ([`basecase::redc_rows`]), their carry words added at the end,
/// and at most one subtraction of `m`.
pub(crate) fn redc(t: &mut [u64], m: &[u64], minv: u64) {
    let n = m.len();
    basecase::redc_rows(t, m, minv);
    let (carries, high) = t.split_at_mut(n);
    let carry = words::add_n_in(high, carries);
    // The sum is below 2m (t < m·B^n), so one subtraction brings it below m; with a carry
    // out the true value is high + B^n, and the subtraction's borrow cancels that carry.
    if carry || words::compare(high, m) != std::cmp::Ordering::Less {
        words::sub_n_in(high, m);
    }
}

/// [`basecase::redc_rows`] on a copy of `t`, then the portable loop on another: `(rows,
/// portable)`, for the tests.
#[cfg(test)]
pub(crate) fn redc_rows_both(t: &[u64], m: &[u64], minv: u64) -> (Vec<u64>, Vec<u64>) {
    let mut fast = t.to_vec();
    basecase::redc_rows(&mut fast, m, minv);
    let mut portable = t.to_vec();
    basecase::redc_rows_portable(&mut portable, m, minv);
    (fast, portable)
}

/// `a * w` for one word `w`: one row, `a.len() + 1` words.
pub fn mul_word(a: &[u64], w: u64) -> Vec<u64> {
    let mut r = vec![0; a.len() + 1];
    r[a.len()] = mul_word_into(&mut r, a, w);
    r
}

/// `out[..a.len()] = a * w` for one word `w` and `out` at least as long as `a`; returns
/// the carry word (the product's word `a.len()`). The spigots' and factorials' products of
/// a big integer by a small one are this one row (`mulx` and one carry chain where the
/// processor has BMI2 and ADX: about 1.2 cycles a word, where the portable loop's chain
/// waits two).
pub fn mul_word_into(out: &mut [u64], a: &[u64], w: u64) -> u64 {
    basecase::mul_1_any(out, a, w)
}

/// [`mul_word_into`] into words not yet initialised (a heap's spare capacity, so that a
/// product written where it will lie needs no zeroing first): `out[..a.len()]` is written,
/// never read, with `a * w`, and the carry word returned; `out` is at least as long as `a`.
pub fn mul_word_into_uninit(out: &mut [MaybeUninit<u64>], a: &[u64], w: u64) -> u64 {
    basecase::mul_1_uninit(out, a, w)
}

/// `a` raised to `exp`, by squarings and products from the exponent's highest bit down,
/// without high zero words; `a` has no high zero words and is not empty.
pub fn pow_words(a: &[u64], exp: u32) -> Vec<u64> {
    if exp == 0 {
        return vec![1];
    }
    let mut r = a.to_vec();
    for bit in (0..31 - exp.leading_zeros()).rev() {
        r = sqr_words(&r);
        trim(&mut r);
        if exp >> bit & 1 == 1 {
            r = mul_words(&r, a);
            trim(&mut r);
        }
    }
    r
}

/// dashu-int's product (its transform, for the largest operands), `a.len() + b.len()`
/// words.
fn dashu_product(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (x, y) = (UBig::from_words(a), UBig::from_words(b));
    let p = if a == b { x.sqr() } else { x * y };
    let mut r = p.as_words().to_vec();
    r.resize(a.len() + b.len(), 0);
    r
}

/// Drops high zero words.
fn trim(r: &mut Vec<u64>) {
    while r.last() == Some(&0) {
        r.pop();
    }
}

/// `r = a * b` for `a.len() >= b.len() >= 1`, `r.len() == a.len() + b.len()`: a long `a`
/// is cut into pieces as long as `b`, each product added in at its place.
fn mul_into(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = b.len();
    if n < levels().mul_karatsuba {
        basecase::mul_basecase(r, a, b);
        return;
    }
    if a.len() == n {
        mul_same(r, a, b);
        return;
    }
    r.fill(0);
    scratch::with_scratch(2 * n, |piece| {
        for (i, chunk) in a.chunks(n).enumerate() {
            let len = chunk.len() + n;
            if chunk.len() == n {
                mul_same(piece, chunk, b);
            } else {
                mul_into(&mut piece[..len], b, chunk);
            }
            let carry = add_in(&mut r[i * n..], &piece[..len]);
            debug_assert!(!carry);
        }
    });
}

/// `r = a * b` for operands of the same length, `r.len() == 2 * a.len()`.
fn mul_same(r: &mut [u64], a: &[u64], b: &[u64]) {
    scratch::with_scratch(scratch_len(a.len()), |s| mul_same_in(r, a, b, s));
}

/// Words of scratch memory the Karatsuba levels below `n` words need.
fn scratch_len(n: usize) -> usize {
    let mut total = 0;
    let mut n = n;
    let l = levels();
    while n >= l.mul_karatsuba.min(l.sqr_karatsuba) {
        let h = n.div_ceil(2);
        total += 4 * h;
        n = h;
    }
    total
}

/// [`mul_same`] with the differences and middle terms of every Karatsuba level below in
/// `scratch` (at least [`scratch_len`] words), one allocation for the whole product.
fn mul_same_in(r: &mut [u64], a: &[u64], b: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    let l = levels();
    if n < l.mul_karatsuba {
        basecase::mul_basecase(r, a, b);
        return;
    }
    if n >= l.mul_toom4 {
        toom4::mul(r, a, b);
        return;
    }
    let h = n.div_ceil(2);
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    {
        let (low, high) = r.split_at_mut(2 * h);
        mul_same_in(low, a0, b0, scratch);
        mul_same_in(high, a1, b1, scratch);
    }
    let (da, rest) = scratch.split_at_mut(h);
    let (db, rest) = rest.split_at_mut(h);
    let (dm, rest) = rest.split_at_mut(2 * h);
    let a_negative = abs_diff(da, a0, a1);
    let b_negative = abs_diff(db, b1, b0);
    mul_same_in(dm, da, db, rest);
    // (a0 - a1)(b1 - b0) is positive when both differences have the same sign.
    add_middle(r, h, dm, a_negative == b_negative);
}

/// `r = a * a`, `r.len() == 2 * a.len()`.
fn sqr_same(r: &mut [u64], a: &[u64]) {
    scratch::with_scratch(scratch_len(a.len()), |s| sqr_same_in(r, a, s));
}

/// [`sqr_same`] with its Karatsuba levels' words in `scratch`.
fn sqr_same_in(r: &mut [u64], a: &[u64], scratch: &mut [u64]) {
    let n = a.len();
    let l = levels();
    if n < l.sqr_karatsuba {
        basecase::sqr_basecase(r, a);
        return;
    }
    if n >= l.sqr_toom4 {
        toom4::sqr(r, a);
        return;
    }
    let h = n.div_ceil(2);
    let (a0, a1) = a.split_at(h);
    {
        let (low, high) = r.split_at_mut(2 * h);
        sqr_same_in(low, a0, scratch);
        sqr_same_in(high, a1, scratch);
    }
    let (da, rest) = scratch.split_at_mut(h);
    let (dm, rest) = rest.split_at_mut(2 * h);
    abs_diff(da, a0, a1);
    sqr_same_in(dm, da, rest);
    add_middle(r, h, dm, false);
}

/// Adds the middle term `z0 + z2 ± dm` at word `h` of `r`, where `r` holds `z0` (its low
/// `2h` words) and `z2` (the rest), in place. With `z0 = l0 + h0·B^h` and `z2 = l2 +
/// h2·B^h`, the words `h..2h` become `h0 + l0 + l2` and the words `2h..3h` become `l2 + h0
/// + h2`: the common `t = h0 + l2` is summed once (three sums of `h` words where summing
/// the middle term apart took four of `2h`). The sums wrap at the end of `r`: when `dm` is
/// subtracted, `r` may pass `B^(2n)` before it does, and the final value is below it.
fn add_middle(r: &mut [u64], h: usize, dm: &[u64], plus: bool) {
    let (low, high) = r.split_at_mut(2 * h);
    let (l0, h0) = low.split_at_mut(h);
    let (t, h2) = high.split_at_mut(h);
    let carry_t = u64::from(add_in(t, h0));
    let carry_low = u64::from(add_to(h0, t, l0));
    let carry_high = u64::from(add_in(t, h2));
    add_in(&mut r[2 * h..], &[carry_t + carry_low]);
    if 3 * h < r.len() {
        add_in(&mut r[3 * h..], &[carry_t + carry_high]);
    }
    if plus {
        add_in(&mut r[h..], dm);
    } else {
        sub_in(&mut r[h..], dm);
    }
}

#[cfg(test)]
mod tests;
