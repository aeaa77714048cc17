//! Names that mix Latin and Cyrillic letters, and variables that only look the same.
//!
//! With two keyboard layouts, `Oц` typed with a Latin `O` is a different name from `Оц`, and
//! nothing on screen shows it. This check reports every identifier (variable, atom or functor
//! name) whose letters come from more than one script, and every pair of variables of a clause
//! that look alike but differ, naming the differing letters and their code points. It reads the
//! [`Ast`] only.

use crate::confusables::{
    describe_char, latin_look_alike, look_alikes_in, script_of, scripts_in, skeleton, Script,
};
use crate::render::{Diag, Severity};
use ply_reader::ast::{Ast, NodeKind, Span};
use std::collections::HashMap;

/// Warnings about mixed scripts and look-alike variables in one clause.
pub fn lint_scripts(ast: &Ast) -> Vec<Diag> {
    let mut out = Vec::new();

    // Look-alike variable pairs first: they explain mixed-script variable names as well, so those
    // names are not reported twice.
    // Variables are grouped by skeleton, each skeleton made once, so that a clause of thousands
    // of variables is not checked pair by pair; the pairs come out in the order of a pairwise
    // walk all the same.
    let mut explained = vec![false; ast.vars.len()];
    let mut by_skeleton: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, v) in ast.vars.iter().enumerate() {
        if !v.is_anonymous() && !v.occurrences.is_empty() {
            by_skeleton.entry(skeleton(&v.name)).or_default().push(i);
        }
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for group in by_skeleton.values().filter(|g| g.len() > 1) {
        for (k, &i) in group.iter().enumerate() {
            for &j in &group[k + 1..] {
                if ast.vars[i].name != ast.vars[j].name {
                    pairs.push((i, j));
                }
            }
        }
    }
    pairs.sort_unstable();
    for (i, j) in pairs {
        let (x, y) = (&ast.vars[i], &ast.vars[j]);
        explained[i] = true;
        explained[j] = true;
        out.push(look_alike_pair(
            &x.name,
            x.occurrences[0],
            &y.name,
            y.occurrences[0],
        ));
    }

    let mut reported: Vec<&str> = Vec::new();
    for (i, v) in ast.vars.iter().enumerate() {
        if explained[i] || v.occurrences.is_empty() {
            continue;
        }
        if let Some(diag) = mixed(&v.name, "Variable", v.occurrences[0]) {
            reported.push(&v.name);
            out.push(diag);
        }
    }
    for node in &ast.nodes {
        let (name, span) = match &node.kind {
            NodeKind::Atom(name) => (name, node.span),
            // The reader gives the span of the whole compound; in the usual `name(` form the
            // name is at its start.
            NodeKind::Compound { name, .. } => {
                let end = (node.span.start + name.len()).min(node.span.end);
                (name, Span::new(node.span.start, end))
            }
            _ => continue,
        };
        if reported.contains(&name.as_str()) {
            continue;
        }
        // Quoted atoms are text (format strings, messages), not identifiers: a name that needs
        // quotes, or whose source is longer than the name, was written in quotes.
        let quoted = ply_reader::quote::atom_needs_quotes(name)
            || (matches!(node.kind, NodeKind::Atom(_)) && span.end - span.start != name.len());
        if quoted {
            continue;
        }
        if let Some(diag) = mixed(name, "Atom", span) {
            reported.push(name);
            out.push(diag);
        }
    }
    out
}

/// The warning for variables `x` and `y` that look alike.
fn look_alike_pair(x: &str, x_at: Span, y: &str, y_at: Span) -> Diag {
    let differences: Vec<String> = x
        .chars()
        .zip(y.chars())
        .filter(|(p, q)| p != q)
        .map(|(p, q)| {
            format!(
                "{} in `{x}` but {} in `{y}`",
                describe_char(p),
                describe_char(q)
            )
        })
        .collect();
    Diag {
        severity: Severity::Warning,
        code: Some("look_alike_variables".to_string()),
        message: format!("Variables `{x}` and `{y}` look alike but are different variables"),
        labels: vec![
            (x_at, format!("`{x}`")),
            (y_at, format!("`{y}`, a different variable")),
        ],
        help: Some(format!("they differ in {}", differences.join("; "))),
    }
}

/// The warning for identifier `name` of kind `what` if its letters mix scripts.
fn mixed(name: &str, what: &str, at: Span) -> Option<Diag> {
    let scripts = scripts_in(name);
    if scripts.len() < 2 {
        return None;
    }
    let main = main_script(name, &scripts);
    let odd: Vec<String> = name
        .chars()
        .filter(|&c| script_of(c).is_some_and(|s| s != main))
        .map(|c| {
            let script = script_of(c).map_or("", Script::name);
            let latin = if script_of(c) == Some(Script::Latin) {
                Some(c)
            } else {
                latin_look_alike(c)
            };
            let twin = latin.and_then(|l| {
                if main == Script::Latin {
                    Some(l)
                } else {
                    look_alikes_in(l, main).first().copied()
                }
            });
            match twin {
                Some(t) => format!(
                    "{} is {script}; the {} look-alike is {}",
                    describe_char(c),
                    main.name(),
                    describe_char(t)
                ),
                None => format!("{} is {script}", describe_char(c)),
            }
        })
        .collect();
    let names: Vec<&str> = scripts.iter().map(|s| s.name()).collect();
    Some(Diag {
        severity: Severity::Warning,
        code: Some("mixed_scripts".to_string()),
        message: format!("{what} `{name}` mixes {} letters", names.join(" and ")),
        labels: vec![(
            at,
            format!(
                "{} letters among {} ones",
                other_names(&scripts, main),
                main.name()
            ),
        )],
        help: Some(odd.join("; ")),
    })
}

fn other_names(scripts: &[Script], main: Script) -> String {
    let names: Vec<&str> = scripts
        .iter()
        .filter(|&&s| s != main)
        .map(|s| s.name())
        .collect();
    names.join(" and ")
}

/// The script the name is meant to be in: the one with most letters; on a tie, the one in which
/// the other letters have look-alikes (so `Oц` is a Cyrillic name with a Latin `O`).
fn main_script(name: &str, scripts: &[Script]) -> Script {
    let mut best = scripts[0];
    let mut best_key = (0usize, 0usize);
    for &s in scripts {
        let letters = name.chars().filter(|&c| script_of(c) == Some(s)).count();
        let explained = name
            .chars()
            .filter(|&c| script_of(c).is_some_and(|o| o != s))
            .filter(|&c| {
                let latin = if script_of(c) == Some(Script::Latin) {
                    Some(c)
                } else {
                    latin_look_alike(c)
                };
                latin.is_some_and(|l| s == Script::Latin || !look_alikes_in(l, s).is_empty())
            })
            .count();
        if (letters, explained) > best_key {
            best_key = (letters, explained);
            best = s;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::test_clause::*;

    #[test]
    fn latin_o_in_a_cyrillic_variable_is_reported() {
        // p(Oц) :- q(Oц).  with a Latin O
        let b = rule(c("p", vec![v("Oц")]), c("q", vec![v("Oц")]));
        let diags = lint_scripts(&b.ast);
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].message,
            "Variable `Oц` mixes Latin and Cyrillic letters"
        );
        assert_eq!(
            diags[0].help.as_deref(),
            Some("`O` (U+004F LATIN CAPITAL LETTER O) is Latin; the Cyrillic look-alike is `О` (U+041E CYRILLIC CAPITAL LETTER O)")
        );
        let (span, _) = diags[0].labels[0];
        assert_eq!(&b.text[span.start..span.end], "Oц");
    }

    #[test]
    fn cyrillic_c_in_a_latin_atom_is_reported() {
        // сat(X) :- X = 1.  with a Cyrillic с
        let b = rule(c("сat", vec![v("X")]), c("=", vec![v("X"), i(1)]));
        let diags = lint_scripts(&b.ast);
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].message,
            "Atom `сat` mixes Cyrillic and Latin letters"
        );
        assert_eq!(
            diags[0].help.as_deref(),
            Some("`с` (U+0441 CYRILLIC SMALL LETTER ES) is Cyrillic; the Latin look-alike is `c` (U+0063 LATIN SMALL LETTER C)")
        );
        let (span, _) = diags[0].labels[0];
        assert_eq!(&b.text[span.start..span.end], "сat");
    }

    #[test]
    fn latin_and_cyrillic_x_are_different_variables() {
        // p(X) :- q(Х).  the second is Cyrillic
        let b = rule(c("p", vec![v("X")]), c("q", vec![v("Х")]));
        let diags = lint_scripts(&b.ast);
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].message,
            "Variables `X` and `Х` look alike but are different variables"
        );
        assert_eq!(
            diags[0].help.as_deref(),
            Some("they differ in `X` (U+0058 LATIN CAPITAL LETTER X) in `X` but `Х` (U+0425 CYRILLIC CAPITAL LETTER HA) in `Х`")
        );
        let spans: Vec<&str> = diags[0]
            .labels
            .iter()
            .map(|(s, _)| &b.text[s.start..s.end])
            .collect();
        assert_eq!(spans, ["X", "Х"]);
    }

    #[test]
    fn a_look_alike_pair_is_not_also_reported_as_mixed() {
        // p(Оц, Oц).  Cyrillic О, then Latin O
        let b = fact(c("p", vec![v("Оц"), v("Oц")]));
        let diags = lint_scripts(&b.ast);
        let codes: Vec<&str> = diags.iter().filter_map(|d| d.code.as_deref()).collect();
        assert_eq!(codes, ["look_alike_variables"]);
    }

    #[test]
    fn single_script_names_are_fine() {
        let b = rule(
            c("минимакс", vec![v("Поз"), v("ЛучшПоз")]),
            c("ходы", vec![v("Поз"), v("ЛучшПоз")]),
        );
        assert!(lint_scripts(&b.ast).is_empty());
    }
}
