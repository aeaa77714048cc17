//! A stable merge sort over a slice of cells (or of key and element pairs) that allocates
//! nothing of its own: the caller lends the second half of the work space, kept between sorts.
//!
//! The sorting builtins call it with a comparison in the standard order, which may be costly
//! (two compounds), so the sort is built to compare little on the lists programs sort most:
//! short ones, and ones already sorted or nearly so. Short stretches are sorted by insertion,
//! which compares each element once when they are already in order; two sorted stretches whose
//! last and first elements are already in order are joined with one comparison and no merge.
//! Nothing here recurses: the passes run bottom-up over stretches of doubling width.

use std::cmp::Ordering;

/// The length of the stretches sorted by insertion before the merging passes.
const RUN: usize = 12;

/// Sort `v` stably by `cmp`, using `buf` as work space (its contents on entry are dropped and
/// on return are unspecified; it only ever holds copies of `v`'s elements).
pub fn merge_sort<T: Copy>(v: &mut [T], buf: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let n = v.len();
    if n < 2 {
        return;
    }
    for chunk in v.chunks_mut(RUN) {
        insertion_sort(chunk, &mut cmp);
    }
    if n <= RUN {
        return;
    }
    buf.clear();
    buf.extend_from_slice(v);
    // Each pass merges pairs of sorted stretches of `width` from one side into the other; the
    // sides swap after every pass, and the result is copied back if it ends in `buf`.
    let mut in_v = true;
    let mut width = RUN;
    while width < n {
        if in_v {
            merge_pass(v, buf, width, &mut cmp);
        } else {
            merge_pass(buf, v, width, &mut cmp);
        }
        in_v = !in_v;
        width = width.saturating_mul(2);
    }
    if !in_v {
        v.copy_from_slice(buf);
    }
}

/// Sort a short slice by insertion, stably: an element moves left only past greater ones.
fn insertion_sort<T: Copy>(v: &mut [T], cmp: &mut impl FnMut(&T, &T) -> Ordering) {
    for i in 1..v.len() {
        let x = v[i];
        if cmp(&v[i - 1], &x) != Ordering::Greater {
            continue;
        }
        let mut j = i - 1;
        v[i] = v[j];
        while j > 0 && cmp(&v[j - 1], &x) == Ordering::Greater {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// Merge every pair of neighbouring sorted stretches of `width` elements of `src` into `dst`.
fn merge_pass<T: Copy>(
    src: &[T],
    dst: &mut [T],
    width: usize,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) {
    let n = src.len();
    let mut lo = 0;
    while lo < n {
        let mid = (lo + width).min(n);
        let hi = (mid + width).min(n);
        merge(&src[lo..mid], &src[mid..hi], &mut dst[lo..hi], cmp);
        lo = hi;
    }
}

/// Merge sorted `a` and `b` into `out` (as long as both), taking from `a` on ties so that
/// equal elements keep their order.
fn merge<T: Copy>(a: &[T], b: &[T], out: &mut [T], cmp: &mut impl FnMut(&T, &T) -> Ordering) {
    let (na, nb) = (a.len(), b.len());
    if nb == 0 || cmp(&a[na - 1], &b[0]) != Ordering::Greater {
        // Already in order: one comparison instead of a merge.
        out[..na].copy_from_slice(a);
        out[na..].copy_from_slice(b);
        return;
    }
    let (mut i, mut j, mut k) = (0, 0, 0);
    while i < na && j < nb {
        if cmp(&a[i], &b[j]) == Ordering::Greater {
            out[k] = b[j];
            j += 1;
        } else {
            out[k] = a[i];
            i += 1;
        }
        k += 1;
    }
    out[k..k + na - i].copy_from_slice(&a[i..]);
    let k = k + na - i;
    out[k..].copy_from_slice(&b[j..]);
}

#[cfg(test)]
mod tests {
    use super::merge_sort;

    /// A small deterministic generator, so that the test needs no crate.
    fn next(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn sorts_stably_like_the_library_sort() {
        let mut seed = 7;
        let mut buf = Vec::new();
        for n in (0..40).chain([100, 257, 1000, 4099]) {
            for range in [3, 50, 1 << 20] {
                // Pairs of key and original position: the positions show stability.
                let mut v: Vec<(u64, usize)> =
                    (0..n).map(|i| (next(&mut seed) % range, i)).collect();
                let mut want = v.clone();
                want.sort_by_key(|p| p.0);
                merge_sort(&mut v, &mut buf, |a, b| a.0.cmp(&b.0));
                assert_eq!(v, want, "n = {n}, range = {range}");
            }
        }
    }

    #[test]
    fn sorts_presorted_and_reversed_input() {
        let mut buf = Vec::new();
        for n in [13, 24, 25, 300] {
            let mut up: Vec<usize> = (0..n).collect();
            merge_sort(&mut up, &mut buf, |a, b| a.cmp(b));
            assert_eq!(up, (0..n).collect::<Vec<_>>());
            let mut down: Vec<usize> = (0..n).rev().collect();
            merge_sort(&mut down, &mut buf, |a, b| a.cmp(b));
            assert_eq!(down, (0..n).collect::<Vec<_>>());
        }
    }
}
