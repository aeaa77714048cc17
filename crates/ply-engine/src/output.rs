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
    /// Column of the cursor on standard output and standard error, which share it as in
    /// SWI-Prolog: the two usually reach one terminal, so a message on standard error after
    /// `write(abc)` on standard output starts on a fresh line, and `~N` on either stream sees
    /// what the other left on the line.
    pub column: usize,
    /// The line breaks written on standard output and standard error (shared as the column is).
    lines: usize,
    /// The errors and the warnings printed on standard error so far, as swipl counts them for
    /// `--on-error=status` and `--on-warning=status`.
    pub err_counts: (usize, usize),
    /// Files opened for writing, by stream number.
    pub files: std::collections::HashMap<usize, std::io::BufWriter<std::fs::File>>,
    /// The line breaks written to each file opened for writing and the column of its cursor,
    /// by stream number.
    file_places: std::collections::HashMap<usize, (usize, usize)>,
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
            lines: 0,
            err_counts: (0, 0),
            files: std::collections::HashMap::new(),
            file_places: std::collections::HashMap::new(),
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
                advance(&mut self.lines, &mut self.column, s);
            }
            Stream::Err => {
                count_messages(&mut self.err_counts, self.column == 0, s);
                let _ = self.stdout.flush();
                let _ = std::io::stderr().write_all(s.as_bytes());
                advance(&mut self.lines, &mut self.column, s);
            }
            Stream::File(n) => {
                if let Some(f) = self.files.get_mut(&n) {
                    let _ = f.write_all(s.as_bytes());
                    let (lines, column) = self.file_places.entry(n).or_default();
                    advance(lines, column, s);
                } else if let Some((_, buf)) = self.captures.iter_mut().find(|(k, _)| *k == n) {
                    buf.push_str(s);
                }
            }
        }
    }

    /// Move the place standard input, output and error share past `text`, read from standard
    /// input (they share one place, line count and column, as in SWI-Prolog).
    pub fn advance_user(&mut self, text: &str) {
        advance(&mut self.lines, &mut self.column, text);
    }

    /// Write a message (an error, a warning, an informational line) to standard error on a
    /// line of its own: after a line that output or another message left open, it starts
    /// with a line break, as `print_message/2` does in SWI-Prolog.
    pub fn message(&mut self, s: &str) {
        self.fresh_line(Stream::Err);
        self.write(Stream::Err, s);
    }

    /// End the line `stream`'s cursor is on unless it is at the start of one (`format/2`'s
    /// `~N`); the toplevel's answers start so, after whatever the query wrote.
    pub fn fresh_line(&mut self, stream: Stream) {
        if self.column_of(stream) != 0 {
            self.write(stream, "\n");
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
        self.file_places.remove(&n);
        if self.current == n {
            self.current = 1;
        }
    }

    /// The column of the cursor on `stream` (current output: the innermost capture or the
    /// stream `set_output/1` chose).
    pub fn column_of(&self, stream: Stream) -> usize {
        self.place_of(stream).1
    }

    /// The line breaks written to `stream` so far and the column of its cursor.
    pub fn place_of(&self, stream: Stream) -> (usize, usize) {
        match stream {
            Stream::Out => match self.captures.last() {
                Some((_, buf)) => text_place(buf),
                None => self.place_of(self.current_stream()),
            },
            Stream::User | Stream::Err => (self.lines, self.column),
            Stream::File(n) => match self.captures.iter().find(|(k, _)| *k == n) {
                Some((_, buf)) => text_place(buf),
                None => self.file_places.get(&n).copied().unwrap_or((0, 0)),
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
        self.column_of(Stream::Out)
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
        self.file_places.clear();
        self.current = 1;
    }
}

/// Move a line count and a column past `s`: the column to the length of its last line if it
/// has a line break.
pub fn advance(lines: &mut usize, column: &mut usize, s: &str) {
    match s.rfind('\n') {
        Some(i) => {
            *lines += s.matches('\n').count();
            *column = s[i + 1..].chars().count();
        }
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

/// The line breaks in `s` and the column after writing it from the start of a line.
fn text_place(s: &str) -> (usize, usize) {
    let (mut lines, mut column) = (0, 0);
    advance(&mut lines, &mut column, s);
    (lines, column)
}
