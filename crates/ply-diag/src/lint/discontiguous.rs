//! Clauses of one predicate spread over a file, as SWI-Prolog warns about them.
//!
//! SWI-Prolog 9 warns each time a clause of a predicate follows clauses of another predicate
//! when the predicate already has clauses in the file, unless it was declared
//! `:- discontiguous`. A `:- dynamic` declaration does not silence it (checked with swipl 9.0.4),
//! and directives between clauses do not count as another predicate. The tracker is fed the
//! clauses of one file in order and returns the warning, naming where the first clause was and
//! which predicate came in between. It keeps only names and spans, never the clauses.

use ply_term::{FastMap, FastSet};

use crate::render::{Diag, Severity};
use crate::source::SourceText;
use crate::term_text::quoted_atom;
use ply_reader::ast::Span;

/// Follows the clauses of one source file in order and reports discontiguous predicates.
#[derive(Clone, Debug, Default)]
pub struct DiscontiguousTracker {
    file: String,
    /// The span of the first clause of each predicate seen so far.
    first: FastMap<(String, usize), Span>,
    /// Predicates declared discontiguous.
    allowed: FastSet<(String, usize)>,
    /// Predicates declared dynamic (recorded; SWI-Prolog still warns for them).
    dynamic: FastSet<(String, usize)>,
    /// The predicate of the clause before.
    current: Option<(String, usize)>,
}

/// `name/arity` as SWI-Prolog prints a predicate indicator.
fn indicator(name: &str, arity: usize) -> String {
    format!("{}/{arity}", quoted_atom(name))
}

impl DiscontiguousTracker {
    /// A tracker for the file named `file` (the name used in messages).
    pub fn new(file: impl Into<String>) -> Self {
        DiscontiguousTracker {
            file: file.into(),
            ..Default::default()
        }
    }

    /// Record `:- discontiguous name/arity`: its clauses may be spread out.
    pub fn declare_discontiguous(&mut self, name: &str, arity: usize) {
        self.allowed.insert((name.to_string(), arity));
    }

    /// Record `:- dynamic name/arity`. Like SWI-Prolog 9, this does not silence the warning;
    /// it is kept so that callers can feed every declaration without choosing.
    pub fn declare_dynamic(&mut self, name: &str, arity: usize) {
        self.dynamic.insert((name.to_string(), arity));
    }

    /// True if `name/arity` was declared dynamic in this file.
    pub fn is_dynamic(&self, name: &str, arity: usize) -> bool {
        self.dynamic.contains(&(name.to_string(), arity))
    }

    /// Feed the next clause of the file: its predicate and its span (the whole clause, or just
    /// its head; that is what gets underlined) in `source`, the file's text. Returns the warning
    /// if the predicate's clauses are not together.
    pub fn clause(
        &mut self,
        name: &str,
        arity: usize,
        span: Span,
        source: &SourceText,
    ) -> Option<Diag> {
        // The common case, another clause of the predicate before: it is already recorded and
        // there is nothing to say, so no key need be made.
        if matches!(&self.current, Some((n, a)) if n == name && *a == arity) {
            return None;
        }
        let key = (name.to_string(), arity);
        let previous = self.current.replace(key.clone());
        let Some(&first) = self.first.get(&key) else {
            self.first.insert(key, span);
            return None;
        };
        if previous.as_ref() == Some(&key) || self.allowed.contains(&key) {
            return None;
        }
        let pi = indicator(name, arity);
        let (first_line, _) = source.line_col(first.start);
        let mut message = format!(
            "Clauses of {pi} are not together in the source-file\nEarlier definition at {}:{first_line}",
            self.file
        );
        if let Some((other, other_arity)) = &previous {
            message.push_str(&format!(
                "\nCurrent predicate: {}",
                indicator(other, *other_arity)
            ));
        }
        Some(Diag {
            severity: Severity::Warning,
            code: Some("discontiguous".to_string()),
            message,
            labels: vec![
                (
                    span,
                    format!("this clause of {pi} comes after other predicates"),
                ),
                (first, format!("first clause of {pi}")),
            ],
            help: Some(format!("declare :- discontiguous {pi}.")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The clause heads of `discontiguous_swipl.pl`, one per line, with the line each is on.
    fn feed(source: &str) -> Vec<(usize, String)> {
        let file = SourceText::new("t6.pl", source);
        let mut tracker = DiscontiguousTracker::new("t6.pl");
        let mut out = Vec::new();
        let mut offset = 0;
        for line in source.split_inclusive('\n') {
            let text = line.trim_end();
            let span = Span::new(offset, offset + text.len());
            offset += line.len();
            if let Some(decl) = text.strip_prefix(":- ") {
                let decl = decl.trim_end_matches('.');
                if let Some(pi) = decl.strip_prefix("discontiguous ") {
                    let (n, a) = pi.split_once('/').unwrap();
                    tracker.declare_discontiguous(n, a.parse().unwrap());
                } else if let Some(pi) = decl.strip_prefix("dynamic ") {
                    let (n, a) = pi.split_once('/').unwrap();
                    tracker.declare_dynamic(n, a.parse().unwrap());
                }
                continue;
            }
            if text.is_empty() || text.starts_with('%') {
                continue;
            }
            // Test data only: the name is what precedes `(`, ` :-` or `.`; arity counts commas.
            let head = text.split(" :-").next().unwrap().trim_end_matches('.');
            let (name, arity) = match head.split_once('(') {
                Some((n, args)) => (n, args.matches(',').count() + 1),
                None => (head, 0),
            };
            if let Some(d) = tracker.clause(name, arity, span, &file) {
                let (line, _) = file.line_col(span.start);
                out.push((line, d.message));
            }
        }
        out
    }

    #[test]
    fn matches_swi_prolog_on_the_recorded_file() {
        let source = include_str!("discontiguous_swipl.pl");
        let golden = include_str!("discontiguous_swipl.txt");
        // Rebuild SWI-Prolog's message blocks from the golden output: a `file:line:` line, then
        // the message lines, of which the last ("Use :- discontiguous ...") is ply's help.
        let mut expected: Vec<(usize, String)> = Vec::new();
        for line in golden.lines() {
            let body = line.trim_start_matches("Warning: ");
            if let Some(rest) = body.strip_prefix("t6.pl:") {
                let n = rest.trim_end_matches(':').parse().unwrap();
                expected.push((n, String::new()));
            } else if let Some(text) = body.strip_prefix("   ") {
                let text = text.trim_start();
                if text.starts_with("Use :- discontiguous") {
                    continue;
                }
                let last = expected.last_mut().unwrap();
                if !last.1.is_empty() {
                    last.1.push('\n');
                }
                last.1.push_str(text);
            }
        }
        assert_eq!(feed(source), expected);
    }

    #[test]
    fn help_and_labels_point_at_both_clauses() {
        let source = SourceText::new("x.pl", "foo(1).\nbar.\nfoo(2).\n");
        let source = &source;
        let mut t = DiscontiguousTracker::new("x.pl");
        assert!(t.clause("foo", 1, Span::new(0, 7), source).is_none());
        assert!(t.clause("bar", 0, Span::new(8, 12), source).is_none());
        let d = t.clause("foo", 1, Span::new(13, 20), source).unwrap();
        assert_eq!(d.help.as_deref(), Some("declare :- discontiguous foo/1."));
        assert_eq!(d.labels[0].0, Span::new(13, 20));
        assert_eq!(d.labels[1].0, Span::new(0, 7));
    }
}
