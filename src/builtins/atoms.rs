//! Atoms and their text: `atom_codes/2`, `atom_chars/2`, `char_code/2`, `atom_length/2`,
//! `number_codes/2`, `number_chars/2`, `atom_number/2`, `name/2`, `upcase_atom/2`,
//! `downcase_atom/2`, `atomic_list_concat/2,3`, and the deterministic natives under
//! `atom_concat/3`, `string_concat/3`, `text_concat/3`, `sub_atom/5` and `sub_string/5` (whose
//! enumerating modes are in `library/boot.pl`).
//!
//! Errors are ISO's; where SWI-Prolog raises something else the ISO choice is kept and the
//! place says so. Natives here are deterministic and never recurse on term depth.

use crate::machine::cell_text::{Accept, ListKind, TextOf};
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the family (and the shared text family, which `builtins.rs` does not list).
pub fn install(m: &mut Machine) {
    super::text::install(m);
    m.def_native("atom_codes", 2, |m, a| atom_to_list(m, a, ListKind::Codes));
    m.def_native("atom_chars", 2, |m, a| atom_to_list(m, a, ListKind::Chars));
    m.def_native("char_code", 2, char_code);
    m.def_native("atom_length", 2, atom_length);
    m.def_native("number_codes", 2, |m, a| number_list(m, a, ListKind::Codes));
    m.def_native("number_chars", 2, |m, a| number_list(m, a, ListKind::Chars));
    m.def_native("atom_number", 2, atom_number);
    m.def_native("name", 2, name);
    m.def_native("upcase_atom", 2, |m, a| change_case(m, a, true));
    m.def_native("downcase_atom", 2, |m, a| change_case(m, a, false));
    m.def_native("atomic_list_concat", 2, |m, a| {
        let text = join(m, a[0], "")?;
        let c = m.atom_cell(&text)?;
        Ok(m.unify(c, a[1]))
    });
    m.def_native("atomic_list_concat", 3, atomic_list_concat3);
    // The natives under atom_concat/3 and its siblings raise their errors as those.
    m.def_native("$concat_det", 4, |m, a| {
        concat_det(m, a).map_err(|e| concat_context(m, a[0], e))
    });
    m.def_native("$concat_length", 3, |m, a| {
        concat_length(m, a).map_err(|e| concat_context(m, a[0], e))
    });
    m.def_native("$concat_split", 5, |m, a| {
        concat_split(m, a).map_err(|e| concat_context(m, a[0], e))
    });
    m.def_native("$sub_text_info", 8, |m, a| {
        sub_text_info(m, a).map_err(|e| {
            let name = match TextKind::from_cell(m, a[0]) {
                TextKind::Atom => "sub_atom",
                TextKind::String => "sub_string",
            };
            m.in_context(e, name, 5)
        })
    });
    m.def_native("$sub_text_positions", 3, sub_text_positions);
    m.def_native("$sub_text_extract", 5, sub_text_extract);
}

/// The type of text a predicate produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// An atom.
    Atom,
    /// A string object.
    String,
}

impl TextKind {
    /// The kind named by the first argument of the `'$concat'`-style natives.
    fn from_cell(m: &Machine, c: Cell) -> TextKind {
        let c = m.stacks.heap.deref(c);
        if c.tag() == Tag::Atom && m.atoms.name(c.atom_index()) == "string" {
            TextKind::String
        } else {
            TextKind::Atom
        }
    }
}

/// A new atom or string holding `s`.
pub fn make_text(m: &mut Machine, s: &str, kind: TextKind) -> Result<Cell, PlError> {
    Ok(match kind {
        TextKind::Atom => m.atom_cell(s)?,
        TextKind::String => m.stacks.heap.string(s),
    })
}

/// Unify `target` with `s` as text of `kind`; a bound target is compared by its text, as SWI
/// does, after checking that it is atomic.
fn result_text(m: &mut Machine, target: Cell, s: &str, kind: TextKind) -> Res {
    let t = m.stacks.heap.deref(target);
    if t.tag() == Tag::Ref {
        let c = make_text(m, s, kind)?;
        return Ok(m.unify(t, c));
    }
    match m.atomic_text(t) {
        Some(x) => Ok(x == s),
        None => Err(m.type_err("atomic", t)),
    }
}

/// Fail with a type error unless `l` is a list or a partial list.
pub fn check_list_or_partial(m: &mut Machine, l: Cell) -> Result<(), PlError> {
    let s = crate::term::cycles::list_spine(&m.stacks.heap, l);
    match s.tail.tag() {
        _ if s.cyclic => {}
        Tag::Ref => return Ok(()),
        Tag::Atom if s.tail.atom_index() == atom::NIL => return Ok(()),
        _ => {}
    }
    let l = m.stacks.heap.deref(l);
    Err(m.type_err("list", l))
}

/// A code or char list of `s`.
pub fn make_list(m: &mut Machine, s: &str, kind: ListKind) -> Cell {
    match kind {
        ListKind::Codes => m.codes_cell(s),
        ListKind::Chars => m.chars_cell(s),
    }
}

fn atom_to_list(m: &mut Machine, a: &[Cell], kind: ListKind) -> Res {
    let x = m.stacks.heap.deref(a[0]);
    if x.tag() == Tag::Atom && kind == ListKind::Codes {
        // The common case reads the atom's name where it is kept, with no copy.
        check_list_or_partial(m, a[1])?;
        let l = m
            .stacks
            .heap
            .codes_from(m.atoms.name(x.atom_index()), Cell::atom(atom::NIL));
        return Ok(m.unify(l, a[1]));
    }
    if x.tag() != Tag::Ref {
        // SWI accepts any atomic first argument (numbers and strings too).
        let Some(s) = m.atomic_text(x) else {
            return Err(m.type_err("atom", x));
        };
        check_list_or_partial(m, a[1])?;
        let l = make_list(m, &s, kind);
        return Ok(m.unify(l, a[1]));
    }
    let s = m.list_text_arg(a[1], kind)?;
    let c = m.atom_cell(&s)?;
    Ok(m.unify(x, c))
}

fn char_code(m: &mut Machine, a: &[Cell]) -> Res {
    let ch = m.stacks.heap.deref(a[0]);
    let code = m.stacks.heap.deref(a[1]);
    // The character is checked before the code, as SWI-Prolog does.
    if ch.tag() != Tag::Ref {
        if code.tag() != Tag::Ref && !m.is_integer(code) {
            let one_char =
                ch.tag() == Tag::Atom && m.atoms.name(ch.atom_index()).chars().count() == 1;
            if !one_char {
                return Err(m.type_err("character", ch));
            }
            return Err(m.type_err("integer", code));
        }
        let one = (ch.tag() == Tag::Atom).then(|| {
            let mut it = m.atoms.name(ch.atom_index()).chars();
            match (it.next(), it.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            }
        });
        let Some(Some(c)) = one else {
            return Err(m.type_err("character", ch));
        };
        return Ok(m.unify(code, Cell::int(c as i64)));
    }
    if code.tag() != Tag::Ref && !m.is_integer(code) {
        return Err(m.type_err("integer", code));
    }
    if code.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    // A code outside the character range is `type_error(character_code, C)` as SWI-Prolog
    // raises it (ISO asks for representation_error(character_code)); programs compared with
    // SWI-Prolog print the same error.
    let c = match code.tag() {
        Tag::Int => u32::try_from(code.int_value())
            .ok()
            .and_then(char::from_u32),
        _ => None,
    };
    match c {
        Some(c) => {
            let cell = m.char_cell(c);
            Ok(m.unify(ch, cell))
        }
        None => Err(m.type_err("character_code", code)),
    }
}

/// Check an optional length argument: unbound, or a nonnegative integer (`None` when
/// unbound). A negative one is a domain error, as ISO says for `atom_length/2`.
fn length_arg(m: &mut Machine, n: Cell) -> Result<Option<i64>, PlError> {
    let n = m.stacks.heap.deref(n);
    match n.tag() {
        Tag::Ref => Ok(None),
        Tag::Int if n.int_value() < 0 => Err(m.domain_err("not_less_than_zero", n)),
        Tag::Int => Ok(Some(n.int_value())),
        _ if m.is_integer(n) => Ok(Some(i64::MAX)),
        _ => Err(m.type_err("integer", n)),
    }
}

fn atom_length(m: &mut Machine, a: &[Cell]) -> Res {
    // SWI accepts any text; ISO's type_error(atom, _) is kept for what is not text (SWI says
    // type_error(text, _)), and a negative length is ISO's domain error (SWI fails).
    // An atom's length is counted where its name lies, with no copy of the text.
    let t = m.stacks.heap.deref(a[0]);
    let len = if t.tag() == Tag::Atom && t.atom_index() != atom::NIL {
        m.atoms.name(t.atom_index()).chars().count() as i64
    } else {
        m.text_arg(a[0], Accept::ANY, "atom")?.chars().count() as i64
    };
    let n = length_arg(m, a[1])?;
    match n {
        Some(k) => Ok(k == len),
        None => Ok(m.unify(a[1], Cell::int(len))),
    }
}

fn number_list(m: &mut Machine, a: &[Cell], kind: ListKind) -> Res {
    let n = m.stacks.heap.deref(a[0]);
    if n.tag() != Tag::Ref && !m.is_number(n) {
        return Err(m.type_err("number", n));
    }
    let l = m.stacks.heap.deref(a[1]);
    let found = if m.box_kind_is(l, crate::term::BoxKind::Str) {
        // SWI also takes a string here (as `"12"` reads under double_quotes=string).
        TextOf::Text(m.stacks.heap.string_value(l).to_string())
    } else {
        m.list_text(l).0
    };
    match found {
        TextOf::Text(s) => match m.number_from_text(&s) {
            Some(v) => Ok(m.unify(n, v)),
            None => Err(m.syntax_err("illegal_number")),
        },
        TextOf::Var | TextOf::Partial if n.tag() != Tag::Ref => {
            let s = m.atomic_text(n).unwrap_or_default();
            let l = make_list(m, &s, kind);
            Ok(m.unify(l, a[1]))
        }
        TextOf::Var | TextOf::Partial => Err(m.inst_err()),
        TextOf::BadElement(e) => Err(m.bad_element_err(e, kind)),
        _ => {
            let l = m.stacks.heap.deref(a[1]);
            Err(m.type_err("list", l))
        }
    }
}

fn atom_number(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.stacks.heap.deref(a[0]);
    let n = m.stacks.heap.deref(a[1]);
    if x.tag() == Tag::Ref {
        if n.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if !m.is_number(n) {
            return Err(m.type_err("number", n));
        }
        let s = m.atomic_text(n).unwrap_or_default();
        let c = m.atom_cell(&s)?;
        return Ok(m.unify(x, c));
    }
    // As in SWI-Prolog: a bound second argument must be a number, a string is text as an atom
    // is, and other text with a number given fails rather than raising.
    if n.tag() != Tag::Ref && !m.is_number(n) {
        return Err(m.type_err("number", n));
    }
    let s = if x.tag() == Tag::Atom {
        m.atoms.name(x.atom_index()).to_string()
    } else if x.tag() == Tag::Boxed && m.stacks.heap.box_kind(x) == crate::term::BoxKind::Str {
        m.stacks.heap.string_value(x).to_string()
    } else if n.tag() == Tag::Ref {
        return Err(m.type_err("atom", x));
    } else {
        return Ok(false);
    };
    // Unlike number_codes/2, atom_number/2 rejects leading layout.
    if s.starts_with(|c: char| c.is_whitespace()) {
        return Ok(false);
    }
    match m.number_from_text(&s) {
        Some(v) => Ok(m.unify(n, v)),
        None => Ok(false),
    }
}

/// `name/2`: the codes of any atomic's text, or a text (codes, chars or a string) made a number
/// when it spells one as `atom_number/2` reads it, and an atom otherwise, as SWI-Prolog does.
fn name(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.stacks.heap.deref(a[0]);
    if x.tag() != Tag::Ref {
        let Some(s) = m.atomic_text(x) else {
            return Err(m.type_err("atomic", x));
        };
        check_list_or_partial(m, a[1])?;
        let l = m.codes_cell(&s);
        return Ok(m.unify(l, a[1]));
    }
    let s = m.list_text_arg(a[1], ListKind::Codes)?;
    let number = if s.starts_with(char::is_whitespace) {
        None
    } else {
        m.number_from_text(&s)
    };
    let c = match number {
        Some(n) => n,
        None => m.atom_cell(&s)?,
    };
    Ok(m.unify(x, c))
}

/// `s` in upper or lower case, character by character (a character whose case mapping is
/// several characters, like `ß`, is kept as it is, as SWI-Prolog does).
pub fn map_case(s: &str, upper: bool) -> String {
    // An ASCII letter's case mapping is always one ASCII letter.
    if s.is_ascii() {
        return if upper {
            s.to_ascii_uppercase()
        } else {
            s.to_ascii_lowercase()
        };
    }
    s.chars()
        .map(|c| {
            if upper {
                one_char(c.to_uppercase(), c)
            } else {
                one_char(c.to_lowercase(), c)
            }
        })
        .collect()
}

/// The one character a case mapping gives, or `c` itself when the mapping gives several.
fn one_char(mut mapped: impl Iterator<Item = char>, c: char) -> char {
    match (mapped.next(), mapped.next()) {
        (Some(d), None) => d,
        _ => c,
    }
}

fn change_case(m: &mut Machine, a: &[Cell], upper: bool) -> Res {
    let s = m.text_arg(a[0], Accept::ATOMIC, "atomic")?;
    let out = m.stacks.heap.deref(a[1]);
    if out.tag() != Tag::Ref && out.tag() != Tag::Atom {
        return Err(m.type_err("atom", out));
    }
    let c = m.atom_cell(&map_case(&s, upper))?;
    Ok(m.unify(out, c))
}

/// The concatenation of a proper list of atomic items with `sep` between them.
fn join(m: &mut Machine, l: Cell, sep: &str) -> Result<String, PlError> {
    let items = match m.list_to_vec_checked(l)? {
        Some(v) => v,
        None => return Err(m.inst_err()),
    };
    let mut out = String::new();
    for (i, it) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        let s = m.text_arg(*it, Accept::ATOMIC, "text")?;
        out.push_str(&s);
    }
    Ok(out)
}

/// True when `l` is a proper list whose elements are all bound.
fn ground_items(m: &Machine, l: Cell) -> bool {
    match m.list_to_vec(l) {
        Some(v) => v.iter().all(|&c| m.stacks.heap.deref(c).tag() != Tag::Ref),
        None => false,
    }
}

fn atomic_list_concat3(m: &mut Machine, a: &[Cell]) -> Res {
    let sep = m.stacks.heap.deref(a[1]);
    if sep.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if let Some(text) = list_concat::join_plain(m, a[0], sep) {
        let c = m.atom_cell(&text)?;
        return Ok(m.unify(c, a[2]));
    }
    if let Some(ch) = list_concat::one_char_sep(m, sep) {
        // A separator of one character raises none of the errors below that precede the
        // list's check.
        if !ground_items(m, a[0]) {
            check_list_or_partial(m, a[0])?;
            if let Some(l) = list_concat::split_plain(m, a[2], ch)? {
                return Ok(m.unify(l, a[0]));
            }
        }
    }
    let sep_text = m.text_arg(sep, Accept::ATOMIC, "text")?;
    if ground_items(m, a[0]) {
        let text = join(m, a[0], &sep_text)?;
        let c = m.atom_cell(&text)?;
        return Ok(m.unify(c, a[2]));
    }
    // Split mode: the list is partial or has unbound elements.
    check_list_or_partial(m, a[0])?;
    if sep_text.is_empty() {
        return Err(m.domain_err("non_empty_atom", sep));
    }
    let full = m.stacks.heap.deref(a[2]);
    if full.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let Some(full_text) = m.atomic_text(full) else {
        return Err(m.type_err("atomic", full));
    };
    let parts: Vec<Cell> = full_text
        .split(sep_text.as_str())
        .map(|p| m.atom_cell(p))
        .collect::<Result<Vec<_>, _>>()?;
    let l = m.stacks.heap.list_from(&parts, Cell::atom(atom::NIL));
    Ok(m.unify(l, a[0]))
}

/// The result kind of a concatenation: `text` makes a string when either part is one.
fn concat_kind(m: &Machine, kind: Cell, x: Cell, y: Cell) -> TextKind {
    let k = m.stacks.heap.deref(kind);
    if k.tag() == Tag::Atom && m.atoms.name(k.atom_index()) == "text" {
        let is_str = |c: Cell| m.box_kind_is(c, crate::term::BoxKind::Str);
        if is_str(x) || is_str(y) {
            TextKind::String
        } else {
            TextKind::Atom
        }
    } else {
        TextKind::from_cell(m, kind)
    }
}

/// Error `e` of a concatenation native of kind `kind` as the predicate the program called
/// raises it: `atom_concat/3`, `string_concat/3` or `text_concat/3`.
fn concat_context(m: &mut Machine, kind: Cell, e: PlError) -> PlError {
    let kind = m.stacks.heap.deref(kind);
    let name = match kind.tag() {
        Tag::Atom => match m.atoms.name(kind.atom_index()) {
            "string" => "string_concat",
            "text" => "text_concat",
            _ => "atom_concat",
        },
        _ => "atom_concat",
    };
    m.in_context(e, name, 3)
}

/// `'$concat_det'(Kind, X, Y, Z)`: concatenation with X or Y bound.
fn concat_det(m: &mut Machine, a: &[Cell]) -> Res {
    let (x, y, z) = (
        m.stacks.heap.deref(a[1]),
        m.stacks.heap.deref(a[2]),
        m.stacks.heap.deref(a[3]),
    );
    if z.tag() == Tag::Ref {
        if let Some(c) = concat_in_place(m, a[0], x, y)? {
            return Ok(m.unify(z, c));
        }
    }
    if z.tag() != Tag::Ref && m.atomic_text(z).is_none() {
        return Err(m.type_err("atomic", z));
    }
    let tx = m.opt_text_arg(x, Accept::ATOMIC, "atomic")?;
    let ty = m.opt_text_arg(y, Accept::ATOMIC, "atomic")?;
    let kind = concat_kind(m, a[0], x, y);
    let (tx, ty) = match (tx, ty) {
        (Some(mut p), Some(q)) => {
            p.push_str(&q);
            return result_text(m, z, &p, kind);
        }
        other => other,
    };
    if z.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let whole = m.atomic_text(z).unwrap_or_default();
    let part_kind = concat_kind(m, a[0], z, z);
    match (tx, ty) {
        (Some(p), None) => match whole.strip_prefix(p.as_str()) {
            Some(rest) => {
                let c = make_text(m, rest, part_kind)?;
                Ok(m.unify(y, c))
            }
            None => Ok(false),
        },
        (None, Some(q)) => match whole.strip_suffix(q.as_str()) {
            Some(rest) => {
                let c = make_text(m, rest, part_kind)?;
                Ok(m.unify(x, c))
            }
            None => Ok(false),
        },
        _ => Err(m.inst_err()),
    }
}

/// The concatenation of `x` and `y`, dereferenced, when each is an atom or a string (the
/// commonest call, `atom_concat(+, +, -)`): built from the texts where they are kept, with no
/// copy of either part (a string straight on the heap, an atom's name in one buffer). `None`
/// for other parts, and with the fast paths off: the general path of
/// [`concat_det`] answers those, alike.
fn concat_in_place(m: &mut Machine, kind: Cell, x: Cell, y: Cell) -> Result<Option<Cell>, PlError> {
    if !m.services.fast_paths {
        return Ok(None);
    }
    let (Some(px), Some(py)) = (piece(m, x), piece(m, y)) else {
        return Ok(None);
    };
    if let TextKind::String = concat_kind(m, kind, x, y) {
        let Machine { atoms, stacks, .. } = m;
        let pieces = [px.piece(atoms), py.piece(atoms)];
        return Ok(Some(stacks.heap.string_joined(&pieces)));
    }
    let (tx, ty) = (piece_text(m, px), piece_text(m, py));
    let mut whole = String::with_capacity(tx.len() + ty.len());
    whole.push_str(tx);
    whole.push_str(ty);
    m.atom_cell(&whole).map(Some)
}

/// A part of a concatenation for [`concat_in_place`]: an atom (by index) or a string object.
#[derive(Clone, Copy)]
enum Part {
    /// An atom.
    Atom(u32),
    /// A string object.
    Str(Cell),
}

impl Part {
    /// The piece [`crate::term::heap::Heap::string_joined`] reads it as.
    fn piece(self, atoms: &crate::term::AtomTable) -> crate::term::heap::Piece<'_> {
        match self {
            Part::Atom(i) => crate::term::heap::Piece::Text(atoms.name(i)),
            Part::Str(c) => crate::term::heap::Piece::Str(c),
        }
    }
}

/// `c`, dereferenced, as a part of a concatenation when it is an atom or a string.
fn piece(m: &Machine, c: Cell) -> Option<Part> {
    match c.tag() {
        Tag::Atom => Some(Part::Atom(c.atom_index())),
        Tag::Boxed if m.stacks.heap.box_kind(c) == crate::term::BoxKind::Str => Some(Part::Str(c)),
        _ => None,
    }
}

/// The text of part `p`, where it is kept.
fn piece_text(m: &Machine, p: Part) -> &str {
    match p {
        Part::Atom(i) => m.atoms.name(i),
        Part::Str(c) => m.stacks.heap.string_value(c),
    }
}

/// `'$concat_length'(Kind, Z, N)`: Z, which must be atomic, has N characters. With
/// `'$concat_split'/5` it enumerates the splits of Z one at a time, so that the first costs one
/// walk over Z whatever its length, where making every split first took time and memory
/// growing with the square of the length.
fn concat_length(m: &mut Machine, a: &[Cell]) -> Res {
    let z = m.stacks.heap.deref(a[1]);
    let whole = m.text_arg(z, Accept::ATOMIC, "atomic")?;
    let n = Cell::int(whole.chars().count() as i64);
    Ok(m.unify(n, a[2]))
}

/// `'$concat_split'(Kind, Z, B, X, Y)`: X is the first B characters of Z and Y the rest, as
/// text of the kind `atom_concat/3` (or its string or text sibling) gives for Z.
fn concat_split(m: &mut Machine, a: &[Cell]) -> Res {
    let z = m.stacks.heap.deref(a[1]);
    let whole = m.text_arg(z, Accept::ATOMIC, "atomic")?;
    let kind = concat_kind(m, a[0], z, z);
    let b = m.stacks.heap.deref(a[2]);
    if b.tag() != Tag::Int || b.int_value() < 0 {
        return Ok(false);
    }
    let at = match whole.char_indices().nth(b.int_value() as usize) {
        Some((i, _)) => i,
        None if whole.chars().count() == b.int_value() as usize => whole.len(),
        None => return Ok(false),
    };
    let p = make_text(m, &whole[..at], kind)?;
    let q = make_text(m, &whole[at..], kind)?;
    Ok(m.unify(p, a[3]) && m.unify(q, a[4]))
}

/// An optional position argument of `sub_atom/5`: unbound or a nonnegative integer.
fn position_arg(m: &mut Machine, c: Cell) -> Result<(), PlError> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Ok(()),
        Tag::Int if c.int_value() < 0 => Err(m.domain_err("not_less_than_zero", c)),
        Tag::Int => Ok(()),
        _ if m.is_integer(c) => Ok(()),
        _ => Err(m.type_err("integer", c)),
    }
}

/// `'$sub_text_info'(Kind, Text, B, L, A, Sub, N, SubLen)`: check the arguments of
/// `sub_atom/5` or `sub_string/5`; N is the length of Text, SubLen that of Sub or -1.
fn sub_text_info(m: &mut Machine, a: &[Cell]) -> Res {
    let kind = TextKind::from_cell(m, a[0]);
    let (n, sl) = sub_text_check(m, kind, &a[1..6])?;
    Ok(m.unify(a[6], Cell::int(n)) && m.unify(a[7], Cell::int(sl)))
}

/// Check the arguments `[Text, B, L, A, Sub]` of `sub_atom/5` (`kind` atom) or
/// `sub_string/5`, raising their errors in the order the general path does; the length of
/// Text and that of Sub or -1.
fn sub_text_check(m: &mut Machine, kind: TextKind, a: &[Cell]) -> Result<(i64, i64), PlError> {
    let ty = match kind {
        TextKind::Atom => "atom",
        TextKind::String => "string",
    };
    // The text may be given in any form; SWI takes a code list as Sub of sub_string/5 but
    // not of sub_atom/5.
    let n = match length_in_place(m, a[0]) {
        Some(n) => n,
        None => m.text_arg(a[0], Accept::ANY, ty)?.chars().count() as i64,
    };
    for &p in &a[1..4] {
        position_arg(m, p)?;
    }
    let sub_accept = match kind {
        TextKind::Atom => Accept::ATOMIC,
        TextKind::String => Accept::ANY,
    };
    let sl = match length_in_place(m, a[4]) {
        Some(n) => n,
        None => {
            let sub = m.opt_text_arg(a[4], sub_accept, ty)?;
            sub.map_or(-1, |s| s.chars().count() as i64)
        }
    };
    Ok((n, sl))
}

/// The length in characters of `c` when it is an atom other than `[]` or a string, counted
/// where the text is kept rather than in a copy; `None` for anything else (and with the fast
/// paths off), whose text the caller reads and checks as before.
fn length_in_place(m: &Machine, c: Cell) -> Option<i64> {
    if !m.services.fast_paths {
        return None;
    }
    let c = m.stacks.heap.deref(c);
    let text = match c.tag() {
        Tag::Atom if c.atom_index() != atom::NIL => m.atoms.name(c.atom_index()),
        Tag::Boxed if m.stacks.heap.box_kind(c) == crate::term::BoxKind::Str => {
            m.stacks.heap.string_value(c)
        }
        _ => return None,
    };
    Some(if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    } as i64)
}

/// `'$sub_text_positions'(Text, Sub, Bs)`: the character offsets where Sub occurs in Text,
/// overlapping occurrences included, in ascending order.
fn sub_text_positions(m: &mut Machine, a: &[Cell]) -> Res {
    let text = m.text_arg(a[0], Accept::ANY, "text")?;
    let sub = m.text_arg(a[1], Accept::ANY, "text")?;
    let mut found = Vec::new();
    for (ci, (bi, _)) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
        .enumerate()
    {
        if text[bi..].starts_with(sub.as_str()) {
            found.push(Cell::int(ci as i64));
        }
    }
    let l = m.stacks.heap.list_from(&found, Cell::atom(atom::NIL));
    Ok(m.unify(l, a[2]))
}

/// `'$sub_text_extract'(Kind, Text, B, L, Sub)`: Sub is the L characters of Text from B.
fn sub_text_extract(m: &mut Machine, a: &[Cell]) -> Res {
    let kind = TextKind::from_cell(m, a[0]);
    let (b, l) = (m.stacks.heap.deref(a[2]), m.stacks.heap.deref(a[3]));
    if b.tag() != Tag::Int || l.tag() != Tag::Int || b.int_value() < 0 || l.int_value() < 0 {
        return Ok(false);
    }
    let (b, l) = (b.int_value() as usize, l.int_value() as usize);
    // An atom's text is read where it is kept rather than copied whole: a loop that takes one
    // character at a time from a long atom would otherwise copy the atom once per character.
    let t = m.stacks.heap.deref(a[1]);
    let part = if t.tag() == Tag::Atom {
        chars_at(m.atoms.name(t.atom_index()), b, l).map(str::to_string)
    } else {
        let text = m.text_arg(a[1], Accept::ANY, "text")?;
        chars_at(&text, b, l).map(str::to_string)
    };
    let Some(part) = part else {
        return Ok(false);
    };
    let sub = m.stacks.heap.deref(a[4]);
    if sub.tag() != Tag::Ref {
        return Ok(match m.text_of(sub, Accept::ANY) {
            TextOf::Text(t) => t == part,
            _ => false,
        });
    }
    let c = make_text(m, &part, kind)?;
    Ok(m.unify(sub, c))
}

/// The `l` characters of `text` from character `b` on, or `None` when `text` is shorter. Text
/// that is all ASCII is cut at byte offsets at once; other text is walked to its `b`-th
/// character.
fn chars_at(text: &str, b: usize, l: usize) -> Option<&str> {
    if text.is_ascii() {
        let end = b.checked_add(l)?;
        return text.get(b..end);
    }
    let mut it = text
        .char_indices()
        .map(|(i, _)| i)
        .chain(std::iter::once(text.len()));
    let start = it.nth(b)?;
    let end = if l == 0 { start } else { it.nth(l - 1)? };
    Some(&text[start..end])
}

mod list_concat;
mod sub_enum;
pub use sub_enum::install_over_library;

#[cfg(test)]
mod tests;
