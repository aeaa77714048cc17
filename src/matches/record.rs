//! One finished game as a line of JSON (`--record FILE`), written and read back by hand, and
//! position terms as text that Prolog reads back.
//!
//! A record holds everything `match-merge` needs to score a match again and everything a
//! person needs to replay the game: the start position, the moves in the game's notation, the
//! result and why. It holds nothing that changes from run to run (no times), so the same seed
//! writes the same records byte for byte. The JSON is flat: strings, numbers, booleans, null
//! and one array of strings, so a small reader is enough and no crate is needed.

use crate::games::GTerm;
use crate::reader::quote::{atom_needs_quotes, quote_atom, quote_string};

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's index in the match, from 0; games `2k` and `2k + 1` share opening `k`.
    pub index: u64,
    /// The game's name term as text (`connect4`).
    pub game: String,
    /// The first player as given on the command line.
    pub p1: String,
    /// The second player.
    pub p2: String,
    /// Whether the first player played MAX (the side that moves first in the start position of
    /// the game, White in chess).
    pub p1_max: bool,
    /// The result from MAX's side: `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// Why the game ended, as printed in braces after the result.
    pub reason: String,
    /// The position the game started from (after the opening), as a term.
    pub start: String,
    /// The moves played from `start`, in the game's notation.
    pub moves: Vec<String>,
    /// The error or illegal move that ended the game, if one did.
    pub error: Option<String>,
    /// How the game ended, as the PGN standard's `Termination` tag says it: `normal`,
    /// `adjudication`, `time forfeit`, `rules infraction` or `abandoned`.
    pub termination: String,
}

/// The PGN standard's `Termination` values a game of a match can end with.
pub mod termination {
    /// The game ended by its rules.
    pub const NORMAL: &str = "normal";
    /// The runner declared the result (a draw at the ply limit).
    pub const ADJUDICATION: &str = "adjudication";
    /// A player ran out of time or hung past its budget.
    pub const TIME_FORFEIT: &str = "time forfeit";
    /// A player made an illegal move.
    pub const RULES_INFRACTION: &str = "rules infraction";
    /// A player raised an error, crashed or answered with something that is not a position.
    pub const ABANDONED: &str = "abandoned";
}

impl GameRecord {
    /// The first player's score in halves of a point: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn p1_halves(&self) -> u8 {
        let max_halves = match self.result.as_str() {
            "1-0" => 2,
            "0-1" => 0,
            _ => 1,
        };
        if self.p1_max {
            max_halves
        } else {
            2 - max_halves
        }
    }

    /// The record as one line of JSON, without the line break.
    pub fn to_json(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| json_string(m)).collect();
        let error = self
            .error
            .as_deref()
            .map_or("null".to_string(), json_string);
        format!(
            "{{\"index\":{},\"game\":{},\"p1\":{},\"p2\":{},\"p1_max\":{},\"result\":{},\"p1_score\":{},\"reason\":{},\"start\":{},\"plies\":{},\"moves\":[{}],\"error\":{},\"termination\":{}}}",
            self.index,
            json_string(&self.game),
            json_string(&self.p1),
            json_string(&self.p2),
            self.p1_max,
            json_string(&self.result),
            match self.p1_halves() {
                2 => "1",
                1 => "0.5",
                _ => "0",
            },
            json_string(&self.reason),
            json_string(&self.start),
            self.moves.len(),
            moves.join(","),
            error,
            json_string(&self.termination)
        )
    }

    /// A record read back from a line written by [`GameRecord::to_json`].
    pub fn from_json(line: &str) -> Result<GameRecord, String> {
        let fields = parse_object(line)?;
        let get = |k: &str| {
            fields
                .iter()
                .find(|(name, _)| name == k)
                .map(|(_, v)| v)
                .ok_or_else(|| format!("no field `{k}`"))
        };
        let text = |k: &str| match get(k)? {
            Json::Str(s) => Ok(s.clone()),
            _ => Err(format!("field `{k}` is not a string")),
        };
        let index = match get("index")? {
            Json::Num(n) => n
                .parse::<u64>()
                .map_err(|_| "field `index` is not a count".to_string())?,
            _ => return Err("field `index` is not a number".into()),
        };
        let p1_max = match get("p1_max")? {
            Json::Bool(b) => *b,
            _ => return Err("field `p1_max` is not a boolean".into()),
        };
        let moves = match get("moves")? {
            Json::List(items) => items.clone(),
            _ => return Err("field `moves` is not a list".into()),
        };
        let error = match get("error")? {
            Json::Null => None,
            Json::Str(s) => Some(s.clone()),
            _ => return Err("field `error` is neither a string nor null".into()),
        };
        // Records written before the field existed: a game with an error was abandoned.
        let termination = match get("termination") {
            Ok(Json::Str(s)) => s.clone(),
            Ok(_) => return Err("field `termination` is not a string".into()),
            Err(_) if error.is_some() => termination::ABANDONED.to_string(),
            Err(_) => termination::NORMAL.to_string(),
        };
        let result = text("result")?;
        if !matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2") {
            return Err(format!("`{result}` is not a result"));
        }
        Ok(GameRecord {
            index,
            game: text("game")?,
            p1: text("p1")?,
            p2: text("p2")?,
            p1_max,
            result,
            reason: text("reason")?,
            start: text("start")?,
            moves,
            error,
            termination,
        })
    }
}

/// `s` as a JSON string.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A value of a record's JSON.
#[derive(Clone, Debug, PartialEq)]
enum Json {
    Str(String),
    Num(String),
    Bool(bool),
    Null,
    List(Vec<String>),
}

/// A reader over the characters of one line.
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.chars.next();
        }
    }

    fn expect(&mut self, want: char) -> Result<(), String> {
        self.skip_space();
        match self.chars.next() {
            Some(c) if c == want => Ok(()),
            Some(c) => Err(format!("expected `{want}`, found `{c}`")),
            None => Err(format!("expected `{want}`, found the end of the line")),
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect('"')?;
        let mut out = String::new();
        loop {
            match self.chars.next() {
                None => return Err("unterminated string".into()),
                Some('"') => return Ok(out),
                Some('\\') => match self.chars.next() {
                    Some('n') => out.push('\n'),
                    Some('r') => out.push('\r'),
                    Some('t') => out.push('\t'),
                    Some('b') => out.push('\u{8}'),
                    Some('f') => out.push('\u{c}'),
                    Some('u') => {
                        let hex: String = (0..4).filter_map(|_| self.chars.next()).collect();
                        let code = u32::from_str_radix(&hex, 16)
                            .map_err(|_| format!("bad escape \\u{hex}"))?;
                        out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                    }
                    Some(c) => out.push(c),
                    None => return Err("unterminated string".into()),
                },
                Some(c) => out.push(c),
            }
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.skip_space();
        match self.chars.peek() {
            Some('"') => Ok(Json::Str(self.string()?)),
            Some('[') => {
                self.chars.next();
                let mut items = Vec::new();
                self.skip_space();
                if self.chars.peek() == Some(&']') {
                    self.chars.next();
                    return Ok(Json::List(items));
                }
                loop {
                    items.push(self.string()?);
                    self.skip_space();
                    match self.chars.next() {
                        Some(',') => continue,
                        Some(']') => return Ok(Json::List(items)),
                        _ => return Err("a list of strings is not closed".into()),
                    }
                }
            }
            Some(_) => {
                let mut word = String::new();
                while let Some(&c) = self.chars.peek() {
                    if c == ',' || c == '}' || c.is_whitespace() {
                        break;
                    }
                    word.push(c);
                    self.chars.next();
                }
                match word.as_str() {
                    "true" => Ok(Json::Bool(true)),
                    "false" => Ok(Json::Bool(false)),
                    "null" => Ok(Json::Null),
                    w if w.parse::<f64>().is_ok() => Ok(Json::Num(word)),
                    _ => Err(format!("`{word}` is not a value")),
                }
            }
            None => Err("a value is missing".into()),
        }
    }
}

/// The fields of a flat JSON object, in order.
fn parse_object(line: &str) -> Result<Vec<(String, Json)>, String> {
    let mut r = Reader {
        chars: line.chars().peekable(),
    };
    r.expect('{')?;
    let mut fields = Vec::new();
    r.skip_space();
    if r.chars.peek() == Some(&'}') {
        r.chars.next();
        return Ok(fields);
    }
    loop {
        let name = r.string()?;
        r.expect(':')?;
        fields.push((name, r.value()?));
        r.skip_space();
        match r.chars.next() {
            Some(',') => continue,
            Some('}') => break,
            _ => return Err("an object is not closed".into()),
        }
    }
    r.skip_space();
    match r.chars.next() {
        None => Ok(fields),
        Some(c) => Err(format!("text after the object: `{c}`")),
    }
}

/// A ground game term as `writeq/1` writes it, so that it reads back as itself. Game terms are
/// a few levels deep (positions of a board game), so recursion over them is bounded.
pub fn term_text(t: &GTerm) -> String {
    let mut out = String::new();
    write_term(t, &mut out);
    out
}

fn atom_text(name: &str) -> String {
    if atom_needs_quotes(name) {
        quote_atom(name)
    } else {
        name.to_string()
    }
}

fn write_term(t: &GTerm, out: &mut String) {
    match t {
        GTerm::Int(i) => out.push_str(&i.to_string()),
        GTerm::Atom(name) => out.push_str(&atom_text(name)),
        GTerm::Str(s) => out.push_str(&quote_string(s)),
        GTerm::Compound(name, args) => {
            out.push_str(&atom_text(name));
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_term(a, out);
            }
            out.push(')');
        }
        GTerm::List(items) => {
            out.push('[');
            for (i, a) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_term(a, out);
            }
            out.push(']');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_itself() {
        let r = GameRecord {
            index: 7,
            game: "chess('8/8/8/8/8/8/8/K6k w - - 0 1')".into(),
            p1: "players/alphabeta_en.pl:3".into(),
            p2: "random".into(),
            p1_max: false,
            result: "1/2-1/2".into(),
            reason: "Draw by adjudication: 200 plies".into(),
            start: "c4(inf,x,[[],[],[],[],[],[],[]])".into(),
            moves: vec!["e4".into(), "O-O".into(), "a\"b\\c\n".into()],
            error: Some("MAX raised error: \"x\"".into()),
            termination: termination::ABANDONED.into(),
        };
        let line = r.to_json();
        assert!(!line.contains('\n'));
        assert_eq!(GameRecord::from_json(&line), Ok(r.clone()));
        let r2 = GameRecord {
            moves: vec![],
            error: None,
            termination: termination::NORMAL.into(),
            ..r
        };
        assert_eq!(GameRecord::from_json(&r2.to_json()), Ok(r2));
        assert!(GameRecord::from_json("{\"index\":1}").is_err());
        assert!(GameRecord::from_json("not json").is_err());
    }

    #[test]
    fn terms_are_written_as_writeq_writes_them() {
        let t = GTerm::compound(
            "c4",
            vec![
                GTerm::atom("inf"),
                GTerm::Atom("Hello world".to_string().into()),
                GTerm::List(vec![GTerm::Int(-3), GTerm::atom("[]")]),
            ],
        );
        assert_eq!(term_text(&t), "c4(inf,'Hello world',[-3,[]])");
    }
}
