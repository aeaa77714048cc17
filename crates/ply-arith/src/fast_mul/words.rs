//! Sums, differences and comparisons of little-endian 64-bit word slices, the glue of the
//! Karatsuba levels in [`super`]: each returns or propagates its carry so that the callers
//! can add a partial product into a longer result in place.

use std::cmp::Ordering;

/// `r += a`, the carry propagated through the rest of `r`; returns the carry out of `r`.
pub(super) fn add_in(r: &mut [u64], a: &[u64]) -> bool {
    debug_assert!(r.len() >= a.len());
    let mut carry = 0u8;
    for (x, &y) in r.iter_mut().zip(a) {
        (carry, *x) = add_carry(carry, *x, y);
    }
    if carry != 0 {
        for x in &mut r[a.len()..] {
            let (s, c) = x.overflowing_add(1);
            *x = s;
            if !c {
                return false;
            }
        }
    }
    carry != 0
}

/// `out = x + y` for three slices of one length; returns the carry out.
pub(super) fn add_to(out: &mut [u64], x: &[u64], y: &[u64]) -> bool {
    debug_assert!(out.len() == x.len() && x.len() == y.len());
    let mut carry = 0u8;
    for ((o, &a), &b) in out.iter_mut().zip(x).zip(y) {
        (carry, *o) = add_carry(carry, a, b);
    }
    carry != 0
}

/// `r -= a`, the borrow propagated through the rest of `r`; returns the borrow out of `r`.
pub(super) fn sub_in(r: &mut [u64], a: &[u64]) -> bool {
    debug_assert!(r.len() >= a.len());
    let mut borrow = 0u8;
    for (x, &y) in r.iter_mut().zip(a) {
        (borrow, *x) = sub_borrow(borrow, *x, y);
    }
    if borrow != 0 {
        for x in &mut r[a.len()..] {
            let (s, b) = x.overflowing_sub(1);
            *x = s;
            if !b {
                return false;
            }
        }
    }
    borrow != 0
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
    let mut borrow = 0u8;
    let (low, high) = out.split_at_mut(small.len().min(big.len()));
    for ((o, &u), &v) in low.iter_mut().zip(big).zip(small) {
        (borrow, *o) = sub_borrow(borrow, u, v);
    }
    let rest = &big[low.len()..];
    for (o, &u) in high.iter_mut().zip(rest) {
        (borrow, *o) = sub_borrow(borrow, u, 0);
    }
    let written = rest.len().min(high.len());
    high[written..].fill(0);
    // The rest of `small` beyond `big` is zero, since `small <= big`.
    debug_assert!(borrow == 0 && small[low.len()..].iter().all(|&w| w == 0));
    less
}
