//! Disjunctions and if-then-else chains that switch on one variable: alternatives that open
//! with `X = Key` get `KeyAlt` in place of their `PushAlt` (see `key_alt.rs`), which skips,
//! without a choicepoint, an alternative whose key the variable's value does not have, and
//! pushes none when the choicepoint could only resume alternatives that fail at once.
//!
//! Two places have such alternatives. A clause body that is a disjunction as a whole
//! (`alternatives.rs`) switches on an argument of a head of distinct variables: nothing in the
//! alternative before its first goal can bind or wake anything, since its code up to that goal
//! only moves registers, and the argument register still holds the call's argument. A
//! construct compiled in line (`inline.rs`) switches on any variable the clause has given a
//! value before it opens, read from its register or environment slot; a variable first met in
//! the construct is no switch. A fast path: with the fast paths off every alternative keeps its
//! `PushAlt`.

use super::inline::Kind;
use super::{Alternative, Compiler};
use crate::instr::{Instr, Reg, SmallReg};
use ply_term::{atom, Cell, Tag};

/// An alternative's switch: the argument register it tests, the key it asks for, and whether
/// it is an if-then-else whose condition surely succeeds when the register holds that key.
pub(super) type Key = Option<(u8, Cell, bool)>;

/// How many alternatives of a chain `later_keys_differ` looks at.
const CHAIN_LOOK: usize = 64;

/// The switch of a control construct compiled in line (see [`Compiler::construct_switch`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct BodySwitch {
    /// The variable its first alternative opens by unifying.
    pub var: Cell,
    /// The principal functor that unification asks for.
    pub key: Cell,
    /// With the variable holding `key`, no choicepoint is needed.
    pub alone: bool,
}

impl Compiler<'_> {
    /// What each alternative of `alternatives`, the body of a clause with head `head`, opens
    /// with (see [`Compiler::alternative_key`]); nothing at all for a single alternative, or
    /// with the fast paths off.
    pub(super) fn alternative_keys(&self, head: Cell, alternatives: &[Alternative]) -> Vec<Key> {
        if !self.fast_paths || alternatives.len() < 2 {
            return vec![None; alternatives.len()];
        }
        let Some(args) = self.distinct_variables(head) else {
            return vec![None; alternatives.len()];
        };
        alternatives
            .iter()
            .map(|&a| self.alternative_key(&args, a))
            .collect()
    }

    /// Whether `alternatives`, the body of a clause with head `head`, switch on a variable the
    /// head gives a value that is not one of its distinct-variable arguments: each alternative
    /// does the head's unification again after its choicepoint, where no `KeyAlt` could read
    /// the variable, so such a body is better compiled in line after one head unification,
    /// where its constructs can switch (see [`Compiler::construct_switch`]).
    pub(super) fn switches_inside(&self, head: Cell, alternatives: &[Alternative]) -> bool {
        if !self.fast_paths || alternatives.len() < 2 || self.distinct_variables(head).is_some() {
            return false;
        }
        let mut head_vars = Vec::new();
        self.term_vars(head, &mut head_vars);
        alternatives[..alternatives.len() - 1].iter().any(|&a| {
            let g = match a {
                Alternative::Plain(g) | Alternative::IfThen(g, _) => g,
            };
            matches!(self.opening_key(g), Some((v, _, _)) if head_vars.contains(&v))
        })
    }

    /// The arguments of `head` when they are distinct variables, as many as a `u8` counts.
    fn distinct_variables(&self, head: Cell) -> Option<Vec<Cell>> {
        let head = self.heap.deref(head);
        if head.tag() != Tag::Str {
            return None;
        }
        let arity = self.heap.functor_of(head).functor_arity();
        if arity > usize::from(u8::MAX) {
            return None;
        }
        let args: Vec<Cell> = (0..arity)
            .map(|i| self.heap.deref(self.head_arg(head, i)))
            .collect();
        for (i, &v) in args.iter().enumerate() {
            if v.tag() != Tag::Ref || args[..i].contains(&v) {
                return None;
            }
        }
        Some(args)
    }

    /// The argument register and principal functor that alternative `a` opens by unifying,
    /// `args` being its clause's head arguments (distinct variables): see
    /// [`Compiler::opening_key`].
    fn alternative_key(&self, args: &[Cell], a: Alternative) -> Key {
        let (g, cond) = match a {
            Alternative::Plain(g) => (g, false),
            Alternative::IfThen(g, _) => (g, true),
        };
        let (var, key, sure) = self.opening_key(g)?;
        let i = args.iter().position(|&v| v == var)?;
        Some((i as u8, key, cond && sure))
    }

    /// The variable and principal functor that goal `g` opens by unifying: when its first goal
    /// is `X = T` or `T = X`, `X` a variable and `T` an atom, a small integer, a compound or a
    /// list pair; and whether that unification is the whole of `g` with `T` atomic, so that
    /// with `X` holding `T` it surely succeeds and binds nothing.
    fn opening_key(&self, g: Cell) -> Option<(Cell, Cell, bool)> {
        let whole = self.heap.deref(g);
        let mut g = whole;
        while self.is_functor(g, atom::COMMA, 2) {
            g = self.heap.deref(self.heap.arg(g, 0));
        }
        if !self.is_functor(g, atom::EQUALS, 2) {
            return None;
        }
        let (l, r) = (
            self.heap.deref(self.heap.arg(g, 0)),
            self.heap.deref(self.heap.arg(g, 1)),
        );
        let (var, t) = match (l.tag(), r.tag()) {
            (Tag::Ref, Tag::Ref) => return None,
            (Tag::Ref, _) => (l, r),
            (_, Tag::Ref) => (r, l),
            _ => return None,
        };
        let key = match t.tag() {
            Tag::Atom | Tag::Int => t,
            Tag::Str => self.heap.functor_of(t),
            Tag::List => Cell::list(0),
            _ => return None,
        };
        let sure = g == whole && matches!(t.tag(), Tag::Atom | Tag::Int);
        Some((var, key, sure))
    }

    /// The switch of a construct compiled in line of kind `kind` (a condition `cond` for an
    /// if-then-else or a soft-cut, its first branch `then`, its second `other`): the variable
    /// its first alternative (the condition, or the first branch of a disjunction) opens by
    /// unifying, the key, and whether with the variable holding that key no choicepoint is
    /// needed. A soft-cut always needs its choicepoint: its cut disables it.
    pub(super) fn construct_switch(
        &self,
        kind: Kind,
        cond: Option<Cell>,
        then: Cell,
        other: Cell,
    ) -> Option<BodySwitch> {
        if !self.fast_paths {
            return None;
        }
        let (var, key, sure) = match kind {
            Kind::Or => self.opening_key(then)?,
            Kind::IfThen | Kind::Soft => self.opening_key(cond?)?,
            Kind::Tests => return None,
        };
        let alone = match kind {
            Kind::Soft => false,
            Kind::IfThen if sure => true,
            _ => self.later_keys_differ(other, var, key),
        };
        Some(BodySwitch { var, key, alone })
    }

    /// Whether every alternative of `g`, the rest of a chain after an alternative switching on
    /// `var` for `key`, opens by unifying `var` with another key, so that with `var` holding
    /// `key` each of them fails at once. Looks at a bounded number of alternatives, so that
    /// a long chain costs its length, not its square.
    fn later_keys_differ(&self, g: Cell, var: Cell, key: Cell) -> bool {
        let differs =
            |a: Cell| matches!(self.opening_key(a), Some((v, k, _)) if v == var && k != key);
        let mut g = self.heap.deref(g);
        for _ in 0..CHAIN_LOOK {
            let (first, rest) = if self.is_functor(g, atom::SEMI, 2) {
                (
                    self.heap.deref(self.heap.arg(g, 0)),
                    Some(self.heap.arg(g, 1)),
                )
            } else {
                (g, None)
            };
            if first == Cell::atom(atom::FAIL) || first == Cell::atom(atom::FALSE) {
                // Nothing to resume.
            } else if self.is_functor(first, atom::ARROW, 2)
                || self.is_functor(first, atom::SOFT, 2)
            {
                if !differs(self.heap.arg(first, 0)) {
                    return false;
                }
            } else if !differs(first) {
                return false;
            }
            match rest {
                Some(r) => g = self.heap.deref(r),
                None => return true,
            }
        }
        false
    }

    /// The `KeyAlt` that opens construct switch `s` when its variable has a value in `reg`;
    /// `None` when the register's number does not fit the instruction.
    pub(super) fn body_key_alt(s: BodySwitch, reg: Reg) -> Option<Instr> {
        Some(Instr::KeyAlt {
            key: s.key,
            alt: 0,
            n: 0,
            reg: SmallReg::new(reg)?,
            alone: s.alone,
        })
    }

    /// Turn the `PushAlt` at `push`, which opens alternative `k` of a clause whose
    /// alternatives open as `keys` says, into a `KeyAlt`; false, with nothing changed, when
    /// the alternative opens with no switch.
    pub(super) fn make_switch(&mut self, push: usize, k: usize, keys: &[Key]) -> bool {
        let Some((arg, key, sure)) = keys[k] else {
            return false;
        };
        let Instr::PushAlt(alt, n) = self.program.code[push] else {
            return false;
        };
        let (Ok(n), Some(reg)) = (u8::try_from(n), SmallReg::new(Reg::X(u32::from(arg)))) else {
            return false;
        };
        let alone = sure
            || keys[k + 1..]
                .iter()
                .all(|&o| matches!(o, Some((r, other, _)) if r == arg && other != key));
        self.program.code[push] = Instr::KeyAlt {
            key,
            alt,
            n,
            reg,
            alone,
        };
        true
    }
}
