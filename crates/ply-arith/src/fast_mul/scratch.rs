//! Scratch memory for the Karatsuba and Toom levels, kept per thread between products.
//!
//! A product of a few thousand words needs buffers of tens to hundreds of kilobytes at each
//! Toom level. Allocated and freed on every call, they went back to the operating system
//! whenever the allocator trimmed the top of its heap, and the next product paid a page
//! fault for every page it touched again: a 2,900-word square took 540 µs where the same
//! code with the allocator told never to trim took 450 µs. Here the buffers a level frees
//! stay in a small per-thread pool for the next one; the pool keeps no buffer above
//! [`KEEP_WORDS`] and no more than [`KEEP_TOTAL`] words in all, so a rare huge product does
//! not leave much behind.

use std::cell::RefCell;

/// Buffers longer than this many words are freed, not kept (8 MiB).
const KEEP_WORDS: usize = 1 << 20;
/// The pool keeps buffers of at most this many words in all (16 MiB).
const KEEP_TOTAL: usize = 1 << 21;
/// At most this many buffers are kept (the levels nest a dozen deep at most).
const KEEP_COUNT: usize = 16;

thread_local! {
    /// The buffers no level is using now.
    static POOL: RefCell<Vec<Vec<u64>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` on `len` words taken from the pool (or allocated), then gives them back. The
/// words hold whatever a previous level left there: every user writes each word before it
/// reads it, and zeroing them cost 2-3% of a square. Calls nest: a level's `f` may take
/// scratch for the level below.
pub(super) fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    let mut buf = take(len);
    if buf.len() < len {
        buf.resize(len, 0);
    }
    let result = f(&mut buf[..len]);
    give_back(buf);
    result
}

/// The pool's smallest buffer that holds `len` words, or else its largest (to be grown),
/// or a new one.
fn take(len: usize) -> Vec<u64> {
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        let fits = (0..pool.len())
            .filter(|&i| pool[i].capacity() >= len)
            .min_by_key(|&i| pool[i].capacity());
        let pick = fits.or_else(|| (0..pool.len()).max_by_key(|&i| pool[i].capacity()));
        pick.map(|i| pool.swap_remove(i)).unwrap_or_default()
    })
}

fn give_back(buf: Vec<u64>) {
    if buf.capacity() > KEEP_WORDS {
        return;
    }
    POOL.with(|pool| {
        let mut pool = pool.borrow_mut();
        let kept: usize = pool.iter().map(Vec::capacity).sum();
        if pool.len() < KEEP_COUNT && kept + buf.capacity() <= KEEP_TOTAL {
            pool.push(buf);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::with_scratch;

    #[test]
    fn nested_buffers_are_distinct_and_reused() {
        with_scratch(10, |outer| {
            outer.fill(7);
            with_scratch(10, |inner| inner.fill(9));
            assert!(outer.iter().all(|&w| w == 7));
        });
        // A buffer given back is handed out again, as long as asked.
        with_scratch(20, |again| assert_eq!(again.len(), 20));
        with_scratch(5, |short| assert_eq!(short.len(), 5));
    }
}
