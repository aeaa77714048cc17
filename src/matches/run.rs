//! Running a match: which games this run plays (its shard), the opening of each, the workers
//! that play them side by side, and the reporting of every finished game in game order, with
//! the SPRT stopping the match as soon as it decides.
//!
//! Each worker is a thread that builds its own game and, for a Prolog player, its own machine
//! for each game: a `Machine` is not `Send` (it holds `Rc`s), so none ever crosses threads; it
//! is made, used and dropped on the worker that plays the game, and everything the machine keeps
//! outside itself is thread-local. Games `2k` and `2k + 1` start from opening `k` with the
//! players' sides swapped; a shard takes whole pairs (pair `k` belongs to shard `k mod N`), so
//! every shard can count pairs and merged shards count what the whole match counts.

use super::pgn;
use super::play::{play_game, GameSetup};
use super::player::{Limits, PlayerSpec};
use super::record::GameRecord;
use super::report::Report;
use super::stats::{Decision, Sprt};
use crate::games::{self, GTerm};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// Everything a match is run with.
pub struct MatchConfig {
    /// The game's name term.
    pub game: GTerm,
    /// The game's name term as the command line gave it.
    pub game_text: String,
    /// The two players.
    pub players: [PlayerSpec; 2],
    /// Their names as the command line gave them.
    pub names: [String; 2],
    /// Games in the whole match (over all shards).
    pub games: u64,
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
    /// Where to write the games in PGN (chess only).
    pub pgn: Option<PathBuf>,
    /// Where to write one JSON line per game.
    pub record: Option<PathBuf>,
    /// This run's slice: shard `I` of `N` (1-based).
    pub shard: (u64, u64),
}

/// The games this run plays: the indices of the pairs of its shard.
pub fn shard_games(games: u64, shard: (u64, u64)) -> Vec<u64> {
    let (i, n) = shard;
    (0..games).filter(|g| (g / 2) % n == i - 1).collect()
}

/// The stack of a worker: the machine never recurses on program data, but a generous stack
/// costs nothing until it is used (the command line's main thread has the same).
const WORKER_STACK: usize = 64 << 20;

/// Play the match and print it to `out`.
pub fn run(cfg: &MatchConfig, out: &mut dyn Write) -> Result<(), String> {
    let game =
        crate::game_predicates::lookup_game(&cfg.game).map_err(|e| format!("not a game: {e:?}"))?;
    let initial = game.initial(games::UNLIMITED);
    let indices = shard_games(cfg.games, cfg.shard);
    let mut record_file = match &cfg.record {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?,
        )),
        None => None,
    };
    let mut pgn_file = match &cfg.pgn {
        Some(p) => Some(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?,
        )),
        None => None,
    };
    // The start positions of the openings this run needs, made here once.
    let mut starts: BTreeMap<u64, GTerm> = BTreeMap::new();
    for &g in &indices {
        let k = g / 2;
        starts.entry(k).or_insert_with(|| {
            if !cfg.openings.is_empty() {
                cfg.openings[(k % cfg.openings.len() as u64) as usize].clone()
            } else if cfg.random_openings > 0 {
                super::play::random_opening(
                    game.as_ref(),
                    &initial,
                    cfg.random_openings,
                    cfg.seed,
                    k,
                )
            } else {
                initial.clone()
            }
        });
    }
    let mut report = Report::new(&cfg.names[0], &cfg.names[1], cfg.sprt);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, GameRecord)>();
    let workers = cfg.concurrency.clamp(1, indices.len().max(1));
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, stop, indices, starts) = (&next, &stop, &indices, &starts);
            let spawned = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, move || {
                    let Ok(game) = crate::game_predicates::lookup_game(&cfg.game) else {
                        return;
                    };
                    while !stop.load(Ordering::Relaxed) {
                        let j = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&index) = indices.get(j) else {
                            break;
                        };
                        let setup = GameSetup {
                            index,
                            game_text: &cfg.game_text,
                            players: [&cfg.players[0], &cfg.players[1]],
                            names: [&cfg.names[0], &cfg.names[1]],
                            p1_max: index % 2 == 0,
                            start: starts[&(index / 2)].clone(),
                            seed: cfg.seed,
                            max_plies: cfg.max_plies,
                            limits: cfg.limits,
                        };
                        let record = play_game(game.as_ref(), &setup);
                        if tx.send((j, record)).is_err() {
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
        // Report in game order: hold back a game until every earlier one is reported.
        let mut waiting: BTreeMap<usize, GameRecord> = BTreeMap::new();
        let mut expected = 0;
        'receive: for (j, record) in rx.iter() {
            waiting.insert(j, record);
            while let Some(record) = waiting.remove(&expected) {
                expected += 1;
                let text = report.game(&record);
                let _ = out.write_all(text.as_bytes());
                let _ = out.flush();
                if let Some(f) = record_file.as_mut() {
                    let _ = writeln!(f, "{}", record.to_json());
                    let _ = f.flush();
                }
                if let Some(f) = pgn_file.as_mut() {
                    let start = &starts[&(record.index / 2)];
                    let _ = f.write_all(pgn::game_text(&record, start).as_bytes());
                }
                if report.decision != Decision::Continue {
                    stop.store(true, Ordering::Relaxed);
                    break 'receive;
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    if let Some(f) = pgn_file.as_mut() {
        let _ = f.flush();
    }
    let _ = out.write_all(report.summary(indices.len() as u64).as_bytes());
    let _ = out.flush();
    Ok(())
}

/// Join the records of several runs (the shards of one match) and print the match they make,
/// as `run` would have printed it; with `record`, write the joined records there too.
pub fn merge(
    files: &[PathBuf],
    sprt: Option<Sprt>,
    record: Option<&PathBuf>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut records: BTreeMap<u64, GameRecord> = BTreeMap::new();
    for f in files {
        let text =
            std::fs::read_to_string(f).map_err(|e| format!("cannot read {}: {e}", f.display()))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let r = GameRecord::from_json(line)
                .map_err(|e| format!("{}:{}: {e}", f.display(), n + 1))?;
            if let Some(first) = records.values().next() {
                if (&first.game, &first.p1, &first.p2) != (&r.game, &r.p1, &r.p2) {
                    return Err(format!(
                        "{}:{}: game {} is from another match ({} {} vs {})",
                        f.display(),
                        n + 1,
                        r.index + 1,
                        r.game,
                        r.p1,
                        r.p2
                    ));
                }
            }
            match records.get(&r.index) {
                Some(old) if *old != r => {
                    return Err(format!(
                        "{}:{}: game {} is recorded twice, differently",
                        f.display(),
                        n + 1,
                        r.index + 1
                    ))
                }
                _ => {
                    records.insert(r.index, r);
                }
            }
        }
    }
    let Some(first) = records.values().next() else {
        return Err("no games to merge".into());
    };
    let mut report = Report::new(&first.p1.clone(), &first.p2.clone(), sprt);
    let mut file = match record {
        Some(p) => Some(
            std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?,
        ),
        None => None,
    };
    for r in records.values() {
        let _ = out.write_all(report.game(r).as_bytes());
        if let Some(f) = file.as_mut() {
            let _ = writeln!(f, "{}", r.to_json());
        }
    }
    let _ = out.write_all(report.summary(records.len() as u64).as_bytes());
    let _ = out.flush();
    Ok(())
}
