//! The reader on SWI-Prolog 7 dicts: literals, the functional dot, and the places where a `.`
//! must stay what it was before dicts (the end of a clause, a quoted atom, part of a symbol).
//!
//! The expected forms are written by hand in the canonical form of the parent module: a dict
//! is `'C\'dict\''(Tag, V1, K1, ...)` with its pairs sorted by key, as SWI-Prolog lays it out,
//! and an unexpanded dot is `'$dot'(Dict, Function)`; the loader's expansion of the dot is
//! tested with the system (`tests/swipl_diff`, case `dicts`).

use super::{canonical, read_all};
use crate::{read_term, OpTable, ReadFlags, ReadOutcome};

/// Every clause of `src` read with the default flags, as `read_all` prints them.
fn read(src: &str) -> String {
    read_all(src, &OpTable::standard(), &ReadFlags::default())
}

#[test]
fn dict_literals() {
    let cases = [
        ("X = _{b:1, a:2}.", "'='(X,'C\\'dict\\''(_,2,'a',1,'b'))"),
        ("t{}.", "'C\\'dict\\''('t')"),
        (
            "p(T{2:x, 1:y, z:w}).",
            "'p'('C\\'dict\\''(T,'y',1,'x',2,'w','z'))",
        ),
        (
            "X = a{k:(p:-q), l:[1]}.",
            "'='(X,'C\\'dict\\''('a',':-'('p','q'),'k',[1],'l'))",
        ),
        (
            "X = a{k:b:c}.",
            "'='(X,'C\\'dict\\''('a',':'('b','c'),'k'))",
        ),
        ("X = _{a:1, a:2}.", "error(duplicate_key)"),
        ("X = _{f(a):1}.", "error(dict_pair)"),
        ("X = _{a}.", "error(dict_pair)"),
        // A `{` after layout, or after a symbol name, is the curly term as before.
        ("X = a {b}.", "error(operator_expected)"),
        ("-{a}.", "'-'('{}'('a'))"),
        ("foo:-{a}.", "':-'('foo','{}'('a'))"),
        ("X = {a}.", "'='(X,'{}'('a'))"),
    ];
    for (src, want) in cases {
        assert_eq!(read(src), want, "{src}");
    }
}

#[test]
fn functional_dots() {
    let cases = [
        ("X = D.a.", "'='(X,'$dot'(D,'a'))"),
        ("X = D.a.b.", "'='(X,'$dot'('$dot'(D,'a'),'b'))"),
        ("X = D.K.", "'='(X,'$dot'(D,K))"),
        ("X is D.0.v * 2.", "'is'(X,'*'('$dot'('$dot'(D,0),'v'),2))"),
        ("X = D.get(k).", "'='(X,'$dot'(D,'get'('k')))"),
        (
            "X = D.put(a, D.b).put(c, 1).",
            "'='(X,'$dot'('$dot'(D,'put'('a','$dot'(D,'b'))),'put'('c',1)))",
        ),
        ("X = _{a:1}.a.", "'='(X,'$dot'('C\\'dict\\''(_,1,'a'),'a'))"),
        ("p(R.b) :- true.", "':-'('p'('$dot'(R,'b')),'true')"),
    ];
    for (src, want) in cases {
        assert_eq!(read(src), want, "{src}");
    }
}

/// A `.` that ends a clause, is quoted, or belongs to a longer symbol reads as it always has.
#[test]
fn plain_dots_are_untouched() {
    let cases = [
        ("X = Y.\np.", "'='(X,Y) ;; 'p'"),
        ("X = Y.%c\np.", "'='(X,Y) ;; 'p'"),
        ("X = \"a\".", "'='(X,\"a\")"),
        ("X = '.'(H, T).", "'='(X,[H|T])"),
        ("X = '.'.", "'='(X,'.')"),
        ("X =.. Y.", "'=..'(X,Y)"),
        ("X = [H|T].", "'='(X,[H|T])"),
        ("X = [H|T].\nq.", "'='(X,[H|T]) ;; 'q'"),
        ("X = Y . ", "'='(X,Y)"),
        ("X = 'a'.b.", "error(operator_expected)"),
    ];
    for (src, want) in cases {
        assert_eq!(read(src), want, "{src}");
    }
}

/// The node of a dict spans its tag and braces, so that messages point at the whole literal.
#[test]
fn dict_spans() {
    let src = "X = tag{a:1}.";
    let ReadOutcome::Term { ast, .. } =
        read_term(src, 0, &OpTable::standard(), &ReadFlags::default())
    else {
        panic!("no term");
    };
    assert_eq!(canonical(&ast), "'='(X,'C\\'dict\\''('tag',1,'a'))");
    let dict = ast
        .nodes
        .iter()
        .find(
            |n| matches!(&n.kind, crate::ast::NodeKind::Compound { name, .. } if name == "C'dict'"),
        )
        .expect("a dict node");
    assert_eq!(&src[dict.span.start..dict.span.end], "tag{a:1}");
}
