//! The research engines of the game library (`games/negamax.rs`) as predicates:
//! `native_negamax/4`, `native_ordered_alphabeta/4`, `native_pvs/4`, `native_id/4`, the
//! general `native_search/5` with every count, `native_minimal_tree/2` (the floor under them) and
//! `position_key/2`. Each engine is the twin of
//! a program in `programs/search/` and reports what that program counts (docs/search.md).
//!
//! On a library game the engine runs over the game's typed positions. Over a game written in
//! Prolog (the program has replaced the game predicates) it runs over this very machine
//! ([`MachineSpace`]): each question is a nested query of `ходы/2`, `стат_оц/2`, `ход_макса/1`,
//! `глубина/2` or `с_глубиной/3`, so the engine sees exactly the game the Prolog program sees.

use super::convert::to_heap;
use super::{count_cell, from_heap, read_position, read_term, with_game};
use crate::games::negamax::{self, Algorithm, Failure, Space, Stop, TermReport};
use crate::games::{zobrist, GTerm, UNLIMITED};
use crate::machine::error::{PlError, Res};
use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// A game written in Prolog, asked through the machine that runs it.
struct MachineSpace<'m> {
    m: &'m mut Machine,
    /// The first error a game predicate raised, as a term to rethrow.
    error: Option<crate::term::StoredTerm>,
}

impl MachineSpace<'_> {
    /// Run `pred(inputs..., Out...)` with `outs` fresh outputs, read back as game terms; `None`
    /// when it fails. An error stops the search.
    fn ask(
        &mut self,
        pred: &str,
        inputs: &[Cell],
        outs: usize,
    ) -> Result<Option<Vec<GTerm>>, Stop> {
        let m = &mut *self.m;
        let (h0, t0) = (m.stacks.heap.top(), m.stacks.trail.len());
        let mut args = inputs.to_vec();
        let vars: Vec<Cell> = (0..outs).map(|_| m.stacks.heap.new_var()).collect();
        args.extend(&vars);
        let f = m.atoms.intern(pred);
        let goal = m.stacks.heap.compound(f, &args);
        let r = match m.solve_once(goal) {
            Answer::True => {
                let read: Result<Vec<GTerm>, _> = vars.iter().map(|&c| from_heap(m, c)).collect();
                read.map(Some).map_err(|_| Stop::Game)
            }
            Answer::False => Ok(None),
            Answer::Error(ball) => {
                self.error.get_or_insert(ball);
                Err(Stop::Game)
            }
        };
        m.untrail(t0);
        m.stacks.heap.truncate(h0);
        r
    }

    /// `pred(Pos, Out...)` for a position term.
    fn ask_pos(
        &mut self,
        pred: &str,
        pos: &GTerm,
        more: &[GTerm],
        outs: usize,
    ) -> Result<Option<Vec<GTerm>>, Stop> {
        let h0 = self.m.stacks.heap.top();
        let mut cells = vec![to_heap(self.m, pos)];
        cells.extend(more.iter().map(|t| to_heap(self.m, t)));
        let r = self.ask(pred, &cells, outs);
        self.m.stacks.heap.truncate(h0);
        r
    }

    /// The one output of a goal that must succeed.
    fn one(&mut self, pred: &str, pos: &GTerm, more: &[GTerm]) -> Result<GTerm, Stop> {
        match self.ask_pos(pred, pos, more, 1)? {
            Some(mut v) => Ok(v.remove(0)),
            None => Err(Stop::Game),
        }
    }
}

impl Space for MachineSpace<'_> {
    type Pos = GTerm;

    fn successors(&mut self, pos: &GTerm) -> Result<Vec<GTerm>, Stop> {
        match self.ask_pos("ходы", pos, &[], 1)? {
            Some(v) => match v.into_iter().next() {
                Some(GTerm::List(items)) => Ok(items),
                _ => Err(Stop::Game),
            },
            // The textbook's ходы/2 fails where there are no successors.
            None => Ok(Vec::new()),
        }
    }

    fn value(&mut self, pos: &GTerm) -> Result<i64, Stop> {
        match self.one("стат_оц", pos, &[])? {
            GTerm::Int(v) => Ok(v),
            _ => Err(Stop::Game),
        }
    }

    fn max_to_move(&mut self, pos: &GTerm) -> Result<bool, Stop> {
        Ok(self.ask_pos("ход_макса", pos, &[], 0)?.is_some())
    }

    fn depth(&mut self, pos: &GTerm) -> Result<u32, Stop> {
        match self.one("глубина", pos, &[])? {
            GTerm::Int(d) => Ok(u32::try_from(d).unwrap_or(UNLIMITED)),
            _ => Ok(UNLIMITED),
        }
    }

    fn with_depth(&mut self, pos: &GTerm, depth: u32) -> Result<GTerm, Stop> {
        let d = if depth == UNLIMITED {
            GTerm::atom("inf")
        } else {
            GTerm::Int(i64::from(depth))
        };
        self.one("с_глубиной", pos, &[d])
    }

    fn key(&mut self, pos: &GTerm) -> Result<u64, Stop> {
        Ok(zobrist::loose_key(pos))
    }
}

/// The algorithm an atom names: `negamax`, `ordered`, `pvs` or `id`.
fn algorithm(m: &mut Machine, c: Cell) -> Result<Algorithm, PlError> {
    let c = m.stacks.heap.deref(c);
    if c.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if c.tag() != Tag::Atom {
        return Err(m.type_err("atom", c));
    }
    let all = [
        Algorithm::Negamax,
        Algorithm::Ordered,
        Algorithm::Pvs,
        Algorithm::Id,
    ];
    let name = m.atoms.name(c.atom_index()).to_string();
    match all.into_iter().find(|a| a.name() == name) {
        Some(a) => Ok(a),
        None => Err(m.domain_err("search_algorithm", c)),
    }
}

/// Run `algo` from the position in `pos`, over the library game or over this machine.
fn run(m: &mut Machine, algo: Algorithm, pos: Cell) -> Result<TermReport, PlError> {
    let p = read_position(m, pos)?;
    let result = if super::protocol::replaced(m) {
        let mut space = MachineSpace { m, error: None };
        let r = negamax::search(&mut space, &p, algo, None);
        if let Some(ball) = space.error.take() {
            return Err(PlError(ball.to_heap(&mut m.stacks.heap)));
        }
        match r {
            Ok(report) => {
                let best = match report.best {
                    Some(i) => MachineSpace { m, error: None }
                        .successors(&p)
                        .ok()
                        .and_then(|s| s.into_iter().nth(i)),
                    None => None,
                };
                Ok(TermReport { report, best })
            }
            Err(stop) => Err(Failure::Stop(stop)),
        }
    } else {
        with_game(m, &p, |g, p| Ok(g.research(p, algo, None)))?
    };
    result.map_err(|f| match f {
        Failure::Game(e) => super::game_error(m, e),
        Failure::Stop(_) => m.resource_err("search_depth"),
    })
}

/// Unify `Best` (left unbound at a leaf root), `Value` and `Nodes` or the counts term.
fn answer(m: &mut Machine, r: &TermReport, out: &[Cell], all: bool) -> Res {
    if let Some(best) = &r.best {
        let c = to_heap(m, best);
        if !m.unify(c, out[0]) {
            return Ok(false);
        }
    }
    let value = m.stacks.heap.int(r.report.value);
    let c = r.report.counts;
    let counts = if all {
        let cells = [c.nodes, c.evals, c.tt_hits, c.researches].map(|n| count_cell(m, n));
        let f = m.atoms.intern("counts");
        m.stacks.heap.compound(f, &cells)
    } else {
        count_cell(m, c.nodes)
    };
    Ok(m.unify(value, out[1]) && m.unify(counts, out[2]))
}

/// `native_negamax(+Pos, -Best, -Value, -Nodes)`.
pub fn negamax4(m: &mut Machine, a: &[Cell]) -> Res {
    let r = run(m, Algorithm::Negamax, a[0])?;
    answer(m, &r, &a[1..4], false)
}

/// `native_ordered_alphabeta(+Pos, -Best, -Value, -Nodes)`.
pub fn ordered4(m: &mut Machine, a: &[Cell]) -> Res {
    let r = run(m, Algorithm::Ordered, a[0])?;
    answer(m, &r, &a[1..4], false)
}

/// `native_pvs(+Pos, -Best, -Value, -Nodes)`.
pub fn pvs4(m: &mut Machine, a: &[Cell]) -> Res {
    let r = run(m, Algorithm::Pvs, a[0])?;
    answer(m, &r, &a[1..4], false)
}

/// `native_id(+Pos, -Best, -Value, -Nodes)`.
pub fn id4(m: &mut Machine, a: &[Cell]) -> Res {
    let r = run(m, Algorithm::Id, a[0])?;
    answer(m, &r, &a[1..4], false)
}

/// `native_search(+Algorithm, +Pos, -Best, -Value, -counts(Nodes, Evals, Hits, Researches))`.
pub fn search5(m: &mut Machine, a: &[Cell]) -> Res {
    let algo = algorithm(m, a[0])?;
    let r = run(m, algo, a[1])?;
    answer(m, &r, &a[2..5], true)
}

/// `native_minimal_tree(+Pos, -Nodes)`: the positions of Knuth and Moore's minimal tree below
/// `Pos` (a library game's position), counted as the searches count.
pub fn minimal_tree(m: &mut Machine, a: &[Cell]) -> Res {
    let p = read_position(m, a[0])?;
    let n = with_game(m, &p, |g, p| Ok(g.minimal_tree(p)))?;
    let n = n.map_err(|f| match f {
        Failure::Game(e) => super::game_error(m, e),
        Failure::Stop(_) => m.resource_err("search_depth"),
    })?;
    let c = count_cell(m, n);
    Ok(m.unify(c, a[1]))
}

/// `position_key(+Pos, -Key)`: the position's 64-bit key as a signed integer, its horizon left
/// out; the game's own key for a library position, the same walk over the term otherwise.
pub fn position_key(m: &mut Machine, a: &[Cell]) -> Res {
    let t = read_term(m, a[0], "ground")?;
    let key = match crate::games::game_of_position(&t) {
        Ok(game) => game.position_key(&t).map_err(|e| super::game_error(m, e))?,
        Err(_) => zobrist::loose_key(&t),
    };
    let k = m.stacks.heap.int(zobrist::signed(key));
    Ok(m.unify(k, a[1]))
}
