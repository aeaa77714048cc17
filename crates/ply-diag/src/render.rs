//! Turning one diagnostic into the text a person reads, in miette's graphical style.
//!
//! ply's diagnostics carry byte spans into the source text that was read. This module wraps them
//! in a `miette::Diagnostic` and lets miette's graphical handler draw the report: the `×`/`⚠`
//! line, the `╭─[file:line:col]` header, the source lines with labels under the right characters,
//! and the help. miette counts the header column in bytes; ply counts it in characters (a
//! Cyrillic letter is one column, not two), so the source is handed to miette as a
//! [`SourceText`], which corrects the column and finds lines without walking the whole file.
//! Rendering must never panic on any span a caller passes: spans are clamped into the text and
//! onto character boundaries first.

use std::fmt;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceCode, SourceSpan,
};

use super::source::SourceText;
use ply_reader::ast::Span;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// Something that stops the program from loading or running as written.
    Error,
    /// Something that is legal but very likely a mistake.
    Warning,
}

/// One diagnostic about a source text: what is wrong, where, and what to do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// Error or warning.
    pub severity: Severity,
    /// A short stable name for the kind of diagnostic (`singleton`, `branch_singleton`, ...),
    /// shown above the message when present.
    pub code: Option<String>,
    /// The message; may hold several lines.
    pub message: String,
    /// Labelled places in the source. The first one is the primary place: its line and column
    /// appear in the header. An empty label text underlines without words.
    pub labels: Vec<(Span, String)>,
    /// Advice shown after the source excerpt.
    pub help: Option<String>,
}

impl Diag {
    /// A warning with a message and no labels, code or help.
    pub fn warning(message: impl Into<String>) -> Self {
        Diag {
            severity: Severity::Warning,
            code: None,
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// An error with a message and no labels, code or help.
    pub fn error(message: impl Into<String>) -> Self {
        Diag {
            severity: Severity::Error,
            ..Diag::warning(message)
        }
    }

    /// The primary span: that of the first label, if there is one.
    pub fn primary_span(&self) -> Option<Span> {
        self.labels.first().map(|(span, _)| *span)
    }
}

/// The 1-based line and column of byte offset `byte` in `source`, the column counted in
/// characters. Line breaks are `\n`, `\r\n` and a lone `\r`, as miette counts them, so that the
/// numbers agree with the rendered header. An offset past the end counts as the end; an offset
/// inside a character counts as that character.
pub fn line_col(source: &str, byte: usize) -> (usize, usize) {
    let byte = floor_char_boundary(source, byte);
    let before = &source.as_bytes()[..byte];
    let mut line = 1;
    let mut line_start = 0;
    let mut i = 0;
    while i < before.len() {
        match before[i] {
            b'\r' if before.get(i + 1) == Some(&b'\n') => {
                line += 1;
                i += 2;
                line_start = i;
                continue;
            }
            b'\r' | b'\n' => {
                line += 1;
                line_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    // A `\r` that ends `before` but whose `\n` follows at `byte` is still one break, already
    // counted above, which is what miette does as well.
    let col = source[line_start..byte].chars().count() + 1;
    (line, col)
}

/// Render `diag` about the text `source` of the file named `file` as miette's graphical handler
/// does: with Unicode box drawing, and with ANSI colours only when `color` is true (pass false
/// when the output is not a terminal).
pub fn render(diag: &Diag, file: &str, source: &str, color: bool) -> String {
    render_in(diag, &SourceText::new(file, source), color)
}

/// [`render`] for a [`SourceText`], which finds its line breaks once for all the diagnostics
/// about one file, as loading a file does.
pub fn render_in(diag: &Diag, source: &SourceText, color: bool) -> String {
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme);
    let report = Report { diag, source };
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        // miette only fails when a span lies outside the text, which clamping rules out; should
        // it happen anyway, the plain message is still better than nothing.
        out = plain(diag, source);
    }
    out
}

/// The diagnostic as a single line per message line, prefixed with `file:line:col`. Used only if
/// the graphical handler refuses a report.
fn plain(diag: &Diag, source: &SourceText) -> String {
    let file = source.name();
    let word = match diag.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    match diag.primary_span() {
        Some(span) => {
            let (line, col) = source.line_col(span.start);
            format!("{file}:{line}:{col}: {word}: {}\n", diag.message)
        }
        None => format!("{file}: {word}: {}\n", diag.message),
    }
}

/// The largest character boundary of `text` that is not after `byte`.
pub(super) fn floor_char_boundary(text: &str, byte: usize) -> usize {
    let mut b = byte.min(text.len());
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    b
}

/// The smallest character boundary of `text` that is not before `byte` (or the end).
fn ceil_char_boundary(text: &str, byte: usize) -> usize {
    let mut b = byte.min(text.len());
    while !text.is_char_boundary(b) {
        b += 1;
    }
    b
}

/// `span` moved inside `text` and onto character boundaries.
fn clamp(text: &str, span: Span) -> SourceSpan {
    let start = floor_char_boundary(text, span.start);
    let end = ceil_char_boundary(text, span.end.max(start));
    SourceSpan::new(start.into(), end - start)
}

/// A [`Diag`] with its source, in the shape miette renders.
struct Report<'a> {
    diag: &'a Diag,
    source: &'a SourceText<'a>,
}

impl fmt::Debug for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diag, f)
    }
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Report<'_> {}

impl Diagnostic for Report<'_> {
    // The diagnostic's code is not rendered: miette prints it as a bare word on a line of its
    // own above the box, which reads as stray output. It stays in `Diag` for tools that file
    // diagnostics by kind (an editor's problem list).

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        if self.diag.labels.is_empty() {
            None
        } else {
            Some(self.source)
        }
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.diag.labels.is_empty() {
            return None;
        }
        let text = self.source.text();
        Some(Box::new(self.diag.labels.iter().enumerate().map(
            move |(i, (span, label))| {
                let label = (!label.is_empty()).then(|| label.clone());
                let span = clamp(text, *span);
                if i == 0 {
                    LabeledSpan::new_primary_with_span(label, span)
                } else {
                    LabeledSpan::new_with_span(label, span)
                }
            },
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diag(labels: Vec<(Span, &str)>) -> Diag {
        Diag {
            severity: Severity::Warning,
            code: Some("singleton".to_string()),
            message: "Singleton variables: [Оц]".to_string(),
            labels: labels
                .into_iter()
                .map(|(s, l)| (s, l.to_string()))
                .collect(),
            help: Some("did you mean `Оц0`?".to_string()),
        }
    }

    #[test]
    fn the_box_opens_with_the_message_not_a_bare_code() {
        let src = "p :- q(Оц).\n";
        let at = src.find("Оц").unwrap();
        let out = render(
            &diag(vec![(Span::new(at, at + 4), "here")]),
            "f.pl",
            src,
            false,
        );
        let first = out.lines().find(|l| !l.trim().is_empty()).unwrap();
        assert!(first.contains("Singleton variables: [Оц]"), "{out}");
        assert!(!out.lines().any(|l| l.trim() == "singleton"), "{out}");
    }

    #[test]
    fn line_and_column_count_characters() {
        let src = "ab\n\u{a0}\u{a0}Оц > Оц1\r\nx\ry";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 2), (1, 3));
        let oc = src.find("Оц").unwrap();
        assert_eq!(line_col(src, oc), (2, 3));
        let oc1 = src.find("Оц1").unwrap();
        assert_eq!(line_col(src, oc1), (2, 8));
        assert_eq!(line_col(src, src.find('x').unwrap()), (3, 1));
        assert_eq!(line_col(src, src.find('y').unwrap()), (4, 1));
        // Past the end and inside a character: no panic, nearest sensible place.
        assert_eq!(line_col(src, 10_000), (4, 2));
        assert_eq!(line_col(src, oc + 1), (2, 3));
    }

    #[test]
    fn the_header_carries_file_line_and_character_column() {
        let src = "p(Оц0) :-\n\u{a0}\u{a0}\u{a0}\u{a0}q(Оц).\n";
        let at = src.rfind("Оц").unwrap();
        let text = render(
            &diag(vec![(Span::new(at, at + "Оц".len()), "used only once")]),
            "t.pl",
            src,
            false,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains("Singleton variables"), "{text}");
        assert!(lines.iter().any(|l| l.ends_with("╭─[t.pl:2:7]")), "{text}");
        // The source line is shown as is, and the underline starts under the `О`.
        let shown = lines
            .iter()
            .position(|l| l.ends_with("\u{a0}\u{a0}\u{a0}\u{a0}q(Оц)."))
            .unwrap();
        let col = lines[shown].chars().position(|c| c == 'О').unwrap();
        let marks: Vec<char> = lines[shown + 1].chars().collect();
        assert_eq!(marks[col], '─');
        assert_eq!(marks[col + 1], '┬');
        assert!(lines[shown + 2].contains("╰── used only once"));
        assert!(text.contains("help: did you mean `Оц0`?"));
        assert!(text.contains("⚠ Singleton variables: [Оц]"));
        assert!(!text.contains('\u{1b}'));
    }

    #[test]
    fn colour_only_when_asked() {
        let src = "p(X).\n";
        let d = diag(vec![(Span::new(2, 3), "here")]);
        assert!(render(&d, "t.pl", src, true).contains('\u{1b}'));
        assert!(!render(&d, "t.pl", src, false).contains('\u{1b}'));
    }

    #[test]
    fn errors_without_labels_have_no_snippet() {
        let d = Diag::error("Unknown procedure: foo/0");
        let text = render(&d, "t.pl", "", false);
        assert!(text.contains("× Unknown procedure: foo/0"), "{text}");
        assert!(!text.contains("╭─["));
    }

    #[test]
    fn spans_outside_the_text_are_clamped() {
        let src = "p(Ж).";
        let d = diag(vec![
            (Span::new(3, 99), "clamped"),
            (Span::new(3, 4), "inside a letter"),
        ]);
        let text = render(&d, "t.pl", src, false);
        assert!(text.contains("[t.pl:1:3]"), "{text}");
    }
}
