//! Where Prolog output goes: standard output, standard error, or a capture buffer for
//! `with_output_to/2` and `format/3` with an `atom(A)`-style sink.
//!
//! Output is buffered and flushed before reading input, on halt and at the end of a query; this
//! module must never print anything on its own.

use std::io::Write;

/// The output streams.
pub struct Output {
    captures: Vec<String>,
    stdout: std::io::BufWriter<std::io::Stdout>,
    /// Column of the cursor on standard output (for `format`'s column stops and `nl` logic).
    pub column: usize,
    /// Files opened for writing, by stream number.
    pub files: std::collections::HashMap<usize, std::io::BufWriter<std::fs::File>>,
}

/// Which stream a write goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Current output (standard output or the innermost capture).
    Out,
    /// Standard error.
    Err,
    /// A file opened with open/3, by stream number.
    File(usize),
}

impl Default for Output {
    fn default() -> Self {
        Output {
            captures: Vec::new(),
            stdout: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            column: 0,
            files: std::collections::HashMap::new(),
        }
    }
}

impl Output {
    /// Write text to a stream.
    pub fn write(&mut self, stream: Stream, s: &str) {
        match stream {
            Stream::Out => {
                if let Some(buf) = self.captures.last_mut() {
                    buf.push_str(s);
                } else {
                    let _ = self.stdout.write_all(s.as_bytes());
                    match s.rfind('\n') {
                        Some(i) => self.column = s[i + 1..].chars().count(),
                        None => self.column += s.chars().count(),
                    }
                }
            }
            Stream::Err => {
                let _ = self.stdout.flush();
                let _ = std::io::stderr().write_all(s.as_bytes());
            }
            Stream::File(n) => {
                if let Some(f) = self.files.get_mut(&n) {
                    let _ = f.write_all(s.as_bytes());
                }
            }
        }
    }

    /// Start capturing current output.
    pub fn begin_capture(&mut self) {
        self.captures.push(String::new());
    }

    /// Stop the innermost capture and return what it collected.
    pub fn end_capture(&mut self) -> String {
        self.captures.pop().unwrap_or_default()
    }

    /// How many captures are open (so an exception can close the ones it abandons).
    pub fn capture_depth(&self) -> usize {
        self.captures.len()
    }

    /// The column of the innermost capture or of standard output.
    pub fn current_column(&self) -> usize {
        match self.captures.last() {
            Some(b) => match b.rfind('\n') {
                Some(i) => b[i + 1..].chars().count(),
                None => b.chars().count(),
            },
            None => self.column,
        }
    }

    /// Flush standard output.
    pub fn flush(&mut self) {
        let _ = self.stdout.flush();
    }

    /// Flush standard output, and flush and close every file still open, as dropping the
    /// streams would; for a process about to exit without freeing its machine.
    pub fn close_all(&mut self) {
        self.flush();
        for (_, mut f) in self.files.drain() {
            let _ = f.flush();
        }
    }
}
