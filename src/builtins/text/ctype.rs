//! Character classification: the native under `char_type/2` and `code_type/2`.
//!
//! `'$char_type_list'(Kind, C, Type, Pairs)` lists the `C-Type` pairs that hold, and the
//! library picks them with member, so every mode of the SWI-Prolog predicates is served by one
//! deterministic native. The classes follow SWI-Prolog 9 on a UTF-8 locale, including its
//! reading of `to_lower(U)` and `to_upper(L)` (for a known character, U is its upper case and L
//! its lower case). This module never binds anything itself.

use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Register the native.
pub fn install(m: &mut Machine) {
    // The errors of the native under char_type/2 and code_type/2 are theirs.
    m.def_native("$char_type_list", 4, |m, a| {
        char_type_list(m, a).map_err(|e| {
            let kind = m.stacks.heap.deref(a[0]);
            let name = if kind == Cell::atom(m.atoms.intern("code")) {
                "code_type"
            } else {
                "char_type"
            };
            m.in_context(e, name, 2)
        })
    });
}

/// The argument of a character class such as `upper(L)` or `digit(W)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
    /// A character (written as a char or a code, as the predicate asks).
    Char(char),
    /// A weight.
    Int(i64),
}

/// Class names with their arities, in the order SWI-Prolog enumerates them.
const CLASSES: &[(&str, usize)] = &[
    ("alnum", 0),
    ("alpha", 0),
    ("csym", 0),
    ("csymf", 0),
    ("prolog_var_start", 0),
    ("prolog_atom_start", 0),
    ("prolog_identifier_continue", 0),
    ("prolog_symbol", 0),
    ("ascii", 0),
    ("white", 0),
    ("cntrl", 0),
    ("digit", 0),
    ("space", 0),
    ("end_of_line", 0),
    ("newline", 0),
    ("print", 0),
    ("graph", 0),
    ("punct", 0),
    ("period", 0),
    ("quote", 0),
    ("lower", 0),
    ("lower", 1),
    ("upper", 0),
    ("upper", 1),
    ("to_lower", 1),
    ("to_upper", 1),
    ("digit", 1),
    ("xdigit", 1),
    ("code", 1),
];

fn one_case(c: char, upper: bool) -> char {
    let mut it: Box<dyn Iterator<Item = char>> = if upper {
        Box::new(c.to_uppercase())
    } else {
        Box::new(c.to_lowercase())
    };
    match (it.next(), it.next()) {
        (Some(d), None) => d,
        _ => c,
    }
}

fn is_space(c: char) -> bool {
    // The non-breaking spaces are not space for the C library's iswspace().
    c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}')
}

fn is_graph(c: char) -> bool {
    !c.is_control() && !is_space(c)
}

/// Whether class `name/arity` holds for `c`, and with which argument.
fn class_value(c: char, name: &str, arity: usize) -> Option<Option<Arg>> {
    let yes = |b: bool| b.then_some(None);
    match (name, arity) {
        ("alnum", 0) => yes(c.is_alphanumeric()),
        ("alpha", 0) => yes(c.is_alphabetic()),
        ("csym", 0) => yes(c.is_alphanumeric() || c == '_'),
        ("csymf", 0) => yes(c.is_alphabetic() || c == '_'),
        ("prolog_var_start", 0) => yes(c.is_uppercase() || c == '_'),
        ("prolog_atom_start", 0) => yes(c.is_lowercase()),
        ("prolog_identifier_continue", 0) => yes(c.is_alphanumeric() || c == '_'),
        ("prolog_symbol", 0) => yes("#$&*+-./:<=>?@\\^~".contains(c)),
        ("ascii", 0) => yes(c.is_ascii()),
        ("white", 0) => yes(c == ' ' || c == '\t'),
        ("cntrl", 0) => yes(c.is_control()),
        ("digit", 0) => yes(c.is_ascii_digit()),
        ("space", 0) => yes(is_space(c)),
        ("end_of_line", 0) => yes(matches!(c, '\n' | '\u{b}' | '\u{c}' | '\r')),
        ("newline", 0) => yes(c == '\n'),
        ("print", 0) => yes(is_graph(c) || c == ' '),
        ("graph", 0) => yes(is_graph(c)),
        ("punct", 0) => yes(is_graph(c) && !c.is_alphanumeric()),
        ("period", 0) => yes(matches!(c, '.' | '!' | '?')),
        ("quote", 0) => yes(matches!(c, '\'' | '"' | '`')),
        ("lower", 0) => yes(c.is_lowercase()),
        ("upper", 0) => yes(c.is_uppercase()),
        ("lower", 1) => c.is_lowercase().then(|| Some(Arg::Char(one_case(c, true)))),
        ("upper", 1) => c
            .is_uppercase()
            .then(|| Some(Arg::Char(one_case(c, false)))),
        ("to_lower", 1) => Some(Some(Arg::Char(one_case(c, true)))),
        ("to_upper", 1) => Some(Some(Arg::Char(one_case(c, false)))),
        ("digit", 1) => c.to_digit(10).map(|w| Some(Arg::Int(w as i64))),
        ("xdigit", 1) => c.to_digit(16).map(|w| Some(Arg::Int(w as i64))),
        ("code", 1) => Some(Some(Arg::Int(c as i64))),
        _ => None,
    }
}

struct Ctx {
    codes: bool,
}

impl Ctx {
    fn char_cell(&self, m: &mut Machine, c: char) -> Cell {
        if self.codes {
            Cell::int(c as i64)
        } else {
            m.char_cell(c)
        }
    }
    fn arg_cell(&self, m: &mut Machine, a: Arg) -> Cell {
        match a {
            Arg::Char(c) => self.char_cell(m, c),
            Arg::Int(i) => Cell::int(i),
        }
    }
    /// The character an argument of `upper(L)` and the like names, if it names one.
    fn arg_char(&self, m: &Machine, c: Cell) -> Option<char> {
        let c = m.stacks.heap.deref(c);
        match c.tag() {
            Tag::Int => u32::try_from(c.int_value()).ok().and_then(char::from_u32),
            Tag::Atom => {
                let mut it = m.atoms.name(c.atom_index()).chars();
                match (it.next(), it.next()) {
                    (Some(ch), None) => Some(ch),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// The character of the first argument: `Ok(None)` when unbound, fail (`Err(None)`)
/// when it is a code that is no character.
fn subject(m: &mut Machine, c: Cell) -> Result<Option<char>, Option<PlError>> {
    let c = m.stacks.heap.deref(c);
    match c.tag() {
        Tag::Ref => Ok(None),
        // Both predicates take a code or a one-char atom, as in SWI-Prolog.
        Tag::Int => match u32::try_from(c.int_value()).ok().and_then(char::from_u32) {
            Some(ch) => Ok(Some(ch)),
            None => Err(None),
        },
        Tag::Atom => {
            let mut it = m.atoms.name(c.atom_index()).chars();
            match (it.next(), it.next()) {
                (Some(ch), None) => Ok(Some(ch)),
                _ => Err(Some(m.type_err("character", c))),
            }
        }
        _ if m.is_integer(c) => Err(None),
        _ => Err(Some(m.type_err("character", c))),
    }
}

fn char_type_list(m: &mut Machine, a: &[Cell]) -> Res {
    let kind = m.stacks.heap.deref(a[0]);
    let ctx = Ctx {
        codes: kind.tag() == Tag::Atom && m.atoms.name(kind.atom_index()) == "code",
    };
    let ch = match subject(m, a[1]) {
        Ok(c) => c,
        Err(None) => return Ok(false),
        Err(Some(e)) => return Err(e),
    };
    let t = m.stacks.heap.deref(a[2]);
    // The commonest call, a known character against a class without argument
    // (`code_type(C, digit)` in a grammar), has one answer or none: made with no list of
    // candidates and no copy of the class's name.
    if let (Some(c), Tag::Atom) = (ch, t.tag()) {
        let name = m.atoms.name(t.atom_index());
        if let Some(&(class, _)) = CLASSES.iter().find(|&&(n, k)| k == 0 && n == name) {
            let l = if class_value(c, class, 0).is_some() {
                let given = m.stacks.heap.deref(a[1]);
                let pair = m.stacks.heap.compound(atom::MINUS, &[given, t]);
                m.stacks.heap.list_from(&[pair], Cell::atom(atom::NIL))
            } else {
                Cell::atom(atom::NIL)
            };
            return Ok(m.unify(l, a[3]));
        }
    }
    let wanted: Option<(String, usize)> = match t.tag() {
        Tag::Ref => None,
        Tag::Atom => Some((m.atoms.name(t.atom_index()).to_string(), 0)),
        Tag::Str => {
            let f = m.stacks.heap.functor_of(t);
            Some((
                m.atoms.name(f.functor_name()).to_string(),
                f.functor_arity(),
            ))
        }
        _ => return Err(bad_type(m, t)),
    };
    if let Some((name, arity)) = &wanted {
        if !CLASSES.contains(&(name.as_str(), *arity)) {
            return Err(bad_type(m, t));
        }
    }
    let mut found: Vec<(char, &'static str, usize, Option<Arg>)> = Vec::new();
    match (ch, &wanted) {
        (Some(c), _) => {
            for &(name, arity) in CLASSES {
                if let Some((w, wa)) = &wanted {
                    if w != name || *wa != arity {
                        continue;
                    }
                }
                if let Some(v) = class_value(c, name, arity) {
                    found.push((c, name, arity, v));
                }
            }
        }
        (None, None) => return Err(m.inst_err()),
        (None, Some((name, arity))) => {
            let &(name, arity) = CLASSES
                .iter()
                .find(|(n, k)| n == name && k == arity)
                .unwrap_or(&("code", 1));
            let given = if arity == 1 {
                ctx.arg_char(m, m.stacks.heap.arg(t, 0))
            } else {
                None
            };
            // A known argument names the character directly for the case classes.
            let direct = match (name, given) {
                ("to_lower", Some(x)) => Some(one_case(x, false)),
                ("to_upper", Some(x)) => Some(one_case(x, true)),
                ("upper", Some(x)) => Some(one_case(x, true)),
                ("lower", Some(x)) => Some(one_case(x, false)),
                _ => None,
            };
            let candidates: Box<dyn Iterator<Item = char>> = match direct {
                Some(c) => Box::new(std::iter::once(c)),
                None => Box::new((0..=0x10ffffu32).filter_map(char::from_u32)),
            };
            for c in candidates {
                if let Some(v) = class_value(c, name, arity) {
                    if name.starts_with("to_") && direct.is_some() {
                        // SWI's inverse reading: the argument is the known character.
                        found.push((c, name, arity, given.map(Arg::Char)));
                    } else {
                        found.push((c, name, arity, v));
                    }
                }
            }
        }
    }
    let mut pairs = Vec::with_capacity(found.len());
    let given = m.stacks.heap.deref(a[1]);
    for (c, name, arity, v) in found {
        // A known character keeps the form it was given in.
        let cc = if given.tag() == Tag::Ref {
            ctx.char_cell(m, c)
        } else {
            given
        };
        let n = m.atoms.intern(name);
        let tc = match (arity, v) {
            (1, Some(arg)) => {
                let ac = ctx.arg_cell(m, arg);
                m.stacks.heap.compound(n, &[ac])
            }
            _ => Cell::atom(n),
        };
        pairs.push(m.stacks.heap.compound(atom::MINUS, &[cc, tc]));
    }
    let l = m.stacks.heap.list_from(&pairs, Cell::atom(atom::NIL));
    Ok(m.unify(l, a[3]))
}

/// The error for a type that is no character class: SWI-Prolog names `char_type/2` in its
/// context, without the module, for `code_type/2` too.
fn bad_type(m: &mut Machine, t: Cell) -> PlError {
    let e = m.type_err("char_type", t);
    let name = m.atoms.intern("char_type");
    let pi = m.indicator(name, 2);
    let msg = m.stacks.heap.new_var();
    let c = m.stacks.heap.compound(atom::CONTEXT, &[pi, msg]);
    let ctx = m.stacks.heap.arg(e.0, 1);
    m.bind(ctx, c);
    e
}
