//! The documentation of everything ply supplies, one source for `help/1` and `apropos/1` at
//! the prompt and for the language server's hover: the game library from the tables of
//! `docs/games.md` (its predicates and its games, the one place they are documented, read when
//! ply is built), the builtins from `docs/builtins.md` beside this file, the predicates of the
//! Prolog library from `docs/library.md`, the toplevel's commands from `docs/toplevel.md` and
//! the flags from `docs/flags.md`. Each of those files holds one line per entry,
//! `` `name/arity` | template | what it does `` (a flag's line names the flag alone), under
//! `## ` headings that say where the entries come from.

use std::collections::HashMap;

/// A predicate by name and arity.
pub type Key = (String, usize);

/// The user documentation of the game library.
pub const GAMES_MD: &str = include_str!("../docs/games.md");

/// The files of one-line entries, each with what its entries are before any heading, and
/// whether a `## ` heading says what the entries under it are (`## library(lists)`) or only
/// groups them.
const ENTRY_FILES: &[(&str, &str, bool)] = &[
    (include_str!("docs/builtins.md"), "builtin", false),
    (include_str!("docs/library.md"), "library", true),
    (include_str!("docs/toplevel.md"), "toplevel command", true),
];

/// The flags, one line each: `` `name` | values | meaning ``.
const FLAGS_MD: &str = include_str!("docs/flags.md");

/// Something documented that is not a predicate: a flag or a game.
#[derive(Clone, Debug)]
pub struct Topic {
    /// `flag` or `game`.
    pub kind: &'static str,
    /// The flag's or the game's name.
    pub name: String,
    /// Its documentation, in Markdown.
    pub text: String,
}

/// Hover text by predicate, and the other topics.
#[derive(Clone, Debug, Default)]
pub struct Docs {
    by_key: HashMap<Key, String>,
    topics: Vec<Topic>,
}

impl Docs {
    /// Every entry of the documentation.
    pub fn new() -> Docs {
        let mut by_key = HashMap::new();
        for (keys, text) in game_rows(GAMES_MD) {
            for k in keys {
                by_key.insert(k, text.clone());
            }
        }
        for (md, origin, headed) in ENTRY_FILES {
            for (pi, template, meaning, section) in entry_lines(md, origin, *headed) {
                if let Some(key) = indicator(pi) {
                    let text = format!("```prolog\n{template}\n```\n{meaning}\n\n*{section}*");
                    by_key.entry(key).or_insert(text);
                }
            }
        }
        let mut topics: Vec<Topic> = entry_lines(FLAGS_MD, "flag", false)
            .into_iter()
            .map(|(name, values, meaning, _)| Topic {
                kind: "flag",
                name: name.to_string(),
                text: format!("{meaning}\nValues: {values}\n\n*flag*"),
            })
            .collect();
        topics.extend(game_topics(GAMES_MD));
        Docs { by_key, topics }
    }

    /// The documentation of `key`, in Markdown.
    pub fn get(&self, key: &Key) -> Option<&str> {
        self.by_key.get(key).map(String::as_str)
    }

    /// Every documented predicate with its documentation, in name and arity order.
    pub fn entries(&self) -> Vec<(&Key, &str)> {
        let mut all: Vec<(&Key, &str)> = self.by_key.iter().map(|(k, v)| (k, v.as_str())).collect();
        all.sort();
        all
    }

    /// The topic of kind `kind` (`flag`, `game`) named `name`.
    pub fn topic(&self, kind: &str, name: &str) -> Option<&Topic> {
        self.topics
            .iter()
            .find(|t| t.kind == kind && t.name == name)
    }

    /// Every flag and game documented, flags first, each in its file's order.
    pub fn topics(&self) -> &[Topic] {
        &self.topics
    }
}

/// The entry lines of one file: the first cell with its backquotes taken off, the template,
/// the meaning, and what the entry is (`origin`, or the `## ` heading above it when the file's
/// headings are `headed`).
fn entry_lines<'a>(
    md: &'a str,
    origin: &str,
    headed: bool,
) -> Vec<(&'a str, &'a str, &'a str, String)> {
    let mut section = origin.to_string();
    let mut out = Vec::new();
    for line in md.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            if headed {
                section = h.trim().to_string();
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line.splitn(3, " | ").map(str::trim).collect();
        if let [name, template, meaning] = cells[..] {
            out.push((name.trim_matches('`'), template, meaning, section.clone()));
        }
    }
    out
}

/// The games of the table of name terms of `games.md`: each game's functor, with the names it
/// takes and what its moves and values are.
fn game_topics(md: &str) -> Vec<Topic> {
    let mut out = Vec::new();
    let mut in_table = false;
    for line in md.lines() {
        if line.starts_with("| name term | position term |") {
            in_table = true;
            continue;
        }
        if !in_table || line.starts_with("|---") {
            continue;
        }
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
        let [names, position, moves, value, ..] = cells[..] else {
            continue;
        };
        // The functors of the name terms written in backquotes (`puzzle8` and `puzzle15`
        // share a row); a variable or a quoted atom in the notes is none.
        let mut functors: Vec<&str> = Vec::new();
        for quoted in names.split('`').skip(1).step_by(2) {
            let f = quoted.split('(').next().unwrap_or(quoted);
            if f.starts_with(|c: char| c.is_ascii_lowercase()) && !functors.contains(&f) {
                functors.push(f);
            }
        }
        for name in functors {
            let text = format!(
                "Name terms: {names}\n\nPositions: {position}. Moves: {moves}. Static value: \
             {value}.\n\n`initial_position({name}, Depth, Pos)` starts it; \
             `play({name})` in programs/games/play.pl plays it against the textbook alpha-beta.\n\n\
             *game* (docs/games.md)"
            );
            out.push(Topic {
                kind: "game",
                name: name.to_string(),
                text,
            });
        }
    }
    out
}

/// The line of the predicate table of `games.md` that documents `key`, as a byte span of
/// [`GAMES_MD`].
pub fn games_row(key: &Key) -> Option<crate::reader::Span> {
    let mut offset = 0;
    for line in GAMES_MD.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        if !line.starts_with("| `") {
            continue;
        }
        let cells: Vec<&str> = line
            .trim_end()
            .trim_matches('|')
            .split(" | ")
            .map(|c| c.trim().trim_matches('`'))
            .collect();
        if cells.len() >= 3
            && cells[..2]
                .iter()
                .any(|c| template_key(c).as_ref() == Some(key))
        {
            return Some(crate::reader::Span::new(
                start,
                start + line.trim_end().len(),
            ));
        }
    }
    None
}

/// `name/arity` as a key.
fn indicator(pi: &str) -> Option<Key> {
    let (name, arity) = pi.rsplit_once('/')?;
    Some((name.to_string(), arity.parse().ok()?))
}

/// The rows of the predicate table of `games.md`: the Russian and English predicate of each,
/// and the hover text that shows both with their meaning.
fn game_rows(md: &str) -> Vec<(Vec<Key>, String)> {
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in md.lines() {
        if line.starts_with("| Russian | English |") {
            in_table = true;
            continue;
        }
        if !in_table {
            continue;
        }
        if !line.starts_with('|') {
            if !rows.is_empty() {
                break;
            }
            continue;
        }
        let cells: Vec<&str> = line
            .trim_matches('|')
            .split(" | ")
            .map(|c| c.trim().trim_matches('`'))
            .collect();
        if cells.len() < 3 || cells[0].starts_with("---") {
            continue;
        }
        let keys: Vec<Key> = cells[..2].iter().filter_map(|c| template_key(c)).collect();
        if keys.len() != 2 {
            continue;
        }
        let meaning = cells[2..].join(" | ");
        let text = format!(
            "```prolog\n{}\n{}\n```\n{meaning}\n\n*game library* (docs/games.md)",
            cells[0], cells[1]
        );
        rows.push((keys, text));
    }
    rows
}

/// The predicate of a template such as `ходы(+Поз, -СписПоз)`, `натив_минимакс/5` or
/// `сбросить_счетчики`.
fn template_key(t: &str) -> Option<Key> {
    if let Some(k) = indicator(t).filter(|(n, _)| !n.contains('(')) {
        return Some(k);
    }
    match t.split_once('(') {
        Some((name, args)) => Some((name.to_string(), args.matches(',').count() + 1)),
        None if !t.is_empty() && !t.contains(' ') => Some((t.to_string(), 0)),
        None => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_names_of_a_game_predicate_have_the_row() {
        let docs = Docs::new();
        let ru = docs.get(&("ходы".to_string(), 2)).unwrap();
        let en = docs.get(&("moves".to_string(), 2)).unwrap();
        assert_eq!(ru, en);
        assert!(ru.contains("ходы(+Поз, -СписПоз)"));
        assert!(ru.contains("moves(+Pos, -SuccList)"));
        assert!(ru.contains("fails at depth 0"));
        assert!(docs.get(&("натив_минимакс".to_string(), 5)).is_some());
        assert!(docs.get(&("reset_game_counters".to_string(), 0)).is_some());
        assert!(docs.get(&("ход".to_string(), 3)).is_some());
        let row = games_row(&("native_minimax".to_string(), 5)).unwrap();
        assert!(GAMES_MD[row.start..row.end].starts_with("| `натив_минимакс/5` |"));
    }

    /// A predicate has one entry: a second one, in another file, would never be shown.
    #[test]
    fn no_predicate_is_documented_twice() {
        let mut seen: HashMap<Key, &str> = HashMap::new();
        let mut twice = Vec::new();
        let games = game_rows(GAMES_MD).into_iter().flat_map(|(keys, _)| keys);
        let files = ENTRY_FILES.iter().flat_map(|(md, origin, headed)| {
            entry_lines(md, origin, *headed)
                .into_iter()
                .filter_map(move |(pi, ..)| indicator(pi).map(|k| (k, *origin)))
        });
        for (key, file) in games.map(|k| (k, "games.md")).chain(files) {
            if let Some(first) = seen.insert(key.clone(), file) {
                twice.push(format!("{}/{} ({first}, {file})", key.0, key.1));
            }
        }
        assert!(twice.is_empty(), "documented twice: {twice:?}");
    }

    #[test]
    fn builtins_are_documented() {
        let docs = Docs::new();
        assert!(docs
            .get(&("is".to_string(), 2))
            .unwrap()
            .contains("evaluates"));
    }
}
