//! SWI-Prolog's `read_string/3` and `read_string/5`, which read a stream's text into a string:
//! all of it or a number of characters, or up to the next of a set of separator characters
//! with padding stripped (the usual way to read a data file line by line or field by field).

use super::char_io::{advance, input_arg, mark_past_eof, peek};
use crate::builtins::Ext;
use crate::machine::cell_text::Accept;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register the two predicates.
pub fn install(m: &mut Machine) {
    m.def_native("read_string", 3, read_string3);
    m.def_native("read_string", 5, read_string5);
}

/// `read_string(+Stream, ?Length, -String)`: with `Length` an integer, at most that many
/// characters; unbound, the rest of the stream, and `Length` is unified with its length.
fn read_string3(m: &mut Machine, a: &[Cell]) -> Res {
    let n = input_arg(m, a[0])?;
    let len = m.stacks.heap.deref(a[1]);
    let limit = match len.tag() {
        Tag::Ref => None,
        Tag::Int if len.int_value() >= 0 => Some(len.int_value() as usize),
        Tag::Int => return Err(m.domain_err("not_less_than_zero", len)),
        _ => return Err(m.type_err("integer", len)),
    };
    if n != 0 {
        // A file or string stream holds its whole text: take the characters in one slice
        // rather than one look-up of the stream a character.
        if let Some(f) = m.services.natives.get::<Ext>().inputs.get_mut(&n) {
            let rest = f.text.get(f.pos..).unwrap_or("");
            let end = match limit {
                Some(l) => rest.char_indices().nth(l).map_or(rest.len(), |(i, _)| i),
                None => rest.len(),
            };
            let text = rest[..end].to_string();
            f.pos += end;
            if limit.is_none_or(|l| text.chars().count() < l) {
                f.past_eof = true;
            }
            let count = text.chars().count();
            let s = m.stacks.heap.string(&text);
            return Ok(
                m.unify(a[2], s) && (limit.is_some() || m.unify(a[1], Cell::int(count as i64)))
            );
        }
    }
    let mut text = String::new();
    let mut count = 0usize;
    while limit.is_none_or(|l| count < l) {
        match peek(m, n) {
            Some(c) => {
                advance(m, n, c);
                text.push(c);
                count += 1;
            }
            None => {
                mark_past_eof(m, n);
                break;
            }
        }
    }
    let s = m.stacks.heap.string(&text);
    // A given length is a maximum: fewer characters at the end of the stream still succeed.
    Ok(m.unify(a[2], s) && (limit.is_some() || m.unify(a[1], Cell::int(count as i64))))
}

/// `read_string(+Stream, +SepChars, +PadChars, -Sep, -String)`: the text up to the first
/// character of `SepChars` (consumed; `Sep` is its code) or to the end of the stream (`Sep` is
/// -1), with the characters of `PadChars` stripped from both ends.
fn read_string5(m: &mut Machine, a: &[Cell]) -> Res {
    let n = input_arg(m, a[0])?;
    let seps = m.text_arg(a[1], Accept::ANY, "text")?;
    let pads = m.text_arg(a[2], Accept::ANY, "text")?;
    let mut text = String::new();
    let mut sep = -1i64;
    loop {
        match peek(m, n) {
            Some(c) => {
                advance(m, n, c);
                if seps.contains(c) {
                    sep = c as i64;
                    break;
                }
                text.push(c);
            }
            None => {
                mark_past_eof(m, n);
                break;
            }
        }
    }
    let trimmed = text.trim_matches(|c| pads.contains(c));
    let s = m.stacks.heap.string(trimmed);
    Ok(m.unify(a[3], Cell::int(sep)) && m.unify(a[4], s))
}
