//! Character classes of Prolog text, including SWI-Prolog's rules for Unicode identifiers.
//!
//! Both the lexer (to find where tokens start and stop) and the quoting rules of the term writer
//! (to know when an atom reads back as itself) ask this module, so the two can never disagree.
//! It classifies single characters only and must never look at more than one character.

use unicode_general_category::{get_general_category, GeneralCategory as G};

/// The class of a character, as far as the tokenizer is concerned.
///
/// The term writer uses it to decide whether two adjacent tokens would glue together when
/// printed without a space between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharClass {
    /// Letters, digits, `_` and combining marks: the characters of letter-digit tokens.
    Alnum,
    /// Symbol characters (`+-*/\^<>=~:.?@#&$` and Unicode symbols and punctuation), which glue
    /// into symbol atoms.
    Symbol,
    /// Characters that form a token on their own: `!`, `,`, `;` and `|`.
    Solo,
    /// Brackets, quotes and `%`, which open or close something.
    Punct,
    /// Layout: ASCII white space and every Unicode separator.
    Layout,
    /// Characters that may not appear outside quotes.
    Other,
}

/// What a non-ASCII character can be in unquoted text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UniKind {
    /// Starts a variable: an uppercase letter.
    VarStart,
    /// Starts an atom: a lowercase, titlecase, modifier or other letter, or a letter number.
    AtomStart,
    /// May continue an identifier but not start one: digits, marks, connector punctuation.
    ContinueOnly,
    /// A separator: layout.
    Layout,
    /// A symbol character.
    Symbol,
    /// Not allowed outside quotes.
    Illegal,
}

/// Classifies a non-ASCII character the way SWI-Prolog does.
///
/// SWI-Prolog treats only uppercase letters (not titlecase ones) as variable starts, so `ǅx` is
/// an atom there and here.
pub(crate) fn unicode_kind(c: char) -> UniKind {
    match get_general_category(c) {
        G::UppercaseLetter => UniKind::VarStart,
        G::LowercaseLetter
        | G::TitlecaseLetter
        | G::ModifierLetter
        | G::OtherLetter
        | G::LetterNumber => UniKind::AtomStart,
        G::DecimalNumber
        | G::NonspacingMark
        | G::SpacingMark
        | G::EnclosingMark
        | G::ConnectorPunctuation => UniKind::ContinueOnly,
        G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator => UniKind::Layout,
        G::MathSymbol
        | G::CurrencySymbol
        | G::ModifierSymbol
        | G::OtherSymbol
        | G::DashPunctuation
        | G::OpenPunctuation
        | G::ClosePunctuation
        | G::InitialPunctuation
        | G::FinalPunctuation
        | G::OtherPunctuation
        | G::OtherNumber
        | G::Format => UniKind::Symbol,
        _ => UniKind::Illegal,
    }
}

/// True for the ASCII symbol characters of ISO Prolog.
pub(crate) fn is_ascii_symbol(c: char) -> bool {
    matches!(
        c,
        '+' | '-'
            | '*'
            | '/'
            | '\\'
            | '^'
            | '<'
            | '>'
            | '='
            | '~'
            | ':'
            | '.'
            | '?'
            | '@'
            | '#'
            | '&'
            | '$'
    )
}

/// True for layout characters: ASCII white space and every Unicode separator (category Z*).
pub fn is_layout(c: char) -> bool {
    if c.is_ascii() {
        matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0B' | '\x0C')
    } else {
        unicode_kind(c) == UniKind::Layout
    }
}

/// True for characters that may continue a letter-digit token.
pub(crate) fn is_ident_continue(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        matches!(
            unicode_kind(c),
            UniKind::VarStart | UniKind::AtomStart | UniKind::ContinueOnly
        )
    }
}

/// True for characters that glue into symbol atoms.
pub(crate) fn is_symbol_char(c: char) -> bool {
    if c.is_ascii() {
        is_ascii_symbol(c)
    } else {
        unicode_kind(c) == UniKind::Symbol
    }
}

/// True for a character that starts a variable: `_` or an uppercase letter.
pub fn is_var_start(c: char) -> bool {
    if c.is_ascii() {
        c == '_' || c.is_ascii_uppercase()
    } else {
        unicode_kind(c) == UniKind::VarStart
    }
}

/// True for a character that starts an unquoted letter-digit atom: a lowercase or caseless letter.
pub fn is_atom_start(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_lowercase()
    } else {
        unicode_kind(c) == UniKind::AtomStart
    }
}

/// The tokenizer's class of `c`.
pub fn char_class(c: char) -> CharClass {
    if c.is_ascii() {
        match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' => CharClass::Alnum,
            '!' | ',' | ';' | '|' => CharClass::Solo,
            '(' | ')' | '[' | ']' | '{' | '}' | '\'' | '"' | '`' | '%' => CharClass::Punct,
            c if is_ascii_symbol(c) => CharClass::Symbol,
            c if is_layout(c) => CharClass::Layout,
            _ => CharClass::Other,
        }
    } else {
        match unicode_kind(c) {
            UniKind::VarStart | UniKind::AtomStart | UniKind::ContinueOnly => CharClass::Alnum,
            UniKind::Layout => CharClass::Layout,
            UniKind::Symbol => CharClass::Symbol,
            UniKind::Illegal => CharClass::Other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_classes_follow_swi() {
        assert!(is_var_start('О'));
        assert!(is_atom_start('х'));
        assert!(is_atom_start('走'));
        assert!(
            is_atom_start('ǅ'),
            "titlecase letters start atoms, as in SWI-Prolog"
        );
        assert!(is_layout('\u{a0}'));
        assert!(is_layout('\u{3000}'));
        assert!(is_layout('\u{2028}'));
        assert!(
            !is_layout('\u{200b}'),
            "zero-width space is a format char, not a separator"
        );
        assert!(is_symbol_char('≤'));
        assert!(is_ident_continue('\u{301}'));
        assert_eq!(char_class('\u{85}'), CharClass::Other);
    }
}
