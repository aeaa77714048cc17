//! SWI-Prolog's string builtins: `string_chars/2`, `string_codes/2`, `string_to_atom/2`,
//! `string_length/2`, `string_lower/2`, `string_upper/2`, `atom_string/2`,
//! `number_string/2`, `text_to_string/2`, `split_string/4`, `get_string_code/3`, and the
//! deterministic native under `string_code/3` (its enumerating mode is in `library/boot.pl`).
//!
//! Strings are not ISO, so these follow SWI-Prolog 9 in what they accept and raise. Every
//! predicate takes its text in any representation SWI allows; none binds more than its
//! output arguments.

use super::atoms::map_case;
use crate::machine::cell_text::{Accept, ListKind};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("string_chars", 2, |m, a| string_list(m, a, ListKind::Chars));
    m.def_native("string_codes", 2, |m, a| string_list(m, a, ListKind::Codes));
    m.def_native("string_to_atom", 2, string_to_atom);
    m.def_native("string_length", 2, string_length);
    m.def_native("string_lower", 2, |m, a| string_case(m, a, false));
    m.def_native("string_upper", 2, |m, a| string_case(m, a, true));
    m.def_native("atom_string", 2, atom_string);
    m.def_native("number_string", 2, number_string);
    m.def_native("text_to_string", 2, text_to_string);
    m.def_native("split_string", 4, split_string);
    m.def_native("get_string_code", 3, get_string_code);
    // The errors of the native under string_code/3 are string_code/3's.
    m.def_native("$string_code", 3, |m, a| {
        string_code(m, a).map_err(|e| m.in_context(e, "string_code", 3))
    });
}

fn string_list(m: &mut Machine, a: &[Cell], kind: ListKind) -> Res {
    let s = m.stacks.heap.deref(a[0]);
    if s.tag() != Tag::Ref {
        let text = m.text_arg(s, Accept::ANY, "text")?;
        super::atoms::check_list_or_partial(m, a[1])?;
        let l = super::atoms::make_list(m, &text, kind);
        return Ok(m.unify(l, a[1]));
    }
    let text = m.list_text_arg(a[1], kind)?;
    let c = m.stacks.heap.string(&text);
    Ok(m.unify(s, c))
}

fn string_to_atom(m: &mut Machine, a: &[Cell]) -> Res {
    let s = m.stacks.heap.deref(a[0]);
    let at = m.stacks.heap.deref(a[1]);
    if s.tag() != Tag::Ref {
        let text = m.text_arg(s, Accept::ANY, "string")?;
        if at.tag() != Tag::Ref {
            let other = m.text_arg(at, Accept::ATOMIC, "atom")?;
            return Ok(other == text);
        }
        let c = m.atom_cell(&text)?;
        return Ok(m.unify(at, c));
    }
    let text = m.text_arg(at, Accept::ATOMIC, "atom")?;
    let c = m.stacks.heap.string(&text);
    Ok(m.unify(s, c))
}

fn string_length(m: &mut Machine, a: &[Cell]) -> Res {
    let s = m.text_arg(a[0], Accept::ANY, "text")?;
    let n = m.stacks.heap.deref(a[1]);
    let len = s.chars().count() as i64;
    match n.tag() {
        Tag::Ref => Ok(m.unify(n, Cell::int(len))),
        // SWI fails on a negative length here rather than raising a domain error.
        Tag::Int => Ok(n.int_value() == len),
        _ if m.is_integer(n) => Ok(false),
        _ => Err(m.type_err("integer", n)),
    }
}

fn string_case(m: &mut Machine, a: &[Cell], upper: bool) -> Res {
    let s = m.text_arg(a[0], Accept::ANY, "atomic")?;
    let c = m.stacks.heap.string(&map_case(&s, upper));
    Ok(m.unify(c, a[1]))
}

fn atom_string(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.stacks.heap.deref(a[0]);
    let s = m.stacks.heap.deref(a[1]);
    if x.tag() != Tag::Ref {
        let text = m.text_arg(x, Accept::ANY, "atom")?;
        if s.tag() != Tag::Ref {
            let other = m.text_arg(s, Accept::ANY, "string")?;
            return Ok(other == text);
        }
        let c = m.stacks.heap.string(&text);
        return Ok(m.unify(s, c));
    }
    let text = m.text_arg(s, Accept::ANY, "string")?;
    let c = m.atom_cell(&text)?;
    Ok(m.unify(x, c))
}

fn number_string(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.stacks.heap.deref(a[0]);
    let s = m.stacks.heap.deref(a[1]);
    if s.tag() != Tag::Ref {
        let text = m.text_arg(s, Accept::ANY, "string")?;
        if n.tag() != Tag::Ref && !m.is_number(n) {
            return Err(m.type_err("number", n));
        }
        // SWI fails (no syntax error) on text that is not exactly a number, layout included.
        if text.starts_with(|c: char| c.is_whitespace()) {
            return Ok(false);
        }
        return match m.number_from_text(&text) {
            Some(v) => Ok(m.unify(n, v)),
            None => Ok(false),
        };
    }
    if n.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !m.is_number(n) {
        return Err(m.type_err("number", n));
    }
    let text = m.atomic_text(n).unwrap_or_default();
    let c = m.stacks.heap.string(&text);
    Ok(m.unify(s, c))
}

fn text_to_string(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.stacks.heap.deref(a[0]);
    if t.tag() == Tag::Ref {
        let text = m.text_arg(a[1], Accept::ANY, "string")?;
        let c = m.stacks.heap.string(&text);
        return Ok(m.unify(t, c));
    }
    let text = m.text_arg(t, Accept::ANY, "text")?;
    let c = m.stacks.heap.string(&text);
    Ok(m.unify(c, a[1]))
}

/// The fields of `text` split at any character of `sep`, each stripped of the characters of
/// `pad` at both ends, as SWI-Prolog's `split_string/4` does: the whole text is stripped first,
/// and leading pad is skipped before a field's end is looked for, so a separator that is also
/// padding collapses runs of separators.
pub fn split_fields(text: &str, sep: &str, pad: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let is_sep = |c: char| sep.contains(c);
    let is_pad = |c: char| pad.contains(c);
    let (mut lo, mut hi) = (0, chars.len());
    while lo < hi && is_pad(chars[lo]) {
        lo += 1;
    }
    while hi > lo && is_pad(chars[hi - 1]) {
        hi -= 1;
    }
    let mut out = Vec::new();
    let mut start = lo;
    loop {
        while start < hi && is_pad(chars[start]) && !is_sep(chars[start]) {
            start += 1;
        }
        let mut end = start;
        while end < hi && !is_sep(chars[end]) {
            end += 1;
        }
        let mut e = end;
        while e > start && is_pad(chars[e - 1]) {
            e -= 1;
        }
        out.push(chars[start..e].iter().collect());
        if end >= hi {
            break;
        }
        start = end + 1;
        if is_pad(chars[end]) {
            while start < hi && is_pad(chars[start]) {
                start += 1;
            }
        }
    }
    out
}

fn split_string(m: &mut Machine, a: &[Cell]) -> Res {
    let text = m.text_arg(a[0], Accept::ANY, "text")?;
    let sep = m.text_arg(a[1], Accept::ANY, "text")?;
    let pad = m.text_arg(a[2], Accept::ANY, "text")?;
    let out = m.stacks.heap.deref(a[3]);
    if !matches!(out.tag(), Tag::Ref | Tag::List) && out != Cell::atom(atom::NIL) {
        return Err(m.type_err("list", out));
    }
    let fields: Vec<Cell> = split_fields(&text, &sep, &pad)
        .iter()
        .map(|f| m.stacks.heap.string(f))
        .collect::<Vec<_>>();
    let l = m.stacks.heap.list_from(&fields, Cell::atom(atom::NIL));
    Ok(m.unify(l, out))
}

/// `'$string_code'(I, S, C)`: C is the code at 1-based index I of S (I bound).
fn string_code(m: &mut Machine, a: &[Cell]) -> Res {
    let i = m.stacks.heap.deref(a[0]);
    let s = m.stacks.heap.deref(a[1]);
    if s.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let text = m.text_arg(s, Accept::ANY, "text")?;
    match i.tag() {
        Tag::Ref => {
            let n = text.chars().count() as i64;
            Ok(m.unify(i, Cell::int(n)))
        }
        Tag::Int if i.int_value() < 0 => Err(m.domain_err("not_less_than_zero", i)),
        Tag::Int => {
            let k = i.int_value() as usize;
            if k == 0 {
                return Ok(false);
            }
            match text.chars().nth(k - 1) {
                Some(c) => Ok(m.unify(a[2], Cell::int(c as i64))),
                None => Ok(false),
            }
        }
        _ if m.is_integer(i) => Ok(false),
        _ => Err(m.type_err("integer", i)),
    }
}

/// `get_string_code(+Index, +String, -Code)`: string_code/3 with its range checked, as in
/// SWI-Prolog 9, where an index outside `1..Length` raises `domain_error(range(1, Length), I)`
/// instead of failing.
fn get_string_code(m: &mut Machine, a: &[Cell]) -> Res {
    let i = m.stacks.heap.deref(a[0]);
    let s = m.stacks.heap.deref(a[1]);
    if i.tag() == Tag::Ref || s.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !m.is_integer(i) {
        return Err(m.type_err("integer", i));
    }
    let text = m.text_arg(s, Accept::ANY, "text")?;
    let n = text.chars().count() as i64;
    let k = if i.tag() == Tag::Int {
        i.int_value()
    } else {
        0
    };
    match text.chars().nth((k.max(1) - 1) as usize) {
        Some(c) if k >= 1 => Ok(m.unify(a[2], Cell::int(c as i64))),
        _ => {
            let range = m.atoms.intern("range");
            let r = m.stacks.heap.compound(range, &[Cell::int(1), Cell::int(n)]);
            let f = m.stacks.heap.compound(atom::DOMAIN_ERROR, &[r, i]);
            Err(m.err(f))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split_fields;

    #[test]
    fn split_like_swi() {
        assert_eq!(split_fields("a,b,,c", ",", ""), ["a", "b", "", "c"]);
        assert_eq!(split_fields("  hello  ", "", " "), ["hello"]);
        assert_eq!(
            split_fields("/home//jan///nice/path", "/", ""),
            ["", "home", "", "jan", "", "", "nice", "path"]
        );
        assert_eq!(
            split_fields("/home//jan///nice/path", "/", "/"),
            ["home", "jan", "nice", "path"]
        );
        assert_eq!(split_fields(" a ", " ", " "), ["a"]);
        assert_eq!(split_fields("  ", " ", " "), [""]);
        assert_eq!(split_fields("", "", ""), [""]);
        assert_eq!(
            split_fields("SWI-Prolog, 7.0", ",", " "),
            ["SWI-Prolog", "7.0"]
        );
    }
}
