//! Boards of marks and discs: tic-tac-toe (crosses and noughts on an M by N grid), Connect Four
//! (red and yellow discs in seven columns, stacked from the bottom) and Othello (black and white
//! discs on green).

use super::{args, items, name, rows, Board, Svg};
use crate::GTerm;

/// The side of one square, in the fragment's units.
const CELL: f64 = 10.0;

/// `ttt(Depth, ToMove, K, Eval, Rows)`.
pub fn tictactoe(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "ttt", 5)?;
    let rows = rows(&a[4])?;
    let (h, w) = (rows.len(), rows.first().map_or(0, Vec::len));
    let mut s = Svg::default();
    s.rect(
        0.0,
        0.0,
        w as f64 * CELL,
        h as f64 * CELL,
        "#ffffff",
        "none",
    );
    for i in 1..w {
        let x = i as f64 * CELL;
        s.line(x, 0.0, x, h as f64 * CELL, "#555555", 0.6);
    }
    for i in 1..h {
        let y = i as f64 * CELL;
        s.line(0.0, y, w as f64 * CELL, y, "#555555", 0.6);
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, sq) in row.iter().enumerate() {
            let (x, y) = (c as f64 * CELL, r as f64 * CELL);
            match *sq {
                "x" => {
                    s.line(x + 2.0, y + 2.0, x + 8.0, y + 8.0, "#c0392b", 1.4);
                    s.line(x + 8.0, y + 2.0, x + 2.0, y + 8.0, "#c0392b", 1.4);
                }
                "o" => s.circle(x + 5.0, y + 5.0, 3.0, "none", "#1f5fa8"),
                _ => {}
            }
        }
    }
    Some(s.board(w as f64 * CELL, h as f64 * CELL))
}

/// `c4(Depth, ToMove, Columns)`: seven columns of six cells.
pub fn connect4(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "c4", 3)?;
    let cols = items(&a[2])?;
    let height = cols
        .iter()
        .map(|c| items(c).map_or(0, |v| v.len()))
        .max()
        .unwrap_or(0)
        .max(6);
    let (w, h) = (cols.len() as f64 * CELL, height as f64 * CELL);
    let mut s = Svg::default();
    s.rect(0.0, 0.0, w, h, "#2456b3", "none");
    for (c, col) in cols.iter().enumerate() {
        let stones = items(col)?;
        for r in 0..height {
            let fill = match stones.get(r).map(name) {
                Some("x") => "#d62d20",
                Some("o") => "#ffd21f",
                _ => "#ffffff",
            };
            let y = h - (r as f64 + 0.5) * CELL;
            s.circle((c as f64 + 0.5) * CELL, y, 3.8, fill, "#14316b");
        }
    }
    Some(s.board(w, h))
}

/// `othello(Depth, Side, Rows)`: eight rows of `e`, `b`, `w`.
pub fn othello(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "othello", 3)?;
    let rows = rows(&a[2])?;
    let n = rows.len() as f64 * CELL;
    let mut s = Svg::default();
    s.rect(0.0, 0.0, n, n, "#2e8b57", "none");
    for i in 1..rows.len() {
        let t = i as f64 * CELL;
        s.line(t, 0.0, t, n, "#1d5e3a", 0.4);
        s.line(0.0, t, n, t, "#1d5e3a", 0.4);
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, sq) in row.iter().enumerate() {
            let fill = match *sq {
                "b" => "#111111",
                "w" => "#f4f4f4",
                _ => continue,
            };
            let (x, y) = ((c as f64 + 0.5) * CELL, (r as f64 + 0.5) * CELL);
            s.circle(x, y, 4.0, fill, "#333333");
        }
    }
    Some(s.board(n, n))
}
