//! The predicates that make, inspect and change positions: `начальная_позиция/3`, `ходы/2`,
//! `стат_оц/2`, `ход_мина/1`, `ход_макса/1`, `конец_игры/2`, `показать/1`, `глубина/2`,
//! `с_глубиной/3`, and `'$game_move'/4` under `ход/3`.
//!
//! Each is a thin shell: read the arguments, ask the game, put the answer on the heap. The four
//! that searches call at every node, and `конец_игры/2`, go through the bridge
//! (`games/bridge.rs`), which reads positions into the game's own form and writes successors
//! straight onto the heap; the others through the general term form (`convert.rs`). `ходы/2`
//! and `стат_оц/2` also count their calls for `game_counters/2`. None of them may create an atom
//! from position data; only `ход/3` makes atoms, one per distinct move notation it reports
//! (numeric notations are integers, not atoms).

use super::convert::{from_heap, to_heap};
use super::engines::Counter;
use super::{culprit, game_error, on_bridge, on_position, protocol, read_depth, Unreadable};
use crate::games::term_read::{depth_term, notation_text};
use crate::games::{lookup, GameError, Outcome};
use crate::machine::error::{PlError, Res};
use crate::machine::output::Stream;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// `начальная_позиция(+Игра, +Глубина, -Поз)`: the start position of a game with a horizon.
pub fn initial_position(m: &mut Machine, a: &[Cell]) -> Res {
    if let Some(file) = protocol::game_file(m, a[0]) {
        return protocol::delegate(m, "$game_file_position", &[file, a[1], a[2]]);
    }
    let name_cell = m.stacks.heap.deref(a[0]);
    let name = match from_heap(m, name_cell) {
        Ok(t) => t,
        Err(Unreadable::Unbound) => return Err(m.inst_err()),
        Err(Unreadable::Shape) => {
            let c = culprit(m, name_cell);
            return Err(m.domain_err("game", c));
        }
    };
    let game = lookup(&name).map_err(|e| unknown_game(m, e))?;
    let depth = read_depth(m, a[1])?;
    let pos = game.initial(depth);
    let c = to_heap(m, &pos);
    Ok(m.unify(c, a[2]))
}

/// The error for a game name that names no game: `domain_error(game, Name)`, whose context's
/// message lists the names there are.
fn unknown_game(m: &mut Machine, e: GameError) -> PlError {
    let unknown = matches!(&e, GameError::Domain("game", _));
    let err = game_error(m, e);
    if !unknown {
        return err;
    }
    let names = format!(
        "the games are {}, and game(File) for a game written in Prolog",
        crate::games::game_names()
    );
    let msg = Cell::atom(m.atoms.intern(&names));
    let pred = m.atoms.intern("начальная_позиция");
    let pi = m.indicator(pred, 3);
    let ctx = m.stacks.heap.compound(atom::CONTEXT, &[pi, msg]);
    let ball = m.stacks.heap.deref(err.0);
    let slot = m.stacks.heap.deref(m.stacks.heap.arg(ball, 1));
    m.bind(slot, ctx);
    err
}

/// Unify the answer `value` with the output argument `out`. A search passes a fresh variable
/// there, which is simply bound (trailed as unification would). Compiled into each caller: a
/// call would cost a fifth of what binding costs.
#[inline(always)]
fn answer(m: &mut Machine, value: Cell, out: Cell) -> bool {
    let out = m.stacks.heap.deref(out);
    if out.tag() == Tag::Ref {
        m.bind(out, value);
        true
    } else {
        m.unify(value, out)
    }
}

/// `ходы(+Поз, -СписПоз)`: the successors in the game's order; fails at depth 0 and at the end
/// of the game.
pub fn moves(m: &mut Machine, a: &[Cell]) -> Res {
    let list = on_bridge(m, a[0], Some(Counter::Moves), |b, cx, c| {
        b.successors(cx, c)
    })?;
    Ok(list != Cell::atom(atom::NIL) && answer(m, list, a[1]))
}

/// `стат_оц(+Поз, -Оц)`: the static value from MAX's point of view.
pub fn staticval(m: &mut Machine, a: &[Cell]) -> Res {
    let value = on_bridge(m, a[0], Some(Counter::Statics), |b, cx, c| {
        b.static_value(cx, c)
    })?;
    let c = m.stacks.heap.int(value);
    Ok(answer(m, c, a[1]))
}

/// Whether MAX is to move in the position in `c`.
#[inline(always)]
fn max_moves(m: &mut Machine, c: Cell) -> Result<bool, PlError> {
    on_bridge(m, c, None, |b, cx, c| b.max_to_move(cx, c))
}

/// `ход_мина(+Поз)`.
pub fn min_to_move(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(!max_moves(m, a[0])?)
}

/// `ход_макса(+Поз)`.
pub fn max_to_move(m: &mut Machine, a: &[Cell]) -> Res {
    max_moves(m, a[0])
}

/// `конец_игры(+Поз, -Итог)`: `max`, `min` or `draw` when the game is over, whatever the
/// horizon; fails while it goes on.
pub fn game_over(m: &mut Machine, a: &[Cell]) -> Res {
    let result = match on_bridge(m, a[0], None, |b, cx, c| b.outcome(cx, c))? {
        None => return Ok(false),
        Some(Outcome::MaxWins) => "max",
        Some(Outcome::MinWins) => "min",
        Some(Outcome::Draw) => "draw",
    };
    let c = Cell::atom(super::fixed_atom(m, result));
    Ok(m.unify(c, a[1]))
}

/// `показать(+Поз)`: the board, for people, on current output.
pub fn show(m: &mut Machine, a: &[Cell]) -> Res {
    let mut text = on_position(m, a[0], |g, p| g.show(p))?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    m.services.out.write(Stream::Out, &text);
    Ok(true)
}

/// `глубина(+Поз, -Глубина)`: the horizon the position carries, `inf` when there is none.
pub fn depth(m: &mut Machine, a: &[Cell]) -> Res {
    if let Some(d) = protocol::first_arg_depth(m, a[0]) {
        return Ok(m.unify(d, a[1]));
    }
    let d = on_position(m, a[0], |g, p| g.depth(p))?;
    let c = to_heap(m, &depth_term(d));
    Ok(m.unify(c, a[1]))
}

/// `с_глубиной(+Поз, +Глубина, -Поз2)`: the same position with another horizon.
pub fn with_depth(m: &mut Machine, a: &[Cell]) -> Res {
    if protocol::first_arg_depth(m, a[0]).is_some() {
        return protocol::with_first_arg_depth(m, a);
    }
    on_position(m, a[0], |g, p| g.depth(p))?;
    let d = read_depth(m, a[1])?;
    let next = on_position(m, a[0], |g, p| g.with_depth(p, d))?;
    let c = to_heap(m, &next);
    Ok(m.unify(c, a[2]))
}

/// `'$game_move'(+Поз, ?Преемник, ?Запись, -Пары)`: the `Преемник-Запись` pairs `ход/3` chooses
/// from. With the notation given, the one successor it names (none when it is not a legal move
/// here); else with the successor given, the notation of the move to it (none when it is no
/// successor); else every move in the game's order.
pub fn move_list(m: &mut Machine, a: &[Cell]) -> Res {
    // Checks the position (and picks its game) before looking at the other arguments.
    on_position(m, a[0], |g, p| g.depth(p))?;
    let notation = m.stacks.heap.deref(a[2]);
    let successor = m.stacks.heap.deref(a[1]);
    let mut pairs: Vec<Cell> = Vec::new();
    if notation.tag() != Tag::Ref {
        let text = match from_heap(m, notation).map(|t| notation_text(&t)) {
            Ok(Ok(text)) => text,
            _ => {
                let c = culprit(m, notation);
                return Err(m.type_err("move_notation", c));
            }
        };
        if let Ok(next) = on_position(m, a[0], |g, p| g.parse_move(p, &text)) {
            let s = to_heap(m, &next);
            pairs.push(m.stacks.heap.compound(atom::MINUS, &[s, notation]));
        }
    } else if successor.tag() != Tag::Ref {
        if let Ok(next) = from_heap(m, successor) {
            if let Ok(text) = on_position(m, a[0], |g, p| g.move_between(p, &next)) {
                let n = notation_cell(m, &text);
                pairs.push(m.stacks.heap.compound(atom::MINUS, &[successor, n]));
            }
        }
    } else {
        for (text, next) in on_position(m, a[0], |g, p| g.moves(p))? {
            let s = to_heap(m, &next);
            let n = notation_cell(m, &text);
            pairs.push(m.stacks.heap.compound(atom::MINUS, &[s, n]));
        }
    }
    let list = m.stacks.heap.list_from(&pairs, Cell::atom(atom::NIL));
    Ok(m.unify(list, a[3]))
}

/// A move's notation as Prolog gets it: an integer when it is all digits (a square of
/// tic-tac-toe, a column of Connect Four, a hole of Kalah, a number of coins), else an atom
/// (`e4`, `Nf3`, `11-15`, `up`, `pass`).
fn notation_cell(m: &mut Machine, text: &str) -> Cell {
    if !text.is_empty() && text.len() < 18 && text.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(n) = text.parse::<i64>() {
            return Cell::int(n);
        }
    }
    Cell::atom(m.atoms.intern(text))
}
