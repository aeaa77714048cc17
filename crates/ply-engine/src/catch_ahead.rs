//! Whether a ball thrown now will be caught by a `catch/3` of the program: the unwinding has
//! not started, so this is read off the choicepoints.
//!
//! `throw/1` notes where it was raised (`error_site.rs`) so that an uncaught ball, or an error
//! printed by `print_message/2`, says where; writing that goal and walking the caller chain
//! cost many times the throw itself. A program that throws a term of its own to leave a
//! search early (`throw(found(X))` under `catch(G, found(X), true)`) never shows that site, so
//! the note is skipped for such a ball when a catch ahead will surely take it. The test is
//! deliberately shallow: a catcher that is a variable, an atom or number equal to the ball,
//! or a compound of the ball's name and arity whose arguments are distinct variables or such
//! constants. Anything else (a nested pattern, an attributed variable, a barrier of a nested
//! run, a halt under way) answers "not sure", and the site is noted as before.

use super::choice::ChoiceKind;
use super::Machine;
use ply_term::{Cell, Tag};

/// What a catcher says of a ball without unifying them.
enum Verdict {
    /// They unify.
    Takes,
    /// They cannot unify.
    Passes,
    /// The shallow test cannot tell.
    Unsure,
}

impl Machine {
    /// Whether the innermost active `catch/3` whose catcher unifies with `ball` is reached
    /// before anything that ends the unwinding otherwise; false when unsure.
    pub(crate) fn surely_caught(&self, ball: Cell) -> bool {
        if self.services.halt.is_some() {
            return false;
        }
        for c in self.stacks.choices.iter().rev() {
            match c.kind {
                ChoiceKind::Barrier => return false,
                ChoiceKind::Catch { active: true } => {
                    if c.nargs < 3 {
                        return false;
                    }
                    let catcher = self.stacks.saved_args[c.args + 1];
                    match self.shallow_verdict(catcher, ball) {
                        Verdict::Takes => return true,
                        Verdict::Passes => {}
                        Verdict::Unsure => return false,
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Whether `catcher` unifies with `ball`, by the shallow test of this file's opening.
    fn shallow_verdict(&self, catcher: Cell, ball: Cell) -> Verdict {
        let heap = &self.stacks.heap;
        let (c, b) = (heap.deref(catcher), heap.deref(ball));
        match c.tag() {
            Tag::Ref if self.is_attvar(c) => Verdict::Unsure,
            Tag::Ref => Verdict::Takes,
            Tag::Atom | Tag::Int => constant_verdict(c, b),
            Tag::Str if b.tag() == Tag::Str => {
                if heap.functor_of(c) != heap.functor_of(b) {
                    return Verdict::Passes;
                }
                let n = heap.functor_of(c).functor_arity();
                let mut vars: Vec<Cell> = Vec::new();
                for i in 0..n {
                    let ca = heap.deref(heap.arg(c, i));
                    let verdict = match ca.tag() {
                        Tag::Ref if self.is_attvar(ca) || vars.contains(&ca) => Verdict::Unsure,
                        Tag::Ref => {
                            vars.push(ca);
                            Verdict::Takes
                        }
                        Tag::Atom | Tag::Int => constant_verdict(ca, heap.deref(heap.arg(b, i))),
                        _ => Verdict::Unsure,
                    };
                    match verdict {
                        Verdict::Takes => {}
                        other => return other,
                    }
                }
                Verdict::Takes
            }
            Tag::Str => match b.tag() {
                Tag::Atom | Tag::Int | Tag::List | Tag::Boxed => Verdict::Passes,
                _ => Verdict::Unsure,
            },
            _ => Verdict::Unsure,
        }
    }
}

/// Whether the constant `c` (an atom or a small integer) unifies with `b`, dereferenced.
fn constant_verdict(c: Cell, b: Cell) -> Verdict {
    match b.tag() {
        Tag::Ref => Verdict::Unsure,
        Tag::Atom | Tag::Int if b == c => Verdict::Takes,
        Tag::Atom | Tag::Int | Tag::Str | Tag::List | Tag::Boxed => Verdict::Passes,
        _ => Verdict::Unsure,
    }
}
