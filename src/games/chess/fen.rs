//! Reading and writing FEN for chess positions: the standard six fields, the four fields of an
//! EPD line, and the castling rights of Chess960 in X-FEN (`KQkq` naming the outermost rooks)
//! or Shredder-FEN (rook files, `HAha`).
//!
//! A FEN is read by cozy-chess first. When cozy-chess refuses it, the text is read again by the
//! lenient reader here, which checks only the syntax, and the position is then a
//! [`LooseBoard`] if it passes that board's own checks (one king a side and the others in its
//! header); so a position no game can reach still loads, while a malformed FEN stays an error.
//! Written FEN must read back as the same board, so a position whose castling rooks are not on
//! the a- and h-files with the king on the e-file is written in Shredder-FEN. Reading must never
//! panic, whatever the text.

use cozy_chess::{
    BitBoard, Board, BoardBuilder, CastleRights, Color, FenParseError, File, Piece, Rank, Square,
};

use super::board::ChessBoard;
use super::loose_board::LooseBoard;

/// Why a text is not a FEN.
#[derive(Clone, Copy, Debug)]
pub struct FenError(pub FenParseError);

/// The board described by `text`: a standard board when cozy-chess accepts it, else a loose
/// board when only the rules of how a game could get there are broken.
pub fn read_fen(text: &str) -> Result<ChessBoard, FenError> {
    let fields = six_fields(text)?;
    match read_standard(&fields) {
        Ok(board) => Ok(ChessBoard::Standard(board)),
        Err(error) => read_loose(&fields)
            .map(ChessBoard::from_loose)
            .ok_or(FenError(error)),
    }
}

/// The board described by `text` as a [`LooseBoard`], even when cozy-chess would accept it, so
/// that the two generators can be compared on the same position; `None` when the text is no FEN
/// or breaks one of the loose board's invariants.
pub fn read_loose_fen(text: &str) -> Option<LooseBoard> {
    read_loose(&six_fields(text).ok()?)
}

/// The six fields of a FEN, the move clocks `0 1` added to the four fields of an EPD line.
fn six_fields(text: &str) -> Result<Vec<&str>, FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    // An EPD line has no move clocks; the position is then taken as fresh.
    if fields.len() == 4 {
        fields.extend(["0", "1"]);
    }
    match fields.len() {
        6 => Ok(fields),
        n if n < 6 => Err(FenError(FenParseError::MissingField)),
        _ => Err(FenError(FenParseError::TooManyFields)),
    }
}

/// The board of the six `fields` as cozy-chess reads them, X-FEN castling rights included.
fn read_standard(fields: &[&str]) -> Result<Board, FenParseError> {
    match Board::from_fen(&fields.join(" "), false) {
        Err(FenParseError::InvalidCastlingRights) => {
            let shredder = shredder_castling(fields).map_err(|e| e.0)?;
            let mut fields = fields.to_vec();
            fields[2] = &shredder;
            Board::from_fen(&fields.join(" "), true)
        }
        other => other,
    }
}

/// The castling field of `fields` in Shredder-FEN: file letters pass through, and X-FEN's `K`
/// and `Q` become the file of the outermost rook on that side of the king.
fn shredder_castling(fields: &[&str]) -> Result<String, FenError> {
    let invalid = FenError(FenParseError::InvalidCastlingRights);
    if fields[2] == "-" {
        return Ok("-".to_owned());
    }
    // The same position without castling rights tells where the kings and rooks stand; the
    // board, side and clocks were valid or the first reading would have failed before castling.
    let mut bare = fields.to_vec();
    bare[2] = "-";
    bare[3] = "-";
    let board = Board::from_fen(&bare.join(" "), false).map_err(|_| invalid)?;
    let mut out = String::new();
    for c in fields[2].chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = board.king(color);
        let rooks = board.colored_pieces(color, Piece::Rook);
        let file = match c.to_ascii_lowercase() {
            'k' => outermost_rook(king, rooks, color, true).map(char::from),
            'q' => outermost_rook(king, rooks, color, false).map(char::from),
            'a'..='h' => Some(c.to_ascii_lowercase()),
            _ => None,
        }
        .ok_or(invalid)?;
        out.push(if color == Color::White {
            file.to_ascii_uppercase()
        } else {
            file
        });
    }
    Ok(out)
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

/// The position of the six `fields` read for their syntax alone, as a loose board; `None` when
/// the text is no FEN or the position breaks one of [`LooseBoard`]'s invariants.
fn read_loose(fields: &[&str]) -> Option<LooseBoard> {
    let mut builder = BoardBuilder::empty();
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != Rank::NUM {
        return None;
    }
    for (row, text) in ranks.into_iter().enumerate() {
        let rank = Rank::index(Rank::NUM - 1 - row);
        let mut file = 0usize;
        for c in text.chars() {
            match c.to_digit(10) {
                Some(empty @ 1..=8) => file += empty as usize,
                _ => {
                    let piece = Piece::try_from(c.to_ascii_lowercase()).ok()?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let sq = Square::new(File::try_index(file)?, rank);
                    *builder.square_mut(sq) = Some((piece, color));
                    file += 1;
                }
            }
            if file > File::NUM {
                return None;
            }
        }
        if file != File::NUM {
            return None;
        }
    }
    builder.side_to_move = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return None,
    };
    builder.castle_rights = loose_castling(&builder, fields[2])?;
    if fields[3] != "-" {
        builder.en_passant = Some(fields[3].parse().ok()?);
    }
    builder.halfmove_clock = fields[4].parse().ok()?;
    builder.fullmove_number = fields[5].parse().ok()?;
    LooseBoard::from_builder(&builder)
}

/// The castling rights of the field `text` for the pieces of `builder`, in X-FEN or
/// Shredder-FEN: `K` and `Q` name the outermost rook on that side of the king, a file letter
/// names the rook on that file. `None` for an unknown letter, a side named twice, or a `K` or `Q`
/// with no rook to name; whether a named rook is really there is [`LooseBoard`]'s to check.
fn loose_castling(builder: &BoardBuilder, text: &str) -> Option<[CastleRights; Color::NUM]> {
    let mut rights = [CastleRights::EMPTY; Color::NUM];
    if text == "-" {
        return Some(rights);
    }
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
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
