//! A game written in Prolog as a typed [`Game`] over the machine that has it loaded, so that
//! the native engines that are generic over `Game` (random playouts, Monte Carlo tree search,
//! proof-number search) run their own Rust code over the program's predicates: each question
//! (`ходы/2`, `ход_макса/1`, `конец_игры/2`) is a nested query, asked on terms built for it and
//! undone after it ([`super::scratch`]).
//!
//! Positions are ground terms whose first argument is the horizon, as the protocol asks
//! (docs/games.md). The first error a question raises is kept, the search goes on over a game
//! that then has no moves, and the native reports the error ([`MachineGame::finish`]).

use super::{from_heap, scratch, to_heap};
use crate::games::{GTerm, Game, Horizon, Outcome, UNLIMITED};
use crate::machine::error::PlError;
use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{Cell, StoredTerm};
use std::cell::RefCell;

/// A position of a game written in Prolog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermPos(pub GTerm);

impl Horizon for TermPos {
    fn depth(&self) -> u32 {
        match &self.0 {
            GTerm::Compound(_, args) => match args.first() {
                Some(GTerm::Int(d)) => u32::try_from(*d).unwrap_or(UNLIMITED),
                _ => UNLIMITED,
            },
            _ => UNLIMITED,
        }
    }

    fn set_depth(&mut self, depth: u32) {
        if let GTerm::Compound(_, args) = &mut self.0 {
            if let Some(first) = args.first_mut() {
                *first = if depth == UNLIMITED {
                    GTerm::atom("inf")
                } else {
                    GTerm::Int(i64::from(depth))
                };
            }
        }
    }
}

/// The game the program on a machine defines.
pub struct MachineGame<'a> {
    m: RefCell<&'a mut Machine>,
    /// The first error a question raised.
    error: RefCell<Option<StoredTerm>>,
}

impl<'a> MachineGame<'a> {
    /// The game of the program loaded on `m`.
    pub fn new(m: &'a mut Machine) -> MachineGame<'a> {
        MachineGame {
            m: RefCell::new(m),
            error: RefCell::new(None),
        }
    }

    /// Ask `pred(pos, Out...)` with `outputs` fresh variables: the outputs read back, or `None`
    /// when the goal fails, raised an error (kept), or left an output that is no game term.
    fn ask(&self, pred: &str, pos: &TermPos, outputs: usize) -> Option<Vec<GTerm>> {
        if self.error.borrow().is_some() {
            return None;
        }
        let m = &mut **self.m.borrow_mut();
        scratch(m, |m| {
            let mut args = vec![to_heap(m, &pos.0)];
            let outs: Vec<Cell> = (0..outputs).map(|_| m.stacks.heap.new_var()).collect();
            args.extend(&outs);
            let f = m.atoms.intern(pred);
            let goal = m.stacks.heap.compound(f, &args);
            match m.solve_once(goal) {
                Answer::True => outs.iter().map(|&c| from_heap(m, c).ok()).collect(),
                Answer::False => None,
                Answer::Error(ball) => {
                    *self.error.borrow_mut() = Some(ball);
                    None
                }
            }
        })
    }

    /// The error a question raised, if any, as the native's error.
    pub fn finish(self) -> Result<(), PlError> {
        let error = self.error.into_inner();
        let m = self.m.into_inner();
        match error {
            Some(ball) => Err(PlError(ball.to_heap(&mut m.stacks.heap))),
            None => Ok(()),
        }
    }
}

impl Game for MachineGame<'_> {
    type Pos = TermPos;
    type Move = TermPos;

    fn legal_moves(&self, pos: &TermPos, out: &mut Vec<TermPos>) {
        if let Some(found) = self.ask("$game_successors", pos, 1) {
            if let Some(GTerm::List(succs)) = found.into_iter().next() {
                out.extend(succs.into_iter().map(TermPos));
            }
        }
    }

    /// The successor is the move; `ходы/2` has already counted its horizon down, and
    /// [`Game::play`] sets the same depth again.
    fn after(&self, _: &TermPos, mv: &TermPos) -> TermPos {
        mv.clone()
    }

    fn max_to_move(&self, pos: &TermPos) -> bool {
        self.ask("ход_макса", pos, 0).is_some()
    }

    /// Not asked by the engines that use this game.
    fn static_value(&self, _: &TermPos) -> i64 {
        0
    }

    fn outcome(&self, pos: &TermPos) -> Option<Outcome> {
        let found = self.ask("конец_игры", pos, 1)?;
        match found.first() {
            Some(GTerm::Atom(r)) if r == "max" => Some(Outcome::MaxWins),
            Some(GTerm::Atom(r)) if r == "min" => Some(Outcome::MinWins),
            Some(GTerm::Atom(r)) if r == "draw" => Some(Outcome::Draw),
            _ => None,
        }
    }
}
