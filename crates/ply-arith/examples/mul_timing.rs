//! Times ply's squares and products of random magnitudes ([`ply_arith::fast_mul`]), in
//! microseconds per operation, best of many short runs, for the sizes given in words (or a
//! default set from 50 to 6,000), squares alone when one argument is `squares`:
//!
//! `cargo run --release -p ply-arith --example mul_timing -- [squares] [WORDS...]`
//!
//! With `PLY_NO_IFMA=1` the portable path is timed on a processor with AVX-512 IFMA.
//! Timings on a shared machine are noisy: compare two builds by running them alternately.

use ply_arith::fast_mul::{mul_words, sqr_words};
use std::hint::black_box;
use std::time::Instant;

/// A reproducible pseudo-random word sequence (xorshift).
fn words(n: usize, seed: u64) -> Vec<u64> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

/// The best time of `f` in microseconds, over runs of about a millisecond each.
fn best(mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_secs_f64();
    let reps = ((1e-3 / once.max(1e-9)) as usize).clamp(1, 10_000);
    let mut best = f64::MAX;
    for _ in 0..30 {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / reps as f64);
    }
    best * 1e6
}

fn main() {
    let squares_only = std::env::args().any(|a| a == "squares");
    let mut sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = vec![50, 100, 300, 730, 1000, 1460, 2000, 2900, 4000, 6000];
    }
    println!("{:>6} {:>12} {:>12}", "words", "square µs", "product µs");
    for n in sizes {
        let (a, b) = (words(n, 7 + n as u64), words(n, 11 * n as u64));
        let s = best(|| {
            black_box(sqr_words(black_box(&a)));
        });
        let p = if squares_only {
            f64::NAN
        } else {
            best(|| {
                black_box(mul_words(black_box(&a), black_box(&b)));
            })
        };
        println!("{n:>6} {s:>12.2} {p:>12.2}");
    }
}
