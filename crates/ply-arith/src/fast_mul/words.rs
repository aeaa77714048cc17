//! Sums, differences and comparisons of little-endian 64-bit word slices, the glue of the
//! Karatsuba levels in [`super`]: each returns or propagates its carry so that the callers
//! can add a partial product into a longer result in place.

use std::cmp::Ordering;

/// `r += a`, the carry propagated through the rest of `r`; returns the carry out of `r`.
pub(super) fn add_in(r: &mut [u64], a: &[u64]) -> bool {
    let carry = add_n_in(r, a);
    if carry {
        for x in &mut r[a.len()..] {
            let (s, c) = x.overflowing_add(1);
            *x = s;
            if !c {
                return false;
            }
        }
    }
    carry
}

/// `out = x + y` for three slices of one length; returns the carry out.
pub(super) fn add_to(out: &mut [u64], x: &[u64], y: &[u64]) -> bool {
    assert!(out.len() == x.len() && x.len() == y.len());
    if out.is_empty() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the three slices hold `out.len() >= 1` words each.
    return unsafe { x86::add_n(out.as_mut_ptr(), x.as_ptr(), y.as_ptr(), out.len()) } != 0;
    #[cfg(not(target_arch = "x86_64"))]
    portable::add_to(out, x, y)
}

/// `r[..a.len()] += a`; returns the carry out of those words.
pub(super) fn add_n_in(r: &mut [u64], a: &[u64]) -> bool {
    assert!(r.len() >= a.len());
    if a.is_empty() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let p = r.as_mut_ptr();
        // SAFETY: `r` holds at least the `a.len() >= 1` words read and written; the sum is
        // written in place, which the loop allows.
        unsafe { x86::add_n(p, p, a.as_ptr(), a.len()) != 0 }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        portable::add_n_in(r, a)
    }
}

/// `r[..a.len()] -= a`; returns the borrow out of those words.
pub(super) fn sub_n_in(r: &mut [u64], a: &[u64]) -> bool {
    assert!(r.len() >= a.len());
    if a.is_empty() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let p = r.as_mut_ptr();
        // SAFETY: as for `add_n_in`.
        unsafe { x86::sub_n(p, p, a.as_ptr(), a.len()) != 0 }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        portable::sub_n_in(r, a)
    }
}

/// `x = y - x` for two slices of one length; returns the borrow out.
pub(super) fn sub_from_n(x: &mut [u64], y: &[u64]) -> bool {
    assert!(x.len() == y.len());
    if x.is_empty() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        let p = x.as_mut_ptr();
        // SAFETY: as for `add_n_in`; the difference is written over the subtrahend.
        unsafe { x86::sub_n(p, y.as_ptr(), p, x.len()) != 0 }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        portable::sub_from_n(x, y)
    }
}

/// `x[..y.len()] += y << s` for `0 < s < 64`; returns the bits shifted out of `y`'s top
/// word plus the carry out, for the words above.
pub(super) fn add_lsh_in(x: &mut [u64], y: &[u64], s: u32) -> u64 {
    assert!(x.len() >= y.len() && s > 0 && s < 64);
    if y.is_empty() {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") {
        let p = x.as_mut_ptr();
        // SAFETY: the processor has BMI2; `x` holds at least the `y.len() >= 1` words read
        // and written in place, which the loop allows; `s` is within the shifts allowed.
        return unsafe { x86::add_lsh_n(p, p, y.as_ptr(), y.len(), s) };
    }
    portable::add_lsh_in(x, y, s)
}

/// `x[..y.len()] -= y << s` for `0 < s < 64`; returns the bits shifted out of `y`'s top
/// word plus the borrow out, to be subtracted from the words above.
pub(super) fn sub_lsh_in(x: &mut [u64], y: &[u64], s: u32) -> u64 {
    assert!(x.len() >= y.len() && s > 0 && s < 64);
    if y.is_empty() {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("bmi2") {
        let p = x.as_mut_ptr();
        // SAFETY: as for `add_lsh_in`.
        return unsafe { x86::sub_lsh_n(p, p, y.as_ptr(), y.len(), s) };
    }
    portable::sub_lsh_in(x, y, s)
}

/// `out = x - y` for three slices of one length; returns the borrow out.
fn sub_to(out: &mut [u64], x: &[u64], y: &[u64]) -> bool {
    assert!(out.len() == x.len() && x.len() == y.len());
    if out.is_empty() {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as for `add_to`.
    return unsafe { x86::sub_n(out.as_mut_ptr(), x.as_ptr(), y.as_ptr(), out.len()) } != 0;
    #[cfg(not(target_arch = "x86_64"))]
    portable::sub_to(out, x, y)
}

/// `r -= a`, the borrow propagated through the rest of `r`; returns the borrow out of `r`.
pub(super) fn sub_in(r: &mut [u64], a: &[u64]) -> bool {
    let borrow = sub_n_in(r, a);
    if borrow {
        for x in &mut r[a.len()..] {
            let (s, b) = x.overflowing_sub(1);
            *x = s;
            if !b {
                return false;
            }
        }
    }
    borrow
}

/// `x + y + carry` as (carry out, sum): the processor's add-with-carry where there is one.
#[inline(always)]
pub(super) fn add_carry(carry: u8, x: u64, y: u64) -> (u8, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut out = 0;
        let c = std::arch::x86_64::_addcarry_u64(carry, x, y, &mut out);
        (c, out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (s, c1) = x.overflowing_add(y);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        (u8::from(c1 || c2), s)
    }
}

/// `x - y - borrow` as (borrow out, difference).
#[inline(always)]
pub(super) fn sub_borrow(borrow: u8, x: u64, y: u64) -> (u8, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut out = 0;
        let b = std::arch::x86_64::_subborrow_u64(borrow, x, y, &mut out);
        (b, out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (s, b1) = x.overflowing_sub(y);
        let (s, b2) = s.overflowing_sub(u64::from(borrow));
        (u8::from(b1 || b2), s)
    }
}

/// Compares two magnitudes of any lengths (high zero words allowed).
pub(super) fn compare(a: &[u64], b: &[u64]) -> Ordering {
    let n = a.len().max(b.len());
    for i in (0..n).rev() {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        if x != y {
            return x.cmp(&y);
        }
    }
    Ordering::Equal
}

/// `out = |x - y|` where `out.len() >= x.len(), y.len()`; true when `x < y`.
pub(super) fn abs_diff(out: &mut [u64], x: &[u64], y: &[u64]) -> bool {
    let less = compare(x, y) == Ordering::Less;
    let (big, small) = if less { (y, x) } else { (x, y) };
    // One pass writes each word once (a copy, then a subtraction in place, took three).
    let (low, high) = out.split_at_mut(small.len().min(big.len()));
    let len = low.len();
    let mut borrow = u8::from(sub_to(low, &big[..len], &small[..len]));
    let rest = &big[len..];
    for (o, &u) in high.iter_mut().zip(rest) {
        (borrow, *o) = sub_borrow(borrow, u, 0);
    }
    let written = rest.len().min(high.len());
    high[written..].fill(0);
    // The rest of `small` beyond `big` is zero, since `small <= big`.
    debug_assert!(borrow == 0 && small[low.len()..].iter().all(|&w| w == 0));
    less
}

/// The same passes as portable loops, for processors without the assembly and for the
/// tests, which check one against the other.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
mod portable {
    use super::{add_carry, sub_borrow};

    /// [`super::add_to`].
    pub(super) fn add_to(out: &mut [u64], x: &[u64], y: &[u64]) -> bool {
        let mut carry = 0u8;
        for ((o, &a), &b) in out.iter_mut().zip(x).zip(y) {
            (carry, *o) = add_carry(carry, a, b);
        }
        carry != 0
    }

    /// [`super::sub_to`].
    pub(super) fn sub_to(out: &mut [u64], x: &[u64], y: &[u64]) -> bool {
        let mut borrow = 0u8;
        for ((o, &a), &b) in out.iter_mut().zip(x).zip(y) {
            (borrow, *o) = sub_borrow(borrow, a, b);
        }
        borrow != 0
    }

    /// [`super::add_n_in`].
    pub(super) fn add_n_in(r: &mut [u64], a: &[u64]) -> bool {
        let mut carry = 0u8;
        for (x, &y) in r.iter_mut().zip(a) {
            (carry, *x) = add_carry(carry, *x, y);
        }
        carry != 0
    }

    /// [`super::sub_n_in`].
    pub(super) fn sub_n_in(r: &mut [u64], a: &[u64]) -> bool {
        let mut borrow = 0u8;
        for (x, &y) in r.iter_mut().zip(a) {
            (borrow, *x) = sub_borrow(borrow, *x, y);
        }
        borrow != 0
    }

    /// [`super::add_lsh_in`].
    pub(super) fn add_lsh_in(x: &mut [u64], y: &[u64], s: u32) -> u64 {
        let (mut carry, mut previous) = (0u8, 0u64);
        for (w, &v) in x.iter_mut().zip(y) {
            let shifted = (v << s) | (previous >> (64 - s));
            previous = v;
            (carry, *w) = add_carry(carry, *w, shifted);
        }
        (previous >> (64 - s)) + u64::from(carry)
    }

    /// [`super::sub_lsh_in`].
    pub(super) fn sub_lsh_in(x: &mut [u64], y: &[u64], s: u32) -> u64 {
        let (mut borrow, mut previous) = (0u8, 0u64);
        for (w, &v) in x.iter_mut().zip(y) {
            let shifted = (v << s) | (previous >> (64 - s));
            previous = v;
            (borrow, *w) = sub_borrow(borrow, *w, shifted);
        }
        (previous >> (64 - s)) + u64::from(borrow)
    }

    /// [`super::sub_from_n`].
    pub(super) fn sub_from_n(x: &mut [u64], y: &[u64]) -> bool {
        let mut borrow = 0u8;
        for (w, &v) in x.iter_mut().zip(y) {
            (borrow, *w) = sub_borrow(borrow, v, *w);
        }
        borrow != 0
    }
}

#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(test)]
mod tests {
    use super::portable;
    use crate::test_words::Words;

    /// The assembly's sums and differences (plain, and of a shifted operand at every shift)
    /// against the portable loops at every length to 40 words (each entry word of the
    /// four-word turn) and a few long ones, in place and not, over words that make the
    /// carries run through.
    #[test]
    fn sums_and_differences_match_the_portable_loops() {
        let mut g = Words(0x4f1b_bcdc_bfa5_3e0b);
        for n in (0..=40).chain([63, 64, 65, 731, 732]) {
            for kind in 0..3 {
                let word = |g: &mut Words| match kind {
                    0 => g.next(),
                    1 => u64::MAX,
                    _ => g.next() | 1 << 63,
                };
                let x: Vec<u64> = (0..n).map(|_| word(&mut g)).collect();
                let y: Vec<u64> = (0..n).map(|_| word(&mut g)).collect();
                let (mut got, mut want) = (vec![7; n], vec![7; n]);
                assert_eq!(
                    super::add_to(&mut got, &x, &y),
                    portable::add_to(&mut want, &x, &y)
                );
                assert_eq!(got, want, "{n} words: x + y");
                assert_eq!(
                    super::sub_to(&mut got, &x, &y),
                    portable::sub_to(&mut want, &x, &y)
                );
                assert_eq!(got, want, "{n} words: x - y");
                let (mut got, mut want) = (x.clone(), x.clone());
                got.push(5);
                want.push(5);
                assert_eq!(
                    super::add_n_in(&mut got, &y),
                    portable::add_n_in(&mut want, &y)
                );
                assert_eq!(got, want, "{n} words: x += y");
                let (mut got, mut want) = (x.clone(), x.clone());
                assert_eq!(
                    super::sub_n_in(&mut got, &y),
                    portable::sub_n_in(&mut want, &y)
                );
                assert_eq!(got, want, "{n} words: x -= y");
                let (mut got, mut want) = (x.clone(), x.clone());
                assert_eq!(
                    super::sub_from_n(&mut got, &y),
                    portable::sub_from_n(&mut want, &y)
                );
                assert_eq!(got, want, "{n} words: x = y - x");
                for s in 1..64 {
                    let (mut got, mut want) = (x.clone(), x.clone());
                    let high = super::add_lsh_in(&mut got, &y, s);
                    assert_eq!(high, portable::add_lsh_in(&mut want, &y, s));
                    assert_eq!(got, want, "{n} words: x += y << {s}");
                    let (mut got, mut want) = (x.clone(), x.clone());
                    let high = super::sub_lsh_in(&mut got, &y, s);
                    assert_eq!(high, portable::sub_lsh_in(&mut want, &y, s));
                    assert_eq!(got, want, "{n} words: x -= y << {s}");
                }
            }
        }
    }
}
