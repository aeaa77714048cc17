//! `'$memberchk_scan'/4`, the walk of `memberchk/2` (`library/lists.pl`) in one native step.
//!
//! `memberchk/2` tries each element of a list in turn against its first argument, and the
//! definition in Prolog pays, per element, a call, an if-then-else's choicepoint, the
//! unification, and the backtracking that undoes it: a program that keeps a table as a list
//! (a node list checked before each insertion) spends most of its time there. Here the
//! elements are tried under one choicepoint, whose restoring undoes a failed attempt, and the
//! first that unifies keeps its bindings, as `X = H -> true` keeps them.
//!
//! The walk stops, and leaves the rest to the definition in Prolog, at whatever it does not
//! settle itself: a tail that is not a list cell (`[]`, a variable, which the Prolog clause
//! binds, or something else, a type error there), a list longer than a walk's budget (a cyclic
//! one among them: the definition in Prolog goes on, interruptible, as it always has), and any
//! list at all while attributed variables exist, whose bindings may wake goals that only the
//! run loop can run. So the answers, bindings, errors and determinism are the definition's.

use crate::machine::choice::ChoiceKind;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// How many elements one walk tries before handing the rest to the definition in Prolog.
const BUDGET: usize = 1 << 20;

/// `'$memberchk_scan'(X, List, Found, Rest)`: `Found` is `true` when an element of `List`
/// unified with `X` (with its bindings kept), else `false`, with `Rest` the part of `List` the
/// walk did not settle.
pub fn memberchk_scan(m: &mut Machine, a: &[Cell]) -> Res {
    let (x, mut l) = (a[0], m.stacks.heap.deref(a[1]));
    if !m.stacks.attvars.on {
        m.push_choice(ChoiceKind::Disabled, 0);
        let i = m.stacks.choices.len() - 1;
        let mut budget = BUDGET;
        while l.tag() == Tag::List && budget > 0 {
            budget -= 1;
            let head = m.stacks.heap.cells[l.addr()];
            if m.unify(x, head) {
                // The bindings stay: the choicepoint goes, as the Prolog definition's cut
                // takes its if-then-else's.
                m.pop_choice();
                return Ok(m.unify(a[2], Cell::atom(atom::TRUE)));
            }
            m.restore_from(i);
            l = m.stacks.heap.deref(m.stacks.heap.cells[l.addr() + 1]);
        }
        m.pop_choice();
    }
    Ok(m.unify(a[2], Cell::atom(atom::FALSE)) && m.unify(a[3], l))
}
