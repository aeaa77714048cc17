//! Streams: `open/3,4`, `close/1,2`, `set_input/1`, `set_output/1`, `current_input/1`,
//! `current_output/1`, reading text from files and standard input (the one place that fills the
//! standard input buffer); and the two file predicates a program that writes files needs,
//! `exists_file/1` and `delete_file/1`.
//!
//! A stream is the term `'$stream'(N)`; 0, 1 and 2 are `user_input`, `user_output` and
//! `user_error`. `open/4`'s `alias(A)` option names a stream by the atom `A` too, and then, as
//! in SWI-Prolog, the stream argument is bound to `A`. A file opened for reading is read whole
//! into memory and consumed term by term; a file opened for writing is a buffered writer in
//! `machine::output`. Nothing here keeps a file open after `close/1` or after the machine is
//! dropped, and no stream number is ever reused, so a closed stream's term stays closed.

use crate::builtins::Ext;
use crate::machine::cell_text::Accept;
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
    /// Whether a character read has already met the end of the file (SWI-Prolog's
    /// `end_of_stream(past)`).
    pub past_eof: bool,
}

/// How a file stream was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenMode {
    /// `read`.
    Read,
    /// `write`: the file was emptied first.
    Write,
    /// `append`.
    Append,
}

impl OpenMode {
    /// The mode's name, as `open/3` takes it and `stream_property/2` gives it.
    pub fn name(self) -> &'static str {
        match self {
            OpenMode::Read => "read",
            OpenMode::Write => "write",
            OpenMode::Append => "append",
        }
    }
}

/// What is known of an open file stream besides its contents.
#[derive(Clone, Debug)]
pub struct StreamInfo {
    /// The absolute name of the file.
    pub file_name: String,
    /// The name the file was opened by, for `tell/1` and `see/1`, which switch to a stream they
    /// opened before rather than open the same name twice.
    pub given_name: String,
    /// How it was opened.
    pub mode: OpenMode,
    /// The alias given by `open/4`'s `alias(A)` option.
    pub alias: Option<String>,
    /// Whether `tell/1` or `see/1` opened it.
    pub edinburgh: bool,
}

/// Register the family.
pub fn install(m: &mut Machine) {
    m.services.natives.get::<Ext>().next_stream = 3;
    m.def_native("open", 3, |m, a| {
        open_stream(m, a[0], a[1], a[2], None, false).map(|_| true)
    });
    m.def_native("open", 4, |m, a| {
        let alias = open_options(m, a[3])?;
        open_stream(m, a[0], a[1], a[2], alias, false).map(|_| true)
    });
    m.def_native("close", 1, |m, a| close(m, a[0]));
    m.def_native("close", 2, |m, a| close(m, a[0]));
    m.def_native("current_output", 1, |m, a| {
        let n = m.services.out.current_number();
        is_stream(m, a[0], n)
    });
    m.def_native("current_input", 1, |m, a| {
        let n = m.services.natives.get::<Ext>().current_input;
        is_stream(m, a[0], n)
    });
    m.def_native("set_input", 1, |m, a| {
        let n = input_number(m, a[0])?;
        m.services.natives.get::<Ext>().current_input = n;
        Ok(true)
    });
    m.def_native("set_output", 1, |m, a| {
        let n = output_number(m, a[0])?;
        m.services.out.set_current(n);
        Ok(true)
    });
    // is_stream/1: a stream term or alias of an open stream; anything else fails.
    m.def_native("is_stream", 1, |m, a| Ok(stream_number(m, a[0]).is_ok()));
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
}

/// The term for stream number `n`.
pub fn stream_term(m: &mut Machine, n: usize) -> Cell {
    match n {
        0 => Cell::atom(m.atoms.intern("user_input")),
        1 => Cell::atom(m.atoms.intern("user_output")),
        2 => Cell::atom(m.atoms.intern("user_error")),
        _ => {
            let f = m.atoms.intern("$stream");
            m.stacks.heap.compound(f, &[Cell::int(n as i64)])
        }
    }
}

/// `current_input/1` and `current_output/1`: unify a variable with the term of stream `n`, or
/// tell whether the stream a bound argument names is stream `n`.
fn is_stream(m: &mut Machine, arg: Cell, n: usize) -> Res {
    if m.stacks.heap.deref(arg).tag() == Tag::Ref {
        let t = stream_term(m, n);
        return Ok(m.unify(arg, t));
    }
    Ok(stream_number(m, arg)? == n)
}

/// The number of the open stream whose alias is `name`. As in SWI-Prolog, `current_input`
/// and `current_output` name the current streams too.
pub fn alias_number(m: &Machine, name: &str) -> Option<usize> {
    match name {
        "user_input" => Some(0),
        "user_output" => Some(1),
        "user_error" => Some(2),
        "current_output" => Some(m.services.out.current_number()),
        "current_input" => Some(
            m.services
                .natives
                .peek::<Ext>()
                .map_or(0, |e| e.current_input),
        ),
        _ => m
            .services
            .natives
            .peek::<Ext>()?
            .streams
            .iter()
            .find(|(_, i)| i.alias.as_deref() == Some(name))
            .map(|(n, _)| *n),
    }
}

/// The number of a stream or alias term.
pub fn stream_number(m: &mut Machine, s: Cell) -> Result<usize, PlError> {
    let s = m.stacks.heap.deref(s);
    match s.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Atom => {
            let name = m.atoms.name(s.atom_index());
            match alias_number(m, name) {
                Some(n) => Ok(n),
                None if name == "user" => Ok(1),
                None => Err(m.existence_err("stream", s)),
            }
        }
        Tag::Str => {
            let f = m.stacks.heap.functor_of(s);
            let n = m.stacks.heap.deref(m.stacks.heap.arg(s, 0));
            if m.atoms.name(f.functor_name()) == "$stream"
                && f.functor_arity() == 1
                && n.tag() == Tag::Int
            {
                let k = n.int_value() as usize;
                if k < 3
                    || m.services.natives.get::<Ext>().inputs.contains_key(&k)
                    || m.services.out.files.contains_key(&k)
                    || m.services.out.is_capture(k)
                {
                    return Ok(k);
                }
                return Err(m.existence_err("stream", s));
            }
            Err(m.domain_err("stream_or_alias", s))
        }
        _ => Err(m.domain_err("stream_or_alias", s)),
    }
}

/// An output stream argument. `user_output` is standard output itself, not current output, so
/// that what a program writes there escapes both `set_output/1` and `with_output_to/2`, as in
/// SWI-Prolog.
pub fn output_stream(m: &mut Machine, s: Cell) -> Result<Stream, PlError> {
    Ok(match output_number(m, s)? {
        1 => Stream::User,
        2 => Stream::Err,
        n => Stream::File(n),
    })
}

/// The number of an output stream argument: 1, 2, a file opened for writing or an open
/// capture of `with_output_to/2`.
pub fn output_number(m: &mut Machine, s: Cell) -> Result<usize, PlError> {
    match stream_number(m, s)? {
        n @ (1 | 2) => Ok(n),
        n if m.services.out.files.contains_key(&n) || m.services.out.is_capture(n) => Ok(n),
        _ => {
            let s = m.stacks.heap.deref(s);
            Err(m.permission_err("output", "stream", s))
        }
    }
}

/// An input stream argument (0 for standard input).
pub fn input_number(m: &mut Machine, s: Cell) -> Result<usize, PlError> {
    match stream_number(m, s)? {
        0 => Ok(0),
        n if m.services.natives.get::<Ext>().inputs.contains_key(&n) => Ok(n),
        _ => {
            let s = m.stacks.heap.deref(s);
            Err(m.permission_err("input", "stream", s))
        }
    }
}

/// `open/4`'s options: a proper list of options, each a compound term; only `alias(A)` does
/// anything, the others (`encoding(utf8)`, `type(text)`, ...) describing what every ply stream
/// is anyway. Returns the alias, checked as SWI-Prolog checks it: an atom that names no open
/// stream.
fn open_options(m: &mut Machine, opts: Cell) -> Result<Option<String>, PlError> {
    let items = match m.list_to_vec_checked(opts)? {
        Some(v) => v,
        None => return Err(m.inst_err()),
    };
    let mut alias = None;
    for it in items {
        let it = m.stacks.heap.deref(it);
        match it.tag() {
            Tag::Ref => return Err(m.inst_err()),
            Tag::Str => {}
            _ => return Err(m.type_err("option", it)),
        }
        let f = m.stacks.heap.functor_of(it);
        if m.atoms.name(f.functor_name()) != "alias" || f.functor_arity() != 1 {
            continue;
        }
        let a = m.stacks.heap.deref(m.stacks.heap.arg(it, 0));
        match a.tag() {
            Tag::Ref => return Err(m.inst_err()),
            Tag::Atom => {}
            _ => return Err(m.type_err("atom", a)),
        }
        let name = m.atoms.name(a.atom_index()).to_string();
        if alias_number(m, &name).is_some() {
            return Err(m.permission_err("open", "source_sink", it));
        }
        alias = Some(name);
    }
    Ok(alias)
}

/// Open a file as `open/4` does and bind `stream` to its term (to the alias when there is
/// one); returns the new stream's number. `edinburgh` marks a stream that `tell/1` or `see/1`
/// opened.
pub fn open_stream(
    m: &mut Machine,
    file: Cell,
    mode: Cell,
    stream: Cell,
    alias: Option<String>,
    edinburgh: bool,
) -> Result<usize, PlError> {
    let f = m.stacks.heap.deref(file);
    let md = m.stacks.heap.deref(mode);
    if f.tag() == Tag::Ref || md.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let path = match f.tag() {
        Tag::Atom => m.atoms.name(f.atom_index()).to_string(),
        Tag::Boxed if m.box_kind_is(f, crate::term::BoxKind::Str) => {
            m.stacks.heap.string_value(f).to_string()
        }
        Tag::List => list_path(m, f)?,
        _ => return Err(m.type_err("text", f)),
    };
    if md.tag() != Tag::Atom {
        return Err(m.type_err("atom", md));
    }
    if m.stacks.heap.deref(stream).tag() != Tag::Ref {
        let s = m.stacks.heap.deref(stream);
        let f = m.stacks.heap.compound(atom::UNINSTANTIATION_ERROR, &[s]);
        return Err(m.err(f));
    }
    let n = m.services.natives.get::<Ext>().next_stream;
    let (open_mode, opened) = match m.atoms.name(md.atom_index()) {
        "read" => {
            let resolved = m
                .resolve_file(&path)
                .unwrap_or_else(|| std::path::PathBuf::from(&path));
            match std::fs::read(&resolved) {
                Ok(bytes) => {
                    // Bytes that are not UTF-8 read as U+FFFD, as on standard input.
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    m.services.natives.get::<Ext>().inputs.insert(
                        n,
                        InputFile {
                            text,
                            pos: 0,
                            past_eof: false,
                        },
                    );
                    (OpenMode::Read, resolved)
                }
                Err(e) => return Err(open_error(m, &e, f)),
            }
        }
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
                    m.services
                        .out
                        .files
                        .insert(n, std::io::BufWriter::new(file));
                }
                Err(e) => return Err(open_error(m, &e, f)),
            }
            let mode = if append {
                OpenMode::Append
            } else {
                OpenMode::Write
            };
            (mode, std::path::PathBuf::from(&path))
        }
        _ => return Err(m.domain_err("io_mode", md)),
    };
    let file_name = std::fs::canonicalize(&opened)
        .unwrap_or(opened)
        .to_string_lossy()
        .into_owned();
    m.services.natives.get::<Ext>().next_stream += 1;
    let t = match &alias {
        Some(a) => Cell::atom(m.atoms.intern(a)),
        None => stream_term(m, n),
    };
    m.services.natives.get::<Ext>().streams.insert(
        n,
        StreamInfo {
            file_name,
            given_name: path,
            mode: open_mode,
            alias,
            edinburgh,
        },
    );
    // The stream argument was checked to be a variable, so this binding cannot fail.
    let _ = m.unify(stream, t);
    Ok(n)
}

/// The error of a file that cannot be opened, as SWI-Prolog gives it: a permission error when
/// the system refuses, an existence error otherwise (a missing file or directory, or a
/// directory where a file was expected).
/// The context carries the system's reason, as swipl's does (`'No such file or directory'`).
fn open_error(m: &mut Machine, e: &std::io::Error, f: Cell) -> PlError {
    let err = if e.kind() == std::io::ErrorKind::PermissionDenied {
        m.permission_err("open", "source_sink", f)
    } else {
        m.existence_err("source_sink", f)
    };
    let Some(code) = e.raw_os_error() else {
        return err;
    };
    // The system's message without Rust's " (os error N)" suffix.
    let text = std::io::Error::from_raw_os_error(code).to_string();
    let reason = text.split(" (os error").next().unwrap_or(&text).to_string();
    let ball = m.stacks.heap.deref(err.0);
    let formal = m.stacks.heap.arg(ball, 0);
    let pi = m.stacks.heap.new_var();
    let msg = Cell::atom(m.atoms.intern(&reason));
    let ctx = m.stacks.heap.compound(atom::CONTEXT, &[pi, msg]);
    PlError(m.stacks.heap.compound(atom::ERROR, &[formal, ctx]))
}

/// Close stream `n`: flush and forget it. Closing current input or output makes the standard
/// stream current again; closing a standard stream does nothing.
pub fn close_number(m: &mut Machine, n: usize) {
    if n < 3 {
        return;
    }
    m.services.natives.get::<Ext>().inputs.remove(&n);
    m.services.natives.get::<Ext>().streams.remove(&n);
    m.services.out.close_file(n);
    if m.services.natives.get::<Ext>().current_input == n {
        m.services.natives.get::<Ext>().current_input = 0;
    }
}

fn close(m: &mut Machine, s: Cell) -> Res {
    let n = stream_number(m, s)?;
    close_number(m, n);
    Ok(true)
}

/// The most bytes of standard input [`fill_stdin`] takes at a time. Consuming a character
/// shifts the rest of the buffer down, so a bound on what is buffered keeps reading a long
/// line character by character linear instead of quadratic.
const STDIN_CHUNK: u64 = 512;

/// Append more of standard input to the buffer, up to and including the next line break or
/// [`STDIN_CHUNK`] bytes; false at the end of the input. The bytes are decoded afterwards, so
/// input that is not valid UTF-8 gives U+FFFD replacement characters instead of ending the
/// input early, and a chunk cut inside a character is completed first, so that no character
/// is ever split between two chunks.
pub(crate) fn fill_stdin(m: &mut Machine) -> bool {
    use std::io::{BufRead, Read};
    if m.services.natives.get::<Ext>().stdin_eof {
        return false;
    }
    // What was written so far (a prompt, say) must be visible before the program waits.
    m.services.out.flush();
    let mut bytes = Vec::new();
    let mut lock = std::io::stdin().lock();
    match (&mut lock).take(STDIN_CHUNK).read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => {
            m.services.natives.get::<Ext>().stdin_eof = true;
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
    m.services.natives.get::<Ext>().stdin_buf.push_str(&text);
    true
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
            let culprit = m.stacks.heap.deref(a[0]);
            Err(if e.kind() == std::io::ErrorKind::NotFound {
                m.existence_err("file", culprit)
            } else {
                m.permission_err("delete", "file", culprit)
            })
        }
    }
}

/// A file name written as a code or char list, as SWI-Prolog's `open/3,4` takes it (a
/// textbook's `open("in.txt", read, S)` under `double_quotes=codes`), with swipl's errors:
/// a partial list an instantiation error, a bad element `type_error(character_code, E)` or
/// `type_error(character, E)`, a list with a tail that is not `[]` `type_error(text, L)`.
fn list_path(m: &mut Machine, f: Cell) -> Result<String, PlError> {
    use crate::machine::cell_text::{ListKind, TextOf};
    match m.list_text(f) {
        (TextOf::Text(s), _) => Ok(s),
        (TextOf::Partial, _) => Err(m.inst_err()),
        (TextOf::BadElement(e), ListKind::Codes) => Err(m.type_err("character_code", e)),
        (TextOf::BadElement(e), ListKind::Chars) => Err(m.type_err("character", e)),
        _ => Err(m.type_err("text", f)),
    }
}
