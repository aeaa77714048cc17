//! Matches between programs: `ply match GAME PLAYER1 PLAYER2 [options]` plays paired games
//! from balanced openings on every core and scores them as engine testers do (Elo with an
//! error bar, SPRT), and `ply match-merge FILES...` joins the records of the shards of a match.
//!
//! `docs/match.md` is the user's guide. The parts: the players ([`player`]), one game
//! ([`play`]), the schedule of workers and shards ([`run`]), the printed report ([`report`]),
//! the statistics ([`stats`]), the JSON records ([`record`]) and PGN ([`pgn`]).

pub mod pgn;
pub mod play;
pub mod player;
pub mod record;
pub mod report;
pub mod rng;
pub mod run;
pub mod stats;

use crate::games::{self, GTerm, UNLIMITED};
use crate::machine::Machine;
use clap::Parser;
use player::{Limits, PlayerSpec};
use run::MatchConfig;
use stats::Sprt;
use std::path::PathBuf;
use std::time::Duration;

/// `ply match`: programs play a game against each other.
#[derive(Parser, Debug)]
#[command(
    name = "ply match",
    about = "Play a match between two players of a game"
)]
struct MatchArgs {
    /// The game: any game name term of the library (`connect4`, `chess('FEN')`, `kalah(6,4)`).
    game: String,
    /// The first player: `minimax:D`, `alphabeta:D`, `random` or `FILE.pl[:D]`.
    player1: String,
    /// The second player.
    player2: String,
    /// Games to play (each opening is played twice, sides swapped).
    #[arg(long, default_value_t = 2)]
    games: u64,
    /// Games played at once (default: the number of cores).
    #[arg(long)]
    concurrency: Option<usize>,
    /// Openings, one a line: a position term of the game, or moves in the game's notation.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Openings of K random plies from the start position.
    #[arg(long, value_name = "K", default_value_t = 0)]
    random_openings: u32,
    /// The seed of every random choice: the same seed plays the same match.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game is adjudicated a draw (0: never).
    #[arg(long, default_value_t = 1000)]
    max_plies: u64,
    /// Seconds for one move; a player deepens its search while time is left.
    #[arg(long, value_name = "SECONDS")]
    time_per_move: Option<f64>,
    /// Positions searched for one move; a player deepens its search while the budget lasts.
    #[arg(long, value_name = "N")]
    nodes_per_move: Option<u64>,
    /// Stop the match as soon as the test decides: `elo0,elo1,alpha,beta`.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    sprt: Option<String>,
    /// Write the games in PGN (chess).
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Write one JSON line per game.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Play only slice I of N of the match (pairs of games are dealt round robin).
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
}

/// `ply match-merge`: join the records of the shards of a match and print it.
#[derive(Parser, Debug)]
#[command(
    name = "ply match-merge",
    about = "Join the records of the shards of a match"
)]
struct MergeArgs {
    /// Record files written by `ply match --record`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Report the SPRT `elo0,elo1,alpha,beta` over the joined games.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    sprt: Option<String>,
    /// Write the joined records, in game order, to FILE.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
}

/// A term read from `text` (for the game and for openings), as a ground game term.
fn read_term(m: &mut Machine, text: &str) -> Result<GTerm, String> {
    let src = format!("{text} .");
    match m.read_from(&src, 0) {
        Ok(Some((r, _))) => crate::game_predicates::from_heap(m, r.term)
            .map_err(|_| format!("`{text}` is not a ground game term")),
        Ok(None) => Err("an empty term".into()),
        Err(e) => Err(format!("`{text}`: {}", e.message)),
    }
}

/// The openings of a file: each line a position term of `game` or moves in its notation
/// from the start position; empty lines and lines starting with `%` or `#` are skipped.
fn read_openings(
    m: &mut Machine,
    game: &dyn games::DynGame,
    path: &PathBuf,
) -> Result<Vec<GTerm>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("{}:{}: {e}", path.display(), n + 1);
        if let Ok(t) = read_term(m, line) {
            if game.check(&t).is_ok() {
                out.push(
                    game.with_depth(&t, UNLIMITED)
                        .map_err(|e| at(format!("{e:?}")))?,
                );
                continue;
            }
        }
        let mut pos = game.initial(UNLIMITED);
        for mv in line.split_whitespace() {
            pos = game
                .parse_move(&pos, mv)
                .map_err(|_| at(format!("`{mv}` is not a legal move here")))?;
        }
        out.push(pos);
    }
    if out.is_empty() {
        return Err(format!("{} holds no opening", path.display()));
    }
    Ok(out)
}

/// `I/N` with 1 <= I <= N.
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard wants I/N with 1 <= I <= N, not `{text}`");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n) = (
        i.trim().parse::<u64>().map_err(|_| bad())?,
        n.trim().parse::<u64>().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// The match the command line asks for.
fn config(a: MatchArgs) -> Result<MatchConfig, String> {
    let mut m = crate::system::machine();
    // A file of Prolog is a game written in Prolog (docs/games.md).
    let game_term = if a.game.ends_with(".pl") || a.game.ends_with(".kif") {
        GTerm::Compound("game".into(), vec![GTerm::Atom(a.game.clone().into())])
    } else {
        read_term(&mut m, &a.game)?
    };
    let game = crate::game_predicates::lookup_game(&game_term).map_err(|e| {
        format!(
            "`{}` is not a game: {e:?}; the games are {}, or a file of Prolog",
            a.game,
            games::game_names()
        )
    })?;
    let players = [
        PlayerSpec::parse(&a.player1)?,
        PlayerSpec::parse(&a.player2)?,
    ];
    let openings = match &a.openings {
        Some(p) => read_openings(&mut m, game.as_ref(), p)?,
        None => Vec::new(),
    };
    if a.pgn.is_some()
        && !matches!(&game_term, GTerm::Atom(n) | GTerm::Compound(n, _) if n == "chess")
    {
        return Err("--pgn writes chess games; use --record for other games".into());
    }
    let time = match a.time_per_move {
        Some(t) if t > 0.0 && t.is_finite() => Some(Duration::from_secs_f64(t)),
        Some(_) => return Err("--time-per-move wants a positive number of seconds".into()),
        None => None,
    };
    Ok(MatchConfig {
        game: game_term,
        game_text: a.game,
        players,
        names: [a.player1, a.player2],
        games: a.games,
        concurrency: a
            .concurrency
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        openings,
        random_openings: a.random_openings,
        seed: a.seed,
        max_plies: a.max_plies,
        limits: Limits {
            time,
            nodes: a.nodes_per_move,
        },
        sprt: a.sprt.as_deref().map(Sprt::parse).transpose()?,
        pgn: a.pgn,
        record: a.record,
        shard: a
            .shard
            .as_deref()
            .map(parse_shard)
            .transpose()?
            .unwrap_or((1, 1)),
    })
}

/// Run `ply match` with the arguments after `match`; returns the exit status.
pub fn main_match(args: &[String]) -> i32 {
    let parsed = MatchArgs::try_parse_from(
        std::iter::once("ply match".to_string()).chain(args.iter().cloned()),
    );
    let a = match parsed {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = config(a).and_then(|cfg| run::run(&cfg, &mut std::io::stdout()));
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("ply match: {e}");
            2
        }
    }
}

/// Run `ply match-merge` with the arguments after `match-merge`; returns the exit status.
pub fn main_merge(args: &[String]) -> i32 {
    let parsed = MergeArgs::try_parse_from(
        std::iter::once("ply match-merge".to_string()).chain(args.iter().cloned()),
    );
    let a = match parsed {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    let result = a
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .and_then(|sprt| run::merge(&a.files, sprt, a.record.as_ref(), &mut std::io::stdout()));
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("ply match-merge: {e}");
            2
        }
    }
}
