//! The random number source behind `random/1`, `random_float` and `random`: a small
//! per-thread generator (SplitMix64), seeded from the clock unless a seed is set.
//!
//! It is meant for games and search experiments, never for anything that needs
//! unpredictability against an adversary.

use std::cell::Cell;
use std::time::{SystemTime, UNIX_EPOCH};

use dashu_int::IBig;

use super::error::ArithError;
use super::integer_ops::{big, bit_length, signum};
use super::number::Number;

thread_local! {
    static STATE: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Restarts this thread's generator from `seed`, so that a run can be repeated.
pub fn seed_random(seed: u64) {
    STATE.with(|s| s.set(Some(seed)));
}

/// The next 64 random bits (SplitMix64).
fn next_u64() -> u64 {
    STATE.with(|s| {
        let state = s.get().unwrap_or_else(|| {
            let nanos = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0);
            nanos ^ (s as *const _ as u64)
        });
        let next = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        s.set(Some(next));
        let mut z = next;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    })
}

/// A float drawn uniformly from the open interval (0.0, 1.0), as SWI-Prolog's
/// `random_float` promises.
pub fn random_float() -> f64 {
    // 53 random bits plus one half: never 0.0, never 1.0.
    ((next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
}

/// `random(N)`: an integer drawn uniformly from 0..N-1; `N` must be at least 1.
pub fn random_below(n: &Number) -> Result<Number, ArithError> {
    if signum(n) <= 0 {
        return Err(ArithError::domain("not_less_than_one", n));
    }
    if let Number::Int(limit) = n {
        let limit = *limit as u64;
        // Reject draws from the incomplete last block so that every value is equally likely.
        let zone = u64::MAX - (u64::MAX % limit);
        loop {
            let r = next_u64();
            if r < zone {
                return Ok(Number::Int((r % limit) as i64));
            }
        }
    }
    let limit = big(n);
    let bits = bit_length(n);
    loop {
        let mut candidate = IBig::from(0);
        let mut filled = 0;
        while filled < bits {
            candidate = (candidate << 64usize) | IBig::from(next_u64());
            filled += 64;
        }
        candidate >>= (filled - bits) as usize;
        if candidate < limit {
            return Ok(Number::from_bigint(candidate));
        }
        // At least half of all candidates are below the limit, so this ends quickly.
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_stay_inside_the_open_unit_interval() {
        seed_random(42);
        for _ in 0..10_000 {
            let f = random_float();
            assert!(f > 0.0 && f < 1.0);
        }
    }

    #[test]
    fn integers_stay_below_the_limit_and_cover_it() {
        seed_random(7);
        let mut seen = [false; 6];
        for _ in 0..1_000 {
            match random_below(&Number::Int(6)).unwrap() {
                Number::Int(i) => seen[i as usize] = true,
                other => panic!("not a small integer: {other:?}"),
            }
        }
        assert!(seen.iter().all(|s| *s));
        let limit = Number::from_bigint(IBig::from(1) << 100usize);
        for _ in 0..100 {
            let r = random_below(&limit).unwrap();
            assert!(super::super::number::arith_compare(&r, &limit).is_lt());
        }
        assert_eq!(random_below(&Number::Int(1)).unwrap(), Number::Int(0));
        assert!(random_below(&Number::Int(0)).is_err());
    }

    #[test]
    fn a_seed_repeats_the_sequence() {
        seed_random(123);
        let first: Vec<f64> = (0..5).map(|_| random_float()).collect();
        seed_random(123);
        let second: Vec<f64> = (0..5).map(|_| random_float()).collect();
        assert_eq!(first, second);
    }
}
