//! What the program may ask of its open streams: the natives under `stream_property/2` and
//! `current_stream/3`, whose enumeration is written in Prolog in `library/boot.pl`, and the
//! place of a stream (line_count/2, line_position/2).
//!
//! Each native lists every answer at once, as pairs the library clause then picks from on
//! backtracking, so nothing here keeps state between calls. The properties are the subset of
//! SWI-Prolog's that mean something for ply's streams, in SWI's order; an unknown property
//! makes the call fail, as in SWI-Prolog 9, and is checked before the stream, so that asking a
//! closed stream for one fails too. Nothing here may open, read, close or block on a stream:
//! `end_of_stream` on standard input answers from what has been buffered, never by reading.

use super::streams::{stream_number, stream_term, OpenMode};
use crate::builtins::Ext;
use crate::machine::error::Res;
use crate::machine::output::Stream;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("$stream_properties", 3, stream_properties);
    m.def_native("$current_streams", 2, current_streams);
    m.def_native("line_count", 2, |m, a| {
        let (lines, _) = place(m, a[0])?;
        Ok(m.unify(a[1], Cell::int(lines as i64)))
    });
    m.def_native("line_position", 2, |m, a| {
        let (_, column) = place(m, a[0])?;
        Ok(m.unify(a[1], Cell::int(column as i64)))
    });
}

/// The line count and the column of stream `s`, as line_count/2 and line_position/2 give
/// them. The standard streams share one place, counted from line 0, as in SWI-Prolog; a file
/// or a capture counts its lines from 1.
fn place(m: &mut Machine, s: Cell) -> Result<(usize, usize), crate::machine::error::PlError> {
    if m.stacks.heap.deref(s).tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let n = stream_number(m, s)?;
    if n <= 2 {
        return Ok(m.services.out.place_of(Stream::User));
    }
    let (lines, column) = match m.services.natives.get::<Ext>().inputs.get(&n) {
        Some(f) => {
            let read = f.text.get(..f.pos).unwrap_or(&f.text);
            let (mut lines, mut column) = (0, 0);
            crate::machine::output::advance(&mut lines, &mut column, read);
            (lines, column)
        }
        None => m.services.out.place_of(Stream::File(n)),
    };
    Ok((lines + 1, column))
}

/// The names of the properties ply gives, with their arities.
const PROPERTIES: &[(&str, usize)] = &[
    ("file_name", 1),
    ("mode", 1),
    ("input", 0),
    ("output", 0),
    ("alias", 1),
    ("end_of_stream", 1),
    ("eof_action", 1),
    ("reposition", 1),
    ("type", 1),
    ("tty", 1),
    ("encoding", 1),
];

/// `'$stream_properties'(S, P, Pairs)`: `Pairs` lists `Stream-Property` for every property of
/// stream `S` (of every open stream when `S` is unbound), or is `[]` when `P` is bound to
/// something that is no property. A bound `S` that names no open stream raises SWI-Prolog's
/// error (`domain_error(stream_or_alias, S)` or `existence_error(stream, S)`).
fn stream_properties(m: &mut Machine, a: &[Cell]) -> Res {
    let p = m.stacks.heap.deref(a[1]);
    if p.tag() != Tag::Ref && !known_property(m, p) {
        return Ok(m.unify(a[2], Cell::atom(atom::NIL)));
    }
    let s = m.stacks.heap.deref(a[0]);
    let numbers = if s.tag() == Tag::Ref {
        open_streams(m)
    } else {
        vec![stream_number(m, s)?]
    };
    let minus = m.atoms.intern("-");
    let mut pairs = Vec::new();
    for n in numbers {
        let term = if s.tag() == Tag::Ref {
            stream_term(m, n)
        } else {
            s
        };
        for prop in properties(m, n) {
            pairs.push(m.stacks.heap.compound(minus, &[term, prop]));
        }
    }
    let l = m.stacks.heap.list_from(&pairs, Cell::atom(atom::NIL));
    Ok(m.unify(a[2], l))
}

/// `'$current_streams'(S, Triples)`: `cs(Object, Mode, Stream)` for stream `S` or every open
/// stream, `Object` being the file name, or SWI-Prolog's file descriptor number for the
/// standard streams, and `Mode` `read` or `write` (an appended file is written).
fn current_streams(m: &mut Machine, a: &[Cell]) -> Res {
    let s = m.stacks.heap.deref(a[0]);
    let numbers = if s.tag() == Tag::Ref {
        open_streams(m)
    } else {
        vec![stream_number(m, s)?]
    };
    let cs = m.atoms.intern("cs");
    let mut triples = Vec::new();
    for n in numbers {
        let (object, mode) = match n {
            0 => (Cell::int(0), "read"),
            1 | 2 => (Cell::int(n as i64), "write"),
            _ => match m.services.natives.get::<Ext>().streams.get(&n) {
                Some(info) => {
                    let name = info.file_name.clone();
                    let mode = if info.mode == OpenMode::Read {
                        "read"
                    } else {
                        "write"
                    };
                    (Cell::atom(m.volatile_atom(&name)), mode)
                }
                // A capture of with_output_to/2 is written, and is no file.
                None => continue,
            },
        };
        let term = if s.tag() == Tag::Ref {
            stream_term(m, n)
        } else {
            s
        };
        let mode = Cell::atom(m.atoms.intern(mode));
        triples.push(m.stacks.heap.compound(cs, &[object, mode, term]));
    }
    let l = m.stacks.heap.list_from(&triples, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// Whether `p` (bound) has the name and arity of a property ply gives.
fn known_property(m: &Machine, p: Cell) -> bool {
    let (name, arity) = match p.tag() {
        Tag::Atom => (p.atom_index(), 0),
        Tag::Str => {
            let f = m.stacks.heap.functor_of(p);
            (f.functor_name(), f.functor_arity())
        }
        _ => return false,
    };
    let name = m.atoms.name(name);
    PROPERTIES.iter().any(|&(n, k)| n == name && k == arity)
}

/// The numbers of the open streams: the three standard ones, then the files in the order they
/// were opened.
fn open_streams(m: &Machine) -> Vec<usize> {
    let mut files: Vec<usize> = m
        .services
        .natives
        .peek::<Ext>()
        .map(|e| e.streams.keys().copied().collect())
        .unwrap_or_default();
    files.sort_unstable();
    let mut all = vec![0, 1, 2];
    all.extend(files);
    all
}

/// The properties of open stream `n`, in SWI-Prolog's order.
fn properties(m: &mut Machine, n: usize) -> Vec<Cell> {
    let (file_name, mode, alias) = match n {
        0 => (None, "read", Some("user_input".to_string())),
        1 => (None, "write", Some("user_output".to_string())),
        2 => (None, "write", Some("user_error".to_string())),
        _ => match m.services.natives.get::<Ext>().streams.get(&n) {
            // A stream of open_string/2 has no file, and an empty name.
            Some(info) => (
                Some(info.file_name.clone()).filter(|f| !f.is_empty()),
                info.mode.name(),
                info.alias.clone(),
            ),
            // A capture of with_output_to/2: a stream in memory, written.
            None => (None, "write", None),
        },
    };
    let input = mode == "read";
    let mut props = Vec::new();
    if let Some(f) = file_name {
        let f = Cell::atom(m.volatile_atom(&f));
        props.push(unary(m, "file_name", f));
    }
    let mode = Cell::atom(m.atoms.intern(mode));
    props.push(unary(m, "mode", mode));
    props.push(Cell::atom(m.atoms.intern(if input {
        "input"
    } else {
        "output"
    })));
    if let Some(a) = alias {
        let a = Cell::atom(m.volatile_atom(&a));
        props.push(unary(m, "alias", a));
    }
    if input {
        let state = end_of_stream(m, n);
        let state = Cell::atom(m.atoms.intern(state));
        props.push(unary(m, "end_of_stream", state));
    }
    // Standard input can be read again after its end (a terminal's end of file is typed),
    // which SWI-Prolog calls `reset`; files give end of file again and again.
    let eof = Cell::atom(m.atoms.intern(if n == 0 { "reset" } else { "eof_code" }));
    props.push(unary(m, "eof_action", eof));
    let no = Cell::atom(atom::FALSE);
    props.push(unary(m, "reposition", no));
    let text = Cell::atom(m.atoms.intern("text"));
    props.push(unary(m, "type", text));
    // SWI-Prolog lists `tty` only for a terminal (or a stream `set_stream/2` made one).
    if super::set_stream::is_tty(m, n) {
        props.push(unary(m, "tty", Cell::atom(atom::TRUE)));
    }
    let utf8 = Cell::atom(m.atoms.intern("utf8"));
    props.push(unary(m, "encoding", utf8));
    props
}

/// SWI-Prolog's `end_of_stream` state of input stream `n`: `past` once a read has met the end,
/// `at` when nothing is left, else `not`. Standard input is `at` only once its end has been
/// seen and everything buffered consumed, since looking further would block.
fn end_of_stream(m: &Machine, n: usize) -> &'static str {
    let Some(ext) = m.services.natives.peek::<Ext>() else {
        return "not";
    };
    if n == 0 {
        return if ext.stdin_eof && ext.stdin_buf.is_empty() {
            "at"
        } else {
            "not"
        };
    }
    match ext.inputs.get(&n) {
        Some(f) if f.past_eof => "past",
        Some(f) if f.pos >= f.text.len() => "at",
        _ => "not",
    }
}

/// The term `name(arg)`.
fn unary(m: &mut Machine, name: &str, arg: Cell) -> Cell {
    let f = m.atoms.intern(name);
    m.stacks.heap.compound(f, &[arg])
}
