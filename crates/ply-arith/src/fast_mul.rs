//! ply's own multiplication and squaring of magnitudes (little-endian 64-bit words), used
//! for the products and powers of big integers instead of dashu-int's: an assembly row
//! (`mulx` with two carry chains, [`basecase`]) under Karatsuba's three half-size
//! products. At the sizes of the big-integer benchmarks (a few hundred to a few thousand
//! words) the faster base case outweighs dashu's Toom-3 levels above a slower one; the
//! largest operands (beyond [`DASHU_ABOVE`] words, where dashu-int switches to its
//! number-theoretic transform) go back to dashu-int.
//!
//! Each level splits `a = a0 + a1·B^h` and `b = b0 + b1·B^h` and computes `a0·b0`,
//! `a1·b1` and `|a0 - a1|·|b1 - b0|`, whose signed sum with the first two is the middle
//! term `a0·b1 + a1·b0`. A square needs only squares, and its middle term is
//! `a0² + a1² - (a0 - a1)²`.

mod basecase;
mod toom3;
mod words;

use dashu_int::UBig;
use words::{abs_diff, add_in, sub_in};

/// Below this many words (in the shorter operand) a product is the schoolbook one.
const MUL_KARATSUBA: usize = 28;
/// Below this many words a square is the schoolbook one.
const SQR_KARATSUBA: usize = 40;
/// From this many words a product is a Toom-3 one.
const MUL_TOOM3: usize = 250;
/// From this many words a square is a Toom-3 one.
const SQR_TOOM3: usize = 300;
/// Above this many words (the shorter operand) dashu-int's transform product is used.
pub const DASHU_ABOVE: usize = 4_000;
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

/// `a * w` for one word `w`: one row, `a.len() + 1` words.
pub fn mul_word(a: &[u64], w: u64) -> Vec<u64> {
    let mut r = vec![0; a.len() + 1];
    if !a.is_empty() {
        basecase::mul_basecase(&mut r, a, &[w]);
    }
    r
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
    if n < MUL_KARATSUBA {
        basecase::mul_basecase(r, a, b);
        return;
    }
    if a.len() == n {
        mul_same(r, a, b);
        return;
    }
    r.fill(0);
    let mut piece = vec![0; 2 * n];
    for (i, chunk) in a.chunks(n).enumerate() {
        let len = chunk.len() + n;
        if chunk.len() == n {
            mul_same(&mut piece, chunk, b);
        } else {
            mul_into(&mut piece[..len], b, chunk);
        }
        let carry = add_in(&mut r[i * n..], &piece[..len]);
        debug_assert!(!carry);
    }
}

/// `r = a * b` for operands of the same length, `r.len() == 2 * a.len()`.
fn mul_same(r: &mut [u64], a: &[u64], b: &[u64]) {
    let n = a.len();
    if n < MUL_KARATSUBA {
        basecase::mul_basecase(r, a, b);
        return;
    }
    if n >= MUL_TOOM3 {
        toom3::mul(r, a, b);
        return;
    }
    let h = n.div_ceil(2);
    let (a0, a1) = a.split_at(h);
    let (b0, b1) = b.split_at(h);
    {
        let (low, high) = r.split_at_mut(2 * h);
        mul_same(low, a0, b0);
        mul_same(high, a1, b1);
    }
    let mut da = vec![0; h];
    let mut db = vec![0; h];
    let a_negative = abs_diff(&mut da, a0, a1);
    let b_negative = abs_diff(&mut db, b1, b0);
    let mut dm = vec![0; 2 * h];
    mul_same(&mut dm, &da, &db);
    // (a0 - a1)(b1 - b0) is positive when both differences have the same sign.
    add_middle(r, h, &dm, a_negative == b_negative);
}

/// `r = a * a`, `r.len() == 2 * a.len()`.
fn sqr_same(r: &mut [u64], a: &[u64]) {
    let n = a.len();
    if n < SQR_KARATSUBA {
        basecase::sqr_basecase(r, a);
        return;
    }
    if n >= SQR_TOOM3 {
        toom3::sqr(r, a);
        return;
    }
    let h = n.div_ceil(2);
    let (a0, a1) = a.split_at(h);
    {
        let (low, high) = r.split_at_mut(2 * h);
        sqr_same(low, a0);
        sqr_same(high, a1);
    }
    let mut da = vec![0; h];
    abs_diff(&mut da, a0, a1);
    let mut dm = vec![0; 2 * h];
    sqr_same(&mut dm, &da);
    add_middle(r, h, &dm, false);
}

/// Adds the middle term `z0 + z2 ± dm` at word `h` of `r`, where `r` holds `z0` (its low
/// `2h` words) and `z2` (the rest).
fn add_middle(r: &mut [u64], h: usize, dm: &[u64], plus: bool) {
    let mut middle = vec![0; 2 * h + 1];
    middle[..2 * h].copy_from_slice(&r[..2 * h]);
    let carry = add_in(&mut middle, &r[2 * h..]);
    debug_assert!(!carry);
    let overflow = if plus {
        add_in(&mut middle, dm)
    } else {
        sub_in(&mut middle, dm)
    };
    debug_assert!(!overflow);
    // The middle term is below B^(2h+1) but r above word h may be shorter when the
    // operands' length is odd: its excess words are zero.
    let room = r.len() - h;
    debug_assert!(middle[room.min(middle.len())..].iter().all(|&w| w == 0));
    let len = room.min(middle.len());
    let carry = add_in(&mut r[h..], &middle[..len]);
    debug_assert!(!carry);
}

#[cfg(test)]
mod tests;
