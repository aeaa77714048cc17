//! Errors of the game library in words for the command line, instead of the Rust debug forms
//! (`Domain("game", Atom("mygame"))`) a user cannot be expected to read.

use super::record::term_text;
use crate::games::GameError;

/// A game error as a sentence fragment: what was wrong with which term.
pub fn game_error(e: &GameError) -> String {
    match e {
        GameError::Domain("game", t) => format!(
            "`{}` is not a game of the library (see docs/games.md); the games are {}, \
             or a file of Prolog (.pl)",
            term_text(t),
            crate::games::game_names()
        ),
        GameError::Domain(domain, t) => {
            format!(
                "`{}` is not a valid {}",
                term_text(t),
                domain.replace('_', " ")
            )
        }
        GameError::Type(ty, t) => {
            format!("`{}` is not a {}", term_text(t), ty.replace('_', " "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GTerm;

    #[test]
    fn game_errors_are_words() {
        let e = GameError::Domain("game", GTerm::atom("mygame"));
        let words = game_error(&e);
        assert!(
            words.starts_with("`mygame` is not a game of the library (see docs/games.md)"),
            "{words}"
        );
        assert!(words.contains("tictactoe (крестики_нолики)"), "{words}");
        let e = GameError::Type("callable", GTerm::Int(3));
        assert_eq!(game_error(&e), "`3` is not a callable");
    }
}
