//! One game of a match, from its opening position to its end: the players move in turn, every
//! move is checked against the game's legal successors, and the game ends when the game says
//! so, when a side has no move, at the ply limit (a draw by adjudication) or when a player
//! fails (an error, an illegal move, the time limit), which loses the game for that player.
//!
//! Positions are kept with no horizon (`inf`), so that the game's own move generator decides
//! what is legal; a player sees the position with its own horizon set, and whatever horizon its
//! answer carries is dropped before the answer is compared with the legal successors.

use super::player::{Failure, Limits, Player, PlayerSpec};
use super::record::{term_text, termination, GameRecord};
use super::rng::SplitMix;
use crate::games::{DynGame, GTerm, Outcome, UNLIMITED};

/// What the streams of random numbers of a match are for.
pub mod stream {
    /// The random plies of an opening.
    pub const OPENING: u64 = 0;
    /// The choices of the first player.
    pub const PLAYER1: u64 = 1;
    /// The choices of the second player.
    pub const PLAYER2: u64 = 2;
    /// The seed of `random/1` inside Prolog players.
    pub const PROLOG: u64 = 3;
}

/// Everything that decides one game.
pub struct GameSetup<'a> {
    /// The game's index in the match.
    pub index: u64,
    /// The game's name as text, for the record.
    pub game_text: &'a str,
    /// The two players and their names.
    pub players: [&'a PlayerSpec; 2],
    /// The names of the players as given on the command line.
    pub names: [&'a str; 2],
    /// Whether the first player plays MAX.
    pub p1_max: bool,
    /// The position the game starts from.
    pub start: GTerm,
    /// The match seed.
    pub seed: u64,
    /// Plies after which the game is adjudicated a draw (0: no limit).
    pub max_plies: u64,
    /// The limits of every move.
    pub limits: Limits,
}

/// The position `plies` random plies from `start` (fewer if the game ends earlier than that
/// in every one of a hundred tries), chosen with the stream of opening `opening`.
pub fn random_opening(
    game: &dyn DynGame,
    start: &GTerm,
    plies: u32,
    seed: u64,
    opening: u64,
) -> GTerm {
    let mut rng = SplitMix::derived(seed, stream::OPENING, opening);
    let mut best = start.clone();
    let mut best_len = 0;
    for _ in 0..100 {
        let mut pos = start.clone();
        let mut len = 0;
        while len < plies {
            let succs = match game.successors(&pos) {
                Ok(s) if !s.is_empty() && matches!(game.outcome(&pos), Ok(None)) => s,
                _ => break,
            };
            pos = succs[rng.below(succs.len() as u64) as usize].clone();
            len += 1;
        }
        let open = game.successors(&pos).is_ok_and(|s| !s.is_empty())
            && matches!(game.outcome(&pos), Ok(None));
        if len == plies && open {
            return pos;
        }
        if len > best_len && open {
            best = pos;
            best_len = len;
        }
    }
    best
}

/// Play one game to its end.
pub fn play_game(game: &dyn DynGame, s: &GameSetup) -> GameRecord {
    crate::arith::random::seed_random(
        SplitMix::derived(s.seed, stream::PROLOG, s.index).next_u64(),
    );
    let mut players = [
        Player::new(
            s.players[0],
            SplitMix::derived(s.seed, stream::PLAYER1, s.index).next_u64(),
            &game.name(),
        ),
        Player::new(
            s.players[1],
            SplitMix::derived(s.seed, stream::PLAYER2, s.index).next_u64(),
            &game.name(),
        ),
    ];
    let mut record = GameRecord {
        index: s.index,
        game: s.game_text.to_string(),
        p1: s.names[0].to_string(),
        p2: s.names[1].to_string(),
        p1_max: s.p1_max,
        result: String::new(),
        reason: String::new(),
        start: term_text(&s.start),
        moves: Vec::new(),
        error: None,
        termination: termination::NORMAL.to_string(),
    };
    let mut pos = s.start.clone();
    let finish = |record: &mut GameRecord, result: &str, reason: String| {
        record.result = result.to_string();
        record.reason = reason;
    };
    // A player's failure: the game is lost for it, and the record says why and how.
    let fail = |record: &mut GameRecord, result: &str, reason: String, how: &str| {
        record.error = Some(reason.clone());
        record.termination = how.to_string();
        finish(record, result, reason);
    };
    loop {
        let max_moves = game.max_to_move(&pos).unwrap_or(true);
        let side = if max_moves { "MAX" } else { "MIN" };
        let loses = if max_moves { "0-1" } else { "1-0" };
        match game.outcome(&pos) {
            Ok(Some(Outcome::MaxWins)) => {
                finish(&mut record, "1-0", "MAX wins".into());
                break;
            }
            Ok(Some(Outcome::MinWins)) => {
                finish(&mut record, "0-1", "MIN wins".into());
                break;
            }
            Ok(Some(Outcome::Draw)) => {
                finish(&mut record, "1/2-1/2", "Draw".into());
                break;
            }
            Ok(None) => {}
            Err(e) => {
                finish(
                    &mut record,
                    "1/2-1/2",
                    format!("Draw: bad position ({})", super::words::game_error(&e)),
                );
                break;
            }
        }
        let succs = game.successors(&pos).unwrap_or_default();
        if succs.is_empty() {
            finish(&mut record, "1/2-1/2", "Draw: no legal move".into());
            break;
        }
        if s.max_plies > 0 && record.moves.len() as u64 >= s.max_plies {
            finish(
                &mut record,
                "1/2-1/2",
                format!("Draw by adjudication: {} plies", s.max_plies),
            );
            record.termination = termination::ADJUDICATION.to_string();
            break;
        }
        let who = usize::from(max_moves != s.p1_max);
        // A panic under a player (a bug of the engine) ends its game, not the match.
        let chosen = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            players[who].choose(game, &pos, s.limits)
        }))
        .unwrap_or_else(|p| Err(Failure::Crash(panic_text(p.as_ref()))));
        match chosen {
            Ok(next) => {
                let legal = game
                    .with_depth(&next, UNLIMITED)
                    .ok()
                    .filter(|n| succs.contains(n));
                match legal {
                    Some(n) => {
                        let notation = game
                            .move_between(&pos, &n)
                            .unwrap_or_else(|_| term_text(&n));
                        record.moves.push(notation);
                        pos = n;
                    }
                    None if game.check(&next).is_err() => {
                        let text = format!(
                            "{side} answers with garbage, no position of the game: {}",
                            term_text(&next)
                        );
                        fail(&mut record, loses, text, termination::RULES_INFRACTION);
                        break;
                    }
                    None => {
                        // The legal moves, as a person playing the game would be shown them.
                        let legal: Vec<String> = succs
                            .iter()
                            .map(|s| game.move_between(&pos, s).unwrap_or_else(|_| term_text(s)))
                            .collect();
                        let text = format!(
                            "{side} makes an illegal move: {}; legal moves: {}",
                            term_text(&next),
                            legal.join(", ")
                        );
                        fail(&mut record, loses, text, termination::RULES_INFRACTION);
                        break;
                    }
                }
            }
            Err(Failure::Timeout) => {
                let text = match (s.limits.time, s.limits.budget) {
                    (None, Some(b)) => format!(
                        "{side} hangs: no move within its budget of {} s",
                        b.as_secs_f64()
                    ),
                    _ => format!("{side} loses on time"),
                };
                fail(&mut record, loses, text, termination::TIME_FORFEIT);
                break;
            }
            Err(Failure::Error(e)) => {
                let text = format!("{side} raises an error: {e}");
                fail(&mut record, loses, text, termination::ABANDONED);
                break;
            }
            Err(Failure::Crash(e)) => {
                let text = format!("{side} crashes: {e}");
                fail(&mut record, loses, text, termination::ABANDONED);
                break;
            }
        }
    }
    record
}

/// The message of a panic, as far as it is text.
fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        format!("panic: {s}")
    } else if let Some(s) = p.downcast_ref::<String>() {
        format!("panic: {s}")
    } else {
        "panic".to_string()
    }
}
