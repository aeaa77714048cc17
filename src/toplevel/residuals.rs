//! The residual goals of an answer, as SWI-Prolog's toplevel shows them after the bindings:
//! the goals the attributed variables reachable from the query's variables stand for
//! (`dif(X, a)`, `freeze(X, writeln(hi))`), made by the library's `'$attvar_residuals'/2`.
//!
//! A program that never made an attributed variable runs nothing here.

use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// The residual goals of the answer whose variables' values are `values`, in the order the
/// toplevel writes them; empty when there are none or the library cannot say.
pub fn residual_goals(m: &mut Machine, values: &[Cell]) -> Vec<Cell> {
    if !m.has_attvars() {
        return Vec::new();
    }
    let list = m.heap_mut().list_from(values, Cell::atom(atom::NIL));
    let out = m.heap_mut().new_var();
    let name = m.atoms_mut().intern("$attvar_residuals");
    let goal = m.heap_mut().compound(name, &[list, out]);
    // The tracer has nothing to show of the toplevel's own work.
    let debugging = m.debug_attention();
    m.set_debug_attention(false);
    let found = matches!(m.solve_once(goal), Answer::True);
    m.set_debug_attention(debugging);
    if !found {
        return Vec::new();
    }
    let mut goals = Vec::new();
    let mut l = m.heap().deref(out);
    while l.tag() == Tag::List {
        goals.push(m.heap().cells[l.addr()]);
        l = m.heap().deref(m.heap().cells[l.addr() + 1]);
    }
    goals
}
