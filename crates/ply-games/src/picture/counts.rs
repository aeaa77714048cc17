//! Boards of numbers: Kalah (two rows of pits and two stores, each with its seeds counted),
//! the coin game (the pile of coins left) and the sliding puzzles (numbered tiles, the ones out
//! of place against the goal shaded).

use super::{args, int, items, Board, Svg};
use crate::GTerm;

/// The side of one pit or tile, in the fragment's units.
const CELL: f64 = 10.0;

/// `kalah(Depth, ToMove, MaxHoles, MaxStore, MinHoles, MinStore)`: MAX's holes along the
/// bottom from left to right and its store on the right, MIN's along the top from right to
/// left and its store on the left, so seeds go round anticlockwise as they are sown.
pub fn kalah(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "kalah", 6)?;
    let (max_holes, min_holes) = (items(&a[2])?, items(&a[4])?);
    let (max_store, min_store) = (int(&a[3])?, int(&a[5])?);
    let n = max_holes.len().max(min_holes.len());
    let w = (n as f64 + 2.0) * CELL;
    let mut s = Svg::default();
    s.rect(0.0, 0.0, w, 2.0 * CELL, "#c8a165", "none");
    let pit = |s: &mut Svg, x: f64, y: f64, seeds: i64| {
        s.circle(x, y, 4.2, "#8b5a2b", "#5a3a1a");
        s.text(x, y, 5.0, "#ffffff", &seeds.to_string());
    };
    for (i, h) in max_holes.iter().enumerate() {
        pit(&mut s, (i as f64 + 1.5) * CELL, 1.5 * CELL, int(h)?);
    }
    for (i, h) in min_holes.iter().enumerate() {
        pit(
            &mut s,
            (n - i) as f64 * CELL + 0.5 * CELL,
            0.5 * CELL,
            int(h)?,
        );
    }
    s.rect(1.0, 1.0, CELL - 2.0, 2.0 * CELL - 2.0, "#8b5a2b", "#5a3a1a");
    s.text(0.5 * CELL, CELL, 5.0, "#ffffff", &min_store.to_string());
    s.rect(
        w - CELL + 1.0,
        1.0,
        CELL - 2.0,
        2.0 * CELL - 2.0,
        "#8b5a2b",
        "#5a3a1a",
    );
    s.text(w - 0.5 * CELL, CELL, 5.0, "#ffffff", &max_store.to_string());
    Some(s.board(w, 2.0 * CELL))
}

/// `coins(Depth, ToMove, Coins, K)`: the coins left, in rows of five, and their number.
pub fn coins(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "coins", 4)?;
    let n = int(&a[2])?.max(0) as usize;
    let per_row = 5;
    let shown = n.min(25);
    let rows = shown.div_ceil(per_row).max(1);
    let w = per_row as f64 * CELL;
    let h = rows as f64 * CELL + CELL;
    let mut s = Svg::default();
    s.rect(0.0, 0.0, w, h, "#ffffff", "none");
    for i in 0..shown {
        let (r, c) = (i / per_row, i % per_row);
        s.circle(
            (c as f64 + 0.5) * CELL,
            (r as f64 + 0.5) * CELL,
            4.0,
            "#e6b422",
            "#8a6d0b",
        );
    }
    s.text(w / 2.0, h - CELL / 2.0, 6.0, "#333333", &format!("{n}"));
    Some(s.board(w, h))
}

/// `puzzle(Depth, Tiles, Goal)`: tiles row by row, 0 the blank.
pub fn puzzle(pos: &GTerm) -> Option<Board> {
    let a = args(pos, "puzzle", 3)?;
    let (tiles, goal) = (items(&a[1])?, items(&a[2])?);
    let side = (tiles.len() as f64).sqrt().round() as usize;
    if side == 0 || side * side != tiles.len() {
        return None;
    }
    let n = side as f64 * CELL;
    let mut s = Svg::default();
    s.rect(0.0, 0.0, n, n, "#777777", "none");
    for (i, t) in tiles.iter().enumerate() {
        let t = int(t)?;
        if t == 0 {
            continue;
        }
        let (x, y) = ((i % side) as f64 * CELL, (i / side) as f64 * CELL);
        let misplaced = goal.get(i).and_then(int) != Some(t);
        let fill = if misplaced { "#f6c9a0" } else { "#f7f3e3" };
        s.rect(x + 0.5, y + 0.5, CELL - 1.0, CELL - 1.0, fill, "#444444");
        s.text(
            x + CELL / 2.0,
            y + CELL / 2.0,
            6.0,
            "#222222",
            &t.to_string(),
        );
    }
    Some(s.board(n, n))
}
