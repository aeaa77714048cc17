//! `listing/1` and `portray_clause/1,2`: clauses written back as readable source, variables named
//! `A`, `B`, ... (`_` when they occur once), laid out as SWI-Prolog lays them out
//! (`listing/layout.rs`).
//!
//! Clauses are copied out of the database before being named, so nothing here binds a variable
//! the program can see.

mod layout;

use super::answers::mark;
use crate::machine::db::PredKind;
use crate::machine::error::Res;
use crate::machine::output::Stream;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::collections::HashMap;

/// Register `listing/1` and `portray_clause/1,2`.
pub fn install(m: &mut Machine) {
    m.def_library_native("listing", 1, listing);
    m.def_library_native("portray_clause", 1, |m, a| {
        let c = m.copy_term(a[0]);
        let text = clause_text(m, c);
        m.output().write(Stream::Out, &text);
        Ok(true)
    });
    m.def_library_native("portray_clause", 2, |m, a| {
        // The stream is checked before anything is written, as SWI-Prolog does.
        let stream = crate::builtins::streams::output_stream(m, a[0])?;
        let c = m.copy_term(a[1]);
        let text = clause_text(m, c);
        m.output().write(stream, &text);
        Ok(true)
    });
}

/// The source names of a clause's variables, by the heap address of each in its copy.
type SourceNames = HashMap<usize, String>;

/// The variables of `t` in the order met (depth first, left to right), by heap address.
fn var_order(m: &Machine, t: Cell) -> (Vec<usize>, HashMap<usize, usize>) {
    let mut order: Vec<usize> = Vec::new();
    let mut counts: HashMap<usize, usize> = HashMap::new();
    let mut stack = vec![t];
    while let Some(c) = stack.pop() {
        let c = m.heap().deref(c);
        match c.tag() {
            Tag::Ref => {
                let n = counts.entry(c.addr()).or_default();
                if *n == 0 {
                    order.push(c.addr());
                }
                *n += 1;
            }
            Tag::Str => {
                let n = m.heap().functor_of(c).functor_arity();
                for i in (0..n).rev() {
                    stack.push(m.heap().arg(c, i));
                }
            }
            Tag::List => {
                stack.push(m.heap().cells[c.addr() + 1]);
                stack.push(m.heap().cells[c.addr()]);
            }
            _ => {}
        }
    }
    (order, counts)
}

/// The source names `names` (in the order met, empty for an unnamed variable) of the
/// variables of clause copy `t`, by address; none when the clause has another shape than the
/// one named.
fn names_by_var(m: &Machine, t: Cell, names: &[Box<str>]) -> SourceNames {
    let (order, _) = var_order(m, t);
    if order.len() != names.len() {
        return SourceNames::new();
    }
    order
        .into_iter()
        .zip(names)
        .filter(|(_, n)| !n.is_empty())
        .map(|(a, n)| (a, n.to_string()))
        .collect()
}

/// Name the variables of `t` (a fresh copy): `A`, `B`, ... or `_` for singletons, or the
/// names the source gave them (`source`), as SWI-Prolog's listing shows a consulted clause.
/// Returns the mark names for `finish`.
fn name_vars(m: &mut Machine, t: Cell, source: Option<&SourceNames>) -> Vec<String> {
    let (order, counts) = var_order(m, t);
    let empty = SourceNames::new();
    let source = source.unwrap_or(&empty);
    let taken: std::collections::HashSet<&str> = source.values().map(|n| n.as_str()).collect();
    let mut names = Vec::new();
    let mut letters = 0usize;
    for (k, a) in order.into_iter().enumerate() {
        let name = match source.get(&a) {
            Some(n) => n.clone(),
            None if counts[&a] == 1 => "_".to_string(),
            None => loop {
                let i = letters;
                letters += 1;
                let l = (b'A' + (i % 26) as u8) as char;
                let name = if i >= 26 {
                    format!("{}{}", l, i / 26)
                } else {
                    l.to_string()
                };
                if !taken.contains(name.as_str()) {
                    break name;
                }
            },
        };
        names.push(name);
        let mk = mark(m, k);
        m.heap_mut().cells[a] = mk;
    }
    names
}

/// A clause term written as source, ending in `.\n`.
pub fn clause_text(m: &mut Machine, clause: Cell) -> String {
    named_clause_text(m, clause, None)
}

/// [`clause_text`] with the variables' source names, if the clause has them.
fn named_clause_text(m: &mut Machine, clause: Cell, source: Option<&SourceNames>) -> String {
    let names = name_vars(m, clause, source);
    layout::Layout::new(m, &names).clause(clause)
}

/// `listing(Spec)`: Spec is `Name`, `Name/Arity` or `Name//Arity` (a grammar rule's), as in
/// SWI-Prolog; a spec that names no predicate is an existence error, as SWI-Prolog raises it.
fn listing(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, spec) = m.strip_module(a[0])?;
    let slash = m.atoms_mut().intern("/");
    let (name, arity) = match spec.tag() {
        Tag::Atom => (spec.atom_index(), None),
        Tag::Str
            if [Cell::functor(slash, 2), Cell::functor(atom::INT_DIV, 2)]
                .contains(&m.heap().functor_of(spec)) =>
        {
            let n = m.heap().deref(m.heap().arg(spec, 0));
            let ar = m.heap().deref(m.heap().arg(spec, 1));
            if n.tag() != Tag::Atom || ar.tag() != Tag::Int || ar.int_value() < 0 {
                return Err(m.type_err("predicate_indicator", spec));
            }
            let grammar = m.heap().functor_of(spec) == Cell::functor(atom::INT_DIV, 2);
            let arity = ar.int_value() as usize + if grammar { 2 } else { 0 };
            (n.atom_index(), Some(arity))
        }
        Tag::Ref => return Err(m.inst_err()),
        _ => return Err(m.type_err("predicate_indicator", spec)),
    };
    let pids = m.module_preds_named(module, name, arity);
    for &(_, pid) in &pids {
        m.load_deferred(pid);
    }
    let known = pids.iter().any(|&(_, pid)| {
        let p = m.pred(pid);
        p.dynamic || p.defined || !matches!(&p.kind, PredKind::Clauses(l) if l.clauses.is_empty())
    });
    if !known {
        return Err(no_such_predicate(m, a[0]));
    }
    let mut text = String::new();
    for (ar, pid) in pids {
        let p = m.pred(pid);
        let list = match &p.kind {
            PredKind::Clauses(l) => l.clone(),
            _ => continue,
        };
        if list.clauses.is_empty() && !p.dynamic {
            continue;
        }
        if p.dynamic {
            let n = m.atoms().name(name);
            let ind = if crate::reader::quote::atom_needs_quotes(n) {
                crate::reader::quote::quote_atom(n)
            } else {
                n.to_string()
            };
            text.push_str(&format!(":- dynamic {}/{}.\n\n", ind, ar));
        }
        // A predicate of another module is listed with its head qualified, as swipl does.
        let home = (p.module != module).then(|| Cell::atom(m.module_name(p.module)));
        for c in list.clauses.iter() {
            let t = c.to_heap(&m.program.code, &mut m.stacks.heap);
            // The source names go by variable, found before the clause is reshaped.
            let source = m.program.clause_names.get(&c.id).cloned();
            let source = source.map(|names| names_by_var(m, t, &names));
            let t = m.clause_view(t);
            let t = match home {
                Some(home) => qualify_head(m, t, home),
                None => t,
            };
            text.push_str(&named_clause_text(m, t, source.as_ref()));
        }
        text.push('\n');
    }
    m.output().write(Stream::Out, &text);
    Ok(true)
}

/// `existence_error(procedure, Spec)` with the context SWI-Prolog gives it.
fn no_such_predicate(m: &mut Machine, spec: Cell) -> crate::machine::error::PlError {
    let e = m.existence_err("procedure", spec);
    let toplevel = Cell::atom(m.atoms_mut().intern("toplevel"));
    let why = Cell::atom(m.atoms_mut().intern("DWIM could not correct goal"));
    let context = m.heap_mut().compound(atom::CONTEXT, &[toplevel, why]);
    let formal = m.heap().arg(e.0, 0);
    crate::machine::error::PlError(m.heap_mut().compound(atom::ERROR, &[formal, context]))
}

/// Clause `t` with its head written `home:Head`.
fn qualify_head(m: &mut Machine, t: Cell, home: Cell) -> Cell {
    let t = m.heap().deref(t);
    if t.tag() == Tag::Str && m.heap().functor_of(t) == Cell::functor(atom::NECK, 2) {
        let (h, b) = (m.heap().arg(t, 0), m.heap().arg(t, 1));
        let h = m.heap_mut().compound(atom::COLON, &[home, h]);
        m.heap_mut().compound(atom::NECK, &[h, b])
    } else {
        m.heap_mut().compound(atom::COLON, &[home, t])
    }
}
