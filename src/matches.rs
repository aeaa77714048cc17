//! Matches and tournaments between programs: `ply match GAME PLAYER1 PLAYER2 [PLAYER3...]
//! [options]` plays paired games from balanced openings on every core, in a round robin or a
//! gauntlet, and scores them as engine testers do (Elo with an error bar, SPRT, an Elo table
//! over all players), and `ply match-merge FILES...` joins the records of the shards of a match.
//!
//! `docs/match.md` is the user's guide. The parts: the players ([`player`]), one game
//! ([`play`]), who meets whom ([`schedule`]), the workers and shards ([`run`]), the printed
//! report ([`report`]) and tables ([`table`]), the statistics of two players ([`stats`]) and of
//! many ([`rating`]), the JSON records ([`record`]) read back by [`resume`], the text records
//! ([`pgn`]), the plot ([`plot`]) and errors in words ([`words`]).

pub mod mcts_player;
pub mod pgn;
pub mod play;
pub mod player;
pub mod plot;
pub mod pns_player;
pub mod rating;
pub mod record;
pub mod report;
pub mod resume;
pub mod rng;
pub mod run;
pub mod schedule;
pub mod stats;
pub mod table;
pub mod words;

use crate::games::{self, GTerm, UNLIMITED};
use crate::machine::Machine;
use clap::Parser;
use player::{Limits, PlayerSpec};
use run::MatchConfig;
use schedule::{Format, Schedule};
use stats::Sprt;
use std::path::PathBuf;
use std::time::Duration;

/// `ply match`: programs play a game against each other.
#[derive(Parser, Debug)]
#[command(
    name = "ply match",
    about = "Play a match or a tournament between players of a game"
)]
struct MatchArgs {
    /// The game: any game name term of the library (`connect4`, `chess('FEN')`, `kalah(6,4)`).
    game: String,
    /// The players, two or more: `minimax:D`, `alphabeta:D`, `negamax:D`, `ordered:D`, `pvs:D`,
    /// `id:MS[:D]`, `mcts:N[:SEED]`, `mcts:time=MS[:SEED]`, `pns`, `pns:time=MS`, `random` or
    /// `FILE.pl[:D]`.
    #[arg(required = true, num_args = 2..)]
    players: Vec<String>,
    /// Games each pairing plays (each opening is played twice, sides swapped).
    #[arg(long, default_value_t = 2)]
    games: u64,
    /// Who meets whom: `round-robin` (everyone meets everyone) or `gauntlet` (the first player
    /// meets each of the others).
    #[arg(long, value_name = "FORMAT", default_value = "round-robin")]
    tournament: String,
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
    /// Wall-clock seconds after which a player that has not answered a move loses the game.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0)]
    move_timeout: f64,
    /// Stop the match as soon as the test decides: `elo0,elo1,alpha,beta`.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    sprt: Option<String>,
    /// Write the games as text: PGN for chess, the same layout in the game's notation for others.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Write one JSON line per game.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Continue from the games already in the --record file (and --pgn) instead of starting over.
    #[arg(long, requires = "record")]
    resume: bool,
    /// Draw the Elo table and the score over time in an SVG file.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
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
    /// Draw the Elo table and the score over time in an SVG file.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
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
                        .map_err(|e| at(words::game_error(&e)))?,
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

/// The players' names, made unique: a name given twice gets `#2`, `#3`... after it, so that
/// the tables and records can tell the players apart.
fn unique_names(given: &[String]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for g in given {
        let mut name = g.clone();
        let mut k = 1;
        while names.contains(&name) {
            k += 1;
            name = format!("{g}#{k}");
        }
        names.push(name);
    }
    names
}

/// A number of seconds as a duration, or an error naming the option.
fn seconds(option: &str, t: f64) -> Result<Duration, String> {
    if t > 0.0 && t.is_finite() {
        Ok(Duration::from_secs_f64(t))
    } else {
        Err(format!(
            "{option} wants a positive number of seconds, not {t}"
        ))
    }
}

/// The players of the command line, each checked before the first game: a program must load
/// and define its move predicate.
fn players(given: &[String], game: &GTerm) -> Result<Vec<PlayerSpec>, String> {
    let mut out = Vec::new();
    for text in given {
        let spec = PlayerSpec::parse(text)?;
        if let PlayerSpec::Program { path, .. } = &spec {
            player::check_program(path, game)?;
        }
        out.push(spec);
    }
    Ok(out)
}

/// The match the command line asks for.
fn config(a: MatchArgs) -> Result<MatchConfig, String> {
    let mut m = crate::system::machine();
    // A file of Prolog is a game written in Prolog (docs/games.md).
    let game_term = if [".pl", ".kif", ".gdl"].iter().any(|e| a.game.ends_with(e)) {
        GTerm::Compound("game".into(), vec![GTerm::Atom(a.game.clone().into())])
    } else {
        read_term(&mut m, &a.game)?
    };
    let game =
        crate::game_predicates::lookup_game(&game_term).map_err(|e| words::game_error(&e))?;
    let format = Format::parse(&a.tournament)?;
    if a.sprt.is_some() && a.players.len() != 2 {
        return Err("--sprt tests a match of two players, not a tournament".into());
    }
    let players = players(&a.players, &game_term)?;
    let openings = match &a.openings {
        Some(p) => read_openings(&mut m, game.as_ref(), p)?,
        None => Vec::new(),
    };
    let time = a
        .time_per_move
        .map(|t| seconds("--time-per-move", t))
        .transpose()?;
    let budget = seconds("--move-timeout", a.move_timeout)?;
    Ok(MatchConfig {
        game: game_term,
        game_text: a.game,
        schedule: Schedule::new(format, players.len(), a.games),
        players,
        names: unique_names(&a.players),
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
            budget: Some(budget),
        },
        sprt: a.sprt.as_deref().map(Sprt::parse).transpose()?,
        pgn: a.pgn,
        record: a.record,
        resume: a.resume,
        plot: a.plot,
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
        Ok(done) => failures_status("ply match", done.failures),
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
        .and_then(|sprt| {
            run::merge(
                &a.files,
                sprt,
                a.record.as_ref(),
                a.plot.as_ref(),
                &mut std::io::stdout(),
            )
        });
    match result {
        Ok(failures) => failures_status("ply match-merge", failures),
        Err(e) => {
            eprintln!("ply match-merge: {e}");
            2
        }
    }
}

/// The exit status of a match that was played to its end: 0, or 1 when a player could not play
/// some game (it raised an error, crashed, hung or made an illegal move), said on stderr too.
fn failures_status(command: &str, failures: u64) -> i32 {
    if failures == 0 {
        return 0;
    }
    eprintln!(
        "{command}: {failures} game(s) lost by a player's failure (the reasons are in braces)"
    );
    1
}
