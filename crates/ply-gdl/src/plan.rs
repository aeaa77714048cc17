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

use crate::check::{binds, needs};
use crate::rules::Body;
use std::collections::BTreeSet;

/// The body in the order the indexed translation runs it.
pub fn planned(body: &[Body]) -> Vec<&Body> {
    let mut bound: BTreeSet<&str> = BTreeSet::new();
    let mut rest: Vec<&Body> = body.iter().collect();
    let mut out = Vec::new();
    while !rest.is_empty() {
        let ready = |b: &Body| match b {
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
        let b = rest.remove(pick);
        bound.extend(binds(b));
        out.push(b);
    }
    out
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
        // A disjunction that binds ?c keeps its place after the literal binding ?a.
        assert!(
            p.contains(
                "'gdl:next'(cell(V0, b), _) :-\n    'gdl$true:cell'(V0, b),\n    \
                 ( 'gdl:step'(V0, V1) ; 'gdl:step'(V1, V0) )."
            ),
            "{p}"
        );
    }
}
