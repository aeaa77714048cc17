//! `powm(B, E, M)` for odd moduli of many words by Montgomery's method: every number of the
//! power is kept as `x·B^n mod M` (`B = 2^64`, `n` the modulus' words) in buffers of `n`
//! words made once per call, each square or product followed by one reduction pass of
//! rows ([`crate::fast_mul::redc`]) instead of Barrett's two products, and the exponent read
//! by a sliding window over a table of the base's odd powers. The base enters the form by
//! one division and the result leaves it by one reduction; even moduli keep Barrett's
//! reduction ([`crate::modular_power`]).

use crate::fast_mul::{mul_n_into, redc, sqr_n_into};
use dashu_int::UBig;

/// `base^exp mod modulus` for a trimmed odd modulus of at least two words and a base below
/// it (trimmed, little-endian words); the exponent's words likewise (high zero words
/// allowed).
pub(crate) fn powm_odd(base: &[u64], exp: &[u64], modulus: &[u64]) -> Vec<u64> {
    let n = modulus.len();
    debug_assert!(n >= 2 && modulus[0] & 1 == 1 && modulus[n - 1] != 0);
    let bits = exp.iter().rposition(|&w| w != 0).map_or(0, |top| {
        top as u64 * 64 + 64 - u64::from(exp[top].leading_zeros())
    });
    if bits == 0 {
        // x^0 is 1, and 1 is below any modulus of two words or more.
        return vec![1];
    }
    let ring = Ring {
        m: modulus,
        minv: neg_inverse(modulus[0]),
    };
    // The base in Montgomery's form: base·B^n mod m, by one division.
    let mut b = vec![0u64; n];
    let entered = (UBig::from_words(base) << (64 * n)) % UBig::from_words(modulus);
    b[..entered.as_words().len()].copy_from_slice(entered.as_words());

    let k = window_bits(bits);
    let mut t = vec![0u64; 2 * n];
    // table[j] = base^(2j + 1), in the form.
    let mut table: Vec<Vec<u64>> = Vec::with_capacity(1 << (k - 1));
    table.push(b.clone());
    if k > 1 {
        let mut b2 = vec![0u64; n];
        ring.sqr(&mut b2, &b, &mut t);
        for j in 1..1usize << (k - 1) {
            let mut next = vec![0u64; n];
            ring.mul(&mut next, &table[j - 1], &b2, &mut t);
            table.push(next);
        }
    }
    // Left to right: a zero bit is a square; a one bit starts a window of at most `k` bits
    // ending in a one, whose value's odd power multiplies after the window's squares.
    let mut acc = vec![0u64; n];
    let mut started = false;
    let mut i = bits as i64 - 1;
    while i >= 0 {
        if !bit(exp, i as u64) {
            ring.sqr_in_place(&mut acc, &mut t);
            i -= 1;
            continue;
        }
        let mut j = (i - k as i64 + 1).max(0);
        while !bit(exp, j as u64) {
            j += 1;
        }
        let mut value = 0usize;
        for p in (j..=i).rev() {
            value = value << 1 | usize::from(bit(exp, p as u64));
        }
        if started {
            for _ in j..=i {
                ring.sqr_in_place(&mut acc, &mut t);
            }
            ring.mul_in_place(&mut acc, &table[value >> 1], &mut t);
        } else {
            acc.copy_from_slice(&table[value >> 1]);
            started = true;
        }
        i = j - 1;
    }
    // Out of the form: one reduction of acc·1.
    t[..n].copy_from_slice(&acc);
    t[n..].fill(0);
    redc(&mut t, modulus, ring.minv);
    let mut r = t[n..].to_vec();
    while r.last() == Some(&0) {
        r.pop();
    }
    r
}

/// An odd modulus and `-1/m[0] mod B`, for Montgomery's products.
struct Ring<'a> {
    m: &'a [u64],
    minv: u64,
}

impl Ring<'_> {
    /// `out = a·b·B^(-n) mod m`, `t` a buffer of `2n` words.
    fn mul(&self, out: &mut [u64], a: &[u64], b: &[u64], t: &mut [u64]) {
        mul_n_into(t, a, b);
        redc(t, self.m, self.minv);
        out.copy_from_slice(&t[self.m.len()..]);
    }

    /// `out = a²·B^(-n) mod m`, `t` a buffer of `2n` words.
    fn sqr(&self, out: &mut [u64], a: &[u64], t: &mut [u64]) {
        sqr_n_into(t, a);
        redc(t, self.m, self.minv);
        out.copy_from_slice(&t[self.m.len()..]);
    }

    /// `a = a·b·B^(-n) mod m`, `t` a buffer of `2n` words.
    fn mul_in_place(&self, a: &mut [u64], b: &[u64], t: &mut [u64]) {
        mul_n_into(t, a, b);
        redc(t, self.m, self.minv);
        a.copy_from_slice(&t[self.m.len()..]);
    }

    /// `a = a²·B^(-n) mod m`, `t` a buffer of `2n` words.
    fn sqr_in_place(&self, a: &mut [u64], t: &mut [u64]) {
        sqr_n_into(t, a);
        redc(t, self.m, self.minv);
        a.copy_from_slice(&t[self.m.len()..]);
    }
}

/// Bits of the exponent a window takes at most, by its length: the table holds
/// `2^(k - 1)` odd powers, each window costs one product.
fn window_bits(bits: u64) -> u32 {
    match bits {
        0..=24 => 2,
        25..=80 => 3,
        81..=240 => 4,
        241..=672 => 5,
        _ => 6,
    }
}

/// Bit `at` of `exp`.
fn bit(exp: &[u64], at: u64) -> bool {
    exp[(at / 64) as usize] >> (at % 64) & 1 == 1
}

/// `-1/x mod 2^64` for an odd `x`, by Newton's iteration (each step doubles the correct
/// low bits; `x` itself is its own inverse to three bits).
fn neg_inverse(x: u64) -> u64 {
    debug_assert!(x & 1 == 1);
    let mut inv = x;
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(x.wrapping_mul(inv)));
    }
    debug_assert_eq!(x.wrapping_mul(inv), 1);
    inv.wrapping_neg()
}

#[cfg(test)]
mod tests;
