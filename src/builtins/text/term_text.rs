//! Terms to text and back: `term_to_atom/2`, `term_string/2`, `atom_to_term/3` and
//! `read_term_from_atom/3`.
//!
//! Text is read with the machine's reader and operator table; a text without a closing full
//! stop is read as if it had one, and a text of layout only reads as `end_of_file`, as in
//! SWI-Prolog. Terms are written as `writeq/1` writes them. Nothing here touches a stream.

use crate::machine::cell_text::Accept;
use crate::machine::error::{PlError, Res};
use crate::machine::load::ReadResult;
use crate::machine::write::WriteOpts;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("term_to_atom", 2, |m, a| term_text(m, a, false));
    m.def_native("term_string", 2, |m, a| term_text(m, a, true));
    m.def_native("atom_to_term", 3, atom_to_term);
    m.def_native("read_term_from_atom", 3, read_term_from_atom);
}

/// Read one term from `text`: `Ok(None)` when the text holds only layout (the caller
/// makes that `end_of_file`), a syntax error when it is malformed.
pub fn read_term_from_text(m: &mut Machine, text: &str) -> Result<Option<ReadResult>, PlError> {
    // A text in which no `.` can be an end token cannot be read as it is: that read ends in
    // an error or at the end of the input, and the read with a full stop added is the one
    // that can succeed, so it goes first. When it fails, the reads below run as before, so
    // that the error raised is the one the text itself gives.
    if !may_hold_end(text) {
        let mut closed = String::with_capacity(text.len() + 2);
        closed.push_str(text);
        closed.push_str(" .");
        if let Ok(Some((r, end))) = m.read_data(&closed, 0) {
            if end >= text.len() {
                return Ok(Some(r));
            }
        }
    }
    match m.read_data(text, 0) {
        Ok(Some((r, _))) => Ok(Some(r)),
        Ok(None) => Ok(None),
        Err(first) => {
            // A term without its full stop: read it again with one added.
            let closed = format!("{text} .");
            match m.read_data(&closed, 0) {
                Ok(Some((r, end))) if end >= text.len() => Ok(Some(r)),
                Ok(None) => Ok(None),
                _ => Err(m.syntax_err(first.kind)),
            }
        }
    }
}

/// False when no `.` of `text` can be an end token: none is followed by the end of the text,
/// ASCII layout, `%` or a byte of a character outside ASCII (which may be Unicode layout).
fn may_hold_end(text: &str) -> bool {
    let b = text.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'.'
            && match b.get(i + 1) {
                None => true,
                Some(&n) => {
                    matches!(n, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C | b'%') || n >= 0x80
                }
            }
    })
}

/// `Name = Var` pairs for the named variables of a read term.
pub fn bindings_list(m: &mut Machine, vars: &[(String, Cell)]) -> Cell {
    let pairs: Vec<Cell> = vars
        .iter()
        .map(|(n, v)| {
            let a = m.volatile_atom(n);
            m.stacks.heap.compound(atom::EQUALS, &[Cell::atom(a), *v])
        })
        .collect();
    m.stacks.heap.list_from(&pairs, Cell::atom(atom::NIL))
}

/// The term read from `text`, with its bindings; `end_of_file` for empty text.
fn parse(m: &mut Machine, text: &str) -> Result<(Cell, Cell), PlError> {
    match read_term_from_text(m, text)? {
        Some(r) => {
            let b = bindings_list(m, &r.vars);
            Ok((r.term, b))
        }
        None => Ok((Cell::atom(atom::END_OF_FILE), Cell::atom(atom::NIL))),
    }
}

fn term_text(m: &mut Machine, a: &[Cell], string: bool) -> Res {
    let t = m.stacks.heap.deref(a[1]);
    if t.tag() != Tag::Ref {
        let text = m.text_arg(t, Accept::ANY, "text")?;
        // The variables' names are not asked for, so no bindings list is built.
        let term = match read_term_from_text(m, &text)? {
            Some(r) => r.term,
            None => Cell::atom(atom::END_OF_FILE),
        };
        return Ok(m.unify(term, a[0]));
    }
    let opts = WriteOpts {
        quoted: true,
        ..WriteOpts::default()
    };
    let text = doubled_quotes(&m.write_term_string(a[0], opts));
    let c = if string {
        m.stacks.heap.string(&text)
    } else {
        m.atom_cell(&text)?
    };
    Ok(m.unify(t, c))
}

fn atom_to_term(m: &mut Machine, a: &[Cell]) -> Res {
    let text = m.text_arg(a[0], Accept::ANY, "text")?;
    let (term, b) = parse(m, &text)?;
    Ok(m.unify(term, a[1]) && m.unify(b, a[2]))
}

fn read_term_from_atom(m: &mut Machine, a: &[Cell]) -> Res {
    let text = m.text_arg(a[0], Accept::ANY, "text")?;
    let opts = match m.list_to_vec_checked(a[2])? {
        Some(v) => v,
        None => return Err(m.inst_err()),
    };
    let r = read_term_from_text(m, &text)?;
    let Some(r) = r else {
        return Ok(m.unify(a[1], Cell::atom(atom::END_OF_FILE)));
    };
    if !m.unify(r.term, a[1]) {
        return Ok(false);
    }
    for o in opts {
        let o = m.stacks.heap.deref(o);
        if o.tag() != Tag::Str || m.stacks.heap.functor_of(o).functor_arity() != 1 {
            continue;
        }
        let name = m
            .atoms
            .name(m.stacks.heap.functor_of(o).functor_name())
            .to_string();
        let v = match name.as_str() {
            "variable_names" => bindings_list(m, &r.vars),
            "variables" => {
                let vs: Vec<Cell> = r.vars.iter().map(|(_, v)| *v).collect();
                m.stacks.heap.list_from(&vs, Cell::atom(atom::NIL))
            }
            _ => continue,
        };
        let arg = m.stacks.heap.arg(o, 0);
        if !m.unify(arg, v) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `writeq` text with each `\'` inside a quoted atom written as `''`, the form SWI-Prolog's
/// `term_to_atom/2` and `term_string/2` produce.
fn doubled_quotes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut quote: Option<char> = None;
    let mut it = s.chars();
    while let Some(c) = it.next() {
        match quote {
            None => {
                if matches!(c, '\'' | '"' | '`') {
                    quote = Some(c);
                }
                out.push(c);
            }
            Some(q) => {
                if c == '\\' {
                    match it.next() {
                        Some('\'') if q == '\'' => out.push_str("''"),
                        Some(n) => {
                            out.push(c);
                            out.push(n);
                        }
                        None => out.push(c),
                    }
                } else {
                    if c == q {
                        quote = None;
                    }
                    out.push(c);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::doubled_quotes;

    #[test]
    fn quotes_are_doubled_inside_quoted_atoms_only() {
        assert_eq!(doubled_quotes(r"f('A',b,'it\'s')"), "f('A',b,'it''s')");
        assert_eq!(doubled_quotes(r"'a\\'"), r"'a\\'");
        assert_eq!(doubled_quotes(r#""it's""#), r#""it's""#);
    }
}
