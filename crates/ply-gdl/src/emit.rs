//! Rules as Prolog clauses, the state and the joint move passed as arguments.
//!
//! A relation `r/n` of the sheet becomes `'gdl:r'/n+k`: one more argument for the state when
//! `r` depends on `true` (directly or through other relations), one more for the joint move
//! when it depends on `does`. A state is a sorted list of the facts that are true; a joint
//! move a list of `does(Role, Move)` terms. Relations that depend on neither (the board's
//! geometry, `succ` chains) stay plain facts, indexed as any program's are. Nothing is asserted:
//! a search backtracks over states as over any other term. In a body, a `not` or a `distinct`
//! waits until the positive literals before it have bound its variables (the sheet's order is
//! kept otherwise), since Prolog's negation needs them bound where GDL's needs them only
//! somewhere in the body.

use crate::check::{binds, needs};
use crate::rules::{Body, Lit, Rule, Sheet, Term};
use crate::Translation;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// What a relation's Prolog predicate takes beyond the relation's own arguments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Extra {
    pub(crate) state: bool,
    pub(crate) moves: bool,
    /// The relation recurses, so its clauses are a tabled worker behind a plain predicate.
    pub(crate) tabled: bool,
}

/// Translate a checked sheet both ways: the plain translation (the state a sorted list) and
/// the indexed one (the state held as indexed facts, [`crate::store`]).
pub fn translation(sheet: &Sheet) -> Translation {
    Translation {
        prolog: emit_with(sheet, false),
        indexed: emit_with(sheet, true),
        roles: roles(sheet),
    }
}

/// Where a clause reads the state from: an argument `S` (the plain translation) or the
/// holders of the indexed translation, whose functions are listed.
type Store = Option<std::rc::Rc<Vec<(String, usize)>>>;

fn emit_with(sheet: &Sheet, indexed: bool) -> String {
    let store: Store = indexed.then(|| std::rc::Rc::new(crate::store::functions(sheet)));
    let mut extra = extras(sheet);
    let recursive = crate::recursion::recursive(sheet);
    for name in &recursive {
        if let Some(e) = extra.get_mut(name) {
            e.tabled = true;
        }
    }
    let mut by_name: BTreeMap<&str, Vec<&Rule>> = BTreeMap::new();
    let mut order = Vec::new();
    for r in &sheet.rules {
        let e = by_name.entry(&r.head.name).or_default();
        if e.is_empty() {
            order.push(r.head.name.as_str());
        }
        e.push(r);
    }
    let mut out = String::new();
    let computed = if indexed {
        let fixed = |n: &str| extra.get(n).is_some_and(|e| !e.state && !e.moves);
        let tabled = |n: &str| extra.get(n).is_some_and(|e| e.tabled);
        crate::materialize::chosen(sheet, &fixed, &tabled)
    } else {
        Vec::new()
    };
    crate::materialize::declarations(&computed, &mut out);
    let at = |n: &str| computed.iter().any(|(c, _)| c == n);
    let tabled = |n: &str| extra.get(n).is_some_and(|e| e.tabled);
    for name in &order {
        let front = !at(name);
        tabled_front(
            name,
            by_name[name][0],
            &extra,
            store.is_some(),
            front,
            &mut out,
        );
    }
    for name in &order {
        // A recursive relation computed at load keeps its worker's clauses as they are.
        let at_load = at(name) && !tabled(name);
        for rule in &by_name[name] {
            if at_load {
                clause(
                    &crate::materialize::renamed(rule),
                    &extra,
                    &store,
                    &at,
                    &mut out,
                );
            } else {
                clause(rule, &extra, &store, &at, &mut out);
            }
        }
    }
    match &store {
        Some(known) => crate::entry::indexed_entry_points(&extra, known, &mut out),
        None => crate::entry::entry_points(&extra, &mut out),
    }
    crate::materialize::directives(&computed, &tabled, &mut out);
    out
}

/// The roles in the sheet's order (ground `role` facts).
fn roles(sheet: &Sheet) -> Vec<String> {
    sheet
        .rules
        .iter()
        .filter(|r| r.head.name == "role" && r.body.is_empty())
        .filter_map(|r| match r.head.args.as_slice() {
            [Term::Const(c, _)] => Some(c.clone()),
            _ => None,
        })
        .collect()
}

/// Which relations depend on the state and on the joint move: a fixpoint over the rules.
fn extras(sheet: &Sheet) -> BTreeMap<String, Extra> {
    let mut extra: BTreeMap<String, Extra> = BTreeMap::new();
    extra.insert(
        "true".into(),
        Extra {
            state: true,
            moves: false,
            tabled: false,
        },
    );
    extra.insert(
        "does".into(),
        Extra {
            state: false,
            moves: true,
            tabled: false,
        },
    );
    loop {
        let mut changed = false;
        for rule in &sheet.rules {
            let mut e = extra.get(&rule.head.name).copied().unwrap_or_default();
            let before = e;
            for b in &rule.body {
                body_lits(b, &mut |l| {
                    let x = extra.get(&l.name).copied().unwrap_or_default();
                    e.state |= x.state;
                    e.moves |= x.moves;
                });
            }
            if e != before || !extra.contains_key(&rule.head.name) {
                extra.insert(rule.head.name.clone(), e);
                changed |= e != before;
            }
        }
        if !changed {
            return extra;
        }
    }
}

use crate::recursion::body_lits;

/// For a recursive relation, the table declaration of its worker and the plain predicate the
/// rest of the sheet calls, which collects the worker's answers before handing them out one by
/// one: so no caller is left reading a table that a later `abolish_all_tables/0` drops.
/// Without `front` (the relation is computed at load as facts), only the declaration.
fn tabled_front(
    name: &str,
    first: &Rule,
    extra: &BTreeMap<String, Extra>,
    indexed: bool,
    front: bool,
    out: &mut String,
) {
    let e = extra.get(name).copied().unwrap_or_default();
    if !e.tabled {
        return;
    }
    let n = first.head.args.len() + usize::from(e.state && !indexed) + usize::from(e.moves);
    let worker = quote(&format!("gdl:{name}$t"));
    let plain = quote(&format!("gdl:{name}"));
    let _ = writeln!(out, ":- table {worker}/{n}.");
    if !front {
        return;
    }
    if n == 0 {
        let _ = writeln!(out, "{plain} :- \\+ \\+ {worker}.");
        return;
    }
    let args: Vec<String> = (0..n).map(|i| format!("A{i}")).collect();
    let args = args.join(", ");
    let _ = writeln!(
        out,
        "{plain}({args}) :- findall(t({args}), {worker}({args}), L), member(t({args}), L)."
    );
}

/// One clause, its variables named `V0`, `V1`, ... in order of first appearance. The head's
/// state and joint-move arguments are named only when the body uses them (`_` otherwise), so
/// that the clause loads without a singleton warning.
/// `computed` says whether a relation is computed at load (the indexed translation's plan
/// may run its facts before a look-up in the state, [`crate::plan::planned`]).
fn clause(
    rule: &Rule,
    extra: &BTreeMap<String, Extra>,
    store: &Store,
    computed: &dyn Fn(&str) -> bool,
    out: &mut String,
) {
    let mut vars = Vars::of(rule);
    vars.store = store.clone();
    // Inside a recursive relation's worker, calls of recursive relations go to their workers,
    // so that a table's evaluation sees the other tables of its group directly.
    vars.in_table = extra.get(&rule.head.name).is_some_and(|e| e.tabled);
    let mut used = Extra::default();
    for b in &rule.body {
        body_lits(b, &mut |l| {
            let x = extra.get(&l.name).copied().unwrap_or_default();
            used.state |= x.state;
            used.moves |= x.moves;
        });
    }
    let names = (
        if used.state && vars.store.is_none() {
            "S"
        } else {
            "_"
        },
        if used.moves { "D" } else { "_" },
    );
    let mut bound = BTreeSet::new();
    lit(&rule.head, extra, names, &mut vars, &mut bound, out);
    let body = if vars.store.is_some() {
        crate::plan::planned(&rule.body, computed, &crate::plan::given(&rule.head))
    } else {
        ordered(&rule.body)
    };
    if !body.is_empty() {
        out.push_str(" :-\n    ");
        if vars.in_table {
            out.push_str("'$gdl_deeper',\n    ");
        }
        for (i, b) in body.iter().enumerate() {
            if i > 0 {
                out.push_str(",\n    ");
            }
            goal(b, extra, &mut vars, &mut bound, out);
            bound.extend(binds(b).into_iter().map(String::from));
        }
    }
    out.push_str(".\n");
}

/// The body in running order: each `not`, `distinct` or `or` that needs variables no literal
/// before it binds waits until one does.
fn ordered(body: &[Body]) -> Vec<&Body> {
    let mut bound: BTreeSet<&str> = BTreeSet::new();
    let mut waiting: Vec<&Body> = Vec::new();
    let mut out = Vec::new();
    for b in body {
        let ready = needs(b).iter().all(|(v, _)| bound.contains(v));
        if matches!(b, Body::Pos(_)) || ready {
            out.push(b);
            bound.extend(binds(b));
            while let Some(i) = waiting
                .iter()
                .position(|w| needs(w).iter().all(|(v, _)| bound.contains(v)))
            {
                let w = waiting.remove(i);
                bound.extend(binds(w));
                out.push(w);
            }
        } else {
            waiting.push(b);
        }
    }
    out.extend(waiting);
    out
}

/// The Prolog names of a rule's variables: `V0`, `V1`, ... by first appearance, and `_` for one
/// that occurs once, which Prolog would otherwise report as a singleton.
#[derive(Default)]
pub(crate) struct Vars {
    names: BTreeMap<String, usize>,
    once: BTreeSet<String>,
    /// The clause is one of a recursive relation's tabled worker.
    in_table: bool,
    /// The indexed translation's holders, if the clause is of that translation.
    store: Store,
}

impl Vars {
    fn of(rule: &Rule) -> Vars {
        let mut occurrences = Vec::new();
        rule.head
            .args
            .iter()
            .for_each(|t| crate::check::term_vars(t, &mut occurrences));
        rule.body
            .iter()
            .for_each(|b| body_vars(b, &mut occurrences));
        let mut count: BTreeMap<&str, usize> = BTreeMap::new();
        for (v, _) in occurrences {
            *count.entry(v).or_default() += 1;
        }
        let mut once: BTreeSet<String> = count
            .iter()
            .filter(|&(_, &n)| n == 1)
            .map(|(v, _)| v.to_string())
            .collect();
        for b in &rule.body {
            if let Body::Or(alts, _) = b {
                once.extend(once_in_each_branch(alts, &count));
            }
        }
        Vars {
            in_table: false,
            store: None,
            names: BTreeMap::new(),
            once,
        }
    }

    fn name(&mut self, v: &str) -> String {
        if self.once.contains(v) {
            return "_".into();
        }
        let n = self.names.len();
        format!("V{}", self.names.entry(v.to_string()).or_insert(n))
    }
}

/// The variables of a disjunction that occur nowhere else in the rule and at most once in each
/// of its branches. Each such occurrence binds nothing another literal sees, so it is written `_`;
/// a name would be what Prolog reports as a singleton in its branch (`(or (does ?r (place ?x))
/// (does ?r (remove ?x)))` with `?r` used nowhere else).
fn once_in_each_branch(alts: &[Body], count: &BTreeMap<&str, usize>) -> Vec<String> {
    let per_branch: Vec<BTreeMap<&str, usize>> = alts
        .iter()
        .map(|a| {
            let mut vs = Vec::new();
            body_vars(a, &mut vs);
            let mut m: BTreeMap<&str, usize> = BTreeMap::new();
            for (v, _) in vs {
                *m.entry(v).or_default() += 1;
            }
            m
        })
        .collect();
    let mut out = Vec::new();
    for (v, total) in count {
        let inside: usize = per_branch.iter().filter_map(|m| m.get(v)).sum();
        if inside == *total
            && inside > 1
            && per_branch.iter().all(|m| m.get(v).is_none_or(|&n| n == 1))
        {
            out.push(v.to_string());
        }
    }
    out
}

/// Every occurrence of a variable in body literal `b`, in order.
fn body_vars<'a>(b: &'a Body, out: &mut Vec<(&'a str, ply_reader::ast::Span)>) {
    match b {
        Body::Pos(l) => l.args.iter().for_each(|t| crate::check::term_vars(t, out)),
        Body::Not(inner, _) => body_vars(inner, out),
        Body::Distinct(a, c, _) => {
            crate::check::term_vars(a, out);
            crate::check::term_vars(c, out);
        }
        Body::Or(alts, _) => alts.iter().for_each(|a| body_vars(a, out)),
    }
}

fn goal(
    b: &Body,
    extra: &BTreeMap<String, Extra>,
    vars: &mut Vars,
    bound: &mut BTreeSet<String>,
    out: &mut String,
) {
    match b {
        // In the indexed translation a call whose arguments are all bound is a test: its first
        // proof is enough, since a second would bind nothing and repeat the same answers after
        // it (the entry points hand out each legal move and goal value once).
        Body::Pos(l)
            if vars.store.is_some() && l.name != "true" && l.name != "does" && ground(l, bound) =>
        {
            out.push_str("( ");
            lit(l, extra, ("S", "D"), vars, bound, out);
            out.push_str(" -> true )");
        }
        Body::Pos(l) => lit(l, extra, ("S", "D"), vars, bound, out),
        Body::Not(inner, _) => {
            out.push_str("\\+ ");
            // Nothing a negation binds survives it, so its look-ups are checks.
            let mut all = bound.clone();
            let mut vs = Vec::new();
            body_lits(inner, &mut |l| {
                l.args
                    .iter()
                    .for_each(|t| crate::check::term_vars(t, &mut vs))
            });
            all.extend(vs.into_iter().map(|(v, _)| v.to_string()));
            goal(inner, extra, vars, &mut all, out);
        }
        Body::Distinct(a, c, _) => {
            term(a, vars, out);
            out.push_str(" \\== ");
            term(c, vars, out);
        }
        Body::Or(alts, _) => {
            // In the indexed translation a disjunction whose variables are all bound binds
            // nothing: it is a test, and its first proof is enough. A second would give the
            // clause's answer again (`(or (distinct ?m ?j) (distinct ?n ?k))` holds twice
            // where both do), for the entry points to collect, sort and drop.
            let mut vs = Vec::new();
            body_vars(b, &mut vs);
            let test = vars.store.is_some() && vs.iter().all(|(v, _)| bound.contains(*v));
            out.push_str(if test { "( ( " } else { "( " });
            for (i, a) in alts.iter().enumerate() {
                if i > 0 {
                    out.push_str(" ; ");
                }
                goal(a, extra, vars, &mut bound.clone(), out);
            }
            if alts.is_empty() {
                out.push_str("fail");
            }
            out.push_str(if test { " ) -> true )" } else { " )" });
        }
    }
}

/// Whether every variable of a literal is bound before it runs.
fn ground(l: &Lit, bound: &BTreeSet<String>) -> bool {
    l.args.iter().all(|t| {
        let mut vs = Vec::new();
        crate::check::term_vars(t, &mut vs);
        vs.iter().all(|(v, _)| bound.contains(*v))
    })
}

/// A relational literal: `true` and `does` as look-ups in the state and the joint move (a
/// check when the argument is ground, a search otherwise), the rest as calls.
fn lit(
    l: &Lit,
    extra: &BTreeMap<String, Extra>,
    (s, d): (&str, &str),
    vars: &mut Vars,
    bound: &mut BTreeSet<String>,
    out: &mut String,
) {
    let lookup = if ground(l, bound) {
        "memberchk"
    } else {
        "member"
    };
    match (l.name.as_str(), l.args.as_slice()) {
        ("true", [t]) if vars.store.is_some() => {
            let known = vars.store.clone().unwrap_or_default();
            crate::store::lookup(t, &known, &mut |t, o| term(t, vars, o), out);
            return;
        }
        ("true", [t]) => {
            let _ = write!(out, "{lookup}(");
            term(t, vars, out);
            out.push_str(", S)");
            return;
        }
        ("does", [r, m]) => {
            let _ = write!(out, "{lookup}(does(");
            term(r, vars, out);
            out.push_str(", ");
            term(m, vars, out);
            out.push_str("), D)");
            return;
        }
        _ => {}
    }
    let args: Vec<String> = l
        .args
        .iter()
        .map(|t| {
            let mut s = String::new();
            term(t, vars, &mut s);
            s
        })
        .collect();
    let s = if vars.store.is_some() { None } else { Some(s) };
    out.push_str(&relation_call(&l.name, args, extra, (s, d), vars.in_table));
}

/// A call of relation `name`'s predicate with `args`, and the state `s` and joint move `d`
/// as far as the relation takes them (no state in the indexed translation: `s` is `None`).
pub(crate) fn relation_call(
    name: &str,
    mut args: Vec<String>,
    extra: &BTreeMap<String, Extra>,
    (s, d): (Option<&str>, &str),
    worker: bool,
) -> String {
    let e = extra.get(name).copied().unwrap_or_default();
    if let (true, Some(s)) = (e.state, s) {
        args.push(s.into());
    }
    if e.moves {
        args.push(d.into());
    }
    let q = if worker && e.tabled {
        quote(&format!("gdl:{name}$t"))
    } else {
        quote(&format!("gdl:{name}"))
    };
    if args.is_empty() {
        q
    } else {
        format!("{q}({})", args.join(", "))
    }
}

/// A term; its depth is bounded by the reader's, so plain recursion is safe here.
pub(crate) fn term(t: &Term, vars: &mut Vars, out: &mut String) {
    write_term(t, out, &mut |leaf, out| match leaf {
        Term::Var(v, _) => out.push_str(&vars.name(v)),
        Term::Const(c, _) | Term::Fun(c, ..) => out.push_str(&constant(c)),
    });
}

/// A term written as Prolog text: functions as `f(a, b)` with their names quoted, each
/// variable and constant by `leaf`, which the callers fill in as their clauses need.
pub(crate) fn write_term(t: &Term, out: &mut String, leaf: &mut dyn FnMut(&Term, &mut String)) {
    match t {
        Term::Fun(f, args, _) => {
            out.push_str(&quote(f));
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_term(a, out, leaf);
            }
            out.push(')');
        }
        _ => leaf(t, out),
    }
}

/// A constant: a number when it reads back as the same number (goal values are numbers), an
/// atom otherwise.
fn constant(c: &str) -> String {
    match c.parse::<i64>() {
        Ok(n) if n.to_string() == c && n >= 0 => c.to_string(),
        _ => quote(c),
    }
}

/// An atom as Prolog reads it back: bare when it is a plain name that is no operator, quoted
/// otherwise.
pub(crate) fn quote(name: &str) -> String {
    const OPERATOR_WORDS: &[&str] = &[
        "is",
        "mod",
        "rem",
        "xor",
        "div",
        "rdiv",
        "dynamic",
        "discontiguous",
        "initialization",
        "meta_predicate",
        "module_transparent",
        "multifile",
        "public",
        "thread_local",
        "table",
        "as",
    ];
    let plain = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !OPERATOR_WORDS.contains(&name);
    if plain {
        return name.to_string();
    }
    let mut q = String::from("'");
    for ch in name.chars() {
        match ch {
            '\'' => q.push_str("\\'"),
            '\\' => q.push_str("\\\\"),
            _ => q.push(ch),
        }
    }
    q.push('\'');
    q
}

#[cfg(test)]
mod tests {
    use crate::translate_kif;

    #[test]
    fn state_and_moves_travel_as_arguments() {
        let t = translate_kif(
            "(role x) (role o) (init (control x)) (succ 1 2) \
             (<= (legal ?p noop) (role ?p) (not (true (control ?p)))) \
             (<= (legal ?p go) (true (control ?p))) \
             (<= (next (moved ?p)) (does ?p go)) \
             (<= (goal ?p 100) (role ?p)) (<= terminal (true (moved x)))",
        )
        .unwrap();
        assert_eq!(t.roles, ["x", "o"]);
        let p = &t.prolog;
        assert!(p.contains("'gdl:succ'(1, 2)."), "{p}");
        assert!(
            p.contains("'gdl:legal'(V0, noop, S) :-\n    'gdl:role'(V0),\n    \\+ memberchk"),
            "{p}"
        );
        assert!(
            p.contains("'gdl:next'(moved(V0), D) :-\n    member(does(V0, go), D)."),
            "{p}"
        );
        assert!(
            p.contains("'gdl:terminal'(S) :-\n    memberchk(moved(x), S)."),
            "{p}"
        );
        assert!(
            p.contains("'$gdl_next'(_, D, S1) :- findall(F, 'gdl:next'(F, D), Fs)"),
            "{p}"
        );
        assert!(
            p.contains("'$gdl_goal'(_, R, V) :- 'gdl:goal'(R, V)."),
            "{p}"
        );
    }

    #[test]
    fn negation_waits_for_its_variables() {
        let t = translate_kif(
            "(role a) (init s) (legal a noop) (<= (next s) (true s)) (goal a 0) terminal \
             (<= (p ?x) (distinct ?x 1) (not (q ?x)) (r ?x)) (r 2) (q 3)",
        )
        .unwrap();
        assert!(
            t.prolog
                .contains("'gdl:p'(V0) :-\n    'gdl:r'(V0),\n    V0 \\== 1,\n    \\+ 'gdl:q'(V0)."),
            "{}",
            t.prolog
        );
    }

    #[test]
    fn a_disjunction_of_bound_variables_is_proved_once_in_the_indexed_translation() {
        let t = translate_kif(
            "(role a) (init (c 1 1)) (legal a (m 1 2)) (succ 1 2) \
             (<= (next (c ?x ?y)) (does a (m ?j ?k)) (true (c ?x ?y)) \
                 (or (distinct ?x ?j) (distinct ?y ?k))) \
             (<= (next (c ?x ?y)) (does a (m ?x ?k)) (or (succ ?k ?y) (succ ?y ?k))) \
             (goal a 0) terminal",
        )
        .unwrap();
        let i = &t.indexed;
        assert!(i.contains("( ( V0 \\== V2 ; V1 \\== V3 ) -> true )"), "{i}");
        // A disjunction that binds a variable still gives each of its answers.
        assert!(
            i.contains("( 'gdl:succ'(V2, V1) ; 'gdl:succ'(V1, V2) )."),
            "{i}"
        );
        // The plain translation keeps the sheet's disjunction as it is written.
        assert!(
            t.prolog.contains("    ( V0 \\== V2 ; V1 \\== V3 ).\n"),
            "{}",
            t.prolog
        );
    }

    #[test]
    fn names_that_are_not_plain_are_quoted() {
        assert_eq!(super::quote("open-cell"), "'open-cell'");
        assert_eq!(super::quote("mod"), "'mod'");
        assert_eq!(super::quote("it's"), "'it\\'s'");
        assert_eq!(super::constant("100"), "100");
        assert_eq!(super::constant("007"), "'007'");
    }
}
