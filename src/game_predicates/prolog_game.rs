//! A game written in Prolog as a [`DynGame`], for the code that plays games through the trait
//! (`ply match`): a machine of its own with the game file loaded, asked through the game's own
//! predicates (`protocol.pl`'s `'$game_...'` helpers over `ходы/2`, `ход/3`, `конец_игры/2`,
//! ...). A game name `game(File)` (or `игра(Файл)`) makes one ([`lookup_game`]); any other name
//! is the library's.
//!
//! The machine sits in a `RefCell` because the trait asks through `&self`; each question is a
//! query of its own, and the heap goes back to where it was after it.

use super::{from_heap, to_heap};
use crate::games::bridge::{Cx, PositionBridge};
use crate::games::mcts::TermMcts;
use crate::games::search::{SearchResult, SearchStats};
use crate::games::{lookup, DynGame, GTerm, GameError, Outcome, TermSearchResult, UNLIMITED};
use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{AtomTable, Cell, HeapMoves};
use std::cell::RefCell;

/// The game a name term denotes: a game written in Prolog for `game(File)` or `игра(Файл)`,
/// else the library's game of that name.
pub fn lookup_game(name: &GTerm) -> Result<Box<dyn DynGame>, GameError> {
    match file_of(name) {
        Some(file) => PrologGame::load(file).map(|g| Box::new(g) as Box<dyn DynGame>),
        None => lookup(name),
    }
}

/// The file of a name `game(File)` or `игра(Файл)`.
fn file_of(name: &GTerm) -> Option<&str> {
    match name {
        GTerm::Compound(f, args)
            if matches!(&f[..], "game" | "игра" | "gdl") && args.len() == 1 =>
        {
            match &args[0] {
                GTerm::Atom(file) => Some(file),
                GTerm::Str(file) => Some(file),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Load the game of `name` into machine `m` when it is a game written in Prolog, so that a
/// program on `m` plays it: the file and the protocol's defaults. False when loading failed.
pub fn prepare(m: &mut Machine, name: &GTerm) -> bool {
    let Some(file) = file_of(name) else {
        return true;
    };
    let f = Cell::atom(m.atoms.intern(file));
    let load = m.atoms.intern("$game_load");
    let goal = m.stacks.heap.compound(load, &[f]);
    matches!(m.solve_once(goal), Answer::True)
}

/// A game written in Prolog, on a machine of its own.
pub struct PrologGame {
    /// The file, as the name `game(File)` gives it.
    file: String,
    /// The machine with the file loaded.
    m: RefCell<Machine>,
}

impl PrologGame {
    /// The game in `file`, loaded into a fresh machine.
    pub fn load(file: &str) -> Result<PrologGame, GameError> {
        let mut m = crate::system::machine();
        let name = GTerm::Compound("game".into(), vec![GTerm::Atom(file.to_string().into())]);
        if !std::path::Path::new(file).is_file() || !prepare(&mut m, &name) {
            return Err(GameError::Domain("game", name));
        }
        Ok(PrologGame {
            file: file.to_string(),
            m: RefCell::new(m),
        })
    }

    /// Run `pred(inputs..., Outputs...)` with `outputs` fresh variables; the outputs read back
    /// as game terms (an unbound one as `None`), or `None` when the goal fails. An error, or an
    /// output that is no ground term, is a complaint about `inputs[0]`.
    fn ask(
        &self,
        pred: &str,
        inputs: &[&GTerm],
        outputs: usize,
    ) -> Result<Option<Vec<Option<GTerm>>>, GameError> {
        let m = &mut *self.m.borrow_mut();
        let culprit = || complaint(inputs);
        super::scratch(m, |m| {
            let mut args: Vec<Cell> = inputs.iter().map(|t| to_heap(m, t)).collect();
            let outs: Vec<Cell> = (0..outputs).map(|_| m.stacks.heap.new_var()).collect();
            args.extend(&outs);
            let f = m.atoms.intern(pred);
            let goal = m.stacks.heap.compound(f, &args);
            match m.solve_once(goal) {
                Answer::True => Ok(Some(outs.iter().map(|&c| from_heap(m, c).ok()).collect())),
                Answer::False => Ok(None),
                Answer::Error(_) => Err(culprit()),
            }
        })
    }

    /// [`PrologGame::ask`] for a goal that must succeed with every output bound.
    fn ask_all(
        &self,
        pred: &str,
        inputs: &[&GTerm],
        outputs: usize,
    ) -> Result<Vec<GTerm>, GameError> {
        let culprit = || complaint(inputs);
        let found = self.ask(pred, inputs, outputs)?.ok_or_else(culprit)?;
        found.into_iter().map(|t| t.ok_or_else(culprit)).collect()
    }

    /// A search's answer: `native_minimax/5` or `native_alphabeta/7` on this machine.
    fn search(&self, pred: &str, inputs: &[&GTerm]) -> Result<TermSearchResult, GameError> {
        let out = self.ask(pred, inputs, 4)?;
        let culprit = || complaint(inputs);
        let out = out.ok_or_else(culprit)?;
        let int = |t: &Option<GTerm>| match t {
            Some(GTerm::Int(n)) => Ok(*n),
            _ => Err(culprit()),
        };
        let (value, nodes, leaves) = (int(&out[1])?, int(&out[2])?, int(&out[3])?);
        let best = out[0].clone();
        let index = match &best {
            Some(b) => self.successors(inputs[0])?.iter().position(|s| s == b),
            None => None,
        };
        Ok(TermSearchResult {
            result: SearchResult {
                best: index,
                value,
                stats: SearchStats {
                    nodes: nodes as u64,
                    moves_calls: nodes as u64,
                    static_calls: leaves as u64,
                },
            },
            best,
        })
    }
}

/// The complaint about a question's first input (the position asked about).
fn complaint(inputs: &[&GTerm]) -> GameError {
    let culprit = inputs.first().map_or(GTerm::atom("none"), |&t| t.clone());
    GameError::Type("game_position", culprit)
}

/// The depth `depth` as a term: an integer, or `inf` for [`UNLIMITED`].
fn depth_term(depth: u32) -> GTerm {
    if depth == UNLIMITED {
        GTerm::atom("inf")
    } else {
        GTerm::Int(i64::from(depth))
    }
}

/// The text of a notation term: an atom's name, an integer's digits.
fn text_of(t: &GTerm) -> String {
    match t {
        GTerm::Atom(a) => a.to_string(),
        GTerm::Int(n) => n.to_string(),
        GTerm::Str(s) => s.clone(),
        other => format!("{other:?}"),
    }
}

impl DynGame for PrologGame {
    fn name(&self) -> GTerm {
        GTerm::Compound("game".into(), vec![GTerm::Atom(self.file.clone().into())])
    }

    fn initial(&self, depth: u32) -> GTerm {
        let d = depth_term(depth);
        let start = self.ask("начало_игры", &[], 1).ok().flatten();
        let pos = start.and_then(|mut v| v.pop().flatten());
        pos.and_then(|p| self.with_depth(&p, depth).ok())
            .unwrap_or(GTerm::Compound("no_start".into(), vec![d]))
    }

    fn check(&self, _pos: &GTerm) -> Result<(), GameError> {
        Ok(())
    }

    fn successors(&self, pos: &GTerm) -> Result<Vec<GTerm>, GameError> {
        match self.ask_all("$game_successors", &[pos], 1)?.pop() {
            Some(GTerm::List(succs)) => Ok(succs),
            _ => Err(GameError::Type("game_position", pos.clone())),
        }
    }

    fn moves(&self, pos: &GTerm) -> Result<Vec<(String, GTerm)>, GameError> {
        let Some(GTerm::List(pairs)) = self.ask_all("$game_move_pairs", &[pos], 1)?.pop() else {
            return Err(GameError::Type("game_position", pos.clone()));
        };
        Ok(pairs
            .into_iter()
            .filter_map(|p| match p {
                GTerm::Compound(f, mut a) if f == "-" && a.len() == 2 => {
                    let n = a.pop()?;
                    Some((text_of(&n), a.pop()?))
                }
                _ => None,
            })
            .collect())
    }

    fn static_value(&self, pos: &GTerm) -> Result<i64, GameError> {
        match self.ask_all("стат_оц", &[pos], 1)?.pop() {
            Some(GTerm::Int(v)) => Ok(v),
            _ => Err(GameError::Type("game_position", pos.clone())),
        }
    }

    fn max_to_move(&self, pos: &GTerm) -> Result<bool, GameError> {
        Ok(self.ask("ход_макса", &[pos], 0)?.is_some())
    }

    fn outcome(&self, pos: &GTerm) -> Result<Option<Outcome>, GameError> {
        let found = self.ask("конец_игры", &[pos], 1)?;
        Ok(match found.and_then(|mut v| v.pop().flatten()) {
            Some(GTerm::Atom(r)) if r == "max" => Some(Outcome::MaxWins),
            Some(GTerm::Atom(r)) if r == "min" => Some(Outcome::MinWins),
            Some(_) => Some(Outcome::Draw),
            None => None,
        })
    }

    fn move_between(&self, pos: &GTerm, succ: &GTerm) -> Result<String, GameError> {
        self.moves(pos)?
            .into_iter()
            .find(|(_, s)| s == succ)
            .map(|(n, _)| n)
            .ok_or_else(|| GameError::Domain("successor", succ.clone()))
    }

    fn parse_move(&self, pos: &GTerm, text: &str) -> Result<GTerm, GameError> {
        self.moves(pos)?
            .into_iter()
            .find(|(n, _)| n == text)
            .map(|(_, s)| s)
            .ok_or_else(|| GameError::Domain("move", GTerm::Atom(text.to_string().into())))
    }

    fn show(&self, pos: &GTerm) -> Result<String, GameError> {
        match self.ask_all("$game_show_text", &[pos], 1)?.pop() {
            Some(t) => Ok(text_of(&t)),
            None => Err(GameError::Type("game_position", pos.clone())),
        }
    }

    fn depth(&self, pos: &GTerm) -> Result<u32, GameError> {
        match self.ask_all("глубина", &[pos], 1)?.pop() {
            Some(GTerm::Int(d)) => {
                u32::try_from(d).map_err(|_| GameError::Domain("depth", pos.clone()))
            }
            _ => Ok(UNLIMITED),
        }
    }

    fn with_depth(&self, pos: &GTerm, depth: u32) -> Result<GTerm, GameError> {
        let d = depth_term(depth);
        self.ask_all("с_глубиной", &[pos, &d], 1)?
            .pop()
            .ok_or_else(|| GameError::Type("game_position", pos.clone()))
    }

    fn native_minimax(&self, pos: &GTerm) -> Result<TermSearchResult, GameError> {
        self.search("натив_минимакс", &[pos])
    }

    fn native_alphabeta(
        &self,
        pos: &GTerm,
        alpha: i64,
        beta: i64,
    ) -> Result<TermSearchResult, GameError> {
        let bound = |b: i64| match b {
            i64::MAX => GTerm::atom("inf"),
            i64::MIN => GTerm::atom("-inf"),
            b => GTerm::Int(b),
        };
        let (a, b) = (bound(alpha), bound(beta));
        self.search("натив_альфабета", &[pos, &a, &b])
    }

    fn perft(&self, pos: &GTerm, depth: u32) -> Result<u64, GameError> {
        let d = GTerm::Int(i64::from(depth));
        match self.ask_all("перфт", &[pos, &d], 1)?.pop() {
            Some(GTerm::Int(n)) => Ok(n as u64),
            _ => Err(GameError::Type("game_position", pos.clone())),
        }
    }

    fn bridge(&self, _atoms: &mut AtomTable) -> Box<dyn PositionBridge> {
        Box::new(NoBridge)
    }

    // A game written in Prolog searches all its iterations: the time is the library games'.
    fn native_mcts(
        &self,
        pos: &GTerm,
        iterations: u64,
        seed: u64,
        _deadline: Option<std::time::Instant>,
    ) -> Result<TermMcts, GameError> {
        let n = GTerm::Int(i64::try_from(iterations).unwrap_or(i64::MAX));
        // The seed travels as the integer of the same 64 bits, which `native_mcts/5` takes back.
        let out = self.ask("native_mcts", &[pos, &n, &GTerm::Int(seed as i64)], 2)?;
        let out = out.ok_or_else(|| complaint(&[pos]))?;
        Ok(super::montecarlo::term_mcts(
            out[0].clone(),
            out[1].as_ref(),
        ))
    }

    fn as_dyn(&self) -> &dyn DynGame {
        self
    }
}

/// The bridge of a game written in Prolog: it takes no term, so every question about a
/// position goes the general way, to the game's predicates.
struct NoBridge;

impl PositionBridge for NoBridge {
    fn successors(&mut self, _: &mut Cx<'_>, _: Cell) -> Option<Cell> {
        None
    }
    fn static_value(&mut self, _: &mut Cx<'_>, _: Cell) -> Option<i64> {
        None
    }
    fn max_to_move(&mut self, _: &mut Cx<'_>, _: Cell) -> Option<bool> {
        None
    }
    fn outcome(&mut self, _: &mut Cx<'_>, _: Cell) -> Option<Option<Outcome>> {
        None
    }
    fn moved(&mut self, _: &dyn HeapMoves) {}
    fn atoms(&self, _: &mut dyn FnMut(u32)) {}
}
