//! Letters of different scripts that look alike, and the scripts of the letters in a name.
//!
//! Russian-speaking students type Prolog on keyboards with two layouts, and a Latin `X` beside a
//! Cyrillic `Х` makes two different variables that look the same. This is a small table written
//! for ply, covering the Cyrillic and Greek letters that are drawn like Latin ones in common
//! fonts; it is not the full Unicode confusables list and must not grow into one.

/// One look-alike: a non-Latin letter, the Latin letter it is drawn like, and its Unicode name.
struct LookAlike {
    letter: char,
    latin: char,
    name: &'static str,
}

/// Every non-Latin letter ply knows to look like a Latin one.
const LOOK_ALIKES: &[LookAlike] = &[
    LookAlike {
        letter: 'а',
        latin: 'a',
        name: "CYRILLIC SMALL LETTER A",
    },
    LookAlike {
        letter: 'е',
        latin: 'e',
        name: "CYRILLIC SMALL LETTER IE",
    },
    LookAlike {
        letter: 'і',
        latin: 'i',
        name: "CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I",
    },
    LookAlike {
        letter: 'ј',
        latin: 'j',
        name: "CYRILLIC SMALL LETTER JE",
    },
    LookAlike {
        letter: 'к',
        latin: 'k',
        name: "CYRILLIC SMALL LETTER KA",
    },
    LookAlike {
        letter: 'о',
        latin: 'o',
        name: "CYRILLIC SMALL LETTER O",
    },
    LookAlike {
        letter: 'р',
        latin: 'p',
        name: "CYRILLIC SMALL LETTER ER",
    },
    LookAlike {
        letter: 'с',
        latin: 'c',
        name: "CYRILLIC SMALL LETTER ES",
    },
    LookAlike {
        letter: 'ѕ',
        latin: 's',
        name: "CYRILLIC SMALL LETTER DZE",
    },
    LookAlike {
        letter: 'у',
        latin: 'y',
        name: "CYRILLIC SMALL LETTER U",
    },
    LookAlike {
        letter: 'х',
        latin: 'x',
        name: "CYRILLIC SMALL LETTER HA",
    },
    LookAlike {
        letter: 'А',
        latin: 'A',
        name: "CYRILLIC CAPITAL LETTER A",
    },
    LookAlike {
        letter: 'В',
        latin: 'B',
        name: "CYRILLIC CAPITAL LETTER VE",
    },
    LookAlike {
        letter: 'Е',
        latin: 'E',
        name: "CYRILLIC CAPITAL LETTER IE",
    },
    LookAlike {
        letter: 'І',
        latin: 'I',
        name: "CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I",
    },
    LookAlike {
        letter: 'Ј',
        latin: 'J',
        name: "CYRILLIC CAPITAL LETTER JE",
    },
    LookAlike {
        letter: 'К',
        latin: 'K',
        name: "CYRILLIC CAPITAL LETTER KA",
    },
    LookAlike {
        letter: 'М',
        latin: 'M',
        name: "CYRILLIC CAPITAL LETTER EM",
    },
    LookAlike {
        letter: 'Н',
        latin: 'H',
        name: "CYRILLIC CAPITAL LETTER EN",
    },
    LookAlike {
        letter: 'О',
        latin: 'O',
        name: "CYRILLIC CAPITAL LETTER O",
    },
    LookAlike {
        letter: 'Р',
        latin: 'P',
        name: "CYRILLIC CAPITAL LETTER ER",
    },
    LookAlike {
        letter: 'С',
        latin: 'C',
        name: "CYRILLIC CAPITAL LETTER ES",
    },
    LookAlike {
        letter: 'Ѕ',
        latin: 'S',
        name: "CYRILLIC CAPITAL LETTER DZE",
    },
    LookAlike {
        letter: 'Т',
        latin: 'T',
        name: "CYRILLIC CAPITAL LETTER TE",
    },
    LookAlike {
        letter: 'У',
        latin: 'Y',
        name: "CYRILLIC CAPITAL LETTER U",
    },
    LookAlike {
        letter: 'Х',
        latin: 'X',
        name: "CYRILLIC CAPITAL LETTER HA",
    },
    LookAlike {
        letter: 'Α',
        latin: 'A',
        name: "GREEK CAPITAL LETTER ALPHA",
    },
    LookAlike {
        letter: 'Β',
        latin: 'B',
        name: "GREEK CAPITAL LETTER BETA",
    },
    LookAlike {
        letter: 'Ε',
        latin: 'E',
        name: "GREEK CAPITAL LETTER EPSILON",
    },
    LookAlike {
        letter: 'Η',
        latin: 'H',
        name: "GREEK CAPITAL LETTER ETA",
    },
    LookAlike {
        letter: 'Ι',
        latin: 'I',
        name: "GREEK CAPITAL LETTER IOTA",
    },
    LookAlike {
        letter: 'Κ',
        latin: 'K',
        name: "GREEK CAPITAL LETTER KAPPA",
    },
    LookAlike {
        letter: 'Μ',
        latin: 'M',
        name: "GREEK CAPITAL LETTER MU",
    },
    LookAlike {
        letter: 'Ν',
        latin: 'N',
        name: "GREEK CAPITAL LETTER NU",
    },
    LookAlike {
        letter: 'Ο',
        latin: 'O',
        name: "GREEK CAPITAL LETTER OMICRON",
    },
    LookAlike {
        letter: 'Ρ',
        latin: 'P',
        name: "GREEK CAPITAL LETTER RHO",
    },
    LookAlike {
        letter: 'Τ',
        latin: 'T',
        name: "GREEK CAPITAL LETTER TAU",
    },
    LookAlike {
        letter: 'Υ',
        latin: 'Y',
        name: "GREEK CAPITAL LETTER UPSILON",
    },
    LookAlike {
        letter: 'Χ',
        latin: 'X',
        name: "GREEK CAPITAL LETTER CHI",
    },
    LookAlike {
        letter: 'Ζ',
        latin: 'Z',
        name: "GREEK CAPITAL LETTER ZETA",
    },
    LookAlike {
        letter: 'ο',
        latin: 'o',
        name: "GREEK SMALL LETTER OMICRON",
    },
];

/// The writing system a letter belongs to, as far as ply distinguishes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Script {
    /// Latin letters, ASCII and accented.
    Latin,
    /// Cyrillic letters.
    Cyrillic,
    /// Greek letters.
    Greek,
}

impl Script {
    /// The script's English name.
    pub fn name(self) -> &'static str {
        match self {
            Script::Latin => "Latin",
            Script::Cyrillic => "Cyrillic",
            Script::Greek => "Greek",
        }
    }
}

/// The script of `c`, or `None` for digits, `_`, symbols and letters of other scripts.
pub fn script_of(c: char) -> Option<Script> {
    match c {
        'a'..='z' | 'A'..='Z' => Some(Script::Latin),
        // Latin-1 Supplement and Latin Extended-A/B letters (× and ÷ are not letters).
        '\u{00C0}'..='\u{024F}' if c != '\u{00D7}' && c != '\u{00F7}' => Some(Script::Latin),
        '\u{0370}'..='\u{03FF}' if c.is_alphabetic() => Some(Script::Greek),
        '\u{0400}'..='\u{052F}' if c.is_alphabetic() => Some(Script::Cyrillic),
        _ => None,
    }
}

/// The distinct scripts of the letters of `name`, in order of first appearance.
pub fn scripts_in(name: &str) -> Vec<Script> {
    let mut found = Vec::new();
    for s in name.chars().filter_map(script_of) {
        if !found.contains(&s) {
            found.push(s);
        }
    }
    found
}

/// The Latin letter `c` looks like, if `c` is a non-Latin look-alike.
pub fn latin_look_alike(c: char) -> Option<char> {
    LOOK_ALIKES.iter().find(|l| l.letter == c).map(|l| l.latin)
}

/// The letters of `script` that look like the Latin letter `latin`.
pub fn look_alikes_in(latin: char, script: Script) -> Vec<char> {
    LOOK_ALIKES
        .iter()
        .filter(|l| l.latin == latin && script_of(l.letter) == Some(script))
        .map(|l| l.letter)
        .collect()
}

/// `name` with every look-alike replaced by the Latin letter it looks like: two names with the
/// same skeleton are hard to tell apart on screen.
pub fn skeleton(name: &str) -> String {
    name.chars()
        .map(|c| latin_look_alike(c).unwrap_or(c))
        .collect()
}

/// `c` described for a person: the letter, its code point and, where ply knows it, its Unicode
/// name, e.g. "`Х` (U+0425 CYRILLIC CAPITAL LETTER HA)".
pub fn describe_char(c: char) -> String {
    let name = if c.is_ascii_uppercase() {
        Some(format!("LATIN CAPITAL LETTER {c}"))
    } else if c.is_ascii_lowercase() {
        Some(format!("LATIN SMALL LETTER {}", c.to_ascii_uppercase()))
    } else {
        LOOK_ALIKES
            .iter()
            .find(|l| l.letter == c)
            .map(|l| l.name.to_string())
    };
    match name {
        Some(name) => format!("`{c}` (U+{:04X} {name})", c as u32),
        None => format!("`{c}` (U+{:04X})", c as u32),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skeleton_folds_cyrillic_and_greek_look_alikes() {
        assert_eq!(skeleton("Х"), "X");
        assert_eq!(skeleton("Оц"), "Oц");
        assert_eq!(skeleton("Οк"), "Ok");
        assert_eq!(skeleton("Поз"), "П\u{6F}з");
        assert_eq!(skeleton("Цыц"), "Цыц");
    }

    #[test]
    fn scripts_are_listed_in_order_of_appearance() {
        assert_eq!(scripts_in("Oц1"), vec![Script::Latin, Script::Cyrillic]);
        assert_eq!(scripts_in("Поз_0"), vec![Script::Cyrillic]);
        assert_eq!(scripts_in("_1"), Vec::<Script>::new());
    }

    #[test]
    fn characters_are_described_with_code_points() {
        assert_eq!(describe_char('X'), "`X` (U+0058 LATIN CAPITAL LETTER X)");
        assert_eq!(describe_char('o'), "`o` (U+006F LATIN SMALL LETTER O)");
        assert_eq!(
            describe_char('Х'),
            "`Х` (U+0425 CYRILLIC CAPITAL LETTER HA)"
        );
        assert_eq!(describe_char('ц'), "`ц` (U+0446)");
    }

    #[test]
    fn look_alikes_are_found_by_script() {
        assert_eq!(look_alikes_in('O', Script::Cyrillic), vec!['О']);
        assert_eq!(latin_look_alike('р'), Some('p'));
        assert_eq!(latin_look_alike('ц'), None);
    }
}
