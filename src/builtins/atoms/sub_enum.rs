//! `'$sub_text_enum'/7`: the solutions of `sub_atom/5` and `sub_string/5` enumerated by one
//! nondeterministic native, after `'$sub_text_info'/8` has checked the arguments.
//!
//! The library's general path (`'$sub_text'/6` in `library/boot.pl`) enumerates with
//! `between/3` and arithmetic and calls a native per candidate; this one walks the same
//! candidates, in the same order (ascending B, then ascending L), and keeps its place in the
//! retry state: the candidate `(B, L)` is numbered `B * (N + 1) + L`. After a solution it looks
//! for the next one, so that the last solution leaves no choicepoint, as the general path's
//! does. A bound position that is not a small integer has no solution (a text is shorter than
//! 2^62 characters), nor had it on the general path.

use super::{make_text, TextKind};
use crate::machine::cell_text::{Accept, TextOf};
use crate::machine::db::LAST;
use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::heap::Piece;
use crate::term::{BoxKind, Cell, Tag};

/// Register the native.
pub fn install(m: &mut Machine) {
    m.def_redo("$sub_text_enum", 7, sub_text_enum, determined);
}

/// What is known of one position argument.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pos {
    Free,
    At(usize),
    /// Bound to something no text position can equal.
    Never,
}

fn pos(m: &Machine, c: Cell) -> Pos {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Pos::Free,
        Tag::Int if c.int_value() >= 0 => Pos::At(c.int_value() as usize),
        _ => Pos::Never,
    }
}

/// At most one solution: both B and L follow from what is bound.
fn determined(m: &Machine, a: &[Cell]) -> bool {
    let bound = |i: usize| m.stacks.heap.deref(a[i]).tag() != Tag::Ref;
    let l_known = bound(4) || bound(6);
    let b_known = bound(3) || (bound(5) && l_known);
    b_known && (l_known || bound(5))
}

/// The candidates' constraints for one call.
struct Want {
    n: usize,
    b: Pos,
    l: Pos,
    a: Pos,
    sub: Option<String>,
}

impl Want {
    /// The first candidate at or after number `from` that meets every constraint but the
    /// text of Sub, which `matches` checks.
    fn next(&self, from: usize, matches: &dyn Fn(usize, usize) -> bool) -> Option<(usize, usize)> {
        let n = self.n;
        let (mut b, mut l0) = (from / (n + 1), from % (n + 1));
        let sub_len = self.sub.as_ref().map(|s| s.chars().count());
        while b <= n {
            match self.b {
                Pos::At(x) if x != b => {
                    if x < b {
                        return None;
                    }
                    (b, l0) = (x, 0);
                    continue;
                }
                Pos::Never => return None,
                _ => {}
            }
            let room = n - b;
            let l = match (self.l, sub_len, self.a) {
                (Pos::Never, _, _) | (_, _, Pos::Never) => return None,
                (Pos::At(x), Some(s), _) if x != s => return None,
                (Pos::At(x), _, _) => Some(x),
                (_, Some(s), _) => Some(s),
                (_, _, Pos::At(x)) => room.checked_sub(x),
                _ => None,
            };
            let found = match l {
                Some(l) => {
                    (l >= l0 && l <= room && self.a_fits(room - l) && matches(b, l)).then_some(l)
                }
                None => (l0..=room).find(|&l| self.a_fits(room - l) && matches(b, l)),
            };
            if let Some(l) = found {
                return Some((b, l));
            }
            (b, l0) = (b + 1, 0);
        }
        None
    }

    fn a_fits(&self, a: usize) -> bool {
        match self.a {
            Pos::At(x) => x == a,
            Pos::Free => true,
            Pos::Never => false,
        }
    }
}

/// `'$sub_text_enum'(Kind, Text, N, B, L, A, Sub)`.
fn sub_text_enum(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    if state == LAST {
        return Ok(None);
    }
    let kind = super::TextKind::from_cell(m, a[0]);
    let n = m.stacks.heap.deref(a[2]);
    let n = if n.tag() == Tag::Int {
        n.int_value() as usize
    } else {
        0
    };
    let sub_cell = m.stacks.heap.deref(a[6]);
    let sub = if sub_cell.tag() == Tag::Ref {
        None
    } else {
        match m.text_of(sub_cell, Accept::ANY) {
            TextOf::Text(t) => Some(t),
            _ => return Ok(None),
        }
    };
    let want = Want {
        n,
        b: pos(m, a[3]),
        l: pos(m, a[4]),
        a: pos(m, a[5]),
        sub,
    };
    let owned = owned_text(m, a[1])?;
    let (found, after) = {
        let text = text_ref(m, a[1], owned.as_deref());
        let bounds = Bounds::new(text);
        let matches = |b: usize, l: usize| match &want.sub {
            Some(s) => bounds.part(text, b, l) == Some(s.as_str()),
            None => true,
        };
        let Some((b, l)) = want.next(state, &matches) else {
            return Ok(None);
        };
        let after = want.next(b * (n + 1) + l + 1, &matches);
        // The part's byte range in the text, made into a term once the text is no longer
        // borrowed.
        let part = if want.sub.is_none() {
            bounds
                .part(text, b, l)
                .map(|p| (p.as_ptr() as usize - text.as_ptr() as usize, p.len()))
        } else {
            None
        };
        ((b, l, part), after)
    };
    let (b, l, part) = found;
    let mut ok = m.unify(a[3], Cell::int(b as i64))
        && m.unify(a[4], Cell::int(l as i64))
        && m.unify(a[5], Cell::int((n - b - l) as i64));
    if let Some((start, len)) = part {
        let c = part_cell(m, a[1], owned.as_deref(), (start, len), kind)?;
        ok = ok && m.unify(a[6], c);
    }
    if !ok {
        return Ok(None);
    }
    Ok(Some(match after {
        Some((b2, l2)) => b2 * (n + 1) + l2,
        None => LAST,
    }))
}

/// The part of text `t` at byte range `range` as a term of `kind`: a string is made from the
/// text where it is kept (an atom's name, or the string object on the heap), an atom from a
/// copy of the part (making an atom may change the atom table its name would be read from).
fn part_cell(
    m: &mut Machine,
    t: Cell,
    owned: Option<&str>,
    (start, len): (usize, usize),
    kind: TextKind,
) -> Result<Cell, PlError> {
    let c = m.stacks.heap.deref(t);
    if let (TextKind::String, None) = (kind, owned) {
        let Machine { atoms, stacks, .. } = m;
        let piece = if c.tag() == Tag::Atom {
            Piece::Text(&atoms.name(c.atom_index())[start..start + len])
        } else {
            Piece::StrPart(c, start, len)
        };
        return Ok(stacks.heap.string_joined(&[piece]));
    }
    let part = text_ref(m, t, owned)[start..start + len].to_owned();
    make_text(m, &part, kind)
}

/// The text of `t` copied, when it is neither an atom nor a string (whose text is read where
/// it is kept).
fn owned_text(m: &mut Machine, t: Cell) -> Result<Option<String>, PlError> {
    let c = m.stacks.heap.deref(t);
    let kept = c.tag() == Tag::Atom || (c.tag() == Tag::Boxed && m.box_kind_is(c, BoxKind::Str));
    if kept {
        return Ok(None);
    }
    m.text_arg(t, Accept::ANY, "text").map(Some)
}

fn text_ref<'a>(m: &'a Machine, t: Cell, owned: Option<&'a str>) -> &'a str {
    if let Some(s) = owned {
        return s;
    }
    let c = m.stacks.heap.deref(t);
    if c.tag() == Tag::Atom {
        m.atoms.name(c.atom_index())
    } else {
        m.stacks.heap.string_value(c)
    }
}

/// Character offsets to byte offsets: none needed for ASCII text.
struct Bounds {
    starts: Option<Vec<usize>>,
}

impl Bounds {
    fn new(text: &str) -> Bounds {
        let starts = (!text.is_ascii()).then(|| {
            text.char_indices()
                .map(|(i, _)| i)
                .chain(std::iter::once(text.len()))
                .collect()
        });
        Bounds { starts }
    }

    /// The `l` characters of `text` from character `b`.
    fn part<'t>(&self, text: &'t str, b: usize, l: usize) -> Option<&'t str> {
        match &self.starts {
            None => text.get(b..b.checked_add(l)?),
            Some(s) => Some(&text[*s.get(b)?..*s.get(b.checked_add(l)?)?]),
        }
    }
}
