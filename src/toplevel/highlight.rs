//! Colours for the line being typed: variables, strings, numbers, quoted atoms and comments
//! each get a colour, and the bracket matching the one under (or just before) the cursor is
//! shown in bold; a bracket without a partner is shown in red.
//!
//! Only ANSI colour codes are added, so the text keeps its display width. This module must
//! never change the characters of the line.

use super::line_scan::{matching_bracket, scan, TokKind};

const RESET: &str = "\x1b[0m";

fn colour(kind: TokKind) -> Option<&'static str> {
    match kind {
        TokKind::Var => Some("\x1b[32m"),
        TokKind::Str => Some("\x1b[33m"),
        TokKind::Num => Some("\x1b[36m"),
        TokKind::Quoted => Some("\x1b[35m"),
        TokKind::Comment => Some("\x1b[90m"),
        TokKind::End => Some("\x1b[1m"),
        _ => None,
    }
}

/// The position of a bracket at the cursor or just before it, with its partner if any.
fn bracket_pair(line: &str, cursor: usize) -> Option<(usize, Option<usize>)> {
    let at = |i: usize| line.get(i..).and_then(|s| s.chars().next());
    let mut candidates = vec![cursor];
    if cursor > 0 {
        let prev = line[..cursor.min(line.len())]
            .char_indices()
            .last()
            .map(|(i, _)| i);
        candidates.extend(prev);
    }
    for p in candidates {
        if at(p).is_some_and(|c| "()[]{}".contains(c)) {
            let toks = scan(line);
            let is_punct = toks
                .iter()
                .any(|t| t.start == p && t.kind == TokKind::Punct);
            if is_punct {
                return Some((p, matching_bracket(line, p)));
            }
        }
    }
    None
}

/// `line` with colour codes; `cursor` is `None` when no bracket should be matched.
pub fn highlight(line: &str, cursor: Option<usize>) -> String {
    let pair = cursor.and_then(|c| bracket_pair(line, c));
    let mut out = String::with_capacity(line.len() * 2);
    for t in scan(line) {
        let text = &line[t.start..t.end];
        if t.kind == TokKind::Punct {
            match pair {
                Some((p, Some(q))) if t.start == p || t.start == q => {
                    out.push_str("\x1b[1;34m");
                    out.push_str(text);
                    out.push_str(RESET);
                }
                Some((p, None)) if t.start == p => {
                    out.push_str("\x1b[1;31m");
                    out.push_str(text);
                    out.push_str(RESET);
                }
                _ => out.push_str(text),
            }
            continue;
        }
        match colour(t.kind) {
            Some(c) => {
                out.push_str(c);
                out.push_str(text);
                out.push_str(RESET);
            }
            None => out.push_str(text),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(s: &str) -> String {
        let mut out = String::new();
        let mut esc = false;
        for c in s.chars() {
            if c == '\x1b' {
                esc = true;
            } else if esc {
                if c == 'm' {
                    esc = false;
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn text_is_unchanged() {
        for s in ["foo(X, \"s\", 'q', 1.5) % c", "[a|B]", "'open", "мини(Х)"] {
            assert_eq!(strip(&highlight(s, Some(0))), s);
            assert_eq!(strip(&highlight(s, Some(s.len()))), s);
        }
    }

    #[test]
    fn variables_are_green_and_brackets_match() {
        let h = highlight("f(X)", Some(4));
        assert!(h.contains("\x1b[32mX"));
        assert!(h.contains("\x1b[1;34m(") && h.contains("\x1b[1;34m)"));
        assert!(highlight("f(X", Some(1)).contains("\x1b[1;31m("));
    }
}
