//! Games written in Prolog (docs/games.md, "Games written in Prolog"): a game file defines the
//! textbook's own predicates (`ходы/2`, `ход_макса/1`, `ход_мина/1`, `конец_игры/2`, maybe
//! `стат_оц/2`, `ход/3`, `показать/1`, `картинка/2`) and `начало_игры/1`, and so replaces the
//! library's natives for every position. Everything a library game has then works over it:
//! `начальная_позиция(game(File), Depth, P)` loads the file, the native engines and `perft/3`
//! run the textbook's own algorithms over the program's predicates (`protocol.pl`), so their
//! counts are the textbook search's by construction, and the horizon lives in the position's
//! first argument, where `глубина/2` and `с_глубиной/3` find it.
//!
//! The natives here decide only which way to go; what runs is Prolog, as a nested query: the
//! library text `protocol.pl`, which the build step reads with the rest of the library
//! (`src/build.rs`), so that its clauses are compiled at their first call.

use super::read_depth;
use crate::machine::db::PredKind;
use crate::machine::error::{PlError, Res};
use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// The protocol's predicates that the library defines in Prolog, Russian and English names of
/// one predicate each (the natives' pairs are in `game_predicates.rs`).
pub const NAMES: &[(&str, &str, usize)] = &[
    ("ход", "move", 3),
    ("начало_игры", "game_start", 1),
    ("картинка", "board_svg", 2),
];

/// The predicates a game file may leave out, each with the clause that stands in for it, a
/// library clause that the program's own definition replaces.
const DEFAULTS: &[(&str, usize, &str)] = &[
    (
        "стат_оц",
        2,
        "стат_оц(П, О) :- '$game_default_value'(П, О).",
    ),
    ("ход", 3, "ход(П, С, З) :- '$game_default_move'(П, С, З)."),
    ("показать", 1, "показать(П) :- '$game_default_show'(П)."),
];

/// The predicates a search calls at every node: when the program has replaced any of them,
/// the native engines run the textbook's algorithm over the program's definitions.
const SEARCH: &[(&str, usize)] = &[
    ("ходы", 2),
    ("стат_оц", 2),
    ("ход_мина", 1),
    ("ход_макса", 1),
];

/// Register the protocol's natives.
pub fn install(m: &mut Machine) {
    m.def_native("$game_library_pred", 2, library_pred);
    m.def_native("$game_defaults", 0, defaults);
    m.def_native("$game_file_name", 1, file_name);
    m.def_native("$game_link_module", 0, link_module);
}

/// `'$game_link_module'`: a game written as a module file exports the protocol's predicates
/// under one of their two names (`moves/2`). The library's predicate of both names (`ходы/2`,
/// which calls compiled before the game was loaded still reach) becomes one clause that calls
/// the module's, as a definition in `user` would replace it, so that the textbook's search and
/// the library find the game whichever name they call, and the module keeps its helpers
/// private.
fn link_module(m: &mut Machine, _: &[Cell]) -> Res {
    let pairs: Vec<(crate::machine::instr::PredId, u32)> =
        m.program.aliases.iter().map(|(&p, &a)| (p, a)).collect();
    for (library, alias) in pairs {
        let (name, arity) = {
            let p = m.pred(library);
            (p.name, p.arity)
        };
        for (have, other) in [(name, alias), (alias, name)] {
            let Some(pid) = m.program.lookup_pred(have, arity) else {
                continue;
            };
            let module = m.pred(pid).module;
            if pid == library || module == 0 {
                continue;
            }
            // `Other(Args) :- Module:Have(Args)`, in place of the library's definition.
            let args: Vec<Cell> = (0..arity).map(|_| m.stacks.heap.new_var()).collect();
            let (head, goal) = if arity == 0 {
                (Cell::atom(other), Cell::atom(have))
            } else {
                (
                    m.stacks.heap.compound(other, &args),
                    m.stacks.heap.compound(have, &args),
                )
            };
            let body = m
                .stacks
                .heap
                .compound(crate::term::atom::COLON, &[Cell::atom(module), goal]);
            let clause = m
                .stacks
                .heap
                .compound(crate::term::atom::NECK, &[head, body]);
            m.wipe_clauses(library);
            m.set_library(library, false);
            m.compile_clause(clause, true)?;
            break;
        }
    }
    Ok(true)
}

/// Whether `name/arity` is still the library's own definition.
fn is_library(m: &Machine, name: &str, arity: usize) -> bool {
    let Some(a) = m.atoms.lookup(name) else {
        return false;
    };
    m.lookup_pred(a, arity)
        .is_some_and(|pid| m.pred(pid).library)
}

/// Whether the program has replaced a predicate the search calls at every node, so that the
/// natives' game would not be the game the textbook's search plays.
pub fn replaced(m: &Machine) -> bool {
    SEARCH.iter().any(|&(name, arity)| {
        let Some(a) = m.atoms.lookup(name) else {
            return false;
        };
        m.lookup_pred(a, arity)
            .is_some_and(|pid| !matches!(m.pred(pid).kind, PredKind::Native(_)))
    })
}

/// Run the library predicate `name` on the arguments `args` to its first answer, as the
/// answer of the native that delegates to it: its bindings stay, its error is the native's.
pub fn delegate(m: &mut Machine, name: &str, args: &[Cell]) -> Res {
    let f = m.atoms.intern(name);
    let goal = m.stacks.heap.compound(f, args);
    match m.solve_once(goal) {
        Answer::True => Ok(true),
        Answer::False => Ok(false),
        Answer::Error(ball) => Err(PlError(ball.to_heap(&mut m.stacks.heap))),
    }
}

/// `f` run on `m` with the heap and the trail put back afterwards: for a question asked of a
/// game's predicates (with [`Machine::solve_once`]) on terms built for it, whose answer `f`
/// reads off the heap before it returns. The nested query binds only cells `f` built, so
/// undoing its trail and dropping those cells leaves the machine as it was.
pub fn scratch<R>(m: &mut Machine, f: impl FnOnce(&mut Machine) -> R) -> R {
    let (h0, t0) = (m.stacks.heap.top(), m.stacks.trail.len());
    let r = f(m);
    m.untrail(t0);
    m.stacks.heap.truncate(h0);
    r
}

/// `'$game_library_pred'(+Name, +Arity)`: `Name/Arity` is still the library's definition.
fn library_pred(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.stacks.heap.deref(a[0]);
    let k = m.stacks.heap.deref(a[1]);
    if n.tag() != Tag::Atom || k.tag() != Tag::Int {
        return Ok(false);
    }
    let name = m.atoms.name(n.atom_index()).to_string();
    Ok(is_library(m, &name, k.int_value() as usize))
}

/// `'$game_defaults'`: every predicate of [`DEFAULTS`] that the program left to the library
/// gets its stand-in, still a library clause.
fn defaults(m: &mut Machine, _: &[Cell]) -> Res {
    for &(name, arity, text) in DEFAULTS {
        if !is_library(m, name, arity) {
            continue;
        }
        let was = std::mem::replace(&mut m.services.loading.loading_library, true);
        m.consult_text(text, "game_defaults.pl", None);
        m.services.loading.loading_library = was;
        let a = m.atoms.intern(name);
        let pid = m.pred_id(a, arity);
        m.set_library(pid, true);
    }
    Ok(true)
}

/// `'$game_file_name'(?Game)`: `Game` is `game(File)` or `игра(Файл)`, the name of a game
/// written in Prolog.
fn file_name(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(game_file(m, a[0]).is_some())
}

/// The file of a game name `game(File)`, `игра(Файл)` or `gdl(File)`, if the name is one.
pub fn game_file(m: &Machine, c: Cell) -> Option<Cell> {
    let c = m.stacks.heap.deref(c);
    if c.tag() != Tag::Str {
        return None;
    }
    let f = m.stacks.heap.functor_of(c);
    let name = m.atoms.name(f.functor_name());
    (f.functor_arity() == 1 && matches!(name, "game" | "игра" | "gdl"))
        .then(|| m.stacks.heap.arg(c, 0))
}

/// The horizon of a position of a game written in Prolog: its first argument, a non-negative
/// integer or `inf`. `None` for a term of another shape.
pub fn first_arg_depth(m: &Machine, c: Cell) -> Option<Cell> {
    let c = m.stacks.heap.deref(c);
    if c.tag() != Tag::Str {
        return None;
    }
    // A library game's position is read by its game, never here.
    let name = m.atoms.name(m.stacks.heap.functor_of(c).functor_name());
    if crate::games::GAMES.iter().any(|e| e.position == name) {
        return None;
    }
    let d = m.stacks.heap.deref(m.stacks.heap.arg(c, 0));
    let is_depth = match d.tag() {
        Tag::Int => d.int_value() >= 0,
        Tag::Atom => m.atoms.name(d.atom_index()) == "inf",
        _ => false,
    };
    is_depth.then_some(d)
}

/// `с_глубиной/3` on a position of a game written in Prolog: the same term with the depth in
/// argument `a[1]` as its first argument.
pub fn with_first_arg_depth(m: &mut Machine, a: &[Cell]) -> Res {
    let d = read_depth(m, a[1])?;
    let depth = if d == crate::games::UNLIMITED {
        let inf = m.atoms.intern("inf");
        Cell::atom(inf)
    } else {
        Cell::int(i64::from(d))
    };
    let c = m.stacks.heap.deref(a[0]);
    let f = m.stacks.heap.functor_of(c);
    let mut args: Vec<Cell> = (0..f.functor_arity())
        .map(|i| m.stacks.heap.arg(c, i))
        .collect();
    args[0] = depth;
    let next = m.stacks.heap.compound(f.functor_name(), &args);
    Ok(m.unify(next, a[2]))
}
