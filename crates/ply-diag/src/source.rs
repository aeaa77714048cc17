//! A file's text as diagnostics read it: its name, its text, and where its line breaks are,
//! found once per file, so that placing a span on its line costs a binary search instead of a
//! walk from the top of the file. A file of many thousand clauses may earn a warning for each
//! (clauses of a predicate spread over the file), and a walk per warning made loading it take
//! time quadratic in its length.
//!
//! Nothing here may change a line, a column or an excerpt: each is exactly what a walk from the
//! top gives ([`line_col`](super::render::line_col), and miette's own reading of a `str`), which
//! the tests below check on texts with every kind of line break.

use std::sync::OnceLock;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// One line break: a `\n`, a lone `\r`, or a `\r\n`. Its offsets are 32-bit, 8 bytes a
/// line rather than 16 while a file of a hundred thousand facts loads; in a text over 4 GiB
/// the breaks past that point are not recorded, so its later lines are numbered alike.
#[derive(Clone, Copy, Debug)]
struct Break {
    /// The offset of its first byte.
    first: u32,
    /// The offset of its last byte (the `\n` of a `\r\n`).
    last: u32,
}

impl Break {
    /// A break from byte `first` to byte `last`.
    fn new(first: usize, last: usize) -> Break {
        let at = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
        Break {
            first: at(first),
            last: at(last),
        }
    }

    /// The offset of its first byte.
    fn first(self) -> usize {
        self.first as usize
    }

    /// The offset of its last byte.
    fn last(self) -> usize {
        self.last as usize
    }
}

/// A source text with its file name, read by diagnostics with columns counted in characters.
pub struct SourceText<'a> {
    name: &'a str,
    text: &'a str,
    /// The line breaks of `text` in order, found when a span is first placed.
    breaks: OnceLock<Vec<Break>>,
}

impl<'a> SourceText<'a> {
    /// The text `text` of the file named `name`.
    pub fn new(name: &'a str, text: &'a str) -> Self {
        SourceText {
            name,
            text,
            breaks: OnceLock::new(),
        }
    }

    /// The file's name.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The file's text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The line breaks, as miette counts them: `\r\n` is one break, a lone `\r` is one.
    fn breaks(&self) -> &[Break] {
        self.breaks.get_or_init(|| {
            // memchr finds the break bytes many at a time: the system library's text is read
            // at every start-up and its clauses ask for their lines, so a walk over every
            // byte would show in the start-up time.
            let bytes = self.text.as_bytes();
            let mut breaks = Vec::new();
            let mut crlf_end = None;
            for i in memchr::memchr2_iter(b'\r', b'\n', bytes) {
                if i >= u32::MAX as usize {
                    break;
                }
                if crlf_end == Some(i) {
                    continue;
                }
                if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                    crlf_end = Some(i + 1);
                    breaks.push(Break::new(i, i + 1));
                } else {
                    breaks.push(Break::new(i, i));
                }
            }
            breaks
        })
    }

    /// The 1-based line of byte offset `byte`: [`SourceText::line_col`]'s line, without the
    /// count of characters for the column (the loader asks for the line of every clause).
    pub fn line(&self, byte: usize) -> usize {
        let byte = super::render::floor_char_boundary(self.text, byte);
        self.breaks().partition_point(|b| b.first() < byte) + 1
    }

    /// The 1-based line and column of byte offset `byte`, the column counted in characters:
    /// the same as [`line_col`](super::render::line_col) on the whole text.
    pub fn line_col(&self, byte: usize) -> (usize, usize) {
        let byte = super::render::floor_char_boundary(self.text, byte);
        let breaks = self.breaks();
        // A break counts once its first byte is before `byte`; a `\r\n` whose `\n` is at `byte`
        // is counted, and its line starts at `byte`, as the walk from the top has it.
        let before = breaks.partition_point(|b| b.first() < byte);
        let line_start = match before {
            0 => 0,
            n => (breaks[n - 1].last() + 1).min(byte),
        };
        let col = self.text[line_start..byte].chars().count() + 1;
        (before + 1, col)
    }
}

impl SourceCode for SourceText<'_> {
    /// miette's reading of the whole text as a `str`, made on the part of it from the first line
    /// of context on: the lines before that part only add to the line numbers, which are
    /// corrected by the number of breaks skipped. miette reports a column only when no lines of
    /// context come before the span, and counts it in bytes; it is recounted in characters.
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        let breaks = self.breaks();
        let offset = span.offset();
        // miette puts a break before the span when its last byte is before the span's start.
        let line = breaks.partition_point(|b| b.last() < offset);
        let mut skipped = line.saturating_sub(context_lines_before);
        // miette looks one byte before an empty span (`offset + len - 1`, saturating at 0), so
        // the part read must start before an empty span, not at it.
        while skipped > 0 && span.is_empty() && breaks[skipped - 1].last() + 1 >= offset {
            skipped -= 1;
        }
        let from = match skipped {
            0 => 0,
            n => breaks[n - 1].last() + 1,
        };
        let local = SourceSpan::new((offset - from).into(), span.len());
        let inner =
            self.text[from..].read_span(&local, context_lines_before, context_lines_after)?;
        let column = if context_lines_before == 0 {
            self.line_col(offset).1 - 1
        } else {
            inner.column()
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            inner.data(),
            SourceSpan::new((inner.span().offset() + from).into(), inner.span().len()),
            inner.line() + skipped,
            column,
            inner.line_count() + skipped,
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::line_col;

    /// Texts with `\n`, `\r\n`, lone `\r`, blank lines, letters of several bytes and no-break
    /// spaces, and one without a final break.
    const TEXTS: [&str; 4] = [
        "ab\n\u{a0}\u{a0}Оц > Оц1\r\nx\ry\n\nлучш(X) :- q.\n",
        "p.\r\n\r\nq(Ж) :-\r\r\n\n  r(Ж).",
        "\n\n\na\n",
        "один",
    ];

    #[test]
    fn line_and_column_agree_with_the_walk_from_the_top() {
        for text in TEXTS {
            let source = SourceText::new("t.pl", text);
            for byte in 0..=text.len() + 2 {
                assert_eq!(
                    source.line_col(byte),
                    line_col(text, byte),
                    "{text:?} at {byte}"
                );
            }
        }
    }

    #[test]
    fn excerpts_agree_with_miette_reading_the_whole_text() {
        for text in TEXTS {
            let source = SourceText::new("t.pl", text);
            for start in (0..=text.len()).filter(|&b| text.is_char_boundary(b)) {
                for end in (start..=text.len()).filter(|&b| text.is_char_boundary(b)) {
                    let span = SourceSpan::new(start.into(), end - start);
                    for (before, after) in [(0, 0), (1, 1), (2, 2), (0, 3), (3, 0)] {
                        let ours = source.read_span(&span, before, after);
                        let whole = text.read_span(&span, before, after);
                        let (ours, whole) = match (ours, whole) {
                            (Ok(o), Ok(w)) => (o, w),
                            (Err(_), Err(_)) => continue,
                            (o, w) => {
                                panic!("{text:?} {start}..{end}: {:?} {:?}", o.is_ok(), w.is_ok())
                            }
                        };
                        let at = format!("{text:?} {start}..{end} context {before}/{after}");
                        assert_eq!(ours.data(), whole.data(), "{at}");
                        assert_eq!(ours.span(), whole.span(), "{at}");
                        assert_eq!(ours.line(), whole.line(), "{at}");
                        assert_eq!(ours.line_count(), whole.line_count(), "{at}");
                        assert_eq!(ours.name(), Some("t.pl"), "{at}");
                        if before == 0 {
                            assert_eq!(ours.column() + 1, line_col(text, start).1, "{at}");
                        } else {
                            assert_eq!(ours.column(), whole.column(), "{at}");
                        }
                    }
                }
            }
        }
    }
}
