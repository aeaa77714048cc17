//! Where Prolog output goes: standard output, standard error, a file opened for writing, or a
//! capture buffer for `with_output_to/2` and `format/3` with an `atom(A)`-style sink.
//!
//! Current output is the innermost capture if there is one, else the stream that `set_output/1`
//! chose (standard output until then); the toplevel writes its answers to standard output itself
//! ([`Stream::User`]), so a program that redirects its output does not redirect the answers.
//!
//! Output is buffered and flushed before reading input, on halt and at the end of a query; this
//! module must never print anything on its own.

use std::io::Write;

/// The output streams.
pub struct Output {
    /// The open captures, innermost last, each with its stream number.
    captures: Vec<(usize, String)>,
    /// The stream number the next capture gets.
    next_capture: usize,
    stdout: std::io::BufWriter<std::io::Stdout>,
    /// Column of the cursor on standard output (for `format`'s column stops and `nl` logic).
    pub column: usize,
    /// Column of the cursor on standard error.
    err_column: usize,
    /// The errors and the warnings printed on standard error so far, as swipl counts them for
    /// `--on-error=status` and `--on-warning=status`.
    pub err_counts: (usize, usize),
    /// Files opened for writing, by stream number.
    pub files: std::collections::HashMap<usize, std::io::BufWriter<std::fs::File>>,
    /// Column of the cursor in each file opened for writing, by stream number.
    file_columns: std::collections::HashMap<usize, usize>,
    /// The stream number of current output when no capture is open: 1 for standard output,
    /// 2 for standard error, else a file in `files`.
    current: usize,
}

/// The first stream number of a capture. Captures number themselves from here on, far above
/// the numbers `open/3` hands out, so the two never meet.
pub const CAPTURE_BASE: usize = 1 << 32;

/// Which stream a write goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Current output: the innermost capture, else the stream `set_output/1` chose.
    Out,
    /// Standard output (`user_output`), whatever current output is.
    User,
    /// Standard error.
    Err,
    /// A file opened with open/3, by stream number.
    File(usize),
}

impl Default for Output {
    fn default() -> Self {
        Output {
            captures: Vec::new(),
            next_capture: CAPTURE_BASE,
            stdout: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            column: 0,
            err_column: 0,
            err_counts: (0, 0),
            files: std::collections::HashMap::new(),
            file_columns: std::collections::HashMap::new(),
            current: 1,
        }
    }
}

impl Output {
    /// Write text to a stream.
    pub fn write(&mut self, stream: Stream, s: &str) {
        let stream = match stream {
            Stream::Out => {
                if let Some((_, buf)) = self.captures.last_mut() {
                    buf.push_str(s);
                    return;
                }
                self.current_stream()
            }
            other => other,
        };
        match stream {
            Stream::Out | Stream::User => {
                let _ = self.stdout.write_all(s.as_bytes());
                advance_column(&mut self.column, s);
            }
            Stream::Err => {
                count_messages(&mut self.err_counts, self.err_column == 0, s);
                let _ = self.stdout.flush();
                let _ = std::io::stderr().write_all(s.as_bytes());
                advance_column(&mut self.err_column, s);
            }
            Stream::File(n) => {
                if let Some(f) = self.files.get_mut(&n) {
                    let _ = f.write_all(s.as_bytes());
                    advance_column(self.file_columns.entry(n).or_default(), s);
                } else if let Some((_, buf)) = self.captures.iter_mut().find(|(k, _)| *k == n) {
                    buf.push_str(s);
                }
            }
        }
    }

    /// The stream current output names when no capture is open.
    fn current_stream(&self) -> Stream {
        match self.current {
            2 => Stream::Err,
            n if self.files.contains_key(&n) => Stream::File(n),
            _ => Stream::User,
        }
    }

    /// The stream number of current output: the innermost capture's, else 1 for standard
    /// output, 2 for standard error, or a file opened for writing.
    pub fn current_number(&self) -> usize {
        match self.captures.last() {
            Some((n, _)) => *n,
            None => self.current,
        }
    }

    /// Whether `n` is the stream number of an open capture.
    pub fn is_capture(&self, n: usize) -> bool {
        self.captures.iter().any(|(k, _)| *k == n)
    }

    /// Make stream number `n` current output. A number that names no open output stream makes
    /// standard output current, so current output can never be left pointing at nothing.
    pub fn set_current(&mut self, n: usize) {
        self.current = if n == 2 || self.files.contains_key(&n) {
            n
        } else {
            1
        };
    }

    /// Flush and forget file `n`; if it was current output, standard output becomes current,
    /// as closing the current output stream does in SWI-Prolog.
    pub fn close_file(&mut self, n: usize) {
        if let Some(mut f) = self.files.remove(&n) {
            let _ = f.flush();
        }
        self.file_columns.remove(&n);
        if self.current == n {
            self.current = 1;
        }
    }

    /// The column of the cursor on `stream` (current output: the innermost capture or the
    /// stream `set_output/1` chose).
    pub fn column_of(&self, stream: Stream) -> usize {
        match stream {
            Stream::Out if !self.captures.is_empty() => self.current_column(),
            Stream::Out => self.column_of(self.current_stream()),
            Stream::User => self.column,
            Stream::Err => self.err_column,
            Stream::File(n) => match self.captures.iter().find(|(k, _)| *k == n) {
                Some((_, buf)) => text_column(buf),
                None => self.file_columns.get(&n).copied().unwrap_or(0),
            },
        }
    }

    /// Flush one stream: a file, or standard output for the others (standard error is not
    /// buffered).
    pub fn flush_stream(&mut self, stream: Stream) {
        let stream = match stream {
            Stream::Out if self.captures.is_empty() => self.current_stream(),
            other => other,
        };
        match stream {
            Stream::File(n) => {
                if let Some(f) = self.files.get_mut(&n) {
                    let _ = f.flush();
                }
            }
            Stream::Out => {}
            Stream::User | Stream::Err => self.flush(),
        }
    }

    /// Start capturing current output.
    pub fn begin_capture(&mut self) {
        self.captures.push((self.next_capture, String::new()));
        self.next_capture += 1;
    }

    /// Stop the innermost capture and return what it collected.
    pub fn end_capture(&mut self) -> String {
        self.captures.pop().map(|(_, s)| s).unwrap_or_default()
    }

    /// How many captures are open (so an exception can close the ones it abandons).
    pub fn capture_depth(&self) -> usize {
        self.captures.len()
    }

    /// The column of the innermost capture or, when none is open, of current output.
    pub fn current_column(&self) -> usize {
        match self.captures.last() {
            Some((_, b)) => text_column(b),
            None => self.column_of(self.current_stream()),
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
        self.file_columns.clear();
        self.current = 1;
    }
}

/// Move a column past `s`: to the length of its last line if it has a line break.
fn advance_column(column: &mut usize, s: &str) {
    match s.rfind('\n') {
        Some(i) => *column = s[i + 1..].chars().count(),
        None => *column += s.chars().count(),
    }
}

/// Count the messages that start in `s`, written to standard error at the start of a line when
/// `at_start`: a line that opens with `ERROR: ` or `Warning: ` and no further indentation
/// (the lines after it are indented), or a diagnostic box's `×` or `⚠` line (not the box that
/// shows the goal of an error already counted).
fn count_messages(counts: &mut (usize, usize), at_start: bool, s: &str) {
    let mut lines = s.split('\n');
    if !at_start {
        lines.next();
    }
    for line in lines {
        let opens = |prefix: &str| {
            line.strip_prefix(prefix)
                .is_some_and(|rest| !rest.is_empty() && !rest.starts_with(' '))
        };
        if opens("ERROR: ") || (opens("  × ") && !line.starts_with("  × In goal")) {
            counts.0 += 1;
        } else if opens("Warning: ") || opens("  ⚠ ") {
            counts.1 += 1;
        }
    }
}

/// The column after writing `s` from the start of a line.
fn text_column(s: &str) -> usize {
    let mut column = 0;
    advance_column(&mut column, s);
    column
}
