//! Times the decimal text of random magnitudes ([`ply_arith::decimal::magnitude_digits`]),
//! in microseconds per conversion, best of many short runs, for the sizes given in words
//! (or a default set from 100 to 50,000 words, about 1,900 to 960,000 digits); the powers
//! of ten and their reciprocals are computed by the first run of a size and reused after, as
//! when a program prints many numbers of one size:
//!
//! `cargo run --release -p ply-arith --example decimal_timing -- [WORDS...]`
//!
//! With `PLY_NO_IFMA=1` the portable products are used on a processor with AVX-512 IFMA.
//! Timings on a shared machine are noisy: compare two builds by running them alternately.

use ply_arith::decimal::magnitude_digits;
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

/// The best time of `f` in microseconds, over runs of about ten milliseconds each.
fn best(mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_secs_f64();
    let reps = ((1e-2 / once.max(1e-9)) as usize).clamp(1, 10_000);
    let mut best = f64::MAX;
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / reps as f64);
    }
    best * 1e6
}

fn main() {
    let mut sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = vec![100, 520, 1000, 5200, 10_000, 50_000];
    }
    println!("{:>6} {:>14}", "words", "to decimal µs");
    for n in sizes {
        let a = words(n, 7 + n as u64);
        let t = best(|| {
            black_box(magnitude_digits(black_box(&a)));
        });
        println!("{n:>6} {t:>14.1}");
    }
}
