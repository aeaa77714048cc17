//! The game library as Prolog sees it: every game predicate, under a Russian and an English
//! name, as a library native that a program's own definition replaces without complaint. This
//! is the glue between the machine and the game library (`games/`), which knows nothing of the
//! machine: the glue keeps a game and its bridge in each machine's native state (`state.rs`),
//! hands the bridge the machine's heap and atoms, and turns a game's complaints into ISO errors.
//!
//! This file holds the registration table and the argument readers that every game predicate
//! shares; the predicates themselves live in `position.rs` (positions, moves, the horizon),
//! `engines.rs` (native searches, perft and the call counters), `parallel.rs`
//! (`native_parallel/1`) and `library.pl` (the one nondeterministic predicate, `ход/3`).
//! `convert.rs` puts game terms on a machine's heap and reads them back. docs/games.md
//! documents the predicates for people. Nothing here may panic on a user's term or leave a
//! fresh atom behind per position.

mod convert;
mod engines;
mod gdl;
mod machine_game;
mod montecarlo;
pub mod parallel;
mod position;
mod prolog_game;
mod protocol;
mod research;
mod state;

use engines::Counter;
pub use engines::GameCalls;
pub use state::GameState;

/// Why [`from_heap`] could not read a term: the codec's own answer, named here with it.
pub use crate::games::codec::Unreadable;
pub use convert::{fixed_atom, from_heap, is_cyclic, to_heap};
pub use prolog_game::{lookup_game, prepare, PrologGame};
pub use protocol::scratch;

use crate::games::bridge::{Cx, PositionBridge};
use crate::games::{game_of_position, DynGame, GTerm, GameError, UNLIMITED};
use crate::machine::db::NativeFn;
use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// Every game predicate: Russian name, English name, arity, implementation.
const PREDICATES: &[(&str, &str, usize, NativeFn)] = &[
    (
        "начальная_позиция",
        "initial_position",
        3,
        position::initial_position,
    ),
    ("ходы", "moves", 2, position::moves),
    ("стат_оц", "staticval", 2, position::staticval),
    ("ход_мина", "min_to_move", 1, position::min_to_move),
    ("ход_макса", "max_to_move", 1, position::max_to_move),
    ("конец_игры", "game_over", 2, position::game_over),
    ("показать", "show", 1, position::show),
    ("глубина", "depth", 2, position::depth),
    ("с_глубиной", "with_depth", 3, position::with_depth),
    ("натив_минимакс", "native_minimax", 4, engines::minimax4),
    ("натив_минимакс", "native_minimax", 5, engines::minimax5),
    (
        "натив_альфабета",
        "native_alphabeta",
        6,
        engines::alphabeta6,
    ),
    (
        "натив_альфабета",
        "native_alphabeta",
        7,
        engines::alphabeta7,
    ),
    ("перфт", "perft", 3, engines::perft),
    ("розыгрыш", "playout", 3, montecarlo::playout_n),
    ("розыгрыш", "playout", 4, montecarlo::playout_n),
    (
        "натив_монте_карло",
        "native_mcts",
        5,
        montecarlo::native_mcts,
    ),
    (
        "натив_доказательство",
        "native_pns",
        4,
        montecarlo::native_pns,
    ),
    ("натив_негамакс", "native_negamax", 4, research::negamax4),
    (
        "натив_упорядоченная_альфабета",
        "native_ordered_alphabeta",
        4,
        research::ordered4,
    ),
    ("натив_пвс", "native_pvs", 4, research::pvs4),
    ("натив_ид", "native_id", 4, research::id4),
    ("натив_поиск", "native_search", 5, research::search5),
    ("ключ_позиции", "position_key", 2, research::position_key),
    (
        "натив_минимальное_дерево",
        "native_minimal_tree",
        2,
        research::minimal_tree,
    ),
    ("счетчики_игры", "game_counters", 2, engines::counters),
    (
        "сбросить_счетчики",
        "reset_game_counters",
        0,
        engines::reset_counters,
    ),
];

/// The predicates a search calls as the test of a clause's first alternative (`ходы(Поз,
/// СписПоз), !`): the arguments each binds, which it binds only by its last unification. See
/// `Pred::shallow`.
const SHALLOW: &[(&str, &str, usize, u8)] = &[
    ("ходы", "moves", 2, 0b10),
    ("стат_оц", "staticval", 2, 0b10),
    ("ход_мина", "min_to_move", 1, 0),
    ("ход_макса", "max_to_move", 1, 0),
];

/// The game predicates that decide only of a ground position: every one of them reads its
/// argument as a position, and a term with a variable in it is a `type_error` (see
/// [`read_position`]), never a failure. See `Pred::strict`.
const STRICT: &[(&str, &str, usize)] = &[
    ("ход_мина", "min_to_move", 1),
    ("ход_макса", "max_to_move", 1),
];

/// `ход/3` and `move/3`, which enumerate, so are written in Prolog over `'$game_move'/4`.
const LIBRARY: &str = include_str!("game_predicates/library.pl");

/// Register every game predicate in `m`.
pub fn install(m: &mut Machine) {
    // Each predicate is one predicate under two names: a program's definition under either
    // replaces it under both (`Machine::alias_pred`).
    for &(russian, english, arity, f) in PREDICATES {
        m.def_library_native(russian, arity, f);
        m.alias_pred(russian, english, arity);
    }
    for &(russian, _, arity, outputs) in SHALLOW {
        m.mark_shallow_native(russian, arity, outputs);
    }
    for &(russian, _, arity) in STRICT {
        m.mark_strict_native(russian, arity);
    }
    for &(russian, english, arity) in protocol::NAMES {
        m.alias_pred(russian, english, arity);
    }
    m.def_library_native("$game_move", 4, position::move_list);
    protocol::install(m);
    gdl::install(m);
    let was = std::mem::replace(&mut m.services.loading.loading_library, true);
    m.consult_text(LIBRARY, "games.pl", None);
    m.services.loading.loading_library = was;
}

/// Whether the program has replaced a game predicate a search calls at every node (a game
/// written in Prolog is loaded, or a program's own evaluation): then the game is the
/// program's, and what is asked of a position goes to its predicates.
pub fn prolog_game(m: &Machine) -> bool {
    protocol::replaced(m)
}

/// The ISO error for a game's complaint about a term.
fn game_error(m: &mut Machine, e: GameError) -> PlError {
    match e {
        GameError::Type(ty, culprit) => {
            let c = to_heap(m, &culprit);
            m.type_err(ty, c)
        }
        GameError::Domain(domain, culprit) => {
            let c = to_heap(m, &culprit);
            m.domain_err(domain, c)
        }
    }
}

/// The ground game term in argument `c`; `what` names the type in the error for a term that is
/// partly unbound or has no game's shape.
fn read_term(m: &mut Machine, c: Cell, what: &str) -> Result<GTerm, PlError> {
    let c = m.stacks.heap.deref(c);
    if c.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    match from_heap(m, c) {
        Ok(t) => Ok(t),
        Err(_) => {
            let culprit = culprit(m, c);
            Err(m.type_err(what, culprit))
        }
    }
}

/// The term `c` as the culprit of an error about it. A cyclic term cannot travel in an error
/// (copying the ball would never end), so it is named by its functor, `Name/Arity`.
fn culprit(m: &mut Machine, c: Cell) -> Cell {
    if is_cyclic(m, c) {
        let (name, arity) = m.name_arity(c);
        m.indicator(name, arity)
    } else {
        c
    }
}

/// The position term in argument `c`: an unbound argument is an instantiation error, a term
/// with a variable inside or with a part no game term has (a float, a partial list) is a
/// `type_error(game_position, Pos)`. Which game it belongs to is decided by [`with_game`].
fn read_position(m: &mut Machine, c: Cell) -> Result<GTerm, PlError> {
    read_term(m, c, "game_position")
}

/// `op` applied to the game of the position in argument `c` and to that position, with the
/// game's complaints as ISO errors. The position is read from its term (the general path).
fn on_position<R>(
    m: &mut Machine,
    c: Cell,
    op: impl Fn(&dyn DynGame, &GTerm) -> Result<R, GameError>,
) -> Result<R, PlError> {
    let pos = read_position(m, c)?;
    with_game(m, &pos, op)
}

/// `op` of the bridge (`games/bridge.rs`) on the position in argument `c`: the hot path of the
/// predicates a search calls at every node. When the present bridge does not take the term, the
/// position's game is found the general way ([`with_game`], which makes that game's bridge, or
/// gives the error that names the culprit) and the bridge is asked again.
#[inline(always)]
fn on_bridge<R>(
    m: &mut Machine,
    c: Cell,
    count: Option<Counter>,
    op: impl Fn(&mut dyn PositionBridge, &mut Cx<'_>, Cell) -> Option<R>,
) -> Result<R, PlError> {
    let c = m.stacks.heap.deref(c);
    if let Some(r) = try_bridge(m, c, count, &op) {
        return Ok(r);
    }
    on_bridge_generally(m, c, &op)
}

/// [`on_bridge`] once the present bridge has not taken the term; out of line, so that the hot
/// path saves and restores only the registers it uses.
#[inline(never)]
fn on_bridge_generally<R>(
    m: &mut Machine,
    c: Cell,
    op: &impl Fn(&mut dyn PositionBridge, &mut Cx<'_>, Cell) -> Option<R>,
) -> Result<R, PlError> {
    on_position(m, c, |g, p| g.check(p))?;
    match try_bridge(m, c, None, op) {
        Some(r) => Ok(r),
        // The game has just accepted the term through the same reading, so this is not
        // reached; were it reached, the term is still no position the bridge can read.
        None => {
            let culprit = culprit(m, c);
            Err(m.type_err("game_position", culprit))
        }
    }
}

/// `op` of the present bridge, if there is one, on the dereferenced term `c`, having first
/// added one to the counter `count` (whether or not the bridge takes the term).
#[inline(always)]
fn try_bridge<R>(
    m: &mut Machine,
    c: Cell,
    count: Option<Counter>,
    op: &impl Fn(&mut dyn PositionBridge, &mut Cx<'_>, Cell) -> Option<R>,
) -> Option<R> {
    let GameState {
        names,
        bridge,
        calls,
        ..
    } = m.services.natives.get::<GameState>();
    if let Some(which) = count {
        calls.bump(which);
    }
    let bridge = bridge.as_mut()?;
    let mut cx = Cx {
        heap: &mut m.stacks.heap,
        atoms: &m.atoms,
        names,
        fast: m.services.fast_paths,
    };
    op(bridge.as_mut(), &mut cx, c)
}

/// `op` applied to the game of position `pos` and to `pos`, with the game's complaints as ISO
/// errors.
///
/// The last game used is tried first. That is sound because every game's `from_term` checks
/// every parameter of the game a position depends on (board size, line length, goal, how many
/// coins may be taken), so a position the last game accepts is a position of that very game;
/// when it refuses, the game is looked up afresh from the position and the answer (or the
/// error) is the fresh game's. The fresh game becomes the last one, with a bridge of its own.
fn with_game<R>(
    m: &mut Machine,
    pos: &GTerm,
    op: impl Fn(&dyn DynGame, &GTerm) -> Result<R, GameError>,
) -> Result<R, PlError> {
    let cached = m
        .services
        .natives
        .get::<GameState>()
        .game
        .as_ref()
        .map(|game| op(game.as_ref(), pos));
    if let Some(Ok(r)) = cached {
        return Ok(r);
    }
    let result = match game_of_position(pos) {
        Ok(game) => {
            let r = op(game.as_ref(), pos);
            let bridge = game.bridge(&mut m.atoms);
            let state = m.services.natives.get::<GameState>();
            state.game = Some(game);
            state.bridge = Some(bridge);
            r
        }
        Err(e) => Err(e),
    };
    result.map_err(|e| match e {
        // A game that finds the whole term the wrong shape ("not a ttt/5 term") is saying it
        // is no position at all; every game says that the same way.
        GameError::Type(_, culprit) if culprit == *pos => {
            game_error(m, GameError::Type("game_position", culprit))
        }
        e => game_error(m, e),
    })
}

/// A search depth: a non-negative integer, or `inf` for the whole tree ([`UNLIMITED`]). Depths
/// of 2^32 - 1 and beyond, more than a position can count down, are the whole tree too.
fn read_depth(m: &mut Machine, c: Cell) -> Result<u32, PlError> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Int if c.int_value() < 0 => Err(m.domain_err("not_less_than_zero", c)),
        Tag::Int => Ok(u32::try_from(c.int_value()).unwrap_or(UNLIMITED)),
        Tag::Atom if m.atoms.name(c.atom_index()) == "inf" => Ok(UNLIMITED),
        Tag::Boxed if m.is_integer(c) => {
            if m.stacks.heap.bigint_words(c).0 {
                Err(m.domain_err("not_less_than_zero", c))
            } else {
                Ok(UNLIMITED)
            }
        }
        _ => Err(m.type_err("integer", c)),
    }
}

/// An alpha-beta bound: an integer (big ones are clamped to the 64-bit range), or `inf` and
/// `-inf` (atom or float) for no bound.
fn read_bound(m: &mut Machine, c: Cell) -> Result<i64, PlError> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Int => Ok(c.int_value()),
        Tag::Atom if m.atoms.name(c.atom_index()) == "inf" => Ok(i64::MAX),
        Tag::Atom if m.atoms.name(c.atom_index()) == "-inf" => Ok(i64::MIN),
        Tag::Str if is_minus_inf(m, c) => Ok(i64::MIN),
        Tag::Boxed if m.is_integer(c) => Ok(if m.stacks.heap.bigint_words(c).0 {
            i64::MIN
        } else {
            i64::MAX
        }),
        Tag::Boxed if m.is_number(c) && m.stacks.heap.float_value(c).is_infinite() => {
            Ok(if m.stacks.heap.float_value(c) < 0.0 {
                i64::MIN
            } else {
                i64::MAX
            })
        }
        _ => Err(m.type_err("integer", c)),
    }
}

/// True for the term `-(inf)`, which is how `-inf` reads.
fn is_minus_inf(m: &Machine, c: Cell) -> bool {
    let f = m.stacks.heap.functor_of(c);
    if f.functor_arity() != 1 || m.atoms.name(f.functor_name()) != "-" {
        return false;
    }
    let a = m.stacks.heap.deref(m.stacks.heap.arg(c, 0));
    a.tag() == Tag::Atom && m.atoms.name(a.atom_index()) == "inf"
}

/// An integer result on the heap (counts beyond 2^63 saturate, which no search reaches).
fn count_cell(m: &mut Machine, n: u64) -> Cell {
    m.stacks.heap.int(i64::try_from(n).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod bridge_tests;
#[cfg(test)]
mod chess_tests;
#[cfg(test)]
mod shallow_tests;
#[cfg(test)]
pub(crate) mod tests;
