//! The common modes of `atomic_list_concat/3` without copies of their parts: joining a list of
//! atoms, strings and small integers into one buffer, and splitting at a separator of one
//! character by a character search.
//!
//! Both are fast paths of `atomic_list_concat3` in `atoms.rs`, taken only with the fast paths
//! on and only for arguments on which they answer as its general path does (which reads the
//! text of each part into a string of its own and splits at a separator of any length).

use crate::machine::Machine;
use crate::term::{BoxKind, Cell, Tag};
use std::fmt::Write;

/// The text of an atom or a string where it is kept.
fn text_in_place(m: &Machine, c: Cell) -> Option<&str> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Atom => Some(m.atoms.name(c.atom_index())),
        Tag::Boxed if m.stacks.heap.box_kind(c) == BoxKind::Str => {
            Some(m.stacks.heap.string_value(c))
        }
        _ => None,
    }
}

/// The elements of proper list `l` joined with `sep` between them, when `sep` is an atom or a
/// string and every element an atom, a string or a small integer; `None` otherwise (and with
/// the fast paths off), for the general path to answer.
pub fn join_plain(m: &Machine, l: Cell, sep: Cell) -> Option<String> {
    if !m.services.fast_paths {
        return None;
    }
    let sep = text_in_place(m, sep)?;
    let items = m.list_to_vec(l)?;
    let mut out = String::new();
    for (i, &it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        let c = m.stacks.heap.deref(it);
        if c.tag() == Tag::Int {
            // Writing to a String cannot fail.
            let _ = write!(out, "{}", c.int_value());
        } else {
            out.push_str(text_in_place(m, c)?);
        }
    }
    Some(out)
}

/// The one character of `sep` when it is an atom or a string of one character, with the fast
/// paths on: the separator [`split_at_char`] splits at.
pub fn one_char_sep(m: &Machine, sep: Cell) -> Option<char> {
    if !m.services.fast_paths {
        return None;
    }
    let mut chars = text_in_place(m, sep)?.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => Some(ch),
        _ => None,
    }
}

/// The list of the parts of `full` between occurrences of `sep`, as atoms, when `full` is an
/// atom or a string; `None` for anything else, which the general path checks and splits. The
/// text is copied once (onto the stack when short), since making an atom may change the atom
/// table a name is read from, and an ASCII separator is found byte by byte.
pub fn split_plain(
    m: &mut Machine,
    full: Cell,
    sep: char,
) -> Result<Option<Cell>, crate::machine::error::PlError> {
    const SHORT: usize = 256;
    let mut buf = [0u8; SHORT];
    let owned: String;
    let text: &str = {
        let Some(t) = text_in_place(m, full) else {
            return Ok(None);
        };
        if t.len() <= SHORT {
            buf[..t.len()].copy_from_slice(t.as_bytes());
            // A copy of a whole str is UTF-8.
            std::str::from_utf8(&buf[..t.len()]).unwrap_or_default()
        } else {
            owned = t.to_owned();
            &owned
        }
    };
    let mut parts = Vec::with_capacity(8);
    if sep.is_ascii() {
        let sb = sep as u8;
        let mut start = 0;
        for (i, &b) in text.as_bytes().iter().enumerate() {
            if b == sb {
                parts.push(m.atom_cell(&text[start..i])?);
                start = i + 1;
            }
        }
        parts.push(m.atom_cell(&text[start..])?);
    } else {
        for p in text.split(sep) {
            parts.push(m.atom_cell(p)?);
        }
    }
    Ok(Some(
        m.stacks
            .heap
            .list_from(&parts, Cell::atom(crate::term::atom::NIL)),
    ))
}
