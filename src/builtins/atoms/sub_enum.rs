//! `sub_atom/5` and `sub_string/5` as one nondeterministic native each, which replace the
//! library's definitions when the fast paths are on ([`install_over_library`]).
//!
//! The library's general path (`'$sub_text'/6` in `library/boot.pl`) checks the arguments with
//! `'$sub_text_info'/8` and enumerates with `between/3` and arithmetic, calling a native per
//! candidate. The native here checks the same arguments in the same order, with the same
//! errors, and walks the same candidates in the same order (ascending B, then ascending L),
//! keeping its place in the retry state: the candidate `(B, L)` is numbered `B * (N + 1) + L`.
//! After a solution it looks for the next one, so that the last solution leaves no
//! choicepoint, as the general path's does. A bound position that is not a small integer has
//! no solution (a text is shorter than 2^62 characters), nor has it on the general path.
//!
//! Two modes are common in programs and cost no allocation here: searching for a bound Sub in
//! an ASCII text (`sub_atom(+, B, L, A, +)`, by substring search rather than by trying every
//! candidate) and taking a part at known positions (`sub_atom(+, +, +, _, -)`, whose atom is
//! looked up from a copy on the stack). Texts and Subs that are atoms or strings are read where
//! they are kept.

use super::{make_text, sub_text_check, TextKind};
use crate::machine::cell_text::{Accept, TextOf};
use crate::machine::db::LAST;
use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::heap::Piece;
use crate::term::{atom, BoxKind, Cell, Tag};

/// Make `sub_atom/5` and `sub_string/5` the natives of this file, over the library's clauses
/// (called after the library is loaded, and only with the fast paths on).
pub fn install_over_library(m: &mut Machine) {
    m.def_redo(
        "sub_atom",
        5,
        |m, a, s| sub_text(m, a, s, TextKind::Atom),
        determined,
    );
    m.def_redo(
        "sub_string",
        5,
        |m, a, s| sub_text(m, a, s, TextKind::String),
        determined,
    );
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

/// At most one solution: both B and L follow from what is bound (`[Text, B, L, A, Sub]`).
fn determined(m: &Machine, a: &[Cell]) -> bool {
    let bound = |i: usize| m.stacks.heap.deref(a[i]).tag() != Tag::Ref;
    let l_known = bound(2) || bound(4);
    let b_known = bound(1) || (bound(3) && l_known);
    b_known && (l_known || bound(3))
}

/// The candidates' constraints for one call.
struct Want {
    n: usize,
    b: Pos,
    l: Pos,
    a: Pos,
    /// The length of Sub in characters, when it is bound.
    sub_len: Option<usize>,
}

impl Want {
    /// The first candidate at or after number `from` that meets every constraint but the
    /// text of Sub, which `matches` checks.
    fn next(&self, from: usize, matches: impl Fn(usize, usize) -> bool) -> Option<(usize, usize)> {
        let n = self.n;
        let (mut b, mut l0) = (from / (n + 1), from % (n + 1));
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
            let l = match (self.l, self.sub_len, self.a) {
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

    /// Whether the solutions are exactly the places where Sub occurs: only Sub bound (and L,
    /// if bound, to its length).
    fn is_search(&self) -> bool {
        self.b == Pos::Free
            && self.a == Pos::Free
            && self.sub_len.is_some()
            && (self.l == Pos::Free || self.l == self.sub_len.map_or(Pos::Never, Pos::At))
    }
}

/// Sub as the native reads it.
enum SubArg {
    Free,
    /// An atom other than `[]`, or a string: its text is read where it is kept.
    InPlace(Cell),
    Owned(String),
}

fn sub_arg(m: &Machine, c: Cell) -> Option<SubArg> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Some(SubArg::Free),
        Tag::Atom if c.atom_index() != atom::NIL => Some(SubArg::InPlace(c)),
        Tag::Boxed if m.box_kind_is(c, BoxKind::Str) => Some(SubArg::InPlace(c)),
        _ => match m.text_of(c, Accept::ANY) {
            TextOf::Text(t) => Some(SubArg::Owned(t)),
            _ => None,
        },
    }
}

/// A solution `(B, L)`, the byte range of its part in the text, and the candidate number of
/// the next solution.
type Found = ((usize, usize), (usize, usize), Option<usize>);

/// `sub_atom(Text, B, L, A, Sub)` (`kind` atom) or `sub_string/5`, from candidate `state`.
fn sub_text(
    m: &mut Machine,
    a: &[Cell],
    state: usize,
    kind: TextKind,
) -> Result<Option<usize>, PlError> {
    if state == LAST {
        return Ok(None);
    }
    if state == 0 && !plainly_valid(m, a) {
        // The context names the predicate as the library's path names it.
        sub_text_check(m, kind, a).map_err(|e| {
            let name = match kind {
                TextKind::Atom => "sub_atom",
                TextKind::String => "sub_string",
            };
            m.in_context(e, name, 5)
        })?;
    }
    let Some(sub) = sub_arg(m, a[4]) else {
        return Ok(None);
    };
    let owned = owned_text(m, a[0])?;
    let want_sub = !matches!(sub, SubArg::Free);
    let found: Option<(usize, Found)> = {
        let text = text_ref(m, a[0], owned.as_deref());
        let sub = match &sub {
            SubArg::Free => None,
            SubArg::InPlace(c) => Some(text_ref(m, *c, None)),
            SubArg::Owned(s) => Some(s.as_str()),
        };
        let ascii = text.is_ascii();
        let n = if ascii {
            text.len()
        } else {
            text.chars().count()
        };
        let want = Want {
            n,
            b: pos(m, a[1]),
            l: pos(m, a[2]),
            a: pos(m, a[3]),
            sub_len: sub.map(|s| if ascii { s.len() } else { s.chars().count() }),
        };
        let found = match sub {
            Some(s) if ascii && want.is_search() => search(text, s, n, state),
            _ => walk(&want, text, ascii, sub, state),
        };
        found.map(|f| (n, f))
    };
    let Some((n, ((b, l), part, after))) = found else {
        return Ok(None);
    };
    let mut ok = m.unify(a[1], Cell::int(b as i64))
        && m.unify(a[2], Cell::int(l as i64))
        && m.unify(a[3], Cell::int((n - b - l) as i64));
    if ok && !want_sub {
        let c = part_cell(m, a[0], owned.as_deref(), part, kind)?;
        ok = m.unify(a[4], c);
    }
    Ok(ok.then_some(after.unwrap_or(LAST)))
}

/// Whether the arguments `[Text, B, L, A, Sub]` are of the forms that raise no error: Text an
/// atom other than `[]` or a string, each position unbound or a small nonnegative integer, and
/// Sub unbound, an atom other than `[]` or a string. Others are checked by `sub_text_check`.
fn plainly_valid(m: &Machine, a: &[Cell]) -> bool {
    let text = |c: Cell| {
        let c = m.stacks.heap.deref(c);
        match c.tag() {
            Tag::Atom => c.atom_index() != atom::NIL,
            Tag::Boxed => m.stacks.heap.box_kind(c) == BoxKind::Str,
            _ => false,
        }
    };
    let position = |c: Cell| {
        let c = m.stacks.heap.deref(c);
        c.tag() == Tag::Ref || (c.tag() == Tag::Int && c.int_value() >= 0)
    };
    let sub = m.stacks.heap.deref(a[4]);
    text(a[0])
        && position(a[1])
        && position(a[2])
        && position(a[3])
        && (sub.tag() == Tag::Ref || text(sub))
}

/// The occurrences of `sub` in ASCII `text` (of length `n`) from candidate `from` on, found
/// by substring search; a non-ASCII `sub` occurs nowhere in it.
fn search(text: &str, sub: &str, n: usize, from: usize) -> Option<Found> {
    let sl = sub.len();
    let (b0, l0) = (from / (n + 1), from % (n + 1));
    let start = if l0 > sl { b0 + 1 } else { b0 };
    let find = |at: usize| text.get(at..)?.find(sub).map(|i| i + at);
    let b = find(start)?;
    let after = find(b + 1).map(|b2| b2 * (n + 1) + sl);
    Some(((b, sl), (b, sl), after))
}

/// The solutions of `want` from candidate `from` on, candidate by candidate (`ascii` tells
/// whether `text` is ASCII).
fn walk(want: &Want, text: &str, ascii: bool, sub: Option<&str>, from: usize) -> Option<Found> {
    if let (Pos::At(b), Pos::At(l), true) = (want.b, want.l, ascii) {
        return slice(want, text, sub, (b, l));
    }
    let bounds = Bounds::new(text, ascii);
    let ((b, l), after) = match sub {
        // Every candidate that meets the positions is a solution.
        None => {
            let first = want.next(from, |_, _| true)?;
            (
                first,
                want.next(first.0 * (want.n + 1) + first.1 + 1, |_, _| true),
            )
        }
        Some(s) => {
            let matches = |b: usize, l: usize| bounds.part(text, b, l) == Some(s);
            let first = want.next(from, matches)?;
            (
                first,
                want.next(first.0 * (want.n + 1) + first.1 + 1, matches),
            )
        }
    };
    let part = bounds.part(text, b, l)?;
    let start = part.as_ptr() as usize - text.as_ptr() as usize;
    Some((
        (b, l),
        (start, part.len()),
        after.map(|(b2, l2)| b2 * (want.n + 1) + l2),
    ))
}

/// The one candidate `(b, l)` of ASCII `text`, when both are bound: a solution when it lies
/// in the text and meets A and Sub.
fn slice(want: &Want, text: &str, sub: Option<&str>, (b, l): (usize, usize)) -> Option<Found> {
    let part = text.get(b..b.checked_add(l)?)?;
    let fits = want.a_fits(want.n - b - l) && sub.is_none_or(|s| s == part);
    fits.then_some(((b, l), (b, l), None))
}

/// The part of text `t` at byte range `range` as a term of `kind`: a string is made from the
/// text where it is kept (an atom's name, or the string object on the heap); an atom from the
/// part of an atom's name within the atom table, or else from a copy of the part (making an
/// atom may change the atom table or the heap its text would be read from), on the stack when
/// it is short.
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
    if let (TextKind::Atom, None, Tag::Atom) = (kind, owned, c.tag()) {
        return m.atom_part_cell(c.atom_index(), start..start + len);
    }
    const SHORT: usize = 64;
    if len <= SHORT {
        let mut buf = [0u8; SHORT];
        buf[..len].copy_from_slice(&text_ref(m, t, owned).as_bytes()[start..start + len]);
        // The range lies on character boundaries of a str, so the copy is UTF-8.
        let part = std::str::from_utf8(&buf[..len]).unwrap_or_default();
        return make_text(m, part, kind);
    }
    let part = text_ref(m, t, owned)[start..start + len].to_owned();
    make_text(m, &part, kind)
}

/// The text of `t` copied, when it is neither an atom nor a string (whose text is read where
/// it is kept).
fn owned_text(m: &mut Machine, t: Cell) -> Result<Option<String>, PlError> {
    let c = m.stacks.heap.deref(t);
    let kept = (c.tag() == Tag::Atom && c.atom_index() != atom::NIL)
        || (c.tag() == Tag::Boxed && m.box_kind_is(c, BoxKind::Str));
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
    fn new(text: &str, ascii: bool) -> Bounds {
        let starts = (!ascii).then(|| {
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
