//! The order in which the indexed translation runs a rule's body. GDL gives a body the meaning
//! of a conjunction, so its literals may run in any order that binds a negation's or a
//! `distinct`'s variables before it; the indexed translation's entry points hand out sets
//! (legal moves and goal values sorted, the next state sorted, `terminal` once), so the order
//! changes how fast an answer is found, never which answers there are.
//!
//! The plan keeps the sheet's order, which its author chose for the modes the relations are
//! called in, with two changes: a test (a literal whose variables are all bound, a negation or
//! a `distinct` whose variables are, a disjunction whose alternatives' variables all are) runs
//! as soon as it can, and a `does` literal (or a disjunction of them) runs before the other
//! literals (the joint move has one move for each role, and binds the mover's move). A
//! disjunction of relations that bind variables is no test: run first, it would enumerate its
//! relations over unbound arguments (checkers' jump captures, every cell and direction).
//! A greedy plan by counts of unbound variables was measured too: it won on some sheets and
//! lost badly on others (checkers), as it cannot know the modes.
//!
//! One more change, where the modes are known: a relation computed at load (facts, indexed on
//! whichever arguments are bound) runs before a `true` look-up when it binds exactly the
//! variables that look-up would bind and has an argument bound already. Pentago's
//! `(true (cellholds ?x ?y ?z ?p)) (globalindex ?x ?y ?z ?row ?col)` with `?row` and `?col`
//! known then finds the one square by the index and checks the state for it, where the
//! sheet's order tries every piece of the player against the index.
//!
//! And one where the entry points fix a mode: they call `legal` and `goal` with the role bound,
//! so a `true` look-up or a computed relation that needs nothing but the role (and variables
//! bound before it) is a check and runs as early as a test; tic-tac-toe's idle player then
//! fails at `(true (control ?w))` instead of once for every blank cell. It stays a plain call
//! (no `-> true`), so a call without the role still gets every answer.
//!
//! And one against a cross product of a board with itself: a second `true` look-up of the same
//! function with its key unbound waits for a relation computed at load that is keyed by the
//! first look-up and binds it entirely (peg solitaire's peg, its jumps, then a check of the
//! hole; see `connected_first`).

use crate::check::{binds, needs};
use crate::rules::{Body, Term};
use std::collections::{BTreeMap, BTreeSet};

/// The body in the order the indexed translation runs it; `computed` says whether a relation
/// is computed at load (facts). `given` holds the head's variables the entry points bind at
/// every call (see [`given`]): a `true` look-up or a computed relation whose variables are all
/// bound or given is a check, and runs as early as a test does. It stays a plain call, so
/// that a call that leaves them unbound still gets every answer; and negations and
/// `distinct` still wait for a literal of the body to bind their variables.
pub fn planned<'a>(
    body: &'a [Body],
    computed: &dyn Fn(&str) -> bool,
    given: &BTreeSet<&str>,
) -> Vec<&'a Body> {
    let mut bound: BTreeSet<&str> = BTreeSet::new();
    // The variables a `true` look-up bound, with the function of the facts it looked up.
    let mut from_state: BTreeMap<&str, &str> = BTreeMap::new();
    let mut rest: Vec<&Body> = body.iter().collect();
    let mut out = Vec::new();
    while !rest.is_empty() {
        let ready = |b: &Body| match b {
            Body::Pos(l) if l.name == "true" || computed(&l.name) => binds(b)
                .iter()
                .all(|v| bound.contains(v) || given.contains(v)),
            Body::Pos(_) => binds(b).iter().all(|v| bound.contains(v)),
            // A disjunction is a test only when every variable its alternatives bind is bound
            // already; otherwise it generates, and keeps its place among the generators.
            Body::Or(alts, _) => {
                alts.iter().flat_map(binds).all(|v| bound.contains(v))
                    && needs(b).iter().all(|(v, _)| bound.contains(v))
            }
            _ => needs(b).iter().all(|(v, _)| bound.contains(v)),
        };
        let pick = rest
            .iter()
            .position(|b| ready(b))
            .or_else(|| rest.iter().position(|b| is_does(b)))
            .or_else(|| rest.iter().position(|b| generates(b)))
            .unwrap_or(0);
        let keyed = keyed_first(&rest, pick, &bound, computed);
        let pick = if keyed == pick {
            connected_first(&rest, pick, &bound, (given, &from_state), computed)
        } else {
            keyed
        };
        let b = rest.remove(pick);
        if let Some(f) = looked_up(b) {
            for v in binds(b).into_iter().filter(|v| !bound.contains(v)) {
                from_state.insert(v, f);
            }
        }
        bound.extend(binds(b));
        out.push(b);
    }
    out
}

/// The variables of a rule's head that the entry points bind at every call: the role of
/// `legal` and `goal`, which `'$gdl_legal_moves'/3` and the role-given forms of
/// `'$gdl_legal'/3` and `'$gdl_goal'/3` pass bound. A check of the role then runs before the
/// look-ups that enumerate the board: tic-tac-toe's idle player's `(true (control ?w))` fails
/// at once instead of after each blank cell.
pub fn given(head: &crate::rules::Lit) -> BTreeSet<&str> {
    let mut vs = Vec::new();
    if matches!(head.name.as_str(), "legal" | "goal") {
        if let Some(role) = head.args.first() {
            crate::check::term_vars(role, &mut vs);
        }
    }
    vs.into_iter().map(|(v, _)| v).collect()
}

/// Where `rest[pick]` is a `true` look-up that would bind variables, a later literal of a
/// relation computed at load that binds exactly those variables and has an argument bound
/// (a constant, or a term whose variables are bound): run first, it is an indexed look-up of
/// facts, and the look-up in the state becomes a check. Otherwise `pick`.
fn keyed_first(
    rest: &[&Body],
    pick: usize,
    bound: &BTreeSet<&str>,
    computed: &dyn Fn(&str) -> bool,
) -> usize {
    let unbound = |b: &Body| -> BTreeSet<String> {
        binds(b)
            .into_iter()
            .filter(|v| !bound.contains(v))
            .map(String::from)
            .collect()
    };
    let lookup = match rest[pick] {
        Body::Pos(l) if l.name == "true" => unbound(rest[pick]),
        _ => return pick,
    };
    if lookup.is_empty() {
        return pick;
    }
    let keyed = |b: &Body| match b {
        Body::Pos(l) if computed(&l.name) => {
            unbound(b) == lookup
                && l.args.iter().any(|t| {
                    let mut vs = Vec::new();
                    crate::check::term_vars(t, &mut vs);
                    vs.iter().all(|(v, _)| bound.contains(v))
                })
        }
        _ => false,
    };
    rest.iter()
        .enumerate()
        .skip(pick + 1)
        .find(|(_, b)| keyed(b))
        .map_or(pick, |(i, _)| i)
}

/// Where `rest[pick]` is a `true` look-up that shares no variable with those bound (or given)
/// and whose fact's first argument, its key in the sheets' custom, is such a variable, and an
/// earlier look-up of the same function has bound a variable: the first later literal of a
/// relation computed at load that shares such a variable and binds all of the look-up's
/// variables and more. Run first, it is an indexed look-up of facts keyed by one fact of the
/// board, and the look-up it jumps becomes a check, where the sheet's order would scan the
/// board twice as a cross product of the board with itself. Peg solitaire's `legal` takes
/// every peg, every hole and then the jump between them; keyed by the peg, the jump names its
/// hole, which is then checked. Narrow on purpose, since nothing here counts answers: only
/// facts move (they answer in every mode); only over a look-up they bind entirely (a frame
/// rule's `(true (cell ?x ?y ?p))` stays before `(distinctcell ?x1 ?y1 ?x ?y)`, which names
/// every other square but not `?p`); only over a look-up with its key unbound (quarto's
/// `(true (cell 2 2 ?b))` is one square and stays before `(set ?a ?b ?c ?d)`); and only after
/// a scan of the same function (a move's variables bound by `does`, or another function's
/// facts, may be one value: urmAdd's `(true (choseninput2 ?b))` stays before `(sum ?a ?b ?c)`
/// keyed by `(true (choseninput1 ?a))`). Otherwise `pick`.
fn connected_first(
    rest: &[&Body],
    pick: usize,
    bound: &BTreeSet<&str>,
    (given, from_state): (&BTreeSet<&str>, &BTreeMap<&str, &str>),
    computed: &dyn Fn(&str) -> bool,
) -> usize {
    let known = |v: &&str| bound.contains(v) || given.contains(v);
    let (Some(function), Body::Pos(lit)) = (looked_up(rest[pick]), rest[pick]) else {
        return pick;
    };
    let first = match lit.args.first() {
        Some(Term::Fun(_, args, _)) => args.first(),
        _ => None,
    };
    if !matches!(first, Some(Term::Var(v, _)) if !known(&v.as_str())) {
        return pick;
    }
    let vs = binds(rest[pick]);
    if vs.is_empty() || vs.iter().any(known) {
        return pick;
    }
    let joined = |b: &Body| match b {
        Body::Pos(l) if computed(&l.name) => {
            let ws = binds(b);
            ws.iter().any(|v| from_state.get(v) == Some(&function))
                && !ws.iter().all(known)
                && vs.is_subset(&ws)
        }
        _ => false,
    };
    rest.iter()
        .enumerate()
        .skip(pick + 1)
        .find(|(_, b)| joined(b))
        .map_or(pick, |(i, _)| i)
}

/// The function of the facts a `true` look-up of a compound looks up.
fn looked_up(b: &Body) -> Option<&str> {
    match b {
        Body::Pos(l) if l.name == "true" => match l.args.first() {
            Some(Term::Fun(f, _, _)) => Some(f),
            _ => None,
        },
        _ => None,
    }
}

/// A `does` literal, or a disjunction of them.
fn is_does(b: &Body) -> bool {
    match b {
        Body::Pos(l) => l.name == "does",
        Body::Or(alts, _) => !alts.is_empty() && alts.iter().all(is_does),
        _ => false,
    }
}

/// A literal that may bind variables: a positive literal or a disjunction.
fn generates(b: &Body) -> bool {
    matches!(b, Body::Pos(_) | Body::Or(..))
}

#[cfg(test)]
mod tests {
    use crate::translate_kif;

    const SHEET: &str = "(role x) (init (cell 1 b)) (init (cell 2 b)) (step 1 2) \
         (<= (jump ?a ?b) (true (cell ?a ?b))) \
         (<= (legal x (go ?a)) (true (cell ?a b))) \
         (<= (next (cell ?a x)) (or (jump ?a ?b) (jump ?b ?a)) (does ?p (go ?b))) \
         (<= (next (cell ?a b)) (true (cell ?a b)) (or (step ?a ?c) (step ?c ?a))) \
         (<= (goal x 100) (true (cell 1 x))) (<= terminal (true (cell 2 x)))";

    #[test]
    fn a_disjunction_that_binds_variables_is_no_test() {
        let p = translate_kif(SHEET).unwrap().indexed;
        // The move binds ?b, so the disjunction runs after it, not over every ?a and ?b.
        assert!(
            p.contains(
                "'gdl:next'(cell(V0, x), D) :-\n    member(does(_, go(V1)), D),\n    \
                 ( 'gdl:jump'(V0, V1) ; 'gdl:jump'(V1, V0) )."
            ),
            "{p}"
        );
        // A disjunction that binds ?c keeps its place after the literal binding ?a; ?c, used
        // once in each branch and nowhere else, is written `_` (no singleton in a branch).
        assert!(
            p.contains(
                "'gdl:next'(cell(V0, b), _) :-\n    '$gdl_t'(0, V0, b),\n    \
                 ( 'gdl:step'(V0, _) ; 'gdl:step'(_, V0) )."
            ),
            "{p}"
        );
    }

    #[test]
    fn a_check_of_the_given_role_runs_before_the_board() {
        let sheet = "(role x) (role o) (init (cell 1 b)) (init (control x)) \
             (<= (legal ?w (mark ?c)) (true (cell ?c b)) (true (control ?w))) \
             (<= (legal ?w noop) (true (cell ?c b)) (role ?w) (not (true (control ?w)))) \
             (<= (next (cell ?c x)) (does x (mark ?c))) \
             (<= (goal ?r 0) (true (cell ?c b)) (true (control ?r))) \
             (<= (mine ?w) (true (cell ?c b)) (true (control ?w))) \
             (<= terminal (not (true (cell 1 b))))";
        let p = translate_kif(sheet).unwrap().indexed;
        // The role of `legal` and `goal` is bound at every call: its look-up is a check and
        // runs first, as a plain call, so that a call without the role still gets every answer.
        assert!(
            p.contains(
                "'gdl:legal'(V0, mark(V1)) :-\n    '$gdl_t'(0, V0),\n    \
                 '$gdl_t'(1, V1, b)."
            ),
            "{p}"
        );
        assert!(
            p.contains(
                "'gdl:goal'(V0, 0) :-\n    '$gdl_t'(0, V0),\n    \
                 '$gdl_t'(1, _, b)."
            ),
            "{p}"
        );
        // A negation still waits for a literal of the body to bind its variable.
        assert!(
            p.contains(
                "'gdl:legal'(V0, noop) :-\n    '$gdl_t'(1, _, b),\n    'gdl:role'(V0),\n    \
                 \\+ '$gdl_t'(0, V0)."
            ),
            "{p}"
        );
        // Other relations keep the sheet's order: nothing says how they are called.
        assert!(
            p.contains("'gdl:mine'(V0) :-\n    '$gdl_t'(1, _, b),\n    '$gdl_t'(0, V0)."),
            "{p}"
        );
    }

    #[test]
    fn facts_computed_at_load_that_key_a_lookup_run_before_it() {
        let sheet = "(role x) (init (at 1 1 x)) (place 1 1 0) (place 1 2 1) (step 0 1) \
             (<= (key ?a ?b ?k) (place ?a ?b ?k)) \
             (<= (pair ?p) (role ?p) (true (at ?a ?b ?p)) (key ?a ?b ?k) (step ?k ?j) \
                 (true (at ?c ?d ?p)) (key ?c ?d ?j)) \
             (<= (legal x go) (pair x)) (<= (next (at 1 2 x)) (does x go)) \
             (goal x 100) (<= terminal (true (at 1 2 x)))";
        let p = translate_kif(sheet).unwrap().indexed;
        // The first look-up binds ?a ?b with nothing of `key` bound: it keeps its place. The
        // second is keyed by ?j: `key` finds the square, and the look-up checks it.
        assert!(
            p.contains(
                "'gdl:pair'(V0) :-\n    'gdl:role'(V0),\n    '$gdl_t'(0, V1, V2, V0),\n    \
                 'gdl:key'(V1, V2, V3),\n    'gdl:step'(V3, V4),\n    \
                 'gdl:key'(V5, V6, V4),\n    '$gdl_t'(0, V5, V6, V0)."
            ),
            "{p}"
        );
        // The plain translation keeps the sheet's order.
        let plain = translate_kif(sheet).unwrap().prolog;
        assert!(
            plain.contains("member(at(V5, V6, V0), S),\n    'gdl:key'(V5, V6, V4)"),
            "{plain}"
        );
    }

    #[test]
    fn facts_keyed_by_one_scan_of_the_board_run_before_a_second_scan() {
        let sheet = "(role p) (init (hole 1 peg)) (init (hole 2 peg)) (init (hole 3 empty)) \
             (init (chosen 1)) (init (other 2)) (adj 1 2 3) (adj 3 2 1) (add 1 2 3) \
             (<= (jump ?a ?b ?c) (adj ?a ?b ?c)) (<= (sum ?a ?b ?c) (add ?a ?b ?c)) \
             (<= (legal p (move ?a ?c)) (true (hole ?a peg)) (true (hole ?c empty)) \
                 (jump ?a ?b ?c) (true (hole ?b peg))) \
             (<= (next (hole ?c peg)) (does p (move ?a ?c))) \
             (<= (mixed ?s) (true (chosen ?a)) (true (other ?b)) (sum ?a ?b ?s)) \
             (<= (frame ?c) (true (hole ?a peg)) (true (hole ?c ?x)) (jump ?a ?b ?c)) \
             (<= (goal p 100) (mixed 3)) (<= terminal (frame 1))";
        let p = translate_kif(sheet).unwrap().indexed;
        // The second scan of the holes is bound entirely by the jump (computed at load) keyed
        // by the first: the jump runs first and the look-up of the empty hole is a check.
        assert!(
            p.contains(
                "'gdl:legal'(p, move(V0, V1)) :-\n    '$gdl_t'(2, V0, peg),\n    \
                 'gdl:jump'(V0, V2, V1),\n    '$gdl_t'(2, V1, empty),\n    \
                 '$gdl_t'(2, V2, peg)."
            ),
            "{p}"
        );
        // Facts of another function are no scan of the same board: the sheet's order stays.
        assert!(
            p.contains(
                "'gdl:mixed'(V0) :-\n    '$gdl_t'(0, V1),\n    '$gdl_t'(1, V2),\n    \
                 'gdl:sum'(V1, V2, V0)."
            ),
            "{p}"
        );
        // A look-up the jump does not bind entirely (`?x`) keeps its place.
        assert!(
            p.contains(
                "'gdl:frame'(V0) :-\n    '$gdl_t'(2, V1, peg),\n    \
                 '$gdl_t'(2, V0, _),\n    'gdl:jump'(V1, _, V0)."
            ),
            "{p}"
        );
    }
}
