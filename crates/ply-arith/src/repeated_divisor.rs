//! Divisions of big integers by a divisor that the previous big division used too, as a
//! modulus is in a loop (`S1 is (S*S - 2) mod M`): from the second division by the same
//! divisor on, Barrett's method with its reciprocal, computed once and kept
//! ([`crate::decimal::Power`]), so each division costs two of ply's products where
//! dashu-int's schoolbook division costs about four at 30-40 words. A divisor seen once
//! costs only the comparison and copy of its words, so programs whose divisors change (gcd,
//! pidigits) keep dashu-int's division as before.

use crate::decimal::Power;
use crate::number::Number;
use std::cell::RefCell;
use std::rc::Rc;

/// Divisors of at least this many words take this path (below it dashu-int's division of a
/// few words costs less than the two products' calls).
const MIN_WORDS: usize = 8;

/// Divisors above this many words are not kept (a copy of a huge divisor per division, and
/// its reciprocal, are not worth keeping for a number divided once).
const MAX_WORDS: usize = 1 << 16;

/// The last big divisor and, from its second use in a row, its Barrett divisor.
struct Last {
    words: Vec<u64>,
    divisor: Option<Rc<Power>>,
}

thread_local! {
    static LAST: RefCell<Last> = const { RefCell::new(Last { words: Vec::new(), divisor: None }) };
}

/// `(a div b, a mod b)` as magnitudes when both are non-negative big integers, `b` of at
/// least [`MIN_WORDS`] words and the divisor of the previous such division too, and `a` of at
/// most twice `b`'s words (Barrett's bound); `None` otherwise, the caller dividing as before.
pub(crate) fn divide(a: &Number, b: &Number) -> Option<(Vec<u64>, Vec<u64>)> {
    let (Number::Big(x), Number::Big(y)) = (a, b) else {
        return None;
    };
    let (xs, xw) = x.as_sign_words();
    let (ys, yw) = y.as_sign_words();
    if xs == dashu_int::Sign::Negative || ys == dashu_int::Sign::Negative {
        return None;
    }
    let xw = trimmed(xw);
    let yw = trimmed(yw);
    if yw.len() < MIN_WORDS || yw.len() > MAX_WORDS || xw.len() > 2 * yw.len() {
        return None;
    }
    let divisor = LAST.with(|l| {
        let mut l = l.borrow_mut();
        if l.words == yw {
            Some(
                l.divisor
                    .get_or_insert_with(|| Rc::new(Power::divisor(yw.to_vec())))
                    .clone(),
            )
        } else {
            l.words.clear();
            l.words.extend_from_slice(yw);
            l.divisor = None;
            None
        }
    })?;
    Some(divisor.div_rem(xw))
}

/// `w` without its high zero words.
fn trimmed(w: &[u64]) -> &[u64] {
    let top = w.iter().rposition(|&x| x != 0).map_or(0, |i| i + 1);
    &w[..top]
}

#[cfg(test)]
mod tests {
    use super::divide;
    use crate::number::Number;
    use crate::test_words::Words;
    use dashu_int::{IBig, UBig};

    /// Against dashu-int's division: random divisors of 8 to 100 words, each used three times
    /// in a row (the first through dashu-int, the others through the kept reciprocal), with
    /// dividends from below the divisor to twice its words, exact multiples, multiples less
    /// one, and divisors of all ones.
    #[test]
    fn repeated_divisions_match_dashu() {
        let mut g = Words(0x0bad_cafe_f00d_1234);
        let mut used = 0;
        for n in (8..=100).chain([8, 35, 64]) {
            let mut yw = g.take(n);
            if n % 7 == 0 {
                yw = vec![u64::MAX; n];
            }
            let top = g.next() % 64;
            yw[n - 1] |= 1 << top;
            let y = UBig::from_words(&yw);
            for k in 0..6 {
                let len = [n, n + 1, 2 * n, 2 * n - 1, n + n / 2, 2 * n][k];
                let mut x = UBig::from_words(&g.take(len));
                if k == 4 {
                    x = &y * UBig::from_words(&g.take(n / 2)) - UBig::ONE;
                }
                if k == 5 {
                    x = &y * UBig::from_words(&g.take(n - 1));
                }
                let a = Number::from_bigint(IBig::from(x.clone()));
                let b = Number::from_bigint(IBig::from(y.clone()));
                if let Some((q, r)) = divide(&a, &b) {
                    used += 1;
                    assert_eq!(UBig::from_words(&q), &x / &y, "{n} words, case {k}");
                    assert_eq!(UBig::from_words(&r), &x % &y, "{n} words, case {k}");
                }
            }
        }
        assert!(used > 400, "the kept divisor was used {used} times");
    }
}
