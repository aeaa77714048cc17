//! The native game library: real games behind one trait, native reference engines, and the
//! codecs through which positions cross onto a heap of terms and back. Any Rust program can use
//! it without Prolog; the game predicates that Prolog calls are the glue above it
//! (`src/game_predicates.rs`).
//!
//! Games know nothing of the machine: nothing here names the engine, the builtins or the
//! system, only the terms (`crate::term`: cells, the heap, the atom table). A game implements
//! its rules ([`Game`]), its term form ([`TermGame`]) and its heap codec
//! ([`codec::HeapGame`]), and registers one line in [`GAMES`]; the registry (`dyn_game.rs`)
//! turns it into a [`DynGame`] that speaks position terms ([`GTerm`]) and hands out the game's
//! bridge (`bridge.rs`), which reads and writes positions on a heap for the questions a search
//! asks at every node. The search horizon is applied once, by [`Game`]'s provided methods, for
//! every game ([`Horizon`]). Nothing here may create atoms from position data: every atom a
//! position term contains is a fixed name, so generating a million successors leaves the atom
//! table as it was.

pub mod bridge;
pub mod checkers;
pub mod chess;
pub mod codec;
pub mod coins;
pub mod connect4;
pub mod dyn_game;
pub mod kalah;
pub mod mcts;
pub mod negamax;
pub mod othello;
pub mod parallel;
pub mod picture;
pub mod playout;
pub mod pns;
pub mod puzzle;
pub mod search;
pub mod term;
pub mod term_read;
pub mod tictactoe;
pub mod zobrist;

pub use dyn_game::{boxed, DynGame, Registered, TermSearchResult};
pub use term::GTerm;

/// The depth of a position searched to the end of the game: no horizon at all.
///
/// A position term writes it as the atom `inf` and reads `inf` back as it. It is not a number
/// that counts down: every successor of an unlimited position is unlimited again
/// ([`next_depth`]), so no position ever carries a depth a person did not ask for.
pub const UNLIMITED: u32 = u32::MAX;

/// The depth of a successor of a position with depth `depth`: one less, but never below 0, and
/// [`UNLIMITED`] stays unlimited.
#[inline]
pub fn next_depth(depth: u32) -> u32 {
    if depth == UNLIMITED {
        UNLIMITED
    } else {
        depth.saturating_sub(1)
    }
}

/// A depth as people read it: the number, or `inf` for [`UNLIMITED`].
pub fn depth_text(depth: u32) -> String {
    if depth == UNLIMITED {
        "inf".to_string()
    } else {
        depth.to_string()
    }
}

/// Who has won a finished game, from the point of view of the players MAX and MIN.
///
/// Its codes leave 0 free, so that an `Option<Outcome>` fits in one byte with 0 for none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Outcome {
    /// MAX (the side that moves first) has won.
    MaxWins = 1,
    /// MIN has won.
    MinWins = 2,
    /// Nobody has won.
    Draw = 3,
}

/// Why a term is not a position, a move or a game name of some game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// ISO `type_error(Type, Culprit)`: the term has the wrong shape.
    Type(&'static str, GTerm),
    /// ISO `domain_error(Domain, Culprit)`: the term has the right shape but no meaning here
    /// (a malformed FEN, an unsolvable tile list, a negative depth).
    Domain(&'static str, GTerm),
}

/// A position that carries its search horizon: the remaining depth, [`UNLIMITED`] for none.
///
/// This is all the horizon asks of a game: where its positions keep the depth (and its term
/// codecs write and read it with the rest of the position). What the depth means is written
/// once, in [`Game`]'s provided methods: no moves at depth 0 ([`Game::moves`]), every successor
/// one less deep ([`Game::play`], [`next_depth`]), a depth replaced ([`Game::with_depth`]).
pub trait Horizon {
    /// The remaining depth.
    fn depth(&self) -> u32;
    /// Replace the remaining depth.
    fn set_depth(&mut self, depth: u32);
}

/// A two-player game (or a one-player state-space problem) as the textbook programs see it.
///
/// A game gives its rules ([`Game::legal_moves`], [`Game::after`], the side, the value, the
/// outcome), which know nothing of the search horizon. The horizon travels inside the position
/// ([`Horizon`]) and is applied here, once for every game: [`Game::moves`] yields nothing at
/// depth 0 and at the end of the game, and every successor [`Game::play`] makes has depth one
/// less than its parent ([`next_depth`]; an [`UNLIMITED`] depth stays unlimited). A game does
/// not override the provided methods of the horizon.
pub trait Game {
    /// A position, including the remaining depth and the side to move.
    type Pos: Clone + Horizon;
    /// A move from one position to the next.
    type Move: Clone;

    /// The legal moves of `pos` by the game's rules, in the game's documented order, appended
    /// to `out`; nothing when the game is over. The depth is not looked at: [`Game::moves`]
    /// applies the horizon.
    fn legal_moves(&self, pos: &Self::Pos, out: &mut Vec<Self::Move>);
    /// The position after `mv` by the game's rules, with the depth of `pos` left as it is:
    /// [`Game::play`] counts it down.
    fn after(&self, pos: &Self::Pos, mv: &Self::Move) -> Self::Pos;
    /// True when MAX is to move in `pos`.
    fn max_to_move(&self, pos: &Self::Pos) -> bool;
    /// The static value of `pos` from MAX's point of view.
    fn static_value(&self, pos: &Self::Pos) -> i64;
    /// The result when the game is over in `pos`, whatever the depth.
    fn outcome(&self, pos: &Self::Pos) -> Option<Outcome>;

    /// The moves of `pos` within the horizon: its legal moves ([`Game::legal_moves`]), nothing
    /// when the depth is 0 or the game is over.
    #[inline]
    fn moves(&self, pos: &Self::Pos, out: &mut Vec<Self::Move>) {
        if pos.depth() > 0 {
            self.legal_moves(pos, out);
        }
    }

    /// The position after `mv` ([`Game::after`]), with the depth one less ([`next_depth`]).
    #[inline]
    fn play(&self, pos: &Self::Pos, mv: &Self::Move) -> Self::Pos {
        let mut next = self.after(pos, mv);
        next.set_depth(next_depth(pos.depth()));
        next
    }

    /// The remaining depth of `pos`.
    #[inline]
    fn depth(&self, pos: &Self::Pos) -> u32 {
        pos.depth()
    }

    /// `pos` with its remaining depth replaced.
    #[inline]
    fn with_depth(&self, pos: &Self::Pos, depth: u32) -> Self::Pos {
        let mut pos = pos.clone();
        pos.set_depth(depth);
        pos
    }

    /// Whether perft counts a finished game above the requested depth as one leaf.
    ///
    /// Chess perft counts only positions reached after exactly the requested number of plies,
    /// so a checkmate above the horizon counts nothing (the default). The published Othello
    /// figures count a position where neither side can move as one leaf (facts README); Othello
    /// returns true here.
    fn perft_counts_finished_games(&self) -> bool {
        false
    }

    /// The moves perft follows from `pos`: by default those of [`Game::legal_moves`]. Perft
    /// counts its own plies, so the horizon in `pos` is not looked at.
    ///
    /// Perft counts legal move sequences whatever the draw rules say, as the published tables
    /// do. A game whose `legal_moves` stops at a draw rule (chess: dead positions and the
    /// fifty-move rule) gives every legal move here instead, while `legal_moves` keeps the
    /// game's own rules.
    fn perft_moves(&self, pos: &Self::Pos, out: &mut Vec<Self::Move>) {
        self.legal_moves(pos, out);
    }
}

/// How a game's positions and moves look to people and to Prolog.
///
/// Every position term is ground, prints with `writeq` and reads back equal, and carries the
/// remaining depth ([`Horizon`]), so that the textbook's `ходы/2` can stop at the horizon.
pub trait TermGame: Game {
    /// The game's name term as Prolog writes it (`tictactoe`, `kalah(6,4)`, ...).
    fn name(&self) -> GTerm;
    /// The start position with the given search depth.
    fn initial(&self, depth: u32) -> Self::Pos;
    /// The position as a Prolog term.
    fn to_term(&self, pos: &Self::Pos) -> GTerm;
    /// A position term back; a type or domain error names the offending term.
    // It takes `self` because a term is read against the game's shape (board size, line length).
    #[allow(clippy::wrong_self_convention)]
    fn from_term(&self, term: &GTerm) -> Result<Self::Pos, GameError>;
    /// The move in the game's standard notation (SAN for chess, a column for Connect Four...).
    fn move_notation(&self, pos: &Self::Pos, mv: &Self::Move) -> String;
    /// A move typed in the game's notation, if it is legal in `pos`.
    fn parse_move(&self, pos: &Self::Pos, text: &str) -> Result<Self::Move, GameError>;
    /// A board for people, several lines of text.
    fn show(&self, pos: &Self::Pos) -> String;
    /// The key (`zobrist.rs`) of `next`, a successor of `pos` whose key is `key`. By default
    /// it is computed from the whole of `next`; the library's games update `key` from what the
    /// move changed (a few squares, the side to move), which gives the same number.
    fn key_after(&self, pos: &Self::Pos, key: u64, next: &Self::Pos) -> u64
    where
        Self: Sized,
    {
        let _ = (pos, key);
        zobrist::position_key(self, next)
    }
}

/// One line of the game registry: how to make a game from its name term and from one of its
/// position terms.
///
/// Registering a game is one line in [`GAMES`]: each game module exports a `pub const ENTRY`.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// The functor name of the game's name terms (`tictactoe` for `tictactoe(4)`).
    pub name: &'static str,
    /// The functor name of the game's position terms (`ttt` for `ttt(9, x, 3, lines, Rows)`).
    pub position: &'static str,
    /// The game a name term denotes; called only when the name's functor is [`GameEntry::name`].
    pub from_name: fn(&GTerm) -> Result<Box<dyn DynGame>, GameError>,
    /// The game a position term belongs to, with the shape (board size, line length...) read
    /// from the position; called only when the functor is [`GameEntry::position`].
    pub from_position: fn(&GTerm) -> Result<Box<dyn DynGame>, GameError>,
    /// The game's board as a picture, drawn from a position term (`picture.rs`); `None` for a
    /// term that is not a well-formed position of the game.
    pub picture: fn(&GTerm) -> Option<picture::Board>,
}

/// Every game ply knows, one line each.
pub const GAMES: &[GameEntry] = &[
    tictactoe::ENTRY,
    coins::ENTRY,
    puzzle::ENTRY_8,
    puzzle::ENTRY_15,
    connect4::ENTRY,
    kalah::ENTRY,
    chess::ENTRY,
    checkers::ENTRY,
    othello::ENTRY,
];

/// The functor name of a term (an atom's name, a compound's name), if it has one.
fn functor_name(term: &GTerm) -> Option<&str> {
    match term {
        GTerm::Atom(name) | GTerm::Compound(name, _) => Some(name),
        _ => None,
    }
}

/// The game a name term such as `tictactoe(4)`, `kalah(6,4)` or `connect4('4455')` denotes.
///
/// An atom or compound whose functor no game uses is a `domain_error(game, Name)`; a number,
/// string or list is a `type_error(callable, Name)`.
///
/// A game's Russian name ([`RUSSIAN_NAMES`]) names it as well as its English one:
/// `крестики_нолики(4)` is `tictactoe(4)`.
pub fn lookup(name: &GTerm) -> Result<Box<dyn DynGame>, GameError> {
    let functor = functor_name(name).ok_or_else(|| GameError::Type("callable", name.clone()))?;
    if let Some(&(_, english)) = RUSSIAN_NAMES.iter().find(|(ru, _)| *ru == functor) {
        let renamed = match name {
            GTerm::Compound(_, args) => GTerm::Compound(english.into(), args.clone()),
            _ => GTerm::atom(english),
        };
        return lookup(&renamed).map_err(|e| match e {
            // A complaint about the whole name names it as it was written.
            GameError::Domain(d, culprit) if culprit == renamed => {
                GameError::Domain(d, name.clone())
            }
            e => e,
        });
    }
    match GAMES.iter().find(|entry| entry.name == functor) {
        Some(entry) => (entry.from_name)(name),
        None => Err(GameError::Domain("game", name.clone())),
    }
}

/// The Russian name of each game, as the textbook's translation would write it, with the
/// English name it stands for.
pub const RUSSIAN_NAMES: &[(&str, &str)] = &[
    ("крестики_нолики", "tictactoe"),
    ("монеты", "coins"),
    ("восьмерка", "puzzle8"),
    ("пятнашки", "puzzle15"),
    ("четыре_в_ряд", "connect4"),
    ("калах", "kalah"),
    ("шахматы", "chess"),
    ("шашки", "checkers"),
    ("отелло", "othello"),
];

/// Every game's name, English then Russian, for the message of an unknown name:
/// `tictactoe (крестики_нолики), coins (монеты), ...`.
pub fn game_names() -> String {
    GAMES
        .iter()
        .map(
            |entry| match RUSSIAN_NAMES.iter().find(|(_, en)| *en == entry.name) {
                Some((ru, _)) => format!("{} ({ru})", entry.name),
                None => entry.name.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game a position term belongs to, chosen by the position's functor name.
///
/// A term that is no game's position is a `type_error(game_position, Term)`.
pub fn game_of_position(pos: &GTerm) -> Result<Box<dyn DynGame>, GameError> {
    let not_a_position = || GameError::Type("game_position", pos.clone());
    let GTerm::Compound(functor, _) = pos else {
        return Err(not_a_position());
    };
    match GAMES
        .iter()
        .find(|entry| entry.position == functor.as_ref())
    {
        Some(entry) => (entry.from_position)(pos),
        None => Err(not_a_position()),
    }
}

#[cfg(test)]
mod tests;
