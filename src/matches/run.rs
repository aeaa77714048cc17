//! Running a match or tournament: which games this run plays (its shard, less the games its
//! record already holds when it resumes), the opening of each, the workers that play them side
//! by side, and the reporting and recording of every finished game in game order, with the SPRT
//! stopping a match of two players as soon as it decides.
//!
//! Each worker is a thread that builds its own game and, for a Prolog player, its own machine
//! for each game: a `Machine` is not `Send` (it holds `Rc`s), so none ever crosses threads; it
//! is made, used and dropped on the worker that plays the game, and everything the machine keeps
//! outside itself is thread-local. The numbering of games, their pairings and openings and the
//! shards are the [`Schedule`]'s.

use super::pgn;
use super::play::{play_game, GameSetup};
use super::player::{Limits, PlayerSpec};
use super::record::GameRecord;
use super::report::Report;
use super::resume;
use super::schedule::Schedule;
use super::stats::{Decision, Sprt};
use crate::games::{self, GTerm};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Everything a match is run with.
pub struct MatchConfig {
    /// The game's name term.
    pub game: GTerm,
    /// The game's name term as the command line gave it.
    pub game_text: String,
    /// The players.
    pub players: Vec<PlayerSpec>,
    /// Their names as the command line gave them (made unique).
    pub names: Vec<String>,
    /// Who meets whom, and the numbering of the games.
    pub schedule: Schedule,
    /// Workers playing at once.
    pub concurrency: usize,
    /// The start positions of the openings, in order (used in turn); empty for the game's
    /// start position or random openings.
    pub openings: Vec<GTerm>,
    /// Random plies that make each opening, when `openings` is empty.
    pub random_openings: u32,
    /// The seed of every random choice.
    pub seed: u64,
    /// Plies after which a game is adjudicated a draw (0: never).
    pub max_plies: u64,
    /// The limits of every move.
    pub limits: Limits,
    /// The SPRT to stop the match with.
    pub sprt: Option<Sprt>,
    /// Where to write the text record of the games (PGN for chess).
    pub pgn: Option<PathBuf>,
    /// Where to write one JSON line per game.
    pub record: Option<PathBuf>,
    /// Whether to continue from the games already in `record`.
    pub resume: bool,
    /// Where to draw the Elo table and the score over time (SVG).
    pub plot: Option<PathBuf>,
    /// This run's slice: shard `I` of `N` (1-based).
    pub shard: (u64, u64),
}

/// What a finished run tells its caller.
pub struct Finished {
    /// Games lost by a player's failure (an error, a crash, a hang, an illegal move).
    pub failures: u64,
}

/// The stack of a worker: the machine never recurses on program data, but a generous stack
/// costs nothing until it is used (the command line's main thread has the same).
const WORKER_STACK: usize = 64 << 20;

/// A message from a worker: a game started, or a game finished with its record.
enum Event {
    Started(u64),
    Finished(Box<GameRecord>),
}

/// A file to append to (on resume) or to write afresh.
fn open_output(path: &PathBuf, append: bool) -> Result<BufWriter<File>, String> {
    let file = if append {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
    } else {
        File::create(path)
    };
    file.map(BufWriter::new)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The games of the record that this run already played, after cutting a torn last line;
/// refused if the record holds a game that is not this run's, or not as this run plays it.
fn resumed_games(cfg: &MatchConfig, indices: &[u64]) -> Result<BTreeMap<u64, GameRecord>, String> {
    let mut done = BTreeMap::new();
    let Some(path) = cfg.record.as_ref().filter(|p| cfg.resume && p.exists()) else {
        return Ok(done);
    };
    let (records, valid) = resume::read_records(path)?;
    resume::cut_to(path, valid)?;
    for r in records {
        // A game number outside this shard (another --games, another shard) is not ours; only
        // then is its pairing looked up.
        let ours = indices.binary_search(&r.index).is_ok() && {
            let (a, b) = cfg.schedule.pairing(r.index);
            r.game == cfg.game_text
                && r.p1 == cfg.names[a]
                && r.p2 == cfg.names[b]
                && r.p1_max == cfg.schedule.p1_max(r.index)
        };
        if !ours {
            return Err(format!(
                "{}: game {} ({} vs {}) is not a game of this match or shard; \
                 resume with the command line that wrote the record",
                path.display(),
                r.index + 1,
                r.p1,
                r.p2
            ));
        }
        done.insert(r.index, r);
    }
    if let Some(p) = &cfg.pgn {
        resume::cut_pgn(p, &|g| done.contains_key(&g))?;
    }
    Ok(done)
}

/// The start position of every opening the games `indices` need, made once.
fn openings(cfg: &MatchConfig, game: &dyn games::DynGame, indices: &[u64]) -> BTreeMap<u64, GTerm> {
    let initial = game.initial(games::UNLIMITED);
    let mut starts = BTreeMap::new();
    for &g in indices {
        let k = cfg.schedule.opening(g);
        starts.entry(k).or_insert_with(|| {
            if !cfg.openings.is_empty() {
                cfg.openings[(k % cfg.openings.len() as u64) as usize].clone()
            } else if cfg.random_openings > 0 {
                super::play::random_opening(game, &initial, cfg.random_openings, cfg.seed, k)
            } else {
                initial.clone()
            }
        });
    }
    starts
}

/// Play the match and print it to `out`.
pub fn run(cfg: &MatchConfig, out: &mut dyn Write) -> Result<Finished, String> {
    let game =
        crate::game_predicates::lookup_game(&cfg.game).map_err(|e| super::words::game_error(&e))?;
    let indices = cfg.schedule.shard_games(cfg.shard);
    let mut done = resumed_games(cfg, &indices)?;
    let mut record_file = match &cfg.record {
        Some(p) => Some(open_output(p, cfg.resume)?),
        None => None,
    };
    let mut pgn_file = match &cfg.pgn {
        Some(p) => Some(open_output(p, cfg.resume)?),
        None => None,
    };
    let starts = openings(cfg, game.as_ref(), &indices);
    let to_play: Vec<u64> = indices
        .iter()
        .copied()
        .filter(|g| !done.contains_key(g))
        .collect();
    let mut report = Report::new(&cfg.names, cfg.sprt);
    let mut failures = 0;
    let date = pgn::today();
    // Report in game order: a game waits until every earlier one of this run is reported.
    let mut pending: BTreeMap<u64, GameRecord> = BTreeMap::new();
    let mut cursor = 0;
    let mut advance = |pending: &mut BTreeMap<u64, GameRecord>,
                       done: &mut BTreeMap<u64, GameRecord>,
                       out: &mut dyn Write|
     -> bool {
        while let Some(&g) = indices.get(cursor) {
            let (record, fresh) = match done.remove(&g) {
                Some(r) => (r, false),
                None => match pending.remove(&g) {
                    Some(r) => (r, true),
                    None => break,
                },
            };
            cursor += 1;
            failures += u64::from(record.error.is_some());
            let _ = out.write_all(report.game(&record).as_bytes());
            let _ = out.flush();
            if fresh {
                // The text record first: a kill between the two leaves the JSON record, which
                // decides what a resumed run plays again, one game behind, never ahead.
                if let Some(f) = pgn_file.as_mut() {
                    let start = &starts[&cfg.schedule.opening(g)];
                    let _ = f
                        .write_all(pgn::game_text(&record, start, game.as_ref(), &date).as_bytes());
                    let _ = f.flush();
                }
                if let Some(f) = record_file.as_mut() {
                    let _ = writeln!(f, "{}", record.to_json());
                    let _ = f.flush();
                }
            }
            if report.decision != Decision::Continue {
                return true;
            }
        }
        false
    };
    let decided = advance(&mut pending, &mut done, out);
    if !decided && !to_play.is_empty() {
        let total = cfg.schedule.total();
        play_games(cfg, &to_play, &starts, &mut |event| match event {
            Event::Started(g) => {
                let (a, b) = cfg.schedule.pairing(g);
                let (w, bl) = if cfg.schedule.p1_max(g) {
                    (a, b)
                } else {
                    (b, a)
                };
                let _ = writeln!(
                    out,
                    "Started game {} of {total} ({} vs {})",
                    g + 1,
                    cfg.names[w],
                    cfg.names[bl]
                );
                let _ = out.flush();
                true
            }
            Event::Finished(r) => {
                pending.insert(r.index, *r);
                !advance(&mut pending, &mut done, out)
            }
        })?;
    }
    if let Some(p) = &cfg.plot {
        std::fs::write(p, super::plot::svg(&report))
            .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    let _ = out.write_all(report.summary(indices.len() as u64).as_bytes());
    let _ = out.flush();
    Ok(Finished { failures })
}

/// Play the games `to_play` on the workers, handing every event to `event` on this thread,
/// until every game is played or `event` answers false.
fn play_games(
    cfg: &MatchConfig,
    to_play: &[u64],
    starts: &BTreeMap<u64, GTerm>,
    event: &mut dyn FnMut(Event) -> bool,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Event>();
    let workers = cfg.concurrency.clamp(1, to_play.len().max(1));
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, stop) = (&next, &stop);
            let spawned = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    let Ok(game) = crate::game_predicates::lookup_game(&cfg.game) else {
                        return;
                    };
                    while !stop.load(Ordering::Relaxed) {
                        let j = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&index) = to_play.get(j) else {
                            break;
                        };
                        let (a, b) = cfg.schedule.pairing(index);
                        let setup = GameSetup {
                            index,
                            game_text: &cfg.game_text,
                            players: [&cfg.players[a], &cfg.players[b]],
                            names: [&cfg.names[a], &cfg.names[b]],
                            p1_max: cfg.schedule.p1_max(index),
                            start: starts[&cfg.schedule.opening(index)].clone(),
                            seed: cfg.seed,
                            max_plies: cfg.max_plies,
                            limits: cfg.limits,
                        };
                        if tx.send(Event::Started(index)).is_err() {
                            break;
                        }
                        let record = play_game(game.as_ref(), &setup);
                        if tx.send(Event::Finished(Box::new(record))).is_err() {
                            break;
                        }
                    }
                });
            if let Err(e) = spawned {
                failure = Some(format!("cannot start a worker: {e}"));
                stop.store(true, Ordering::Relaxed);
            }
        }
        drop(tx);
        for e in rx.iter() {
            if !event(e) {
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Join the records of several runs (the shards of one match) and print the match they make,
/// as `run` would have printed it; with `record`, write the joined records there too, and with
/// `plot`, draw it.
pub fn merge(
    files: &[PathBuf],
    sprt: Option<Sprt>,
    record: Option<&PathBuf>,
    plot: Option<&PathBuf>,
    out: &mut dyn Write,
) -> Result<u64, String> {
    let mut records: BTreeMap<u64, GameRecord> = BTreeMap::new();
    for f in files {
        let (read, _) = resume::read_records(f)?;
        for r in read {
            if let Some(first) = records.values().next() {
                if first.game != r.game {
                    return Err(format!(
                        "{}: game {} is from another match (of {}, not {})",
                        f.display(),
                        r.index + 1,
                        r.game,
                        first.game
                    ));
                }
            }
            match records.get(&r.index) {
                Some(old) if *old != r => {
                    return Err(format!(
                        "{}: game {} is recorded twice, differently",
                        f.display(),
                        r.index + 1
                    ))
                }
                _ => {
                    records.insert(r.index, r);
                }
            }
        }
    }
    if records.is_empty() {
        return Err("no games to merge".into());
    }
    // The players in the order they first play: the order of the command line.
    let mut names: Vec<String> = Vec::new();
    for r in records.values() {
        for p in [&r.p1, &r.p2] {
            if !names.contains(p) {
                names.push(p.clone());
            }
        }
    }
    let mut report = Report::new(&names, sprt);
    let mut file = match record {
        Some(p) => Some(File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?),
        None => None,
    };
    let mut failures = 0;
    for r in records.values() {
        failures += u64::from(r.error.is_some());
        let _ = out.write_all(report.game(r).as_bytes());
        if let Some(f) = file.as_mut() {
            let _ = writeln!(f, "{}", r.to_json());
        }
    }
    if let Some(p) = plot {
        std::fs::write(p, super::plot::svg(&report))
            .map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    let _ = out.write_all(report.summary(records.len() as u64).as_bytes());
    let _ = out.flush();
    Ok(failures)
}
