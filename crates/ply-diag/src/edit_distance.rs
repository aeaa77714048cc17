//! How far apart two names are, counted in characters.
//!
//! Used to guess what a person meant by a name that is not there. Distances are over Unicode
//! scalar values, so a Cyrillic letter counts as one edit, not two bytes. This module must stay
//! a pure function of its inputs.

/// The optimal-string-alignment distance between `a` and `b`: the number of single-character
/// insertions, deletions, substitutions and swaps of two neighbours that turn one into the other.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.is_empty() {
        return b.len();
    }
    if b.is_empty() {
        return a.len();
    }
    // Three rows of the usual dynamic-programming table suffice: the swap looks two back.
    let width = b.len() + 1;
    let mut before: Vec<usize> = vec![0; width];
    let mut previous: Vec<usize> = (0..width).collect();
    let mut current: Vec<usize> = vec![0; width];
    for i in 1..=a.len() {
        current[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (previous[j] + 1)
                .min(current[j - 1] + 1)
                .min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            current[j] = best;
        }
        std::mem::swap(&mut before, &mut previous);
        std::mem::swap(&mut previous, &mut current);
    }
    previous[b.len()]
}

/// `name` without its trailing decimal digits: `Оц0` and `Оц1` share the stem `Оц`.
pub fn digit_stem(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_characters_not_bytes() {
        assert_eq!(edit_distance("Оц", "Оц0"), 1);
        assert_eq!(edit_distance("ходы", "ход"), 1);
        assert_eq!(edit_distance("лучш", "лучший"), 2);
        assert_eq!(edit_distance("", "абв"), 3);
    }

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(edit_distance("mvoe", "move"), 1);
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn stems_drop_trailing_digits_only() {
        assert_eq!(digit_stem("Оц0"), "Оц");
        assert_eq!(digit_stem("Поз12"), "Поз");
        assert_eq!(digit_stem("X1Y"), "X1Y");
    }
}
