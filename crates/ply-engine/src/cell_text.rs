//! The text of a cell and back: what the atom, string and format builtins share, and what
//! natives outside the builtins (search trees) use to read a name from an argument.
//!
//! SWI-Prolog lets most text predicates take their text as an atom, a string, a number, a code
//! list or a char list; [`Machine::text_of`] reads any of these, reporting precisely why a cell
//! is not text so that each predicate can raise the ISO error it owes. The builders turn Rust
//! strings back into atoms, strings, code lists, char lists and numbers. Nothing here binds a
//! variable or raises an error on its own, except through the small `*_arg` wrappers that name
//! the error.

use crate::error::PlError;
use crate::Machine;
use ply_reader::ast::NodeKind;
use ply_term::{atom, BoxKind, Cell, Tag};

/// Which representations of text an argument accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accept {
    /// Atoms.
    pub atom: bool,
    /// String objects.
    pub string: bool,
    /// Integers and floats, as they would be written.
    pub number: bool,
    /// Code lists and char lists.
    pub list: bool,
}

impl Accept {
    /// Atoms, strings and numbers (SWI's "atomic" text).
    pub const ATOMIC: Accept = Accept {
        atom: true,
        string: true,
        number: true,
        list: false,
    };
    /// Every representation of text.
    pub const ANY: Accept = Accept {
        atom: true,
        string: true,
        number: true,
        list: true,
    };
}

/// What [`Machine::text_of`] found in a cell.
#[derive(Clone, Debug, PartialEq)]
pub enum TextOf {
    /// The cell holds text.
    Text(String),
    /// The cell is an unbound variable.
    Var,
    /// A list whose tail or one of whose elements is unbound.
    Partial,
    /// A list with an element that is neither a code nor a one-char atom (the element).
    BadElement(Cell),
    /// A list that does not end in `[]` (not a partial list either).
    NotList,
    /// Anything else that is not acceptable text.
    Invalid,
}

/// How the elements of a text list were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListKind {
    /// Character codes.
    Codes,
    /// One-character atoms.
    Chars,
}

impl Machine {
    /// The text of an atomic cell (atom, string or number), or None.
    pub fn atomic_text(&self, c: Cell) -> Option<String> {
        let c = self.stacks.heap.deref(c);
        match c.tag() {
            Tag::Atom => Some(self.atoms.name(c.atom_index()).to_string()),
            Tag::Int => Some(c.int_value().to_string()),
            Tag::Boxed => Some(match self.stacks.heap.box_kind(c) {
                BoxKind::Str => self.stacks.heap.string_value(c).to_string(),
                BoxKind::BigInt => {
                    ply_arith::decimal::ibig_to_string(&self.stacks.heap.bigint_value(c))
                }
                BoxKind::Float => ply_arith::format::format_float(self.stacks.heap.float_value(c)),
            }),
            _ => None,
        }
    }

    /// The text of a code list or char list, with which of the two it was.
    pub fn list_text(&self, l: Cell) -> (TextOf, ListKind) {
        let mut out = String::new();
        let mut kind = None;
        let mut c = self.stacks.heap.deref(l);
        let mut watch = ply_term::cycles::CycleWatch::new(c);
        loop {
            match c.tag() {
                Tag::List => {
                    let e = self.stacks.heap.deref(self.stacks.heap.cells[c.addr()]);
                    let (ch, k) = match e.tag() {
                        Tag::Ref => return (TextOf::Partial, kind.unwrap_or(ListKind::Codes)),
                        Tag::Int => {
                            match u32::try_from(e.int_value()).ok().and_then(char::from_u32) {
                                Some(ch) => (ch, ListKind::Codes),
                                None => return (TextOf::BadElement(e), ListKind::Codes),
                            }
                        }
                        Tag::Atom => {
                            let name = self.atoms.name(e.atom_index());
                            let mut it = name.chars();
                            match (it.next(), it.next()) {
                                (Some(ch), None) => (ch, ListKind::Chars),
                                _ => {
                                    return (TextOf::BadElement(e), kind.unwrap_or(ListKind::Chars))
                                }
                            }
                        }
                        _ => return (TextOf::BadElement(e), kind.unwrap_or(ListKind::Codes)),
                    };
                    match kind {
                        None => kind = Some(k),
                        Some(k0) if k0 != k => return (TextOf::BadElement(e), k0),
                        _ => {}
                    }
                    out.push(ch);
                    c = self.stacks.heap.deref(self.stacks.heap.cells[c.addr() + 1]);
                    // A cyclic list is not a list (SWI-Prolog: a type error).
                    if c.tag() == Tag::List && watch.arrived(c) {
                        return (TextOf::NotList, kind.unwrap_or(ListKind::Codes));
                    }
                }
                Tag::Atom if c.atom_index() == atom::NIL => {
                    return (TextOf::Text(out), kind.unwrap_or(ListKind::Codes))
                }
                Tag::Ref => return (TextOf::Partial, kind.unwrap_or(ListKind::Codes)),
                _ => return (TextOf::NotList, kind.unwrap_or(ListKind::Codes)),
            }
        }
    }

    /// The text held by `c` in any representation `accept` allows.
    pub fn text_of(&self, c: Cell, accept: Accept) -> TextOf {
        let c = self.stacks.heap.deref(c);
        match c.tag() {
            Tag::Ref => TextOf::Var,
            Tag::Atom if c.atom_index() == atom::NIL && accept.list => TextOf::Text(String::new()),
            Tag::Atom if accept.atom => TextOf::Text(self.atoms.name(c.atom_index()).to_string()),
            Tag::Int if accept.number => TextOf::Text(c.int_value().to_string()),
            Tag::Boxed => {
                let is_str = self.stacks.heap.box_kind(c) == BoxKind::Str;
                if (is_str && accept.string) || (!is_str && accept.number) {
                    self.atomic_text(c).map_or(TextOf::Invalid, TextOf::Text)
                } else {
                    TextOf::Invalid
                }
            }
            Tag::List if accept.list => match self.list_text(c).0 {
                TextOf::NotList => TextOf::Invalid,
                t => t,
            },
            _ => TextOf::Invalid,
        }
    }

    /// The text of an argument that must be bound: instantiation error when unbound or
    /// partial, `type_error(Type, Culprit)` when it is not text.
    pub fn text_arg(&mut self, c: Cell, accept: Accept, ty: &str) -> Result<String, PlError> {
        match self.text_of(c, accept) {
            TextOf::Text(s) => Ok(s),
            TextOf::Var | TextOf::Partial => Err(self.inst_err()),
            _ => {
                let c = self.stacks.heap.deref(c);
                Err(self.type_err(ty, c))
            }
        }
    }

    /// The text of an argument that may be unbound (`Ok(None)`); otherwise as [`Machine::text_arg`].
    pub fn opt_text_arg(
        &mut self,
        c: Cell,
        accept: Accept,
        ty: &str,
    ) -> Result<Option<String>, PlError> {
        if self.stacks.heap.deref(c).tag() == Tag::Ref {
            return Ok(None);
        }
        self.text_arg(c, accept, ty).map(Some)
    }

    /// The text of a code or char list given to build an atom, string or number from it, with
    /// the ISO errors for a partial list, a non-list and a bad element. `want` says which
    /// element kind the predicate is about, for the error on a bad element.
    pub fn list_text_arg(&mut self, l: Cell, want: ListKind) -> Result<String, PlError> {
        // SWI also takes a string here (as `"abc"` reads under double_quotes=string).
        let d = self.stacks.heap.deref(l);
        if self.box_kind_is(d, BoxKind::Str) {
            return Ok(self.stacks.heap.string_value(d).to_string());
        }
        match self.list_text(l).0 {
            TextOf::Text(s) => Ok(s),
            TextOf::Var | TextOf::Partial => Err(self.inst_err()),
            TextOf::BadElement(e) => Err(self.bad_element_err(e, want)),
            _ => {
                let l = self.stacks.heap.deref(l);
                Err(self.type_err("list", l))
            }
        }
    }

    /// The error for an element of a code or char list that is neither.
    pub fn bad_element_err(&mut self, e: Cell, want: ListKind) -> PlError {
        match want {
            ListKind::Chars => self.type_err("character", e),
            // ISO: any element that is not a character code is a representation error
            // (SWI raises type_error(character_code, E) instead).
            ListKind::Codes => self.representation_err("character_code"),
        }
    }

    /// An atom cell with name `s`, a volatile atom (see `machine/atom_gc.rs`): the cell must
    /// go onto the heap or into a register, never into Rust state that outlives the builtin.
    /// A new atom that would take the atom table past its limit is a
    /// `resource_error(atoms)` instead (`Machine::ensure_atom_room`).
    pub fn atom_cell(&mut self, s: &str) -> Result<Cell, PlError> {
        self.ensure_atom_room(s)?;
        Ok(Cell::atom(self.volatile_atom(s)))
    }

    /// An atom cell named by bytes `range` (on character boundaries) of atom `a`'s name, as
    /// [`Machine::atom_cell`] of that part makes it, without copying the part out of the table.
    pub fn atom_part_cell(
        &mut self,
        a: u32,
        range: std::ops::Range<usize>,
    ) -> Result<Cell, PlError> {
        let after = self.atoms.bytes() + range.len() + ply_term::atoms::atom_bytes("");
        if after > self.stack_limit_bytes() {
            // Near the limit: the part is checked (and made) as any other name is.
            let part = self.atoms.name(a)[range].to_owned();
            return self.atom_cell(&part);
        }
        let i = self.atoms.intern_volatile_part(a, range);
        self.note_volatile_atoms();
        Ok(Cell::atom(i))
    }

    /// A code list holding `s`.
    pub fn codes_cell(&mut self, s: &str) -> Cell {
        self.stacks.heap.codes_from(s, Cell::atom(atom::NIL))
    }

    /// A char list holding `s`.
    pub fn chars_cell(&mut self, s: &str) -> Cell {
        // Each character's atom is made first, so that an ASCII text's list is then laid out
        // in one step from the atom table's index of one-character atoms.
        let indexed = s.is_ascii()
            && s.bytes().all(|b| {
                let ch = char::from(b);
                if self.atoms.ascii_char(ch).is_none() {
                    self.char_cell(ch);
                }
                self.atoms.ascii_char(ch).is_some()
            });
        if indexed {
            let atoms = &self.atoms;
            let items = s
                .bytes()
                .filter_map(|b| atoms.ascii_char(char::from(b)).map(Cell::atom));
            return self
                .stacks
                .heap
                .list_of(s.len(), items, Cell::atom(atom::NIL));
        }
        let mut items = Vec::with_capacity(s.len());
        for ch in s.chars() {
            items.push(self.char_cell(ch));
        }
        self.stacks.heap.list_from(&items, Cell::atom(atom::NIL))
    }

    /// A one-character atom (volatile, as [`Machine::atom_cell`]). An ASCII character's atom
    /// that exists is found by its code, without hashing its name.
    #[inline]
    pub fn char_cell(&mut self, ch: char) -> Cell {
        if let Some(i) = self.atoms.ascii_char(ch) {
            return Cell::atom(i);
        }
        let mut buf = [0u8; 4];
        Cell::atom(self.volatile_atom(ch.encode_utf8(&mut buf)))
    }

    /// The number that `text` spells as `number_codes/2` reads it (leading layout and
    /// comments allowed, nothing after the number), or None.
    pub fn number_from_text(&mut self, text: &str) -> Option<Cell> {
        // Plain decimal digits that fit a small integer, the commonest text a program turns
        // into a number (a field of a data file), skip the reader's number scanner.
        if !text.is_empty() && text.len() <= 18 && text.bytes().all(|b| b.is_ascii_digit()) {
            return Some(self.stacks.heap.int(text.parse::<i64>().ok()?));
        }
        let kind = ply_reader::parse_number(skip_layout_and_comments(text))?;
        Some(match kind {
            NodeKind::Int(i) => self.stacks.heap.int(i),
            NodeKind::BigInt(b) => self.stacks.heap.bigint(&b),
            NodeKind::Float(f) => self.stacks.heap.float(f),
            _ => return None,
        })
    }
}

/// `text` without its leading layout and comments: ISO counts comments as layout text, so
/// `number_codes(X, "/**/12")` reads 12.
pub fn skip_layout_and_comments(mut text: &str) -> &str {
    loop {
        let t = text.trim_start_matches(|c: char| c.is_whitespace());
        if let Some(rest) = t.strip_prefix("/*") {
            match rest.find("*/") {
                Some(i) => text = &rest[i + 2..],
                None => return t,
            }
        } else if let Some(rest) = t.strip_prefix('%') {
            match rest.find('\n') {
                Some(i) => text = &rest[i + 1..],
                None => return "",
            }
        } else {
            return t;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_comments_are_skipped() {
        assert_eq!(skip_layout_and_comments(" /* x */\n12"), "12");
        assert_eq!(skip_layout_and_comments("% c\n 5"), "5");
        assert_eq!(skip_layout_and_comments("7"), "7");
    }
}
