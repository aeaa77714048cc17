//! Which relations recurse: those on a cycle of the sheet's dependency graph.
//!
//! GDL allows recursion (`(<= (reach ?x ?z) (edge ?x ?y) (reach ?y ?z))`) and gives a rule sheet
//! the meaning of its least model, so `(<= (p ?x) (p ?x))` simply adds nothing. Run as Prolog
//! clauses, such rules loop for ever, so the translation tables every relation that can call
//! itself, directly or through others: a tabled call is evaluated to a fixpoint and ends. The
//! graph's strongly connected components are found with Tarjan's algorithm, run with an
//! explicit stack so that a sheet with a long chain of relations cannot overflow Rust's.

use crate::rules::{Body, Lit, Sheet};
use std::collections::{BTreeMap, BTreeSet};

/// The names of the relations that lie on a cycle (a relation calling itself included).
pub fn recursive(sheet: &Sheet) -> BTreeSet<String> {
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for rule in &sheet.rules {
        let out = edges.entry(rule.head.name.as_str()).or_default();
        for b in &rule.body {
            body_lits(b, &mut |l| {
                out.insert(l.name.as_str());
            });
        }
    }
    let nodes: Vec<&str> = edges.keys().copied().collect();
    let index_of: BTreeMap<&str, usize> = nodes.iter().enumerate().map(|(i, &n)| (n, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            edges[n]
                .iter()
                .filter_map(|m| index_of.get(m).copied())
                .collect()
        })
        .collect();
    let mut found = BTreeSet::new();
    for comp in components(&succ) {
        let on_cycle = comp.len() > 1 || succ[comp[0]].contains(&comp[0]);
        if on_cycle {
            found.extend(comp.iter().map(|&i| nodes[i].to_string()));
        }
    }
    found
}

/// Call `f` on every relational literal of a body literal, inside `not` and `or` too.
pub(crate) fn body_lits<'a>(b: &'a Body, f: &mut impl FnMut(&'a Lit)) {
    match b {
        Body::Pos(l) => f(l),
        Body::Not(inner, _) => body_lits(inner, f),
        Body::Distinct(..) => {}
        Body::Or(alts, _) => alts.iter().for_each(|a| body_lits(a, f)),
    }
}

/// The strongly connected components of a graph given by successor lists (Tarjan's algorithm
/// with its recursion turned into a stack of (node, next successor to try)).
fn components(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = succ.len();
    let (mut index, mut low, mut on_stack) = (vec![UNSEEN; n], vec![0; n], vec![false; n]);
    let (mut stack, mut out, mut counter) = (Vec::new(), Vec::new(), 0);
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        let mut calls = vec![(root, 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut next)) = calls.last_mut() {
            if let Some(&w) = succ[v].get(*next) {
                *next += 1;
                if index[w] == UNSEEN {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    calls.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(parent, _)) = calls.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(comp);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{kif::parse, rules::from_forms};

    #[test]
    fn self_and_mutual_recursion_are_found_and_nothing_else() {
        let s = from_forms(
            &parse(
                "(<= (p ?x) (p ?x)) (<= (a ?x) (b ?x)) (<= (b ?x) (not (a ?x)) (c ?x)) \
                 (<= (c ?x) (d ?x)) (d 1)",
            )
            .unwrap(),
        )
        .unwrap();
        let r = recursive(&s);
        assert_eq!(
            r.into_iter().collect::<Vec<_>>(),
            ["a", "b", "p"].map(String::from)
        );
    }
}
