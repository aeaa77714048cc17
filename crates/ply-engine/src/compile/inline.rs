//! Control constructs compiled in the clause itself: an if-then-else, a soft-cut or a
//! disjunction inside a body runs in the clause's own code, as WAM compilers do, instead of as a
//! call of an auxiliary predicate.
//!
//! `normalize` leaves four markers in the goal list around the construct's goals: `Open`, then
//! the condition, `Commit`, the first branch, `Else`, the second branch, `Close`. `emit` turns
//! them into code:
//!
//! ```text
//! Open:   PutVar  ...           variables first met inside, used after the construct
//!         Mark(M)               the choicepoint height (if-then-else)
//!         PushAlt(ELSE, 0)      TestAlt when the condition is only tests, KeyAlt when it
//!                               opens with `X = Key` (`switch.rs`)
//!         <condition>
//! Commit: CutTo(M)              SoftCut(M) for `*->`; nothing for a disjunction
//!         <then>
//! Else:   Jump(END)
//! ELSE:   <else>
//! Close:  END:
//! ```
//!
//! A condition made only of tests (type tests, `==`, `@<`, arithmetic comparisons, natives
//! marked tests) opens with `TestAlt`, which runs it without a choicepoint and goes straight to
//! the else branch when it fails (`shallow.rs`); its end is the `CutTo`. A cut in the condition
//! is local to it: such a condition is wrapped in `call/1`, as the auxiliary predicate did. A cut
//! in a branch cuts the clause, which is what it meant in the auxiliary predicate too.
//!
//! What must hold: each branch starts from what the compiler knew at `Open` (which variables
//! have a value), and a variable first met inside the construct and used after it gets its
//! value before `Open` (`place_inits`), so that both branches reach `END` alike. A
//! disjunction's choicepoint survives its first branch and what follows, so `Open` of a
//! disjunction ends a chunk: every variable live across it is permanent. The whole mechanism is
//! a fast path: with the fast paths off every construct is an auxiliary predicate.

use super::switch::BodySwitch;
use super::Compiler;
use super::{Goal, Instr, VarTable};
use crate::instr::NO_SHAPE;
use ply_term::{atom, Cell, Tag};

/// What a construct compiled in line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// `(C -> T ; E)` whose condition may call anything.
    IfThen,
    /// `(C -> T ; E)` whose condition is only tests.
    Tests,
    /// `(C *-> T ; E)`.
    Soft,
    /// `(A ; B)`.
    Or,
}

/// One construct compiled in line, as `normalize` leaves it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Construct {
    /// What it is.
    pub kind: Kind,
    /// The variable holding the choicepoint height its `Commit` cuts back to.
    pub mark: Cell,
    /// The variable its alternatives switch on, when they do (`switch.rs`).
    pub switch: Option<BodySwitch>,
}

/// One entry of `normalize`'s worklist: a goal still to flatten, or a marker.
#[derive(Clone, Copy)]
pub(super) enum Item {
    /// A goal term.
    Term(Cell),
    /// A marker of a construct compiled in line.
    Marker(Goal),
}

/// Where a construct lies in the goal list and what `emit` has made of it so far.
pub(super) struct Layout {
    /// Index of its `Close` in the goal list.
    pub close: usize,
    /// The construct it lies in, or `u32::MAX`.
    pub parent: u32,
    /// The chunk at `Open`.
    pub open_chunk: usize,
    /// Variables given a value at `Open` (see `place_inits`).
    pub init: Vec<Cell>,
    /// The address of its `PushAlt` or `TestAlt`, and of the `CutTo` ending a condition of
    /// tests.
    alt_at: usize,
    /// The address of the `Jump` at the end of its first branch.
    jump_at: Option<usize>,
    /// The variables met at `Open`, and at the end of the first branch.
    seen_open: Vec<u64>,
    seen_then: Vec<u64>,
    /// The first branch ended with a last call.
    then_ended: bool,
}

impl Layout {
    pub(super) fn new(open: usize, parent: u32, open_chunk: usize) -> Layout {
        Layout {
            close: open,
            parent,
            open_chunk,
            init: Vec::new(),
            alt_at: 0,
            jump_at: None,
            seen_open: Vec::new(),
            seen_then: Vec::new(),
            then_ended: false,
        }
    }
}

/// No construct.
pub(super) const NONE: u32 = u32::MAX;

impl Compiler<'_> {
    /// Flatten control construct `g` (`;`, `->` or `*->` of name `n`) in line: push `Open` onto
    /// `goals` and the rest of it, in reverse, onto the worklist `conj`. False, with nothing
    /// done, when it is to be an auxiliary predicate.
    pub(super) fn inline_construct(
        &mut self,
        g: Cell,
        n: u32,
        constructs: &mut Vec<Construct>,
        goals: &mut Vec<Goal>,
        conj: &mut Vec<Item>,
    ) -> bool {
        // A fast path: with it off, every construct is an auxiliary predicate.
        if !self.fast_paths {
            return false;
        }
        let k = constructs.len() as u32;
        let (kind, cond, then, other) = if n == atom::SEMI {
            let left = self.heap.deref(self.heap.arg(g, 0));
            let right = self.heap.arg(g, 1);
            if self.is_functor(left, atom::ARROW, 2) {
                let (c, t) = (self.heap.arg(left, 0), self.heap.arg(left, 1));
                (Kind::IfThen, Some(c), t, right)
            } else if self.is_functor(left, atom::SOFT, 2) {
                let (c, t) = (self.heap.arg(left, 0), self.heap.arg(left, 1));
                (Kind::Soft, Some(c), t, right)
            } else {
                (Kind::Or, None, left, right)
            }
        } else if n == atom::ARROW {
            let (c, t) = (self.heap.arg(g, 0), self.heap.arg(g, 1));
            (Kind::IfThen, Some(c), t, Cell::atom(atom::FAIL))
        } else {
            // `C *-> T` without an else branch is `C, T` with the condition's cuts local.
            let (c, t) = (self.heap.arg(g, 0), self.heap.arg(g, 1));
            let c = self.opaque(c);
            conj.push(Item::Term(t));
            conj.push(Item::Term(c));
            return true;
        };
        let cond = cond.map(|c| self.opaque(c));
        let kind = match cond {
            Some(c) if kind == Kind::IfThen && self.only_tests(c) => Kind::Tests,
            _ => kind,
        };
        let switch = self.construct_switch(kind, cond, then, other);
        let mark = self.heap.new_var();
        constructs.push(Construct { kind, mark, switch });
        goals.push(Goal::Open(k));
        conj.push(Item::Marker(Goal::Close(k)));
        conj.push(Item::Term(other));
        conj.push(Item::Marker(Goal::Else(k)));
        conj.push(Item::Term(then));
        if let Some(c) = cond {
            conj.push(Item::Marker(Goal::Commit(k)));
            conj.push(Item::Term(c));
        }
        true
    }

    /// Whether `c` is a conjunction of tests: `true`, natives marked tests (type tests, `==`,
    /// `@<`..., arithmetic comparisons).
    fn only_tests(&mut self, c: Cell) -> bool {
        let mut stack = vec![c];
        while let Some(g) = stack.pop() {
            let g = self.heap.deref(g);
            if self.is_functor(g, atom::COMMA, 2) {
                stack.push(self.heap.arg(g, 0));
                stack.push(self.heap.arg(g, 1));
                continue;
            }
            if g == Cell::atom(atom::TRUE) {
                continue;
            }
            if !matches!(g.tag(), Tag::Atom | Tag::Str) {
                return false;
            }
            let (n, a) = self.name_arity(g);
            let ctl = [
                atom::SEMI,
                atom::ARROW,
                atom::SOFT,
                atom::COLON,
                atom::COMMA,
            ];
            if a == 2 && ctl.contains(&n) {
                return false;
            }
            let pid = self.pred_id(n, a);
            if !self.program.preds[pid as usize].is_test_native() {
                return false;
            }
        }
        true
    }

    /// For each variable first met inside a construct and met again after some construct that
    /// holds its first occurrence, give it a value at the `Open` of the outermost such
    /// construct: from there on every path has it. The value counts as an occurrence at that
    /// `Open`.
    pub(super) fn place_inits(&self, vars: &mut VarTable, layouts: &mut [Layout]) {
        for (v, info) in vars.iter_mut() {
            let mut k = info.first_construct;
            let mut best = NONE;
            while k != NONE && layouts[k as usize].close < info.last_goal {
                best = k;
                k = layouts[k as usize].parent;
            }
            if best != NONE {
                let l = &mut layouts[best as usize];
                l.init.push(v);
                info.count += 1;
                info.first_chunk = info.first_chunk.min(l.open_chunk);
            }
        }
    }

    /// `rest[i]`: nothing runs after goal `i - 1` but the clause's end, so a real call there is
    /// a last call. An `Else` jumps to its construct's `Close`.
    pub(super) fn rest_empty(goals: &[Goal], layouts: &[Layout]) -> Vec<bool> {
        let n = goals.len();
        let mut rest = vec![false; n + 1];
        rest[n] = true;
        for i in (0..n).rev() {
            rest[i] = match goals[i] {
                Goal::Close(_) => rest[i + 1],
                Goal::Else(k) => rest[layouts[k as usize].close + 1],
                _ => false,
            };
        }
        rest
    }

    /// Emit `Open` of construct `k`.
    pub(super) fn emit_open(
        &mut self,
        c: Construct,
        l: &mut Layout,
        vars: &mut VarTable,
        init_reg: u32,
    ) {
        for &v in &l.init {
            let r = self.var_reg(vars, v);
            self.program.code.push(Instr::PutVar(r, init_reg));
        }
        let mark = |m: &mut Compiler, vars: &mut VarTable| {
            let r = m.var_reg(vars, c.mark);
            m.program.code.push(Instr::Mark(r));
        };
        match c.kind {
            Kind::IfThen | Kind::Tests => mark(self, vars),
            Kind::Soft | Kind::Or => {}
        }
        // A switch needs its variable's value where the construct opens: a variable first met
        // inside it has none.
        let switch = c.switch.and_then(|s| {
            let info = vars.get(&s.var)?;
            let reg = info.reg.filter(|_| info.seen)?;
            Self::body_key_alt(s, reg)
        });
        l.alt_at = self.program.code.len();
        self.program.code.push(match (c.kind, switch) {
            (Kind::Tests, _) => Instr::TestAlt {
                alt: 0,
                n: 0,
                cut: 0,
                shape: NO_SHAPE,
            },
            (_, Some(key_alt)) => key_alt,
            (_, None) => Instr::PushAlt(0, 0),
        });
        // The soft-cut disables the choicepoint just below its mark: the one just pushed.
        if c.kind == Kind::Soft {
            mark(self, vars);
        }
        // What the condition meets is not known to the else branch: restored at `Else`.
        l.seen_open = vars.seen_bits();
    }

    /// Emit `Commit` of construct `k`: its condition has succeeded.
    pub(super) fn emit_commit(&mut self, c: Construct, l: &mut Layout, vars: &mut VarTable) {
        let r = self.var_reg(vars, c.mark);
        if c.kind == Kind::Soft {
            self.program.code.push(Instr::SoftCut(r));
            return;
        }
        let here = self.program.code.len() as u32;
        if let Instr::TestAlt { cut, .. } = &mut self.program.code[l.alt_at] {
            *cut = here;
        }
        self.program.code.push(Instr::CutTo(r));
    }

    /// Emit `Else` of construct `k`; `ended` says the first branch ended with a last call.
    pub(super) fn emit_else(&mut self, l: &mut Layout, vars: &mut VarTable, ended: bool) {
        if !ended {
            l.jump_at = Some(self.program.code.len());
            self.program.code.push(Instr::Jump(0));
        }
        l.then_ended = ended;
        let here = self.program.code.len() as u32;
        match &mut self.program.code[l.alt_at] {
            Instr::TestAlt { alt, .. } => *alt = here,
            Instr::PushAlt(alt, _) | Instr::KeyAlt { alt, .. } => *alt = here,
            _ => {}
        }
        l.seen_then = vars.seen_bits();
        vars.set_seen_bits(&l.seen_open);
    }

    /// Emit `Close` of construct `k`; `ended` says the second branch ended with a last call.
    /// Returns whether the construct's end is reached by no branch.
    pub(super) fn emit_close(&mut self, l: &mut Layout, vars: &mut VarTable, ended: bool) -> bool {
        let here = self.program.code.len() as u32;
        if let Some(at) = l.jump_at {
            self.program.code[at] = Instr::Jump(here);
        }
        // A variable has a value after the construct when every branch that reaches its end
        // gave it one.
        let mut seen = vars.seen_bits();
        if !ended {
            if !l.then_ended {
                for (w, t) in seen.iter_mut().zip(&l.seen_then) {
                    *w &= t;
                }
            }
        } else {
            seen = std::mem::take(&mut l.seen_then);
        }
        vars.set_seen_bits(&seen);
        l.then_ended && ended
    }
}
