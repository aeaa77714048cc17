//! The order in which the indexed translation runs a rule's body. GDL gives a body the meaning
//! of a conjunction, so its literals may run in any order that binds a negation's or a
//! `distinct`'s variables before it; the indexed translation's entry points hand out sets
//! (legal moves and goal values sorted, the next state sorted, `terminal` once), so the order
//! changes how fast an answer is found, never which answers there are.
//!
//! The plan keeps the sheet's order, which its author chose for the modes the relations are
//! called in, with two changes: a test (a literal whose variables are all bound, a negation or
//! a `distinct` whose variables are) runs as soon as it can, and a `does` literal runs before
//! the other literals (the joint move has one move for each role, and binds the mover's move).
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
    let is_does = |b: &Body| matches!(b, Body::Pos(l) if l.name == "does");
    while !rest.is_empty() {
        let ready = |b: &Body| match b {
            Body::Pos(_) => binds(b).iter().all(|v| bound.contains(v)),
            _ => needs(b).iter().all(|(v, _)| bound.contains(v)),
        };
        let pick = rest
            .iter()
            .position(|b| ready(b))
            .or_else(|| rest.iter().position(|b| is_does(b)))
            .or_else(|| rest.iter().position(|b| matches!(b, Body::Pos(_))))
            .unwrap_or(0);
        let b = rest.remove(pick);
        bound.extend(binds(b));
        out.push(b);
    }
    out
}
