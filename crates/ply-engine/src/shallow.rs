//! Shallow backtracking, the run loop's side: a clause alternative or a whole clause that opens
//! with tests and a cut, tried without a choicepoint (`GuardAlt`, `TestAlt`).
//!
//! The compiler (`compile/guard.rs`) has checked the shape. For `GuardAlt`: register moves (run
//! before it as ordinary steps), one call of a shallow native, a cut, and a next alternative
//! that reads none of the registers the moves write. For `TestAlt`: tests that write no
//! register, then a cut. For `TestAlt` at the start of a whole clause: head unifications against
//! registers and constants, register moves, tests, then a cut; the argument registers the moves
//! overwrite are kept here and put back when the clause fails. A call whose first candidate
//! clause opens with `TestAlt` tries it without the call's clause choicepoint
//! (`try_test_clause`, from `enter.rs`): a clause that commits would have cut that choicepoint
//! at once, and one that fails would have backtracked to it at once. What only the running
//! machine knows is checked here: that the natives are still test natives (a program may have
//! replaced a library one), that no debugger or interrupt wants to see the calls, that the
//! unifications bind variables or compare atomic values (the bindings are remembered, to be
//! undone or trailed), and that no comparison raises an error. When any of that fails, the
//! try is undone and the clause is entered under its choicepoint as compiled. Nothing here may
//! leave a binding or an overwritten argument register behind when it resumes the next
//! alternative or clause.

use super::choice::{ChoiceKind, TrailEntry};
use super::db::PredKind;
use super::instr::{ArithOp, CmpOp, Instr, Operand, PredId, NO_SHAPE, WHOLE_CLAUSE};
use super::Machine;
use ply_term::{Cell, Tag};

mod test_clause;

pub use test_clause::TestClause;

/// How the tests of one guard ended ([`Machine::run_guard`]).
enum GuardEnd {
    /// They held up to the cut at this address; their bindings stand.
    Cut(usize),
    /// One failed; nothing they did remains.
    Failed,
    /// One needs the general path; nothing they did remains.
    Undecided,
}

impl GuardEnd {
    /// How a guard ends at a test that came to `step` (whether it holds, or `None` for what
    /// only the general path may do); `None` while it holds and the guard goes on.
    fn unless_held(step: Option<bool>) -> Option<GuardEnd> {
        match step {
            Some(true) => None,
            Some(false) => Some(GuardEnd::Failed),
            None => Some(GuardEnd::Undecided),
        }
    }
}

/// The most argument registers the tests of a clause may overwrite (see `Instr::TestAlt`): those
/// are kept while the tests run, to be put back if the clause fails.
pub(super) const MAX_SAVED: usize = 4;

/// What trying a clause without its choicepoint came to.
pub(super) enum Tried {
    /// An alternative reached its cut; `pc` is at that cut.
    Committed,
    /// Every alternative failed, and all is as it was before the try.
    Failed,
    /// The clause needs the general path; all is as it was before the try.
    Undecided,
}

/// The variables a guard run without a choicepoint has bound, at most `N`: undone if it fails,
/// trailed (those older than the newest choicepoint) if it reaches its cut. A guard read from
/// code holds six; a decoded clause of tests holds as many as its unifications
/// (`test_clause.rs`).
struct Bound<const N: usize = 6> {
    /// Their addresses, the first `len` of them.
    at: [usize; N],
    /// How many there are.
    len: usize,
}

impl<const N: usize> Default for Bound<N> {
    fn default() -> Self {
        Bound { at: [0; N], len: 0 }
    }
}

impl Machine {
    /// Run `GuardAlt { alt, n, pid }` at `pc`: the call of the `CallLib(pid)` that follows it,
    /// resuming at `alt` when it fails.
    #[inline(always)]
    pub(super) fn step_guard(&mut self, alt: u32, n: u32, pid: PredId) -> bool {
        let f = match self.program.preds[pid as usize].kind {
            PredKind::Native(f)
                if self
                    .services
                    .attention
                    .load(std::sync::atomic::Ordering::Relaxed)
                    == 0 =>
            {
                f
            }
            _ => {
                self.push_choice(ChoiceKind::Resume(alt as usize), n as usize);
                self.stacks.pc += 1;
                return true;
            }
        };
        // The call as the `CallLib` after this instruction makes it, from its address.
        self.stacks.pc += 1;
        self.stacks.inferences += 1;
        // A shallow native that fails has bound nothing (its bindable arguments are the fresh
        // variables the moves made): the next alternative starts from the registers as they
        // are, and reads none of those the moves wrote.
        if !self.run_native(pid, f, true) {
            self.stacks.pc = alt as usize;
        }
        true
    }
}

impl Machine {
    /// Run `TestAlt { alt, n, cut }` at `pc`: its guard without a choicepoint, resuming at
    /// `alt` when it fails.
    #[inline(never)]
    pub(super) fn step_test(&mut self, alt: u32, n: u32, cut: u32) -> bool {
        // At the start of a whole clause, the tests after it run as the compiled steps they
        // are.
        if alt == WHOLE_CLAUSE {
            self.stacks.pc += 1;
            return true;
        }
        if self
            .services
            .attention
            .load(std::sync::atomic::Ordering::Relaxed)
            != 0
        {
            return self.test_with_choicepoint(alt, n);
        }
        match self.run_guard(self.stacks.pc + 1) {
            GuardEnd::Cut(at) => {
                debug_assert_eq!(at, cut as usize);
                self.stacks.pc = at;
                true
            }
            GuardEnd::Failed => {
                self.stacks.pc = alt as usize;
                true
            }
            // A float, an error, a replaced native: run the guard again under the choicepoint
            // `PushAlt` would have pushed. The guard wrote no register, so the choicepoint saves
            // the arguments as they were.
            GuardEnd::Undecided => self.test_with_choicepoint(alt, n),
        }
    }

    /// Try the first candidate clause of a call, which starts with `TestAlt` at `start`, as
    /// tests without the call's clause choicepoint: each alternative of its body in turn, until
    /// one reaches its cut. A clause that commits that way would have cut the choicepoint at
    /// once, and one whose alternatives all fail would have backtracked to it at once, so it
    /// need never be pushed (`выбор/6` of the textbook minimax, half a million times a game).
    /// When an alternative needs the general path, the result is [`Tried::Undecided`], with
    /// everything undone: the caller then pushes the choicepoint and runs the clause as
    /// compiled. `shape` is the decoding named by the clause's `TestAlt`, or `NO_SHAPE`;
    /// `arity` is the call's.
    #[inline(always)]
    pub(super) fn try_test_clause(&mut self, start: usize, arity: usize) -> Tried {
        if self
            .services
            .attention
            .load(std::sync::atomic::Ordering::Relaxed)
            != 0
        {
            return Tried::Undecided;
        }
        let shape = match self.program.code[start] {
            Instr::TestAlt {
                alt: WHOLE_CLAUSE,
                n: saves,
                ..
            } => return self.try_tests(start + 1, saves),
            Instr::TestAlt { shape, .. } => shape,
            _ => return Tried::Undecided,
        };
        if shape != NO_SHAPE {
            return self.try_shaped_clause(shape as usize);
        }
        let mut at = start;
        loop {
            // Every alternative but the last opens with `TestAlt`, naming the next.
            let next_alt = match self.program.code[at] {
                Instr::TestAlt { alt, .. } => {
                    at += 1;
                    Some(alt as usize)
                }
                _ => None,
            };
            // The last alternative was not checked to write no register: its moves may
            // overwrite an argument register before a step that fails or needs the general
            // path, which must find the arguments as the call gave them.
            if next_alt.is_none() {
                return self.try_last_alternative(at, arity);
            }
            match self.run_guard(at) {
                GuardEnd::Cut(cut) => {
                    // The cut commits to this clause; with no choicepoint pushed since the
                    // call it has nothing to remove, but it runs as compiled.
                    self.stacks.pc = cut;
                    return Tried::Committed;
                }
                GuardEnd::Failed => match next_alt {
                    Some(alt) => at = alt,
                    None => return Tried::Failed,
                },
                GuardEnd::Undecided => return Tried::Undecided,
            }
        }
    }

    /// Run the last alternative of a clause tried without its choicepoint, from `at`, as
    /// [`Machine::try_test_clause`] does the others, putting back the argument registers its
    /// moves overwrite unless it reaches its cut: the call's `n` arguments, which the next
    /// clause, or the clause entered under its choicepoint, reads as the call gave them.
    #[inline(never)]
    fn try_last_alternative(&mut self, at: usize, n: usize) -> Tried {
        const KEPT: usize = 8;
        if n > KEPT {
            return Tried::Undecided;
        }
        let mut kept = [Cell(0); KEPT];
        for (i, slot) in kept.iter_mut().enumerate().take(n) {
            *slot = self.arg_reg(i as u32);
        }
        let end = self.run_guard(at);
        if let GuardEnd::Cut(cut) = end {
            self.stacks.pc = cut;
            return Tried::Committed;
        }
        for (i, &value) in kept.iter().enumerate().take(n) {
            self.set_arg_reg(i as u32, value);
        }
        match end {
            GuardEnd::Failed => Tried::Failed,
            _ => Tried::Undecided,
        }
    }

    /// Try the clause whose tests (see `Instr::TestAlt`, for a whole clause) start at `from`
    /// without a choicepoint, up to its cut. `saves` holds the argument registers the tests
    /// overwrite, to be put back when the clause fails or needs the general path.
    #[inline(always)]
    fn try_tests(&mut self, from: usize, saves: u32) -> Tried {
        if saves != 0 {
            return self.try_tests_saving(from, saves);
        }
        match self.run_guard(from) {
            // The cut commits to the clause; with no choicepoint pushed since the call it has
            // nothing to remove, but it runs as compiled.
            GuardEnd::Cut(cut) => {
                self.stacks.pc = cut;
                Tried::Committed
            }
            GuardEnd::Failed => Tried::Failed,
            GuardEnd::Undecided => Tried::Undecided,
        }
    }

    /// [`Machine::try_tests`] for tests that overwrite the argument registers in `saves`: they
    /// are kept while the tests run, and put back unless the clause commits.
    #[inline(never)]
    fn try_tests_saving(&mut self, from: usize, saves: u32) -> Tried {
        let mut kept = [Cell(0); MAX_SAVED];
        let mut bits = saves;
        for slot in kept.iter_mut() {
            if bits == 0 {
                break;
            }
            *slot = self.arg_reg(bits.trailing_zeros());
            bits &= bits - 1;
        }
        let tried = self.try_tests(from, 0);
        if let Tried::Committed = tried {
            return tried;
        }
        let mut bits = saves;
        for &value in kept.iter() {
            if bits == 0 {
                break;
            }
            self.set_arg_reg(bits.trailing_zeros(), value);
            bits &= bits - 1;
        }
        tried
    }

    /// Run the tests of a guard from `from` up to its cut, with no choicepoint: `GetVal`s that
    /// bind a variable or compare atomic values, shallow natives that bind nothing, integer
    /// comparisons.
    ///
    /// Bindings younger than the newest choicepoint are not trailed, so the few that the
    /// `GetVal`s make are remembered here: undone when a test fails or needs the general path,
    /// and trailed as binding would have trailed them when the guard reaches its cut.
    #[inline(always)]
    fn run_guard(&mut self, from: usize) -> GuardEnd {
        let (trail, top) = (self.stacks.trail.len(), self.stacks.heap.top());
        let mut bound = Bound::default();
        let end = self.guard_steps(from, &mut bound);
        self.settle(&bound, trail, top, end)
    }

    /// The steps of [`Machine::run_guard`] from `at`, leaving their bindings in `bound` for the
    /// caller to keep or undo.
    #[inline(always)]
    fn guard_steps(&mut self, mut at: usize, bound: &mut Bound) -> GuardEnd {
        loop {
            // Some(holds), or None for what only the general path may do. The steps come in
            // the order the compiler emits them, head unifications first, and are taken in that
            // order by tests of one kind each, so that each test goes the same way call after
            // call and only the tests' own outcomes vary.
            let step = match self.program.code[at] {
                Instr::GetVal(r, ai) => {
                    let (a, b) = (self.reg(r), self.arg_reg(ai));
                    self.shallow_unify(a, b, bound)
                }
                Instr::CallLib(pid) | Instr::Call(pid) => self.shallow_test(pid),
                // A unification as a head unification is made; a test decided on the spot.
                Instr::Inline { op, a, b, .. } => {
                    let (a, b) = (self.operand(a), self.operand(b));
                    self.stacks.inferences += 1;
                    if op.is_test() {
                        Some(self.inline_holds(op, a, b))
                    } else {
                        self.shallow_unify(a, b, bound)
                    }
                }
                Instr::ArithCmp(op, a, b, pred) => self.int_test(op, a, b, pred),
                // The steps of a comparison of nested expressions, and the jump past its
                // call as written.
                Instr::ArithStep {
                    op,
                    fresh: true,
                    dst: crate::instr::Reg::X(d),
                    a,
                    b,
                    ..
                } => self.int_step(op, d, a, b),
                Instr::CmpStep { cmp, a, b, .. } => self.int_cmp(cmp, a, b),
                Instr::Jump(to) => {
                    at = to as usize;
                    continue;
                }
                Instr::ArithCmpExpr {
                    cmp,
                    op,
                    left,
                    a,
                    b,
                    c,
                    pred,
                } => self.expr_test((cmp, op, left), (a, b, c), pred),
                // The cut back to the mark of a condition compiled in line (see
                // `compile/inline.rs`) ends its tests as a clause's cut ends a guard.
                Instr::Cut(false) | Instr::CutExit(false) | Instr::CutTo(_) => {
                    return GuardEnd::Cut(at)
                }
                Instr::GetConst(c, ai) => {
                    let d = self.stacks.heap.deref(self.arg_reg(ai));
                    if d == c {
                        Some(true)
                    } else if d.tag() == Tag::Ref {
                        self.shallow_unify(d, c, bound)
                    } else {
                        Some(false)
                    }
                }
                // Register moves of a clause's tests (see `Instr::TestAlt`), as the run loop
                // makes them; a pair is its first move, the second following it in place.
                Instr::PutValX(i, ai) | Instr::PutValX2(i, ai, ..) => {
                    self.set_arg_reg(ai, self.arg_reg(i));
                    Some(true)
                }
                Instr::PutValY(i, ai) | Instr::PutValY2(i, ai, ..) => {
                    self.set_arg_reg(ai, self.reg(crate::instr::Reg::Y(i)));
                    Some(true)
                }
                Instr::GetVar(to, ai) => {
                    self.set_reg(to, self.arg_reg(ai));
                    Some(true)
                }
                Instr::PutVal(from, ai) => {
                    self.set_arg_reg(ai, self.reg(from));
                    Some(true)
                }
                Instr::Move(to, from) => {
                    self.set_reg(to, self.reg(from));
                    Some(true)
                }
                Instr::PutConst(c, ai) => {
                    self.set_arg_reg(ai, c);
                    Some(true)
                }
                _ => None,
            };
            if let Some(end) = GuardEnd::unless_held(step) {
                return end;
            }
            at += 1;
        }
    }

    /// End a guard run without a choicepoint: keep its bindings when it reached its cut,
    /// trailing those that binding would have trailed (the ones older than the newest
    /// choicepoint), and otherwise undo all it did since the trail had length `trail` and the
    /// heap top was `top`.
    #[inline(always)]
    fn settle<const N: usize>(
        &mut self,
        bound: &Bound<N>,
        trail: usize,
        top: usize,
        end: GuardEnd,
    ) -> GuardEnd {
        if let GuardEnd::Cut(_) = end {
            let hb = self.hb();
            for &a in &bound.at[..bound.len] {
                if a < hb {
                    self.stacks.trail.push(TrailEntry::Bind(a));
                }
            }
        } else {
            for &a in &bound.at[..bound.len] {
                self.stacks.heap.cells[a] = Cell::reference(a);
            }
            self.stacks.trail.truncate(trail);
            self.stacks.heap.truncate(top);
        }
        end
    }

    /// Unify `a` and `b` for [`Machine::run_guard`]: bind a variable (remembering it in
    /// `bound`, untrailed) or compare an atom or small integer with a value; `None` for two
    /// compound or boxed values, and for a binding past what `bound` holds.
    #[inline(always)]
    fn shallow_unify<const N: usize>(
        &mut self,
        a: Cell,
        b: Cell,
        bound: &mut Bound<N>,
    ) -> Option<bool> {
        let x = self.stacks.heap.deref(a);
        let y = self.stacks.heap.deref(b);
        if x == y {
            return Some(true);
        }
        // Younger variables are bound to older ones, as `unify` does.
        let (var, value) = match (x.tag(), y.tag()) {
            (Tag::Ref, Tag::Ref) if x.addr() < y.addr() => (y, x),
            (Tag::Ref, _) => (x, y),
            (_, Tag::Ref) => (y, x),
            // An atom or a small integer unifies with nothing but itself.
            (Tag::Atom | Tag::Int, _) | (_, Tag::Atom | Tag::Int) => return Some(false),
            _ => return None,
        };
        if bound.len == bound.at.len() {
            return None;
        }
        // Binding an attributed variable wakes its hooks, and a binding the occurs check
        // must see is noted: the general path's business.
        if self.stacks.attvars.on
            && (self.stacks.attvars.occurs || self.stacks.attvars.holds(var.addr()))
        {
            return None;
        }
        // Trailed, if need be, only when the clause commits: a failing alternative leaves no
        // trail entry to take back.
        bound.at[bound.len] = var.addr();
        bound.len += 1;
        self.stacks.heap.cells[var.addr()] = value;
        Some(true)
    }

    /// `ArithStep` into temporary `X[d]` of two small integers whose result is one, computed
    /// for a guard's comparison; `None` for anything else, which only the general path may do.
    #[inline(always)]
    fn int_step(&mut self, op: ArithOp, d: u32, a: Operand, b: Operand) -> Option<bool> {
        let r = self.small_result(op, a, b)?;
        self.set_arg_reg(d, Cell::int(r));
        Some(true)
    }

    /// `CmpStep` of two small integers: whether it holds; `None` for anything else.
    #[inline(always)]
    fn int_cmp(&mut self, cmp: CmpOp, a: Operand, b: Operand) -> Option<bool> {
        let (x, y) = self.small_ints(a, b)?;
        self.stacks.inferences += 1;
        Some(cmp.holds(x.cmp(&y)))
    }

    /// The comparison `ArithCmp(op, a, b, pred)` as a test of a guard: whether it holds. Two
    /// integers are compared here; anything else (a float, an expression, an unbound variable)
    /// by the comparison predicate `pred`, as the run loop does, with `None` when it raises an
    /// error, which the general path raises again.
    #[inline(always)]
    fn int_test(&mut self, op: CmpOp, a: Operand, b: Operand, pred: PredId) -> Option<bool> {
        if let Some(holds) = self.int_cmp(op, a, b) {
            return Some(holds);
        }
        let x = self.stacks.heap.deref(self.operand(a));
        let y = self.stacks.heap.deref(self.operand(b));
        self.test_call(pred, [x, y])
    }

    /// The comparison `ArithCmpExpr` (`(a op b) cmp c` when `left`, `c cmp (a op b)`
    /// otherwise) as a test of a guard: whether it holds. Small integers whose operation does
    /// not overflow are decided here; anything else calls the comparison predicate `pred` with
    /// the compound `a op b`, as the run loop does. The compound is built on the heap, which
    /// the guard's end takes back when it fails or needs the general path.
    #[inline(always)]
    fn expr_test(
        &mut self,
        (cmp, op, left): (CmpOp, ArithOp, bool),
        (a, b, c): (Operand, Operand, Operand),
        pred: PredId,
    ) -> Option<bool> {
        let (ca, cb, cc) = (self.operand(a), self.operand(b), self.operand(c));
        let (x, y, z) = (
            self.stacks.heap.deref(ca),
            self.stacks.heap.deref(cb),
            self.stacks.heap.deref(cc),
        );
        if x.tag() == Tag::Int && y.tag() == Tag::Int && z.tag() == Tag::Int {
            if let Some(r) = op.apply(x.int_value(), y.int_value()) {
                self.stacks.inferences += 1;
                let o = if left {
                    r.cmp(&z.int_value())
                } else {
                    z.int_value().cmp(&r)
                };
                return Some(cmp.holds(o));
            }
        }
        let f = self.atoms.intern(op.name());
        let expr = self.stacks.heap.compound(f, &[ca, cb]);
        let args = if left { [expr, cc] } else { [cc, expr] };
        self.test_call(pred, args)
    }

    /// Call the comparison `pid` of `args` as a test: whether it holds, or `None` when it is no
    /// longer a test native or raises an error.
    #[inline(never)]
    fn test_call(&mut self, pid: PredId, args: [Cell; 2]) -> Option<bool> {
        let p = &self.program.preds[pid as usize];
        let PredKind::Native(f) = p.kind else {
            return None;
        };
        if !p.is_test_native() {
            return None;
        }
        self.stacks.inferences += 1;
        f(self, &args).ok()
    }

    /// `TestAlt` as the `PushAlt` it replaced.
    fn test_with_choicepoint(&mut self, alt: u32, n: u32) -> bool {
        self.push_choice(ChoiceKind::Resume(alt as usize), n as usize);
        self.stacks.pc += 1;
        true
    }

    /// Call `pid` as a test of a `TestAlt` guard: whether it holds, or `None` when it is no
    /// longer a shallow native or raises an error (the general path will raise it again).
    fn shallow_test(&mut self, pid: PredId) -> Option<bool> {
        let p = &self.program.preds[pid as usize];
        let PredKind::Native(f) = p.kind else {
            return None;
        };
        // The compiler checked the same, but a program may have replaced the native since.
        if !p.is_test_native() {
            return None;
        }
        let arity = p.arity;
        self.stacks.inferences += 1;
        let buf: [Cell; 2] = self.first_args();
        f(self, &buf[..arity]).ok()
    }
}
