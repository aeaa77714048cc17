//! Character and byte I/O of ISO 13211-1 (8.12, 8.13): `get_char/1,2`, `get_code/1,2`,
//! `peek_char/1,2`, `peek_code/1,2`, `put_char/2`, `put_code/1,2`, `get_byte/1,2`,
//! `peek_byte/1,2`, `put_byte/1,2` and `at_end_of_stream/0`, with the one-character peek and
//! consume primitives that `at_end_of_stream/1` in `streams.rs` shares.
//!
//! A character is a Unicode scalar value: input is decoded as UTF-8 and consumed one whole
//! character at a time, so this module must never split a multi-byte character, never hand out
//! a surrogate or a code above U+10FFFF, and never consume input when it raises an error or
//! peeks. Every ply stream is a text stream, so the byte predicates only check their stream
//! (and `put_byte` its byte) and raise the permission error SWI-Prolog raises for a byte
//! operation on a text stream; they must never read or write anything. Errors follow ISO where
//! SWI-Prolog is more lenient (SWI accepts `put_char(1)` and `put_code(a)`), and SWI's order of
//! checks where ISO leaves it open.
//! `put_char/1` lives in `io.rs` with the other writes to current output.

use super::streams::{fill_stdin, input_number, output_stream};
use crate::builtins::Ext;
use crate::machine::error::{PlError, Res};
use crate::machine::output::Stream;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// What a character predicate reads or writes: a one-character atom or its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    /// A one-character atom; `end_of_file` at the end of the stream.
    Char,
    /// An integer character code; -1 at the end of the stream.
    Code,
}

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("get_char", 1, |m, a| get(m, None, a[0], Unit::Char, true));
    m.def_native("get_char", 2, |m, a| {
        get(m, Some(a[0]), a[1], Unit::Char, true)
    });
    m.def_native("get_code", 1, |m, a| get(m, None, a[0], Unit::Code, true));
    m.def_native("get_code", 2, |m, a| {
        get(m, Some(a[0]), a[1], Unit::Code, true)
    });
    m.def_native("peek_char", 1, |m, a| get(m, None, a[0], Unit::Char, false));
    m.def_native("peek_char", 2, |m, a| {
        get(m, Some(a[0]), a[1], Unit::Char, false)
    });
    m.def_native("peek_code", 1, |m, a| get(m, None, a[0], Unit::Code, false));
    m.def_native("peek_code", 2, |m, a| {
        get(m, Some(a[0]), a[1], Unit::Code, false)
    });
    m.def_native("put_char", 2, |m, a| put(m, Some(a[0]), a[1], Unit::Char));
    m.def_native("put_code", 1, |m, a| put(m, None, a[0], Unit::Code));
    m.def_native("put_code", 2, |m, a| put(m, Some(a[0]), a[1], Unit::Code));
    m.def_native("get_byte", 1, |m, _| byte_input(m, None));
    m.def_native("get_byte", 2, |m, a| byte_input(m, Some(a[0])));
    m.def_native("peek_byte", 1, |m, _| byte_input(m, None));
    m.def_native("peek_byte", 2, |m, a| byte_input(m, Some(a[0])));
    m.def_native("put_byte", 1, |m, a| byte_output(m, None, a[0]));
    m.def_native("put_byte", 2, |m, a| byte_output(m, Some(a[0]), a[1]));
    m.def_native("at_end_of_stream", 0, |m, _| {
        let n = m.services.natives.get::<Ext>().current_input;
        Ok(at_end(m, n))
    });
}

/// The number of the input stream that argument `s` names. Besides what
/// [`input_number`] accepts, the alias `user` names standard input here, because SWI-Prolog
/// reads `user` as `user_input` when it is given to an input predicate (and `streams.rs`
/// maps it to `user_output` for the output predicates).
pub fn input_arg(m: &mut Machine, s: Cell) -> Result<usize, PlError> {
    let d = m.stacks.heap.deref(s);
    if d.tag() == Tag::Atom && m.atoms.name(d.atom_index()) == "user" {
        return Ok(0);
    }
    input_number(m, s)
}

/// The next character of input stream `n` (0 is standard input) without consuming it, or
/// `None` at the end of the stream. On standard input this blocks until a line or the end of
/// the input arrives, as every Prolog's `peek_char/1` does.
pub fn peek(m: &mut Machine, n: usize) -> Option<char> {
    if n != 0 {
        let f = m.services.natives.get::<Ext>().inputs.get(&n)?;
        return f.text.get(f.pos..).and_then(|rest| rest.chars().next());
    }
    loop {
        if let Some(c) = m.services.natives.get::<Ext>().stdin_buf.chars().next() {
            return Some(c);
        }
        if !fill_stdin(m) {
            return None;
        }
    }
}

/// Consume character `c`, which [`peek`] has just returned for stream `n`. Advancing by the
/// character's own UTF-8 length keeps the read position on a character boundary.
pub fn advance(m: &mut Machine, n: usize, c: char) {
    let len = c.len_utf8();
    if n != 0 {
        if let Some(f) = m.services.natives.get::<Ext>().inputs.get_mut(&n) {
            f.pos = (f.pos + len).min(f.text.len());
        }
        return;
    }
    // A length inside a character is not reachable when the caller peeked first;
    // consume_stdin then takes the rest, the safe answer.
    crate::builtins::consume_stdin(m, len);
}

/// Record that a read of input stream `n` has met the end of the file, for
/// `stream_property(S, end_of_stream(past))`.
pub fn mark_past_eof(m: &mut Machine, n: usize) {
    if let Some(f) = m.services.natives.get::<Ext>().inputs.get_mut(&n) {
        f.past_eof = true;
    }
}

/// Whether input stream `n` has no character left. ISO's `at_end_of_stream/1` is true exactly
/// when the next read would give end of file, so layout still to be read counts as input.
pub fn at_end(m: &mut Machine, n: usize) -> bool {
    peek(m, n).is_none()
}

/// get_char, get_code, peek_char and peek_code: read (or peek at) one character of stream
/// `stream`, or of the current input when it is `None`, and unify `out` with it.
fn get(m: &mut Machine, stream: Option<Cell>, out: Cell, unit: Unit, consume: bool) -> Res {
    // SWI-Prolog checks the stream before the argument; either order is ISO.
    let n = match stream {
        Some(s) => input_arg(m, s)?,
        None => m.services.natives.get::<Ext>().current_input,
    };
    // The argument is checked before anything is read, so a call that raises consumes
    // nothing.
    check_in_arg(m, out, unit)?;
    let c = peek(m, n);
    if consume {
        match c {
            Some(c) => advance(m, n, c),
            None => mark_past_eof(m, n),
        }
    }
    let v = match (c, unit) {
        (Some(c), Unit::Char) => m.char_cell(c),
        (None, Unit::Char) => Cell::atom(atom::END_OF_FILE),
        (Some(c), Unit::Code) => Cell::int(c as i64),
        (None, Unit::Code) => Cell::int(-1),
    };
    // A read character that does not unify is still consumed, as ISO says.
    Ok(m.unify(out, v))
}

/// Check the output argument of a read: a variable, or something a read could give back.
/// ISO: an in-character is a one-character atom or `end_of_file`; an in-character code is a
/// character code or -1. SWI-Prolog raises `type_error(character, X)` for both, or reads and
/// fails; ply raises the ISO error.
fn check_in_arg(m: &mut Machine, x: Cell, unit: Unit) -> Result<(), PlError> {
    let x = m.stacks.heap.deref(x);
    if x.tag() == Tag::Ref {
        return Ok(());
    }
    match unit {
        Unit::Char => {
            if x == Cell::atom(atom::END_OF_FILE) || one_char(m, x).is_some() {
                Ok(())
            } else {
                Err(m.type_err("in_character", x))
            }
        }
        Unit::Code => {
            if !m.is_integer(x) {
                return Err(m.type_err("integer", x));
            }
            let ok =
                x.tag() == Tag::Int && (x.int_value() == -1 || code_char(x.int_value()).is_some());
            if ok {
                Ok(())
            } else {
                Err(m.representation_err("in_character_code"))
            }
        }
    }
}

/// put_char/2, put_code/1,2: write one character to stream `stream`, or to the current output
/// when it is `None`.
fn put(m: &mut Machine, stream: Option<Cell>, arg: Cell, unit: Unit) -> Res {
    // SWI-Prolog checks the character before the stream; either order is ISO.
    let c = out_char(m, arg, unit)?;
    let s = match stream {
        Some(s) => output_stream(m, s)?,
        None => Stream::Out,
    };
    let mut buf = [0u8; 4];
    m.services.out.write(s, c.encode_utf8(&mut buf));
    Ok(true)
}

/// The character a put predicate is asked to write. ISO: a variable is an instantiation
/// error; for put_char anything but a one-character atom is `type_error(character, X)`; for
/// put_code a non-integer is `type_error(integer, X)` and an integer that is not a Unicode
/// scalar value is `representation_error(character_code)`. SWI-Prolog accepts a code for
/// put_char and a character for put_code; ply does not, as ISO says.
fn out_char(m: &mut Machine, x: Cell, unit: Unit) -> Result<char, PlError> {
    let x = m.stacks.heap.deref(x);
    if x.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    match unit {
        Unit::Char => match one_char(m, x) {
            Some(c) => Ok(c),
            None => Err(m.type_err("character", x)),
        },
        Unit::Code => {
            if !m.is_integer(x) {
                return Err(m.type_err("integer", x));
            }
            let c = match x.tag() {
                Tag::Int => code_char(x.int_value()),
                _ => None,
            };
            match c {
                Some(c) => Ok(c),
                None => Err(m.representation_err("character_code")),
            }
        }
    }
}

/// The character of a one-character atom, else `None`.
fn one_char(m: &Machine, x: Cell) -> Option<char> {
    if x.tag() != Tag::Atom {
        return None;
    }
    let mut it = m.atoms.name(x.atom_index()).chars();
    match (it.next(), it.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The character with code `i`, if `i` is a Unicode scalar value. Surrogates are refused
/// because ply's text is UTF-8, which cannot hold them.
fn code_char(i: i64) -> Option<char> {
    u32::try_from(i).ok().and_then(char::from_u32)
}

/// get_byte and peek_byte. Every ply stream is a text stream, so once the stream argument is
/// known to name an input stream the answer is SWI-Prolog's
/// `permission_error(input, text_stream, S)`, raised ahead of any check of the byte argument
/// as SWI does. For the current input the culprit is the atom `current_input`, as in SWI.
fn byte_input(m: &mut Machine, stream: Option<Cell>) -> Res {
    let culprit = match stream {
        Some(s) => {
            input_arg(m, s)?;
            m.stacks.heap.deref(s)
        }
        None => Cell::atom(m.atoms.intern("current_input")),
    };
    Err(m.permission_err("input", "text_stream", culprit))
}

/// put_byte. The byte is checked first, as SWI-Prolog does (a variable is an instantiation
/// error, anything but an integer in 0..=255 is `type_error(byte, X)`), then the stream, and
/// then, every ply stream being a text stream, SWI's `permission_error(output, text_stream, S)`
/// is raised; the culprit for the current output is the atom `current_output`, as in SWI.
fn byte_output(m: &mut Machine, stream: Option<Cell>, byte: Cell) -> Res {
    let b = m.stacks.heap.deref(byte);
    if b.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !(b.tag() == Tag::Int && (0..=255).contains(&b.int_value())) {
        return Err(m.type_err("byte", b));
    }
    let culprit = match stream {
        Some(s) => {
            output_stream(m, s)?;
            m.stacks.heap.deref(s)
        }
        None => Cell::atom(m.atoms.intern("current_output")),
    };
    Err(m.permission_err("output", "text_stream", culprit))
}
