//! Boards of pieces on a chequered board: chess (the Unicode chess symbols on light and dark
//! squares) and English checkers (men and kings on the dark squares).

use super::{args, rows, Board, Svg};
use crate::GTerm;

/// The side of one square, in the fragment's units.
const CELL: f64 = 10.0;

/// The light and dark squares.
const LIGHT: &str = "#f0d9b5";
/// The dark squares.
const DARK: &str = "#b58863";

/// An eight by eight chequered board.
fn chequered(s: &mut Svg) {
    for r in 0..8 {
        for c in 0..8 {
            let fill = if (r + c) % 2 == 0 { LIGHT } else { DARK };
            s.rect(c as f64 * CELL, r as f64 * CELL, CELL, CELL, fill, "none");
        }
    }
}

/// `chess(Depth, Side, Rows, Castling, EnPassant, Halfmove, Fullmove)`, rank 8 first.
pub fn chess(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "chess", 7)?;
    let rows = rows(&a[2])?;
    let mut s = Svg::default();
    chequered(&mut s);
    for (r, row) in rows.iter().enumerate() {
        for (c, sq) in row.iter().enumerate() {
            let glyph = match *sq {
                "wk" => "\u{2654}",
                "wq" => "\u{2655}",
                "wr" => "\u{2656}",
                "wb" => "\u{2657}",
                "wn" => "\u{2658}",
                "wp" => "\u{2659}",
                "bk" => "\u{265a}",
                "bq" => "\u{265b}",
                "br" => "\u{265c}",
                "bb" => "\u{265d}",
                "bn" => "\u{265e}",
                "bp" => "\u{265f}",
                _ => continue,
            };
            let (x, y) = ((c as f64 + 0.5) * CELL, (r as f64 + 0.55) * CELL);
            s.text(x, y, 9.0, "#000000", glyph);
        }
    }
    Some(s.board(8.0 * CELL, 8.0 * CELL))
}

/// `checkers(Depth, Side, Rows)`: eight rows of the four playing squares, squares 1..32 in
/// order, square 1 on the top row's second square.
pub fn checkers(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "checkers", 3)?;
    let rows = rows(&a[2])?;
    let mut s = Svg::default();
    chequered(&mut s);
    for (r, row) in rows.iter().enumerate() {
        for (j, sq) in row.iter().enumerate() {
            let c = 2 * j + usize::from(r % 2 == 0);
            let (x, y) = ((c as f64 + 0.5) * CELL, (r as f64 + 0.5) * CELL);
            let (fill, king) = match *sq {
                "b" => ("#222222", false),
                "bk" => ("#222222", true),
                "w" => ("#fafafa", false),
                "wk" => ("#fafafa", true),
                _ => continue,
            };
            s.circle(x, y, 3.8, fill, "#7a1f1f");
            if king {
                s.circle(x, y, 1.8, "none", "#d4a017");
            }
        }
    }
    Some(s.board(8.0 * CELL, 8.0 * CELL))
}
