//! A first clause of tests in the one shape that `выбор/6` of the textbook minimax has, decoded
//! once when the clause is compiled and then tried without reading its instructions: the
//! alternatives open with the same head unifications (`GetVal`s), each goes on with at most one
//! call of a shallow native and at most one integer comparison, and each ends in its cut.
//!
//! ```text
//! выбор(Поз0, Оц0, _, Оц1, Поз0, Оц0) :- ход_мина(Поз0), Оц0 > Оц1, ! ; ход_макса(Поз0), Оц0 < Оц1, !.
//! ```
//!
//! Since every alternative unifies the same registers, the unifications are made once rather
//! than once per alternative and undone in between: the tests of each alternative see the same
//! bindings either way. Everything else is as [`Machine::try_test_clause`] does it by
//! interpreting the code, which remains the path for every other clause and for anything out of
//! the ordinary here (a replaced native, a float, a compound to unify). Nothing here may decide
//! a call differently from the compiled code it stands for.

use super::super::db::{NativeFn, PredKind};
use super::super::instr::{
    CmpOp, Instr, Operand, OperandKind, PredId, Reg, NO_SHAPE, WHOLE_CLAUSE,
};
use super::super::{Machine, Program};
use super::{Bound, GuardEnd, Tried};
use ply_term::{Cell, Tag};

/// The most head unifications the shape takes.
const MAX_UNIFY: usize = 4;

/// The most alternatives the shape takes.
const MAX_ALTS: usize = 3;

/// An operand of a decoded comparison: a temporary register (the clause has no environment, so
/// no permanent ones), or an integer constant as its cell.
#[derive(Clone, Copy, Debug)]
enum Src {
    /// `X[i]`.
    X(u32),
    /// A small integer.
    Int(Cell),
}

/// The shallow native an alternative calls, as decoded: the predicate, the library function it
/// was when the clause was compiled (the call is made only while it still is), and its arity.
#[derive(Clone, Copy, Debug)]
struct TestCall {
    /// The predicate.
    pid: PredId,
    /// Its library function.
    f: NativeFn,
    /// Its arity, one or two.
    arity: usize,
}

/// The tests of one alternative, after the head unifications.
#[derive(Clone, Copy, Debug)]
struct AltTests {
    /// A shallow native of at most two arguments that binds nothing.
    call: Option<TestCall>,
    /// An integer comparison, after the call.
    cmp: Option<(CmpOp, Src, Src)>,
    /// The address of the alternative's cut, where a clause that commits goes on.
    cut: u32,
}

/// A first clause of tests in the shape this file runs.
#[derive(Clone, Debug)]
pub struct TestClause {
    /// The head unifications every alternative opens with: temporary register `X[i]`,
    /// argument register.
    unify: [(u32, u32); MAX_UNIFY],
    /// How many of `unify` there are.
    n_unify: usize,
    /// The alternatives' tests, in order.
    alts: [AltTests; MAX_ALTS],
    /// How many of `alts` there are.
    n_alts: usize,
    /// Whether the tests may run before the unifications: every native called is strict
    /// (see [`Machine::try_deferred`]).
    deferred: bool,
}

impl TestClause {
    /// The same decoding for the clause moved from the region `from..end` to one starting at
    /// `to` (see `code_space.rs`): the addresses of its cuts move with it.
    pub(crate) fn moved(&self, from: usize, end: usize, to: usize) -> TestClause {
        let mut moved = self.clone();
        for alt in &mut moved.alts[..moved.n_alts] {
            let at = alt.cut as usize;
            if (from..end).contains(&at) {
                alt.cut = (at - from + to) as u32;
            }
        }
        moved
    }
}

impl Program {
    /// Decode the clause whose code starts at `first` when it opens with `TestAlt` and all its
    /// alternatives have the shape this file runs, and record the decoding in that `TestAlt`.
    pub(crate) fn shape_test_clause(&mut self, first: usize) {
        let Some(shape) = self.decode_test_clause(first) else {
            return;
        };
        let Ok(index) = u32::try_from(self.test_clauses.len()) else {
            return;
        };
        if index == NO_SHAPE {
            return;
        }
        if let Instr::TestAlt { shape: slot, .. } = &mut self.code[first] {
            *slot = index;
            self.test_clauses.push(shape);
        }
    }

    /// The decoding of the clause at `first`, or `None` when it does not have the shape.
    fn decode_test_clause(&self, first: usize) -> Option<TestClause> {
        let mut clause = TestClause {
            unify: [(0, 0); MAX_UNIFY],
            n_unify: 0,
            alts: [NO_TESTS; MAX_ALTS],
            n_alts: 0,
            deferred: true,
        };
        let mut at = first;
        loop {
            // Every alternative but the last opens with `TestAlt`, naming the next.
            let (from, next) = match self.code[at] {
                Instr::TestAlt {
                    alt: WHOLE_CLAUSE, ..
                } => return None,
                Instr::TestAlt { alt, .. } => (at + 1, Some(alt as usize)),
                Instr::PushAlt(..) | Instr::GuardAlt { .. } | Instr::KeyAlt { .. } => return None,
                _ => (at, None),
            };
            let (unify, tests) = self.decode_alternative(from)?;
            if clause.n_alts == 0 {
                clause.n_unify = unify.len();
                clause.unify[..unify.len()].copy_from_slice(&unify);
            } else if clause.unify[..clause.n_unify] != unify[..] {
                return None;
            }
            if clause.n_alts == MAX_ALTS {
                return None;
            }
            // Strictness is the function's, which the call checks is still the predicate's.
            clause.deferred &= tests.call.is_none_or(|c| self.preds[c.pid as usize].strict);
            clause.alts[clause.n_alts] = tests;
            clause.n_alts += 1;
            match next {
                Some(alt) => at = alt,
                None => return Some(clause),
            }
        }
    }

    /// The head unifications and the tests of the alternative whose code starts at `from`, when
    /// it is `GetVal`s of temporary registers, at most one call of a shallow native, at most one
    /// comparison, and a cut.
    fn decode_alternative(&self, from: usize) -> Option<(Vec<(u32, u32)>, AltTests)> {
        let mut unify = Vec::new();
        let mut tests = NO_TESTS;
        let mut at = from;
        loop {
            let started = tests.call.is_some() || tests.cmp.is_some();
            match *self.code.get(at)? {
                Instr::GetVal(Reg::X(i), ai) if !started && unify.len() < MAX_UNIFY => {
                    unify.push((i, ai));
                }
                Instr::CallLib(pid) if !started => {
                    let p = &self.preds[pid as usize];
                    let PredKind::Native(f) = p.kind else {
                        return None;
                    };
                    if !p.is_test_native() {
                        return None;
                    }
                    tests.call = Some(TestCall {
                        pid,
                        f,
                        arity: p.arity,
                    });
                }
                Instr::ArithCmp(op, a, b, _) if tests.cmp.is_none() => {
                    tests.cmp = Some((op, src(a)?, src(b)?));
                }
                Instr::Cut(false) | Instr::CutExit(false) => {
                    tests.cut = u32::try_from(at).ok()?;
                    return Some((unify, tests));
                }
                _ => return None,
            }
            at += 1;
        }
    }
}

impl Machine {
    /// [`Machine::try_test_clause`] for a clause decoded as `test_clauses[shape]`.
    pub(super) fn try_shaped_clause(&mut self, shape: usize) -> Tried {
        if let Some(tried) = self.try_deferred(shape) {
            return tried;
        }
        let (trail, top) = (self.stacks.trail.len(), self.stacks.heap.top());
        // Never more bindings than the shape's unifications, so the smallest `Bound` serves.
        let mut bound: Bound<MAX_UNIFY> = Bound::default();
        let end = self.shaped_tests(shape, &mut bound, trail, top);
        match self.settle(&bound, trail, top, end) {
            GuardEnd::Cut(cut) => {
                self.stacks.pc = cut;
                Tried::Committed
            }
            GuardEnd::Failed => Tried::Failed,
            GuardEnd::Undecided => Tried::Undecided,
        }
    }

    /// [`Machine::try_shaped_clause`] with the tests first and the unifications only once an
    /// alternative holds, when the clause allows it and every unification binds a fresh
    /// variable: `None` when it does not apply, and nothing has been done.
    ///
    /// Why the order makes no difference: a test decides only of values no binding can change.
    /// A comparison decides only of two integers; a strict native only of ground arguments,
    /// raising an error otherwise. A test that meets a variable where a binding might have put
    /// a value is therefore undecided either way, and the clause goes the general way, in the
    /// compiled order. And the unifications cannot fail, whenever they are made: each binds
    /// its own unbound variable, distinct from the others', to a value or to another variable.
    /// So a clause whose alternatives all fail has never needed its bindings, and this path
    /// makes none (the commonest case in the minimax's `выбор/6`, three calls in four), where
    /// the compiled order would bind them all and undo them.
    #[inline(always)]
    fn try_deferred(&mut self, shape: usize) -> Option<Tried> {
        let clause = self.program.test_clauses.get(shape)?;
        if !clause.deferred {
            return None;
        }
        let (unify, n_unify, n_alts) = (
            clause.unify,
            clause.n_unify.min(MAX_UNIFY),
            clause.n_alts.min(MAX_ALTS),
        );
        let unify = &unify[..n_unify];
        for (k, &(_, ai)) in unify.iter().enumerate() {
            let target = self.stacks.heap.deref(self.arg_reg(ai));
            if target.tag() != Tag::Ref {
                return None;
            }
            for &(_, aj) in &unify[..k] {
                if self.stacks.heap.deref(self.arg_reg(aj)) == target {
                    return None;
                }
            }
        }
        let (trail, top) = (self.stacks.trail.len(), self.stacks.heap.top());
        for k in 0..n_alts {
            let tests = self.program.test_clauses[shape].alts[k];
            let held = self.alt_holds(tests);
            if held == Some(true) {
                for &(i, ai) in unify {
                    // Binds the younger variable to the older, trailed if need be; it cannot
                    // fail, since each target is its own unbound variable.
                    let unified = self.unify(self.arg_reg(i), self.arg_reg(ai));
                    debug_assert!(unified);
                }
                self.stacks.pc = tests.cut as usize;
                return Some(Tried::Committed);
            }
            // A test binds nothing, but a native may have left cells or trail entries behind
            // (an error's term) that the next alternative, or the general path, must not see.
            if self.stacks.trail.len() != trail || self.stacks.heap.top() != top {
                self.stacks.trail.truncate(trail);
                self.stacks.heap.truncate(top);
            }
            if held.is_none() {
                return Some(Tried::Undecided);
            }
        }
        Some(Tried::Failed)
    }

    /// The unifications and then each alternative's tests of `test_clauses[shape]`, until one
    /// alternative holds, leaving the variables bound in `bound` for the caller to keep or
    /// undo.
    #[inline(always)]
    fn shaped_tests(
        &mut self,
        shape: usize,
        bound: &mut Bound<MAX_UNIFY>,
        trail: usize,
        top: usize,
    ) -> GuardEnd {
        let Some(clause) = self.program.test_clauses.get(shape) else {
            return GuardEnd::Undecided;
        };
        let (unify, n_unify, n_alts) = (
            clause.unify,
            clause.n_unify.min(MAX_UNIFY),
            clause.n_alts.min(MAX_ALTS),
        );
        for &(i, ai) in &unify[..n_unify] {
            match self.shallow_unify(self.arg_reg(i), self.arg_reg(ai), bound) {
                Some(true) => {}
                // Two atomic values that differ fail every alternative.
                Some(false) => return GuardEnd::Failed,
                None => return GuardEnd::Undecided,
            }
        }
        for k in 0..n_alts {
            let tests = self.program.test_clauses[shape].alts[k];
            match self.alt_holds(tests) {
                Some(true) => return GuardEnd::Cut(tests.cut as usize),
                // The next alternative's tests see the same bindings, made again by the same
                // unifications; whatever a failed test left on the heap or the trail goes.
                Some(false) => {
                    if self.stacks.trail.len() != trail || self.stacks.heap.top() != top {
                        self.stacks.trail.truncate(trail);
                        self.stacks.heap.truncate(top);
                    }
                }
                None => return GuardEnd::Undecided,
            }
        }
        GuardEnd::Failed
    }

    /// Whether the tests of one alternative hold: `None` when the native is no longer the one
    /// decoded (a program replaced it) or raises an error, or the comparison is not of two
    /// integers, all of which the general path runs.
    #[inline(always)]
    fn alt_holds(&mut self, tests: AltTests) -> Option<bool> {
        if let Some(TestCall { pid, f, arity }) = tests.call {
            // The decoding checked that this function is a test native, and a predicate that
            // still has it is still the library's: a program's definition replaces the kind.
            match self.program.preds[pid as usize].kind {
                PredKind::Native(g) if std::ptr::fn_addr_eq(f, g) => {}
                _ => return None,
            }
            self.stacks.inferences += 1;
            let buf: [Cell; 2] = self.first_args();
            match f(self, &buf[..arity.min(2)]) {
                Ok(true) => {}
                Ok(false) => return Some(false),
                Err(_) => return None,
            }
        }
        let Some((op, a, b)) = tests.cmp else {
            return Some(true);
        };
        let x = self.stacks.heap.deref(self.src(a));
        let y = self.stacks.heap.deref(self.src(b));
        if x.tag() == Tag::Int && y.tag() == Tag::Int {
            self.stacks.inferences += 1;
            Some(op.holds(x.int_value().cmp(&y.int_value())))
        } else {
            None
        }
    }

    /// The value of a decoded operand.
    #[inline(always)]
    fn src(&self, s: Src) -> Cell {
        match s {
            Src::X(i) => self.arg_reg(i),
            Src::Int(c) => c,
        }
    }
}

/// An alternative with no tests yet, where decoding starts.
const NO_TESTS: AltTests = AltTests {
    call: None,
    cmp: None,
    cut: 0,
};

/// A comparison's operand as the shape keeps it: `None` for a permanent register, which a
/// clause of tests never has.
fn src(o: Operand) -> Option<Src> {
    match o.kind() {
        OperandKind::Reg(Reg::X(i)) => Some(Src::X(i)),
        OperandKind::Reg(Reg::Y(_)) => None,
        OperandKind::Int(v) => Some(Src::Int(Cell::int(v))),
    }
}
