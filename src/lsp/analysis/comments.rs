//! Small facts about the text around terms: where a name is written inside a term's span, and
//! the comment written above a predicate, which hover shows as its documentation.

use crate::reader::Span;

/// Where `name` is written in the text of the term at `span`: at its start in the usual
/// `name(...)` form or quoted there, else (an operator, `X is Y`) its first occurrence inside the
/// term, else the whole term.
pub fn name_span(text: &str, name: &str, span: Span) -> Span {
    let Some(term) = text.get(span.start..span.end.min(text.len())) else {
        return span;
    };
    if term.starts_with(name) {
        return Span::new(span.start, span.start + name.len());
    }
    if let Some(rest) = term.strip_prefix('\'') {
        // A quoted name ends at the first quote that is not doubled.
        let mut i = 0;
        let bytes = rest.as_bytes();
        while i < bytes.len() {
            if bytes[i] == b'\'' {
                if bytes.get(i + 1) == Some(&b'\'') {
                    i += 2;
                    continue;
                }
                return Span::new(span.start, span.start + i + 2);
            }
            i += 1;
        }
    }
    if !name.is_empty() {
        if let Some(at) = term.find(name) {
            return Span::new(span.start + at, span.start + at + name.len());
        }
    }
    span
}

/// The comment that ends `gap`, the text between the clause before and a predicate's first
/// clause: the last run of `%` lines, or the last `/* ... */` block, with the comment marks
/// and their indentation removed. When the gap follows a clause (`after_clause`), whatever is on
/// its first line follows that clause on its line and belongs to it.
pub fn leading_comment(gap: &str, after_clause: bool) -> Option<String> {
    let own = match gap.find('\n') {
        _ if !after_clause => gap,
        Some(i) => &gap[i + 1..],
        None => return None,
    };
    let trimmed = own.trim_end();
    if trimmed.ends_with("*/") {
        let start = trimmed.rfind("/*")?;
        let body = &trimmed[start + 2..trimmed.len() - 2];
        let lines: Vec<&str> = body
            .lines()
            .map(|l| l.trim().trim_start_matches('*').trim())
            .collect();
        return tidy(lines);
    }
    let mut block: Vec<&str> = Vec::new();
    for line in trimmed.lines().rev() {
        let line = line.trim();
        if let Some(c) = line.strip_prefix('%') {
            block.push(c.trim_start_matches('%').trim());
        } else if line.is_empty() && block.is_empty() {
            continue;
        } else {
            break;
        }
    }
    block.reverse();
    tidy(block)
}

/// Comment lines joined, without leading and trailing empty lines; `None` if nothing is left.
fn tidy(lines: Vec<&str>) -> Option<String> {
    let text = lines.join("\n");
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_in_their_terms() {
        let text = "p :- 'my pred'(X), X is 1, ходы(P, L).";
        let at = |s: &str| text.find(s).unwrap();
        let q = at("'my");
        let span = name_span(text, "my pred", Span::new(q, at(", X is")));
        assert_eq!(&text[span.start..span.end], "'my pred'");
        let span = name_span(text, "is", Span::new(at("X is"), at(", ходы")));
        assert_eq!(&text[span.start..span.end], "is");
        let span = name_span(text, "ходы", Span::new(at("ходы"), text.len() - 1));
        assert_eq!(&text[span.start..span.end], "ходы");
    }

    #[test]
    fn the_comment_above_a_clause_is_its_documentation() {
        let gap = ". % about the clause before\n\n% Минимакс: лучший ход.\n%   Второй ряд.\n";
        assert_eq!(
            leading_comment(gap, true).as_deref(),
            Some("Минимакс: лучший ход.\nВторой ряд.")
        );
        let gap = "\n/* Block\n * comment */\n";
        assert_eq!(
            leading_comment(gap, true).as_deref(),
            Some("Block\ncomment")
        );
        assert_eq!(
            leading_comment("% first\n", false).as_deref(),
            Some("first")
        );
        assert_eq!(leading_comment(" % trailing\n\n", true), None);
        assert_eq!(leading_comment("% x\nfoo(a).\n", false), None);
    }
}
