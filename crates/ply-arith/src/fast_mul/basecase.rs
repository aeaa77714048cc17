//! The base case of ply's own multiplication: schoolbook products and squares of a few
//! dozen words, built on one primitive, a row `r += a * v` ("addmul"). On x86-64
//! processors with the BMI2 and ADX extensions (checked at run time) the row is a loop of
//! `mulx` with two independent carry chains (`adcx` for the product's high words, `adox`
//! for the accumulator), four words a turn, and a square's doubling and diagonal pass is
//! the same two chains, all the rows of one product or square in one loop nest ([`x86`]);
//! elsewhere both are portable loops on `u128`. The first row of each, and a product by
//! one word ([`mul_1_any`]), is written rather than added: one chain. The rows are what the
//! Karatsuba levels above spend most of their time in, so this is where the machine's wide
//! multiplier pays. Where the processor has AVX-512 IFMA,
//! products whose shorter operand has 15 to 256 words and squares of 12 to 256 words go
//! by columns instead ([`super::ifma`]).

use super::words::add_carry;
use std::mem::MaybeUninit;

/// A proof that the processor has BMI2 and ADX, for the loops of [`x86`]; a value exists
/// only on such a processor.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Adx(());

#[cfg(target_arch = "x86_64")]
impl Adx {
    fn detect() -> Option<Adx> {
        (std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx"))
            .then_some(Adx(()))
    }

    /// [`mul_basecase_rows`] in assembly: row 0 written, the others added, in one loop nest.
    fn mul_rows(self, r: &mut [u64], a: &[u64], b: &[u64]) {
        let (n, m) = (a.len(), b.len());
        assert!(r.len() == n + m && n >= 1 && m >= 1);
        // SAFETY: an `Adx` exists only where the processor has BMI2 and ADX; `a` is not
        // empty, `r` holds `n + m` words, the most row 0 (`n + 1`) and rows 1 to `m - 1`
        // (`r[j..=j + n]` for `j < m`) touch.
        unsafe {
            r[n] = x86::mul_1(r.as_mut_ptr(), a.as_ptr(), n, b[0]);
            if m > 1 {
                x86::mul_rows(r.as_mut_ptr(), a.as_ptr(), n, b.as_ptr(), m);
            }
        }
    }

    /// [`sqr_basecase_rows`] in assembly: row 0 below the diagonal written, the others
    /// added in one loop nest, then doubled with the diagonal's squares added.
    fn sqr_rows(self, r: &mut [u64], a: &[u64]) {
        let n = a.len();
        assert!(r.len() == 2 * n && n >= 1);
        r[0] = 0;
        r[2 * n - 1] = 0;
        // SAFETY: as for `mul_rows`; row 0 is `r[1..=n]`, rows 1 to `n - 2` end at
        // `r[2n - 2]`, and the last pass touches the `2n` words of `r`.
        unsafe {
            if n > 1 {
                r[n] = x86::mul_1(r.as_mut_ptr().add(1), a.as_ptr().add(1), n - 1, a[0]);
            }
            if n > 2 {
                x86::sqr_rows(r.as_mut_ptr(), a.as_ptr(), n);
            }
            x86::double_and_add_squares(r.as_mut_ptr(), a.as_ptr(), n);
        }
    }
}

/// `r = a * b`, with `r.len() == a.len() + b.len()` and `a` not empty: one row per word
/// of `b`.
pub(super) fn mul_basecase(r: &mut [u64], a: &[u64], b: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    if (super::ifma::MIN_MUL_WORDS..=super::ifma::MAX_WORDS).contains(&b.len()) && super::columns()
    {
        return mul_columns_chunked(r, a, b);
    }
    mul_basecase_rows(r, a, b)
}

/// [`mul_basecase`] by columns ([`super::ifma`]), `a` cut into pieces of at most
/// [`super::ifma::MAX_WORDS`] words when it is longer (the pieces' products added in).
#[cfg(target_arch = "x86_64")]
fn mul_columns_chunked(r: &mut [u64], a: &[u64], b: &[u64]) {
    use super::ifma::{mul, MAX_WORDS};
    debug_assert!(b.len() <= MAX_WORDS);
    if a.len() <= MAX_WORDS {
        // SAFETY: the caller checked that the processor has IFMA; `b` is not longer.
        return unsafe { mul(r, a, b) };
    }
    r.fill(0);
    let mut piece = [0u64; 2 * MAX_WORDS];
    for (i, chunk) in a.chunks(MAX_WORDS).enumerate() {
        let len = chunk.len() + b.len();
        let (long, short) = if chunk.len() >= b.len() {
            (chunk, b)
        } else {
            (b, chunk)
        };
        // SAFETY: as above; `long` is within the limit and `short` not longer.
        unsafe { mul(&mut piece[..len], long, short) };
        let carry = super::words::add_in(&mut r[i * MAX_WORDS..], &piece[..len]);
        debug_assert!(!carry);
    }
}

/// [`mul_basecase`] by rows, whatever the processor's vector extensions.
pub(super) fn mul_basecase_rows(r: &mut [u64], a: &[u64], b: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(adx) = Adx::detect() {
        return adx.mul_rows(r, a, b);
    }
    mul_rows_portable(r, a, b)
}

/// [`mul_basecase_rows`] by the portable loops, whatever the processor.
fn mul_rows_portable(r: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert_eq!(r.len(), a.len() + b.len());
    let n = a.len();
    // The first row is written, not added: every word of `r` is then written by a row or
    // as a row's carry before a later row adds to it, so no zeroed accumulator is needed.
    let Some(&first) = b.first() else {
        r.fill(0);
        return;
    };
    r[n] = mul_1(&mut r[..n], a, first);
    for (j, &v) in b.iter().enumerate().skip(1) {
        r[j + n] = addmul_1(&mut r[j..j + n], a, v);
    }
}

/// `r[..a.len()] = a * v` for `r.len() >= a.len()`, returning the carry word: on a
/// processor with BMI2 and ADX one `mulx` and one `adcx` a word (the carry chain waits one
/// cycle a word, where the portable loop's `add`/`adc` pair waits two), elsewhere the
/// portable loop.
pub(super) fn mul_1_any(r: &mut [u64], a: &[u64], v: u64) -> u64 {
    assert!(r.len() >= a.len());
    if a.is_empty() {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if Adx::detect().is_some() {
        // SAFETY: the processor has BMI2 and ADX; `a` is not empty and `r` holds at least
        // `a.len()` words.
        return unsafe { x86::mul_1(r.as_mut_ptr(), a.as_ptr(), a.len(), v) };
    }
    mul_1(r, a, v)
}

/// [`mul_1_any`] into words not yet initialised: `r[..a.len()]` is written (never read)
/// with `a * v`, and the carry word returned.
pub(super) fn mul_1_uninit(r: &mut [MaybeUninit<u64>], a: &[u64], v: u64) -> u64 {
    assert!(r.len() >= a.len());
    if a.is_empty() {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if Adx::detect().is_some() {
        // SAFETY: the processor has BMI2 and ADX (an `Adx` was made); `a` is not empty and
        // `r` holds at least `a.len()` words. The loop only stores into `r`, so words not
        // yet initialised are never read; `MaybeUninit<u64>` has `u64`'s layout.
        return unsafe { x86::mul_1(r.as_mut_ptr().cast::<u64>(), a.as_ptr(), a.len(), v) };
    }
    mul_1_uninit_portable(r, a, v)
}

/// [`mul_1_uninit`] by the portable loop, whatever the processor.
pub(super) fn mul_1_uninit_portable(r: &mut [MaybeUninit<u64>], a: &[u64], v: u64) -> u64 {
    let mut carry = 0u64;
    for (x, &y) in r.iter_mut().zip(a) {
        let t = u128::from(y) * u128::from(v) + u128::from(carry);
        x.write(t as u64);
        carry = (t >> 64) as u64;
    }
    carry
}

/// `r[..a.len()] += a * v`, returning the carry word.
#[inline(always)]
fn addmul_1(r: &mut [u64], a: &[u64], v: u64) -> u64 {
    let mut carry = 0u64;
    for (x, &y) in r.iter_mut().zip(a) {
        let t = u128::from(y) * u128::from(v) + u128::from(*x) + u128::from(carry);
        *x = t as u64;
        carry = (t >> 64) as u64;
    }
    carry
}

/// `r[..a.len()] = a * v`, returning the carry word.
#[inline(always)]
fn mul_1(r: &mut [u64], a: &[u64], v: u64) -> u64 {
    let mut carry = 0u64;
    for (x, &y) in r.iter_mut().zip(a) {
        let t = u128::from(y) * u128::from(v) + u128::from(carry);
        *x = t as u64;
        carry = (t >> 64) as u64;
    }
    carry
}

/// `r = a * a`, with `r.len() == 2 * a.len()`: the products below the diagonal once (half
/// the rows' work of a product), then doubled, with the squares of the words added on the
/// diagonal in the same pass.
pub(super) fn sqr_basecase(r: &mut [u64], a: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    if (super::ifma::MIN_SQR_WORDS..=super::ifma::MAX_WORDS).contains(&a.len()) && super::columns()
    {
        // SAFETY: the processor has IFMA; `a` is within the limit.
        return unsafe { super::ifma::sqr(r, a) };
    }
    sqr_basecase_rows(r, a)
}

/// [`sqr_basecase`] by rows, whatever the processor's vector extensions.
pub(super) fn sqr_basecase_rows(r: &mut [u64], a: &[u64]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(adx) = Adx::detect() {
        return adx.sqr_rows(r, a);
    }
    sqr_rows_portable(r, a)
}

/// The rows of a Montgomery reduction of `r` (`2 * m.len()` words) by the odd `m`, `minv`
/// being `-1/m[0] mod B`: row `i` adds `m·(r[i]·minv mod B)` at word `i`, which makes `r[i]`
/// zero, and leaves its carry word in `r[i]` (to be added at word `i + m.len()` by the
/// caller, [`super::redc`]).
pub(super) fn redc_rows(r: &mut [u64], m: &[u64], minv: u64) {
    let n = m.len();
    assert!(n >= 1 && r.len() == 2 * n);
    #[cfg(target_arch = "x86_64")]
    if Adx::detect().is_some() {
        // SAFETY: the processor has BMI2 and ADX; `m` holds `n >= 1` words and `r` `2n`,
        // row `i` touching `r[i..i + n]` only.
        return unsafe { x86::redc_rows(r.as_mut_ptr(), m.as_ptr(), n, minv) };
    }
    redc_rows_portable(r, m, minv)
}

/// [`redc_rows`] by the portable loop, whatever the processor.
pub(super) fn redc_rows_portable(r: &mut [u64], m: &[u64], minv: u64) {
    let n = m.len();
    for i in 0..n {
        let v = r[i].wrapping_mul(minv);
        let carry = addmul_1(&mut r[i..i + n], m, v);
        debug_assert_eq!(r[i], 0);
        r[i] = carry;
    }
}

/// [`mul_basecase_rows`] and [`sqr_basecase_rows`] by the portable loops whatever the
/// processor, for the tests: `(product, square)`.
#[cfg(test)]
pub(super) fn portable_rows() -> (ProductFn, SquareFn) {
    (mul_rows_portable, sqr_rows_portable)
}

/// A base-case product `r = a * b`, for the tests.
#[cfg(test)]
pub(super) type ProductFn = fn(&mut [u64], &[u64], &[u64]);
/// A base-case square `r = a * a`, for the tests.
#[cfg(test)]
pub(super) type SquareFn = fn(&mut [u64], &[u64]);

/// [`sqr_basecase_rows`] by the portable loops, whatever the processor.
fn sqr_rows_portable(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    debug_assert_eq!(r.len(), 2 * n);
    // As in `mul_rows_portable`, the first row below the diagonal is written, not added;
    // the two words no row writes are the lowest and the highest.
    r[0] = 0;
    r[2 * n - 1] = 0;
    if n > 1 {
        r[n] = mul_1(&mut r[1..n], &a[1..], a[0]);
    }
    for i in 1..n.saturating_sub(1) {
        r[i + n] = addmul_1(&mut r[2 * i + 1..i + n], &a[i + 1..], a[i]);
    }
    double_and_add_squares(r, a);
}

/// `r = 2r + Σ a_i²·B^(2i)` for `r.len() == 2 * a.len()`, on any processor: one chain of
/// add-with-carry over the result.
#[inline(always)]
fn double_and_add_squares(r: &mut [u64], a: &[u64]) {
    let mut shifted_out = 0u64;
    let mut carry = 0u8;
    for (pair, &w) in r.chunks_exact_mut(2).zip(a) {
        let (lo, hi) = (pair[0], pair[1]);
        let doubled_lo = (lo << 1) | shifted_out;
        let doubled_hi = (hi << 1) | (lo >> 63);
        shifted_out = hi >> 63;
        let square = u128::from(w) * u128::from(w);
        (carry, pair[0]) = add_carry(carry, doubled_lo, square as u64);
        (carry, pair[1]) = add_carry(carry, doubled_hi, (square >> 64) as u64);
    }
    debug_assert!(shifted_out == 0 && carry == 0);
}

#[cfg(target_arch = "x86_64")]
mod x86;
