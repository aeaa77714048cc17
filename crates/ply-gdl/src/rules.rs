//! Rules from forms: the sentences of a rule sheet as heads and bodies of literals.
//!
//! A sentence is a fact, `(cell 1 1 b)` or a bare `terminal`, or a rule, `(<= head literal ...)`.
//! A body literal is a relation applied to terms, `(not L)`, `(distinct t u)` or `(or L ...)`.
//! `true` and `does` stay ordinary relations here; the checks and the translation give them
//! their meaning.

use crate::kif::{error, Sexp};
use ply_diag::Diag;
use ply_reader::ast::Span;

/// A term: an argument of a relation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    /// A symbol or number.
    Const(String, Span),
    /// A variable, by name.
    Var(String, Span),
    /// A function applied to arguments: `(cell 1 2 b)` inside `(true ...)`.
    Fun(String, Vec<Term>, Span),
}

/// A relation applied to terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lit {
    /// The relation's name.
    pub name: String,
    /// Its arguments.
    pub args: Vec<Term>,
    /// The literal's text.
    pub span: Span,
}

/// A literal of a rule's body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A relation that must hold.
    Pos(Lit),
    /// `(not L)`: negation as failure.
    Not(Box<Body>, Span),
    /// `(distinct t u)`: the two terms differ.
    Distinct(Term, Term, Span),
    /// `(or L ...)`: one of the literals holds.
    Or(Vec<Body>, Span),
}

/// One sentence: a head and a (possibly empty) body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The head.
    pub head: Lit,
    /// The body, in the sheet's order.
    pub body: Vec<Body>,
    /// The sentence's text.
    pub span: Span,
}

/// A whole rule sheet.
#[derive(Clone, Debug, Default)]
pub struct Sheet {
    /// The sentences in the sheet's order.
    pub rules: Vec<Rule>,
}

/// Turn a sheet's forms into rules, reporting every malformed sentence.
pub fn from_forms(forms: &[Sexp]) -> Result<Sheet, Vec<Diag>> {
    let mut sheet = Sheet::default();
    let mut errors = Vec::new();
    for form in forms {
        match rule(form) {
            Ok(r) => sheet.rules.push(r),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(sheet)
    } else {
        Err(errors)
    }
}

fn rule(form: &Sexp) -> Result<Rule, Diag> {
    if let Sexp::List(items, span) = form {
        if let Some(Sexp::Sym(op, _)) = items.first() {
            if op == "<=" {
                let head = items
                    .get(1)
                    .ok_or_else(|| error("a rule without a head", *span, "`<=` needs a head"))?;
                let body = items[2..].iter().map(body).collect::<Result<_, _>>()?;
                return Ok(Rule {
                    head: lit(head)?,
                    body,
                    span: *span,
                });
            }
        }
    }
    Ok(Rule {
        head: lit(form)?,
        body: Vec::new(),
        span: form.span(),
    })
}

fn body(form: &Sexp) -> Result<Body, Diag> {
    if let Sexp::List(items, span) = form {
        if let Some(Sexp::Sym(op, _)) = items.first() {
            let span = *span;
            match (op.as_str(), items.len()) {
                ("not", 2) => return Ok(Body::Not(Box::new(body(&items[1])?), span)),
                ("not", _) => return Err(error("`not` takes one literal", span, "here")),
                ("distinct", 3) => {
                    return Ok(Body::Distinct(term(&items[1])?, term(&items[2])?, span))
                }
                ("distinct", _) => return Err(error("`distinct` takes two terms", span, "here")),
                ("or", _) => {
                    let alts = items[1..].iter().map(body).collect::<Result<_, _>>()?;
                    return Ok(Body::Or(alts, span));
                }
                _ => {}
            }
        }
    }
    Ok(Body::Pos(lit(form)?))
}

fn lit(form: &Sexp) -> Result<Lit, Diag> {
    match form {
        Sexp::Sym(name, span) => Ok(Lit {
            name: name.clone(),
            args: Vec::new(),
            span: *span,
        }),
        Sexp::Var(_, span) => Err(error(
            "a variable where a relation is expected",
            *span,
            "GDL has no variable relations",
        )),
        Sexp::List(items, span) => match items.first() {
            Some(Sexp::Sym(name, _)) => Ok(Lit {
                name: name.clone(),
                args: items[1..].iter().map(term).collect::<Result<_, _>>()?,
                span: *span,
            }),
            _ => Err(error(
                "a literal must start with a relation's name",
                *span,
                "here",
            )),
        },
    }
}

/// A term; functions nest, so the conversion keeps its own stack.
fn term(form: &Sexp) -> Result<Term, Diag> {
    // Each pending function: its name, span, remaining argument forms and converted arguments.
    type Frame<'a> = (String, Span, std::slice::Iter<'a, Sexp>, Vec<Term>);
    let mut stack: Vec<Frame> = Vec::new();
    let mut next = Some(form);
    loop {
        let done = match next.take() {
            Some(Sexp::Sym(s, sp)) => Term::Const(s.clone(), *sp),
            Some(Sexp::Var(v, sp)) => Term::Var(v.clone(), *sp),
            Some(Sexp::List(items, sp)) => match items.split_first() {
                // `(name)`, a function of no arguments, which sheets of the competitions
                // write and their reference reader takes as the constant `name`.
                Some((Sexp::Sym(name, _), [])) => Term::Const(name.clone(), *sp),
                Some((Sexp::Sym(name, _), rest)) => {
                    stack.push((name.clone(), *sp, rest.iter(), Vec::new()));
                    next = stack.last_mut().and_then(|f| f.2.next());
                    continue;
                }
                _ => {
                    return Err(error(
                        "a function term must be a name applied to arguments",
                        *sp,
                        "here",
                    ))
                }
            },
            None => {
                let (name, sp, _, args) = stack.pop().expect("a pending function");
                Term::Fun(name, args, sp)
            }
        };
        match stack.last_mut() {
            None => return Ok(done),
            Some(frame) => {
                frame.3.push(done);
                next = frame.2.next();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kif::parse;

    fn sheet(text: &str) -> Sheet {
        from_forms(&parse(text).unwrap()).unwrap()
    }

    #[test]
    fn facts_rules_and_special_literals() {
        let s = sheet(
            "(role x) terminal (<= (legal ?p (mark ?a)) (true (cell ?a b)) \
             (not (true (control ?p))) (distinct ?a 1) (or open (true done)))",
        );
        assert_eq!(s.rules.len(), 3);
        assert_eq!(s.rules[1].head.name, "terminal");
        let r = &s.rules[2];
        assert_eq!(r.head.args.len(), 2);
        assert!(matches!(&r.head.args[1], Term::Fun(f, a, _) if f == "mark" && a.len() == 1));
        assert!(matches!(r.body[1], Body::Not(..)));
        assert!(matches!(r.body[2], Body::Distinct(..)));
        assert!(matches!(&r.body[3], Body::Or(alts, _) if alts.len() == 2));
    }

    #[test]
    fn nested_terms_convert() {
        let n = crate::kif::MAX_DEPTH - 2;
        let text = format!("(f {}a{})", "(g ".repeat(n), ")".repeat(n));
        let s = sheet(&text);
        let mut t = &s.rules[0].head.args[0];
        let mut depth = 0;
        while let Term::Fun(_, args, _) = t {
            t = &args[0];
            depth += 1;
        }
        assert_eq!(depth, n);
    }

    #[test]
    fn malformed_sentences_are_reported() {
        let e = from_forms(&parse("(<= ) (not a b) (?x 1)").unwrap()).unwrap_err();
        assert_eq!(e.len(), 2);
    }
}
