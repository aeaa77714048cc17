//! What a search tree shows of a position of a game written in Prolog (docs/games.md, "Games
//! written in Prolog"): who is to move, the moves with their notation and the board, asked of
//! the game's own predicates (`ход_макса/1`, `ход/3`, `картинка/2`) through the library's
//! `'$game_tree_node'/4`, as a library game's are asked of the game in Rust.

use crate::games::picture::Board;
use crate::games::GTerm;
use crate::machine::solve::Answer;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// What the game says of one position.
#[derive(Default)]
pub struct Facts {
    /// Whether MAX is to move, when the game says who is.
    pub max_to_move: Option<bool>,
    /// The moves: notation and successor, in the game's order.
    pub moves: Vec<(String, GTerm)>,
    /// The board as the game draws it.
    pub board: Option<Board>,
}

/// The facts of the position `pos` of a game written in Prolog, asked on machine `m`, whose
/// heap is used for a moment and left as it was.
pub fn facts(m: &mut Machine, pos: &GTerm) -> Facts {
    crate::game_predicates::scratch(m, |m| {
        let p = crate::game_predicates::to_heap(m, pos);
        let [side, pairs, svg] = [(); 3].map(|_| m.heap_mut().new_var());
        let name = m.atoms_mut().intern("$game_tree_node");
        let goal = m.heap_mut().compound(name, &[p, side, pairs, svg]);
        let mut out = Facts::default();
        if let Answer::True = m.solve_once(goal) {
            let side = m.heap().deref(side);
            if side.tag() == Tag::Atom {
                match m.atoms().name(side.atom_index()) {
                    "max" => out.max_to_move = Some(true),
                    "min" => out.max_to_move = Some(false),
                    _ => {}
                }
            }
            out.moves = moves(m, pairs);
            let svg = m.heap().deref(svg);
            if svg.tag() == Tag::Atom && svg != Cell::atom(atom::NIL) {
                out.board = board(m.atoms().name(svg.atom_index()));
            }
        }
        out
    })
}

/// The `Successor-Notation` pairs of the list `l`, the notation written as `write/1` would.
fn moves(m: &mut Machine, l: Cell) -> Vec<(String, GTerm)> {
    let mut out = Vec::new();
    let mut l = m.heap().deref(l);
    while l.tag() == Tag::List {
        let pair = m.heap().deref(m.heap().cells[l.addr()]);
        l = m.heap().deref(m.heap().cells[l.addr() + 1]);
        if pair.tag() != Tag::Str || m.heap().functor_of(pair).functor_arity() != 2 {
            continue;
        }
        let (s, n) = (m.heap().arg(pair, 0), m.heap().arg(pair, 1));
        if let Ok(succ) = crate::game_predicates::from_heap(m, s) {
            out.push((m.format_term(n, false, 0), succ));
        }
    }
    out
}

/// A board from the text of an `<svg>` element: its `width` and `height` (100 when it gives
/// none) and what it holds.
pub fn board(svg: &str) -> Option<Board> {
    let open_end = svg.find('>')?;
    let open = &svg[..open_end];
    if !open.trim_start().starts_with("<svg") {
        return None;
    }
    let close = svg.rfind("</svg>")?;
    let size = |attr: &str| -> f64 {
        let key = format!("{attr}=\"");
        open.find(&key)
            .and_then(|i| {
                let rest = &open[i + key.len()..];
                rest[..rest.find('"')?].trim_end_matches("px").parse().ok()
            })
            .filter(|v: &f64| v.is_finite() && *v > 0.0)
            .unwrap_or(100.0)
    };
    Some(Board {
        width: size("width"),
        height: size("height"),
        body: svg.get(open_end + 1..close)?.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::board;

    #[test]
    fn a_board_is_read_from_an_svg_element() {
        let b = board(r#"<svg xmlns="x" width="90" height="40"><circle r="1"/></svg>"#).unwrap();
        assert_eq!((b.width, b.height), (90.0, 40.0));
        assert_eq!(b.body, r#"<circle r="1"/>"#);
        assert!(board("<g></g>").is_none());
    }
}
