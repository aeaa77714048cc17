//! Reading and writing FEN for chess positions: the standard six fields, the four fields of an
//! EPD line, and the castling rights of Chess960 in X-FEN (`KQkq` naming the outermost rooks)
//! or Shredder-FEN (rook files, `HAha`).
//!
//! A FEN is read in two steps. A small nom grammar reads the syntax of the fields into a
//! cozy-chess [`BoardBuilder`]; the builder is then checked as a position, first by cozy-chess
//! and, when cozy-chess refuses it, as a [`LooseBoard`] with that board's own checks (one king a
//! side and the others in its header). So a position no game can reach still loads, while a
//! malformed FEN stays an error. Written FEN must read back as the same board, so a position
//! whose castling rooks are not on the a- and h-files with the king on the e-file is written in
//! Shredder-FEN. Reading must never panic, whatever the text.

use cozy_chess::{
    BitBoard, BoardBuilder, BoardBuilderError, CastleRights, Color, File, Piece, Rank, Square,
};
use nom::branch::alt;
use nom::bytes::complete::take_while1;
use nom::character::complete::{char, digit1, multispace0, multispace1, one_of};
use nom::combinator::{all_consuming, map, map_opt, map_res, opt, value, verify};
use nom::multi::{many1, separated_list1};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use super::board::ChessBoard;
use super::loose_board::LooseBoard;

/// Why a text is not a FEN.
#[derive(Clone, Copy, Debug)]
pub enum FenError {
    /// The text does not have the shape of a FEN or an EPD position.
    Syntax,
    /// The castling letters name no rook: a `K` or `Q` with no rook on that side of the king,
    /// or one side named twice.
    Castling,
    /// The fields make no position, not even one no game can reach (the reason cozy-chess
    /// gives).
    Position(BoardBuilderError),
}

/// One rank of the placement, files a to h: each square empty or holding a piece.
type RankSquares = [Option<(Piece, Color)>; 8];

/// The fields of a FEN as written, before they are checked as a position.
struct FenFields<'a> {
    /// The squares, rank 8 first and files a to h within a rank.
    placement: Vec<RankSquares>,
    side: Color,
    /// The castling field, `None` for `-`.
    castling: Option<&'a str>,
    en_passant: Option<Square>,
    /// The two move clocks; an EPD line has none.
    clocks: Option<(u8, u16)>,
}

/// The board described by `text`: a standard board when cozy-chess accepts it, else a loose
/// board when only the rules of how a game could get there are broken.
pub fn read_fen(text: &str) -> Result<ChessBoard, FenError> {
    let builder = builder_of(&fen_fields(text)?)?;
    match builder.build() {
        // cozy-chess's builder, unlike its FEN reader, lets three pieces give check, which its
        // move generator does not expect; such a position is loose.
        Ok(board) if board.checkers().len() < 3 => Ok(ChessBoard::Standard(board)),
        Ok(_) => LooseBoard::from_builder(&builder)
            .map(ChessBoard::from_loose)
            .ok_or(FenError::Position(BoardBuilderError::InvalidBoard)),
        Err(error) => LooseBoard::from_builder(&builder)
            .map(ChessBoard::from_loose)
            .ok_or(FenError::Position(error)),
    }
}

/// The board described by `text` as a [`LooseBoard`], even when cozy-chess would accept it, so
/// that the two generators can be compared on the same position; `None` when the text is no FEN
/// or breaks one of the loose board's invariants.
pub fn read_loose_fen(text: &str) -> Option<LooseBoard> {
    LooseBoard::from_builder(&builder_of(&fen_fields(text).ok()?).ok()?)
}

/// The fields of `text`: the six of a FEN, or the first four of them (an EPD position), separated
/// and surrounded by white space.
fn fen_fields(text: &str) -> Result<FenFields<'_>, FenError> {
    let fields = (
        preceded(multispace0, placement),
        preceded(multispace1, side),
        preceded(multispace1, castling),
        preceded(multispace1, en_passant),
        opt((
            preceded(multispace1, number::<u8>),
            preceded(multispace1, number::<u16>),
        )),
    );
    let mut fen = all_consuming((fields, multispace0));
    let (_, ((placement, side, castling, en_passant, clocks), _)) = fen
        .parse(text)
        .map_err(|_: nom::Err<()>| FenError::Syntax)?;
    Ok(FenFields {
        placement,
        side,
        castling,
        en_passant,
        clocks,
    })
}

/// What one character of a rank stands for: a run of empty squares or a piece.
#[derive(Clone, Copy)]
enum RankItem {
    Empty(usize),
    Piece(Piece, Color),
}

/// The piece placement: eight ranks separated by `/`.
fn placement(input: &str) -> IResult<&str, Vec<RankSquares>, ()> {
    verify(separated_list1(char('/'), rank), |ranks: &Vec<_>| {
        ranks.len() == Rank::NUM
    })
    .parse(input)
}

/// One rank: pieces and digits 1 to 8 for runs of empty squares, eight squares in all.
fn rank(input: &str) -> IResult<&str, RankSquares, ()> {
    let item = alt((
        map(one_of("12345678"), |d| {
            RankItem::Empty(d.to_digit(10).map_or(0, |n| n as usize))
        }),
        map_opt(one_of("pnbrqkPNBRQK"), |c| {
            let piece = Piece::try_from(c.to_ascii_lowercase()).ok()?;
            Some(RankItem::Piece(piece, color_of_letter(c)))
        }),
    ));
    map_opt(many1(item), |items: Vec<RankItem>| {
        let mut squares = [None; File::NUM];
        let mut file = 0usize;
        for item in items {
            match item {
                RankItem::Empty(n) => file += n,
                RankItem::Piece(piece, color) => {
                    *squares.get_mut(file)? = Some((piece, color));
                    file += 1;
                }
            }
            if file > File::NUM {
                return None;
            }
        }
        (file == File::NUM).then_some(squares)
    })
    .parse(input)
}

/// `w` or `b`.
fn side(input: &str) -> IResult<&str, Color, ()> {
    alt((
        value(Color::White, char('w')),
        value(Color::Black, char('b')),
    ))
    .parse(input)
}

/// `-`, or castling letters: `KQkq` (X-FEN) and rook files (Shredder-FEN), upper case for White.
fn castling(input: &str) -> IResult<&str, Option<&str>, ()> {
    alt((
        value(None, char('-')),
        map(
            take_while1(|c: char| "KQkqABCDEFGHabcdefgh".contains(c)),
            Some,
        ),
    ))
    .parse(input)
}

/// `-`, or a square such as `e3`.
fn en_passant(input: &str) -> IResult<&str, Option<Square>, ()> {
    let square = map_opt((one_of("abcdefgh"), one_of("12345678")), |(f, r)| {
        Some(Square::new(
            File::try_from(f).ok()?,
            Rank::try_from(r).ok()?,
        ))
    });
    alt((value(None, char('-')), map(square, Some))).parse(input)
}

/// A decimal number that fits `T`.
fn number<T: std::str::FromStr>(input: &str) -> IResult<&str, T, ()> {
    map_res(digit1, str::parse::<T>).parse(input)
}

/// White for an upper-case letter, Black otherwise.
fn color_of_letter(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// The fields as a cozy-chess builder, with the castling rights resolved against the pieces.
/// The move clocks of an EPD line are `0 1`: the position is taken as fresh.
fn builder_of(fields: &FenFields) -> Result<BoardBuilder, FenError> {
    let mut builder = BoardBuilder::empty();
    for (row, squares) in fields.placement.iter().enumerate() {
        let rank = Rank::index(Rank::NUM - 1 - row);
        for (file, &square) in squares.iter().enumerate() {
            *builder.square_mut(Square::new(File::index(file), rank)) = square;
        }
    }
    builder.side_to_move = fields.side;
    if let Some(text) = fields.castling {
        builder.castle_rights = castle_rights(&builder, text).ok_or(FenError::Castling)?;
    }
    builder.en_passant = fields.en_passant;
    let (halfmove, fullmove) = fields.clocks.unwrap_or((0, 1));
    builder.halfmove_clock = halfmove;
    builder.fullmove_number = fullmove;
    Ok(builder)
}

/// The file of the rook of `color` on its back rank farthest from `king` towards the h-file
/// (`short`) or the a-file, among `rooks`; `None` when the king is off the back rank or has no
/// rook on that side.
fn outermost_rook(king: Square, rooks: BitBoard, color: Color, short: bool) -> Option<File> {
    let back_rank = Rank::First.relative_to(color);
    if king.rank() != back_rank {
        return None;
    }
    let mut files = File::ALL
        .into_iter()
        .filter(|&f| rooks.has(Square::new(f, back_rank)))
        .filter(|&f| {
            if short {
                f > king.file()
            } else {
                f < king.file()
            }
        });
    if short {
        files.next_back()
    } else {
        files.next()
    }
}

/// The castling rights of the field `text` for the pieces of `builder`, in X-FEN or
/// Shredder-FEN: `K` and `Q` name the outermost rook on that side of the king, a file letter
/// names the rook on that file. `None` for a side named twice, or a `K` or `Q` with no rook to
/// name; whether a named rook is really there is for cozy-chess and [`LooseBoard`] to check.
fn castle_rights(builder: &BoardBuilder, text: &str) -> Option<[CastleRights; Color::NUM]> {
    let mut rights = [CastleRights::EMPTY; Color::NUM];
    for c in text.chars() {
        let color = color_of_letter(c);
        let squares_of = |piece| {
            Square::ALL
                .into_iter()
                .filter(|&sq| builder.square(sq) == Some((piece, color)))
                .fold(BitBoard::EMPTY, |all, sq| all | sq.bitboard())
        };
        let king = squares_of(Piece::King).next_square()?;
        let rooks = squares_of(Piece::Rook);
        let (short, file) = match c.to_ascii_lowercase() {
            'k' => (true, outermost_rook(king, rooks, color, true)?),
            'q' => (false, outermost_rook(king, rooks, color, false)?),
            letter @ 'a'..='h' => {
                let file = File::try_from(letter).ok()?;
                (file > king.file(), file)
            }
            _ => return None,
        };
        let side = &mut rights[color as usize];
        let slot = if short {
            &mut side.short
        } else {
            &mut side.long
        };
        if slot.replace(file).is_some() {
            return None;
        }
    }
    Some(rights)
}

/// `board` as FEN; Shredder-FEN castling when the castling rooks or king stand off the standard
/// squares, so that the text reads back as the same board.
pub fn write_fen(board: &ChessBoard) -> String {
    let mut text = String::with_capacity(90);
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0u8;
        for file in File::ALL {
            let sq = Square::new(file, rank);
            let (Some(piece), Some(color)) = (board.piece_on(sq), board.color_on(sq)) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push(char::from(b'0' + empty));
                empty = 0;
            }
            let letter = char::from(piece);
            text.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
        if empty > 0 {
            text.push(char::from(b'0' + empty));
        }
        if rank != Rank::First {
            text.push('/');
        }
    }
    text.push_str(match board.side_to_move() {
        Color::White => " w ",
        Color::Black => " b ",
    });
    let standard = has_standard_castling(board);
    let mut any_right = false;
    for color in Color::ALL {
        let rights = board.castle_rights(color);
        for (file, letter) in [(rights.short, 'k'), (rights.long, 'q')] {
            let Some(file) = file else {
                continue;
            };
            let letter = if standard { letter } else { char::from(file) };
            text.push(if color == Color::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
            any_right = true;
        }
    }
    if !any_right {
        text.push('-');
    }
    match board.en_passant() {
        Some(file) => {
            let rank = Rank::Sixth.relative_to(board.side_to_move());
            text.push_str(&format!(" {}", Square::new(file, rank)));
        }
        None => text.push_str(" -"),
    }
    text.push_str(&format!(
        " {} {}",
        board.halfmove_clock(),
        board.fullmove_number()
    ));
    text
}

/// True when every castling right is for a king on the e-file and a rook on the a- or h-file.
fn has_standard_castling(board: &ChessBoard) -> bool {
    Color::ALL.into_iter().all(|color| {
        let rights = board.castle_rights(color);
        if rights.short.is_none() && rights.long.is_none() {
            return true;
        }
        board.king(color).file() == File::E
            && rights.short.is_none_or(|f| f == File::H)
            && rights.long.is_none_or(|f| f == File::A)
    })
}
