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

/// The parts of `full` between occurrences of `sep`, as atoms.
pub fn split_at_char(
    m: &mut Machine,
    full: &str,
    sep: char,
) -> Result<Vec<Cell>, crate::machine::error::PlError> {
    full.split(sep).map(|p| m.atom_cell(p)).collect()
}
