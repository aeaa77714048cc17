//! `'$format_to_sink'/3`, under `format/3` with an `atom(_)`, `string(_)`, `codes(_)`,
//! `codes(_, _)`, `chars(_)` or `chars(_, _)` sink: the text formatted into one buffer and
//! made into the sink's term at once, where the library's clause (its general path, taken
//! with the fast paths off) captures the output of `format/2` under `with_output_to/2` into a
//! string and converts that.
//!
//! The answers are the clause's: a failing `~@` goal fails, an error is `format/2`'s, and a
//! bound sink argument is checked by the predicate `'$sink'/2` calls for it (`atom_string/2`,
//! `string_codes/2`, `string_chars/2`), with that predicate's errors.

use crate::machine::db::PredKind;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Make `'$format_to_sink'/3` this native, over the library's clause (called after the
/// library is loaded, and only with the fast paths on).
pub fn install_over_library(m: &mut Machine) {
    m.def_native("$format_to_sink", 3, format_to_sink);
}

/// `'$format_to_sink'(Sink, Format, Args)`.
fn format_to_sink(m: &mut Machine, a: &[Cell]) -> Res {
    let text = match super::format_to_string(m, a[1], a[2], 0) {
        Ok(Some(t)) => t,
        Ok(None) => return Ok(false),
        Err(e) => return Err(m.in_context(e, "format", 2)),
    };
    let sink = m.stacks.heap.deref(a[0]);
    if sink.tag() != Tag::Str {
        return Ok(false);
    }
    let f = m.stacks.heap.functor_of(sink);
    let (name, arity) = (m.atoms.name(f.functor_name()).to_owned(), f.functor_arity());
    let x = m.stacks.heap.arg(sink, 0);
    let free = m.stacks.heap.deref(x).tag() == Tag::Ref;
    let made = match (name.as_str(), arity, free) {
        ("atom", 1, true) => m.atom_cell(&text)?,
        ("string", 1, _) => m.stacks.heap.string(&text),
        ("codes", 1, true) => m.codes_cell(&text),
        ("chars", 1, true) => m.chars_cell(&text),
        ("codes", 2, _) => {
            let tail = m.stacks.heap.arg(sink, 1);
            m.stacks.heap.codes_from(&text, tail)
        }
        ("chars", 2, _) => {
            let tail = m.stacks.heap.arg(sink, 1);
            let chars: Vec<Cell> = text.chars().map(|ch| m.char_cell(ch)).collect();
            m.stacks.heap.list_from(&chars, tail)
        }
        ("atom", 1, false) => return checked(m, "atom_string", x, &text, true),
        ("codes", 1, false) => return checked(m, "string_codes", x, &text, false),
        ("chars", 1, false) => return checked(m, "string_chars", x, &text, false),
        _ => return Ok(false),
    };
    Ok(m.unify(x, made))
}

/// Call native `name/2` as `'$sink'/2` does for a bound sink argument `x`: with `x` first
/// (`atom_string/2`) or second, and the text as a string.
fn checked(m: &mut Machine, name: &str, x: Cell, text: &str, x_first: bool) -> Res {
    let s = m.stacks.heap.string(text);
    let n = m.atoms.intern(name);
    let pid = m.pred_id(n, 2);
    let PredKind::Native(f) = m.program.preds[pid as usize].kind else {
        return Ok(false);
    };
    let args = if x_first { [x, s] } else { [s, x] };
    f(m, &args).map_err(|e| m.in_context(e, name, 2))
}
