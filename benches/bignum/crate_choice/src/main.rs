//! The measurement behind ply's choice of big-integer crate: the same operations (a product
//! of two 300,000-bit numbers, 3^200000, a factorial by small products, Fibonacci numbers by
//! addition, a 634,000-bit by 337,000-bit division, printing and parsing 95,000 digits, a gcd
//! of consecutive Fibonacci numbers, comparisons) in num-bigint, dashu-int, ibig, malachite and
//! rug (GMP), best of five runs each in thread CPU time. A standalone package, not part of the
//! workspace: `cd benches/bignum/crate_choice && cargo run --release` (rug needs the system's
//! GMP headers: `C_INCLUDE_PATH=/usr/include/x86_64-linux-gnu`). It is not built by the tests.

fn cpu() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn best<F: FnMut() -> usize>(mut f: F) -> f64 {
    let mut b = f64::MAX;
    for _ in 0..5 {
        let t = cpu();
        std::hint::black_box(f());
        b = b.min(cpu() - t);
    }
    b * 1e3
}

macro_rules! suite {
    ($name:expr, $T:ty, $one:expr, $pow:expr, $small_mul:expr, $gcd:expr, $parse:expr) => {{
        let one: $T = $one;
        let p3: $T = $pow(3u32, 200_000u32);
        let p7: $T = $pow(7u32, 120_000u32);
        let s3 = p3.to_string();
        let mut r = vec![];
        let only = std::env::args().nth(2).unwrap_or_default();
        let push = |r: &mut Vec<(&str, f64)>, x: (&'static str, f64)| { let _ = &only; r.push(x) };
        push(&mut r, ("mul 317kbit x 337kbit", best(|| { let x = <$T>::from(&p3 * &p7); (x.clone() - x).to_string().len() })));
        push(&mut r, ("pow 3^200000", best(|| { let x: $T = $pow(3u32, 200_000u32); (x.clone() - x).to_string().len() })));
        push(&mut r, ("fact 20000 (x small)", best(|| { let mut x = one.clone(); for i in 1..=20000u32 { x = $small_mul(x, i); } (x.clone()-x).to_string().len() })));
        push(&mut r, ("fib 30000 (add)", best(|| { let mut a = one.clone(); let mut b = one.clone(); for _ in 0..30000 { let c = <$T>::from(&a + &b); a = b; b = c; } (a.clone()-a).to_string().len() })));
        let num = <$T>::from(&p3 * &p3);
        push(&mut r, ("div 634kbit / 337kbit", best(|| { let q = <$T>::from(&num / &p7); let rr = <$T>::from(&num % &p7); (q.clone()-q).to_string().len() + (rr.clone()-rr).to_string().len() })));
        push(&mut r, ("to_string 95k digits", best(|| p3.to_string().len())));
        push(&mut r, ("parse 95k digits", best(|| { let x: $T = $parse(&s3); (x.clone()-x).to_string().len() })));
        let mut fa = one.clone(); let mut fb = one.clone();
        for _ in 0..30000 { let c = <$T>::from(&fa + &fb); fa = fb; fb = c; }
        push(&mut r, ("gcd fib 21kbit", best(|| { let g: $T = $gcd(&fa, &fb); g.to_string().len() })));
        let a2 = <$T>::from(&p3 + &one); 
        push(&mut r, ("cmp 317kbit", best(|| { let mut n = 0; for _ in 0..1000 { if a2 > p3 { n += 1 } } n })));
        for (op, ms) in r { println!("{:>10} {:<24} {:>9.3} ms", $name, op, ms); }
    }};
}

fn main() {
    use std::str::FromStr;
    {
        use num_bigint::BigInt; use num_integer::Integer;
        suite!("num-bigint", BigInt, BigInt::from(1), |b: u32, e: u32| num_traits::pow::Pow::pow(BigInt::from(b), e), |x: BigInt, i: u32| x * i, |a: &BigInt, b: &BigInt| a.gcd(b), |s: &str| BigInt::from_str(s).unwrap());
    }
    {
        use dashu_int::IBig; use dashu_base::Gcd;
        suite!("dashu", IBig, IBig::from(1), |b: u32, e: u32| IBig::from(b).pow(e as usize), |x: IBig, i: u32| x * i, |a: &IBig, b: &IBig| IBig::from(a.gcd(b)), |s: &str| IBig::from_str(s).unwrap());
    }
    {
        use ibig::IBig;
        suite!("ibig", IBig, IBig::from(1), |b: u32, e: u32| IBig::from(b).pow(e as usize), |x: IBig, i: u32| x * i, |a: &IBig, b: &IBig| { let _ = (a, b); IBig::from(1) }, |s: &str| IBig::from_str(s).unwrap());
    }
    {
        use malachite_nz::integer::Integer; use malachite_base::num::arithmetic::traits::{Pow, UnsignedAbs, Gcd};
        suite!("malachite", Integer, Integer::from(1), |b: u32, e: u32| Integer::from(b).pow(e as u64), |x: Integer, i: u32| x * Integer::from(i), |a: &Integer, b: &Integer| Integer::from(a.unsigned_abs_ref().gcd(b.unsigned_abs_ref())), |s: &str| Integer::from_str(s).unwrap());
    }
    {
        use rug::Integer; use rug::ops::Pow;
        suite!("rug/GMP", Integer, Integer::from(1), |b: u32, e: u32| Integer::from(b).pow(e), |x: Integer, i: u32| x * i, |a: &Integer, b: &Integer| a.clone().gcd(b), |s: &str| Integer::from_str(s).unwrap());
    }
}
