//! Which argument of a recorded call is what: the position, its value, the best successor and
//! the alpha-beta window. The textbook's procedures are known by name and arity (Bratko,
//! figures 15.3 and 15.5, in the Russian translation and in English); the options of
//! `search_tree/4` say it for any other predicate, or override what is known.

use super::record::Limits;
use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// Argument places, counted from 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Roles {
    /// The position searched.
    pub position: Option<usize>,
    /// The value the call returns.
    pub value: Option<usize>,
    /// The best successor the call returns.
    pub best: Option<usize>,
    /// The lower bound of the window it was called with.
    pub alpha: Option<usize>,
    /// The upper bound.
    pub beta: Option<usize>,
    /// The position of the node's parent, for a search whose calls do not nest (a best-first
    /// or breadth-first loop): the parent is then the latest earlier call at that position.
    pub parent: Option<usize>,
    /// The depth below which the HTML page opens collapsed.
    pub open_depth: Option<usize>,
}

/// The roles of the textbook procedure `name/arity`, if it is one: `минимакс(Поз, ЛучшПоз, Оц)`
/// and `minimax(Pos, BestSucc, Val)` (figure 15.3), `альфабета(Поз, Альфа, Бета, ХорПоз, Оц)` and
/// `alphabeta(Pos, Alpha, Beta, GoodPos, Val)` (figure 15.5).
pub fn known(name: &str, arity: usize) -> Roles {
    match (name, arity) {
        ("минимакс" | "minimax", 3) => Roles {
            position: Some(0),
            best: Some(1),
            value: Some(2),
            ..Roles::default()
        },
        ("альфабета" | "alphabeta", 5) => Roles {
            position: Some(0),
            alpha: Some(1),
            beta: Some(2),
            best: Some(3),
            value: Some(4),
            ..Roles::default()
        },
        _ => Roles::default(),
    }
}

/// The roles and the limits of the recording, from the textbook's defaults for `name/arity` and
/// the options list `opts`: `position(N)`, `value(N)`, `best(N)`, `alpha(N)`, `beta(N)`,
/// `parent(N)` (argument N, counted from 1; 0 for none), `max_nodes(N)`, `max_depth(D)`,
/// `max_bytes(B)` (B may be `inf`), `open_depth(N)`; `label(Template)` and `nodes(Count)` are
/// read by the Prolog side. Anything else is a `domain_error(search_tree_option, O)`.
pub fn parse_options(
    m: &mut Machine,
    opts: Cell,
    name: u32,
    arity: usize,
) -> Result<(Roles, Limits), PlError> {
    let mut roles = known(m.atoms().name(name), arity);
    let mut limits = Limits::default();
    let mut l = m.heap().deref(opts);
    loop {
        match l.tag() {
            Tag::Atom if l.atom_index() == atom::NIL => break,
            Tag::List => {}
            Tag::Ref => return Err(m.inst_err()),
            _ => return Err(m.type_err("list", opts)),
        }
        let o = m.heap().deref(m.heap().cells[l.addr()]);
        l = m.heap().deref(m.heap().cells[l.addr() + 1]);
        if o.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if o.tag() != Tag::Str || m.heap().functor_of(o).functor_arity() != 1 {
            return Err(m.domain_err("search_tree_option", o));
        }
        let key = m
            .atoms()
            .name(m.heap().functor_of(o).functor_name())
            .to_string();
        let v = m.heap().deref(m.heap().arg(o, 0));
        let slot = match key.as_str() {
            "position" => &mut roles.position,
            "value" => &mut roles.value,
            "best" => &mut roles.best,
            "alpha" => &mut roles.alpha,
            "beta" => &mut roles.beta,
            "parent" => &mut roles.parent,
            "max_nodes" => {
                limits.max_nodes = count(m, v, o)?;
                continue;
            }
            "max_depth" => {
                limits.max_depth = Some(count(m, v, o)?);
                continue;
            }
            "max_bytes" if v.tag() == Tag::Atom && m.atoms().name(v.atom_index()) == "inf" => {
                limits.max_bytes = None;
                continue;
            }
            "max_bytes" => {
                limits.max_bytes = Some(count(m, v, o)?);
                continue;
            }
            "open_depth" => {
                roles.open_depth = Some(count(m, v, o)?);
                continue;
            }
            "label" | "nodes" => continue,
            _ => return Err(m.domain_err("search_tree_option", o)),
        };
        let n = count(m, v, o)?;
        if n > arity {
            return Err(m.domain_err("search_tree_option", o));
        }
        *slot = n.checked_sub(1);
    }
    Ok((roles, limits))
}

/// A non-negative integer option value.
fn count(m: &mut Machine, v: Cell, option: Cell) -> Result<usize, PlError> {
    match v.tag() {
        Tag::Ref => Err(m.inst_err()),
        Tag::Int if v.int_value() >= 0 => Ok(v.int_value() as usize),
        Tag::Int => Err(m.domain_err("search_tree_option", option)),
        _ => Err(m.type_err("integer", v)),
    }
}
