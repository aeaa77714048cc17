//! The text record of a match (`--pgn FILE`): chess games in Portable Game Notation, the format
//! every chess GUI and database reads, and the games of every other game in the same layout with
//! the moves in that game's own notation.
//!
//! A chess game has the seven-tag roster with the real date, a `FEN` tag when it did not start
//! from the standard position, and the moves in SAN with move numbers. Another game has the same
//! tags, a `Game` tag with its name term and a `Start` tag with its start position as a term
//! (PGN's `FEN` is chess's), and its moves numbered as PGN numbers them, the first player's (MAX)
//! move opening each number. The `Termination` tag takes the PGN standard's values (`normal`,
//! `adjudication`, `time forfeit`, `rules infraction`, `abandoned`), and the comment after the
//! moves says the reason in words.

use super::record::{term_text, GameRecord};
use crate::games::chess::fen::write_fen;
use crate::games::chess::term::read_position;
use crate::games::{DynGame, GTerm};

/// The FEN of the standard start position, which PGN leaves out.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One game as PGN text (PGN-like for a game other than chess), ending with a blank line;
/// `date` is the `Date` tag's value, `YYYY.MM.DD`.
pub fn game_text(r: &GameRecord, start: &GTerm, game: &dyn DynGame, date: &str) -> String {
    let (white, black) = if r.p1_max {
        (&r.p1, &r.p2)
    } else {
        (&r.p2, &r.p1)
    };
    let mut out = String::new();
    out.push_str(&format!(
        "[Event \"ply match\"]\n[Site \"?\"]\n[Date \"{date}\"]\n"
    ));
    out.push_str(&format!("[Round \"{}\"]\n", r.index + 1));
    out.push_str(&format!(
        "[White \"{}\"]\n[Black \"{}\"]\n",
        escape(white),
        escape(black)
    ));
    out.push_str(&format!("[Result \"{}\"]\n", r.result));
    let (white_to_move, number) = match read_position(start) {
        Ok((board, _)) if r.game.starts_with("chess") => {
            let fen = write_fen(&board);
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let white = fields.get(1) != Some(&"b");
            let number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1u64);
            if fen != START_FEN {
                out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
            }
            (white, number)
        }
        _ => {
            out.push_str(&format!("[Game \"{}\"]\n", escape(&r.game)));
            out.push_str(&format!("[Start \"{}\"]\n", escape(&term_text(start))));
            (game.max_to_move(start).unwrap_or(true), 1)
        }
    };
    out.push_str(&format!("[PlyCount \"{}\"]\n", r.moves.len()));
    out.push_str(&format!("[Termination \"{}\"]\n\n", escape(&r.termination)));
    out.push_str(&movetext(r, white_to_move, number));
    out
}

/// The numbered moves, the reason as a comment and the result, in lines of at most 80
/// characters as the PGN standard asks for its export format.
fn movetext(r: &GameRecord, white_to_move: bool, mut number: u64) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut white = white_to_move;
    for (i, m) in r.moves.iter().enumerate() {
        if white {
            words.push(format!("{number}. {m}"));
        } else if i == 0 {
            words.push(format!("{number}... {m}"));
        } else {
            words.push(m.clone());
        }
        if !white {
            number += 1;
        }
        white = !white;
    }
    words.push(format!("{{{}}} {}", r.reason.replace('}', ")"), r.result));
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// A tag value with its quotes and backslashes escaped.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Today's date in UTC as PGN writes dates, `YYYY.MM.DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`, from his note "chrono-Compatible Low-Level Date Algorithms").
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_786), (2026, 11, 29));
        assert_eq!(today().len(), 10);
    }
}
