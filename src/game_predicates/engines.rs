//! The native engines as predicates (`native_minimax/4,5`, `native_alphabeta/6,7`, `perft/3`)
//! and the counters of `ходы/2` and `стат_оц/2` calls (`game_counters/2`,
//! `reset_game_counters/0`). Over a program that has replaced a game predicate the search
//! calls, the engines are the textbook's own procedures in Prolog (`protocol.rs`).
//!
//! The counters live in the game library's state in the machine (`GameState::calls`), so each
//! machine has its own and a search that backtracks keeps its count. The native engines never touch them: a native search reports
//! its own counts, defined so that they equal what the counters show after the same search
//! written in Prolog (Nodes = calls of `ходы/2`, Leaves = calls of `стат_оц/2`).

use super::convert::to_heap;
use super::state::GameState;
use super::{count_cell, on_position, read_bound};
use crate::games::TermSearchResult;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// The calls of `ходы/2` and `стат_оц/2` counted since the last reset, per machine.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameCalls {
    /// Calls of `ходы/2` (and `moves/2`).
    pub moves: u64,
    /// Calls of `стат_оц/2` (and `staticval/2`).
    pub statics: u64,
}

/// Which counter a game predicate adds to.
#[derive(Clone, Copy, Debug)]
pub enum Counter {
    /// `ходы/2`.
    Moves,
    /// `стат_оц/2`.
    Statics,
}

impl GameCalls {
    /// Add one to a counter. A search does this at every node, so it is one add on a field of
    /// the state the predicate fetches anyway (`on_bridge` in `game_predicates.rs`).
    #[inline(always)]
    pub fn bump(&mut self, which: Counter) {
        match which {
            Counter::Moves => self.moves += 1,
            Counter::Statics => self.statics += 1,
        }
    }
}

/// `game_counters(-Moves, -Static)`: calls of `ходы/2` and `стат_оц/2` since the last reset.
pub fn counters(m: &mut Machine, a: &[Cell]) -> Res {
    let calls = m.services.natives.get::<GameState>().calls;
    let moves = count_cell(m, calls.moves);
    let statics = count_cell(m, calls.statics);
    Ok(m.unify(a[0], moves) && m.unify(a[1], statics))
}

/// `reset_game_counters`: both counters back to 0.
pub fn reset_counters(m: &mut Machine, _: &[Cell]) -> Res {
    m.services.natives.get::<GameState>().calls = GameCalls::default();
    Ok(true)
}

/// Unify the answer of a native search with `Best`, `Value`, `Nodes` and maybe `Leaves`. At a
/// leaf root `Best` stays unbound, as the textbook's `минимакс/3` leaves `ЛучшПоз`.
fn answer(m: &mut Machine, r: &TermSearchResult, out: &[Cell]) -> Res {
    if let Some(best) = &r.best {
        let c = to_heap(m, best);
        if !m.unify(c, out[0]) {
            return Ok(false);
        }
    }
    let value = m.stacks.heap.int(r.result.value);
    let nodes = count_cell(m, r.result.stats.nodes);
    let leaves = count_cell(m, r.result.stats.static_calls);
    Ok(m.unify(value, out[1])
        && m.unify(nodes, out[2])
        && out.get(3).is_none_or(|&l| m.unify(leaves, l)))
}

/// The textbook minimax from the position in `pos`.
fn minimax(m: &mut Machine, pos: Cell) -> Result<TermSearchResult, PlError> {
    on_position(m, pos, |g, p| g.native_minimax(p))
}

/// The textbook alpha-beta from the position in `a[0]` with the bounds in `a[1]`, `a[2]`.
fn alphabeta(m: &mut Machine, a: &[Cell]) -> Result<TermSearchResult, PlError> {
    on_position(m, a[0], |g, p| g.depth(p))?;
    let alpha = read_bound(m, a[1])?;
    let beta = read_bound(m, a[2])?;
    on_position(m, a[0], |g, p| g.native_alphabeta(p, alpha, beta))
}

/// `native_minimax(+Pos, -Best, -Value, -Nodes)`.
pub fn minimax4(m: &mut Machine, a: &[Cell]) -> Res {
    if super::protocol::replaced(m) {
        return super::protocol::delegate(m, "$game_minimax", a);
    }
    let r = minimax(m, a[0])?;
    answer(m, &r, &a[1..4])
}

/// `native_minimax(+Pos, -Best, -Value, -Nodes, -Leaves)`.
pub fn minimax5(m: &mut Machine, a: &[Cell]) -> Res {
    if super::protocol::replaced(m) {
        return super::protocol::delegate(m, "$game_minimax", a);
    }
    let r = minimax(m, a[0])?;
    answer(m, &r, &a[1..5])
}

/// `native_alphabeta(+Pos, +Alpha, +Beta, -Best, -Value, -Nodes)`.
pub fn alphabeta6(m: &mut Machine, a: &[Cell]) -> Res {
    if super::protocol::replaced(m) {
        read_bound(m, a[1])?;
        read_bound(m, a[2])?;
        return super::protocol::delegate(m, "$game_alphabeta", a);
    }
    let r = alphabeta(m, a)?;
    answer(m, &r, &a[3..6])
}

/// `native_alphabeta(+Pos, +Alpha, +Beta, -Best, -Value, -Nodes, -Leaves)`.
pub fn alphabeta7(m: &mut Machine, a: &[Cell]) -> Res {
    if super::protocol::replaced(m) {
        read_bound(m, a[1])?;
        read_bound(m, a[2])?;
        return super::protocol::delegate(m, "$game_alphabeta", a);
    }
    let r = alphabeta(m, a)?;
    answer(m, &r, &a[3..7])
}

/// `perft(+Pos, +Depth, -Count)`: leaf positions `Depth` plies below `Pos`, whatever horizon
/// `Pos` carries.
pub fn perft(m: &mut Machine, a: &[Cell]) -> Res {
    let prolog = super::protocol::replaced(m);
    if !prolog {
        on_position(m, a[0], |g, p| g.depth(p))?;
    }
    let d = m.stacks.heap.deref(a[1]);
    // A count of plies down to the leaves, not a horizon, so `inf` means nothing here; a count
    // too big for 32 bits reaches every leaf of any game anyway.
    let depth = match d.tag() {
        Tag::Ref => return Err(m.inst_err()),
        Tag::Int if d.int_value() < 0 => return Err(m.domain_err("not_less_than_zero", d)),
        Tag::Int => u32::try_from(d.int_value()).unwrap_or(u32::MAX),
        _ => return Err(m.type_err("integer", d)),
    };
    if prolog {
        return super::protocol::delegate(m, "$game_perft", a);
    }
    let n = on_position(m, a[0], |g, p| g.perft(p, depth))?;
    let c = count_cell(m, n);
    Ok(m.unify(c, a[2]))
}
