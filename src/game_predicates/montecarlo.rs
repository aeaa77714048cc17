//! The engines that play and prove rather than evaluate, as predicates: random playouts
//! (`playout/3,4`), Monte Carlo tree search (`native_mcts/5`) and proof-number search
//! (`native_pns/4`). Their definitions, to the last tie, are in the game library
//! (`games/playout.rs`, `games/mcts.rs`, `games/pns.rs`) and in docs/mcts.md.
//!
//! Over a library game they run on the game's typed positions; over a game written in Prolog
//! (the program has replaced `ходы/2` or another predicate a search calls) the same Rust code
//! runs over the program's predicates ([`MachineGame`]), so the program's game gets the same
//! engines, choice for choice.

use super::machine_game::{MachineGame, TermPos};
use super::{count_cell, fixed_atom, on_position, read_term, to_heap};
use crate::arith::Number;
use crate::games::mcts::{mcts, MctsResult, TermMcts};
use crate::games::playout::{playout, Playout};
use crate::games::pns::{pns, PnsResult, Verdict};
use crate::games::{GTerm, Outcome};
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// The most expansions `native_pns/4` makes before it answers `unknown`.
pub const PNS_LIMIT: u64 = 1_000_000;

/// A seed: any integer, taken modulo 2^64 (a negative one as its two's complement).
fn read_seed(m: &mut Machine, c: Cell) -> Result<u64, PlError> {
    let c = m.stacks.heap.deref(c);
    if c.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    match m.number_of(c) {
        Some(Number::Int(v)) => Ok(v as u64),
        Some(Number::Big(b)) => {
            let low = &*b & dashu_int::IBig::from(u64::MAX);
            Ok(u64::try_from(low).unwrap_or(0))
        }
        _ => Err(m.type_err("integer", c)),
    }
}

/// A count of iterations: a non-negative integer.
fn read_count(m: &mut Machine, c: Cell) -> Result<u64, PlError> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Int if c.int_value() < 0 => Err(m.domain_err("not_less_than_zero", c)),
        Tag::Int => Ok(c.int_value() as u64),
        _ if m.is_integer(c) => Err(m.representation_err("max_integer")),
        _ => Err(m.type_err("integer", c)),
    }
}

/// `f` run over the game of the position in `pos`: the library's typed game through `lib`, or
/// the program's game through `prolog`.
fn over_game<R>(
    m: &mut Machine,
    pos: Cell,
    lib: impl Fn(&dyn crate::games::DynGame, &crate::games::GTerm) -> Result<R, crate::games::GameError>,
    prolog: impl FnOnce(&MachineGame, &TermPos) -> R,
) -> Result<R, PlError> {
    if !super::protocol::replaced(m) {
        return on_position(m, pos, lib);
    }
    let p = TermPos(read_term(m, pos, "game_position")?);
    let game = MachineGame::new(m);
    let r = prolog(&game, &p);
    game.finish()?;
    Ok(r)
}

/// The atom `max`, `min` or `draw` of a result.
fn result_atom(m: &mut Machine, o: Outcome) -> Cell {
    let name = match o {
        Outcome::MaxWins => "max",
        Outcome::MinWins => "min",
        Outcome::Draw => "draw",
    };
    Cell::atom(fixed_atom(m, name))
}

/// `playout(+Pos, +Seed, -Result)` and `playout(+Pos, +Seed, -Result, -Length)`.
pub fn playout_n(m: &mut Machine, a: &[Cell]) -> Res {
    let seed = read_seed(m, a[1])?;
    let r: Playout = over_game(
        m,
        a[0],
        |g, p| g.playout(p, seed),
        |g, p| playout(g, p, seed),
    )?;
    let result = result_atom(m, r.outcome);
    let length = count_cell(m, r.length);
    Ok(m.unify(result, a[2]) && a.get(3).is_none_or(|&l| m.unify(length, l)))
}

/// `native_mcts(+Pos, +Iterations, +Seed, -Best, -Visits)`.
pub fn native_mcts(m: &mut Machine, a: &[Cell]) -> Res {
    let iterations = read_count(m, a[1])?;
    let seed = read_seed(m, a[2])?;
    let r: TermMcts = over_game(
        m,
        a[0],
        |g, p| g.native_mcts(p, iterations, seed, None),
        |g, p| {
            let result = mcts(g, p, iterations, seed);
            let best = result.best.map(|i| {
                let mut succs = Vec::new();
                crate::games::Game::moves(g, p, &mut succs);
                succs[i].0.clone()
            });
            TermMcts { result, best }
        },
    )?;
    if r.result.stopped {
        return Err(m.resource_err("mcts_tree"));
    }
    if let Some(best) = &r.best {
        let c = to_heap(m, best);
        if !m.unify(c, a[3]) {
            return Ok(false);
        }
    }
    let visits: Vec<Cell> = r.result.visits.iter().map(|&v| count_cell(m, v)).collect();
    let list = m.stacks.heap.list_from(&visits, Cell::atom(atom::NIL));
    Ok(m.unify(list, a[4]))
}

/// `native_pns(+Pos, +Side, -Result, -Expanded)`.
pub fn native_pns(m: &mut Machine, a: &[Cell]) -> Res {
    let side = m.stacks.heap.deref(a[1]);
    let attacker_max = match side.tag() {
        Tag::Ref => return Err(m.inst_err()),
        Tag::Atom if m.atoms.name(side.atom_index()) == "max" => true,
        Tag::Atom if m.atoms.name(side.atom_index()) == "min" => false,
        Tag::Atom => return Err(m.domain_err("side", side)),
        _ => return Err(m.type_err("atom", side)),
    };
    let r: PnsResult = over_game(
        m,
        a[0],
        |g, p| g.native_pns(p, attacker_max, PNS_LIMIT, None),
        |g, p| pns(g, p, attacker_max, PNS_LIMIT),
    )?;
    let name = match r.verdict {
        Verdict::Proven => "proven",
        Verdict::Disproven => "disproven",
        Verdict::Unknown => "unknown",
    };
    let verdict = Cell::atom(fixed_atom(m, name));
    let expanded = count_cell(m, r.expanded);
    Ok(m.unify(verdict, a[2]) && m.unify(expanded, a[3]))
}

/// A search's answer read back from `native_mcts/5`'s `Best` (maybe unbound) and `Visits`.
pub fn term_mcts(best: Option<GTerm>, visits: Option<&GTerm>) -> TermMcts {
    let visits: Vec<u64> = match visits {
        Some(GTerm::List(vs)) => vs
            .iter()
            .map(|v| match v {
                GTerm::Int(n) => *n as u64,
                _ => 0,
            })
            .collect(),
        _ => Vec::new(),
    };
    let index = best.as_ref().and_then(|_| {
        let most = visits.iter().copied().max()?;
        visits.iter().position(|&v| v == most)
    });
    TermMcts {
        result: MctsResult {
            best: index,
            root_visits: visits.iter().sum::<u64>() + 1,
            rewards: Vec::new(),
            stopped: false,
            visits,
        },
        best,
    }
}
