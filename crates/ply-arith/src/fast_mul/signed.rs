//! Signed integers of a fixed width for the Toom levels' evaluation and interpolation: a
//! value is a slice of little-endian 64-bit words read in two's complement, every operation
//! is taken modulo 2^(64·width). The interpolation's intermediate values can be negative,
//! but each lies far inside the width its caller chooses, so wrapping arithmetic gives the
//! true values, and exact divisions (a shift for a power of 2, a product by the inverse
//! modulo 2^64 for an odd divisor) are exact on negative values too. Nothing here
//! allocates.

use super::words::{abs_diff, add_in, add_lsh_in, sub_from_n, sub_in, sub_lsh_in};

/// `x += c * y` modulo the width of `x`; `y` is either as wide as `x` (and read in two's
/// complement) or shorter (and read as a magnitude).
pub(super) fn acc(x: &mut [u64], y: &[u64], c: i64) {
    debug_assert!(y.len() <= x.len());
    // A sum or difference is a chain of the processor's add-with-carry; only the other
    // multiples need a product per word.
    match c {
        1 => {
            add_in(x, y);
            return;
        }
        -1 => {
            sub_in(x, y);
            return;
        }
        _ if c.unsigned_abs().is_power_of_two() => {
            acc_shifted(x, y, c.unsigned_abs().trailing_zeros(), c < 0);
            return;
        }
        _ => {}
    }
    let m = u128::from(c.unsigned_abs());
    let (low, high) = x.split_at_mut(y.len());
    let mut carry = 0u128;
    if c >= 0 {
        for (w, &v) in low.iter_mut().zip(y) {
            let t = u128::from(*w) + m * u128::from(v) + carry;
            *w = t as u64;
            carry = t >> 64;
        }
        for w in high {
            if carry == 0 {
                return;
            }
            let t = u128::from(*w) + carry;
            *w = t as u64;
            carry = t >> 64;
        }
    } else {
        for (w, &v) in low.iter_mut().zip(y) {
            let p = m * u128::from(v) + carry;
            let (d, borrow) = w.overflowing_sub(p as u64);
            *w = d;
            carry = (p >> 64) + u128::from(borrow);
        }
        for w in high {
            if carry == 0 {
                return;
            }
            let (d, borrow) = w.overflowing_sub(carry as u64);
            *w = d;
            carry = (carry >> 64) + u128::from(borrow);
        }
    }
}

/// `x += y << s` (or `x -= y << s` when `negative`) for `0 < s < 64`, as [`acc`] reads
/// `x` and `y`: a shift and one add-with-carry chain per word, no product (the
/// interpolation's multiples are mostly powers of two).
fn acc_shifted(x: &mut [u64], y: &[u64], s: u32, negative: bool) {
    debug_assert!(s > 0 && s < 64);
    let (low, high) = x.split_at_mut(y.len());
    // The bits shifted out of `y`'s top word, with the carry, go into the words above.
    let extra = if negative {
        sub_lsh_in(low, y, s)
    } else {
        add_lsh_in(low, y, s)
    };
    if extra != 0 && !high.is_empty() {
        if negative {
            sub_in(high, &[extra]);
        } else {
            add_in(high, &[extra]);
        }
    }
}

/// `x = y - x` modulo the width (both as wide).
pub(super) fn sub_from(x: &mut [u64], y: &[u64]) {
    sub_from_n(x, y);
}

/// `x = -x` modulo the width.
pub(super) fn negate(x: &mut [u64]) {
    let mut carry = true;
    for w in x.iter_mut() {
        let (s, c) = (!*w).overflowing_add(u64::from(carry));
        *w = s;
        carry = c;
    }
}

/// `x >>= s` for `0 < s < 64`, the sign kept (an exact halving, quartering... when the low
/// bits are zero).
pub(super) fn shr(x: &mut [u64], s: u32) {
    debug_assert!(s > 0 && s < 64);
    let n = x.len();
    debug_assert!(x[0] & ((1 << s) - 1) == 0, "not a multiple of 2^{s}");
    for i in 0..n - 1 {
        x[i] = (x[i] >> s) | (x[i + 1] << (64 - s));
    }
    x[n - 1] = ((x[n - 1] as i64) >> s) as u64;
}

/// `x /= d` for an odd `d` that divides `x`: each word times the inverse of `d` modulo
/// 2^64, the borrow carried up (Hensel's exact division: a product and no division per
/// word, right for negative multiples too).
pub(super) fn divexact(x: &mut [u64], d: u64) {
    debug_assert!(d % 2 == 1);
    if u64::MAX % d == 0 {
        return divexact_dbm1(x, d);
    }
    if d == 9 {
        divexact_dbm1(x, 3);
        return divexact_dbm1(x, 3);
    }
    // Newton's iteration doubles the correct low bits of the inverse each step: d is its
    // own inverse modulo 8, five steps reach 64 bits.
    let mut inv = d;
    for _ in 0..5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(inv)));
    }
    let mut borrow = 0u64;
    for w in x.iter_mut() {
        let (t, b) = w.overflowing_sub(borrow);
        let q = t.wrapping_mul(inv);
        *w = q;
        borrow = u64::from(b) + ((u128::from(q) * u128::from(d)) >> 64) as u64;
    }
}

/// [`divexact`] for a divisor of `2^64 - 1` (3, 5, 15, 17...): with `m = (2^64 - 1) / d`,
/// the quotient `q = x / d` satisfies `q·2^64 - q = x·m`, so each word of `q` is the word
/// below it less the words of the products `x_i·m` and the borrows. The products no longer
/// wait on the previous word; what does is two subtractions (Hensel's loop waits on two
/// products a word, four times as long).
fn divexact_dbm1(x: &mut [u64], d: u64) {
    debug_assert!(u64::MAX % d == 0);
    let m = u64::MAX / d;
    let (mut q, mut pending) = (0u64, 0u64);
    for w in x.iter_mut() {
        let p = u128::from(*w) * u128::from(m);
        let (t, b1) = q.overflowing_sub(p as u64);
        let (t, b2) = t.overflowing_sub(pending);
        q = t;
        *w = t;
        // The high word is below `m < 2^63`, so adding the borrows cannot wrap.
        pending = (p >> 64) as u64 + u64::from(b1) + u64::from(b2);
    }
}

/// `out = x + (y << s)` for magnitudes `x`, `y` no longer than `out`, with `s < 64`;
/// `out` must be wide enough for the sum.
pub(super) fn sum_shifted(out: &mut [u64], x: &[u64], y: &[u64], s: u32) {
    out[..x.len()].copy_from_slice(x);
    out[x.len()..].fill(0);
    add_shifted(out, y, s);
}

/// `out += y << s` for a magnitude `y` and `s < 64`; `out` must be wide enough. One
/// add-with-carry chain over `y`'s words with no test inside the loop (a loop over all of
/// `out` that looked each word of `y` up and tested for an early end cost 2-3% of a
/// Toom-4 product), then the bits shifted out and the carry into the words above, stopping
/// as soon as nothing is left to add.
pub(super) fn add_shifted(out: &mut [u64], y: &[u64], s: u32) {
    if s == 0 {
        let carry = add_in(out, y);
        debug_assert!(!carry);
        return;
    }
    let (low, high) = out.split_at_mut(y.len());
    let extra = add_lsh_in(low, y, s);
    if extra != 0 {
        debug_assert!(!high.is_empty(), "sum too wide");
        let carry = add_in(high, &[extra]);
        debug_assert!(!carry, "sum too wide");
    }
}

/// The values `e + o` and `|e - o|` of a polynomial at a point and at its opposite, given
/// its even part `e` and odd part `o` there (magnitudes as wide as the outputs); true when
/// the value at the opposite point is negative.
pub(super) fn plus_minus(plus: &mut [u64], minus: &mut [u64], e: &[u64], o: &[u64]) -> bool {
    let negative = abs_diff(minus, e, o);
    plus.copy_from_slice(e);
    let carry = add_in(plus, o);
    debug_assert!(!carry);
    negative
}

/// Adds the non-negative coefficient `c` (read in two's complement) into `r` from word
/// `at`; the words of `c` beyond `r`'s end must be zero.
pub(super) fn add_coefficient(r: &mut [u64], at: usize, c: &[u64]) {
    debug_assert!((c[c.len() - 1] as i64) >= 0, "negative coefficient");
    let len = c.len().min(r.len() - at);
    debug_assert!(c[len..].iter().all(|&w| w == 0));
    let carry = add_in(&mut r[at..], &c[..len]);
    debug_assert!(!carry);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(x: &[u64]) -> i128 {
        // Two words suffice for the small values tested.
        (u128::from(x[0]) | (u128::from(x[1]) << 64)) as i128
    }

    fn of(v: i128) -> Vec<u64> {
        let u = v as u128;
        let fill = if v < 0 { u64::MAX } else { 0 };
        vec![u as u64, (u >> 64) as u64, fill]
    }

    #[test]
    fn wrapping_operations_give_the_signed_values() {
        for (a, b, c) in [
            (5i128, 7i128, 3i64),
            (-5, 7, -3),
            (1 << 70, -(1 << 66), 15),
            (-(1 << 90), 1 << 64, -64),
        ] {
            let mut x = of(a);
            acc(&mut x, &of(b), c);
            assert_eq!(value(&x), a + b * i128::from(c));
            let mut x = of(a);
            sub_from(&mut x, &of(b));
            assert_eq!(value(&x), b - a);
        }
        for (v, d) in [
            (-45i128, 9u64),
            (45 << 70, 15),
            (-(3 << 100), 3),
            (0, 9),
            (-(15 << 90) - 15, 15),
            ((9 << 110) + 81, 9),
            (-(21 << 70), 7),
            (-(17 << 99) + 17, 17),
        ] {
            let mut x = of(v);
            divexact(&mut x, d);
            assert_eq!(value(&x), v / i128::from(d), "{v} / {d}");
        }
        for (v, s) in [(-48i128, 4u32), (3 << 100, 2), (-(1 << 80), 1)] {
            let mut x = of(v);
            shr(&mut x, s);
            assert_eq!(value(&x), v >> s);
        }
    }

    #[test]
    fn shifted_sums_match_dashu_int() {
        use crate::test_words::Words;
        use dashu_int::UBig;
        let mut words = Words(0x5eed_0005);
        for y_len in 0..12 {
            for extra in 1..4 {
                for s in [0, 1, 2, 3, 7, 63] {
                    // Words of all ones now and then, so that the carries run far.
                    let mut y = words.take(y_len);
                    if y_len > 2 && s % 2 == 1 {
                        y[y_len - 1] = u64::MAX;
                    }
                    let mut out = words.take(y_len + extra);
                    out[y_len + extra - 1] = 0;
                    if y_len > 0 {
                        out[..y_len].fill(u64::MAX);
                    }
                    let expected = UBig::from_words(&out) + (UBig::from_words(&y) << s as usize);
                    add_shifted(&mut out, &y, s);
                    assert_eq!(UBig::from_words(&out), expected, "{y_len} {extra} {s}");
                }
            }
        }
    }

    #[test]
    fn shifted_sums_carry_across_words() {
        let mut out = [0u64; 3];
        // (2^128 - 1) + ((2^65 - 1) << 3) = 2^128 + 15 * 2^64 + (2^64 - 9).
        sum_shifted(&mut out, &[u64::MAX, u64::MAX], &[u64::MAX, 1], 3);
        assert_eq!(out, [u64::MAX - 8, 15, 1]);
    }
}
