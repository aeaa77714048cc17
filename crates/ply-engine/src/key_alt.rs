//! `KeyAlt`: the alternatives of a clause whose body is a disjunction switching on one
//! argument, `(X = a, ... ; X = f(Y), ... ; ...)`, or of such a disjunction or if-then-else
//! chain inside a body switching on a variable with a value, as the WAM's `switch_on_constant`
//! and `switch_on_structure` do for a predicate's clauses.
//!
//! An alternative that opens with `X = Key` can only fail at that unification when `X` holds
//! a term of another principal functor, and before it the alternative has done nothing but
//! move registers: the choicepoint `PushAlt` would push serves only to resume the next
//! alternative with the registers as they were, which is where a jump leaves them. When the
//! principal functor matches and the choicepoint could only resume alternatives that fail at
//! once (`alone`), none is pushed; an if-then-else whose condition is `X = a` alone then
//! commits, and its cut back to the height before cuts nothing. An unbound or attributed `X`,
//! or attention raised (a hook watching calls, a wakeup waiting), runs `PushAlt` as compiled,
//! so what a tracer or a wakeup sees is unchanged.

use crate::choice::ChoiceKind;
use crate::instr::Instr;
use crate::Machine;
use ply_term::{Cell, Tag};

impl Machine {
    /// Run `instr`, the `KeyAlt { key, alt, n, reg, alone }` at `pc`.
    #[inline(always)]
    pub(super) fn step_key_alt(&mut self, instr: Instr) -> bool {
        let Instr::KeyAlt {
            key,
            alt,
            n,
            reg,
            alone,
        } = instr
        else {
            unreachable!("step_key_alt runs a KeyAlt")
        };
        let v = self.stacks.heap.deref(self.reg(reg.reg()));
        if v.tag() == Tag::Ref || !self.attention_clear() {
            self.push_choice_here(ChoiceKind::Resume(alt as usize), n as usize);
            self.stacks.pc += 1;
            return true;
        }
        let found = match v.tag() {
            Tag::Str => self.stacks.heap.functor_of(v),
            Tag::List => Cell::list(0),
            _ => v,
        };
        if found != key {
            // The unification the alternative opens with counts an inference when it runs.
            self.stacks.inferences += 1;
            self.stacks.pc = alt as usize;
            return true;
        }
        if !alone {
            self.push_choice_here(ChoiceKind::Resume(alt as usize), n as usize);
        }
        self.stacks.pc += 1;
        true
    }
}
