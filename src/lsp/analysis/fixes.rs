//! The loader's lint warnings as problems an editor shows, each with its quick fixes.
//!
//! A warning about variables (a singleton, a singleton in a branch) becomes one problem at each
//! occurrence it names, so each gets its own underline; other warnings are one problem at their
//! first label, the rest of the labels as related places. The fixes follow from the warning and
//! the clause it is about: the name lint suggested (`Оц` → `Оц0`), the `_` prefix that says a
//! variable is meant to be used once, and the letter of the other script in a name that mixes
//! Latin and Cyrillic. They are worked out here, where the clause's variables are known, so that
//! a fix renames every occurrence of a variable in its clause and nothing outside it.

use super::{Fix, Problem};
use crate::diag::Diag;
use crate::reader::ast::Ast;
use crate::reader::Span;

/// The problems, with fixes, of lint warning `d` about clause `ast` of `text`.
pub fn problems_of(text: &str, ast: &Ast, d: &Diag) -> Vec<Problem> {
    let code = d.code.clone().unwrap_or_else(|| "lint".to_string());
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push('\n');
        message.push_str(help);
    }
    let at = |s: Span| text.get(s.start..s.end).unwrap_or("").to_string();
    match code.as_str() {
        "singleton" => {
            let hints = hints(d.help.as_deref().unwrap_or(""));
            d.labels
                .iter()
                .map(|&(span, _)| {
                    let name = at(span);
                    let mut fixes = Vec::new();
                    let meant = if d.labels.len() == 1 {
                        hints.first().map(|(_, to)| to.clone())
                    } else {
                        hints
                            .iter()
                            .find(|(from, _)| *from == name)
                            .map(|(_, to)| to.clone())
                    };
                    if let Some(to) = meant {
                        fixes.push(rename(&name, &to, &[span]));
                    }
                    fixes.push(rename(&name, &format!("_{name}"), &[span]));
                    problem(d, &code, &message, span, fixes)
                })
                .collect()
        }
        "branch_singleton" | "negation_singleton" | "multiton" => {
            let spans: Vec<Span> = d.labels.iter().map(|(s, _)| *s).collect();
            let name = spans.first().map(|&s| at(s)).unwrap_or_default();
            let mut fixes = Vec::new();
            if code == "multiton" {
                fixes.push(rename(&name, name.trim_start_matches('_'), &spans));
            } else {
                if let Some((_, to)) = hints(d.help.as_deref().unwrap_or("")).first() {
                    fixes.push(rename(&name, to, &spans));
                }
                fixes.push(rename(&name, &format!("_{name}"), &spans));
            }
            d.labels
                .iter()
                .map(|(span, _)| problem(d, &code, &message, *span, fixes.clone()))
                .collect()
        }
        "look_alike_variables" if d.labels.len() == 2 => {
            let (x, y) = (at(d.labels[0].0), at(d.labels[1].0));
            let fixes = vec![
                rename(&y, &x, &occurrences(ast, &y)),
                rename(&x, &y, &occurrences(ast, &x)),
            ];
            vec![first_label(d, &code, &message, fixes)]
        }
        "mixed_scripts" => {
            let mut fixes = Vec::new();
            if let Some(&(span, _)) = d.labels.first() {
                let name = at(span);
                let fixed = replace_letters(&name, d.help.as_deref().unwrap_or(""));
                if fixed != name {
                    let spans = if d.message.starts_with("Variable") {
                        occurrences(ast, &name)
                    } else {
                        vec![span]
                    };
                    let mut fix = rename(&name, &fixed, &spans);
                    fix.title = format!("Replace the look-alike letter: `{name}` → `{fixed}`");
                    fixes.push(fix);
                }
            }
            vec![first_label(d, &code, &message, fixes)]
        }
        "discontiguous" if d.labels.len() == 2 => {
            // The declaration goes on a line of its own above the predicate's first clause.
            let first = d.labels[1].0.start.min(text.len());
            let line_start = text[..first].rfind('\n').map_or(0, |i| i + 1);
            let declaration = d
                .help
                .as_deref()
                .and_then(|h| h.strip_prefix("declare "))
                .map(str::to_string);
            let fixes = declaration
                .map(|decl| Fix {
                    title: format!("Declare `{decl}`"),
                    edits: vec![(Span::new(line_start, line_start), format!("{decl}\n"))],
                })
                .into_iter()
                .collect();
            vec![first_label(d, &code, &message, fixes)]
        }
        _ => vec![first_label(d, &code, &message, Vec::new())],
    }
}

/// A problem at `span`, the other labels of `d` its related places.
fn problem(d: &Diag, code: &str, message: &str, span: Span, fixes: Vec<Fix>) -> Problem {
    let related = d
        .labels
        .iter()
        .filter(|(s, _)| *s != span)
        .cloned()
        .collect();
    Problem {
        severity: d.severity,
        code: code.to_string(),
        message: message.to_string(),
        span,
        related,
        fixes,
    }
}

/// A problem at the first label of `d` (or nowhere, for a warning without labels).
fn first_label(d: &Diag, code: &str, message: &str, fixes: Vec<Fix>) -> Problem {
    let span = d.primary_span().unwrap_or_default();
    problem(d, code, message, span, fixes)
}

/// The fix that writes `to` at every span of `spans` (which hold `from`).
fn rename(from: &str, to: &str, spans: &[Span]) -> Fix {
    Fix {
        title: format!("Rename `{from}` to `{to}`"),
        edits: spans.iter().map(|&s| (s, to.to_string())).collect(),
    }
}

/// Every occurrence in the clause of the variable named `name`.
fn occurrences(ast: &Ast, name: &str) -> Vec<Span> {
    ast.vars
        .iter()
        .filter(|v| v.name == name)
        .flat_map(|v| v.occurrences.iter().copied())
        .collect()
}

/// The names lint suggests in its help: "did you mean `B`?" gives `("", "B")`, and
/// "did you mean `A` → `B`, `C` → `D`?" gives `("A", "B")` and `("C", "D")`.
fn hints(help: &str) -> Vec<(String, String)> {
    let Some(rest) = help.strip_prefix("did you mean ") else {
        return Vec::new();
    };
    let quoted = backticked(rest);
    if rest.contains('→') {
        quoted
            .chunks(2)
            .filter(|p| p.len() == 2)
            .map(|p| (p[0].clone(), p[1].clone()))
            .collect()
    } else {
        quoted.into_iter().map(|q| (String::new(), q)).collect()
    }
}

/// The texts between pairs of backticks in `s`, in order.
fn backticked(s: &str) -> Vec<String> {
    s.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, t)| t.to_string())
        .collect()
}

/// `name` with each letter the mixed-script help names replaced by its look-alike in the
/// name's main script. The help has one part per odd letter, "`c` (U+...) is Latin; the
/// Cyrillic look-alike is `t` (U+...)"; a letter without a look-alike has no second part.
fn replace_letters(name: &str, help: &str) -> String {
    let mut map: Vec<(char, char)> = Vec::new();
    // Each odd letter is quoted once, and its look-alike once right after "look-alike is".
    let mut i = 0;
    let pieces: Vec<&str> = help.split('`').collect();
    while i + 1 < pieces.len() {
        let odd = pieces[i + 1];
        let after = pieces.get(i + 2).copied().unwrap_or("");
        if after.ends_with("look-alike is ") {
            if let (Some(c), Some(t)) = (
                odd.chars().next(),
                pieces.get(i + 3).and_then(|t| t.chars().next()),
            ) {
                map.push((c, t));
            }
            i += 4;
        } else {
            i += 2;
        }
    }
    name.chars()
        .map(|c| map.iter().find(|(o, _)| *o == c).map_or(c, |(_, t)| *t))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_read_from_the_help() {
        assert_eq!(
            hints("did you mean `Оц0`?"),
            [(String::new(), "Оц0".to_string())]
        );
        assert_eq!(
            hints("did you mean `A` → `B`, `Cx` → `C`?"),
            [
                ("A".to_string(), "B".to_string()),
                ("Cx".to_string(), "C".to_string())
            ]
        );
        assert!(hints("they differ").is_empty());
    }

    #[test]
    fn look_alike_letters_are_replaced() {
        let help = "`O` (U+004F LATIN CAPITAL LETTER O) is Latin; the Cyrillic look-alike is `О` (U+041E CYRILLIC CAPITAL LETTER O)";
        assert_eq!(replace_letters("Oц", help), "Оц");
        let help = "`с` (U+0441 CYRILLIC SMALL LETTER ES) is Cyrillic; the Latin look-alike is `c` (U+0063 LATIN SMALL LETTER C)";
        assert_eq!(replace_letters("сat", help), "cat");
        // A letter without a look-alike stays.
        assert_eq!(
            replace_letters("жx", "`x` (U+0078 LATIN SMALL LETTER X) is Latin"),
            "жx"
        );
    }
}
