//! Arithmetic on the heap: evaluating an expression term to a [`Number`], comparing two
//! expressions, a number back into a cell, and an arithmetic error as the ISO error term.
//!
//! The numeric semantics live in `ply_arith`; this is the bridge between them and heap
//! cells, shared by `is/2`, the comparisons and every other native that takes an expression.
//! Evaluation walks the expression with an explicit stack, kept between evaluations in a native
//! state; the integer functions of two small integers take a fast path.

mod big_sum;
mod mersenne_mod;

use crate::error::PlError;
use crate::Machine;
use ply_arith::error::{ArithError, Culprit};
use ply_arith::number::Number;
use ply_term::{atom, Cell, Tag};
use std::cmp::Ordering;

/// A step of the general evaluation: evaluate a term, or apply a function to the values of
/// its last `n` evaluated arguments.
enum Work {
    Enter(Cell),
    Apply(u32, usize),
}

/// What the general evaluation keeps from one expression to the next: its two work stacks,
/// so that evaluating allocates nothing once they have grown, and which functors are
/// evaluable, so that a functor's name is compared with the table once.
#[derive(Default)]
pub struct Scratch {
    work: Vec<Work>,
    vals: Vec<Number>,
    evaluable: ply_term::FastMap<(u32, usize), bool>,
}

/// The table of evaluable functors is keyed by atom index: it keeps no atom alive, and is
/// emptied when atoms are freed, since a freed index may come back under another name.
impl crate::native_state::NativeState for Scratch {
    fn atoms_collected(&mut self) {
        self.evaluable.clear();
    }
    crate::native_state_any!();
}

/// `Name(P, Q)` of two small integers, when `Name` is one of the integer functions that
/// [`Machine::eval`] takes straight to `integer_ops`: the same functions the table's
/// `eval_function` calls for them, so the same value or error.
#[inline]
fn int_binary(name: u32, p: i64, q: i64) -> Option<Result<Number, ArithError>> {
    use crate::instr::ArithOp;
    use ply_arith::integer_ops::{quotient, remainder, Rounding};
    let (x, y) = (Number::Int(p), Number::Int(q));
    // Sums, differences and products as the compiled inline arithmetic makes them; one that
    // overflows is left to the table, which goes on in big integers.
    Some(match name {
        atom::PLUS => Ok(Number::Int(ArithOp::Add.apply(p, q)?)),
        atom::MINUS => Ok(Number::Int(ArithOp::Sub.apply(p, q)?)),
        atom::STAR => Ok(Number::Int(ArithOp::Mul.apply(p, q)?)),
        atom::INT_DIV => quotient(&x, &y, Rounding::Truncate),
        atom::DIV => quotient(&x, &y, Rounding::Floor),
        atom::REM => remainder(&x, &y, Rounding::Truncate),
        atom::MOD => remainder(&x, &y, Rounding::Floor),
        atom::MIN => Ok(Number::Int(p.min(q))),
        atom::MAX => Ok(Number::Int(p.max(q))),
        _ => return None,
    })
}

impl Machine {
    /// A cell holding `n`.
    #[inline]
    pub fn number_cell(&mut self, n: Number) -> Cell {
        match n {
            Number::Int(i) => self.stacks.heap.int(i),
            Number::Float(f) => self.stacks.heap.float(f),
            Number::Big(b) => self.stacks.heap.bigint(&b),
        }
    }

    /// The ISO error for an arithmetic error.
    pub fn arith_error(&mut self, e: ArithError) -> PlError {
        match e {
            ArithError::Type { expected, culprit } => {
                let c = match culprit {
                    Culprit::Number(n) => self.number_cell(n),
                    Culprit::Indicator(name, ar) => {
                        let a = self.atoms.intern(&name);
                        self.indicator(a, ar)
                    }
                };
                self.type_err(expected, c)
            }
            ArithError::Domain { expected, culprit } => {
                let c = match culprit {
                    Culprit::Number(n) => self.number_cell(n),
                    Culprit::Indicator(name, ar) => {
                        let a = self.atoms.intern(&name);
                        self.indicator(a, ar)
                    }
                };
                self.domain_err(expected, c)
            }
            ArithError::Evaluation(w) => self.evaluation_err(w),
            ArithError::Resource(w) => self.resource_err(w),
        }
    }

    /// The ISO error for an arithmetic error raised by the function `name/arity`: as in
    /// SWI-Prolog, a division by zero or an argument outside the function's domain names the
    /// function in its context (`context((/)/2, _)`), the other errors are left for the
    /// dispatcher to name the predicate (`is/2`).
    fn arith_error_in(&mut self, e: ArithError, name: u32, arity: usize) -> PlError {
        let names_function = matches!(
            e,
            ArithError::Evaluation("zero_divisor") | ArithError::Domain { .. }
        );
        let err = self.arith_error(e);
        if !names_function {
            return err;
        }
        let formal = self.stacks.heap.arg(err.0, 0);
        let pi = self.indicator(name, arity);
        let msg = self.stacks.heap.new_var();
        let ctx = self.stacks.heap.compound(atom::CONTEXT, &[pi, msg]);
        PlError(self.stacks.heap.compound(atom::ERROR, &[formal, ctx]))
    }

    /// Evaluate an arithmetic expression into a cell holding its value: what `is/2` needs.
    /// A sum or difference of integers, one of them big, is computed on the heap's words
    /// where they lie (a fast path; the general evaluation gives the same value).
    pub fn eval_cell(&mut self, c: Cell) -> Result<Cell, PlError> {
        let c = self.stacks.heap.deref(c);
        if self.services.fast_paths {
            if let Some(r) = self.mersenne_mod(c) {
                return r;
            }
            if let Some(cell) = self.big_sum(c) {
                return Ok(cell);
            }
        }
        let v = self.eval(c)?;
        Ok(self.number_cell(v))
    }

    /// Evaluate an arithmetic expression.
    pub fn eval(&mut self, c: Cell) -> Result<Number, PlError> {
        let c = self.stacks.heap.deref(c);
        if c.tag() == Tag::Int {
            return Ok(Number::Int(c.int_value()));
        }
        if c.tag() == Tag::Str && self.services.fast_paths {
            // Fast path: an integer function of two small integers.
            let f = self.stacks.heap.functor_of(c);
            if f.functor_arity() == 2 {
                let x = self.stacks.heap.deref(self.stacks.heap.arg(c, 0));
                let y = self.stacks.heap.deref(self.stacks.heap.arg(c, 1));
                if x.tag() == Tag::Int && y.tag() == Tag::Int {
                    match int_binary(f.functor_name(), x.int_value(), y.int_value()) {
                        Some(Ok(v)) => return Ok(v),
                        Some(Err(e)) => return Err(self.arith_error_in(e, f.functor_name(), 2)),
                        None => {}
                    }
                }
            }
        }
        // The work stacks are the machine's, lent for this evaluation (an evaluation never
        // starts another) and given back emptied whatever the outcome.
        let mut work = std::mem::take(&mut self.services.natives.get::<Scratch>().work);
        let mut vals = std::mem::take(&mut self.services.natives.get::<Scratch>().vals);
        let result = self.eval_with(c, &mut work, &mut vals);
        work.clear();
        vals.clear();
        self.services.natives.get::<Scratch>().work = work;
        self.services.natives.get::<Scratch>().vals = vals;
        result
    }

    /// Whether `Name/Arity` is an evaluable function, looked up in the table once per functor.
    fn is_evaluable(&mut self, name: u32, arity: usize) -> bool {
        if let Some(&known) = self
            .services
            .natives
            .get::<Scratch>()
            .evaluable
            .get(&(name, arity))
        {
            return known;
        }
        let known = ply_arith::eval::is_evaluable(self.atoms.name(name), arity);
        self.services
            .natives
            .get::<Scratch>()
            .evaluable
            .insert((name, arity), known);
        known
    }

    /// [`Machine::eval`] of `c` beyond its fast path, with empty work stacks.
    fn eval_with(
        &mut self,
        c: Cell,
        work: &mut Vec<Work>,
        vals: &mut Vec<Number>,
    ) -> Result<Number, PlError> {
        work.push(Work::Enter(c));
        while let Some(w) = work.pop() {
            match w {
                Work::Enter(c) => {
                    let c = self.stacks.heap.deref(c);
                    match c.tag() {
                        Tag::Int => vals.push(Number::Int(c.int_value())),
                        Tag::Ref => return Err(self.inst_err()),
                        Tag::Boxed => match self.number_of(c) {
                            Some(n) => vals.push(n),
                            None => {
                                let s = self.stacks.heap.string_value(c).to_string();
                                let mut chars = s.chars();
                                match (chars.next(), chars.next()) {
                                    (Some(ch), None) => vals.push(Number::Int(ch as i64)),
                                    _ => return Err(self.type_err("evaluable", c)),
                                }
                            }
                        },
                        Tag::Atom => {
                            let name = self.atoms.name(c.atom_index()).to_string();
                            match self.eval_atom(&name) {
                                Some(n) => vals.push(n),
                                None => {
                                    let pi = self.indicator(c.atom_index(), 0);
                                    return Err(self.type_err("evaluable", pi));
                                }
                            }
                        }
                        Tag::List => {
                            // "a" as a one-element code list evaluates to its element.
                            let tail = self.stacks.heap.deref(self.stacks.heap.cells[c.addr() + 1]);
                            if tail != Cell::atom(atom::NIL) {
                                let pi = self.indicator(atom::DOT, 2);
                                return Err(self.type_err("evaluable", pi));
                            }
                            // As in SWI-Prolog, `[a]` (a one-character atom, as a chars
                            // text holds) evaluates to the character's code.
                            let elem = self.stacks.heap.deref(self.stacks.heap.cells[c.addr()]);
                            let one_char = if elem.tag() == Tag::Atom {
                                let mut cs = self.atoms.name(elem.atom_index()).chars();
                                match (cs.next(), cs.next()) {
                                    (Some(ch), None) => Some(ch),
                                    _ => None,
                                }
                            } else {
                                None
                            };
                            match one_char {
                                Some(ch) => vals.push(Number::Int(ch as i64)),
                                None => work.push(Work::Enter(elem)),
                            }
                        }
                        _ => {
                            // A sum, difference or product by a word with a big operand is
                            // computed where its operands lie (a fast path, the same value).
                            if self.services.fast_paths {
                                if let Some(v) = self.big_sum_value(c) {
                                    vals.push(v);
                                    continue;
                                }
                            }
                            let f = self.stacks.heap.functor_of(c);
                            let n = f.functor_arity();
                            if !self.is_evaluable(f.functor_name(), n) {
                                let pi = self.indicator(f.functor_name(), n);
                                return Err(self.type_err("evaluable", pi));
                            }
                            work.push(Work::Apply(f.functor_name(), n));
                            // `X*X` and any other function of one big integer twice: its
                            // value is read off the heap once and shared by both places.
                            if n == 2 {
                                let x = self.stacks.heap.deref(self.stacks.heap.arg(c, 0));
                                if x.tag() == Tag::Boxed
                                    && x == self.stacks.heap.deref(self.stacks.heap.arg(c, 1))
                                {
                                    if let Some(v) = self.number_of(x) {
                                        vals.push(v.clone());
                                        vals.push(v);
                                        continue;
                                    }
                                }
                            }
                            for i in (0..n).rev() {
                                work.push(Work::Enter(self.stacks.heap.arg(c, i)));
                            }
                        }
                    }
                }
                Work::Apply(name, n) => {
                    let start = vals.len() - n;
                    let r = match &vals[start..] {
                        [Number::Int(p), Number::Int(q)] => int_binary(name, *p, *q),
                        // A big integer plus or minus a word: the big value is this
                        // evaluation's own (read off the heap or computed here), so the sum
                        // is made in its buffer rather than in a fresh one (`S*S - 2`).
                        [Number::Big(_), Number::Int(q)]
                            if name == atom::PLUS || name == atom::MINUS =>
                        {
                            let q = *q;
                            vals.pop();
                            let x = vals.pop().unwrap_or(Number::Int(0));
                            vals.push(ply_arith::integer_ops::add_word_owned(
                                x,
                                q,
                                name == atom::MINUS,
                            ));
                            continue;
                        }
                        _ => None,
                    };
                    let r = match r {
                        Some(r) => r,
                        None => {
                            let fname = self.atoms.name(name);
                            match ply_arith::eval::eval_function(fname, &vals[start..]) {
                                Some(r) => r,
                                None => {
                                    let pi = self.indicator(name, n);
                                    return Err(self.type_err("evaluable", pi));
                                }
                            }
                        }
                    };
                    vals.truncate(start);
                    match r {
                        Ok(v) => vals.push(v),
                        Err(e) => return Err(self.arith_error_in(e, name, n)),
                    }
                }
            }
        }
        Ok(vals.pop().unwrap_or(Number::Int(0)))
    }

    fn eval_atom(&mut self, name: &str) -> Option<Number> {
        match name {
            "cputime" => Some(Number::Float(self.cputime())),
            "realtime" => Some(Number::Int(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_secs() as i64)
                    .unwrap_or(0),
            )),
            "[]" => None,
            _ => ply_arith::eval::eval_constant(name),
        }
    }

    /// Compare two expressions arithmetically; `None` when a NaN makes them unordered.
    pub fn arith_cmp(&mut self, a: Cell, b: Cell) -> Result<Option<Ordering>, PlError> {
        let x = self.stacks.heap.deref(a);
        let y = self.stacks.heap.deref(b);
        if x.tag() == Tag::Int && y.tag() == Tag::Int {
            return Ok(Some(x.int_value().cmp(&y.int_value())));
        }
        // Two integers, one of them big, compare where they lie.
        if let Some(ord) = self.integer_order(x, y) {
            return Ok(Some(ord));
        }
        let p = self.eval(x)?;
        let q = self.eval(y)?;
        Ok(ply_arith::number::arith_partial_compare(&p, &q))
    }
}

#[cfg(test)]
mod tests {
    use super::int_binary;
    use ply_arith::eval::eval_function;
    use ply_arith::number::Number;
    use ply_term::atom;

    /// The fast path's integer functions give what the table gives, value or error, on the
    /// edges of the integer range, around zero and in every pair of signs.
    #[test]
    fn int_binary_agrees_with_the_table() {
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            -(1 << 60),
            -7,
            -3,
            -2,
            -1,
            0,
            1,
            2,
            3,
            7,
            1 << 60,
            i64::MAX - 1,
            i64::MAX,
        ];
        let names = [
            (atom::PLUS, "+"),
            (atom::MINUS, "-"),
            (atom::STAR, "*"),
            (atom::INT_DIV, "//"),
            (atom::DIV, "div"),
            (atom::REM, "rem"),
            (atom::MOD, "mod"),
            (atom::MIN, "min"),
            (atom::MAX, "max"),
        ];
        let mut checked = 0;
        for (a, name) in names {
            for p in edges {
                for q in edges {
                    let table = eval_function(name, &[Number::Int(p), Number::Int(q)]);
                    match int_binary(a, p, q) {
                        // The fast path leaves overflowing sums, differences and products to
                        // the table, which goes on in big integers.
                        None => assert!(
                            matches!(table, Some(Ok(Number::Big(_)))),
                            "{p} {name} {q}: fast path declined, table gave {table:?}"
                        ),
                        Some(fast) => {
                            assert_eq!(Some(fast), table, "{p} {name} {q}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > names.len() * edges.len() * edges.len() / 2);
        assert!(int_binary(atom::SLASH, 6, 3).is_none());
    }
}
