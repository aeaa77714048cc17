//! A clause body that is a disjunction switching on one argument: alternatives that open with
//! `X = Key`, `X` an argument of a head of distinct variables, get `KeyAlt` in place of their
//! `PushAlt` (see `key_alt.rs`), which skips, without a choicepoint, an alternative whose key
//! the argument's value does not have, and pushes none for one no later alternative can match.
//!
//! The head must be distinct variables so that nothing in the alternative before its first
//! goal can bind or wake anything: its code up to that goal only moves registers, and the
//! argument register still holds the call's argument. A fast path: with the fast paths off
//! every alternative keeps its `PushAlt`.

use super::{Alternative, Compiler};
use crate::instr::Instr;
use ply_term::{atom, Cell, Tag};

/// An alternative's switch: the argument register it tests and the key it asks for.
pub(super) type Key = Option<(u8, Cell)>;

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
    /// `args` being its clause's head arguments (distinct variables): when the first goal of
    /// `a` (of its condition, for `C -> T`) is `X = T` or `T = X`, `X` one of them and `T` an
    /// atom, a small integer, a compound or a list pair.
    fn alternative_key(&self, args: &[Cell], a: Alternative) -> Key {
        let mut g = match a {
            Alternative::Plain(g) | Alternative::IfThen(g, _) => self.heap.deref(g),
        };
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
        let (i, t) = match (
            args.iter().position(|&v| v == l),
            args.iter().position(|&v| v == r),
        ) {
            (Some(i), None) => (i, r),
            (None, Some(i)) => (i, l),
            _ => return None,
        };
        let key = match t.tag() {
            Tag::Atom | Tag::Int => t,
            Tag::Str => self.heap.functor_of(t),
            Tag::List => Cell::list(0),
            _ => return None,
        };
        Some((i as u8, key))
    }

    /// Turn the `PushAlt` at `push`, which opens alternative `k` of a clause whose
    /// alternatives open as `keys` says, into a `KeyAlt`; false, with nothing changed, when
    /// the alternative opens with no switch.
    pub(super) fn make_switch(&mut self, push: usize, k: usize, keys: &[Key]) -> bool {
        let Some((reg, key)) = keys[k] else {
            return false;
        };
        let Instr::PushAlt(alt, n) = self.program.code[push] else {
            return false;
        };
        let Ok(n) = u16::try_from(n) else {
            return false;
        };
        let alone = keys[k + 1..]
            .iter()
            .all(|&o| matches!(o, Some((r, other)) if r == reg && other != key));
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
