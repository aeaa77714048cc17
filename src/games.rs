//! The native game library: real games behind one trait, native reference engines, and the
//! plain term form through which positions cross into Prolog.
//!
//! Games know nothing about the machine. A position leaves this module as a [`GTerm`], an owned
//! ground term that the Prolog glue builds on the heap, and comes back the same way. Nothing here
//! may create atoms from position data: every atom a position term contains is a fixed name, so
//! generating a million successors leaves the atom table as it was.

pub mod checkers;
pub mod chess;
pub mod othello;
pub mod term;

pub use term::GTerm;

/// Who has won a finished game, from the point of view of the players MAX and MIN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// MAX (the side that moves first) has won.
    MaxWins,
    /// MIN has won.
    MinWins,
    /// Nobody has won.
    Draw,
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

/// A two-player game (or a one-player state-space problem) as the textbook programs see it.
///
/// The search horizon travels inside the position: `moves` yields nothing at depth 0 and at the
/// end of the game, and every successor has depth one less than its parent.
pub trait Game {
    /// A position, including the remaining depth and the side to move.
    type Pos: Clone;
    /// A move from one position to the next.
    type Move: Clone;

    /// The legal moves of `pos`, in the game's documented order, appended to `out`; nothing when
    /// the depth is 0 or the game is over.
    fn moves(&self, pos: &Self::Pos, out: &mut Vec<Self::Move>);
    /// The position after `mv`, with the depth one less.
    fn play(&self, pos: &Self::Pos, mv: &Self::Move) -> Self::Pos;
    /// True when MAX is to move in `pos`.
    fn max_to_move(&self, pos: &Self::Pos) -> bool;
    /// The static value of `pos` from MAX's point of view.
    fn static_value(&self, pos: &Self::Pos) -> i64;
    /// The result when the game is over in `pos`, whatever the depth.
    fn outcome(&self, pos: &Self::Pos) -> Option<Outcome>;
}

/// How a game's positions and moves look to people and to Prolog.
///
/// Every position term is ground, prints with `writeq` and reads back equal, and carries the
/// remaining depth, so that the textbook's `ходы/2` can stop at the horizon.
pub trait TermGame: Game {
    /// The game's name term as Prolog writes it (`tictactoe`, `kalah(6,4)`, ...).
    fn name(&self) -> GTerm;
    /// The start position with the given search depth.
    fn initial(&self, depth: u32) -> Self::Pos;
    /// The position as a Prolog term.
    fn to_term(&self, pos: &Self::Pos) -> GTerm;
    /// A position term back; a type or domain error names the offending term.
    fn from_term(&self, term: &GTerm) -> Result<Self::Pos, GameError>;
    /// The remaining depth of `pos`.
    fn depth(&self, pos: &Self::Pos) -> u32;
    /// `pos` with its remaining depth replaced.
    fn with_depth(&self, pos: &Self::Pos, depth: u32) -> Self::Pos;
    /// The move in the game's standard notation (SAN for chess, a column for Connect Four...).
    fn move_notation(&self, pos: &Self::Pos, mv: &Self::Move) -> String;
    /// A move typed in the game's notation, if it is legal in `pos`.
    fn parse_move(&self, pos: &Self::Pos, text: &str) -> Result<Self::Move, GameError>;
    /// A board for people, several lines of text.
    fn show(&self, pos: &Self::Pos) -> String;
}
