//! Reading whole lines and whole files, as SWI-Prolog's `library(readutil)` does:
//! `read_line_to_string/2`, `read_line_to_codes/2,3`, `read_file_to_codes/3`,
//! `read_file_to_string/3` and `read_file_to_terms/3`.
//!
//! Lines are cut at `\n` only, and the one-line predicates drop a `\r` before it, so files
//! written on Windows read the same. Text is UTF-8; a file that is not is read with U+FFFD for
//! the bytes that do not decode, never refused. Nothing here may split a multi-byte character
//! or keep a file open: the whole-file predicates read the file and let it go.

use super::char_io::input_arg;
use crate::builtins::streams::fill_stdin;
use crate::builtins::Ext;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, BoxKind, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("read_line_to_string", 2, |m, a| {
        let n = input_arg(m, a[0])?;
        let v = match raw_line(m, n) {
            Some(l) => m.stacks.heap.string(strip_line_end(&l)),
            None => Cell::atom(atom::END_OF_FILE),
        };
        Ok(m.unify(a[1], v))
    });
    // SWI-Prolog 9 gives the atom end_of_file at the end of the stream, not -1.
    m.def_native("read_line_to_codes", 2, |m, a| {
        let n = input_arg(m, a[0])?;
        let v = match raw_line(m, n) {
            Some(l) => codes(m, strip_line_end(&l), Cell::atom(atom::NIL)),
            None => Cell::atom(atom::END_OF_FILE),
        };
        Ok(m.unify(a[1], v))
    });
    m.def_native("read_line_to_codes", 3, read_line_to_codes3);
    m.def_native("read_file_to_codes", 3, |m, a| {
        let text = file_text(m, a[0], a[2])?;
        let l = codes(m, &text, Cell::atom(atom::NIL));
        Ok(m.unify(a[1], l))
    });
    m.def_native("read_file_to_string", 3, |m, a| {
        let text = file_text(m, a[0], a[2])?;
        let s = m.stacks.heap.string(&text);
        Ok(m.unify(a[1], s))
    });
    m.def_native("read_file_to_terms", 3, read_file_to_terms);
}

/// `read_line_to_codes(S, Codes, Tail)`: the next line with its line break as a difference
/// list. A line that ends the file without a line break closes the list (`Tail = []`), and at
/// the end of the file both are `[]`, as in SWI-Prolog.
fn read_line_to_codes3(m: &mut Machine, a: &[Cell]) -> Res {
    let n = input_arg(m, a[0])?;
    let line = raw_line(m, n).unwrap_or_default();
    if line.ends_with('\n') {
        let l = codes(m, &line, a[2]);
        Ok(m.unify(a[1], l))
    } else {
        let l = codes(m, &line, Cell::atom(atom::NIL));
        Ok(m.unify(a[1], l) && m.unify(a[2], Cell::atom(atom::NIL)))
    }
}

/// `read_file_to_terms(Spec, Terms, Options)`: every term of the file, read as `read/1` reads
/// them; a syntax error raises, as in SWI-Prolog.
fn read_file_to_terms(m: &mut Machine, a: &[Cell]) -> Res {
    let text = file_text(m, a[0], a[2])?;
    let mut terms = Vec::new();
    let mut pos = 0;
    loop {
        match m.read_data(&text, pos) {
            Ok(Some((r, end))) => {
                terms.push(r.term);
                pos = end;
            }
            Ok(None) => break,
            Err(e) => return Err(m.syntax_err(e.kind)),
        }
    }
    let l = m.stacks.heap.list_from(&terms, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// The next line of input stream `n` with its line break, or `None` at the end of the stream
/// (which a later `stream_property(S, end_of_stream(past))` reports). The last line need not
/// end in a line break.
pub fn raw_line(m: &mut Machine, n: usize) -> Option<String> {
    if n == 0 {
        return stdin_raw_line(m);
    }
    let f = m.services.natives.get::<Ext>().inputs.get_mut(&n)?;
    let rest = f.text.get(f.pos..).unwrap_or("");
    if rest.is_empty() {
        f.past_eof = true;
        return None;
    }
    let end = rest.find('\n').map(|i| i + 1).unwrap_or(rest.len());
    let line = rest[..end].to_string();
    f.pos += end;
    Some(line)
}

/// The next line of standard input with its line break, or `None` at its end.
fn stdin_raw_line(m: &mut Machine) -> Option<String> {
    loop {
        let buf = &m.services.natives.get::<Ext>().stdin_buf;
        if let Some(i) = buf.find('\n') {
            let line = buf[..=i].to_string();
            crate::builtins::consume_stdin(m, i + 1);
            return Some(line);
        }
        if !fill_stdin(m) {
            let rest = m.services.natives.get::<Ext>().stdin_buf.clone();
            crate::builtins::consume_stdin(m, rest.len());
            return (!rest.is_empty()).then_some(rest);
        }
    }
}

/// A line without its line break: `\n`, and a `\r` before it.
fn strip_line_end(line: &str) -> &str {
    let l = line.strip_suffix('\n').unwrap_or(line);
    l.strip_suffix('\r').unwrap_or(l)
}

/// The code list of `text` ending in `tail`.
fn codes(m: &mut Machine, text: &str, tail: Cell) -> Cell {
    m.stacks.heap.codes_from(text, tail)
}

/// The whole text of the file `spec` names, with SWI-Prolog's errors: an unbound name or
/// options list is an instantiation error, options that are not a list a type error, a
/// number `type_error(text, N)`, and a compound term or a file that cannot be read
/// `existence_error(source_sink, Spec)`. The options themselves are not looked at.
fn file_text(m: &mut Machine, spec: Cell, options: Cell) -> Result<String, PlError> {
    let s = m.stacks.heap.deref(spec);
    let path = match s.tag() {
        Tag::Ref => return Err(m.inst_err()),
        Tag::Atom => m.atoms.name(s.atom_index()).to_string(),
        Tag::Boxed if m.box_kind_is(s, BoxKind::Str) => m.stacks.heap.string_value(s).to_string(),
        Tag::Str | Tag::List => return Err(m.existence_err("source_sink", s)),
        _ => return Err(m.type_err("text", s)),
    };
    if m.list_to_vec_checked(options)?.is_none() {
        return Err(m.inst_err());
    }
    // A relative name is taken from the working directory, as SWI-Prolog takes it.
    match std::fs::read(&path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes).into_owned()),
        Err(_) => Err(m.existence_err("source_sink", s)),
    }
}
