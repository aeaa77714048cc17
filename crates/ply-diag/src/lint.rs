//! Load-time lint of one clause: the warnings a student should see before running anything.
//!
//! The checks follow SWI-Prolog 9 where it has one (singleton variables, singletons in branches
//! and under `\+`, `_Name` variables used more than once, clauses of a predicate spread over a
//! file) so that ply and SWI-Prolog agree on which clauses are suspicious, and add what a
//! Russian-speaking classroom needs: names that mix Latin and Cyrillic letters, and variables
//! that differ only by look-alike letters. Each warning points at the occurrences concerned and,
//! where another variable of the clause has a near name, suggests it (the textbook's `Оц` for
//! `Оц0`). Lint only reads the [`Ast`]; it never changes or rejects a clause.

pub mod branches;
pub mod discontiguous;
pub mod scripts;
#[cfg(test)]
mod swipl_cases;
#[cfg(test)]
pub(crate) mod test_clause;
#[cfg(test)]
mod textbook;

use crate::confusables::skeleton;
use crate::edit_distance::{digit_stem, edit_distance};
use crate::render::{Diag, Severity};
use ply_reader::ast::{Ast, NodeId, NodeKind, Span};

pub use branches::{ClauseShape, VarFlow};
pub use discontiguous::DiscontiguousTracker;

/// How SWI-Prolog classifies a variable name for its singleton checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameClass {
    /// A name that is meant to be used: `X`, `Оц`, and also `_a` (underscore, then a letter
    /// that is not upper case).
    Named,
    /// `_` followed by a digit: never warned about.
    Neutral,
    /// Marked as a singleton: `_`, `_X` (underscore, upper case) and `__x`.
    Marked,
}

/// The class of variable name `name`, as SWI-Prolog 9 decides it.
pub fn name_class(name: &str) -> NameClass {
    let mut chars = name.chars();
    if chars.next() != Some('_') {
        return NameClass::Named;
    }
    match chars.next() {
        None | Some('_') => NameClass::Marked,
        Some(c) if c.is_ascii_digit() || c.is_numeric() => NameClass::Neutral,
        Some(c) if c.is_uppercase() => NameClass::Marked,
        Some(_) => NameClass::Named,
    }
}

/// The parts of a read term that lint looks at.
struct ClauseParts {
    head: Option<NodeId>,
    body: Option<NodeId>,
    shape: ClauseShape,
}

fn clause_parts(ast: &Ast) -> ClauseParts {
    let root = ast.root;
    let Some(node) = ast.nodes.get(root as usize) else {
        return ClauseParts {
            head: None,
            body: None,
            shape: ClauseShape::Rule,
        };
    };
    match &node.kind {
        NodeKind::Compound { name, args } if args.len() == 2 && name == ":-" => ClauseParts {
            head: Some(args[0]),
            body: Some(args[1]),
            shape: ClauseShape::Rule,
        },
        NodeKind::Compound { name, args } if args.len() == 2 && name == "-->" => ClauseParts {
            head: Some(args[0]),
            body: Some(args[1]),
            shape: ClauseShape::Grammar,
        },
        // A directive is run, not compiled: only the reader's checks apply to it.
        NodeKind::Compound { name, args } if args.len() == 1 && (name == ":-" || name == "?-") => {
            ClauseParts {
                head: None,
                body: None,
                shape: ClauseShape::Rule,
            }
        }
        _ => ClauseParts {
            head: Some(root),
            body: None,
            shape: ClauseShape::Rule,
        },
    }
}

/// All warnings for one clause (or directive) as read, in the order SWI-Prolog prints its own:
/// singleton variables first, then the compiler's branch, negation and multiton warnings in
/// SWI's variable order, then ply's mixed-script and look-alike warnings.
pub fn lint_clause(ast: &Ast) -> Vec<Diag> {
    let mut out = Vec::new();
    let parents = parent_map(ast);

    // The reader's check: named variables that occur once in the text.
    let singles: Vec<usize> = (0..ast.vars.len())
        .filter(|&i| {
            let v = &ast.vars[i];
            v.occurrences.len() == 1 && name_class(&v.name) == NameClass::Named
        })
        .collect();
    if !singles.is_empty() {
        let names: Vec<&str> = singles.iter().map(|&i| ast.vars[i].name.as_str()).collect();
        let labels = singles
            .iter()
            .map(|&i| (ast.vars[i].occurrences[0], "used only once".to_string()))
            .collect();
        let help = if singles.len() == 1 {
            near_variable(
                ast,
                &parents,
                singles[0],
                ast.vars[singles[0]].occurrences[0],
            )
            .map(|n| format!("did you mean `{n}`?"))
        } else {
            let hints: Vec<String> = singles
                .iter()
                .filter_map(|&i| {
                    near_variable(ast, &parents, i, ast.vars[i].occurrences[0])
                        .map(|n| format!("`{}` → `{n}`", ast.vars[i].name))
                })
                .collect();
            (!hints.is_empty()).then(|| format!("did you mean {}?", hints.join(", ")))
        };
        out.push(Diag {
            severity: Severity::Warning,
            code: Some("singleton".to_string()),
            message: format!("Singleton variables: [{}]", names.join(",")),
            labels,
            help,
        });
    }

    // The compiler's checks, in SWI-Prolog's variable order.
    let parts = clause_parts(ast);
    if let Some(head) = parts.head {
        let flows = branches::analyse(ast, head, parts.body, parts.shape);
        for i in compiler_order(ast, head) {
            let v = &ast.vars[i];
            let flow = &flows[i];
            let class = name_class(&v.name);
            if class == NameClass::Named && (flow.branch_singleton || flow.negation_singleton) {
                let (message, spans, label, code) = if flow.branch_singleton {
                    (
                        format!("Singleton variable in branch: {}", v.name),
                        &flow.branch_spans,
                        "the only use of this variable in its branch",
                        "branch_singleton",
                    )
                } else {
                    (
                        format!("Singleton variable in \\+: {}", v.name),
                        &flow.negation_spans,
                        "the only use of this variable inside \\+",
                        "negation_singleton",
                    )
                };
                let spans: Vec<Span> = if spans.is_empty() {
                    v.occurrences.clone()
                } else {
                    spans.clone()
                };
                let help = near_variable(ast, &parents, i, spans[0])
                    .map(|n| format!("did you mean `{n}`?"));
                out.push(Diag {
                    severity: Severity::Warning,
                    code: Some(code.to_string()),
                    message,
                    labels: spans.iter().map(|s| (*s, label.to_string())).collect(),
                    help,
                });
            } else if class == NameClass::Marked && flow.times > 1 {
                out.push(Diag {
                    severity: Severity::Warning,
                    code: Some("multiton".to_string()),
                    message: format!(
                        "Singleton-marked variable appears more than once: {}",
                        v.name
                    ),
                    labels: v
                        .occurrences
                        .iter()
                        .map(|s| (*s, String::new()))
                        .collect(),
                    help: Some(format!(
                        "a name starting with `_` says the variable is used once; rename it to `{}` if it is meant to be shared",
                        v.name.trim_start_matches('_')
                    )),
                });
            }
        }
    }

    out.extend(scripts::lint_scripts(ast));
    out
}

/// The variables of the clause in SWI-Prolog's compiler order, which decides the order of its
/// warnings: a variable first met as a whole argument of the head takes that argument's place;
/// every other variable comes after all head arguments, in order of first occurrence.
fn compiler_order(ast: &Ast, head: NodeId) -> Vec<usize> {
    let head_args: Vec<Span> = match ast.nodes.get(head as usize).map(|n| &n.kind) {
        Some(NodeKind::Compound { args, .. }) => args
            .iter()
            .filter_map(|&a| ast.nodes.get(a as usize))
            .map(|n| {
                if matches!(n.kind, NodeKind::Var(_)) {
                    n.span
                } else {
                    Span::new(usize::MAX, usize::MAX)
                }
            })
            .collect(),
        _ => Vec::new(),
    };
    let arity = head_args.len();
    let mut keyed: Vec<(usize, usize)> = Vec::new();
    let mut others = 0;
    for (i, v) in ast.vars.iter().enumerate() {
        let first = v.occurrences.first().copied();
        let key = match first.and_then(|f| head_args.iter().position(|s| *s == f)) {
            Some(position) => position,
            None => {
                others += 1;
                arity + others - 1
            }
        };
        keyed.push((key, i));
    }
    keyed.sort();
    keyed.into_iter().map(|(_, i)| i).collect()
}

/// For each node, the compound it is an argument of.
fn parent_map(ast: &Ast) -> Vec<Option<NodeId>> {
    let mut parents = vec![None; ast.nodes.len()];
    for (id, node) in ast.nodes.iter().enumerate() {
        if let NodeKind::Compound { args, .. } = &node.kind {
            for &a in args {
                if let Some(p) = parents.get_mut(a as usize) {
                    *p = Some(id as NodeId);
                }
            }
        }
    }
    parents
}

/// How near variable name `other` is to `name`, smaller is nearer, or `None` if it is not near:
/// the same look (Latin/Cyrillic look-alikes) is nearest, then names that differ only in
/// trailing digits (`Оц`, `Оц0`), then names one or two edits apart (two only for longer names).
fn nearness(name: &str, other: &str) -> Option<usize> {
    if name == other {
        return None;
    }
    if skeleton(name) == skeleton(other) {
        return Some(0);
    }
    let stem = digit_stem(name);
    if !stem.is_empty() && stem == digit_stem(other) {
        return Some(1);
    }
    let shorter = name.chars().count().min(other.chars().count());
    let limit = match shorter {
        0..=2 => 0,
        3..=5 => 1,
        _ => 2,
    };
    let d = edit_distance(name, other);
    (d <= limit).then_some(d)
}

/// The variable of the clause most likely meant instead of variable `var`, whose suspicious
/// occurrence is `at`. A name that already appears in the same goal as `at` is not suggested:
/// `Оц > Оц1` means `Оц0 > Оц1`, not `Оц1 > Оц1`, and in the head `выбор(Поз0, Оц0, Поз1, ...)`
/// an unused `Поз1` is not a misspelt `Поз0`. Among equally near names the one met first in the
/// clause wins.
fn near_variable(ast: &Ast, parents: &[Option<NodeId>], var: usize, at: Span) -> Option<String> {
    let name = &ast.vars[var].name;
    // The goal around the occurrence: the compound whose argument the variable node is.
    let node = ast
        .nodes
        .iter()
        .position(|n| n.span == at && matches!(n.kind, NodeKind::Var(i) if i as usize == var));
    let goal_span = node
        .and_then(|n| parents.get(n).copied().flatten())
        .and_then(|p| ast.nodes.get(p as usize))
        .map(|n| n.span);
    let mut best: Option<(usize, usize, &str)> = None;
    for (j, other) in ast.vars.iter().enumerate() {
        if j == var || other.is_anonymous() || other.name == *name {
            continue;
        }
        let Some(d) = nearness(name, &other.name) else {
            continue;
        };
        let in_same_goal = goal_span.is_some_and(|g| {
            other
                .occurrences
                .iter()
                .any(|o| o.start >= g.start && o.end <= g.end)
        });
        if in_same_goal {
            continue;
        }
        let key = (d, j, other.name.as_str());
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    best.map(|(_, _, n)| n.to_string())
}

#[cfg(test)]
mod tests {
    use super::test_clause::*;
    use super::*;

    #[test]
    fn names_are_classified_as_swi_prolog_does() {
        assert_eq!(name_class("X"), NameClass::Named);
        assert_eq!(name_class("Оц"), NameClass::Named);
        assert_eq!(name_class("_a"), NameClass::Named);
        assert_eq!(name_class("_ж"), NameClass::Named);
        assert_eq!(name_class("_1x"), NameClass::Neutral);
        assert_eq!(name_class("_X"), NameClass::Marked);
        assert_eq!(name_class("_Ж"), NameClass::Marked);
        assert_eq!(name_class("__x"), NameClass::Marked);
        assert_eq!(name_class("_"), NameClass::Marked);
    }

    #[test]
    fn near_names_prefer_digit_variants_and_avoid_the_same_goal() {
        assert_eq!(nearness("Оц", "Оц0"), Some(1));
        assert_eq!(nearness("X", "Y"), None);
        assert_eq!(nearness("X", "X1"), Some(1));
        assert_eq!(nearness("Список", "Спсок"), Some(1));
        assert_eq!(nearness("X", "Х"), Some(0));
        // p(Оц0, Оц1) :- Оц > Оц1 ; true.  The help for Оц names Оц0.
        let c = rule(
            c("p", vec![v("Оц0"), v("Оц1")]),
            or(c(">", vec![v("Оц"), v("Оц1")]), a("true")),
        );
        let diags = lint_clause(&c.ast);
        let branch = diags.iter().find(|d| d.message.contains("branch")).unwrap();
        assert_eq!(branch.help.as_deref(), Some("did you mean `Оц0`?"));
    }

    #[test]
    fn singleton_labels_point_at_each_variable() {
        // q(A, B) :- r(C).
        let c = rule(c("q", vec![v("A"), v("B")]), c("r", vec![v("C")]));
        let diags = lint_clause(&c.ast);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].message, "Singleton variables: [A,B,C]");
        let labelled: Vec<&str> = diags[0]
            .labels
            .iter()
            .map(|(s, _)| &c.text[s.start..s.end])
            .collect();
        assert_eq!(labelled, ["A", "B", "C"]);
        assert_eq!(diags[0].help, None);
    }

    #[test]
    fn a_directive_gets_only_the_reader_check() {
        // :- (a(Y) ; true).
        let c = directive(or(c("a", vec![v("Y")]), a("true")));
        let diags = lint_clause(&c.ast);
        let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(messages, ["Singleton variables: [Y]"]);
    }
}
