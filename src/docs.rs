//! The documentation of the predicates ply supplies, one source for `help/1` and `apropos/1` at
//! the prompt and for the language server's hover: the game library from the table of
//! `docs/games.md` (the one place it is documented, read when ply is built), and the builtins
//! from `docs/builtins.md` beside this file. A library predicate written in Prolog is
//! documented by the comment above its clauses, which the language server reads like a user's.

use std::collections::HashMap;

/// A predicate by name and arity.
pub type Key = (String, usize);

/// The user documentation of the game library.
pub const GAMES_MD: &str = include_str!("../docs/games.md");

/// One line per builtin: `name/arity | template | what it does`.
const BUILTINS_MD: &str = include_str!("docs/builtins.md");

/// Hover text by predicate.
#[derive(Clone, Debug, Default)]
pub struct Docs {
    by_key: HashMap<Key, String>,
}

impl Docs {
    /// The documentation of the game library and the builtins.
    pub fn new() -> Docs {
        let mut by_key = HashMap::new();
        for (keys, text) in game_rows(GAMES_MD) {
            for k in keys {
                by_key.insert(k, text.clone());
            }
        }
        for line in BUILTINS_MD.lines().filter(|l| !l.starts_with('#')) {
            let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
            let [pi, template, meaning] = cells[..] else {
                continue;
            };
            if let Some(key) = indicator(pi.trim_matches('`')) {
                let text = format!("```prolog\n{template}\n```\n{meaning}\n\n*builtin*");
                by_key.entry(key).or_insert(text);
            }
        }
        Docs { by_key }
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

    #[test]
    fn builtins_are_documented() {
        let docs = Docs::new();
        assert!(docs
            .get(&("is".to_string(), 2))
            .unwrap()
            .contains("evaluates"));
    }
}
