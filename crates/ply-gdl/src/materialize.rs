//! Relations that read neither the state nor the moves, computed once when the indexed
//! translation is loaded: `(<= (adjacent ?x ?y) (succ ?x ?y))` becomes the facts it derives,
//! which the engine indexes, instead of rules run again at every `legal` and `next`.
//!
//! A relation `r` so computed has its rules under `'gdl:r$rules'`, and `'gdl:r'` is a dynamic
//! predicate that a directive at the end of the translation fills with every answer of
//! `'gdl:r$rules'`, in their order and with their repetitions, so that every call answers as
//! the rules would. Relations are computed callees first. A relation with more than
//! [`MAX_FACTS`] answers, or whose rules raise an error, keeps its rules (the directive makes
//! `'gdl:r'` a call of them). A recursive relation keeps its tabled worker `'gdl:r$t'`
//! (emit.rs), and `'gdl:r'` is filled with the answers of the worker's table, which the
//! plain predicate before it handed out one call at a time (nim's `smaller` over the heap
//! sizes, asked at every `legal`, becomes facts). `role`, `init`, `base` and
//! `input` are left alone (the entry points ask `role` and `init` once; nothing asks the others).

use crate::emit::quote;
use crate::rules::{Rule, Sheet, Term};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The most answers a relation is computed to; past it the rules stay.
pub const MAX_FACTS: usize = 100_000;

/// The relations to compute at load, callees before callers. `fixed` says whether a relation
/// reads neither the state nor the moves, `tabled` whether it recurses.
///
/// A recursive relation is computed only when no rule of it builds a term in its head or in
/// a call of a recursive relation: its answers are then made of the sheet's constants, finitely
/// many, and a table over unbound arguments completes. Rules such as `(<= (p (f ?x)) (p ?x))`
/// (which GDL's recursion restriction forbids) would grow answers without end when asked
/// with every argument unbound, where a call with bound arguments may end.
pub fn chosen(
    sheet: &Sheet,
    fixed: &dyn Fn(&str) -> bool,
    tabled: &dyn Fn(&str) -> bool,
) -> Vec<(String, usize)> {
    let mut callees: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    let mut arity: BTreeMap<&str, usize> = BTreeMap::new();
    let mut has_rules: BTreeSet<&str> = BTreeSet::new();
    let mut builds: BTreeSet<&str> = BTreeSet::new();
    let compound = |ts: &[Term]| ts.iter().any(|t| matches!(t, Term::Fun(..)));
    for r in &sheet.rules {
        arity.insert(&r.head.name, r.head.args.len());
        if !r.body.is_empty() {
            has_rules.insert(&r.head.name);
        }
        let mut grows = compound(&r.head.args);
        let set = callees.entry(&r.head.name).or_default();
        for b in &r.body {
            crate::recursion::body_lits(b, &mut |l| {
                set.insert(&l.name);
                grows |= tabled(&l.name) && compound(&l.args);
            });
        }
        if grows {
            builds.insert(&r.head.name);
        }
    }
    let wanted = |n: &str| {
        has_rules.contains(n)
            && fixed(n)
            && !(tabled(n) && builds.contains(n))
            && !matches!(n, "role" | "init" | "base" | "input")
    };
    // Callees first: a depth-first walk with an explicit stack, each relation emitted after
    // every relation it calls (the calls of relations that do not recurse form no cycle).
    let mut done: BTreeSet<&str> = BTreeSet::new();
    let mut out = Vec::new();
    for &root in callees.keys() {
        let mut stack: Vec<(&str, bool)> = vec![(root, false)];
        while let Some((n, expanded)) = stack.pop() {
            if expanded {
                if wanted(n) {
                    out.push((n.to_string(), arity[n]));
                }
                continue;
            }
            if !done.insert(n) {
                continue;
            }
            stack.push((n, true));
            for &c in callees.get(n).into_iter().flatten() {
                if !done.contains(c) {
                    stack.push((c, false));
                }
            }
        }
    }
    out
}

/// The name the rules of a relation computed at load are written under.
pub fn rules_name(name: &str) -> String {
    format!("{name}$rules")
}

/// A rule of a relation computed at load, its head renamed to the rules' name.
pub fn renamed(rule: &Rule) -> Rule {
    let mut r = rule.clone();
    r.head.name = rules_name(&rule.head.name);
    r
}

/// The declarations (written before any clause) of the relations computed at load.
pub fn declarations(chosen: &[(String, usize)], out: &mut String) {
    for (name, n) in chosen {
        let _ = writeln!(out, ":- dynamic({}/{n}).", quote(&format!("gdl:{name}")));
    }
}

/// The directives (written after every clause) that compute them, and their helper. `tabled`
/// says whether a relation recurses: its answers are those of its tabled worker.
pub fn directives(chosen: &[(String, usize)], tabled: &dyn Fn(&str) -> bool, out: &mut String) {
    if chosen.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "'$gdl_compute'(Head, Rules) :-
    retractall(Head),
    nb_setval('$gdl_count', 0),
    (   catch(findall(Head, (Rules, '$gdl_count_one'), Hs), _, fail)
    ->  '$gdl_assert_all'(Hs)
    ;   assertz((Head :- Rules))
    ).
'$gdl_count_one' :-
    nb_getval('$gdl_count', N),
    N1 is N + 1,
    (   N1 > {MAX_FACTS}
    ->  throw('$gdl_too_many')
    ;   nb_setval('$gdl_count', N1)
    ).
'$gdl_assert_all'([]).
'$gdl_assert_all'([H|Hs]) :-
    assertz(H),
    '$gdl_assert_all'(Hs).
"
    );
    for (name, n) in chosen {
        let args: Vec<String> = (0..*n).map(|i| format!("A{i}")).collect();
        let args = if *n == 0 {
            String::new()
        } else {
            format!("({})", args.join(", "))
        };
        let head = format!("{}{args}", quote(&format!("gdl:{name}")));
        let rules = if tabled(name) {
            // As the plain predicate in front of a worker asks it (emit.rs, `tabled_front`).
            let worker = quote(&format!("gdl:{name}$t"));
            if *n == 0 {
                format!("\\+ \\+ {worker}")
            } else {
                format!("(findall(t{args}, {worker}{args}, L), member(t{args}, L))")
            }
        } else {
            format!("{}{args}", quote(&format!("gdl:{}", rules_name(name))))
        };
        let _ = writeln!(out, ":- '$gdl_compute'({head}, {rules}).");
    }
}

#[cfg(test)]
mod tests {
    use crate::translate_kif;

    const SHEET: &str = "(role a) (init (heap 3)) (succ 0 1) (succ 1 2) (succ 2 3) \
         (<= (smaller ?x ?y) (succ ?x ?y)) (<= (smaller ?x ?y) (succ ?x ?z) (smaller ?z ?y)) \
         (<= (up (f ?x)) (up ?x)) (up 0) \
         (<= (legal a (take ?n)) (true (heap ?h)) (smaller ?n ?h)) \
         (<= (next (heap ?n)) (does a (take ?n))) (goal a 0) \
         (<= terminal (true (heap 0))) (<= terminal (up (f 1)))";

    #[test]
    fn a_recursive_relation_over_constants_is_computed_from_its_table() {
        let p = translate_kif(SHEET).unwrap().indexed;
        // `smaller` is facts filled from its worker's table; the worker stays tabled.
        assert!(p.contains(":- dynamic('gdl:smaller'/2)."), "{p}");
        assert!(p.contains(":- table 'gdl:smaller$t'/2."), "{p}");
        assert!(
            p.contains(
                ":- '$gdl_compute'('gdl:smaller'(A0, A1), (findall(t(A0, A1), \
                 'gdl:smaller$t'(A0, A1), L), member(t(A0, A1), L)))."
            ),
            "{p}"
        );
        assert!(!p.contains("'gdl:smaller'(A0, A1) :- findall"), "{p}");
        // `up` builds a term in its head: asked over an unbound argument it would not end, so
        // it keeps the plain predicate in front of its table.
        assert!(
            p.contains("'gdl:up'(A0) :- findall(t(A0), 'gdl:up$t'(A0), L), member(t(A0), L)."),
            "{p}"
        );
        assert!(!p.contains("'$gdl_compute'('gdl:up'"), "{p}");
    }
}
