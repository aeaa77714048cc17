//! Sums, differences and products by one word of big integers computed where they lie:
//! `X is A + B`, `A - B` and `A * B` when both operands are integers and one of them is big
//! (for a product, the other fits in one 64-bit word). The 64-bit words of both are read on
//! the heap and the result's words are written once, straight onto the heap above them
//! (`Heap::integer_written_by`), so no big-integer value is built for either operand or for
//! the result, and nothing is copied. Everything else goes through the general evaluation,
//! which gives the same value (the tests compare the two).

use crate::Machine;
use ply_arith::integer_ops::MAX_INTEGER_BITS;
use ply_arith::number::Number;
use ply_term::{atom, BoxKind, Cell, Tag};
use std::cmp::Ordering;
use std::mem::MaybeUninit;

/// An integer operand: its sign and where its magnitude's words are (on the heap, or the
/// one word of a small integer).
struct Operand {
    negative: bool,
    /// The heap address of the first word, or `None` for a small integer's `small`.
    at: Option<usize>,
    len: usize,
    small: [Cell; 1],
}

impl Operand {
    /// The magnitude's words, least significant first, with no high zero word.
    fn words<'a>(&'a self, below: &'a [Cell]) -> &'a [Cell] {
        match self.at {
            Some(at) => &below[at..at + self.len],
            None => &self.small[..self.len],
        }
    }
}

/// How deep inner expressions of a sum or product are computed on the heap: enough for
/// the nested expressions of spigots and recurrences, bounded so that the walk is no
/// recursion on the term's depth.
const NESTING: u32 = 3;

/// How deep an expression of small integers beside a big factor is computed as a word
/// (`(3*I + 1) * (3*I + 2)`); bounded, as [`NESTING`] is, so that no walk recurses on the
/// term's depth.
const SMALL_DEPTH: u32 = 4;

#[derive(Clone, Copy, PartialEq)]
enum Op {
    Add,
    Sub,
    Mul,
}

impl Machine {
    /// The cell of `A + B`, `A - B` or `A * B` when `c` is such an expression of two
    /// integers, one of them big (and for `*` the other of one word); `None` for anything
    /// else. An operand may itself be such an expression, to [`NESTING`] levels: it is
    /// computed first, onto the heap, and read there as the outer one is (`(A + N*2) * K`).
    /// Those intermediate values are garbage once the outer value is written, so the outer
    /// value is moved down over them and the heap ends where it did plus that value.
    pub(super) fn big_sum(&mut self, c: Cell) -> Option<Cell> {
        if !self.may_be_big_sum(c) {
            return None;
        }
        let start = self.stacks.heap.cells.len();
        let result = self.big_sum_nested(c, NESTING);
        let heap = &mut self.stacks.heap;
        match result {
            Some(cell) if cell.tag() == Tag::Boxed && cell.addr() > start => {
                let from = cell.addr();
                heap.cells.copy_within(from.., start);
                heap.cells.truncate(heap.cells.len() - (from - start));
                Some(Cell::boxed(start))
            }
            Some(cell) => {
                if cell.tag() != Tag::Boxed {
                    heap.cells.truncate(start);
                }
                Some(cell)
            }
            None => {
                heap.cells.truncate(start);
                None
            }
        }
    }

    /// The value of `A + B`, `A - B` or `A * B` computed as [`Machine::big_sum`] computes
    /// it, for an expression met inside another one by the general evaluation (the sum of
    /// `(N*3 + A) // D`, `(A + B) mod M`): its words are written onto the heap, read from
    /// there, and the heap ends where it did. Where the general evaluation built a
    /// big-integer value for each operand and each intermediate result, this builds one,
    /// for the result.
    pub(super) fn big_sum_value(&mut self, c: Cell) -> Option<Number> {
        if !self.may_be_big_sum(c) {
            return None;
        }
        let start = self.stacks.heap.cells.len();
        let cell = self.big_sum_nested(c, NESTING);
        let value = cell.and_then(|cell| self.number_of(cell));
        self.stacks.heap.cells.truncate(start);
        value
    }

    /// Whether `c` is a compound of two arguments with a big integer as one argument or as
    /// an argument of the compounds down the first arguments (`(A + N*2) * K`, `(A - D*Q) *
    /// 10`, `10 * A * K`): the
    /// only expressions worth computing on the heap. A cheap test, so that an expression of
    /// small integers built at run time (`X is E`) costs a walk down its first arguments and
    /// no attempt at its inner expressions.
    fn may_be_big_sum(&self, c: Cell) -> bool {
        let heap = &self.stacks.heap;
        if c.tag() != Tag::Str || heap.functor_of(c).functor_arity() != 2 {
            return false;
        }
        let x = heap.deref(heap.arg(c, 0));
        let y = heap.deref(heap.arg(c, 1));
        if x.tag() == Tag::Boxed || y.tag() == Tag::Boxed {
            return true;
        }
        let mut t = x;
        for _ in 0..NESTING {
            if t.tag() != Tag::Str {
                return false;
            }
            let arity = heap.functor_of(t).functor_arity();
            if arity == 0 {
                return false;
            }
            // A big second argument on the way down counts too (`10 * Q * I`).
            if arity == 2 && heap.deref(heap.arg(t, 1)).tag() == Tag::Boxed {
                return true;
            }
            t = heap.deref(heap.arg(t, 0));
            if t.tag() == Tag::Boxed {
                return true;
            }
        }
        false
    }

    /// [`Machine::big_sum`] with `depth` more levels of inner expressions allowed; the
    /// intermediate values it writes stay on the heap above where it started.
    fn big_sum_nested(&mut self, c: Cell, depth: u32) -> Option<Cell> {
        if c.tag() != Tag::Str {
            return None;
        }
        let f = self.stacks.heap.functor_of(c);
        let op = match (f.functor_name(), f.functor_arity()) {
            (atom::PLUS, 2) => Op::Add,
            (atom::MINUS, 2) => Op::Sub,
            (atom::STAR, 2) => Op::Mul,
            _ => return None,
        };
        let mut x = self.stacks.heap.deref(self.stacks.heap.arg(c, 0));
        let mut y = self.stacks.heap.deref(self.stacks.heap.arg(c, 1));
        // Two small integers (the common case) go no further than before: an inner
        // expression is computed here only where an operand is one.
        if x.tag() != Tag::Boxed
            && y.tag() != Tag::Boxed
            && x.tag() != Tag::Str
            && y.tag() != Tag::Str
        {
            return None;
        }
        // A factor that is an expression of small integers alone (`Q * (27*I - 12)`, `10 *
        // U * S`) is a word computed at once, so that the big factor beside it is read
        // where it lies rather than copied into a value for the general evaluation.
        if op == Op::Mul {
            if let Some(v) = self.small_expression(x, SMALL_DEPTH) {
                x = Cell::int(v);
            }
            if let Some(v) = self.small_expression(y, SMALL_DEPTH) {
                y = Cell::int(v);
            }
        }
        // A product is computed here only by a word, so an inner expression beside a big
        // integer or another expression would be computed for nothing (it is a word only
        // when it happens to be small).
        if op == Op::Mul
            && ((x.tag() == Tag::Str && y.tag() != Tag::Int)
                || (y.tag() == Tag::Str && x.tag() != Tag::Int))
        {
            return None;
        }
        // An operand that is no integer and no expression ends the attempt before any inner
        // expression is computed.
        for t in [x, y] {
            if t.tag() != Tag::Str && self.sum_operand(t).is_none() {
                return None;
            }
        }
        if depth > 0 {
            if x.tag() == Tag::Str {
                x = self.big_sum_nested(x, depth - 1)?;
            }
            if y.tag() == Tag::Str {
                y = self.big_sum_nested(y, depth - 1)?;
            }
        }
        let (x, y) = (self.sum_operand(x)?, self.sum_operand(y)?);
        if op == Op::Mul {
            return self.big_times_word(x, y);
        }
        let heap = &mut self.stacks.heap;
        // SAFETY: `signed_sum` initialises the words it counts.
        Some(unsafe {
            heap.integer_written_by(x.len.max(y.len) + 1, |below, out| {
                signed_sum(
                    (x.negative, x.words(below)),
                    (y.negative != (op == Op::Sub), y.words(below)),
                    out,
                )
            })
        })
    }

    /// `X * Y` for `Y` of at most one word (either way round); `None` when neither is, or
    /// when the product might pass the size limit (the general evaluation then raises).
    fn big_times_word(&mut self, x: Operand, y: Operand) -> Option<Cell> {
        let (big, word) = if y.len <= 1 { (x, y) } else { (y, x) };
        if word.len > 1 || (big.len as u64 + 1) * 64 > MAX_INTEGER_BITS {
            return None;
        }
        let m = word.small[0].0;
        let negative = big.negative != word.negative;
        let heap = &mut self.stacks.heap;
        // SAFETY: `mul_word` initialises all `big.len + 1` words.
        Some(unsafe {
            heap.integer_written_by(big.len + 1, |below, out| {
                mul_word(big.words(below), m, out);
                (negative, big.len + 1)
            })
        })
    }

    /// The value of `c` when it is a sum, difference or product of small integers, to
    /// `depth` levels, and small itself at every step; `None` for anything else (a big
    /// integer, a float, an unbound variable, another function, an overflow), which the
    /// caller leaves to the general evaluation. These operations raise no error and have no
    /// effect, so a value computed here and then not used changes nothing.
    fn small_expression(&self, c: Cell, depth: u32) -> Option<i64> {
        let heap = &self.stacks.heap;
        if c.tag() != Tag::Str || depth == 0 {
            return None;
        }
        let f = heap.functor_of(c);
        if f.functor_arity() != 2 {
            return None;
        }
        let name = f.functor_name();
        if name != atom::PLUS && name != atom::MINUS && name != atom::STAR {
            return None;
        }
        let leaf = |t: Cell| match t.tag() {
            Tag::Int => Some(t.int_value()),
            Tag::Str => self.small_expression(t, depth - 1),
            _ => None,
        };
        let a = leaf(heap.deref(heap.arg(c, 0)))?;
        let b = leaf(heap.deref(heap.arg(c, 1)))?;
        let v = match name {
            atom::PLUS => a.checked_add(b)?,
            atom::MINUS => a.checked_sub(b)?,
            _ => a.checked_mul(b)?,
        };
        Cell::fits_small(v).then_some(v)
    }

    /// The sign and the place of the magnitude of an integer cell; `None` for anything else.
    fn sum_operand(&self, c: Cell) -> Option<Operand> {
        let heap = &self.stacks.heap;
        match c.tag() {
            Tag::Int => {
                let v = c.int_value();
                Some(Operand {
                    negative: v < 0,
                    at: None,
                    len: usize::from(v != 0),
                    small: [Cell(v.unsigned_abs())],
                })
            }
            Tag::Boxed if heap.box_kind(c) == BoxKind::BigInt => {
                let a = c.addr();
                let n = heap.cells[a].header_words();
                let words = &heap.cells[a + 2..a + 1 + n];
                let len = words.iter().rposition(|w| w.0 != 0).map_or(0, |i| i + 1);
                Some(Operand {
                    negative: heap.cells[a + 1].0 == 1 && len > 0,
                    at: Some(a + 2),
                    len,
                    // A word of one: `big_times_word` reads `small[0]` only of operands of
                    // at most one word, and for a boxed one that is its word.
                    small: [words.first().copied().unwrap_or(Cell(0))],
                })
            }
            _ => None,
        }
    }
}

/// The sum of two signed magnitudes (words least significant first, no high zero word)
/// written into `out` (not yet initialised, at least one word longer than the longer);
/// returns whether the sum is negative and how many words of `out`, from the first, it
/// wrote (the sum's words above those are zero).
fn signed_sum(
    x: (bool, &[Cell]),
    y: (bool, &[Cell]),
    out: &mut [MaybeUninit<Cell>],
) -> (bool, usize) {
    if x.0 == y.0 {
        let (long, short) = if x.1.len() >= y.1.len() {
            (x.1, y.1)
        } else {
            (y.1, x.1)
        };
        add(long, short, out);
        return (x.0, long.len() + 1);
    }
    match magnitude_order(x.1, y.1) {
        Ordering::Equal => (false, 0),
        Ordering::Greater => {
            sub(x.1, y.1, out);
            (x.0, x.1.len())
        }
        Ordering::Less => {
            sub(y.1, x.1, out);
            (y.0, y.1.len())
        }
    }
}

fn magnitude_order(a: &[Cell], b: &[Cell]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().map(|w| w.0).cmp(b.iter().rev().map(|w| w.0)))
}

/// `out[..=a.len()] = a + b` for `a` at least as long as `b` and `out` longer than `a`;
/// every one of those words is written.
fn add(a: &[Cell], b: &[Cell], out: &mut [MaybeUninit<Cell>]) {
    let (lo, hi) = out.split_at_mut(b.len());
    let mut carry = 0;
    let mut w = 0;
    for ((o, x), y) in lo.iter_mut().zip(a).zip(b) {
        carry = add_carry(carry, x.0, y.0, &mut w);
        o.write(Cell(w));
    }
    for (o, x) in hi.iter_mut().zip(&a[b.len()..]) {
        carry = add_carry(carry, x.0, 0, &mut w);
        o.write(Cell(w));
    }
    hi[a.len() - b.len()].write(Cell(u64::from(carry)));
}

/// `out[..a.len()] = a - b` for `a` of a magnitude at least `b`'s and `out` at least as
/// long as `a`; every one of those words is written.
fn sub(a: &[Cell], b: &[Cell], out: &mut [MaybeUninit<Cell>]) {
    let (lo, hi) = out.split_at_mut(b.len());
    let mut borrow = 0;
    let mut w = 0;
    for ((o, x), y) in lo.iter_mut().zip(a).zip(b) {
        borrow = sub_borrow(borrow, x.0, y.0, &mut w);
        o.write(Cell(w));
    }
    for (o, x) in hi.iter_mut().zip(&a[b.len()..]) {
        borrow = sub_borrow(borrow, x.0, 0, &mut w);
        o.write(Cell(w));
    }
}

/// `out = a * m` for `out` one word longer than `a` and not yet initialised, every word
/// written (ply-arith's row in assembly where the processor has it).
fn mul_word(a: &[Cell], m: u64, out: &mut [MaybeUninit<Cell>]) {
    // SAFETY: `Cell` is `repr(transparent)` over `u64`, so a slice of cells is a slice of
    // as many `u64`s with the same alignment (initialised for `a`, possibly not for `out`,
    // whose view is of `MaybeUninit` words too); `a` and `out` are distinct borrows, so the
    // two views do not overlap.
    let (a_words, out_words) = unsafe {
        (
            std::slice::from_raw_parts(a.as_ptr().cast::<u64>(), a.len()),
            std::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<MaybeUninit<u64>>(), out.len()),
        )
    };
    let carry = ply_arith::fast_mul::mul_word_into_uninit(out_words, a_words, m);
    out_words[a.len()].write(carry);
}

/// `x + y + carry` into `out`, returning the carry out: the processor's add-with-carry, so
/// that a loop of them is one chain of `adc` instructions.
#[inline(always)]
fn add_carry(carry: u8, x: u64, y: u64, out: &mut u64) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::x86_64::_addcarry_u64(carry, x, y, out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (s, c1) = x.overflowing_add(y);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        *out = s;
        u8::from(c1 || c2)
    }
}

/// `x - y - borrow` into `out`, returning the borrow out (`sbb` on x86-64).
#[inline(always)]
fn sub_borrow(borrow: u8, x: u64, y: u64, out: &mut u64) -> u8 {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::x86_64::_subborrow_u64(borrow, x, y, out)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (d, b1) = x.overflowing_sub(y);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        *out = d;
        u8::from(b1 || b2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dashu_int::{IBig, Sign};

    fn value(negative: bool, words: &[u64]) -> IBig {
        let sign = if negative {
            Sign::Negative
        } else {
            Sign::Positive
        };
        IBig::from_sign_words(sign, words)
    }

    fn trimmed(out: &[Cell]) -> Vec<u64> {
        let len = out.iter().rposition(|w| w.0 != 0).map_or(0, |i| i + 1);
        out[..len].iter().map(|w| w.0).collect()
    }

    /// Room for `n` words holding a pattern no writer produces by chance, so that a word
    /// counted as written but left alone shows in the value.
    fn room(n: usize) -> Vec<MaybeUninit<Cell>> {
        vec![MaybeUninit::new(Cell(0x5a5a_5a5a_5a5a_5a5a)); n]
    }

    /// The first `written` words of `out`, as the heap reads them (the rest are zero).
    fn written_words(out: &[MaybeUninit<Cell>], written: usize) -> Vec<u64> {
        // SAFETY: `room` initialised every word.
        let cells: Vec<Cell> = out[..written]
            .iter()
            .map(|w| unsafe { w.assume_init() })
            .collect();
        trimmed(&cells)
    }

    /// Every pair of signs and of magnitudes built from the words around the carries and
    /// borrows (zero, one, all ones, a high bit alone) gives what dashu-int's own sum gives,
    /// and so does every product by a magnitude of one word.
    #[test]
    fn word_sums_agree_with_big_integer_sums() {
        let pieces = [0u64, 1, u64::MAX, 1 << 63, 12345];
        let mut magnitudes: Vec<Vec<u64>> = vec![vec![]];
        for &a in &pieces {
            for &b in &pieces {
                for &c in &pieces {
                    let mut m = vec![a, b, c];
                    while m.last() == Some(&0) {
                        m.pop();
                    }
                    magnitudes.push(m);
                }
            }
        }
        let mut checked = 0;
        for x in &magnitudes {
            for y in &magnitudes {
                let xc: Vec<Cell> = x.iter().map(|&w| Cell(w)).collect();
                let yc: Vec<Cell> = y.iter().map(|&w| Cell(w)).collect();
                for (xn, yn) in [(false, false), (false, true), (true, false), (true, true)] {
                    let xn = xn && !x.is_empty();
                    let yn = yn && !y.is_empty();
                    let mut out = room(x.len().max(y.len()) + 1);
                    let (neg, written) = signed_sum((xn, &xc), (yn, &yc), &mut out);
                    let words = written_words(&out, written);
                    let want = value(xn, x) + value(yn, y);
                    assert_eq!(value(neg && !words.is_empty(), &words), want, "{x:?} {y:?}");
                    checked += 1;
                }
                if y.len() <= 1 {
                    let mut out = room(x.len() + 1);
                    let m = y.first().copied().unwrap_or(0);
                    mul_word(&xc, m, &mut out);
                    let want = value(false, x) * value(false, y);
                    let words = written_words(&out, x.len() + 1);
                    assert_eq!(value(false, &words), want, "{x:?} * {m}");
                }
            }
        }
        assert!(checked > 60_000);
    }
}
