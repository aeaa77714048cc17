//! Remainders by a Mersenne number `M = 2^p - 1` of two words or more, recognised from the
//! divisor's words (all ones): since `2^p ≡ 1 (mod M)`, `x ≡ (x mod 2^p) + (x >> p)`, so a
//! remainder is a few masked additions of the dividend's halves, linear in its words, where
//! a division costs products (`S1 is (S*S - 2) mod M` in a Lucas-Lehmer test, or any other
//! arithmetic modulo such a number). Only dividends of at most twice the divisor's words
//! take it (a few folds); larger ones, and negative operands, divide as before.

use crate::number::Number;
use dashu_int::Sign;

/// `a mod b` as a magnitude when `a >= 0` and `b` is `2^p - 1` for some `p > 64` and `a` has
/// at most twice `b`'s words; `None` otherwise, the caller dividing as before.
pub(crate) fn remainder(a: &Number, b: &Number) -> Option<Vec<u64>> {
    let Number::Big(y) = b else {
        return None;
    };
    let (ys, yw) = y.as_sign_words();
    if ys == Sign::Negative {
        return None;
    }
    let p = exponent(yw.len(), |i| yw[i])?;
    remainder_of(a, p)
}

/// `a mod (2^p - 1)` as a magnitude when `a` is a non-negative integer of at most twice the
/// divisor's words, with `p` as [`exponent`] gives it; `None` otherwise.
pub fn remainder_of(a: &Number, p: u64) -> Option<Vec<u64>> {
    let x: &[u64] = match a {
        Number::Big(x) => {
            let (xs, xw) = x.as_sign_words();
            if xs == Sign::Negative {
                return None;
            }
            xw
        }
        Number::Int(v) if *v >= 0 => {
            // A small dividend is its own remainder (the divisor has more than 64 bits).
            return Some(if *v == 0 { Vec::new() } else { vec![*v as u64] });
        }
        Number::Int(_) => return None,
        _ => return None,
    };
    remainder_by_exponent(x, p)
}

/// `x mod (2^p - 1)` for a magnitude `x` (least significant word first) of at most twice the
/// divisor's words, with `p` as [`exponent`] gives it (above 64); `None` for a longer `x`.
fn remainder_by_exponent(x: &[u64], p: u64) -> Option<Vec<u64>> {
    let n = p.div_ceil(64) as usize;
    if x.len() > 2 * n || p <= 64 {
        return None;
    }
    // Each fold makes a number of p bits or more smaller (its high part `r >> p` is below
    // `r - (r mod 2^p)`), and a number below `2^(2p)`, as a product of two remainders, needs
    // two; at most `M` is left, and `M` itself is 0.
    let mut r = fold(x, p, n);
    loop {
        let bits = bit_length(&r);
        if bits <= p {
            break;
        }
        if bits - p <= 64 {
            // The part above p bits fits in a word (after a first fold of a product of two
            // remainders it is one bit): fold it in place rather than into a fresh buffer.
            fold_word(&mut r, p);
        } else {
            r = fold(&r, p, n);
        }
    }
    if bit_length(&r) == p && r.iter().map(|w| w.count_ones() as u64).sum::<u64>() == p {
        r.clear();
    }
    while r.last() == Some(&0) {
        r.pop();
    }
    Some(r)
}

/// `p` when the `len` words that `word` gives (least significant first, the top one not
/// zero) are `2^p - 1` with at least two words: every word all ones but the top one, which
/// is `2^k - 1`.
pub fn exponent(len: usize, word: impl Fn(usize) -> u64) -> Option<u64> {
    if len < 2 {
        return None;
    }
    let top = word(len - 1);
    if top == 0 || top & top.wrapping_add(1) != 0 {
        return None;
    }
    if (0..len - 1).any(|i| word(i) != u64::MAX) {
        return None;
    }
    Some(64 * (len as u64 - 1) + u64::from(64 - top.leading_zeros()))
}

/// `(x mod 2^p) + (x >> p)` in `n + 1` words (`2^p - 1` has `n` words).
fn fold(x: &[u64], p: u64, n: usize) -> Vec<u64> {
    let mut r = vec![0u64; n + 1];
    // The low p bits.
    let low = x.len().min(n);
    r[..low].copy_from_slice(&x[..low]);
    let top_bits = p - 64 * (n as u64 - 1);
    if top_bits < 64 {
        r[n - 1] &= (1u64 << top_bits) - 1;
    }
    // Add x >> p, word by word with the shift's two parts.
    let (skip, shift) = ((p / 64) as usize, (p % 64) as u32);
    let mut carry = false;
    for (i, out) in r.iter_mut().enumerate() {
        let lo = x.get(skip + i).copied().unwrap_or(0);
        let word = if shift == 0 {
            lo
        } else {
            let hi = x.get(skip + i + 1).copied().unwrap_or(0);
            (lo >> shift) | (hi << (64 - shift))
        };
        let (s, c1) = out.overflowing_add(word);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        *out = s;
        carry = c1 || c2;
    }
    debug_assert!(!carry);
    r
}

/// `r = (r mod 2^p) + (r >> p)` in place, for `r` of fewer than `p + 64` bits, whose part
/// above `p` bits is one word.
fn fold_word(r: &mut [u64], p: u64) {
    let (at, shift) = ((p / 64) as usize, (p % 64) as u32);
    let lo = r.get(at).copied().unwrap_or(0);
    let hi = r.get(at + 1).copied().unwrap_or(0);
    let high = if shift == 0 {
        lo
    } else {
        (lo >> shift) | (hi << (64 - shift))
    };
    // Keep the low p bits: the word holding bit p keeps its bits below it, those above go.
    if let Some(w) = r.get_mut(at) {
        *w &= if shift == 0 { 0 } else { (1u64 << shift) - 1 };
    }
    for w in r.iter_mut().skip(at + 1) {
        *w = 0;
    }
    let mut carry = high;
    for w in r.iter_mut() {
        if carry == 0 {
            break;
        }
        let (s, c) = w.overflowing_add(carry);
        *w = s;
        carry = u64::from(c);
    }
    debug_assert_eq!(carry, 0);
}

/// Bits of the magnitude `w` (high zero words allowed).
fn bit_length(w: &[u64]) -> u64 {
    w.iter().rposition(|&x| x != 0).map_or(0, |top| {
        64 * top as u64 + u64::from(64 - w[top].leading_zeros())
    })
}

#[cfg(test)]
mod tests {
    use super::remainder;
    use crate::number::Number;
    use crate::test_words::Words;
    use dashu_int::{IBig, UBig};

    /// Against dashu-int's remainder: Mersenne divisors `2^p - 1` for `p` from 65 to 2,400
    /// (every position of the top word's last bit), dividends of one word to twice the
    /// divisor's words, among them `M`, `M + 1`, `M - 1`, `2M`, `M²`, `M² - 1` and
    /// `(M - 1)²`; divisors that are not all ones are refused.
    #[test]
    fn matches_dashu_remainder() {
        let mut g = Words(0x3e55_e44e_0000_2203);
        let mut taken = 0;
        for p in (65..=400).chain([607, 1279, 2203, 2281, 2304, 2305]) {
            let m = (UBig::ONE << p) - UBig::ONE;
            let n = m.as_words().len();
            let mut xs = vec![
                m.clone(),
                &m + UBig::ONE,
                &m - UBig::ONE,
                &m * UBig::from(2u8),
                &m * &m,
                &m * &m - UBig::ONE,
                (&m - UBig::ONE) * (&m - UBig::ONE),
                UBig::ZERO,
                UBig::from(12345u32),
            ];
            for len in [1, n - 1, n, n + 1, 2 * n - 1, 2 * n] {
                xs.push(UBig::from_words(&g.take(len.max(1))));
            }
            for x in xs {
                let a = Number::from_bigint(IBig::from(x.clone()));
                let b = Number::from_bigint(IBig::from(m.clone()));
                let big_enough = x.as_words().len() <= 2 * n;
                match remainder(&a, &b) {
                    Some(r) => {
                        taken += 1;
                        assert_eq!(UBig::from_words(&r), &x % &m, "p = {p}, x = {x:#x}");
                    }
                    None => assert!(!big_enough, "p = {p}: refused {x:#x}"),
                }
            }
            let not_ones = &m - UBig::from(2u8);
            let b = Number::from_bigint(IBig::from(not_ones));
            assert!(remainder(&Number::Int(5), &b).is_none());
        }
        assert!(taken > 3000, "{taken}");
        let minus = Number::from_bigint(-((IBig::ONE << 100) - IBig::ONE));
        assert!(remainder(&Number::Int(5), &minus).is_none());
        let m = Number::from_bigint((IBig::ONE << 100) - IBig::ONE);
        assert!(remainder(&Number::Int(-5), &m).is_none());
    }
}
