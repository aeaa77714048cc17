//! The indexed translation: the state held as facts in the clause database, one dynamic
//! predicate for each function the state's facts are built with, so that `(true (cell 1 2 ?c))`
//! is a call `'gdl$true:cell'(1, 2, C)` that the engine's indexes answer, where the plain
//! translation ([`crate::emit`], the state a sorted list) searches the list.
//!
//! The entry points still take and give a state as the sorted list of its facts, so that a
//! search backtracks over states as over any other term. Each entry point first makes sure the
//! facts in the database are those of the state it was given (`'$gdl_use'/1`: nothing to do
//! when the state is the one loaded last, which in a playout it is for `terminal`, every role's
//! `legal` and `next` of one state), and then computes all its answers before it hands out the
//! first: so no evaluation is ever left half done while the database holds another state.
//!
//! Which predicate holds a fact is decided by its function and arity, from every function the
//! sheet writes in an `init` or `next` head or a `true` literal; a fact built otherwise (a state
//! that a program made by hand, a `next` head that is a variable bound to something the sheet
//! never writes) goes to one more predicate, `'gdl$true'/1`. A `true` literal whose argument is
//! a variable asks all of them, the named ones in the standard order of terms, so that answers
//! come in the order in which the plain translation finds them in the sorted list.

use crate::emit::quote;
use crate::rules::{Sheet, Term};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The functions (name and arity; a constant has arity 0) that the sheet writes as facts of a
/// state, in the standard order of terms: constants before compounds, compounds by arity, then
/// by name. Numbers are left out: they live in `'gdl$true'/1`.
pub fn functions(sheet: &Sheet) -> Vec<(String, usize)> {
    let mut found: BTreeSet<(usize, String)> = BTreeSet::new();
    let mut note = |t: &Term| match t {
        Term::Const(c, _) if c.parse::<i64>().is_err() => {
            found.insert((0, c.clone()));
        }
        Term::Fun(f, args, _) => {
            found.insert((args.len(), f.clone()));
        }
        _ => {}
    };
    for rule in &sheet.rules {
        if matches!(rule.head.name.as_str(), "init" | "next") {
            rule.head.args.iter().for_each(&mut note);
        }
        for b in &rule.body {
            crate::recursion::body_lits(b, &mut |l| {
                if l.name == "true" {
                    l.args.iter().for_each(&mut note);
                }
            });
        }
    }
    found.into_iter().map(|(n, f)| (f, n)).collect()
}

/// The predicate that holds the facts built with function `f` (one predicate for each arity,
/// as Prolog tells predicates apart by name and arity).
fn holder(f: &str) -> String {
    quote(&format!("gdl$true:{f}"))
}

/// The call that looks a fact up in the loaded state: `'gdl$true:f'(args)` for a function the
/// sheet writes, `'$gdl_true'(V)` (every holder) for a variable, `'gdl$true'(T)` otherwise.
/// `write_term` writes one term of the sheet as Prolog.
pub fn lookup(
    t: &Term,
    known: &[(String, usize)],
    write_term: &mut impl FnMut(&Term, &mut String),
    out: &mut String,
) {
    let is_known = |f: &str, n: usize| known.iter().any(|(g, m)| g == f && *m == n);
    match t {
        Term::Var(..) => {
            out.push_str("'$gdl_true'(");
            write_term(t, out);
            out.push(')');
        }
        Term::Const(c, _) if is_known(c, 0) => out.push_str(&holder(c)),
        Term::Fun(f, args, _) if is_known(f, args.len()) => {
            out.push_str(&holder(f));
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_term(a, out);
            }
            out.push(')');
        }
        _ => {
            out.push_str("'gdl$true'(");
            write_term(t, out);
            out.push(')');
        }
    }
}

/// `Name(A0, ..., An-1)`, or the bare name for arity 0.
fn pattern(name: &str, n: usize) -> String {
    if n == 0 {
        return name.to_string();
    }
    let args: Vec<String> = (0..n).map(|i| format!("A{i}")).collect();
    format!("{name}({})", args.join(", "))
}

/// `Name(_, ..., _)`, or the bare name for arity 0.
fn anonymous(name: &str, n: usize) -> String {
    if n == 0 {
        return name.to_string();
    }
    format!("{name}({})", vec!["_"; n].join(", "))
}

/// The holders' declarations, the loader of a state (`'$gdl_use'/1`) and the lookup of a fact
/// whose function is not known where the sheet is translated (`'$gdl_true'/1`).
/// `drop_tables` says whether tabled relations read the state, so that their tables go when
/// another state is loaded.
pub fn loader(known: &[(String, usize)], drop_tables: bool, out: &mut String) {
    let _ = writeln!(out, ":- dynamic('gdl$true'/1).");
    for (f, n) in known {
        let _ = writeln!(out, ":- dynamic({}/{n}).", holder(f));
    }
    let _ = writeln!(out, ":- nb_setval('$gdl_state', '$gdl_none').");
    // The state loaded last is kept (sorted) beside its facts: the next state differs from it
    // in a few facts, so only those are retracted and asserted (the two differences found in
    // one native walk, `'$ord_delta'/4`). Whether the state given is the
    // one loaded is asked of the record in place (`'$nb_value_is'/2`), not of a copy. While the facts change, the
    // record says no state is loaded, so an error half way leaves a full load to the next use.
    out.push_str(
        "'$gdl_use'(S) :-\n    '$nb_value_is'('$gdl_state', S),\n    !.\n\
         '$gdl_use'(S) :-\n    nb_getval('$gdl_state', C),\n    \
         nb_setval('$gdl_state', '$gdl_none'),\n",
    );
    if drop_tables {
        out.push_str("    abolish_all_tables,\n");
    }
    out.push_str(
        "    sort(S, Fs),\n    (   is_list(C)\n    ->  '$ord_delta'(C, Fs, Gone, Added),\n        \
         '$gdl_take'(Gone),\n        '$gdl_put'(Added)\n    ;   '$gdl_clear',\n        \
         '$gdl_put'(Fs)\n    ),\n    nb_setval('$gdl_state', Fs).\n",
    );
    out.push_str("'$gdl_clear' :-\n    retractall('gdl$true'(_))");
    for (f, n) in known {
        let _ = write!(out, ",\n    retractall({})", anonymous(&holder(f), *n));
    }
    out.push_str(
        ".\n\
         '$gdl_put'([]).\n\
         '$gdl_put'([F|Fs]) :-\n    '$gdl_fact'(F),\n    '$gdl_put'(Fs).\n\
         '$gdl_take'([]).\n\
         '$gdl_take'([F|Fs]) :-\n    '$gdl_unfact'(F),\n    '$gdl_take'(Fs).\n",
    );
    for (f, n) in known {
        let p = pattern(&quote(f), *n);
        let h = pattern(&holder(f), *n);
        let _ = writeln!(
            out,
            "'$gdl_unfact'({p}) :-\n    !,\n    retract({h}),\n    !."
        );
    }
    out.push_str("'$gdl_unfact'(F) :-\n    retract('gdl$true'(F)),\n    !.\n");
    for (f, n) in known {
        let p = pattern(&quote(f), *n);
        let h = pattern(&holder(f), *n);
        let _ = writeln!(out, "'$gdl_fact'({p}) :-\n    !,\n    assertz({h}).");
    }
    out.push_str("'$gdl_fact'(F) :-\n    assertz('gdl$true'(F)).\n");
    for (f, n) in known {
        let p = pattern(&quote(f), *n);
        let h = pattern(&holder(f), *n);
        let _ = writeln!(out, "'$gdl_true'({p}) :-\n    {h}.");
    }
    out.push_str("'$gdl_true'(F) :-\n    'gdl$true'(F).\n");
}

#[cfg(test)]
mod tests {
    use crate::translate_kif;

    const SHEET: &str = "(role x) (role o) (init (control x)) (init (cell 1 b)) (succ 1 2) \
         (<= (adjacent ?a ?b) (succ ?a ?b)) \
         (<= (legal ?p (mark ?n)) (true (control ?p)) (true (cell ?n b))) \
         (<= (legal ?p noop) (role ?p) (not (true (control ?p)))) \
         (<= (next ?f) (true ?f) (not (true (control x)))) \
         (<= (next (cell ?n ?p)) (does ?p (mark ?n))) \
         (<= (goal ?p 100) (role ?p)) (<= terminal (true (cell 1 x)))";

    #[test]
    fn true_is_a_call_of_the_holder_of_its_function() {
        let p = translate_kif(SHEET).unwrap().indexed;
        assert!(p.contains(":- dynamic('gdl$true:cell'/2)."), "{p}");
        assert!(p.contains(":- dynamic('gdl$true:control'/1)."), "{p}");
        assert!(
            p.contains("'gdl:legal'(V0, mark(V1)) :-\n    'gdl$true:control'(V0),\n    'gdl$true:cell'(V1, b)."),
            "{p}"
        );
        // A variable asks every holder, the functions in the standard order of terms.
        assert!(
            p.contains(
                "'gdl:next'(V0, _) :-\n    \\+ 'gdl$true:control'(x),\n    '$gdl_true'(V0)."
            ),
            "{p}"
        );
        let cell = p.find("'$gdl_true'(cell(A0, A1))").unwrap();
        let control = p.find("'$gdl_true'(control(A0))").unwrap();
        assert!(control < cell, "{p}");
        assert!(
            p.contains("'$gdl_legal'(S, R, M) :- '$gdl_use'(S), (   atomic(R)\n    ->  findall(M,"),
            "{p}"
        );
    }

    #[test]
    fn relations_over_neither_state_nor_moves_are_computed_at_load() {
        let t = translate_kif(SHEET).unwrap();
        let p = &t.indexed;
        assert!(p.contains(":- dynamic('gdl:adjacent'/2)."), "{p}");
        assert!(
            p.contains("'gdl:adjacent$rules'(V0, V1) :-\n    'gdl:succ'(V0, V1)."),
            "{p}"
        );
        assert!(
            p.contains(":- '$gdl_compute'('gdl:adjacent'(A0, A1), 'gdl:adjacent$rules'(A0, A1))."),
            "{p}"
        );
        // The plain translation keeps the rules and the state as a list.
        assert!(t
            .prolog
            .contains("'gdl:adjacent'(V0, V1) :-\n    'gdl:succ'(V0, V1)."));
        assert!(
            t.prolog.contains("memberchk(cell(1, x), S)"),
            "{}",
            t.prolog
        );
    }
}
