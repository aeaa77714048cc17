//! `help/1` and `apropos/1` at the prompt: ply's own documentation (`docs.rs`) of its builtins,
//! its library, its toplevel commands, the game library (both names of each game predicate),
//! its flags and its games, the same text `ply lsp` shows on hover.
//!
//! `help(Name)` or `help(Name/Arity)` prints the entries of that predicate, and of the flag or
//! game so named; `apropos(Text)` lists every documented predicate, flag and game whose name or
//! description contains the text, ignoring case.

use crate::docs::Docs;
use crate::machine::error::Res;
use crate::machine::output::Stream;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register `help/1` and `apropos/1`.
pub fn install(m: &mut Machine) {
    m.def_library_native("help", 1, help);
    m.def_library_native("apropos", 1, apropos);
}

/// The documentation as plain text for the terminal: code fences, code marks and the emphasis
/// of a whole line dropped (a `*` inside a line is multiplication).
fn plain(markdown: &str) -> String {
    markdown
        .lines()
        .filter(|l| !l.starts_with("```"))
        .map(|l| {
            let l = l.replace('`', "");
            match l.strip_prefix('*').and_then(|r| r.split_once('*')) {
                Some((em, rest)) => format!("{em}{rest}"),
                None => l,
            }
        })
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("    {l}\n"))
        .collect()
}

/// The name in an atom argument, or `Name/Arity`'s name with the arity.
fn spec(m: &mut Machine, c: Cell) -> Option<(String, Option<usize>)> {
    let c = m.heap().deref(c);
    match c.tag() {
        Tag::Atom => Some((m.atoms().name(c.atom_index()).to_string(), None)),
        Tag::Str if m.heap().functor_of(c) == Cell::functor(m.atoms_mut().intern("/"), 2) => {
            let n = m.heap().deref(m.heap().arg(c, 0));
            let a = m.heap().deref(m.heap().arg(c, 1));
            (n.tag() == Tag::Atom && a.tag() == Tag::Int).then(|| {
                (
                    m.atoms().name(n.atom_index()).to_string(),
                    Some(a.int_value() as usize),
                )
            })
        }
        _ => None,
    }
}

/// `help(+What)`: the documentation of a predicate, every arity unless one is given.
fn help(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((name, arity)) = spec(m, a[0]) else {
        return Err(m.type_err("predicate_indicator", a[0]));
    };
    let docs = Docs::new();
    let mut out = String::new();
    for ((n, ar), text) in docs.entries() {
        if *n == name && arity.is_none_or(|x| x == *ar) {
            out.push_str(&format!("{n}/{ar}\n{}", plain(text)));
        }
    }
    if arity.is_none() {
        for t in docs.topics().iter().filter(|t| t.name == name) {
            out.push_str(&format!("{} {}\n{}", t.kind, t.name, plain(&t.text)));
        }
    }
    if out.is_empty() {
        out = format!("No help for {name}. apropos({name}) searches the descriptions.\n");
    }
    m.output().write(Stream::User, &out);
    Ok(true)
}

/// `apropos(+Text)`: every documented predicate whose name or description mentions Text.
fn apropos(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((text, _)) = spec(m, a[0]) else {
        return Err(m.type_err("text", a[0]));
    };
    let needle = text.to_lowercase();
    let docs = Docs::new();
    let mut out = String::new();
    for ((n, ar), doc) in docs.entries() {
        let body = plain(doc);
        if n.to_lowercase().contains(&needle) || body.to_lowercase().contains(&needle) {
            let first = body
                .lines()
                .nth(1)
                .or(body.lines().next())
                .unwrap_or("")
                .trim();
            out.push_str(&format!("{n}/{ar}: {first}\n"));
        }
    }
    for t in docs.topics() {
        let body = plain(&t.text);
        if t.name.to_lowercase().contains(&needle) || body.to_lowercase().contains(&needle) {
            let first = body.lines().next().unwrap_or("").trim();
            out.push_str(&format!("{} {}: {first}\n", t.kind, t.name));
        }
    }
    if out.is_empty() {
        out = format!("Nothing documented mentions {text}.\n");
    }
    m.output().write(Stream::User, &out);
    Ok(true)
}
