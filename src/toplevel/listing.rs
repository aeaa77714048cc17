//! `listing/1` and `portray_clause/1,2`: clauses written back as readable source, variables named
//! `A`, `B`, ... (`_` when they occur once), one body goal per line, if-then-else and
//! disjunctions laid out as SWI-Prolog does.
//!
//! Clauses are copied out of the database before being named, so nothing here binds a variable
//! the program can see. Layout recursion is bounded: bodies nested deeper than
//! `MAX_LAYOUT_DEPTH` are written on one line.

use super::answers::{finish, mark};
use crate::machine::db::PredKind;
use crate::machine::error::Res;
use crate::machine::output::Stream;
use crate::machine::write::WriteOpts;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::collections::HashMap;

const MAX_LAYOUT_DEPTH: usize = 32;

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

/// Name the variables of `t` (a fresh copy): `A`, `B`, ... or `_` for singletons. Returns the
/// mark names for [`finish`].
fn name_vars(m: &mut Machine, t: Cell) -> Vec<String> {
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
    let mut names = Vec::new();
    let mut letters = 0usize;
    for a in order {
        let name = if counts[&a] == 1 {
            "_".to_string()
        } else {
            let i = letters;
            letters += 1;
            let l = (b'A' + (i % 26) as u8) as char;
            if i >= 26 {
                format!("{}{}", l, i / 26)
            } else {
                l.to_string()
            }
        };
        let k = names.len();
        names.push(name);
        let mk = mark(m, k);
        m.heap_mut().cells[a] = mk;
    }
    names
}

fn goal_text(m: &Machine, g: Cell, names: &[String]) -> String {
    let opts = WriteOpts {
        quoted: true,
        ignore_ops: false,
        numbervars: true,
        max_depth: 0,
        name_vars: false,
    };
    // Goals are arguments of `,`: anything above 999 needs brackets.
    let g = m.heap().deref(g);
    let text = m.write_term_string(g, opts);
    let needs_parens = g.tag() == Tag::Str && {
        let f = m.heap().functor_of(g);
        let name = m.atoms().name(f.functor_name());
        let ar = f.functor_arity();
        (ar == 2 && m.ops().infix(name).is_some_and(|o| o.0 > 999))
            || (ar == 1 && m.ops().prefix(name).is_some_and(|o| o.0 > 999))
    };
    let text = finish(&text, names);
    if needs_parens {
        format!("({})", text)
    } else {
        text
    }
}

fn is_op(m: &Machine, g: Cell, name: u32, arity: usize) -> bool {
    g.tag() == Tag::Str && m.heap().functor_of(g) == Cell::functor(name, arity)
}

/// Lay out a body at `indent` spaces into `out` (no final newline).
fn body(m: &mut Machine, g: Cell, indent: usize, depth: usize, names: &[String], out: &mut String) {
    let pad = " ".repeat(indent);
    let mut goals = Vec::new();
    let mut g = m.heap().deref(g);
    while is_op(m, g, atom::COMMA, 2) {
        goals.push(m.heap().arg(g, 0));
        g = m.heap().deref(m.heap().arg(g, 1));
    }
    goals.push(g);
    for (i, goal) in goals.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let goal = m.heap().deref(*goal);
        let semi = is_op(m, goal, atom::SEMI, 2);
        let arrow = is_op(m, goal, atom::ARROW, 2);
        let soft = is_op(m, goal, atom::SOFT, 2);
        if depth < MAX_LAYOUT_DEPTH && (semi || arrow || soft) {
            out.push_str(&format!("{}(   ", pad));
            disjunction(m, goal, indent, depth, names, out);
            out.push_str(&format!("\n{})", pad));
        } else {
            out.push_str(&pad);
            out.push_str(&goal_text(m, goal, names));
        }
    }
}

/// The inside of `( ... )` for a disjunction or if-then-else, after the opening `(   `.
fn disjunction(
    m: &mut Machine,
    g: Cell,
    indent: usize,
    depth: usize,
    names: &[String],
    out: &mut String,
) {
    let pad = " ".repeat(indent);
    let mut g = m.heap().deref(g);
    loop {
        let (branch, rest) = if is_op(m, g, atom::SEMI, 2) {
            (
                m.heap().deref(m.heap().arg(g, 0)),
                Some(m.heap().deref(m.heap().arg(g, 1))),
            )
        } else {
            (g, None)
        };
        let cond = if is_op(m, branch, atom::ARROW, 2) {
            Some(("->  ", branch))
        } else if is_op(m, branch, atom::SOFT, 2) {
            Some(("*-> ", branch))
        } else {
            None
        };
        let mut text = String::new();
        match cond {
            Some((arrow, b)) => {
                let (c, t) = (m.heap().arg(b, 0), m.heap().arg(b, 1));
                body(m, c, indent + 4, depth + 1, names, &mut text);
                out.push_str(text.trim_start());
                out.push_str(&format!("\n{}{}", pad, arrow));
                let mut then = String::new();
                body(m, t, indent + 4, depth + 1, names, &mut then);
                out.push_str(then.trim_start());
            }
            None => {
                body(m, branch, indent + 4, depth + 1, names, &mut text);
                out.push_str(text.trim_start());
            }
        }
        match rest {
            Some(r) => {
                out.push_str(&format!("\n{};   ", pad));
                g = r;
            }
            None => break,
        }
    }
}

/// A clause term written as source, ending in `.\n`.
pub fn clause_text(m: &mut Machine, clause: Cell) -> String {
    let names = name_vars(m, clause);
    let c = m.heap().deref(clause);
    if is_op(m, c, atom::NECK, 2) {
        let head = m.heap().arg(c, 0);
        let b = m.heap().deref(m.heap().arg(c, 1));
        if b != Cell::atom(atom::TRUE) {
            let mut out = format!("{} :-\n", goal_text(m, head, &names));
            body(m, b, 4, 0, &names, &mut out);
            out.push_str(".\n");
            return out;
        }
        return format!("{}.\n", goal_text(m, head, &names));
    }
    format!("{}.\n", goal_text(m, c, &names))
}

/// `listing(Spec)`: Spec is `Name` or `Name/Arity`.
fn listing(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, spec) = m.strip_module(a[0])?;
    let slash = m.atoms_mut().intern("/");
    let (name, arity) = match spec.tag() {
        Tag::Atom => (spec.atom_index(), None),
        Tag::Str if m.heap().functor_of(spec) == Cell::functor(slash, 2) => {
            let n = m.heap().deref(m.heap().arg(spec, 0));
            let ar = m.heap().deref(m.heap().arg(spec, 1));
            if n.tag() != Tag::Atom || ar.tag() != Tag::Int {
                return Err(m.type_err("predicate_indicator", spec));
            }
            (n.atom_index(), Some(ar.int_value() as usize))
        }
        Tag::Ref => return Err(m.inst_err()),
        _ => return Err(m.type_err("predicate_indicator", spec)),
    };
    let pids = m.module_preds_named(module, name, arity);
    for &(_, pid) in &pids {
        m.load_deferred(pid);
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
            let t = c.term.to_heap(m.heap_mut());
            let t = match home {
                Some(home) => qualify_head(m, t, home),
                None => t,
            };
            text.push_str(&clause_text(m, t));
        }
        text.push('\n');
    }
    m.output().write(Stream::Out, &text);
    Ok(true)
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
