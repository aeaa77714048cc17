//! SWI-Prolog's "Do What I Mean" match of two names (`dwim_match/2`), which decides the
//! "However, there are definitions for:" lines under an unknown procedure.
//!
//! The rules were read off swipl 9's answers (the cases below are its answers): two names match
//! when they are the same, or, both being at least three characters long, when they differ by
//! one character, by two adjacent characters swapped, by one character more, or when their
//! sub-words (split at `_` and where a lower-case letter meets an upper-case one, compared with
//! the first letter in lower case) are the same or two adjacent ones are swapped. swipl never
//! matches a name with a character beyond Latin-1 (its wide atoms), not even with itself, so
//! neither does this.

/// Whether `a` and `b` match as SWI-Prolog's `dwim_match/2` matches them.
pub fn dwim_match(a: &str, b: &str) -> bool {
    let (x, y): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if x.iter().chain(y.iter()).any(|&c| c as u32 > 0xFF) {
        return false;
    }
    if x == y {
        return true;
    }
    if x.len() < 3 || y.len() < 3 {
        return false;
    }
    one_changed(&x, &y) || one_more(&x, &y) || one_more(&y, &x) || sub_words_match(&x, &y)
}

/// The same length with one character different or two adjacent characters swapped.
fn one_changed(x: &[char], y: &[char]) -> bool {
    if x.len() != y.len() {
        return false;
    }
    let diff: Vec<usize> = (0..x.len()).filter(|&i| x[i] != y[i]).collect();
    match diff.as_slice() {
        [_] => true,
        [i, j] => *j == i + 1 && x[*i] == y[*j] && x[*j] == y[*i],
        _ => false,
    }
}

/// `long` is `short` with one character put in.
fn one_more(long: &[char], short: &[char]) -> bool {
    if long.len() != short.len() + 1 {
        return false;
    }
    let at = (0..short.len())
        .find(|&i| long[i] != short[i])
        .unwrap_or(short.len());
    long[at + 1..] == short[at..]
}

/// The sub-words of a name: split at `_` and before an upper-case letter that follows a
/// lower-case one, each with its first letter in lower case.
fn sub_words(x: &[char]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    for (i, &c) in x.iter().enumerate() {
        if c == '_' {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        if i > 0 && x[i - 1].is_lowercase() && c.is_uppercase() && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        if word.is_empty() {
            word.extend(c.to_lowercase());
        } else {
            word.push(c);
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The sub-words are the same, or the same but for two adjacent ones swapped.
fn sub_words_match(x: &[char], y: &[char]) -> bool {
    let (a, b) = (sub_words(x), sub_words(y));
    if a.len() != b.len() {
        return false;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    match diff.as_slice() {
        [] => true,
        [i, j] => *j == i + 1 && a[*i] == b[*j] && a[*j] == b[*i],
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::dwim_match;

    /// swipl 9's `dwim_match/2` on each pair (`swipl -g "dwim_match(A, B)"`).
    #[test]
    fn matches_as_swipl_does() {
        let yes = [
            ("foo", "foo"),
            ("foo", "Foo"),
            ("exists_file", "existsFile"),
            ("existsFile", "fileExists"),
            ("abcd", "abdc"),
            ("spy", "spu"),
            ("foo_bar", "foobar"),
            ("foo_bar", "barFoo"),
            ("foo1", "foo2"),
            ("hello", "helo"),
            ("hello", "hlelo"),
            ("abc", "acb"),
            ("abcd", "abc"),
            ("abcd", "bcd"),
            ("xabc", "abc"),
            ("abc", "aBc"),
            ("ab_c", "abC"),
            ("a_b", "b_a"),
            ("a_b_c", "b_a_c"),
            ("fooBarBaz", "foo_baz_bar"),
            ("AbCd", "ab_cd"),
            ("abc1", "abc_1"),
            ("abc\u{e9}", "abcd"),
        ];
        let no = [
            ("r", "s"),
            ("ab", "ba"),
            ("ab", "abc"),
            ("abc", "ab"),
            ("abc", "xyz"),
            ("ab", "ac"),
            ("ab", "AB"),
            ("Ab", "ab"),
            ("abc", "ABC"),
            ("abc", "cba"),
            ("a_b", "aB"),
            ("a_b_c", "c_b_a"),
            ("abcDEF", "abc_def"),
            ("x1", "x_1"),
            ("abcdefg", "gfedcba"),
            ("минимак", "минимакс"),
            ("минимак", "минимак"),
        ];
        for (a, b) in yes {
            assert!(dwim_match(a, b), "{a} {b}");
        }
        for (a, b) in no {
            assert!(!dwim_match(a, b), "{a} {b}");
        }
    }
}
