//! Reading records back: the JSON lines of a match for `match-merge` and for `--resume`, and
//! the cutting of a record that a killed run left behind.
//!
//! A run writes each game's lines whole and flushes them, in game order, so a run killed at any
//! moment (even `kill -9`) leaves a record that is a prefix of its games, plus at most one torn
//! line at the end. Resuming cuts the torn line off and plays every game the record does not
//! hold, so no game is lost and none is counted twice. The text record (PGN) is written just
//! before the JSON line of the same game, so it holds at most one game more than the JSON
//! record, and a torn one; resuming cuts it back to the games of the JSON record.

use super::record::GameRecord;
use std::path::Path;

/// The records of a file and the length of its whole lines; a last line that is torn (no line
/// break and not a record) is left out.
pub fn read_records(path: &Path) -> Result<(Vec<GameRecord>, u64), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    let mut valid = 0u64;
    let mut rest = text.as_str();
    let mut number = 0;
    while !rest.is_empty() {
        number += 1;
        let (line, whole) = match rest.find('\n') {
            Some(at) => (&rest[..at], at + 1),
            None => (rest, rest.len()),
        };
        let torn = !rest[..whole].ends_with('\n');
        rest = &rest[whole..];
        if line.trim().is_empty() {
            valid += whole as u64;
            continue;
        }
        // A last line without its line break was torn by a kill, even if its text is whole:
        // its game is played again.
        if torn {
            break;
        }
        match GameRecord::from_json(line) {
            Ok(r) => {
                out.push(r);
                valid += whole as u64;
            }
            Err(e) => return Err(format!("{}:{number}: {e}", path.display())),
        }
    }
    Ok((out, valid))
}

/// Cut the record at `path` back to its whole lines, after a killed run.
pub fn cut_to(path: &Path, len: u64) -> Result<(), String> {
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.set_len(len)
        .map_err(|e| format!("cannot cut {}: {e}", path.display()))
}

/// Cut a PGN file back to the games whose `Round` (game number) is in `keep`: everything from
/// the first game that is not is dropped, since a killed run wrote its games in order.
pub fn cut_pgn(path: &Path, keep: &dyn Fn(u64) -> bool) -> Result<(), String> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Ok(());
    };
    let mut starts: Vec<usize> = text.match_indices("[Event ").map(|(i, _)| i).collect();
    starts.retain(|&i| i == 0 || text[..i].ends_with('\n'));
    let mut len = text.len();
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(text.len());
        let game = &text[start..end];
        let round = game
            .lines()
            .find_map(|l| l.strip_prefix("[Round \""))
            .and_then(|r| r.trim_end_matches("\"]").parse::<u64>().ok());
        let complete = game.ends_with("\n\n");
        if !complete || !round.is_some_and(|r| r >= 1 && keep(r - 1)) {
            len = start;
            break;
        }
    }
    if starts.is_empty() {
        len = 0;
    }
    cut_to(path, len as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::record::termination;

    fn record(index: u64) -> GameRecord {
        GameRecord {
            index,
            game: "tictactoe".into(),
            p1: "random".into(),
            p2: "random#2".into(),
            p1_max: index.is_multiple_of(2),
            result: "1-0".into(),
            reason: "MAX wins".into(),
            start: "ttt".into(),
            moves: vec!["a1".into()],
            error: None,
            termination: termination::NORMAL.into(),
        }
    }

    #[test]
    fn a_torn_last_line_is_cut_and_whole_lines_are_kept() {
        let dir = std::env::temp_dir().join(format!("ply_resume_unit_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("r.jsonl");
        let whole = format!("{}\n{}\n", record(0).to_json(), record(1).to_json());
        // A torn line, even one whose text is a whole record, is cut.
        for torn in ["{\"index\":2,\"ga".to_string(), record(2).to_json()] {
            std::fs::write(&path, format!("{whole}{torn}")).unwrap();
            let (read, valid) = read_records(&path).unwrap();
            assert_eq!(read, vec![record(0), record(1)]);
            assert_eq!(valid, whole.len() as u64);
            cut_to(&path, valid).unwrap();
            assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
        }
        // A broken line in the middle is an error, not a cut.
        std::fs::write(&path, format!("not json\n{whole}")).unwrap();
        assert!(read_records(&path).unwrap_err().contains(":1: "));
        // PGN: games kept up to the first one the JSON record does not hold.
        let pgn = dir.join("r.pgn");
        let game = |n: u64| format!("[Event \"ply match\"]\n[Round \"{n}\"]\n\n1. a1 1-0\n\n");
        std::fs::write(
            &pgn,
            format!("{}{}{}[Event \"ply", game(1), game(2), game(3)),
        )
        .unwrap();
        cut_pgn(&pgn, &|g| g < 2).unwrap();
        assert_eq!(
            std::fs::read_to_string(&pgn).unwrap(),
            format!("{}{}", game(1), game(2))
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
