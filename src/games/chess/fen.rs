//! Reading and writing FEN for chess positions: the standard six fields, the four fields of an
//! EPD line, and the castling rights of Chess960 in X-FEN (`KQkq` naming the outermost rooks)
//! or Shredder-FEN (rook files, `HAha`).
//!
//! Written FEN must read back as the same board, so a position whose castling rooks are not on
//! the a- and h-files with the king on the e-file is written in Shredder-FEN. Reading must never
//! panic, whatever the text.

use cozy_chess::{Board, Color, FenParseError, File, Piece, Rank, Square};

/// Why a text is not a FEN.
#[derive(Clone, Copy, Debug)]
pub struct FenError(pub FenParseError);

/// The board described by `text`.
pub fn read_fen(text: &str) -> Result<Board, FenError> {
    let mut fields: Vec<&str> = text.split_whitespace().collect();
    // An EPD line has no move clocks; the position is then taken as fresh.
    if fields.len() == 4 {
        fields.extend(["0", "1"]);
    }
    if fields.len() != 6 {
        let error = if fields.len() < 6 {
            FenParseError::MissingField
        } else {
            FenParseError::TooManyFields
        };
        return Err(FenError(error));
    }
    let normal = fields.join(" ");
    match Board::from_fen(&normal, false) {
        Ok(board) => Ok(board),
        Err(FenParseError::InvalidCastlingRights) => {
            let shredder = shredder_castling(&fields)?;
            fields[2] = &shredder;
            Board::from_fen(&fields.join(" "), true).map_err(FenError)
        }
        Err(error) => Err(FenError(error)),
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
        let file = match c.to_ascii_lowercase() {
            'k' => outermost_rook(&board, color, true),
            'q' => outermost_rook(&board, color, false),
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

/// The file letter of the rook of `color` on its back rank farthest from the king towards the
/// h-file (`short`) or the a-file.
fn outermost_rook(board: &Board, color: Color, short: bool) -> Option<char> {
    let back_rank = Rank::First.relative_to(color);
    let king = board.king(color);
    if king.rank() != back_rank {
        return None;
    }
    let rooks = board.colored_pieces(color, Piece::Rook);
    let files: Vec<File> = File::ALL
        .into_iter()
        .filter(|&f| rooks.has(Square::new(f, back_rank)))
        .filter(|&f| {
            if short {
                f > king.file()
            } else {
                f < king.file()
            }
        })
        .collect();
    let file = if short { files.last() } else { files.first() };
    file.map(|&f| char::from(f))
}

/// `board` as FEN; Shredder-FEN castling when the castling rooks or king stand off the standard
/// squares, so that the text reads back as the same board.
pub fn write_fen(board: &Board) -> String {
    if has_standard_castling(board) {
        format!("{board}")
    } else {
        format!("{board:#}")
    }
}

/// True when every castling right is for a king on the e-file and a rook on the a- or h-file.
fn has_standard_castling(board: &Board) -> bool {
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
