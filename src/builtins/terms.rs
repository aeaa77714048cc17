//! Type tests, unification, comparison and term construction: `var/1` ... `callable/1`, `=`,
//! `\=`, `==`, `compare/3`, `functor/3`, `arg/3`, `=../2`, `copy_term/2`, `setarg/3`,
//! `acyclic_term/1` and `cyclic_term/1` (the builtins about a term's variables are in
//! `variables.rs`).
//!
//! Every walk over a term here is a loop; no native recurses on term depth.

use crate::machine::choice::TrailEntry;
use crate::machine::error::{PlError, Res};
use crate::machine::instr::InlineOp;
use crate::machine::Machine;
use crate::term::cycles::{is_acyclic, list_spine};
use crate::term::scratch::CellStack;
use crate::term::{atom, BoxKind, Cell, StoredTerm, Tag};
use std::cmp::Ordering;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("true", 0, |_, _| Ok(true));
    m.def_native("otherwise", 0, |_, _| Ok(true));
    m.def_native("fail", 0, |_, _| Ok(false));
    m.def_native("false", 0, |_, _| Ok(false));
    m.def_native("=", 2, |m, a| Ok(m.unify(a[0], a[1])));
    m.def_native("\\=", 2, not_unifiable);
    m.def_native("unify_with_occurs_check", 2, |m, a| {
        Ok(m.unify_occurs(a[0], a[1]))
    });
    m.def_native("==", 2, |m, a| Ok(m.terms_identical(a[0], a[1])));
    m.def_native("\\==", 2, |m, a| Ok(!m.terms_identical(a[0], a[1])));
    m.def_native("@<", 2, |m, a| {
        Ok(m.compare_terms(a[0], a[1]) == Ordering::Less)
    });
    m.def_native("@>", 2, |m, a| {
        Ok(m.compare_terms(a[0], a[1]) == Ordering::Greater)
    });
    m.def_native("@=<", 2, |m, a| {
        Ok(m.compare_terms(a[0], a[1]) != Ordering::Greater)
    });
    m.def_native("@>=", 2, |m, a| {
        Ok(m.compare_terms(a[0], a[1]) != Ordering::Less)
    });
    m.def_native("compare", 3, compare);
    m.def_native("var", 1, |m, a| {
        Ok(m.stacks.heap.deref(a[0]).tag() == Tag::Ref)
    });
    m.def_native("nonvar", 1, |m, a| {
        Ok(m.stacks.heap.deref(a[0]).tag() != Tag::Ref)
    });
    m.def_native("atom", 1, |m, a| {
        Ok(m.stacks.heap.deref(a[0]).tag() == Tag::Atom)
    });
    m.def_native("number", 1, |m, a| Ok(m.is_number(a[0])));
    m.def_native("integer", 1, |m, a| Ok(m.is_integer(a[0])));
    m.def_native("float", 1, |m, a| Ok(m.box_kind_is(a[0], BoxKind::Float)));
    m.def_native("string", 1, |m, a| Ok(m.box_kind_is(a[0], BoxKind::Str)));
    m.def_native("atomic", 1, |m, a| {
        let c = m.stacks.heap.deref(a[0]);
        Ok(matches!(c.tag(), Tag::Atom | Tag::Int | Tag::Boxed))
    });
    m.def_native("compound", 1, |m, a| {
        Ok(matches!(
            m.stacks.heap.deref(a[0]).tag(),
            Tag::Str | Tag::List
        ))
    });
    m.def_native("callable", 1, |m, a| {
        Ok(matches!(
            m.stacks.heap.deref(a[0]).tag(),
            Tag::Atom | Tag::Str | Tag::List
        ))
    });
    m.def_native("is_list", 1, |m, a| {
        let s = list_spine(&m.stacks.heap, a[0]);
        Ok(!s.cyclic && s.tail == Cell::atom(atom::NIL))
    });
    m.def_native("acyclic_term", 1, |m, a| {
        Ok(is_acyclic(&m.stacks.heap, a[0]))
    });
    m.def_native("cyclic_term", 1, |m, a| {
        Ok(!is_acyclic(&m.stacks.heap, a[0]))
    });
    m.def_native("functor", 3, functor);
    m.def_redo("arg", 3, arg_redo, |m, a| {
        m.stacks.heap.deref(a[0]).tag() != Tag::Ref
    });
    m.def_native("=..", 2, univ);
    // copy_term/2 is the attributed variables' (`attvars.rs`), which copies attributes too.
    m.def_native("setarg", 3, setarg);
    m.def_native("nb_setarg", 3, nb_setarg);
    for (name, arity) in TESTS {
        m.mark_shallow_native(name, arity, 0);
    }
    for (name, arity, op) in inline_ops() {
        m.mark_inline_native(name, arity, op);
    }
}

/// The natives of this family whose calls the run loop decides itself (see `Instr::Inline`),
/// each with the operation that means exactly what the native above means.
fn inline_ops() -> [(&'static str, usize, InlineOp); 12] {
    let tags = |ts: &[Tag]| InlineOp::Tags(ts.iter().fold(0, |m, &t| m | 1 << t as u8));
    let values = [Tag::Atom, Tag::Int, Tag::Str, Tag::List, Tag::Boxed];
    [
        ("=", 2, InlineOp::Unify),
        ("==", 2, InlineOp::Identical),
        ("\\==", 2, InlineOp::NotIdentical),
        ("var", 1, tags(&[Tag::Ref])),
        ("nonvar", 1, tags(&values)),
        ("atom", 1, tags(&[Tag::Atom])),
        ("atomic", 1, tags(&[Tag::Atom, Tag::Int, Tag::Boxed])),
        ("compound", 1, tags(&[Tag::Str, Tag::List])),
        ("callable", 1, tags(&[Tag::Atom, Tag::Str, Tag::List])),
        ("number", 1, InlineOp::Number),
        ("integer", 1, InlineOp::Integer),
        ("float", 1, InlineOp::Float),
    ]
}

/// The natives of this family that only test: each succeeds or fails and binds nothing (`\=`
/// undoes what its unification bound), so a clause's tests may call them with no choicepoint
/// around them (see `Pred::shallow`).
const TESTS: [(&str, usize); 23] = [
    ("otherwise", 0),
    ("fail", 0),
    ("false", 0),
    ("\\=", 2),
    ("==", 2),
    ("\\==", 2),
    ("@<", 2),
    ("@>", 2),
    ("@=<", 2),
    ("@>=", 2),
    ("var", 1),
    ("nonvar", 1),
    ("atom", 1),
    ("number", 1),
    ("integer", 1),
    ("float", 1),
    ("string", 1),
    ("atomic", 1),
    ("compound", 1),
    ("callable", 1),
    ("is_list", 1),
    ("acyclic_term", 1),
    ("cyclic_term", 1),
];

fn not_unifiable(m: &mut Machine, a: &[Cell]) -> Res {
    // Unify under a temporary choicepoint so every binding is undone afterwards.
    m.push_choice(crate::machine::choice::ChoiceKind::Disabled, 0);
    let ok = m.unify(a[0], a[1]);
    let i = m.stacks.choices.len() - 1;
    m.restore_from(i);
    m.pop_choice();
    Ok(!ok)
}

fn compare(m: &mut Machine, a: &[Cell]) -> Res {
    let o = m.stacks.heap.deref(a[0]);
    if o.tag() != Tag::Ref {
        if o.tag() != Tag::Atom {
            return Err(m.type_err("atom", o));
        }
        let ok = [atom::EQUALS, atom::LESS, atom::GREATER].contains(&o.atom_index());
        if !ok {
            return Err(m.domain_err("order", o));
        }
    }
    let r = match m.compare_terms(a[1], a[2]) {
        Ordering::Less => atom::LESS,
        Ordering::Equal => atom::EQUALS,
        Ordering::Greater => atom::GREATER,
    };
    if o.tag() == Tag::Atom {
        // Bound, and checked above to be an order: nothing to unify.
        return Ok(o.atom_index() == r);
    }
    Ok(m.unify(o, Cell::atom(r)))
}

fn functor(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.stacks.heap.deref(a[0]);
    match t.tag() {
        Tag::Ref => {
            let name = m.stacks.heap.deref(a[1]);
            let n = m.stacks.heap.deref(a[2]);
            if name.tag() == Tag::Ref || n.tag() == Tag::Ref {
                return Err(m.inst_err());
            }
            if n.tag() != Tag::Int {
                if m.is_integer(n) {
                    return Err(m.resource_err("memory"));
                }
                return Err(m.type_err("integer", n));
            }
            let n = n.int_value();
            if n < 0 {
                return Err(m.domain_err("not_less_than_zero", Cell::int(n)));
            }
            if n == 0 {
                if matches!(name.tag(), Tag::Str | Tag::List) {
                    return Err(m.type_err("atomic", name));
                }
                return Ok(m.unify(t, name));
            }
            if matches!(name.tag(), Tag::Str | Tag::List) {
                return Err(m.type_err("atomic", name));
            }
            if name.tag() != Tag::Atom {
                return Err(m.type_err("atom", name));
            }
            if n as usize > crate::term::cell::MAX_ARITY {
                return Err(m.representation_err("max_arity"));
            }
            let n = n as usize;
            let s = if name.atom_index() == atom::DOT && n == 2 {
                let h = m.stacks.heap.new_var();
                let tl = m.stacks.heap.new_var();
                m.stacks.heap.cons(h, tl)
            } else {
                let base = m.stacks.heap.top();
                m.stacks
                    .heap
                    .cells
                    .push(Cell::functor(name.atom_index(), n));
                for i in 0..n {
                    m.stacks.heap.cells.push(Cell::reference(base + 1 + i));
                }
                Cell::structure(base)
            };
            Ok(m.unify(t, s))
        }
        Tag::Str | Tag::List => {
            let (name, n) = m.name_arity(t);
            if n == 0 {
                return Err(zero_arity(m, t));
            }
            Ok(m.unify(a[1], Cell::atom(name)) && m.unify(a[2], Cell::int(n as i64)))
        }
        _ => Ok(m.unify(a[1], t) && m.unify(a[2], Cell::int(0))),
    }
}

/// arg/3: one argument for an integer N, every argument in turn for an unbound N.
///
/// The commonest call, an argument of a compound picked by a small integer in range, is
/// decided here with each argument dereferenced once; everything else (errors, N out of
/// range, enumeration) is [`arg_general`]'s, kept out of line so that this stays small.
fn arg_redo(
    m: &mut Machine,
    a: &[Cell],
    state: usize,
) -> Result<Option<usize>, crate::machine::error::PlError> {
    let n = m.stacks.heap.deref_in_line(a[0]);
    let t = m.stacks.heap.deref_in_line(a[1]);
    if n.tag() == Tag::Int && t.tag() == Tag::Str {
        let i = n.int_value();
        let base = t.addr();
        if i > 0 && i as usize <= m.stacks.heap.cells[base].functor_arity() {
            let x = m.stacks.heap.cells[base + i as usize];
            return Ok(m.unify(x, a[2]).then_some(crate::machine::db::LAST));
        }
    }
    arg_general(m, a, state)
}

/// [`arg_redo`] for every call but the commonest.
#[inline(never)]
fn arg_general(
    m: &mut Machine,
    a: &[Cell],
    state: usize,
) -> Result<Option<usize>, crate::machine::error::PlError> {
    let n = m.stacks.heap.deref(a[0]);
    if n.tag() != Tag::Ref {
        return Ok(if arg(m, a)? {
            Some(crate::machine::db::LAST)
        } else {
            None
        });
    }
    let t = m.stacks.heap.deref(a[1]);
    if !matches!(t.tag(), Tag::Str | Tag::List) {
        if t.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        return Err(m.type_err("compound", t));
    }
    let (f, base) = m.functor_parts(t);
    let arity = f.functor_arity();
    let mut k = state;
    while k < arity {
        let x = m.stacks.heap.cells[base + k];
        if m.unify(n, Cell::int(k as i64 + 1)) && m.unify(x, a[2]) {
            let next = if k + 1 == arity {
                crate::machine::db::LAST
            } else {
                k + 1
            };
            return Ok(Some(next));
        }
        // Undo a partial match before trying the next argument.
        let top = m.stacks.choices.len() - 1;
        m.restore_from(top);
        k += 1;
    }
    Ok(None)
}

fn arg(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.stacks.heap.deref(a[0]);
    let t = m.stacks.heap.deref(a[1]);
    if t.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !matches!(t.tag(), Tag::Str | Tag::List) {
        return Err(m.type_err("compound", t));
    }
    let (f, base) = m.functor_parts(t);
    let arity = f.functor_arity();
    match n.tag() {
        Tag::Int => {
            let i = n.int_value();
            if i < 0 {
                return Err(m.domain_err("not_less_than_zero", n));
            }
            if i == 0 || i as usize > arity {
                return Ok(false);
            }
            let x = m.stacks.heap.cells[base + i as usize - 1];
            Ok(m.unify(x, a[2]))
        }
        Tag::Ref => Err(m.inst_err()),
        _ => {
            if m.is_integer(n) {
                return Ok(false);
            }
            Err(m.type_err("integer", n))
        }
    }
}

fn univ(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.stacks.heap.deref(a[0]);
    match t.tag() {
        Tag::Ref => {
            let l = m.stacks.heap.deref(a[1]);
            // A vector kept between calls: `=..` runs in the inner loops of term walkers.
            let mut items = CellStack::lend();
            if !m.list_into_checked(l, &mut items)? {
                return Err(m.inst_err());
            }
            if items.is_empty() {
                return Err(m.domain_err("non_empty_list", Cell::atom(atom::NIL)));
            }
            let h = m.stacks.heap.deref(items[0]);
            if items.len() == 1 {
                if h.tag() == Tag::Ref {
                    return Err(m.inst_err());
                }
                if matches!(h.tag(), Tag::Str | Tag::List) {
                    return Err(m.type_err("atomic", h));
                }
                return Ok(m.unify(t, h));
            }
            if h.tag() == Tag::Ref {
                return Err(m.inst_err());
            }
            if h.tag() != Tag::Atom {
                if matches!(h.tag(), Tag::Str | Tag::List) {
                    return Err(m.type_err("atomic", h));
                }
                return Err(m.type_err("atom", h));
            }
            let s = if h.atom_index() == atom::DOT && items.len() == 3 {
                m.stacks.heap.cons(items[1], items[2])
            } else {
                m.stacks.heap.compound(h.atom_index(), &items[1..])
            };
            Ok(m.unify(t, s))
        }
        Tag::Str | Tag::List => {
            check_partial_list(m, a[1])?;
            let (f, base) = m.functor_parts(t);
            if f.functor_arity() == 0 {
                return Err(zero_arity(m, t));
            }
            // The list `[Name|Args]` written straight onto the heap: two cells an element.
            let n = f.functor_arity();
            let heap = &mut m.stacks.heap;
            let start = heap.cells.len();
            heap.cells.reserve(2 * (n + 1));
            heap.cells.push(Cell::atom(f.functor_name()));
            heap.cells.push(Cell::list(start + 2));
            for i in 0..n {
                let arg = heap.cells[base + i];
                heap.cells.push(arg);
                heap.cells.push(if i + 1 < n {
                    Cell::list(start + 2 * (i + 2))
                } else {
                    Cell::atom(atom::NIL)
                });
            }
            Ok(m.unify(Cell::list(start), a[1]))
        }
        _ => {
            check_partial_list(m, a[1])?;
            let l = m.stacks.heap.list_from(&[t], Cell::atom(atom::NIL));
            Ok(m.unify(l, a[1]))
        }
    }
}

/// The error `functor/3` and `=../2` raise for a compound with no arguments (`foo()`), which
/// they cannot describe without confusing it with the atom: SWI-Prolog's.
fn zero_arity(m: &mut Machine, t: Cell) -> PlError {
    m.domain_err("compound_non_zero_arity", t)
}

/// ISO 8.5.3.3: the list of `=..` must be a list or a partial list, else
/// `type_error(list, List)`. The walk stops after as many cells as the heap holds, so a cyclic
/// list ends it (and is left to unification).
fn check_partial_list(m: &mut Machine, l: Cell) -> Result<(), PlError> {
    let mut c = m.stacks.heap.deref(l);
    for _ in 0..=m.stacks.heap.cells.len() {
        match c.tag() {
            Tag::List => c = m.stacks.heap.deref(m.stacks.heap.cells[c.addr() + 1]),
            Tag::Ref => return Ok(()),
            _ if c == Cell::atom(atom::NIL) => return Ok(()),
            _ => {
                let l = m.stacks.heap.deref(l);
                return Err(m.type_err("list", l));
            }
        }
    }
    Ok(())
}

/// The heap address of argument `a[0]` of compound `a[1]`, or `None` when out of range.
fn arg_address(m: &mut Machine, a: &[Cell]) -> Result<Option<usize>, PlError> {
    let n = m.stacks.heap.deref(a[0]);
    let t = m.stacks.heap.deref(a[1]);
    if n.tag() == Tag::Ref || t.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if n.tag() != Tag::Int {
        return Err(m.type_err("integer", n));
    }
    if !matches!(t.tag(), Tag::Str | Tag::List) {
        return Err(m.type_err("compound", t));
    }
    let (f, base) = m.functor_parts(t);
    let i = n.int_value();
    if i < 1 || i as usize > f.functor_arity() {
        return Ok(None);
    }
    Ok(Some(base + i as usize - 1))
}

/// setarg/3: assign an argument in place, undone on backtracking.
fn setarg(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(at) = arg_address(m, a)? else {
        return Ok(false);
    };
    let old = m.stacks.heap.cells[at];
    m.stacks.trail.push(TrailEntry::Assign(at, old));
    m.stacks.heap.cells[at] = a[2];
    m.stacks.heap.note_rewrite();
    Ok(true)
}

/// nb_setarg/3: assign an argument in place for good. The trail entry undoes nothing; it tells
/// the garbage collector that the cell may now point at younger terms. As in SWI-Prolog the
/// value is a copy (`duplicate_term/2`): a variable bound when the call is made, such as the
/// count `N` of `N is N0 + 1, nb_setarg(1, C, N)`, is unbound again on backtracking, and the
/// argument must keep the value, not the variable.
fn nb_setarg(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(at) = arg_address(m, a)? else {
        return Ok(false);
    };
    let top = m.stacks.heap.cells.len();
    let value = StoredTerm::from_heap(&m.stacks.heap, a[2]).to_heap(&mut m.stacks.heap);
    let new_top = m.stacks.heap.cells.len();
    if new_top > top {
        // The copy is on the heap above where the choicepoints would cut it back to, and the
        // argument must outlive their backtracking: as SWI-Prolog freezes its global stack,
        // every choicepoint now keeps the heap up to the copy's end.
        for c in m.stacks.choices.iter_mut() {
            c.h = c.h.max(new_top);
        }
    }
    m.stacks.trail.push(TrailEntry::Root(at));
    m.stacks.heap.cells[at] = value;
    m.stacks.heap.note_rewrite();
    Ok(true)
}
