//! What GDL forbids, refused before a rule runs.
//!
//! A rule sheet that breaks GDL's restrictions would, translated as it stands, answer wrongly
//! (an unsafe variable makes `not` and `distinct` flounder), or fail in ways that point nowhere
//! near the cause (an undefined relation fails silently, a relation used with two arities is two
//! relations in Prolog). Each such problem is a diagnostic at the place it is written, and all of
//! them are reported at once.

use crate::kif::error;
use crate::rules::{Body, Lit, Rule, Sheet, Term};
use ply_diag::Diag;
use ply_reader::ast::Span;
use std::collections::{BTreeSet, HashMap};

/// Relations a sheet may use without defining: the state and the moves.
const GIVEN: &[&str] = &["true", "does"];
/// Names that are GDL's own and cannot head a sentence.
const RESERVED_HEADS: &[&str] = &["true", "does", "not", "distinct", "or", "<="];
/// Relations every playable sheet defines. (A sheet without `init` starts from the empty
/// state, as some of the competitions' sheets do.)
const REQUIRED: &[&str] = &["role", "legal", "next", "goal", "terminal"];

/// Check a sheet, returning every problem found.
pub fn check(sheet: &Sheet) -> Result<(), Vec<Diag>> {
    let mut errors = Vec::new();
    let mut arity: HashMap<&str, (usize, Span)> = HashMap::new();
    let mut defined: BTreeSet<&str> = BTreeSet::new();
    for rule in &sheet.rules {
        if RESERVED_HEADS.contains(&rule.head.name.as_str()) {
            errors.push(error(
                &format!("`{}` cannot be the head of a sentence", rule.head.name),
                rule.head.span,
                "GDL gives this relation its meaning",
            ));
        }
        defined.insert(&rule.head.name);
    }
    for rule in &sheet.rules {
        each_lit(rule, &mut |lit, in_body| {
            let n = lit.args.len();
            match arity.get(lit.name.as_str()) {
                Some(&(m, first)) if m != n => {
                    let mut d = error(
                        &format!(
                            "`{}` is used with {} argument{} here and {} elsewhere",
                            lit.name,
                            n,
                            if n == 1 { "" } else { "s" },
                            m
                        ),
                        lit.span,
                        "this use",
                    );
                    d.labels.push((first, "the first use".into()));
                    errors.push(d);
                }
                Some(_) => {}
                None => {
                    arity.insert(&lit.name, (n, lit.span));
                }
            }
            if in_body
                && !defined.contains(lit.name.as_str())
                && !GIVEN.contains(&lit.name.as_str())
            {
                errors.push(error(
                    &format!("`{}/{}` is not defined by any sentence", lit.name, n),
                    lit.span,
                    "undefined relation",
                ));
            }
        });
        safety(rule, &mut errors);
    }
    for name in REQUIRED {
        if !defined.contains(name) {
            let mut d = Diag::error(format!("the sheet defines no `{name}`"));
            d.code = Some("gdl".into());
            d.help = Some(format!("a playable game needs `{}`", REQUIRED.join("`, `")));
            errors.push(d);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Call `f` on the head and on every relational literal of the body (inside `not` and `or`
/// too), with whether it is in the body.
fn each_lit<'a>(rule: &'a Rule, f: &mut impl FnMut(&'a Lit, bool)) {
    fn walk<'a>(b: &'a Body, f: &mut impl FnMut(&'a Lit, bool)) {
        match b {
            Body::Pos(l) => f(l, true),
            Body::Not(inner, _) => walk(inner, f),
            Body::Distinct(..) => {}
            Body::Or(alts, _) => alts.iter().for_each(|a| walk(a, f)),
        }
    }
    f(&rule.head, false);
    rule.body.iter().for_each(|b| walk(b, f));
}

/// The variables of a term, with the span of each occurrence.
pub(crate) fn term_vars<'a>(t: &'a Term, out: &mut Vec<(&'a str, Span)>) {
    let mut todo = vec![t];
    while let Some(t) = todo.pop() {
        match t {
            Term::Var(v, s) => out.push((v, *s)),
            Term::Const(..) => {}
            Term::Fun(_, args, _) => todo.extend(args.iter().rev()),
        }
    }
}

/// The variables a body literal binds when it succeeds: those of a positive literal, and those
/// bound by every alternative of an `or`.
pub(crate) fn binds(b: &Body) -> BTreeSet<&str> {
    match b {
        Body::Pos(l) => {
            let mut vs = Vec::new();
            l.args.iter().for_each(|t| term_vars(t, &mut vs));
            vs.into_iter().map(|(v, _)| v).collect()
        }
        Body::Not(..) | Body::Distinct(..) => BTreeSet::new(),
        Body::Or(alts, _) => {
            let mut sets = alts.iter().map(binds);
            let first = sets.next().unwrap_or_default();
            sets.fold(first, |acc, s| acc.intersection(&s).copied().collect())
        }
    }
}

/// The variables a body literal needs bound before it runs soundly, with their places: every
/// variable of a `not` or a `distinct`, and of an `or`'s alternatives beyond what they bind.
pub(crate) fn needs(b: &Body) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    match b {
        Body::Pos(_) => {}
        Body::Not(inner, _) => match &**inner {
            Body::Pos(l) => l.args.iter().for_each(|t| term_vars(t, &mut out)),
            other => out.extend(needs(other)),
        },
        Body::Distinct(a, c, _) => {
            term_vars(a, &mut out);
            term_vars(c, &mut out);
        }
        Body::Or(alts, _) => {
            for a in alts {
                let own = binds(a);
                out.extend(needs(a).into_iter().filter(|(v, _)| !own.contains(v)));
            }
        }
    }
    out
}

/// A rule is safe when each variable of its head, of its negations and of its `distinct`s
/// occurs in a positive literal of its body.
fn safety(rule: &Rule, errors: &mut Vec<Diag>) {
    let bound: BTreeSet<&str> = rule.body.iter().flat_map(binds).collect();
    let mut reported = BTreeSet::new();
    let mut head_vars = Vec::new();
    rule.head
        .args
        .iter()
        .for_each(|t| term_vars(t, &mut head_vars));
    let body_needs = rule.body.iter().flat_map(needs);
    for (v, span) in head_vars.into_iter().chain(body_needs) {
        if !bound.contains(v) && reported.insert(v) {
            // A KIF variable is written `?x`, a Prolog one `X` or `_x`.
            let shown = if v.starts_with(|c: char| c.is_uppercase() || c == '_') {
                v.to_string()
            } else {
                format!("?{v}")
            };
            let mut d = error(
                &format!("unsafe rule: `{shown}` is not bound by a positive literal of the body"),
                span,
                "unbound variable",
            );
            d.help = Some(
                "every variable of the head, of a `not` and of a `distinct` must also \
                 occur in a positive literal of the body"
                    .into(),
            );
            errors.push(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{kif::parse, rules::from_forms};

    const MINIMAL: &str = "(role a) (init s) (legal a noop) (<= (next s) (true s)) \
                           (goal a 0) terminal ";

    fn errors(extra: &str) -> Vec<String> {
        let sheet = from_forms(&parse(&format!("{MINIMAL}{extra}")).unwrap()).unwrap();
        match check(&sheet) {
            Ok(()) => Vec::new(),
            Err(ds) => ds.into_iter().map(|d| d.message).collect(),
        }
    }

    #[test]
    fn a_minimal_sheet_passes() {
        assert!(errors("").is_empty());
    }

    #[test]
    fn unsafe_variables_are_refused() {
        let e = errors("(<= (p ?x) (true s))");
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].contains("`?x`"));
        let e = errors("(<= (p ?x) (true (q ?x)) (not (true (r ?y))))");
        assert!(e[0].contains("`?y`"), "{e:?}");
        let e = errors("(<= (p ?x) (true (q ?x)) (distinct ?x ?z))");
        assert!(e[0].contains("`?z`"), "{e:?}");
        assert!(errors("(<= (p ?x) (or (true (q ?x)) (true (r ?x))))").is_empty());
        assert!(!errors("(<= (p ?x) (or (true (q ?x)) (true (r ?y))))").is_empty());
    }

    #[test]
    fn undefined_relations_arity_clashes_and_reserved_heads() {
        let e = errors("(<= (p 1) (q 2))");
        assert!(e[0].contains("`q/1` is not defined"), "{e:?}");
        let e = errors("(p 1) (<= (r) (p 1 2))");
        assert!(
            e.iter().any(|m| m.contains("with 2 arguments here and 1")),
            "{e:?}"
        );
        let e = errors("(true s)");
        assert!(e[0].contains("`true` cannot be the head"), "{e:?}");
    }

    #[test]
    fn missing_keywords_are_named() {
        let sheet = from_forms(&parse("(role a)").unwrap()).unwrap();
        let e = check(&sheet).unwrap_err();
        assert!(e.iter().any(|d| d.message.contains("no `terminal`")));
    }
}
