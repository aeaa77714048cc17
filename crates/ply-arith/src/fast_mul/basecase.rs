//! The base case of ply's own multiplication: schoolbook products and squares of a few
//! dozen words, built on one primitive, a row `r += a * v` ("addmul"). On x86-64
//! processors with the BMI2 and ADX extensions (checked at run time) the row is a loop of
//! `mulx` with two independent carry chains (`adcx` for the product's high words, `adox`
//! for the accumulator), four words a turn, and a square's doubling and diagonal pass is
//! the same two chains; elsewhere both are portable loops on `u128`. The first row of each,
//! and a product by one word ([`mul_1_any`]), is written rather than added: one chain.
//! The rows are what the Karatsuba levels above spend most of their time in, so this is
//! where the machine's wide multiplier pays. Where the processor has AVX-512 IFMA,
//! products whose shorter operand has 15 to 256 words and squares of 12 to 256 words go
//! by columns instead ([`super::ifma`]).

use super::words::add_carry;
use std::mem::MaybeUninit;

/// A way to add a row `r += a * v`, returning the carry word; chosen once per product so
/// that the rows call it directly.
trait Row: Copy {
    /// `r[..a.len()] += a * v` for `r.len() >= a.len() >= 1`.
    fn addmul(self, r: &mut [u64], a: &[u64], v: u64) -> u64;

    /// `r[..a.len()] = a * v` for `r.len() >= a.len() >= 1`, returning the carry word.
    #[inline(always)]
    fn mul_1(self, r: &mut [u64], a: &[u64], v: u64) -> u64 {
        mul_1(r, a, v)
    }

    /// The last pass of a square: `r = 2r + Σ a_i²·B^(2i)`, `r.len() == 2 * a.len()`,
    /// the value fitting in `r`.
    #[inline(always)]
    fn double_and_add_squares(self, r: &mut [u64], a: &[u64]) {
        double_and_add_squares(r, a);
    }
}

/// The row on any processor.
#[derive(Clone, Copy)]
struct Portable;

impl Row for Portable {
    #[inline(always)]
    fn addmul(self, r: &mut [u64], a: &[u64], v: u64) -> u64 {
        let mut carry = 0u64;
        for (x, &y) in r.iter_mut().zip(a) {
            let t = u128::from(y) * u128::from(v) + u128::from(*x) + u128::from(carry);
            *x = t as u64;
            carry = (t >> 64) as u64;
        }
        carry
    }
}

/// The row in assembly; a value exists only on a processor with BMI2 and ADX.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Adx(());

#[cfg(target_arch = "x86_64")]
impl Adx {
    fn detect() -> Option<Adx> {
        (std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx"))
            .then_some(Adx(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Row for Adx {
    #[inline(always)]
    fn addmul(self, r: &mut [u64], a: &[u64], v: u64) -> u64 {
        assert!(r.len() >= a.len() && !a.is_empty());
        // SAFETY: an `Adx` exists only where the processor has BMI2 and ADX; `a` is not
        // empty and `r` holds at least `a.len()` words, all the loops touch.
        unsafe { x86::addmul_1(r.as_mut_ptr(), a.as_ptr(), a.len(), v) }
    }

    #[inline(always)]
    fn mul_1(self, r: &mut [u64], a: &[u64], v: u64) -> u64 {
        assert!(r.len() >= a.len() && !a.is_empty());
        // SAFETY: as for `addmul`.
        unsafe { x86::mul_1(r.as_mut_ptr(), a.as_ptr(), a.len(), v) }
    }

    #[inline(always)]
    fn double_and_add_squares(self, r: &mut [u64], a: &[u64]) {
        assert!(r.len() == 2 * a.len() && !a.is_empty());
        // SAFETY: as for `addmul`; `r` holds the two words per word of `a` the loop touches.
        unsafe { x86::double_and_add_squares(r.as_mut_ptr(), a.as_ptr(), a.len()) }
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
    if let Some(row) = Adx::detect() {
        return mul_rows(row, r, a, b);
    }
    mul_rows(Portable, r, a, b)
}

#[inline(always)]
fn mul_rows(row: impl Row, r: &mut [u64], a: &[u64], b: &[u64]) {
    debug_assert_eq!(r.len(), a.len() + b.len());
    let n = a.len();
    // The first row is written, not added: every word of `r` is then written by a row or
    // as a row's carry before a later row adds to it, so no zeroed accumulator is needed.
    let Some(&first) = b.first() else {
        r.fill(0);
        return;
    };
    r[n] = row.mul_1(&mut r[..n], a, first);
    for (j, &v) in b.iter().enumerate().skip(1) {
        r[j + n] = row.addmul(&mut r[j..j + n], a, v);
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
    if let Some(row) = Adx::detect() {
        return row.mul_1(r, a, v);
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
    if let Some(row) = Adx::detect() {
        return sqr_rows(row, r, a);
    }
    sqr_rows(Portable, r, a)
}

/// [`mul_basecase_rows`] and [`sqr_basecase_rows`] by the portable loops whatever the
/// processor, for the tests: `(product, square)`.
#[cfg(test)]
pub(super) fn portable_rows() -> (ProductFn, SquareFn) {
    (
        |r, a, b| mul_rows(Portable, r, a, b),
        |r, a| sqr_rows(Portable, r, a),
    )
}

/// A base-case product `r = a * b`, for the tests.
#[cfg(test)]
pub(super) type ProductFn = fn(&mut [u64], &[u64], &[u64]);
/// A base-case square `r = a * a`, for the tests.
#[cfg(test)]
pub(super) type SquareFn = fn(&mut [u64], &[u64]);

/// Rows of the square shorter than this are the portable loop, whose setup is cheaper than
/// the assembly's (measured: 3-5% off squares of 20 to 100 words).
const SHORT_ROW: usize = 4;

#[inline(always)]
fn sqr_rows(row: impl Row, r: &mut [u64], a: &[u64]) {
    let n = a.len();
    debug_assert_eq!(r.len(), 2 * n);
    // As in `mul_rows`, the first row below the diagonal is written, not added; the two
    // words no row writes are the lowest and the highest.
    r[0] = 0;
    r[2 * n - 1] = 0;
    if n > 1 {
        r[n] = row.mul_1(&mut r[1..n], &a[1..], a[0]);
    }
    for i in 1..n.saturating_sub(1) {
        r[i + n] = if n - 1 - i < SHORT_ROW {
            Portable.addmul(&mut r[2 * i + 1..i + n], &a[i + 1..], a[i])
        } else {
            row.addmul(&mut r[2 * i + 1..i + n], &a[i + 1..], a[i])
        };
    }
    row.double_and_add_squares(r, a);
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
mod x86 {
    //! The row `r += a * v` in assembly for BMI2 and ADX: `mulx` leaves the flags alone,
    //! so `adcx` (carry flag) adds the previous word's high half and `adox` (overflow flag)
    //! adds the accumulator's word, two chains the processor runs side by side. The loop
    //! counter moves by `lea`, which keeps both flags, and ends on `jrcxz`. The last pass
    //! of a square (doubling, and the squares on the diagonal) is the same two chains.

    use std::arch::asm;

    /// `r[..n] += a[..n] * v` for `n >= 1`; returns the carry word. One loop of four
    /// words a turn for any `n`: the first turn starts part-way through the loop's body,
    /// at the word that leaves whole turns after it (the pointers moved down by the words
    /// skipped, which are never touched). A separate loop of one word a turn for the
    /// `n % 4` words below cost a second set-up per row, 5-8% of a product of 23 words.
    ///
    /// # Safety
    /// The processor has BMI2 and ADX; `a` and `r` are valid for `n` words.
    #[inline(always)]
    pub(super) unsafe fn addmul_1(r: *mut u64, a: *const u64, n: usize, v: u64) -> u64 {
        let skip = (4 - n % 4) % 4;
        let c: u64;
        asm!(
            "cmp {s}, 1",
            "je 51f",
            "cmp {s}, 2",
            "je 52f",
            "cmp {s}, 3",
            "je 53f",
            // No word skipped: the carry into word 0 is `c`; `xor` also clears CF and OF.
            "xor {c:e}, {c:e}",
            "jmp 20f",
            "51:",
            "xor {h:e}, {h:e}",
            "jmp 21f",
            "52:",
            "xor {c:e}, {c:e}",
            "jmp 22f",
            "53:",
            "xor {h:e}, {h:e}",
            "jmp 23f",
            "20:",
            "mulx {h}, {l}, [{ap}]",
            "adcx {l}, {c}",
            "adox {l}, [{rp}]",
            "mov [{rp}], {l}",
            "21:",
            "mulx {c}, {l}, [{ap} + 8]",
            "adcx {l}, {h}",
            "adox {l}, [{rp} + 8]",
            "mov [{rp} + 8], {l}",
            "22:",
            "mulx {h}, {l}, [{ap} + 16]",
            "adcx {l}, {c}",
            "adox {l}, [{rp} + 16]",
            "mov [{rp} + 16], {l}",
            "23:",
            "mulx {c}, {l}, [{ap} + 24]",
            "adcx {l}, {h}",
            "adox {l}, [{rp} + 24]",
            "mov [{rp} + 24], {l}",
            "lea {ap}, [{ap} + 32]",
            "lea {rp}, [{rp} + 32]",
            "lea rcx, [rcx - 1]",
            "jrcxz 3f",
            "jmp 20b",
            "3:",
            "mov {l:e}, 0",
            "adcx {c}, {l}",
            "adox {c}, {l}",
            s = in(reg) skip,
            in("rdx") v,
            ap = inout(reg) a.wrapping_sub(skip) => _,
            rp = inout(reg) r.wrapping_sub(skip) => _,
            inout("rcx") n.div_ceil(4) => _,
            c = out(reg) c,
            h = out(reg) _,
            l = out(reg) _,
            options(nostack),
        );
        c
    }

    /// `r[..n] = a[..n] * v` for `n >= 1`; returns the carry word. The loop of
    /// [`addmul_1`] without the accumulator: one carry chain (`adcx`) adds each word's low
    /// half to the previous word's high half, entered part-way as there.
    ///
    /// # Safety
    /// The processor has BMI2 and ADX; `a` and `r` are valid for `n` words.
    #[inline(always)]
    pub(super) unsafe fn mul_1(r: *mut u64, a: *const u64, n: usize, v: u64) -> u64 {
        let skip = (4 - n % 4) % 4;
        let c: u64;
        asm!(
            "cmp {s}, 1",
            "je 51f",
            "cmp {s}, 2",
            "je 52f",
            "cmp {s}, 3",
            "je 53f",
            "xor {c:e}, {c:e}",
            "jmp 20f",
            "51:",
            "xor {h:e}, {h:e}",
            "jmp 21f",
            "52:",
            "xor {c:e}, {c:e}",
            "jmp 22f",
            "53:",
            "xor {h:e}, {h:e}",
            "jmp 23f",
            "20:",
            "mulx {h}, {l}, [{ap}]",
            "adcx {l}, {c}",
            "mov [{rp}], {l}",
            "21:",
            "mulx {c}, {l}, [{ap} + 8]",
            "adcx {l}, {h}",
            "mov [{rp} + 8], {l}",
            "22:",
            "mulx {h}, {l}, [{ap} + 16]",
            "adcx {l}, {c}",
            "mov [{rp} + 16], {l}",
            "23:",
            "mulx {c}, {l}, [{ap} + 24]",
            "adcx {l}, {h}",
            "mov [{rp} + 24], {l}",
            "lea {ap}, [{ap} + 32]",
            "lea {rp}, [{rp} + 32]",
            "lea rcx, [rcx - 1]",
            "jrcxz 3f",
            "jmp 20b",
            "3:",
            "mov {l:e}, 0",
            "adcx {c}, {l}",
            s = in(reg) skip,
            in("rdx") v,
            ap = inout(reg) a.wrapping_sub(skip) => _,
            rp = inout(reg) r.wrapping_sub(skip) => _,
            inout("rcx") n.div_ceil(4) => _,
            c = out(reg) c,
            h = out(reg) _,
            l = out(reg) _,
            options(nostack),
        );
        c
    }

    /// `r[..2n] = 2·r[..2n] + Σ a_i²·B^(2i)` for `n >= 1`: the doubling is one carry chain
    /// (`adcx` of each word to itself), the squares the other (`adox`).
    ///
    /// # Safety
    /// The processor has BMI2 and ADX; `a` is valid for `n` words and `r` for `2n`.
    #[inline(always)]
    pub(super) unsafe fn double_and_add_squares(r: *mut u64, a: *const u64, n: usize) {
        asm!(
            "xor {lo:e}, {lo:e}",
            "2:",
            "mov rdx, [{ap}]",
            "mulx {hi}, {lo}, rdx",
            "mov {x0}, [{rp}]",
            "mov {x1}, [{rp} + 8]",
            "adcx {x0}, {x0}",
            "adcx {x1}, {x1}",
            "adox {x0}, {lo}",
            "adox {x1}, {hi}",
            "mov [{rp}], {x0}",
            "mov [{rp} + 8], {x1}",
            "lea {ap}, [{ap} + 8]",
            "lea {rp}, [{rp} + 16]",
            "lea rcx, [rcx - 1]",
            "jrcxz 3f",
            "jmp 2b",
            "3:",
            out("rdx") _,
            ap = inout(reg) a => _,
            rp = inout(reg) r => _,
            inout("rcx") n => _,
            lo = out(reg) _,
            hi = out(reg) _,
            x0 = out(reg) _,
            x1 = out(reg) _,
            options(nostack),
        );
    }
}
