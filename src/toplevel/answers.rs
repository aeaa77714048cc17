//! Writing an answer as SWI-Prolog's toplevel does: `X = 1`, aliased variables as
//! `X = Y, Y = 1`, free variables by their query names, fresh variables as `_` (seen once) or
//! `_A`, `_B` (seen more than once), terms as `writeq` with a space after each argument comma,
//! and cyclic terms written finitely (a cycle back to a query variable's value is written as that
//! variable's name, any other cycle as `_S1`, `_S2`, ...).
//!
//! Residual goals of attributed variables follow the bindings, one per line (`residuals.rs`).
//!
//! This module only reads the answer's bindings: the temporary names it gives to variables are
//! removed before it returns, and it must never leave a binding behind.

use crate::machine::write::WriteOpts;
use crate::machine::Machine;
use crate::term::cycles::is_acyclic;
use crate::term::{atom, Cell, Tag};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// Variable names are written through `'$VAR'(N)` terms whose text the writer makes
/// `A<MARK_BASE + k>`; the marks are then replaced by the real names. The base is large enough
/// that no `'$VAR'` term of a program comes near it.
const MARK_BASE: i64 = 700_000_000_000;

/// Children of a compound or list cell, in writing order.
fn children(m: &Machine, c: Cell) -> Vec<Cell> {
    match c.tag() {
        Tag::Str => {
            let n = m.heap().functor_of(c).functor_arity();
            (0..n).map(|i| m.heap().arg(c, i)).collect()
        }
        Tag::List => vec![m.heap().cells[c.addr()], m.heap().cells[c.addr() + 1]],
        _ => Vec::new(),
    }
}

/// A copy of cyclic `root` in which every edge back to a compound on the current path is
/// replaced: by `names[addr]` when that compound is a query variable's value, otherwise by a
/// new mark from `fresh_mark`.
fn acyclic_copy(
    m: &mut Machine,
    root: Cell,
    names: &HashMap<usize, Cell>,
    earlier: &HashSet<usize>,
    fresh_mark: &mut dyn FnMut(&mut Machine) -> Cell,
) -> Cell {
    struct Frame {
        cell: Cell,
        kids: Vec<Cell>,
        built: Vec<Cell>,
    }
    let mut on_path: HashSet<usize> = HashSet::new();
    let root = m.heap().deref(root);
    if !matches!(root.tag(), Tag::Str | Tag::List) {
        return root;
    }
    on_path.insert(root.addr());
    let kids = children(m, root);
    let mut frames = vec![Frame {
        cell: root,
        kids,
        built: Vec::new(),
    }];
    loop {
        let top = frames.len() - 1;
        if frames[top].built.len() == frames[top].kids.len() {
            let f = frames.pop().unwrap_or(Frame {
                cell: root,
                kids: Vec::new(),
                built: Vec::new(),
            });
            on_path.remove(&f.cell.addr());
            let copy = match f.cell.tag() {
                Tag::List => m.heap_mut().cons(f.built[0], f.built[1]),
                _ => {
                    let name = m.heap().functor_of(f.cell).functor_name();
                    m.heap_mut().compound(name, &f.built)
                }
            };
            match frames.last_mut() {
                Some(parent) => parent.built.push(copy),
                None => return copy,
            }
            continue;
        }
        let k = frames[top].kids[frames[top].built.len()];
        let k = m.heap().deref(k);
        if !matches!(k.tag(), Tag::Str | Tag::List) {
            frames[top].built.push(k);
        } else if let Some(&c) = names.get(&k.addr()).filter(|_| earlier.contains(&k.addr())) {
            // A cycle through another query variable's value is written as that variable.
            frames[top].built.push(c);
        } else if on_path.contains(&k.addr()) {
            let mark = match names.get(&k.addr()) {
                Some(&c) => c,
                None => fresh_mark(m),
            };
            frames[top].built.push(mark);
        } else {
            on_path.insert(k.addr());
            let kids = children(m, k);
            frames.push(Frame {
                cell: k,
                kids,
                built: Vec::new(),
            });
        }
    }
}

/// The unbound variables of `t` in depth-first, left-to-right order, with repetitions.
fn var_occurrences(m: &Machine, t: Cell, out: &mut Vec<Cell>) {
    let mut stack = vec![t];
    while let Some(c) = stack.pop() {
        let c = m.heap().deref(c);
        match c.tag() {
            Tag::Ref => out.push(c),
            Tag::Str | Tag::List => {
                for k in children(m, c).into_iter().rev() {
                    stack.push(k);
                }
            }
            _ => {}
        }
    }
}

/// The name of the `i`th fresh variable seen more than once: `_A`, ..., `_Z`, `_A1`, ...
fn fresh_name(i: usize) -> String {
    let letter = (b'A' + (i % 26) as u8) as char;
    if i >= 26 {
        format!("_{}{}", letter, i / 26)
    } else {
        format!("_{}", letter)
    }
}

/// Replace marks by names and put a space after every comma outside quotes, as SWI-Prolog's
/// `spacing(next_argument)` does.
pub fn finish(text: &str, names: &[String]) -> String {
    let prefix = format!("A{}", MARK_BASE / 100_000);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' || c == '"' || c == '`' {
            // Copy a quoted item whole.
            out.push(c);
            i += 1;
            while i < chars.len() {
                let d = chars[i];
                out.push(d);
                i += 1;
                if d == '\\' && i < chars.len() {
                    out.push(chars[i]);
                    i += 1;
                } else if d == c {
                    if i < chars.len() && chars[i] == c {
                        out.push(c);
                        i += 1;
                    } else {
                        break;
                    }
                }
            }
            continue;
        }
        if c == ',' {
            out.push(',');
            if chars.get(i + 1).is_some_and(|d| !d.is_whitespace()) {
                out.push(' ');
            }
            i += 1;
            continue;
        }
        let boundary = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == 'A' && boundary {
            let rest: String = chars[i..chars.len().min(i + prefix.len())].iter().collect();
            if rest == prefix {
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let num: String = chars[i + 1..j].iter().collect();
                if let Ok(n) = num.parse::<i64>() {
                    let k = (n - MARK_BASE) as usize;
                    if n >= MARK_BASE && k < names.len() {
                        out.push_str(&names[k]);
                        i = j;
                        continue;
                    }
                }
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Put a space after every comma outside quotes (SWI's `spacing(next_argument)`).
pub fn spaced(text: &str) -> String {
    finish(text, &[])
}

/// True when a value written right of `=` needs brackets: an operator atom, or an operator
/// term whose priority is above 699 (the right argument of `=`).
fn needs_brackets(m: &Machine, v: Cell) -> bool {
    let v = m.heap().deref(v);
    let ops = m.ops();
    match v.tag() {
        Tag::Atom => {
            let name = m.atoms().name(v.atom_index());
            name != "[]"
                && name != "{}"
                && (ops.prefix(name).is_some()
                    || ops.infix(name).is_some()
                    || ops.postfix(name).is_some())
        }
        Tag::Str => {
            let f = m.heap().functor_of(v);
            let name = m.atoms().name(f.functor_name());
            match f.functor_arity() {
                1 => {
                    ops.prefix(name).is_some_and(|o| o.0 > 699)
                        || ops.postfix(name).is_some_and(|o| o.0 > 699)
                }
                2 => ops.infix(name).is_some_and(|o| o.0 > 699),
                _ => false,
            }
        }
        _ => false,
    }
}

/// One group of query variables with the same value.
struct Group {
    names: Vec<String>,
    value: Cell,
    cyclic: bool,
}

/// The mark that the writer prints as `A<MARK_BASE + k>`.
pub fn mark(m: &mut Machine, k: usize) -> Cell {
    let n = m.heap_mut().int((MARK_BASE + k as i64) * 26);
    m.heap_mut().compound(atom::VAR, &[n])
}

/// Write the bindings of an answer, one group per line joined by `,\n`; `None` when there is
/// nothing to show (the answer is `true`). `max_depth` 0 writes terms whole.
pub fn answer_text(m: &mut Machine, vars: &[(String, Cell)], max_depth: usize) -> Option<String> {
    let values_in: Vec<Cell> = vars.iter().map(|(_, v)| *v).collect();
    let goals = super::residuals::residual_goals(m, &values_in);
    // Group variables whose values are identical (the same variable or equal terms).
    let mut groups: Vec<Group> = Vec::new();
    for (name, v) in vars {
        let v = m.heap().deref(*v);
        let cyclic = !is_acyclic(m.heap(), v);
        let found = groups.iter().position(|g| {
            g.value == v
                || (v.tag() != Tag::Ref
                    && g.value.tag() != Tag::Ref
                    && m.compare_terms(v, g.value) == Ordering::Equal)
        });
        match found {
            // The group shows the value of its last variable, as SWI-Prolog shows
            // `X = Y, Y = f(f(Y))` for two equal cyclic terms of different shapes.
            Some(k) => {
                groups[k].names.push(name.clone());
                groups[k].value = v;
                groups[k].cyclic = cyclic;
            }
            None => groups.push(Group {
                names: vec![name.clone()],
                value: v,
                cyclic,
            }),
        }
    }

    // Every name the output may use has a mark index into `names`. A free group is named by
    // its last variable; a compound value is named, for cycles back to it, by its group's
    // last variable too.
    let mut names: Vec<String> = Vec::new();
    let mut to_bind: Vec<(usize, usize)> = Vec::new(); // (heap address, mark index)
    let mut cycle_marks: HashMap<usize, Cell> = HashMap::new();
    for g in &groups {
        if g.value.tag() == Tag::Ref {
            to_bind.push((g.value.addr(), names.len()));
            names.push(g.names.last().cloned().unwrap_or_default());
        }
    }
    // A cyclic value is written with cycles named by the variable whose value closes them, and
    // with an earlier variable's value named by that variable, as SWI-Prolog factorises them.
    for g in groups.iter().filter(|g| g.cyclic) {
        let c = mark(m, names.len());
        cycle_marks.insert(g.value.addr(), c);
        names.push(g.names[g.names.len() - 1].clone());
    }
    let mut earlier: HashSet<usize> = HashSet::new();
    let mut values: Vec<Cell> = Vec::new();
    let mut anon_cycles = 0usize;
    for g in &groups {
        let v = if g.cyclic {
            let mut fresh_mark = |m: &mut Machine| {
                anon_cycles += 1;
                let c = mark(m, names.len());
                names.push(format!("_S{}", anon_cycles));
                c
            };
            let c = acyclic_copy(m, g.value, &cycle_marks, &earlier, &mut fresh_mark);
            earlier.insert(g.value.addr());
            c
        } else {
            g.value
        };
        values.push(v);
    }

    // Fresh variables: `_` when seen once, `_A`, `_B`, ... otherwise, skipping names the query
    // uses itself.
    let named: HashSet<usize> = to_bind.iter().map(|p| p.0).collect();
    let mut occ = Vec::new();
    for (g, v) in groups.iter().zip(&values) {
        if g.value.tag() != Tag::Ref {
            var_occurrences(m, *v, &mut occ);
        }
    }
    for g in &goals {
        var_occurrences(m, *g, &mut occ);
    }
    let mut counts: HashMap<usize, usize> = HashMap::new();
    for c in &occ {
        *counts.entry(c.addr()).or_default() += 1;
    }
    let used: HashSet<&str> = vars.iter().map(|(n, _)| n.as_str()).collect();
    let mut fresh_index = 0usize;
    let mut seen: HashSet<usize> = HashSet::new();
    for c in &occ {
        let a = c.addr();
        if named.contains(&a) || !seen.insert(a) {
            continue;
        }
        let name = if counts[&a] == 1 {
            "_".to_string()
        } else {
            loop {
                let n = fresh_name(fresh_index);
                fresh_index += 1;
                if !used.contains(n.as_str()) {
                    break n;
                }
            }
        };
        to_bind.push((a, names.len()));
        names.push(name);
    }

    // Bind every variable to its mark, write, and unbind.
    for &(a, k) in &to_bind {
        let c = mark(m, k);
        m.heap_mut().cells[a] = c;
    }
    let opts = WriteOpts {
        quoted: true,
        ignore_ops: false,
        numbervars: true,
        max_depth,
        name_vars: false,
    };
    let mut lines = Vec::new();
    for (g, v) in groups.iter().zip(&values) {
        let mut parts: Vec<String> = g
            .names
            .windows(2)
            .map(|w| format!("{} = {}", w[0], w[1]))
            .collect();
        if g.value.tag() != Tag::Ref {
            let mut text = m.write_term_string(*v, opts);
            if needs_brackets(m, *v) {
                text = format!("({})", text);
            }
            parts.push(format!("{} = {}", g.names[g.names.len() - 1], text));
        }
        if !parts.is_empty() {
            lines.push(parts.join(", "));
        }
    }
    for g in &goals {
        lines.push(m.write_term_string(*g, opts));
    }
    for &(a, _) in &to_bind {
        m.heap_mut().cells[a] = Cell::reference(a);
    }
    if lines.is_empty() {
        return None;
    }
    Some(finish(&lines.join(",\n"), &names))
}
