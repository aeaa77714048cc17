//! `native_parallel(+Goal)` and `параллельно/1`: `perft/3`, `native_minimax/4` or
//! `native_alphabeta/6` run by the split searches of `games/parallel.rs`, over the machine's
//! cores. This file reads the goal's arguments off the heap and writes the answers back; the
//! searching is the game library's.

use super::convert::{from_heap, to_heap};
use crate::games::parallel::{default_threads, perft, search};
use crate::games::{GTerm, GameError, TermSearchResult};
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Register `native_parallel/1` and `параллельно/1` in `m`.
pub fn install(m: &mut Machine) {
    m.def_library_native("native_parallel", 1, native_parallel);
    m.def_library_native("параллельно", 1, native_parallel);
}

/// The position term in `c`, ground, or the ISO error for it.
fn position(m: &mut Machine, c: Cell) -> Result<GTerm, PlError> {
    let c = m.stacks.heap.deref(c);
    if c.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    from_heap(m, c).map_err(|_| m.type_err("game_position", c))
}

/// The integer in `c`, or the ISO error for it.
fn integer(m: &mut Machine, c: Cell) -> Result<i64, PlError> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Int => Ok(c.int_value()),
        _ => Err(m.type_err("integer", c)),
    }
}

/// A game's complaint as an ISO error.
fn game_err(m: &mut Machine, e: GameError) -> PlError {
    match e {
        GameError::Type(ty, culprit) => {
            let c = to_heap(m, &culprit);
            m.type_err(ty, c)
        }
        GameError::Domain(dom, culprit) => {
            let c = to_heap(m, &culprit);
            m.domain_err(dom, c)
        }
    }
}

/// Unify a search's answer with `Best`, `Value` and `Nodes`.
fn answer(m: &mut Machine, r: &TermSearchResult, out: [Cell; 3]) -> Res {
    if let Some(best) = &r.best {
        let c = to_heap(m, best);
        if !m.unify(c, out[0]) {
            return Ok(false);
        }
    }
    let value = m.stacks.heap.int(r.result.value);
    let nodes = m
        .stacks
        .heap
        .int(i64::try_from(r.result.stats.nodes).unwrap_or(i64::MAX));
    Ok(m.unify(value, out[1]) && m.unify(nodes, out[2]))
}

/// `native_parallel(+Goal)`: `Goal` is `perft(Pos, Depth, Count)`,
/// `native_minimax(Pos, Best, Value, Nodes)` or
/// `native_alphabeta(Pos, Alpha, Beta, Best, Value, Nodes)`, run split at the root over the
/// machine's cores.
fn native_parallel(m: &mut Machine, a: &[Cell]) -> Res {
    let goal = m.stacks.heap.deref(a[0]);
    if goal.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let (name, arity) = match goal.tag() {
        Tag::Str => m.name_arity(goal),
        _ => return Err(m.domain_err("parallel_search", goal)),
    };
    let arg = |m: &Machine, i: usize| m.stacks.heap.arg(goal, i);
    let threads = default_threads();
    match (m.atoms.name(name), arity) {
        ("perft", 3) => {
            let pos = position(m, arg(m, 0))?;
            let depth = integer(m, arg(m, 1))?;
            if depth < 0 {
                let c = m.stacks.heap.deref(arg(m, 1));
                return Err(m.domain_err("not_less_than_zero", c));
            }
            let depth = u32::try_from(depth).unwrap_or(u32::MAX);
            let n = perft(&pos, depth, threads).map_err(|e| game_err(m, e))?;
            let c = m.stacks.heap.int(i64::try_from(n).unwrap_or(i64::MAX));
            let out = arg(m, 2);
            Ok(m.unify(c, out))
        }
        ("native_minimax", 4) => {
            let pos = position(m, arg(m, 0))?;
            let r = search(&pos, None, threads).map_err(|e| game_err(m, e))?;
            answer(m, &r, [arg(m, 1), arg(m, 2), arg(m, 3)])
        }
        ("native_alphabeta", 6) => {
            let pos = position(m, arg(m, 0))?;
            let alpha = integer(m, arg(m, 1))?;
            let beta = integer(m, arg(m, 2))?;
            let r = search(&pos, Some((alpha, beta)), threads).map_err(|e| game_err(m, e))?;
            answer(m, &r, [arg(m, 3), arg(m, 4), arg(m, 5)])
        }
        _ => Err(m.domain_err("parallel_search", goal)),
    }
}
