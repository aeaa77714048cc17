//! `set_stream/2`: changing a property of an open stream, as SWI-Prolog's.
//!
//! ply's streams are all UTF-8 text with the same buffering, so most properties a program sets
//! change nothing ply would do differently: they are checked as SWI-Prolog checks them (the
//! stream first, then the property's name and its value's type) and accepted. Two are kept:
//! `tty(Bool)`, which `stream_property/2` then reports and `ansi_format/3` reads (a program that
//! wants its colours in a pipe sets it), and `alias(Name)` of a file stream, which then names
//! the stream as `open/4`'s option does.

use super::streams::stream_number;
use crate::builtins::Ext;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register the native.
pub fn install(m: &mut Machine) {
    m.def_native("set_stream", 2, set_stream);
}

/// The encodings SWI-Prolog names.
const ENCODINGS: &[&str] = &[
    "octet",
    "ascii",
    "iso_latin_1",
    "text",
    "utf8",
    "unicode_be",
    "unicode_le",
    "utf16be",
    "utf16le",
    "wchar_t",
];

/// What the value of a property must be.
enum Value {
    /// `true` or `false`.
    Bool,
    /// An atom.
    Atom,
    /// An integer.
    Int,
    /// Anything bound.
    Any,
}

/// The properties `set_stream/2` takes, with what their value must be.
const SETTABLE: &[(&str, Value)] = &[
    ("alias", Value::Atom),
    ("buffer", Value::Atom),
    ("buffer_size", Value::Int),
    ("close_on_abort", Value::Bool),
    ("close_on_exec", Value::Bool),
    ("encoding", Value::Atom),
    ("eof_action", Value::Atom),
    ("file_name", Value::Atom),
    ("line_position", Value::Int),
    ("locale", Value::Any),
    ("newline", Value::Atom),
    ("timeout", Value::Any),
    ("type", Value::Atom),
    ("record_position", Value::Bool),
    ("representation_errors", Value::Atom),
    ("tty", Value::Bool),
    ("write_errors", Value::Atom),
];

/// `set_stream(+Stream, +Property)`.
fn set_stream(m: &mut Machine, a: &[Cell]) -> Res {
    let p = m.stacks.heap.deref(a[1]);
    if p.tag() == Tag::Ref || m.stacks.heap.deref(a[0]).tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let n = stream_number(m, a[0])?;
    let bad = |m: &mut Machine| Err(m.domain_err("stream_attribute", p));
    if p.tag() != Tag::Str || m.stacks.heap.functor_of(p).functor_arity() != 1 {
        return bad(m);
    }
    let name = m
        .atoms
        .name(m.stacks.heap.functor_of(p).functor_name())
        .to_string();
    let Some((_, kind)) = SETTABLE.iter().find(|(k, _)| *k == name) else {
        return bad(m);
    };
    let v = m.stacks.heap.deref(m.stacks.heap.arg(p, 0));
    if v.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let atom_text = (v.tag() == Tag::Atom).then(|| m.atoms.name(v.atom_index()).to_string());
    match kind {
        Value::Bool if !matches!(atom_text.as_deref(), Some("true" | "false")) => {
            return Err(m.type_err("bool", v));
        }
        Value::Atom if atom_text.is_none() => return Err(m.type_err("atom", v)),
        Value::Int if v.tag() != Tag::Int => return Err(m.type_err("integer", v)),
        _ => {}
    }
    match name.as_str() {
        "tty" => {
            let on = atom_text.as_deref() == Some("true");
            m.services.natives.get::<Ext>().tty.insert(n, on);
        }
        "encoding" if !ENCODINGS.contains(&atom_text.as_deref().unwrap_or("")) => {
            return Err(m.domain_err("encoding", v));
        }
        "alias" => {
            if let Some(info) = m.services.natives.get::<Ext>().streams.get_mut(&n) {
                info.alias = atom_text;
            }
        }
        _ => {}
    }
    Ok(true)
}

/// Whether stream `n` is a terminal: as `set_stream/2` last set it, else, for the standard
/// streams, whether the process's own is one.
pub fn is_tty(m: &mut Machine, n: usize) -> bool {
    use std::io::IsTerminal;
    if let Some(&on) = m.services.natives.get::<Ext>().tty.get(&n) {
        return on;
    }
    match n {
        0 => std::io::stdin().is_terminal(),
        1 => std::io::stdout().is_terminal(),
        2 => std::io::stderr().is_terminal(),
        _ => false,
    }
}
