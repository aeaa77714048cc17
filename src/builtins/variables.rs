//! The builtins that look at a term's variables: `term_variables/2,3`, `ground/1`, `=@=/2` and
//! `\=@=/2`, `subsumes_term/2` and the native under `numbervars/3`.
//!
//! Each is one walk over the term, and a walk that must know a variable met before from a new
//! one marks it in place (see `term/variables.rs`) rather than keeping a hash table, so that
//! terms of millions of variables cost a few memory accesses per variable. Every mark is gone
//! before a native returns. No walk here recurses on term depth, and cyclic terms end every
//! walk (past [`walk_bound`](crate::term::cycles::walk_bound) compounds, the walk remembers
//! the compounds it has entered). The variant test under `=@=/2` is the engine's
//! (`machine/variant.rs`).

use crate::arith::integer_ops::add;
use crate::arith::number::Number;
use crate::machine::choice::ChoiceKind;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::cycles::{push_args, NodeGuard};
use crate::term::scratch::CellStack;
use crate::term::variables::{is_ground, mark, term_variables, unmark};
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("ground", 1, |m, a| Ok(is_ground(&m.stacks.heap, a[0])));
    m.def_native("term_variables", 2, |m, a| {
        let mut v = Vec::new();
        term_variables(&mut m.stacks.heap, a[0], &mut v);
        let l = m.stacks.heap.list_from(&v, Cell::atom(atom::NIL));
        Ok(m.unify(l, a[1]))
    });
    // The difference-list form: the variables, then `Tail`.
    m.def_native("term_variables", 3, |m, a| {
        let mut v = Vec::new();
        term_variables(&mut m.stacks.heap, a[0], &mut v);
        let l = m.stacks.heap.list_from(&v, a[2]);
        Ok(m.unify(l, a[1]))
    });
    m.def_native("=@=", 2, |m, a| Ok(m.variant(a[0], a[1])));
    m.def_native("\\=@=", 2, |m, a| Ok(!m.variant(a[0], a[1])));
    m.def_native("subsumes_term", 2, subsumes_term);
    m.def_native("$numbervars", 3, numbervars);
    // The tests among them, which bind nothing: a clause's tests may call them with no
    // choicepoint around them (see `Pred::shallow`).
    for (name, arity) in [("ground", 1), ("=@=", 2), ("\\=@=", 2)] {
        m.mark_shallow_native(name, arity, 0);
    }
}

/// `subsumes_term(General, Specific)`, as ISO defines it (8.2.4): `General` and `Specific`
/// unify with the occurs check, and the unifier leaves `Specific` as it was, that is its
/// variables still distinct and unbound. Nothing stays bound.
fn subsumes_term(m: &mut Machine, a: &[Cell]) -> Res {
    let mut vars = Vec::new();
    term_variables(&mut m.stacks.heap, a[1], &mut vars);
    // Unify under a choicepoint of its own, so that every binding is undone afterwards.
    m.push_choice(ChoiceKind::Disabled, 0);
    let ok = m.unify_occurs(a[0], a[1]) && distinct_and_unbound(m, &vars);
    let i = m.stacks.choices.len() - 1;
    m.restore_from(i);
    m.pop_choice();
    Ok(ok)
}

/// True when every one of `vars` is still an unbound variable and no two are now the same one.
fn distinct_and_unbound(m: &mut Machine, vars: &[Cell]) -> bool {
    let mut marked = Vec::with_capacity(vars.len());
    let mut ok = true;
    for &v in vars {
        let d = m.stacks.heap.deref(v);
        // A variable met before dereferences to its mark, which is no variable.
        if d.tag() != Tag::Ref {
            ok = false;
            break;
        }
        m.stacks.heap.cells[d.addr()] = mark(0);
        marked.push(d.addr());
    }
    for addr in marked {
        unmark(&mut m.stacks.heap, addr);
    }
    ok
}

/// `'$numbervars'(+Term, +Start, -End)`, under `numbervars/3` (which checks that `Start` is an
/// integer): bind each variable of `Term`, in the order of `term_variables/2`, to
/// `'$VAR'(Start)`, `'$VAR'(Start+1)`, ..., and unify `End` with the next number.
fn numbervars(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(mut n) = m.number_of(a[1]) else {
        return Err(m.inst_err());
    };
    let one = Number::Int(1);
    // A variable bound here points at a `'$VAR'` term made here, above `start`: the walk sees
    // it again at any later occurrence, and does not enter it.
    let start = m.stacks.heap.top();
    let mut guard = NodeGuard::new(&m.stacks.heap);
    let mut stack = CellStack::lend();
    stack.push(a[0]);
    while let Some(c) = stack.pop() {
        let c = m.stacks.heap.deref(c);
        match c.tag() {
            Tag::Ref => {
                let k = match n {
                    Number::Int(i) => m.stacks.heap.int(i),
                    _ => m.number_cell(n.clone()),
                };
                let v = m.stacks.heap.compound(atom::VAR, &[k]);
                m.bind(c, v);
                n = add(&n, &one);
            }
            Tag::Str | Tag::List if c.addr() < start => {
                if !guard.enter(c) {
                    continue;
                }
                push_args(&m.stacks.heap, c, &mut stack);
            }
            _ => {}
        }
    }
    drop(stack);
    let end = m.number_cell(n);
    Ok(m.unify(a[2], end))
}
