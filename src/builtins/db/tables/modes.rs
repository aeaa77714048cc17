//! Mode-directed tabling (answer subsumption): `:- table path(_,_,min).` keeps, for each
//! variant of the *index* arguments (`_` or `index`), one answer whose other arguments are
//! aggregated one by one: `min` and `max` in the standard order of terms, `first`, `last`, or
//! `lattice(PI)`, where `PI` (`Name/3` or `Name`) joins the old and the new value.
//!
//! Joining through a lattice predicate runs Prolog code, which a native must not; so the
//! candidate answer is handed back to `library/tabling.pl` with the joins still to make. Nothing
//! here recurses on term depth.

use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};
use std::cmp::Ordering;

/// How one argument of a moded tabled predicate is treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Part of the key: answers differing here are different answers.
    Index,
    /// The least value in the standard order of terms.
    Min,
    /// The greatest value in the standard order of terms.
    Max,
    /// The value found first.
    First,
    /// The value found last.
    Last,
    /// The join of the values by the named predicate of arity 3.
    Lattice(u32),
}

/// The modes of the arguments of a table specification `Name(Mode, ...)`; `None` when every
/// argument is an index (plain variant tabling).
pub fn parse(m: &mut Machine, spec: Cell) -> Result<Option<Vec<Mode>>, PlError> {
    let n = m.stacks.heap.functor_of(spec).functor_arity();
    let mut modes = Vec::with_capacity(n);
    for i in 0..n {
        let a = m.stacks.heap.deref(m.stacks.heap.arg(spec, i));
        let mode = match a.tag() {
            Tag::Ref => Mode::Index,
            Tag::Atom => match m.atoms.name(a.atom_index()) {
                "index" => Mode::Index,
                "min" => Mode::Min,
                "max" => Mode::Max,
                "first" => Mode::First,
                "last" => Mode::Last,
                _ => return Err(m.domain_err("table_mode", a)),
            },
            Tag::Str if m.atoms.name(m.stacks.heap.functor_of(a).functor_name()) == "lattice" => {
                lattice(m, a)?
            }
            _ => return Err(m.domain_err("table_mode", a)),
        };
        modes.push(mode);
    }
    Ok(if modes.iter().all(|&x| x == Mode::Index) {
        None
    } else {
        Some(modes)
    })
}

/// `lattice(Name/3)` or `lattice(Name)`.
fn lattice(m: &mut Machine, a: Cell) -> Result<Mode, PlError> {
    if m.stacks.heap.functor_of(a).functor_arity() != 1 {
        return Err(m.domain_err("table_mode", a));
    }
    let pi = m.stacks.heap.deref(m.stacks.heap.arg(a, 0));
    if pi.tag() == Tag::Atom {
        return Ok(Mode::Lattice(pi.atom_index()));
    }
    if pi.tag() == Tag::Str && m.stacks.heap.functor_of(pi) == Cell::functor(atom::SLASH, 2) {
        let n = m.stacks.heap.deref(m.stacks.heap.arg(pi, 0));
        let ar = m.stacks.heap.deref(m.stacks.heap.arg(pi, 1));
        if n.tag() == Tag::Atom && ar == Cell::int(3) {
            return Ok(Mode::Lattice(n.atom_index()));
        }
    }
    Err(m.domain_err("table_mode", a))
}

/// `goal` with its moded arguments replaced by fresh variables: the call a moded table is for,
/// since its answers are aggregated before they meet the caller's values.
pub fn general_call(m: &mut Machine, goal: Cell, modes: &[Mode]) -> Cell {
    let name = m.stacks.heap.functor_of(goal).functor_name();
    let args: Vec<Cell> = modes
        .iter()
        .enumerate()
        .map(|(i, &md)| match md {
            Mode::Index => m.stacks.heap.arg(goal, i),
            _ => m.stacks.heap.new_var(),
        })
        .collect();
    m.stacks.heap.compound(name, &args)
}

/// The term that names an answer's group: its index arguments.
pub fn key_term(m: &mut Machine, answer: Cell, modes: &[Mode]) -> Cell {
    let args: Vec<Cell> = modes
        .iter()
        .enumerate()
        .filter(|(_, &md)| md == Mode::Index)
        .map(|(i, _)| m.stacks.heap.arg(answer, i))
        .collect();
    if args.is_empty() {
        Cell::atom(atom::NIL)
    } else {
        m.stacks.heap.compound(atom::MINUS, &args)
    }
}

/// What a new answer of a group already there makes of the group's answer.
pub struct Candidate {
    /// The answer that replaces the old one.
    pub answer: Cell,
    /// The lattice joins still to make, as `j(Joined, Lattice, Old, New)` terms whose `Joined`
    /// is an argument of `answer`.
    pub joins: Vec<Cell>,
    /// Whether a `min` or `max` argument improved. A `last` argument that changes is no
    /// progress: each pass of an evaluation finds the same answers again, in the same order, and
    /// would change it back and forth for ever.
    pub progress: bool,
}

/// The answer that replaces `old` (on the heap) once `new` is found in its group.
pub fn candidate(m: &mut Machine, old: Cell, new: Cell, modes: &[Mode]) -> Candidate {
    let name = m.stacks.heap.functor_of(new).functor_name();
    let j = m.atoms.intern("j");
    let mut joins = Vec::new();
    let mut progress = false;
    let mut args = Vec::with_capacity(modes.len());
    for (i, &md) in modes.iter().enumerate() {
        let (o, n) = (m.stacks.heap.arg(old, i), m.stacks.heap.arg(new, i));
        let mut better = |m: &Machine, want: Ordering| {
            if m.compare_terms(n, o) == want {
                progress = true;
                n
            } else {
                o
            }
        };
        let v = match md {
            Mode::Index | Mode::Last => n,
            Mode::First => o,
            Mode::Min => better(m, Ordering::Less),
            Mode::Max => better(m, Ordering::Greater),
            Mode::Lattice(p) => {
                let v = m.stacks.heap.new_var();
                let join = m.stacks.heap.compound(j, &[v, Cell::atom(p), o, n]);
                joins.push(join);
                v
            }
        };
        args.push(v);
    }
    Candidate {
        answer: m.stacks.heap.compound(name, &args),
        joins,
        progress,
    }
}
