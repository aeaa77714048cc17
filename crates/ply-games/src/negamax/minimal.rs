//! The minimal tree of Knuth and Moore, the floor under every search's count: the fewest
//! positions a search must visit to prove a position's value, found by a search that knows
//! every true value.
//!
//! For a uniform tree of branching b and depth d it has b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves. For a real
//! game it is computed from three kinds of proof, counted in positions whose successors are
//! generated (the unit every algorithm here counts, `negamax.rs`), with values for the side to
//! move:
//!
//! * `exact(p)`, the value v of p: p, the exact proof of one best successor, and for every other
//!   successor a proof that it is no better (a `bound` proof); the best successor chosen to
//!   make the total smallest;
//! * a proof that p is worth at least x: p and, for one successor good enough, the proof that
//!   it is worth at most what that needs; the cheapest such successor;
//! * a proof that p is worth at most x: p and, for every successor, the proof that it is worth
//!   at least what that needs.
//!
//! A position without successors is its own proof. A successor where the same side moves
//! again keeps its value and the kind of its proof; otherwise the value is negated and "at
//! least" and "at most" change places. The true values come from negamax over each subtree,
//! so this costs a few times a minimax search: it is a measurement, not a player.

use super::{Space, Stop, MAX_PLY};

/// The value of `pos` for its side to move (negamax over the whole subtree).
fn value<S: Space>(s: &mut S, pos: &S::Pos, ply: usize) -> Result<i64, Stop> {
    if ply > MAX_PLY {
        return Err(Stop::TooDeep);
    }
    let succs = s.successors(pos)?;
    let max = s.max_to_move(pos)?;
    if succs.is_empty() {
        let v = s.value(pos)?;
        return Ok(if max { v } else { -v });
    }
    let mut best = i64::MIN;
    for c in &succs {
        best = best.max(to_parent(s, max, c, ply)?);
    }
    Ok(best)
}

/// The value of successor `c` for the side to move in its parent.
fn to_parent<S: Space>(s: &mut S, parent_max: bool, c: &S::Pos, ply: usize) -> Result<i64, Stop> {
    let v = value(s, c, ply + 1)?;
    Ok(if s.max_to_move(c)? == parent_max {
        v
    } else {
        -v
    })
}

/// The size of the smallest proof that `pos` is worth at least `x` (`at_least`) or at most
/// `x` for its side to move.
fn bound<S: Space>(
    s: &mut S,
    pos: &S::Pos,
    x: i64,
    at_least: bool,
    ply: usize,
) -> Result<u64, Stop> {
    if ply > MAX_PLY {
        return Err(Stop::TooDeep);
    }
    let succs = s.successors(pos)?;
    if succs.is_empty() {
        return Ok(1);
    }
    let max = s.max_to_move(pos)?;
    let mut total = 0u64;
    let mut cheapest: Option<u64> = None;
    for c in &succs {
        let same = s.max_to_move(c)? == max;
        // The child's proof: of the same kind when the same side moves, else the other kind
        // about the negated bound.
        let (cx, c_least) = if same { (x, at_least) } else { (-x, !at_least) };
        if at_least {
            if to_parent(s, max, c, ply)? >= x {
                let cost = bound(s, c, cx, c_least, ply + 1)?;
                cheapest = Some(cheapest.map_or(cost, |k| k.min(cost)));
            }
        } else {
            total += bound(s, c, cx, c_least, ply + 1)?;
        }
    }
    Ok(1 + if at_least {
        cheapest.expect("a position worth at least its value has a successor that shows it")
    } else {
        total
    })
}

/// The size of the minimal tree of `pos`: the smallest proof of its exact value.
pub fn minimal_tree<S: Space>(s: &mut S, pos: &S::Pos) -> Result<u64, Stop> {
    exact(s, pos, 0)
}

fn exact<S: Space>(s: &mut S, pos: &S::Pos, ply: usize) -> Result<u64, Stop> {
    if ply > MAX_PLY {
        return Err(Stop::TooDeep);
    }
    let succs = s.successors(pos)?;
    if succs.is_empty() {
        return Ok(1);
    }
    let max = s.max_to_move(pos)?;
    let mut values = Vec::with_capacity(succs.len());
    for c in &succs {
        values.push(to_parent(s, max, c, ply)?);
    }
    let v = *values.iter().max().expect("successors");
    // Every successor needs a proof that it is worth no more than v to the parent; the best one
    // needs its exact value instead.
    let mut no_better = Vec::with_capacity(succs.len());
    for c in &succs {
        let same = s.max_to_move(c)? == max;
        let cost = if same {
            bound(s, c, v, false, ply + 1)?
        } else {
            bound(s, c, -v, true, ply + 1)?
        };
        no_better.push(cost);
    }
    let sum: u64 = no_better.iter().sum();
    let mut best_total: Option<u64> = None;
    for (i, c) in succs.iter().enumerate() {
        if values[i] == v {
            let t = sum - no_better[i] + exact(s, c, ply + 1)?;
            best_total = Some(best_total.map_or(t, |b| b.min(t)));
        }
    }
    Ok(1 + best_total.expect("a best successor"))
}
