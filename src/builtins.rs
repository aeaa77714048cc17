//! Native predicates, one file per family, all registered through [`install`].
//!
//! A native reads its arguments, may bind them, and returns `Ok(true)`, `Ok(false)` or an ISO
//! error. Natives are deterministic; nondeterministic builtins are written in Prolog in
//! `library/` over deterministic natives. No native may call back into the run loop except
//! through the query API (`solve.rs`), and none may recurse on term depth.

pub mod arith;
pub mod atoms;
pub mod attvars;
pub mod char_io;
pub mod cleanup;
pub mod clpfd;
pub mod compound_name;
pub mod db;
pub mod depth_limit;
pub mod dicts;
pub mod dirs;
pub mod edinburgh_io;
pub mod format;
pub mod inference_limit;
pub mod io;
pub mod lists;
pub mod load_context;
pub mod md5;
pub mod modules;
pub mod open_string;
pub mod read_string;
pub mod read_util;
pub mod set_stream;
pub mod sha1;
pub mod stream_props;
pub mod streams;
pub mod strings;
pub mod system;
pub mod term_hash;
pub mod terms;
pub mod text;
pub mod user_flags;
pub mod variables;

use crate::machine::Machine;

/// The builtins' stream table and standard input, kept in the machine's native states
/// (`m.services.natives.get::<Ext>()`), and the game predicates' tic-tac-toe cache. The other
/// families keep their own states: answer tables (`db/tables.rs`), clause scans
/// (`db/clause_scan.rs`), arithmetic's work stacks (`arith.rs`).
#[derive(Default)]
pub struct Ext {
    /// Standard input, as text not yet consumed by read_term/2.
    pub stdin_buf: String,
    /// Whether standard input is at end of file.
    pub stdin_eof: bool,
    /// Files opened for reading, by stream number: their text and how far it has been read.
    pub inputs: crate::term::FastMap<usize, streams::InputFile>,
    /// Every open file stream, by stream number: its file name, mode and alias.
    pub streams: crate::term::FastMap<usize, streams::StreamInfo>,
    /// The next stream number to hand out (0, 1 and 2 are the standard streams).
    pub next_stream: usize,
    /// The current input stream number (0 is standard input).
    pub current_input: usize,
    /// The `verbose` flag is `silent` (`-q`): informational messages are left out.
    pub verbose_silent: bool,
    /// The `argv` flag: the command line's arguments after `--`, as swipl keeps them.
    pub argv: Vec<String>,
    /// `--traditional`: a new module reads double quotes as codes, not as strings.
    pub traditional: bool,
    /// The `tty` property `set_stream/2` gave a stream, by stream number.
    pub tty: crate::term::FastMap<usize, bool>,
    /// The absolute path of the command line's first script (`-s FILE`), for
    /// `prolog_load_context(script, Bool)`.
    pub script: Option<String>,
}

/// The streams hold text and numbers, and no atom index.
impl crate::machine::native_state::NativeState for Ext {
    ply_engine::native_state_any!();
}

/// Take `len` bytes off the front of standard input's buffer as read. Reading moves the place
/// (line count and column) that standard input shares with standard output and standard
/// error, as in SWI-Prolog.
pub fn consume_stdin(m: &mut Machine, len: usize) {
    let ext = m.services.natives.get::<Ext>();
    // A length inside a character takes the rest, as slicing would panic.
    let len = if ext.stdin_buf.is_char_boundary(len) {
        len
    } else {
        ext.stdin_buf.len()
    };
    // The place moves over the text where it lies: get_char/1 comes here for every character.
    m.services.out.advance_user(&ext.stdin_buf[..len]);
    ext.stdin_buf.drain(..len);
}

/// Set the `verbose` flag to `silent`, as `-q` does (the toplevel reads no field itself).
pub fn set_verbose_silent(m: &mut Machine) {
    m.services.natives.get::<Ext>().verbose_silent = true;
}

/// Set the `argv` flag to `args`, the command line's arguments after `--`.
pub fn set_argv(m: &mut Machine, args: &[String]) {
    m.services.natives.get::<Ext>().argv = args.to_vec();
}

/// Note the first script of the command line (an absolute path), as swipl notes it.
pub fn set_script(m: &mut Machine, path: &str) {
    m.services.natives.get::<Ext>().script = Some(path.to_string());
}

/// Set the `double_quotes` and `back_quotes` flags to `codes`, as `--traditional` does.
pub fn set_traditional(m: &mut Machine) {
    m.services.flags.read = crate::reader::ReadFlags::traditional();
    m.services.natives.get::<Ext>().traditional = true;
}

/// Whether the `verbose` flag is `silent`.
pub fn verbose_silent(m: &mut Machine) -> bool {
    m.services.natives.get::<Ext>().verbose_silent
}

/// Register every builtin family.
pub fn install(m: &mut Machine) {
    terms::install(m);
    compound_name::install(m);
    dicts::install(m);
    variables::install(m);
    attvars::install(m);
    clpfd::install(m);
    cleanup::install(m);
    arith::install(m);
    atoms::install(m);
    strings::install(m);
    lists::install(m);
    db::install(m);
    io::install(m);
    format::install(m);
    system::install(m);
    depth_limit::install(m);
    inference_limit::install(m);
    modules::install(m);
    streams::install(m);
    char_io::install(m);
    term_hash::install(m);
    md5::install(m);
    sha1::install(m);
    stream_props::install(m);
    edinburgh_io::install(m);
    read_util::install(m);
    set_stream::install(m);
    user_flags::install(m);
    read_string::install(m);
    open_string::install(m);
    load_context::install(m);
    dirs::install(m);
}
