//! Reading rule sheets written in Prolog syntax ("Prolog GDL"), as the forms KIF gives.
//!
//! The GGP tools that run GDL in Prolog write a sheet as clauses: `role(x).`,
//! `init(cell(1, 1, b)).`, `legal(R, mark(X, Y)) :- true(cell(X, Y, b)), true(control(R)).`,
//! with `distinct/2`, `\+ L` or `not(L)` for negation and `(A ; B)` or `or(A, B, ...)` for a
//! disjunction. Each clause is turned into the form the KIF reader would give for the same
//! sentence (`(<= head literal ...)`), so that the rules, the checks and the translation are
//! one for both syntaxes, and every diagnostic points into the Prolog text. Prolog is
//! case-sensitive, so names and variables keep their case. A directive is refused, except the
//! declarations GGP tools write for Prolog's sake (`dynamic`, `discontiguous`, `style_check`),
//! which mean nothing for a rule sheet and are skipped.

use crate::kif::{error, Sexp, MAX_DEPTH};
use ply_diag::Diag;
use ply_reader::ast::{Ast, NodeId, NodeKind, Span};
use ply_reader::{read_term, OpTable, ReadFlags, ReadOutcome};

/// Directives a Prolog GDL sheet may carry that say nothing about the game.
const SKIPPED_DIRECTIVES: &[&str] = &["dynamic", "discontiguous", "style_check", "gdl"];

/// Read every clause of `source` as a form, or every syntax error found.
pub fn parse(source: &str) -> Result<Vec<Sexp>, Vec<Diag>> {
    let ops = OpTable::standard();
    let flags = ReadFlags::default();
    let mut forms = Vec::new();
    let mut errors = Vec::new();
    let mut at = 0;
    loop {
        match read_term(source, at, &ops, &flags) {
            ReadOutcome::Eof => break,
            ReadOutcome::Error(e) => {
                errors.push(error(&e.message, e.span, e.kind));
                at = e.resume;
            }
            ReadOutcome::Term { ast, end } => {
                match clause(&ast) {
                    Ok(Some(form)) => forms.push(form),
                    Ok(None) => {}
                    Err(d) => errors.push(d),
                }
                ply_reader::recycle(ast);
                at = end;
            }
        }
        if at >= source.len() {
            break;
        }
    }
    if errors.is_empty() {
        Ok(forms)
    } else {
        Err(errors)
    }
}

/// A clause as a sentence: a fact as it stands, a rule as `(<= head literal ...)`; `None` for a
/// skipped directive.
fn clause(ast: &Ast) -> Result<Option<Sexp>, Diag> {
    let root = ast.node(ast.root);
    match &root.kind {
        NodeKind::Compound { name, args } if name == ":-" && args.len() == 1 => {
            let d = ast.node(args[0]);
            let dname = match &d.kind {
                NodeKind::Atom(n) | NodeKind::Compound { name: n, .. } => n.as_str(),
                _ => "",
            };
            if SKIPPED_DIRECTIVES.contains(&dname) {
                Ok(None)
            } else {
                Err(error(
                    "a directive in a rule sheet",
                    root.span,
                    "a rule sheet holds facts and rules only",
                ))
            }
        }
        NodeKind::Compound { name, args } if name == ":-" && args.len() == 2 => {
            let mut items = vec![Sexp::Sym("<=".into(), root.span), term(ast, args[0])?];
            let mut conj = Vec::new();
            conjuncts(ast, args[1], &mut conj);
            for c in conj {
                items.push(literal(ast, c)?);
            }
            Ok(Some(Sexp::List(items, root.span)))
        }
        _ => Ok(Some(term(ast, ast.root)?)),
    }
}

/// The literals of a conjunction `A, B, ...`, in order; `true` alone is the empty body.
fn conjuncts(ast: &Ast, mut id: NodeId, out: &mut Vec<NodeId>) {
    // Conjunctions nest to the right, so a loop follows them without recursion.
    loop {
        match &ast.node(id).kind {
            NodeKind::Compound { name, args } if name == "," && args.len() == 2 => {
                conjuncts_left(ast, args[0], out);
                id = args[1];
            }
            NodeKind::Atom(a) if a == "true" => return,
            _ => {
                out.push(id);
                return;
            }
        }
    }
}

/// The left side of a conjunction: one literal, or a parenthesised conjunction of them.
fn conjuncts_left(ast: &Ast, id: NodeId, out: &mut Vec<NodeId>) {
    match &ast.node(id).kind {
        NodeKind::Compound { name, args } if name == "," && args.len() == 2 => {
            // `((a, b), c)`: rare, and bounded by the reader's own depth.
            let mut inner = Vec::new();
            conjuncts(ast, id, &mut inner);
            out.extend(inner);
        }
        _ => out.push(id),
    }
}

/// A body literal: `\+ L` and `not(L)` as `(not L)`, `(A ; B)` as `(or A B)`, anything else
/// as a term.
fn literal(ast: &Ast, id: NodeId) -> Result<Sexp, Diag> {
    let node = ast.node(id);
    match &node.kind {
        NodeKind::Compound { name, args } if name == "\\+" && args.len() == 1 => Ok(Sexp::List(
            vec![Sexp::Sym("not".into(), node.span), literal(ast, args[0])?],
            node.span,
        )),
        NodeKind::Compound { name, args } if name == ";" && args.len() == 2 => {
            let mut items = vec![Sexp::Sym("or".into(), node.span)];
            let mut alt = id;
            loop {
                match &ast.node(alt).kind {
                    NodeKind::Compound { name, args } if name == ";" && args.len() == 2 => {
                        items.push(literal(ast, args[0])?);
                        alt = args[1];
                    }
                    _ => {
                        items.push(literal(ast, alt)?);
                        break;
                    }
                }
            }
            Ok(Sexp::List(items, node.span))
        }
        NodeKind::Compound { name, .. } if name == "," || name == "->" => Err(error(
            "a conjunction or if-then-else inside a literal",
            node.span,
            "GDL's `or` and `not` take single literals",
        )),
        _ => term(ast, id),
    }
}

/// A term as a form: atoms and integers as symbols, variables as variables, compounds as
/// lists headed by their name. Its depth is bounded by [`MAX_DEPTH`] as the KIF reader's is.
fn term(ast: &Ast, id: NodeId) -> Result<Sexp, Diag> {
    // Each pending compound: its span, its argument ids still to convert and the forms so far.
    let mut stack: Vec<(Span, std::slice::Iter<NodeId>, Vec<Sexp>)> = Vec::new();
    let mut next = Some(id);
    loop {
        let done = match next.take() {
            Some(id) => {
                let node = ast.node(id);
                match &node.kind {
                    NodeKind::Var(v) => {
                        let info = &ast.vars[*v as usize];
                        // Each `_` is a variable of its own.
                        let name = if info.is_anonymous() {
                            format!("_{}", v)
                        } else {
                            info.name.clone()
                        };
                        Sexp::Var(name, node.span)
                    }
                    NodeKind::Atom(a) => Sexp::Sym(a.clone(), node.span),
                    NodeKind::Int(n) => Sexp::Sym(n.to_string(), node.span),
                    NodeKind::Compound { name, args } => {
                        if stack.len() >= MAX_DEPTH {
                            return Err(error("terms nest too deeply", node.span, "this term"));
                        }
                        let head = Sexp::Sym(name.clone(), node.span);
                        stack.push((node.span, args.iter(), vec![head]));
                        next = stack.last_mut().and_then(|f| f.1.next()).copied();
                        continue;
                    }
                    _ => {
                        return Err(error(
                            "a number other than an integer, or a string, in a rule sheet",
                            node.span,
                            "GDL has symbols, integers and variables only",
                        ))
                    }
                }
            }
            None => {
                let (span, _, items) = stack.pop().expect("a pending compound");
                Sexp::List(items, span)
            }
        };
        match stack.last_mut() {
            None => return Ok(done),
            Some(frame) => {
                frame.2.push(done);
                next = frame.1.next().copied();
            }
        }
    }
}

/// Whether `source` is a sheet in KIF rather than in Prolog syntax: its first character that is
/// not layout or part of a `;` comment is an opening parenthesis. A Prolog sheet starts with a
/// clause, a `%` comment or a `/*` comment.
pub fn looks_like_kif(source: &str) -> bool {
    let mut rest = source;
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix(';') {
            rest = r.split_once('\n').map_or("", |(_, r)| r);
            continue;
        }
        return rest.starts_with('(') || rest.is_empty();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{translate, translate_kif};

    const KIF: &str = "(role x) (role o) (init (control x)) (succ 1 2) \
         (<= (legal ?p noop) (role ?p) (not (true (control ?p)))) \
         (<= (legal ?p go) (true (control ?p))) \
         (<= (next (moved ?p)) (does ?p go) (or (succ ?a 2) (distinct ?p o))) \
         (<= (goal ?p 100) (role ?p)) (<= terminal (true (moved x)))";

    const PL: &str = "% the same sheet\nrole(x). role(o). init(control(x)). succ(1, 2).\n\
         legal(P, noop) :- role(P), \\+ true(control(P)).\n\
         legal(P, go) :- true(control(P)).\n\
         next(moved(P)) :- does(P, go), (succ(_A, 2) ; distinct(P, o)).\n\
         goal(P, 100) :- role(P).\nterminal :- true(moved(x)).\n";

    #[test]
    fn a_prolog_sheet_translates_as_the_same_sheet_in_kif() {
        let a = translate_kif(KIF).unwrap();
        let b = translate(PL).unwrap();
        assert_eq!(a.prolog, b.prolog);
        assert_eq!(b.roles, ["x", "o"]);
    }

    #[test]
    fn the_syntax_is_told_by_the_first_character() {
        assert!(looks_like_kif("; comment\n (role x)"));
        assert!(!looks_like_kif("% comment\nrole(x)."));
        assert!(!looks_like_kif("role(x)."));
    }

    #[test]
    fn errors_point_into_the_prolog_text() {
        let e =
            translate("role(a).\nfoo(1.5).\np :- q(X).\n:- initialization(main).\n").unwrap_err();
        assert!(e.iter().any(|d| d.message.contains("integer")), "{e:?}");
        assert!(e.iter().any(|d| d.message.contains("directive")), "{e:?}");
        let e = translate("role(a).\nlegal(a, X) :- true(s).\n").unwrap_err();
        assert!(
            e.iter()
                .any(|d| d.message.contains("unsafe") && d.primary_span().unwrap().start == 18),
            "{e:?}"
        );
        let e = translate("role(a).\ninit(s) :- .\n").unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
    }
}
