//! The indexed translation: the state held by natives of the system that loads the sheet, in
//! one table for each function the state's facts are built with, so that `(true (cell 1 2
//! ?c))` is a call `'$gdl_t'(I, 1, 2, C)` (`I` the table of `cell/3`) that compares the
//! table's rows with the bound arguments, where the plain translation ([`crate::emit`], the
//! state a sorted list) unifies every fact of the list in turn.
//!
//! The entry points still take and give a state as the sorted list of its facts, so that a
//! search backtracks over states as over any other term. Each entry point first makes sure the
//! tables hold the state it was given (`'$gdl_state'/2`: nothing to do when the state is the one
//! loaded last, which in a playout it is for `terminal`, every role's `legal` and `next` of one
//! state), and then computes all its answers before it hands out the first: so no evaluation
//! is ever left half done while the tables hold another state.
//!
//! Which table holds a fact is decided by its function and arity, from every function the sheet
//! writes in an `init` or `next` head or a `true` literal, declared to the natives when the
//! translation is loaded (`'$gdl_tables'/1`); a fact built otherwise (a state that a program
//! made by hand, a `next` head that is a variable bound to something the sheet never writes)
//! goes to one more table that keeps each fact whole. A `true` literal whose argument is a
//! variable asks all of them (`'$gdl_true'/1`), the named ones in the standard order of terms.
//! The natives are ply's (`src/game_predicates/gdl/facts.rs`); this crate writes only text.

use crate::emit::{quote, write_term};
use crate::rules::{Sheet, Term};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The functions (name and arity; a constant has arity 0) that the sheet writes as facts of a
/// state, in the standard order of terms: constants before compounds, compounds by arity, then
/// by name. Numbers are left out: they go to the table of every other fact.
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

/// The largest number of arguments a look-up passes one by one (`'$gdl_t'/1..8`: the table's
/// number, then the arguments); a fact of a function with more is passed whole (`'$gdl_tf'/2`).
const MAX_ARGS: usize = 7;

/// The call that looks a fact up in the loaded state: `'$gdl_t'(I, args)` for a function the
/// sheet writes (`I` its table: its place in `known`), `'$gdl_true'(V)` (every table) for a
/// variable, `'$gdl_tf'(K, T)` for a fact of the table of every other fact (`K` is
/// `known.len()`). `write_term` writes one term of the sheet as Prolog.
pub fn lookup(
    t: &Term,
    known: &[(String, usize)],
    write_term: &mut impl FnMut(&Term, &mut String),
    out: &mut String,
) {
    let table = |f: &str, n: usize| known.iter().position(|(g, m)| g == f && *m == n);
    match t {
        Term::Var(..) => {
            out.push_str("'$gdl_true'(");
            write_term(t, out);
            out.push(')');
        }
        Term::Const(c, _) if table(c, 0).is_some() => {
            let _ = write!(out, "'$gdl_t'({})", table(c, 0).unwrap_or(0));
        }
        Term::Fun(f, args, _) if args.len() <= MAX_ARGS && table(f, args.len()).is_some() => {
            let _ = write!(out, "'$gdl_t'({}", table(f, args.len()).unwrap_or(0));
            for a in args {
                out.push_str(", ");
                write_term(a, out);
            }
            out.push(')');
        }
        Term::Fun(f, args, _) if table(f, args.len()).is_some() => {
            let _ = write!(out, "'$gdl_tf'({}, ", table(f, args.len()).unwrap_or(0));
            write_term(t, out);
            out.push(')');
        }
        _ => {
            let _ = write!(out, "'$gdl_tf'({}, ", known.len());
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

/// The goal an entry point starts with to load state `s`: `'$gdl_state'/2` makes the natives'
/// tables hold it; `'$gdl_use'/1` does the same and drops the tables of tabled relations when
/// the state changed (`drop_tables`: tabled relations read the state).
pub fn use_goal(s: &str, drop_tables: bool) -> String {
    if drop_tables {
        format!("'$gdl_use'({s})")
    } else {
        format!("'$gdl_state'({s}, _)")
    }
}

/// The declaration of the state's tables (`'$gdl_tables'/1`, one table for each function the
/// sheet writes and one for every other fact), the loader of a state (`'$gdl_use'/1`) and the
/// lookup of a fact whose function is not known where the sheet is translated (`'$gdl_true'/1`).
/// `drop_tables` says whether tabled relations read the state, so that their tables go when
/// another state is loaded.
pub fn loader(known: &[(String, usize)], drop_tables: bool, out: &mut String) {
    // The facts of the state loaded last are held by natives (src/game_predicates/gdl/facts.rs
    // in ply), a table for each function in this order: a state differs from the one before in
    // a few facts, and reading its list into the tables costs less than asserting the facts
    // that changed.
    let funcs: Vec<String> = known
        .iter()
        .map(|(f, n)| format!("{}/{n}", quote(f)))
        .collect();
    let _ = writeln!(out, ":- '$gdl_tables'([{}]).", funcs.join(", "));
    out.push_str(
        "'$gdl_use'(S) :-
    '$gdl_state'(S, Changed),
",
    );
    if drop_tables {
        out.push_str(
            "    (   Changed == true
    ->  abolish_all_tables
    ;   true
    ).
",
        );
    } else {
        out.push_str(
            "    Changed = _.
",
        );
    }
    for (f, n) in known {
        let p = pattern(&quote(f), *n);
        let mut call = String::new();
        let term = if *n == 0 {
            Term::Const(f.clone(), Default::default())
        } else {
            Term::Fun(
                f.clone(),
                (0..*n)
                    .map(|k| Term::Var(format!("A{k}"), Default::default()))
                    .collect(),
                Default::default(),
            )
        };
        lookup(&term, known, &mut |t, o| write_plain(t, o), &mut call);
        let _ = writeln!(out, "'$gdl_true'({p}) :-\n    {call}.");
    }
    let _ = writeln!(out, "'$gdl_true'(F) :-\n    '$gdl_tf'({}, F).", known.len());
}

/// A term of the loader's own clauses: constants quoted, variables as they are named.
fn write_plain(t: &Term, out: &mut String) {
    write_term(t, out, &mut |leaf, out| match leaf {
        Term::Var(v, _) => out.push_str(v),
        Term::Const(c, _) | Term::Fun(c, ..) => out.push_str(&quote(c)),
    });
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
    fn true_is_a_look_up_in_the_table_of_its_function() {
        let p = translate_kif(SHEET).unwrap().indexed;
        // Tables in the standard order of terms: control/1 is table 0, cell/2 table 1.
        assert!(p.contains(":- '$gdl_tables'([control/1, cell/2])."), "{p}");
        assert!(
            p.contains(
                "'gdl:legal'(V0, mark(V1)) :-\n    '$gdl_t'(0, V0),\n    '$gdl_t'(1, V1, b)."
            ),
            "{p}"
        );
        // A variable asks every table, the functions in the standard order of terms.
        assert!(
            p.contains("'gdl:next'(V0, _) :-\n    \\+ '$gdl_t'(0, x),\n    '$gdl_true'(V0)."),
            "{p}"
        );
        let cell = p.find("'$gdl_true'(cell(A0, A1))").unwrap();
        let control = p.find("'$gdl_true'(control(A0))").unwrap();
        assert!(control < cell, "{p}");
        assert!(
            p.contains(
                "'$gdl_legal'(S, R, M) :- '$gdl_state'(S, _), (   atomic(R)\n    ->  findall(M,"
            ),
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
