//! Streams: `open/3,4`, `close/1,2`, the current input and output, reading text from files and
//! standard input (the one place that fills the standard input buffer);
//! and the two file predicates a program that writes files needs, `exists_file/1` and
//! `delete_file/1`.
//!
//! A stream is the term `'$stream'(N)`; 0, 1 and 2 are `user_input`, `user_output` and
//! `user_error`. A file opened for reading is read whole into memory and consumed term by term;
//! a file opened for writing is a buffered writer in `machine::output`. Nothing here keeps a
//! file open after `close/1` or after the machine is dropped.

use super::text::Accept;
use crate::machine::error::{PlError, Res};
use crate::machine::output::Stream;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// A file opened for reading.
#[derive(Clone, Debug, Default)]
pub struct InputFile {
    /// The whole text of the file.
    pub text: String,
    /// How much of it has been consumed, in bytes.
    pub pos: usize,
}

/// Register the family.
pub fn install(m: &mut Machine) {
    m.ext.next_stream = 3;
    m.def_native("open", 3, |m, a| open(m, a[0], a[1], a[2]));
    m.def_native("open", 4, |m, a| open(m, a[0], a[1], a[2]));
    m.def_native("close", 1, |m, a| close(m, a[0]));
    m.def_native("close", 2, |m, a| close(m, a[0]));
    m.def_native("current_output", 1, |m, a| {
        let s = stream_term(m, 1);
        Ok(m.unify(a[0], s))
    });
    m.def_native("current_input", 1, |m, a| {
        let n = m.ext.current_input;
        let s = stream_term(m, n);
        Ok(m.unify(a[0], s))
    });
    m.def_native("set_input", 1, |m, a| {
        let n = input_number(m, a[0])?;
        m.ext.current_input = n;
        Ok(true)
    });
    m.def_native("set_output", 1, |_, _| Ok(true));
    m.def_native("exists_file", 1, |m, a| {
        let path = m.text_arg(a[0], Accept::ANY, "text")?;
        Ok(std::path::Path::new(&path).is_file())
    });
    m.def_native("delete_file", 1, delete_file);
    // True only when no character is left, layout included, so that it agrees with
    // get_char/2: the next read after it gives end of file.
    m.def_native("at_end_of_stream", 1, |m, a| {
        let n = super::char_io::input_arg(m, a[0])?;
        Ok(super::char_io::at_end(m, n))
    });
    m.def_native("read_line_to_string", 2, |m, a| {
        let n = input_number(m, a[0])?;
        let line = match m.ext.inputs.get_mut(&n) {
            Some(f) => {
                if f.pos >= f.text.len() {
                    None
                } else {
                    let rest = &f.text[f.pos..];
                    let end = rest.find('\n').map(|i| i + 1).unwrap_or(rest.len());
                    let l = rest[..end].trim_end_matches(['\n', '\r']).to_string();
                    f.pos += end;
                    Some(l)
                }
            }
            None => m.stdin_line(),
        };
        let v = match line {
            Some(l) => m.heap.string(&l),
            None => Cell::atom(atom::END_OF_FILE),
        };
        Ok(m.unify(a[1], v))
    });
}

/// The term for stream number `n`.
pub fn stream_term(m: &mut Machine, n: usize) -> Cell {
    match n {
        0 => Cell::atom(m.atoms.intern("user_input")),
        1 => Cell::atom(m.atoms.intern("user_output")),
        2 => Cell::atom(m.atoms.intern("user_error")),
        _ => {
            let f = m.atoms.intern("$stream");
            m.heap.compound(f, &[Cell::int(n as i64)])
        }
    }
}

/// The number of a stream or alias term.
pub fn stream_number(m: &mut Machine, s: Cell) -> Result<usize, PlError> {
    let s = m.heap.deref(s);
    match s.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Atom => match m.atoms.name(s.atom_index()) {
            "user_input" => Ok(0),
            "user_output" | "user" => Ok(1),
            "user_error" => Ok(2),
            _ => Err(m.existence_err("stream", s)),
        },
        Tag::Str => {
            let f = m.heap.functor_of(s);
            let n = m.heap.deref(m.heap.arg(s, 0));
            if m.atoms.name(f.functor_name()) == "$stream"
                && f.functor_arity() == 1
                && n.tag() == Tag::Int
            {
                let k = n.int_value() as usize;
                if k < 3 || m.ext.inputs.contains_key(&k) || m.out.files.contains_key(&k) {
                    return Ok(k);
                }
                return Err(m.existence_err("stream", s));
            }
            Err(m.domain_err("stream_or_alias", s))
        }
        _ => Err(m.domain_err("stream_or_alias", s)),
    }
}

/// An output stream argument.
pub fn output_stream(m: &mut Machine, s: Cell) -> Result<Stream, PlError> {
    match stream_number(m, s)? {
        0 => {
            let s = m.heap.deref(s);
            Err(m.permission_err("output", "stream", s))
        }
        1 => Ok(Stream::Out),
        2 => Ok(Stream::Err),
        n if m.out.files.contains_key(&n) => Ok(Stream::File(n)),
        _ => {
            let s = m.heap.deref(s);
            Err(m.permission_err("output", "stream", s))
        }
    }
}

/// An input stream argument (0 for standard input).
pub fn input_number(m: &mut Machine, s: Cell) -> Result<usize, PlError> {
    match stream_number(m, s)? {
        0 => Ok(0),
        n if m.ext.inputs.contains_key(&n) => Ok(n),
        _ => {
            let s = m.heap.deref(s);
            Err(m.permission_err("input", "stream", s))
        }
    }
}

fn open(m: &mut Machine, file: Cell, mode: Cell, stream: Cell) -> Res {
    let f = m.heap.deref(file);
    let md = m.heap.deref(mode);
    if f.tag() == Tag::Ref || md.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let path = match f.tag() {
        Tag::Atom => m.atoms.name(f.atom_index()).to_string(),
        Tag::Boxed if m.box_kind_is(f, crate::term::BoxKind::Str) => {
            m.heap.string_value(f).to_string()
        }
        _ => return Err(m.domain_err("source_sink", f)),
    };
    if md.tag() != Tag::Atom {
        return Err(m.type_err("atom", md));
    }
    if m.heap.deref(stream).tag() != Tag::Ref {
        let s = m.heap.deref(stream);
        let f = m.heap.compound(atom::UNINSTANTIATION_ERROR, &[s]);
        return Err(m.err(f));
    }
    let resolved = m
        .resolve_file(&path)
        .unwrap_or_else(|| std::path::PathBuf::from(&path));
    let n = m.ext.next_stream;
    match m.atoms.name(md.atom_index()) {
        "read" => match std::fs::read_to_string(&resolved) {
            Ok(text) => {
                m.ext.inputs.insert(n, InputFile { text, pos: 0 });
            }
            Err(_) => return Err(m.existence_err("source_sink", f)),
        },
        "write" | "append" => {
            let append = m.atoms.name(md.atom_index()) == "append";
            let file = std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .append(append)
                .truncate(!append)
                .open(&path);
            match file {
                Ok(file) => {
                    m.out.files.insert(n, std::io::BufWriter::new(file));
                }
                Err(_) => return Err(m.permission_err("open", "source_sink", f)),
            }
        }
        _ => return Err(m.domain_err("io_mode", md)),
    }
    m.ext.next_stream += 1;
    let t = stream_term(m, n);
    Ok(m.unify(stream, t))
}

fn close(m: &mut Machine, s: Cell) -> Res {
    let n = stream_number(m, s)?;
    m.ext.inputs.remove(&n);
    if let Some(mut f) = m.out.files.remove(&n) {
        use std::io::Write;
        let _ = f.flush();
    }
    if m.ext.current_input == n {
        m.ext.current_input = 0;
    }
    Ok(true)
}

/// The most bytes of standard input [`Machine::fill_stdin`] takes at a time. Consuming a character
/// shifts the rest of the buffer down, so a bound on what is buffered keeps reading a long
/// line character by character linear instead of quadratic.
const STDIN_CHUNK: u64 = 512;

impl Machine {
    /// One line of standard input without its line break, or None at end of file; the last line
    /// need not end in one.
    pub fn stdin_line(&mut self) -> Option<String> {
        loop {
            if let Some(i) = self.ext.stdin_buf.find('\n') {
                let rest = self.ext.stdin_buf.split_off(i + 1);
                let mut line = std::mem::replace(&mut self.ext.stdin_buf, rest);
                line.truncate(line.trim_end_matches(['\n', '\r']).len());
                return Some(line);
            }
            if !self.fill_stdin() {
                return (!self.ext.stdin_buf.is_empty())
                    .then(|| std::mem::take(&mut self.ext.stdin_buf));
            }
        }
    }

    /// Append more of standard input to the buffer, up to and including the next line break or
    /// [`STDIN_CHUNK`] bytes; false at the end of the input. The bytes are decoded afterwards, so
    /// input that is not valid UTF-8 gives U+FFFD replacement characters instead of ending the
    /// input early, and a chunk cut inside a character is completed first, so that no character
    /// is ever split between two chunks.
    pub(crate) fn fill_stdin(&mut self) -> bool {
        use std::io::{BufRead, Read};
        if self.ext.stdin_eof {
            return false;
        }
        // What was written so far (a prompt, say) must be visible before the program waits.
        self.out.flush();
        let mut bytes = Vec::new();
        let mut lock = std::io::stdin().lock();
        match (&mut lock).take(STDIN_CHUNK).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => {
                self.ext.stdin_eof = true;
                return false;
            }
            Ok(_) => {}
        }
        let missing = missing_utf8_bytes(&bytes);
        if missing > 0 {
            // At the end of the input the character stays incomplete and decodes as U+FFFD.
            let _ = (&mut lock).take(missing as u64).read_to_end(&mut bytes);
        }
        let text = String::from_utf8_lossy(&bytes);
        self.ext.stdin_buf.push_str(&text);
        true
    }
}

/// How many bytes the last UTF-8 sequence of `bytes` lacks: 0 when it is complete or when
/// the tail is not the start of a sequence at all (that is decoded as U+FFFD anyway).
fn missing_utf8_bytes(bytes: &[u8]) -> usize {
    let from = bytes.len().saturating_sub(4);
    let Some(lead) = (from..bytes.len()).rev().find(|&i| bytes[i] & 0xC0 != 0x80) else {
        return 0;
    };
    let need: usize = match bytes[lead] {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    need.saturating_sub(bytes.len() - lead)
}

/// `delete_file(File)`: remove a file, with SWI-Prolog's errors: an existence error when there is
/// nothing to remove, a permission error for anything else the system refuses (a directory
/// among them).
fn delete_file(m: &mut Machine, a: &[Cell]) -> Res {
    let path = m.text_arg(a[0], Accept::ANY, "text")?;
    match std::fs::remove_file(&path) {
        Ok(()) => Ok(true),
        Err(e) => {
            let culprit = m.heap.deref(a[0]);
            Err(if e.kind() == std::io::ErrorKind::NotFound {
                m.existence_err("file", culprit)
            } else {
                m.permission_err("delete", "file", culprit)
            })
        }
    }
}
