//! Completion and inspection in the notebook, from the documentation the language server's
//! hover and `help/1` share (`docs.rs`): Tab completes a name from every predicate the machine
//! knows now (the program's included) and every documented one, flags and games; Shift-Tab
//! shows the documentation of the name under the cursor, every arity of it.

use crate::docs::Docs;
use crate::machine::Machine;
use std::collections::BTreeSet;

/// Whether `c` may be part of a name being completed.
fn name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The name around character `cursor` of `code`: its start and end, in characters.
pub fn word_at(code: &str, cursor: usize) -> (usize, usize) {
    let chars: Vec<char> = code.chars().collect();
    let cursor = cursor.min(chars.len());
    let mut start = cursor;
    while start > 0 && name_char(chars[start - 1]) {
        start -= 1;
    }
    let mut end = cursor;
    while end < chars.len() && name_char(chars[end]) {
        end += 1;
    }
    (start, end)
}

/// The names completing `prefix`: the machine's predicates, the documented ones and the
/// documented topics, each once, in order.
pub fn completions(m: &Machine, docs: &Docs, prefix: &str) -> Vec<String> {
    let mut names = BTreeSet::new();
    for p in m.preds() {
        let name = m.atoms().name(p.name);
        if p.defined && !name.starts_with('$') && name.starts_with(prefix) {
            names.insert(name.to_string());
        }
    }
    for (alias, _) in m.pred_aliases() {
        let name = m.atoms().name(alias);
        if name.starts_with(prefix) {
            names.insert(name.to_string());
        }
    }
    for ((name, _), _) in docs.entries() {
        if name.starts_with(prefix) && !name.starts_with('$') {
            names.insert(name.clone());
        }
    }
    for t in docs.topics() {
        if t.name.starts_with(prefix) {
            names.insert(t.name.clone());
        }
    }
    names.into_iter().collect()
}

/// The documentation of `name` in Markdown: every documented arity, then a flag or game of
/// that name; `None` when nothing is documented.
pub fn inspect(docs: &Docs, name: &str) -> Option<String> {
    let mut parts: Vec<String> = docs
        .entries()
        .into_iter()
        .filter(|((n, _), _)| n == name)
        .map(|((n, a), text)| format!("**{n}/{a}**\n\n{text}"))
        .collect();
    for t in docs.topics().iter().filter(|t| t.name == name) {
        parts.push(format!("**{}** ({})\n\n{}", t.name, t.kind, t.text));
    }
    (!parts.is_empty()).then(|| parts.join("\n\n---\n\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_at_the_cursor_takes_letters_of_any_script() {
        let code = "?- минимакс(P, B, V), append(";
        let at = code.chars().count() - 1;
        let (s, e) = word_at(code, at);
        assert_eq!(
            code.chars().skip(s).take(e - s).collect::<String>(),
            "append"
        );
        assert_eq!(word_at("?- мин", 6), (3, 6));
    }

    #[test]
    fn inspection_finds_every_arity_of_a_documented_name() {
        let docs = Docs::new();
        let text = inspect(&docs, "append").expect("append is documented");
        assert!(
            text.contains("append/2") && text.contains("append/3"),
            "{text}"
        );
        assert!(inspect(&docs, "no_such_name_at_all").is_none());
    }
}
