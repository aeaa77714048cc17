//! The instruction set that clauses compile to, and the registers it names.
//!
//! It is a WAM-class set: head unification against argument registers, argument construction for
//! calls, environment allocation for permanent variables, calls that pass a continuation, and cut
//! instructions that name the choicepoint height to cut back to. Compound arguments are handled by
//! one instruction over a pre-laid-out template (see `template.rs`) rather than one instruction
//! per cell. This file defines data only; it must never execute anything.

use ply_term::Cell;

/// A register: a temporary `X` (argument registers are the first `X`s) or a permanent `Y` slot
/// of the current environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reg {
    /// Temporary register `X[i]`; `A1` is `X[0]`.
    X(u32),
    /// Permanent variable `Y[i]` of the current environment.
    Y(u32),
}

/// Index of a predicate in the database.
pub type PredId = u32;

/// The `shape` of a `TestAlt` whose clause has no decoded tests.
pub const NO_SHAPE: u32 = u32::MAX;

/// The `alt` of a `TestAlt` that opens a whole clause rather than an alternative of one.
pub const WHOLE_CLAUSE: u32 = u32::MAX;

/// One instruction.
///
/// `repr(u8)` keeps the variant tag in the first byte: without it the compiler may hide the tag
/// in a niche of some variant's field (the `bool` or operation byte of `ArithIs`), and decoding
/// that costs the run loop a subtraction and a conditional move on every step.
#[derive(Clone, Copy, Debug)]
#[repr(u8)]
pub enum Instr {
    /// First head occurrence of a variable: `reg := A[ai]`.
    GetVar(Reg, u32),
    /// Later head occurrence: unify `reg` with `A[ai]`.
    GetVal(Reg, u32),
    /// Unify `A[ai]` with an atom or small integer.
    GetConst(Cell, u32),
    /// `GetConst(c, ai)` then `GetConst(d, ai + 1)`, in one instruction of the same size: the
    /// constant arguments of a fact two at a time (a fast path; with it off, they stay apart).
    /// The register comes first so that the instruction keeps to 24 bytes.
    GetConst2(u32, Cell, Cell),
    /// Unify `A[ai]` with the float whose bits are given, without a template (a fast path; with
    /// it off, a float in a head is a one-cell template read by `GetTerm`).
    GetFloat(u64, u32),
    /// `GetFloat(x, ai)` then `GetFloat(y, ai + 1)`, in one instruction of the same size: a
    /// fact's coordinates or measures two at a time (a fast path, as `GetConst2`).
    GetFloat2(u32, u64, u64),
    /// `GetConst(c, ai)` then `GetFloat(bits, ai + 1)`, in one instruction of the same size; with
    /// [`FLOAT_FIRST`] set in the first word, `GetFloat(bits, ai)` then `GetConst(c, ai + 1)`.
    /// A fact's name and its measure, two at a time where the constants and the floats of a
    /// fact meet (a fast path, as `GetConst2`: Mondial's `city/6` is three instructions, not
    /// four).
    GetConstFloat(u32, Cell, u64),
    /// Unify `A[ai]` with compound template `t`.
    GetTerm(u32, u32),
    /// Unify `A[ai]` with a list pair whose two cells follow as `Unify*` instructions.
    GetList(u32),
    /// `GetList(ai)` then `UnifyVar(head)` and `UnifyVar(tail)`: a head argument `[H|T]` with
    /// both variables new, in one step.
    GetListVars(u32, Reg, Reg),
    /// `GetList(ai)` then `UnifyVal(head)` and `UnifyVar(tail)`: a head argument `[X|T]` whose
    /// `X` is met before and whose `T` is new, the output list of `append/3`, `partition/4`
    /// and every predicate that builds a list one element at a time, in one step (a fast path;
    /// with it off, the three stay apart).
    GetListValVar(u32, Reg, Reg),
    /// Unify `A[ai]` with a compound of this functor whose arguments follow as `Unify*`.
    GetStruct(Cell, u32),
    /// `GetStruct(f, ai)` of a functor of one argument, then `UnifyConst(c)`: a head argument
    /// such as `node(3)` in one instruction (a fast path; with it off, the two stay apart).
    /// The register comes first so that the instruction keeps to 24 bytes.
    GetStructConst(u32, Cell, Cell),
    /// `A[ai] :=` a new list pair whose two cells follow as `Unify*` instructions (write mode).
    PutList(u32),
    /// `PutList(ai)`, `UnifyVal(head)`, `UnifyVal(tail)`: a goal's argument `[X|T]` of two
    /// variables met before, such as an accumulator's new value, in one step (a fast path; with
    /// it off, the three stay apart).
    PutListValVal(u32, Reg, Reg),
    /// `PutList(ai)`, `UnifyVal(head)`, `UnifyConst(c)`: a goal's argument such as `[X]`, in
    /// one step (a fast path, as `PutListValVal`).
    PutListValConst(u32, Reg, Cell),
    /// `A[ai] :=` a new compound of this functor whose arguments follow as `Unify*`.
    PutStruct(Cell, u32),
    /// Next argument cell: first occurrence of a variable (`reg :=` the cell).
    UnifyVar(Reg),
    /// Next argument cell: later occurrence of a variable.
    UnifyVal(Reg),
    /// Next argument cell: an atom or small integer.
    UnifyConst(Cell),
    /// Next argument cell: a variable that occurs nowhere else.
    UnifyVoid,
    /// `A[ai] := reg := fresh variable`.
    PutVar(Reg, u32),
    /// `A[ai] := reg`.
    PutVal(Reg, u32),
    /// `A[ai] :=` an atom or small integer.
    PutConst(Cell, u32),
    /// `A[ai] :=` a new copy of template `t`.
    PutTerm(u32, u32),
    /// `reg := reg2`, for a fresh copy of a variable between registers.
    Move(Reg, Reg),
    /// `X[ai] := X[i]`: `PutVal(X(i), ai)`, and any other move between temporary registers,
    /// with the kind of its registers known (see `compile/specialize.rs`).
    PutValX(u32, u32),
    /// `X[ai] := Y[i]`: `PutVal(Y(i), ai)` or `Move(X(ai), Y(i))`.
    PutValY(u32, u32),
    /// `X[i] := X[ai] :=` a new variable: `PutVar(X(i), ai)`.
    PutVarX(u32, u32),
    /// `Y[i] := X[ai] :=` a new variable: `PutVar(Y(i), ai)`.
    PutVarY(u32, u32),
    /// `Y[i] := X[ai]`: `GetVar(Y(i), ai)` or `Move(Y(i), X(ai))`.
    GetVarY(u32, u32),
    /// `PutValX(i, ai)` then `PutValX(j, aj)`, in one step, for `j != ai`; the second stays in
    /// place after it.
    PutValX2(u32, u32, u32, u32),
    /// `PutValY(i, ai)` then `PutValY(j, aj)`, in one step.
    PutValY2(u32, u32, u32, u32),
    /// `PutVarY(i, ai)` then `PutVarY(j, aj)`, in one step.
    PutVarY2(u32, u32, u32, u32),
    /// `GetVarY(i, ai)` then `GetVarY(j, aj)`, in one step.
    GetVarY2(u32, u32, u32, u32),
    /// `PutValX(i, ai)` then `PutVarX(j, aj)`: an input argument then an output one, in one
    /// step.
    PutValXVarX(u32, u32, u32, u32),
    /// `PutValX(i, ai)` then `PutVarY(j, aj)`, in one step.
    PutValXVarY(u32, u32, u32, u32),
    /// `PutValY(i, ai)` then `PutVarX(j, aj)`, in one step.
    PutValYVarX(u32, u32, u32, u32),
    /// `PutValY(i, ai)` then `PutVarY(j, aj)`, in one step.
    PutValYVarY(u32, u32, u32, u32),
    /// Push an environment with this many permanent variables, for predicate `pred`.
    Allocate(u32, PredId),
    /// Pop the environment, restoring the continuation.
    Deallocate,
    /// Call predicate `pred` with a continuation after this instruction.
    Call(PredId),
    /// Call library native `pred` in line (see `lib_natives.rs`): as `Call` while it is native,
    /// and as a nested query of the program's definition once a program has replaced it.
    CallLib(PredId),
    /// Call nondeterministic native `pred` in line, as a deterministic native is called: the
    /// caller keeps its temporaries in registers across the call. It runs with no choicepoint
    /// when the native's determinism test allows one answer at most; otherwise the native's
    /// choicepoint saves registers `0..n` and resumes after this instruction (see
    /// `redo_in_line.rs`).
    CallRedo(PredId, u32),
    /// `CallLib` as the last goal of a clause without an environment, always followed by the
    /// clause's `Proceed`: while the callee is native and nothing watches, it returns to the
    /// continuation itself, saving the run loop the `Proceed`; otherwise it is exactly
    /// `CallLib`, and the `Proceed` runs after it.
    CallLibLast(PredId),
    /// Last call: jump to predicate `pred` keeping the current continuation.
    Execute(PredId),
    /// Return to the continuation.
    Proceed,
    /// `GetConst(c, ai)` then `Proceed`: the end of a clause whose last instruction unifies an
    /// argument with a constant, the last argument of a fact, in one instruction. A fast path
    /// (with it off, the two stay apart), and a fact of `n` constant arguments is `n`
    /// instructions rather than `n + 1`: 24 bytes less for each of a million asserted facts.
    GetConstProceed(Cell, u32),
    /// `GetFloat(bits, ai)` then `Proceed`: a fact whose last argument is a float, such as a
    /// coordinate or a measure, in one instruction less.
    GetFloatProceed(u64, u32),
    /// `GetConst2(ai, c, d)` then `Proceed`: a fact whose last two arguments are constants.
    GetConst2Proceed(u32, Cell, Cell),
    /// `GetFloat2(ai, x, y)` then `Proceed`: a fact whose last two arguments are floats.
    GetFloat2Proceed(u32, u64, u64),
    /// `GetConstFloat(w, c, bits)` then `Proceed`: a fact whose last two arguments are a
    /// constant and a float, in either order.
    GetConstFloatProceed(u32, Cell, u64),
    /// `Deallocate` then `Execute(pred)`: the last call of a clause with an environment, in
    /// one step of the run loop.
    DeallocExecute(PredId),
    /// `Deallocate` then `Proceed`: the end of a clause with an environment whose last goal
    /// is no call (a cut, a test), in one step.
    DeallocProceed,
    /// `!` in a clause body: cut back to the clause's barrier, kept in the environment when
    /// the flag is set (the clause has one) and in the `B0` register otherwise.
    Cut(bool),
    /// `Cut(env)` as the last goal of a clause, then the clause's end (`DeallocProceed` when
    /// it has an environment, `Proceed` when not), in one step.
    CutExit(bool),
    /// `reg :=` the clause's cut barrier, as an integer (for cuts inside control constructs);
    /// the flag says where the barrier is, as for `Cut`.
    GetLevel(Reg, bool),
    /// `reg :=` the current choicepoint height (for cuts local to a condition).
    Mark(Reg),
    /// Cut back to the height held in `reg`.
    CutTo(Reg),
    /// Disable the choicepoint just below the height held in `reg` (soft cut of `*->`).
    SoftCut(Reg),
    /// Push a choicepoint that resumes at this address in the current clause, saving argument
    /// registers `0..n`: the way out of an inline negation whose goal failed (no registers),
    /// and the next alternative of a clause whose body is a disjunction (its arguments).
    PushAlt(u32, u32),
    /// The call of a guard that is only register moves, a call of a shallow native (see
    /// `Pred::shallow`) and a cut, standing just before that call's `CallLib(pid)`, with the
    /// moves before it: the `PushAlt(alt, n)` that opened the alternative, moved past the
    /// moves. While the native is the library's, it runs the call here, with no choicepoint,
    /// and goes on after the `CallLib` when the call holds and at `alt` when it fails;
    /// otherwise it is `PushAlt(alt, n)`, and the `CallLib` after it makes the call.
    GuardAlt {
        /// Where the next alternative starts.
        alt: u32,
        /// How many argument registers `PushAlt` would save.
        n: u32,
        /// The native the `CallLib` after this instruction calls.
        pid: PredId,
    },
    /// `PushAlt(alt, n)` at the start of an alternative whose guard, up to the cut at `cut`,
    /// only tests: unifications with registers (`GetVal`), calls of shallow natives that bind
    /// nothing, integer comparisons. The guard runs without a choicepoint, and a failure undoes
    /// its bindings and resumes at `alt`; on anything out of the ordinary (a compound to unify,
    /// a float, an error, a replaced native, the tracer) this is `PushAlt(alt, n)`.
    ///
    /// With `alt` [`WHOLE_CLAUSE`], it opens a whole clause whose code up to the cut at `cut`
    /// only unifies argument registers with registers and constants, moves registers and tests,
    /// and `n` has bit `i` set when those steps overwrite argument register `i`. A call whose
    /// first candidate opens so tries it without the call's choicepoint (`enter.rs`); run as a
    /// step of the clause, it does nothing, and the code after it runs as compiled.
    TestAlt {
        /// Where the next alternative starts, or [`WHOLE_CLAUSE`].
        alt: u32,
        /// How many argument registers `PushAlt` would save; for a whole clause, the argument
        /// registers its tests overwrite.
        n: u32,
        /// The address of the guard's cut.
        cut: u32,
        /// For the first alternative of a clause, the clause's tests decoded into
        /// `Machine::test_clauses` when they have the shape `shallow/test_clause.rs` runs;
        /// [`NO_SHAPE`] otherwise.
        shape: u32,
    },
    /// `PushAlt(alt, n)` at the start of an alternative whose first goal unifies `reg` with a
    /// term of principal functor `key` (an atom, a small integer, a functor cell, or
    /// `Cell::list(0)` for a list pair): an argument register of a clause whose head is
    /// distinct variables and whose body is the alternatives, or the register or environment
    /// slot of a variable with a value at a control construct compiled in line (see
    /// `compile/switch.rs`). When `reg` holds a value of another principal functor, the
    /// alternative could only fail at that unification: it goes on at `alt` without a
    /// choicepoint. When it holds one of this key and `alone` says the choicepoint could only
    /// resume alternatives that fail at once, the alternative runs without one. With `reg`
    /// unbound, or attention raised, this is `PushAlt(alt, n)`.
    KeyAlt {
        /// The principal functor the alternative's first unification asks for.
        key: Cell,
        /// Where the next alternative starts.
        alt: u32,
        /// The register or slot the alternative tests.
        reg: SmallReg,
        /// How many argument registers `PushAlt` would save.
        n: u8,
        /// With `reg` holding `key`, no choicepoint is needed: every later alternative opens
        /// with a unification of the same variable against another key, or (an
        /// if-then-else's) the condition is that unification alone with an atomic key.
        alone: bool,
    },
    /// Go on at this address of the current clause: the end of the then branch of a control
    /// construct compiled in the clause itself, which skips its else branch.
    Jump(u32),
    /// The first step of `X = f(...)` compiled as head unification of `X`'s register (see
    /// `compile/body_unify.rs`): with no attention raised it counts the call's inference and
    /// goes on to the unification code after it; otherwise it goes on at this address, where
    /// the goal is compiled as the `Inline` step a hook or a waiting wakeup sees as a call.
    IfUnattended(u32),
    /// Backtrack.
    Fail,
    /// End of a query: an answer has been found.
    Succeed,
    /// End of a query decided elsewhere (an uncaught throw): return `Machine::pending`.
    Pending,
    /// Store a copy of `Y[0]` (template) in the findall bag `Y[1]`, then fail.
    FindallCollect,
    /// Leave a `catch/3` goal: deactivate the catch choicepoint whose index is in `Y[0]`.
    CatchExit,
    /// Come back from the woken goals run before an instruction of a clause (`attvar.rs`):
    /// the current frame's continuation is that instruction, and the frame below it holds the
    /// clause's registers, continuation and cut barrier, which this restores before running the
    /// instruction again.
    WakeResume,
    /// An arithmetic comparison (`<`, `=:=`, ...) of two operands: decided inline when both are
    /// small integers, otherwise a call of the comparison predicate `pred` with the operands as
    /// its arguments (so other numbers, and errors, behave exactly as the predicate does).
    ArithCmp(CmpOp, Operand, Operand, PredId),
    /// `dst is a op b`: computed inline when both operands are small integers and so is the
    /// result, otherwise a call of `is/2` (`pred`) with `dst` and the compound `a op b`. `fresh`
    /// says that this is the first occurrence of `dst`, which then receives the value directly.
    ArithIs {
        /// The operation.
        op: ArithOp,
        /// Whether `dst` occurs here for the first time.
        fresh: bool,
        /// The register of the left-hand side.
        dst: Reg,
        /// The left operand.
        a: Operand,
        /// The right operand.
        b: Operand,
        /// `is/2`.
        pred: PredId,
    },
    /// `(a op b) cmp c` when `left`, `c cmp (a op b)` otherwise: inline for small integers,
    /// otherwise a call of the comparison predicate `pred` with the compound `a op b` and `c`.
    ArithCmpExpr {
        /// The comparison.
        cmp: CmpOp,
        /// The operation of the compound side.
        op: ArithOp,
        /// Whether the compound is the left argument.
        left: bool,
        /// The compound's left operand.
        a: Operand,
        /// The compound's right operand.
        b: Operand,
        /// The other argument of the comparison.
        c: Operand,
        /// The comparison predicate.
        pred: PredId,
    },
    /// One operation of an arithmetic goal with a nested expression (see `compile/arith.rs`):
    /// `dst := a op b` (unified with `dst` unless `fresh`) when both are small integers and so
    /// is the result; otherwise, or when a hook watches calls, go to `slow`, where the goal is
    /// called as written.
    ArithStep {
        /// The operation.
        op: ArithOp,
        /// Whether `dst` occurs here for the first time.
        fresh: bool,
        /// The register of the result.
        dst: Reg,
        /// The left operand.
        a: Operand,
        /// The right operand.
        b: Operand,
        /// The goal's call as written.
        slow: u32,
    },
    /// The comparison of an arithmetic goal with nested expressions, after its `ArithStep`s:
    /// decided when both operands are small integers, else go to `slow`, as `ArithStep`.
    CmpStep {
        /// The comparison.
        cmp: CmpOp,
        /// The left operand.
        a: Operand,
        /// The right operand.
        b: Operand,
        /// The goal's call as written.
        slow: u32,
    },
    /// `arg(N, T, A)` with `N` an [`Operand`], `T` a register operand and `A` a variable's
    /// register operand ([`VOID`] for an anonymous variable): when `N` is a small integer and
    /// `T` a compound with an `N`th argument, that argument goes straight to `A`'s register
    /// (`fresh`: this is `A`'s first occurrence) or is unified with it, with no call and no
    /// variable made on the heap. Every other case is `CallRedo(pred, nregs)` with the three
    /// arguments in `X0..X2`, exactly the call it stands for (see `term_instr.rs`).
    ///
    /// The flag comes first: `repr(u8)` lays each variant out in field order after the tag,
    /// and there it shares the tag's word.
    ArgOf {
        /// Whether `a` occurs here for the first time.
        fresh: bool,
        /// The argument number.
        n: Operand,
        /// The term.
        t: Operand,
        /// The variable that receives the argument.
        a: Operand,
        /// `arg/3`.
        pred: PredId,
        /// The registers its `CallRedo` saves.
        nregs: u32,
    },
    /// `functor(T, F, N)` with each of `T`, `F` and `N` a variable's register operand ([`VOID`]
    /// for an anonymous one) or, for `N`, a small integer: a compound `T` gives its name and
    /// arity to `F` and `N`, and an unbound `T` with an atom `F` and a small positive `N`
    /// becomes a new compound, with no call. Every other case is a `Call(pred)` with the three
    /// arguments in `X0..X2` (see `term_instr.rs`).
    FunctorOf {
        /// Which of `t`, `f` and `n` occur here for the first time: bits 0, 1 and 2.
        fresh: u8,
        /// The term.
        t: Operand,
        /// The name.
        f: Operand,
        /// The arity.
        n: Operand,
        /// `functor/3`.
        pred: PredId,
    },
    /// A call of a native the run loop decides itself ([`InlineOp`], declared by the native's
    /// definer with `mark_inline_native`): with nothing watching calls, `op` of operands `a`
    /// and `b` (`b` unread by a one-argument test), with no call made; otherwise the call of
    /// `pred` it stands for, with the operands moved to `X0` and `X1` first, as the compiler
    /// would have put them (see `inline_op.rs`).
    Inline {
        /// What it decides.
        op: InlineOp,
        /// The first argument.
        a: Operand,
        /// The second argument.
        b: Operand,
        /// The native it calls.
        pred: PredId,
    },
}

/// The bit of [`Instr::GetConstFloat`]'s first word that says the float comes first; the
/// argument register is the word without it.
pub const FLOAT_FIRST: u32 = 1 << 31;

/// The operand of [`Instr::ArgOf`] and [`Instr::FunctorOf`] for an anonymous variable, whose
/// value no later code reads: the instruction writes it nowhere. Its kind bits are the fourth
/// pattern, which no register or integer operand has, so it is told apart by `==` alone.
pub const VOID: Operand = Operand(3 << 30);

// The run loop copies one instruction per step: keep them at three words.
const _: () = assert!(std::mem::size_of::<Instr>() <= 24);

/// A register or environment slot named in half a word, for an instruction that has no room
/// for a [`Reg`]: the top bit tells a slot from a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmallReg(u16);

const SMALL_Y: u16 = 1 << 15;

impl SmallReg {
    /// `r` in half a word; `None` when its number does not fit.
    pub fn new(r: Reg) -> Option<SmallReg> {
        match r {
            Reg::X(i) if i < u32::from(SMALL_Y) => Some(SmallReg(i as u16)),
            Reg::Y(i) if i < u32::from(SMALL_Y) => Some(SmallReg(SMALL_Y | i as u16)),
            _ => None,
        }
    }

    /// The register or slot.
    #[inline(always)]
    pub fn reg(self) -> Reg {
        let i = u32::from(self.0 & !SMALL_Y);
        if self.0 & SMALL_Y == 0 {
            Reg::X(i)
        } else {
            Reg::Y(i)
        }
    }
}

/// An operand of an inline arithmetic instruction: a register or a small integer constant,
/// packed in one word (two kind bits, thirty payload bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand(u32);

const OPERAND_Y: u32 = 1 << 30;
const OPERAND_INT: u32 = 2 << 30;
const OPERAND_PAYLOAD: u32 = (1 << 30) - 1;

/// What an [`Operand`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandKind {
    /// A register.
    Reg(Reg),
    /// An integer constant.
    Int(i64),
}

impl Operand {
    /// A register operand; `None` when the register number does not fit.
    pub fn reg(r: Reg) -> Option<Operand> {
        match r {
            Reg::X(i) if i <= OPERAND_PAYLOAD => Some(Operand(i)),
            Reg::Y(i) if i <= OPERAND_PAYLOAD => Some(Operand(OPERAND_Y | i)),
            _ => None,
        }
    }

    /// An integer constant operand; `None` outside the thirty-bit range.
    pub fn int(v: i64) -> Option<Operand> {
        if (-(1 << 29)..(1 << 29)).contains(&v) {
            Some(Operand(OPERAND_INT | (v as u32 & OPERAND_PAYLOAD)))
        } else {
            None
        }
    }

    /// Decode.
    #[inline(always)]
    pub fn kind(self) -> OperandKind {
        let p = self.0 & OPERAND_PAYLOAD;
        match self.0 & !OPERAND_PAYLOAD {
            0 => OperandKind::Reg(Reg::X(p)),
            OPERAND_Y => OperandKind::Reg(Reg::Y(p)),
            _ => OperandKind::Int((((p << 2) as i32) >> 2) as i64),
        }
    }
}

/// An inline arithmetic comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `=<`
    Le,
    /// `>=`
    Ge,
    /// `=:=`
    Eq,
    /// `=\=`
    Ne,
}

impl CmpOp {
    /// Whether the comparison holds for this ordering of its operands.
    #[inline(always)]
    pub fn holds(self, o: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            CmpOp::Lt => o == Less,
            CmpOp::Gt => o == Greater,
            CmpOp::Le => o != Greater,
            CmpOp::Ge => o != Less,
            CmpOp::Eq => o == Equal,
            CmpOp::Ne => o != Equal,
        }
    }
}

/// An inline arithmetic operation of two integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `mod` (the sign of the result is the sign of the divisor)
    Mod,
    /// `//` (the quotient truncated toward zero)
    IntDiv,
    /// `div` (the quotient rounded toward negative infinity)
    Div,
    /// `rem` (the sign of the result is the sign of the dividend)
    Rem,
    /// `min`
    Min,
    /// `max`
    Max,
    /// `>>` (arithmetic shift)
    Shr,
    /// `<<`
    Shl,
    /// `/\`
    And,
    /// `\/`
    Or,
    /// `xor`
    Xor,
}

impl ArithOp {
    /// Every operation.
    pub const ALL: [ArithOp; 14] = [
        ArithOp::Add,
        ArithOp::Sub,
        ArithOp::Mul,
        ArithOp::Mod,
        ArithOp::IntDiv,
        ArithOp::Div,
        ArithOp::Rem,
        ArithOp::Min,
        ArithOp::Max,
        ArithOp::Shr,
        ArithOp::Shl,
        ArithOp::And,
        ArithOp::Or,
        ArithOp::Xor,
    ];

    /// The result when it is exact in 64 bits.
    #[inline(always)]
    pub fn apply(self, p: i64, q: i64) -> Option<i64> {
        match self {
            ArithOp::Add => p.checked_add(q),
            ArithOp::Sub => p.checked_sub(q),
            ArithOp::Mul => p.checked_mul(q),
            // Zero divisors and i64::MIN mod -1 give None: the general evaluator decides.
            ArithOp::Mod => p.checked_rem(q).map(|r| {
                if r != 0 && (r < 0) != (q < 0) {
                    r + q
                } else {
                    r
                }
            }),
            ArithOp::IntDiv => p.checked_div(q),
            ArithOp::Div => p.checked_div(q).map(|d| {
                if p % q != 0 && (p < 0) != (q < 0) {
                    d - 1
                } else {
                    d
                }
            }),
            ArithOp::Rem => p.checked_rem(q),
            ArithOp::Min => Some(p.min(q)),
            ArithOp::Max => Some(p.max(q)),
            // Shifts by a negative or a large count are the general evaluator's to decide.
            ArithOp::Shr => (0..64).contains(&q).then(|| p >> q),
            ArithOp::Shl => (0..63)
                .contains(&q)
                .then(|| p << q)
                .filter(|&r| r >> q == p),
            ArithOp::And => Some(p & q),
            ArithOp::Or => Some(p | q),
            ArithOp::Xor => Some(p ^ q),
        }
    }

    /// The functor name of the operation.
    pub fn name(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Mod => "mod",
            ArithOp::IntDiv => "//",
            ArithOp::Div => "div",
            ArithOp::Rem => "rem",
            ArithOp::Min => "min",
            ArithOp::Max => "max",
            ArithOp::Shr => ">>",
            ArithOp::Shl => "<<",
            ArithOp::And => "/\\",
            ArithOp::Or => "\\/",
            ArithOp::Xor => "xor",
        }
    }
}

/// What an [`Instr::Inline`] decides: the unification of its two operands, their identity as
/// terms, or a test of the type of its first. The machine defines what each means, from the
/// term layer alone; a native declares which of them its calls are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InlineOp {
    /// `A = B`.
    Unify,
    /// `A == B`.
    Identical,
    /// `A \== B`.
    NotIdentical,
    /// The first operand, dereferenced, has one of the tags in the mask (bit `Tag as u8`).
    Tags(u8),
    /// An integer or a float.
    Number,
    /// An integer of any size.
    Integer,
    /// A float.
    Float,
}

impl InlineOp {
    /// Whether it binds nothing: a test that a guard may run without a choicepoint.
    pub fn is_test(self) -> bool {
        self != InlineOp::Unify
    }
}
