//! Chess games of a match in Portable Game Notation (`--pgn FILE`), the format every chess GUI
//! and database reads: the seven-tag roster, a `FEN` tag when the game did not start from the
//! standard position, and the moves in SAN with move numbers.
//!
//! PGN is chess's own format, so this file reads chess positions; `ply match` refuses `--pgn`
//! for any other game.

use super::record::GameRecord;
use crate::games::chess::fen::write_fen;
use crate::games::chess::term::read_position;
use crate::games::GTerm;

/// The FEN of the standard start position, which PGN leaves out.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One game as PGN text, ending with a blank line.
pub fn game_text(r: &GameRecord, start: &GTerm) -> String {
    let (white, black) = if r.p1_max {
        (&r.p1, &r.p2)
    } else {
        (&r.p2, &r.p1)
    };
    let mut out = String::new();
    out.push_str("[Event \"ply match\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n");
    out.push_str(&format!("[Round \"{}\"]\n", r.index + 1));
    out.push_str(&format!(
        "[White \"{}\"]\n[Black \"{}\"]\n",
        escape(white),
        escape(black)
    ));
    out.push_str(&format!("[Result \"{}\"]\n", r.result));
    let (fen, white_to_move, mut number) = match read_position(start) {
        Ok((board, _)) => {
            let fen = write_fen(&board);
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let white = fields.get(1) != Some(&"b");
            let number = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1u64);
            (Some(fen), white, number)
        }
        Err(_) => (None, true, 1),
    };
    if let Some(fen) = fen.filter(|f| f != START_FEN) {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    }
    out.push_str(&format!("[PlyCount \"{}\"]\n", r.moves.len()));
    out.push_str(&format!("[Termination \"{}\"]\n\n", escape(&r.reason)));
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
    words.push(format!("{{{}}} {}", r.reason, r.result));
    // Lines of at most 80 characters, as the PGN standard asks for export format.
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
