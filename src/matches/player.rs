//! The players of a match: the native engines (`minimax:D`, `alphabeta:D`, and the research
//! engines `negamax:D`, `ordered:D`, `pvs:D`, `id:MS[:D]` of `games/negamax.rs`), `random`, and
//! Prolog programs (`FILE.pl[:D]`) that define `choose_move(+Position, -Next)` or
//! `выбрать_ход/2`.
//!
//! A player is asked for the next position from a position whose horizon has been set to the
//! player's depth (the game library's `с_глубиной/3` as Rust does it), exactly the call a
//! textbook program expects. A program runs on a machine of its own, built for one game on the
//! thread that plays it, so no state survives from one game to the next and a match plays the
//! same games whatever the number of workers. Under `--time-per-move` or `--nodes-per-move` a
//! player searches with the horizon set to 1, 2, ... up to its depth and plays the move of the
//! deepest search that kept within the limit.

use super::rng::SplitMix;
use crate::games::negamax::{Algorithm, Failure as SearchFailure, Stop};
use crate::games::{DynGame, GTerm, UNLIMITED};
use crate::machine::error::PlError;
use crate::machine::hook::CallHook;
use crate::machine::instr::PredId;
use crate::machine::run::Outcome;
use crate::machine::Machine;
use crate::term::Cell;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A player as the command line names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// The textbook minimax (Bratko fig. 15.3), natively, to this depth.
    Minimax(u32),
    /// The textbook alpha-beta (Bratko fig. 15.5), natively, to this depth.
    AlphaBeta(u32),
    /// A research engine (`negamax:D`, `ordered:D`, `pvs:D`), natively, to this depth.
    Research(Algorithm, u32),
    /// Iterative deepening with a transposition table, natively, for this many milliseconds a
    /// move, up to this depth (`id:MS` or `id:MS:D`).
    IterativeDeepening {
        /// Milliseconds for one move.
        millis: u64,
        /// The deepest iteration (`inf` without `:D`).
        depth: u32,
    },
    /// A legal move chosen uniformly at random (from the match's seed).
    Random,
    /// Monte Carlo tree search with this many playouts a move, and its own seed or the game's.
    Mcts(u64, Option<u64>),
    /// Monte Carlo tree search for this many milliseconds a move (`mcts:time=MS[:SEED]`).
    MctsTimed {
        /// Milliseconds for one move.
        millis: u64,
        /// Its own seed, or the game's.
        seed: Option<u64>,
    },
    /// Proof-number search: a move it proves wins, else one it proves does not lose.
    Pns,
    /// Proof-number search with this many milliseconds a move (`pns:time=MS`).
    PnsTimed(u64),
    /// A Prolog program and the horizon it is called with.
    Program {
        /// The file to consult.
        path: PathBuf,
        /// The horizon set in the position it is called with (`inf` without `:D`).
        depth: u32,
    },
}

/// A depth as written on the command line: a number or `inf`.
fn parse_depth(text: &str) -> Result<u32, String> {
    if text == "inf" {
        return Ok(UNLIMITED);
    }
    match text.parse::<u32>() {
        Ok(d) if d >= 1 && d != UNLIMITED => Ok(d),
        _ => Err(format!("`{text}` is not a depth (a number from 1, or inf)")),
    }
}

impl PlayerSpec {
    /// Read `minimax:D`, `alphabeta:D`, `negamax:D`, `ordered:D`, `pvs:D`, `id:MS[:D]`,
    /// `mcts:N[:SEED]`, `pns`, `random` or `FILE.pl[:D]`.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        if text == "random" {
            return Ok(PlayerSpec::Random);
        }
        if text == "pns" {
            return Ok(PlayerSpec::Pns);
        }
        if let Some(ms) = text.strip_prefix("pns:time=") {
            return Ok(PlayerSpec::PnsTimed(super::mcts_player::parse_millis(ms)?));
        }
        if let Some(d) = text.strip_prefix("minimax:") {
            return Ok(PlayerSpec::Minimax(parse_depth(d)?));
        }
        if let Some(d) = text.strip_prefix("alphabeta:") {
            return Ok(PlayerSpec::AlphaBeta(parse_depth(d)?));
        }
        if let Some(budget) = text.strip_prefix("mcts:") {
            return super::mcts_player::parse(budget);
        }
        for algorithm in [Algorithm::Negamax, Algorithm::Ordered, Algorithm::Pvs] {
            if let Some(d) = text.strip_prefix(&format!("{}:", algorithm.name())) {
                return Ok(PlayerSpec::Research(algorithm, parse_depth(d)?));
            }
        }
        if let Some(rest) = text.strip_prefix("id:") {
            let (ms, depth) = match rest.split_once(':') {
                Some((ms, d)) => (ms, parse_depth(d)?),
                None => (rest, UNLIMITED),
            };
            return match ms.parse::<u64>() {
                Ok(millis) if millis > 0 => Ok(PlayerSpec::IterativeDeepening { millis, depth }),
                _ => Err(format!("`{ms}` is not a time (milliseconds from 1)")),
            };
        }
        let (file, depth) = match text.rsplit_once(':') {
            Some((file, d)) if file.ends_with(".pl") => (file, parse_depth(d)?),
            _ => (text, UNLIMITED),
        };
        if !file.ends_with(".pl") {
            return Err(format!(
                "`{text}` is not a player: minimax:D, alphabeta:D, negamax:D, ordered:D, \
                 pvs:D, id:MS[:D], mcts:N[:SEED], mcts:time=MS[:SEED], pns, pns:time=MS, \
                 random or FILE.pl[:D]"
            ));
        }
        let path = PathBuf::from(file);
        if !path.is_file() {
            return Err(format!("player program `{file}` does not exist"));
        }
        Ok(PlayerSpec::Program { path, depth })
    }

    /// The horizon the player searches to (unlimited for `random`, which does not search).
    pub fn depth(&self) -> u32 {
        match self {
            PlayerSpec::Minimax(d) | PlayerSpec::AlphaBeta(d) | PlayerSpec::Research(_, d) => *d,
            PlayerSpec::IterativeDeepening { depth, .. } => *depth,
            PlayerSpec::Program { depth, .. } => *depth,
            PlayerSpec::Random
            | PlayerSpec::Mcts(..)
            | PlayerSpec::MctsTimed { .. }
            | PlayerSpec::Pns
            | PlayerSpec::PnsTimed(_) => UNLIMITED,
        }
    }
}

/// The limits of one move.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Wall-clock time for one move.
    pub time: Option<Duration>,
    /// Positions searched for one move (calls of `ходы/2`, as `game_counters/2` counts them).
    pub nodes: Option<u64>,
    /// The wall-clock budget of one move, past which a player that has not answered (a Prolog
    /// program in an endless loop) is interrupted and loses the game.
    pub budget: Option<Duration>,
}

/// Why a player produced no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The player raised an error or did not answer; the text says which.
    Error(String),
    /// The player went over the time limit without any finished search.
    Timeout,
    /// The player crashed: the program halted, or the engine under it panicked.
    Crash(String),
}

/// A player ready to play one game.
pub struct Player {
    spec: PlayerSpec,
    /// The program's machine, or why it could not be loaded.
    machine: Option<Result<Machine, String>>,
    /// The source of `random`'s choices for this game.
    rng: SplitMix,
    /// The game's seed, which `mcts:N` plays with when it names none.
    seed: u64,
}

/// The call hook that turns an interrupt raised by the move's timer into the exception
/// `time_limit_exceeded`, which ends the search.
struct Deadline;

impl CallHook for Deadline {
    fn on_call(&mut self, m: &mut Machine, pid: PredId) -> Result<PredId, PlError> {
        if m.take_interrupt() {
            return Err(PlError(Cell::atom(
                m.atoms_mut().intern("time_limit_exceeded"),
            )));
        }
        Ok(pid)
    }

    fn as_any(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// The query that asks a program for its move: `P` is the position, `N` the answer, `K` the
/// positions searched. The alternative `; true` lets the machine backtrack over the whole
/// search once the answer has been read, so a long game does not keep every search's heap.
const MOVE_GOAL: &str = "reset_game_counters, \
    ( once(( current_predicate(choose_move/2) -> choose_move(P, N) ; 'выбрать_ход'(P, N) )), \
      game_counters(K, _) ; true ) .";

impl Player {
    /// A player for one game; `seed` makes its random choices (for `random`, and for a
    /// program's `random/1`) the same in every run.
    /// `game` is the game's name: a program plays a game written in Prolog with its file
    /// loaded first.
    pub fn new(spec: &PlayerSpec, seed: u64, game: &GTerm) -> Player {
        let machine = match spec {
            PlayerSpec::Program { path, .. } => Some(load_program(path, game)),
            _ => None,
        };
        Player {
            spec: spec.clone(),
            machine,
            rng: SplitMix::new(seed),
            seed,
        }
    }

    /// The next position, chosen from `pos` (whose horizon is ignored) under `limits`, with the
    /// horizon the player gave it; the caller checks that it is a legal successor.
    pub fn choose(
        &mut self,
        game: &dyn DynGame,
        pos: &GTerm,
        limits: Limits,
    ) -> Result<GTerm, Failure> {
        if self.spec == PlayerSpec::Random {
            let succs = game
                .successors(pos)
                .map_err(|e| Failure::Error(super::words::game_error(&e)))?;
            if succs.is_empty() {
                return Err(Failure::Error("no legal move".into()));
            }
            let i = self.rng.below(succs.len() as u64) as usize;
            return Ok(succs[i].clone());
        }
        if let PlayerSpec::Mcts(playouts, seed) = self.spec {
            // A budget of playouts, not a horizon: the time and node limits do not apply.
            let seed = seed.unwrap_or(self.seed);
            return super::mcts_player::choose(game, pos, playouts, seed);
        }
        // The timed searches keep their own clock: their time, or the match's if shorter.
        let own_deadline = |millis: u64| {
            let own = Duration::from_millis(millis);
            Instant::now() + limits.time.map_or(own, |t| t.min(own))
        };
        if let PlayerSpec::MctsTimed { millis, seed } = self.spec {
            let seed = seed.unwrap_or(self.seed);
            let deadline = own_deadline(millis);
            return super::mcts_player::choose_until(game, pos, u64::MAX, seed, Some(deadline));
        }
        if self.spec == PlayerSpec::Pns {
            return super::pns_player::choose(game, pos, None);
        }
        if let PlayerSpec::PnsTimed(millis) = self.spec {
            return super::pns_player::choose(game, pos, Some(own_deadline(millis)));
        }
        let max_depth = self.spec.depth();
        let hard = limits.budget.map(|b| Instant::now() + b);
        if let PlayerSpec::IterativeDeepening { millis, .. } = self.spec {
            // Iterative deepening keeps its own clock: its time, or the match's if shorter.
            let own = Duration::from_millis(millis);
            let time = limits.time.map_or(own, |t| t.min(own));
            return self
                .search(game, pos, max_depth, Some(Instant::now() + time))
                .map(|(next, _)| next);
        }
        if limits.time.is_none() && limits.nodes.is_none() {
            return self
                .search(game, pos, max_depth, hard)
                .map(|(next, _)| next);
        }
        let deadline = match (limits.time.map(|t| Instant::now() + t), hard) {
            (Some(t), Some(h)) => Some(t.min(h)),
            (t, h) => t.or(h),
        };
        let mut best: Option<GTerm> = None;
        let mut last_nodes = None;
        let mut depth = 1;
        loop {
            let found = self.search(game, pos, depth, deadline);
            let in_time = deadline.is_none_or(|d| Instant::now() <= d);
            match found {
                Ok((next, nodes)) => {
                    let over_nodes = limits.nodes.is_some_and(|n| nodes > n);
                    if best.is_some() && (over_nodes || !in_time) {
                        break;
                    }
                    if !in_time {
                        return Err(Failure::Timeout);
                    }
                    best = Some(next);
                    // The whole tree was searched when a deeper horizon finds nothing more.
                    if over_nodes || depth >= max_depth || last_nodes == Some(nodes) {
                        break;
                    }
                    last_nodes = Some(nodes);
                }
                Err(Failure::Timeout) if best.is_some() => break,
                Err(e) => return Err(e),
            }
            depth += 1;
        }
        best.ok_or(Failure::Timeout)
    }

    /// One search of `pos` with its horizon set to `depth`: the chosen position and how many
    /// positions the search visited.
    fn search(
        &mut self,
        game: &dyn DynGame,
        pos: &GTerm,
        depth: u32,
        deadline: Option<Instant>,
    ) -> Result<(GTerm, u64), Failure> {
        let error = |e: crate::games::GameError| Failure::Error(super::words::game_error(&e));
        let root = game.with_depth(pos, depth).map_err(error)?;
        let found = match &self.spec {
            PlayerSpec::Minimax(_) => game.native_minimax(&root).map_err(error)?,
            PlayerSpec::AlphaBeta(_) => game
                .native_alphabeta(&root, i64::MIN, i64::MAX)
                .map_err(error)?,
            PlayerSpec::Research(algorithm, _) => {
                return research(game, &root, *algorithm, deadline);
            }
            PlayerSpec::IterativeDeepening { .. } => {
                return research(game, &root, Algorithm::Id, deadline);
            }
            PlayerSpec::Random
            | PlayerSpec::Mcts(..)
            | PlayerSpec::MctsTimed { .. }
            | PlayerSpec::Pns
            | PlayerSpec::PnsTimed(_) => {
                unreachable!("chosen in `choose`")
            }
            PlayerSpec::Program { .. } => {
                let m = match self.machine.as_mut() {
                    Some(Ok(m)) => m,
                    Some(Err(e)) => return Err(Failure::Error(e.clone())),
                    None => return Err(Failure::Error("no program".into())),
                };
                return ask_program(m, &root, deadline);
            }
        };
        match found.best {
            Some(next) => Ok((next, found.result.stats.nodes)),
            None => Err(Failure::Error("the engine found no move".into())),
        }
    }
}

/// One search of a research engine: the chosen position and the positions it visited.
fn research(
    game: &dyn DynGame,
    root: &GTerm,
    algorithm: Algorithm,
    deadline: Option<Instant>,
) -> Result<(GTerm, u64), Failure> {
    match game.research(root, algorithm, deadline) {
        Ok(found) => match found.best {
            Some(next) => Ok((next, found.report.counts.nodes)),
            None => Err(Failure::Error("the engine found no move".into())),
        },
        Err(SearchFailure::Stop(Stop::Time)) => Err(Failure::Timeout),
        Err(SearchFailure::Stop(Stop::TooDeep)) => Err(Failure::Error(
            "the search went deeper than the engine allows".into(),
        )),
        Err(SearchFailure::Stop(Stop::Game)) => Err(Failure::Error("the game failed".into())),
        Err(SearchFailure::Game(e)) => Err(Failure::Error(super::words::game_error(&e))),
    }
}

/// A machine with the program at `path` consulted (after the game, for a game written in
/// Prolog), its output kept from the match's own.
fn load_program(path: &std::path::Path, game: &GTerm) -> Result<Machine, String> {
    let mut m = crate::system::machine();
    m.set_call_hook(Box::new(Deadline));
    m.output().begin_capture();
    let loaded = crate::game_predicates::prepare(&mut m, game) && m.consult_file(path);
    m.output().end_capture();
    if !loaded {
        return Err(format!("cannot load {}", path.display()));
    }
    Ok(m)
}

/// Run [`MOVE_GOAL`] on `root`, interrupted at `deadline`.
fn ask_program(
    m: &mut Machine,
    root: &GTerm,
    deadline: Option<Instant>,
) -> Result<(GTerm, u64), Failure> {
    let Ok(Some((read, _))) = m.read_from(MOVE_GOAL, 0) else {
        return Err(Failure::Error("cannot read the move query".into()));
    };
    let var = |name: &str| {
        read.vars
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| *c)
            .expect("the move query names P, N and K")
    };
    let (p, n, k) = (var("P"), var("N"), var("K"));
    let pos = crate::game_predicates::to_heap(m, root);
    if !m.unify(p, pos) {
        return Err(Failure::Error("cannot pass the position".into()));
    }
    // A timer thread raises the interrupt bit at the deadline, unless the move ends first.
    let (done, wait) = mpsc::channel::<()>();
    let timer = deadline.map(|d| {
        let interrupter = m.interrupter();
        std::thread::spawn(move || {
            let left = d.saturating_duration_since(Instant::now());
            if let Err(mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(left) {
                interrupter.raise();
            }
        })
    });
    m.output().begin_capture();
    let mut q = m.query(read.term);
    let first = q.next_answer();
    let succeeded = matches!(first, Outcome::Success);
    let answer = read_answer(q.machine(), first, n, k);
    if succeeded {
        // Backtrack into `; true`, which drops everything the search left on the heap.
        let _ = q.next_answer();
    }
    q.close();
    m.output().end_capture();
    drop(done);
    if let Some(t) = timer {
        let _ = t.join();
    }
    m.take_interrupt();
    if let Some(code) = m.halt_status() {
        return Err(Failure::Crash(format!("the program halted (halt({code}))")));
    }
    answer
}

/// Whether the program at `path` can play: it loads, and it defines `choose_move/2` or
/// `выбрать_ход/2`. Checked once before the first game, so that a player that could never move
/// is refused instead of losing every game.
pub fn check_program(path: &std::path::Path, game: &GTerm) -> Result<(), String> {
    let mut m = load_program(path, game)?;
    let goal = "( current_predicate(choose_move/2) ; current_predicate('выбрать_ход'/2) ) .";
    let Ok(Some((read, _))) = m.read_from(goal, 0) else {
        return Err("cannot read the check of the move predicate".into());
    };
    let mut q = m.query(read.term);
    let defined = matches!(q.next_answer(), Outcome::Success);
    q.close();
    if defined {
        Ok(())
    } else {
        Err(format!(
            "player {} defines neither choose_move/2 nor выбрать_ход/2, the predicate a player \
             answers a move with",
            path.display()
        ))
    }
}

/// What the program's answer `first` to the move query says: the move bound to `n` with the
/// count bound to `k`, or why there is none.
fn read_answer(m: &mut Machine, first: Outcome, n: Cell, k: Cell) -> Result<(GTerm, u64), Failure> {
    match first {
        Outcome::Success => {
            let next = m.heap().deref(n);
            let nodes = m.heap().deref(k);
            if next.tag() == crate::term::Tag::Ref {
                Err(Failure::Error(
                    "the program found no move (it failed)".into(),
                ))
            } else {
                let count = if nodes.tag() == crate::term::Tag::Int {
                    nodes.int_value().max(0) as u64
                } else {
                    0
                };
                match crate::game_predicates::from_heap(m, next) {
                    Ok(t) => Ok((t, count)),
                    Err(_) => Err(Failure::Error(
                        "the program's answer is not a ground game term".into(),
                    )),
                }
            }
        }
        Outcome::Failure => Err(Failure::Error("the program failed".into())),
        Outcome::Error(e) => {
            let ball = e.to_heap(m.heap_mut());
            let words = m.describe_error_cell(ball);
            if words.contains("time_limit_exceeded") {
                Err(Failure::Timeout)
            } else {
                Err(Failure::Error(words))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_read_from_their_names() {
        assert_eq!(PlayerSpec::parse("random"), Ok(PlayerSpec::Random));
        assert_eq!(PlayerSpec::parse("minimax:3"), Ok(PlayerSpec::Minimax(3)));
        assert_eq!(
            PlayerSpec::parse("alphabeta:inf"),
            Ok(PlayerSpec::AlphaBeta(UNLIMITED))
        );
        assert!(PlayerSpec::parse("alphabeta:0").is_err());
        assert!(PlayerSpec::parse("alphabeta:x").is_err());
        assert!(PlayerSpec::parse("nobody").is_err());
        assert_eq!(
            PlayerSpec::parse("pvs:4"),
            Ok(PlayerSpec::Research(Algorithm::Pvs, 4))
        );
        assert_eq!(
            PlayerSpec::parse("negamax:2"),
            Ok(PlayerSpec::Research(Algorithm::Negamax, 2))
        );
        assert_eq!(
            PlayerSpec::parse("id:250"),
            Ok(PlayerSpec::IterativeDeepening {
                millis: 250,
                depth: UNLIMITED
            })
        );
        assert_eq!(
            PlayerSpec::parse("id:50:6"),
            Ok(PlayerSpec::IterativeDeepening {
                millis: 50,
                depth: 6
            })
        );
        assert!(PlayerSpec::parse("id:0").is_err());
        assert!(PlayerSpec::parse("missing_file.pl:3").is_err());
        let dir = env!("CARGO_MANIFEST_DIR");
        let file = format!("{dir}/programs/players/alphabeta_en.pl");
        assert_eq!(
            PlayerSpec::parse(&format!("{file}:4")),
            Ok(PlayerSpec::Program {
                path: PathBuf::from(&file),
                depth: 4
            })
        );
    }
}
