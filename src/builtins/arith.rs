//! Arithmetic: `is/2`, the comparisons, `succ/2`, `plus/3`, and the bridge between heap cells
//! and [`crate::arith::number::Number`].
//!
//! Evaluation walks the expression with an explicit stack, kept by the machine between
//! evaluations; the integer functions of two small integers take a fast path. The numeric
//! semantics themselves live in `crate::arith`.

use crate::arith::error::{ArithError, Culprit};
use crate::arith::number::Number;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::cmp::Ordering;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("is", 2, |m, a| {
        let v = m.eval(a[1])?;
        let c = m.number_cell(v);
        Ok(m.unify(a[0], c))
    });
    m.def_native("=:=", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? == Some(Ordering::Equal))
    });
    m.def_native("=\\=", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? != Some(Ordering::Equal))
    });
    m.def_native("<", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? == Some(Ordering::Less))
    });
    m.def_native(">", 2, |m, a| {
        Ok(m.arith_cmp(a[0], a[1])? == Some(Ordering::Greater))
    });
    m.def_native("=<", 2, |m, a| {
        Ok(matches!(
            m.arith_cmp(a[0], a[1])?,
            Some(Ordering::Less | Ordering::Equal)
        ))
    });
    m.def_native(">=", 2, |m, a| {
        Ok(matches!(
            m.arith_cmp(a[0], a[1])?,
            Some(Ordering::Greater | Ordering::Equal)
        ))
    });
    m.def_native("succ", 2, succ);
    m.def_redo("between", 3, between, |m, a| {
        m.heap.deref(a[2]).tag() != Tag::Ref
    });
    m.def_native("plus", 3, plus);
    // The comparisons bind nothing: a clause's tests may call them with no choicepoint around
    // them (see `Pred::shallow`), and raise their errors on the general path.
    for name in ["=:=", "=\\=", "<", ">", "=<", ">="] {
        m.mark_shallow_native(name, 2, 0);
    }
}

/// between/3, enumerating from the low bound; the high bound may be `inf` or `infinite`.
/// Bounds of any size work; small ones take a fast path.
fn between(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    use crate::machine::db::LAST;
    let lo = m.heap.deref(a[0]);
    let hi = m.heap.deref(a[1]);
    let x = m.heap.deref(a[2]);
    if lo.tag() == Tag::Ref || hi.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !m.is_integer(lo) {
        return Err(m.type_err("integer", lo));
    }
    let infinite =
        hi.tag() == Tag::Atom && matches!(m.atoms.name(hi.atom_index()), "inf" | "infinite");
    if !infinite && !m.is_integer(hi) {
        return Err(m.type_err("integer", hi));
    }
    if x.tag() != Tag::Ref && !m.is_integer(x) {
        return Err(m.type_err("integer", x));
    }
    let l = m.number_of(lo).unwrap_or(Number::Int(0));
    let h = if infinite { None } else { m.number_of(hi) };
    let within = |v: &Number| match &h {
        None => true,
        Some(h) => crate::arith::number::arith_compare(v, h) != Ordering::Greater,
    };
    if x.tag() != Tag::Ref {
        let v = m.number_of(x).unwrap_or(Number::Int(0));
        let ok = crate::arith::number::arith_compare(&l, &v) != Ordering::Greater && within(&v);
        return Ok(if ok { Some(LAST) } else { None });
    }
    if state == LAST {
        return Ok(None);
    }
    let v = match (&l, state) {
        (Number::Int(i), s) => match i.checked_add(s as i64) {
            Some(r) => Number::Int(r),
            None => crate::arith::integer_ops::add(&l, &Number::Int(s as i64)),
        },
        _ => crate::arith::integer_ops::add(&l, &Number::Int(state as i64)),
    };
    if !within(&v) {
        return Ok(None);
    }
    let last =
        matches!(&h, Some(h) if crate::arith::number::arith_compare(&v, h) == Ordering::Equal);
    let c = m.number_cell(v);
    m.bind(x, c);
    Ok(Some(if last { LAST } else { state + 1 }))
}

fn succ(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.heap.deref(a[0]);
    let y = m.heap.deref(a[1]);
    let check = |m: &mut Machine, c: Cell| -> Result<Option<Number>, PlError> {
        if c.tag() == Tag::Ref {
            return Ok(None);
        }
        if !m.is_integer(c) {
            return Err(m.type_err("integer", c));
        }
        let n = m.number_of(c);
        if let Some(Number::Int(i)) = n {
            if i < 0 {
                return Err(m.domain_err("not_less_than_zero", c));
            }
        }
        if let Some(Number::Big(b)) = &n {
            if b.sign() == num_bigint::Sign::Minus {
                return Err(m.domain_err("not_less_than_zero", c));
            }
        }
        Ok(n)
    };
    let (nx, ny) = (check(m, x)?, check(m, y)?);
    match (nx, ny) {
        (Some(p), _) => {
            let r = crate::arith::integer_ops::add(&p, &Number::Int(1));
            let c = m.number_cell(r);
            Ok(m.unify(y, c))
        }
        (None, Some(q)) => {
            if q == Number::Int(0) {
                return Ok(false);
            }
            let r = crate::arith::integer_ops::sub(&q, &Number::Int(1));
            let c = m.number_cell(r);
            Ok(m.unify(x, c))
        }
        (None, None) => Err(m.inst_err()),
    }
}

fn plus(m: &mut Machine, a: &[Cell]) -> Res {
    let (x, y, z) = (m.heap.deref(a[0]), m.heap.deref(a[1]), m.heap.deref(a[2]));
    let ints = |m: &mut Machine, c: Cell| -> Result<Option<Number>, PlError> {
        if c.tag() == Tag::Ref {
            return Ok(None);
        }
        if !m.is_integer(c) {
            return Err(m.type_err("integer", c));
        }
        Ok(m.number_of(c))
    };
    let (nx, ny, nz) = (ints(m, x)?, ints(m, y)?, ints(m, z)?);
    let (target, value) = match (nx, ny, nz) {
        (Some(p), Some(q), _) => (z, crate::arith::integer_ops::add(&p, &q)),
        (Some(p), None, Some(r)) => (y, crate::arith::integer_ops::sub(&r, &p)),
        (None, Some(q), Some(r)) => (x, crate::arith::integer_ops::sub(&r, &q)),
        _ => return Err(m.inst_err()),
    };
    let c = m.number_cell(value);
    Ok(m.unify(target, c))
}

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
    evaluable: crate::term::FastMap<(u32, usize), bool>,
}

/// The table of evaluable functors is keyed by atom index: it keeps no atom alive, and is
/// emptied when atoms are freed, since a freed index may come back under another name.
impl crate::machine::native_state::NativeState for Scratch {
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
    use crate::arith::integer_ops::{quotient, remainder, Rounding};
    use crate::machine::instr::ArithOp;
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
    /// A nonnegative small integer argument, or the ISO error for it.
    pub fn check_nonneg_int(&mut self, c: Cell) -> Result<i64, PlError> {
        match c.tag() {
            Tag::Int if c.int_value() >= 0 => Ok(c.int_value()),
            Tag::Int => Err(self.type_err("not_less_than_zero", c)),
            Tag::Ref => Err(self.inst_err()),
            _ => Err(self.type_err("integer", c)),
        }
    }

    /// A cell holding `n`.
    pub fn number_cell(&mut self, n: Number) -> Cell {
        match n {
            Number::Int(i) => self.heap.int(i),
            Number::Float(f) => self.heap.float(f),
            Number::Big(b) => self.heap.bigint(&b),
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

    /// Evaluate an arithmetic expression.
    pub fn eval(&mut self, c: Cell) -> Result<Number, PlError> {
        let c = self.heap.deref(c);
        if c.tag() == Tag::Int {
            return Ok(Number::Int(c.int_value()));
        }
        if c.tag() == Tag::Str && self.fast_paths {
            // Fast path: an integer function of two small integers.
            let f = self.heap.functor_of(c);
            if f.functor_arity() == 2 {
                let x = self.heap.deref(self.heap.arg(c, 0));
                let y = self.heap.deref(self.heap.arg(c, 1));
                if x.tag() == Tag::Int && y.tag() == Tag::Int {
                    match int_binary(f.functor_name(), x.int_value(), y.int_value()) {
                        Some(Ok(v)) => return Ok(v),
                        Some(Err(e)) => return Err(self.arith_error(e)),
                        None => {}
                    }
                }
            }
        }
        // The work stacks are the machine's, lent for this evaluation (an evaluation never
        // starts another) and given back emptied whatever the outcome.
        let mut work = std::mem::take(&mut self.natives.get::<Scratch>().work);
        let mut vals = std::mem::take(&mut self.natives.get::<Scratch>().vals);
        let result = self.eval_with(c, &mut work, &mut vals);
        work.clear();
        vals.clear();
        self.natives.get::<Scratch>().work = work;
        self.natives.get::<Scratch>().vals = vals;
        result
    }

    /// Whether `Name/Arity` is an evaluable function, looked up in the table once per functor.
    fn is_evaluable(&mut self, name: u32, arity: usize) -> bool {
        if let Some(&known) = self.natives.get::<Scratch>().evaluable.get(&(name, arity)) {
            return known;
        }
        let known = crate::arith::eval::is_evaluable(self.atoms.name(name), arity);
        self.natives
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
                    let c = self.heap.deref(c);
                    match c.tag() {
                        Tag::Int => vals.push(Number::Int(c.int_value())),
                        Tag::Ref => return Err(self.inst_err()),
                        Tag::Boxed => match self.number_of(c) {
                            Some(n) => vals.push(n),
                            None => {
                                let s = self.heap.string_value(c).to_string();
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
                            let tail = self.heap.deref(self.heap.cells[c.addr() + 1]);
                            if tail != Cell::atom(atom::NIL) {
                                let pi = self.indicator(atom::DOT, 2);
                                return Err(self.type_err("evaluable", pi));
                            }
                            // As in SWI-Prolog, `[a]` (a one-character atom, as a chars
                            // text holds) evaluates to the character's code.
                            let elem = self.heap.deref(self.heap.cells[c.addr()]);
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
                            let f = self.heap.functor_of(c);
                            let n = f.functor_arity();
                            if !self.is_evaluable(f.functor_name(), n) {
                                let pi = self.indicator(f.functor_name(), n);
                                return Err(self.type_err("evaluable", pi));
                            }
                            work.push(Work::Apply(f.functor_name(), n));
                            for i in (0..n).rev() {
                                work.push(Work::Enter(self.heap.arg(c, i)));
                            }
                        }
                    }
                }
                Work::Apply(name, n) => {
                    let start = vals.len() - n;
                    let r = match &vals[start..] {
                        [Number::Int(p), Number::Int(q)] => int_binary(name, *p, *q),
                        _ => None,
                    };
                    let r = match r {
                        Some(r) => r,
                        None => {
                            let fname = self.atoms.name(name);
                            match crate::arith::eval::eval_function(fname, &vals[start..]) {
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
                        Err(e) => return Err(self.arith_error(e)),
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
            _ => crate::arith::eval::eval_constant(name),
        }
    }

    /// Seconds of CPU time used by the process.
    pub fn cputime(&self) -> f64 {
        cpu_seconds()
    }

    /// Compare two expressions arithmetically; `None` when a NaN makes them unordered.
    pub fn arith_cmp(&mut self, a: Cell, b: Cell) -> Result<Option<Ordering>, PlError> {
        let x = self.heap.deref(a);
        let y = self.heap.deref(b);
        if x.tag() == Tag::Int && y.tag() == Tag::Int {
            return Ok(Some(x.int_value().cmp(&y.int_value())));
        }
        // Two integers, one of them big, compare where they lie.
        if let Some(ord) = self.integer_order(x, y) {
            return Ok(Some(ord));
        }
        let p = self.eval(x)?;
        let q = self.eval(y)?;
        Ok(crate::arith::number::arith_partial_compare(&p, &q))
    }
}

/// Process CPU time in seconds.
pub fn cpu_seconds() -> f64 {
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime (clock 2, CLOCK_PROCESS_CPUTIME_ID) writes into the timespec we own,
    // whose layout `Timespec` declares as the C library's, and has no other effect. Kept
    // because the standard library offers no process CPU time; this is a foreign call, not a
    // matter of speed.
    let r = unsafe { clock_gettime(2, &mut ts) };
    if r == 0 {
        ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
    } else {
        0.0
    }
}

#[repr(C)]
struct Timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
}

#[cfg(test)]
mod tests {
    use super::int_binary;
    use crate::arith::eval::eval_function;
    use crate::arith::number::Number;
    use crate::term::atom;

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
