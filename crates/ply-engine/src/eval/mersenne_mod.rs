//! `X is E mod M` and `X is E rem M` for a divisor `M = 2^p - 1` of two words or more lying
//! on the heap (a Lucas-Lehmer step, `S1 is (S*S - 2) mod M`, or any arithmetic modulo such
//! a number): `E` is evaluated as usual, and its remainder is folded from `p` alone, read
//! off `M`'s words where they lie, and written straight onto the heap. The general
//! evaluation would copy `M` into a big-integer value, make the remainder another and copy
//! that onto the heap; the value, and any error, are the same (a dividend this does not take,
//! negative or too long, goes to the same function the general evaluation calls).

use crate::error::PlError;
use crate::Machine;
use ply_term::{atom, Cell, Tag};

impl Machine {
    /// The cell of `c`'s value when `c` is `E mod M` or `E rem M` with `M` a non-negative
    /// boxed integer of the form `2^p - 1`; `None` for anything else, before anything is
    /// evaluated, so that the caller goes on as before.
    pub(super) fn mersenne_mod(&mut self, c: Cell) -> Option<Result<Cell, PlError>> {
        if c.tag() != Tag::Str {
            return None;
        }
        let f = self.stacks.heap.functor_of(c);
        let name = f.functor_name();
        if f.functor_arity() != 2 || (name != atom::MOD && name != atom::REM) {
            return None;
        }
        let m = self.stacks.heap.deref(self.stacks.heap.arg(c, 1));
        if m.tag() != Tag::Boxed {
            return None;
        }
        let p = self.mersenne_exponent(m)?;
        let x = match self.eval(self.stacks.heap.arg(c, 0)) {
            Ok(x) => x,
            Err(e) => return Some(Err(e)),
        };
        let folded = ply_arith::mersenne::remainder_of(&x, p);
        if let Some(r) = folded {
            return Some(Ok(self.stacks.heap.integer_from_words(false, &r)));
        }
        // Anything else divides as the general evaluation's last step does.
        let y = self.number_of(m)?;
        let r = ply_arith::eval::eval_function(self.atoms.name(name), &[x, y])?;
        Some(match r {
            Ok(v) => Ok(self.number_cell(v)),
            Err(e) => Err(self.arith_error_in(e, name, 2)),
        })
    }

    /// `p` when the dereferenced boxed cell `m` is a non-negative integer `2^p - 1` of two
    /// words or more.
    fn mersenne_exponent(&self, m: Cell) -> Option<u64> {
        let mut small = [Cell(0)];
        match self.integer_parts(m, &mut small)? {
            (false, words) => ply_arith::mersenne::exponent(words.len(), |i| words[i].0),
            (true, _) => None,
        }
    }
}
