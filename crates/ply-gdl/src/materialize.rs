//! Relations that read neither the state nor the moves, computed once when the indexed
//! translation is loaded: `(<= (adjacent ?x ?y) (succ ?x ?y))` becomes the facts it derives,
//! which the engine indexes, instead of rules run again at every `legal` and `next`.
//!
//! A relation `r` so computed has its rules under `'gdl:r$rules'`, and `'gdl:r'` is a dynamic
//! predicate that a directive at the end of the translation fills with every answer of
//! `'gdl:r$rules'`, in their order and with their repetitions, so that every call answers as
//! the rules would. Relations are computed callees first. A relation with more than
//! [`MAX_FACTS`] answers, or whose rules raise an error, keeps its rules (the directive makes
//! `'gdl:r'` a call of them). Recursive relations stay tabled rules; `role`, `init`, `base` and
//! `input` are left alone (the entry points ask `role` and `init` once; nothing asks the others).

use crate::emit::quote;
use crate::rules::{Rule, Sheet};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The most answers a relation is computed to; past it the rules stay.
pub const MAX_FACTS: usize = 100_000;

/// The relations to compute at load, callees before callers. `fixed` says whether a relation
/// reads neither the state nor the moves, `tabled` whether it recurses.
pub fn chosen(
    sheet: &Sheet,
    fixed: &dyn Fn(&str) -> bool,
    tabled: &dyn Fn(&str) -> bool,
) -> Vec<(String, usize)> {
    let mut callees: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    let mut arity: BTreeMap<&str, usize> = BTreeMap::new();
    let mut has_rules: BTreeSet<&str> = BTreeSet::new();
    for r in &sheet.rules {
        arity.insert(&r.head.name, r.head.args.len());
        if !r.body.is_empty() {
            has_rules.insert(&r.head.name);
        }
        let set = callees.entry(&r.head.name).or_default();
        for b in &r.body {
            crate::recursion::body_lits(b, &mut |l| {
                set.insert(&l.name);
            });
        }
    }
    let wanted = |n: &str| {
        has_rules.contains(n)
            && fixed(n)
            && !tabled(n)
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

/// The directives (written after every clause) that compute them, and their helper.
pub fn directives(chosen: &[(String, usize)], out: &mut String) {
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
        let rules = format!("{}{args}", quote(&format!("gdl:{}", rules_name(name))));
        let _ = writeln!(out, ":- '$gdl_compute'({head}, {rules}).");
    }
}
