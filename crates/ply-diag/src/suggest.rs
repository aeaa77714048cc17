//! Guessing what was meant by a procedure that does not exist.
//!
//! "Unknown procedure: foo/2" is more helpful with "did you mean foo/3, fob/2?". Candidates are
//! the same name with another arity first, then names a few edits away (counted in characters,
//! so Cyrillic names work) or names that differ only by Latin/Cyrillic look-alike letters. This
//! module only ranks names it is given; it never looks anything up itself.

use crate::confusables::skeleton;
use crate::edit_distance::edit_distance;
use crate::term_text::quoted_atom;

/// At most this many suggestions are returned.
pub const MAX_SUGGESTIONS: usize = 3;

/// The largest edit distance at which a name of `len` characters still suggests another.
/// Short names are close to too many others to make guesses worth showing.
fn max_distance(len: usize) -> usize {
    match len {
        0..=1 => 0,
        2..=4 => 1,
        5..=8 => 2,
        _ => 3,
    }
}

/// The known procedures (name, arity) most likely meant by `name/arity`, best first, at most
/// [`MAX_SUGGESTIONS`]: the same name with other arities (nearest arity first), then names
/// that look the same (Latin and Cyrillic look-alikes) or are within a small edit distance, those
/// with the same arity before the others. `name/arity` itself is never suggested.
pub fn near_names(name: &str, arity: usize, known: &[(String, usize)]) -> Vec<(String, usize)> {
    let len = name.chars().count();
    let shape = skeleton(name);
    // (group, distance, arity differs, arity distance, name, arity); smaller sorts first.
    let mut ranked: Vec<(u8, usize, bool, usize, &str, usize)> = Vec::new();
    for (k_name, k_arity) in known {
        let (k_name, k_arity) = (k_name.as_str(), *k_arity);
        if k_name == name && k_arity == arity {
            continue;
        }
        let arity_gap = k_arity.abs_diff(arity);
        let entry = if k_name == name {
            Some((0, 0, true, arity_gap))
        } else if skeleton(k_name) == shape {
            Some((1, 0, k_arity != arity, arity_gap))
        } else {
            let d = edit_distance(name, k_name);
            (d <= max_distance(len)).then_some((1, d, k_arity != arity, arity_gap))
        };
        if let Some((group, d, differs, gap)) = entry {
            ranked.push((group, d, differs, gap, k_name, k_arity));
        }
    }
    ranked.sort();
    ranked.dedup();
    ranked
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, _, _, _, n, a)| (n.to_string(), a))
        .collect()
}

/// The suggestions as help text, e.g. "did you mean bar/2, foo/3?", or `None` if there are none.
/// Names are quoted as `writeq` quotes them.
pub fn did_you_mean(suggestions: &[(String, usize)]) -> Option<String> {
    if suggestions.is_empty() {
        return None;
    }
    let list: Vec<String> = suggestions
        .iter()
        .map(|(n, a)| format!("{}/{a}", quoted_atom(n)))
        .collect();
    Some(format!("did you mean {}?", list.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(list: &[(&str, usize)]) -> Vec<(String, usize)> {
        list.iter().map(|(n, a)| (n.to_string(), *a)).collect()
    }

    fn names(list: &[(String, usize)]) -> Vec<String> {
        list.iter().map(|(n, a)| format!("{n}/{a}")).collect()
    }

    #[test]
    fn same_name_other_arity_comes_first() {
        let k = known(&[("bar", 2), ("foo", 3), ("foo", 1), ("foo", 7), ("zzz", 2)]);
        assert_eq!(
            names(&near_names("foo", 2, &k)),
            ["foo/1", "foo/3", "foo/7"]
        );
    }

    #[test]
    fn near_names_follow_with_same_arity_first() {
        let k = known(&[("fob", 1), ("fob", 2), ("foo", 3), ("append", 3)]);
        assert_eq!(
            names(&near_names("foo", 2, &k)),
            ["foo/3", "fob/2", "fob/1"]
        );
        let k = known(&[("append", 3), ("appendd", 3), ("member", 2)]);
        assert_eq!(
            names(&near_names("apend", 3, &k)),
            ["append/3", "appendd/3"]
        );
    }

    #[test]
    fn cyrillic_names_and_look_alikes_are_found() {
        let k = known(&[("ходы", 2), ("лучш", 3), ("минимакс", 3)]);
        assert_eq!(names(&near_names("ход", 2, &k)), ["ходы/2"]);
        assert_eq!(names(&near_names("минимак", 3, &k)), ["минимакс/3"]);
        // `xоды` with a Latin x looks exactly like `ходы`.
        assert_eq!(names(&near_names("xоды", 2, &k)), ["ходы/2"]);
    }

    #[test]
    fn nothing_far_away_and_never_itself() {
        let k = known(&[("foo", 2), ("completely_different", 2), ("a", 2)]);
        assert!(near_names("foo", 2, &k).is_empty());
        assert!(near_names("b", 2, &k).is_empty());
    }

    #[test]
    fn at_most_three() {
        let k = known(&[("p", 0), ("p", 1), ("p", 3), ("p", 4), ("p", 5)]);
        assert_eq!(near_names("p", 2, &k).len(), 3);
    }

    #[test]
    fn help_text_quotes_names() {
        let s = vec![("bar".to_string(), 2), ("Foo".to_string(), 3)];
        assert_eq!(
            did_you_mean(&s).as_deref(),
            Some("did you mean bar/2, 'Foo'/3?")
        );
        assert_eq!(did_you_mean(&[]), None);
    }
}
