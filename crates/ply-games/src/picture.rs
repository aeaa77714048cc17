//! Boards as pictures: each game's position drawn as a small SVG fragment, from the position
//! term alone, by one renderer per game family (`picture/marks.rs` for boards of marks and
//! discs, `picture/pieces.rs` for boards of pieces, `picture/counts.rs` for pits, piles and
//! tiles). `show/1` keeps its text form; these pictures are for search trees and pages.
//!
//! Each game's registry line names its renderer ([`super::GameEntry::picture`]); a fragment
//! is drawn in its own units from (0, 0) to (`width`, `height`), so whoever places it scales
//! it (an SVG `<symbol>` with that view box). A term that is not a well-formed position of the
//! game draws nothing.

pub mod counts;
pub mod marks;
pub mod pieces;

use super::GTerm;
use std::fmt::Write;

/// A drawn board: SVG elements in a box `width` by `height`.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// The width of the box, in the fragment's units.
    pub width: f64,
    /// Its height.
    pub height: f64,
    /// The SVG elements, without an enclosing element.
    pub body: String,
}

/// The picture of `pos`, when it is a position of a library game.
pub fn of_position(pos: &GTerm) -> Option<Board> {
    let GTerm::Compound(functor, _) = pos else {
        return None;
    };
    let entry = super::GAMES
        .iter()
        .find(|e| e.position == functor.as_ref())?;
    (entry.picture)(pos)
}

/// The arguments of `t` when it is `name(...)` with `arity` arguments.
pub fn args<'a>(t: &'a GTerm, name: &str, arity: usize) -> Option<&'a [GTerm]> {
    match t {
        GTerm::Compound(f, a) if f == name && a.len() == arity => Some(a),
        _ => None,
    }
}

/// The items of a list term.
pub fn items(t: &GTerm) -> Option<&[GTerm]> {
    match t {
        GTerm::List(v) => Some(v),
        _ => None,
    }
}

/// The name of an atom term ("" for anything else).
pub fn name(t: &GTerm) -> &str {
    match t {
        GTerm::Atom(a) => a,
        _ => "",
    }
}

/// The value of an integer term.
pub fn int(t: &GTerm) -> Option<i64> {
    match t {
        GTerm::Int(i) => Some(*i),
        _ => None,
    }
}

/// A list of rows of atoms, as rows of square names: each row a list, or a compound whose
/// arguments are its squares (Othello's `row/8`).
pub fn rows(t: &GTerm) -> Option<Vec<Vec<&str>>> {
    items(t)?
        .iter()
        .map(|r| {
            let squares = match r {
                GTerm::Compound(_, args) => args,
                _ => items(r)?,
            };
            Some(squares.iter().map(name).collect())
        })
        .collect()
}

/// A coordinate written to one decimal, without a trailing `.0`: written through integer
/// formatting, since float formatting would cost more than the rest of a picture together.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        let (whole, frac) = (tenths / 10, (tenths % 10).abs());
        if tenths < 0 && whole == 0 {
            f.write_str("-")?;
        }
        if frac == 0 {
            write!(f, "{whole}")
        } else {
            write!(f, "{whole}.{frac}")
        }
    }
}

/// A small builder of SVG elements with coordinates written to one decimal.
#[derive(Default)]
pub struct Svg {
    /// The elements so far.
    pub out: String,
}

impl Svg {
    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str) {
        let _ = write!(
            self.out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{stroke}" stroke-width="0.4"/>"#,
            Num(x),
            Num(y),
            Num(w),
            Num(h)
        );
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: &str) {
        let _ = write!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="0.6"/>"#,
            Num(cx),
            Num(cy),
            Num(r)
        );
    }

    /// A line.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: &str, width: f64) {
        let _ = write!(
            self.out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{stroke}" stroke-width="{}"/>"#,
            Num(x1),
            Num(y1),
            Num(x2),
            Num(y2),
            Num(width)
        );
    }

    /// Text centred on (x, y); `text` must need no escaping.
    pub fn text(&mut self, x: f64, y: f64, size: f64, fill: &str, text: &str) {
        let _ = write!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}" fill="{fill}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif">{text}</text>"#,
            Num(x),
            Num(y),
            Num(size)
        );
    }

    /// The finished board.
    pub fn board(self, width: f64, height: f64) -> Board {
        Board {
            width,
            height,
            body: self.out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lookup;

    /// Every library game draws its start position, in a box of some size, with something in it.
    #[test]
    fn every_game_draws_its_start_position() {
        for name in [
            "tictactoe",
            "coins",
            "puzzle8",
            "puzzle15",
            "connect4",
            "kalah",
            "chess",
            "checkers",
            "othello",
        ] {
            let g = lookup(&GTerm::Atom(name.to_string().into())).unwrap();
            let b = of_position(&g.initial(2)).unwrap_or_else(|| panic!("{name} draws nothing"));
            assert!(b.width > 0.0 && b.height > 0.0, "{name}");
            assert!(b.body.matches('<').count() > 3, "{name}: {}", b.body);
        }
    }

    /// A term that is no position draws nothing.
    #[test]
    fn a_term_that_is_no_position_draws_nothing() {
        assert!(of_position(&GTerm::atom("ttt")).is_none());
        let bad = GTerm::compound("ttt", vec![GTerm::Int(1)]);
        assert!(of_position(&bad).is_none());
    }
}
