//! Recording a search: the natives behind `search_tree/3,4` (`library/search_tree.pl`) that put
//! a box around one predicate while a goal runs, note each call's arguments at the call and at
//! its exit or failure, and take the box away again.
//!
//! The box is a renaming, as tabling's worker is: the predicate's clause list moves to a hidden
//! predicate and the predicate gets the one clause `Head :- '$st_box'(Head, Hidden)`. Callers
//! keep calling the same predicate, so every call is seen, from any clause, recursive or not;
//! when the goal ends (or throws) the clause list moves back untouched. The calls are kept in
//! [`Recording`], a native state, as stored terms, so backtracking never loses them.

use super::roles::Roles;
use crate::machine::db::PredKind;
use crate::machine::error::Res;
use crate::machine::instr::PredId;
use crate::machine::native_state::{mark_cells, NativeState};
use crate::machine::Machine;
use crate::term::{atom, Cell, StoredTerm, Tag};

/// How many calls a recording keeps unless `max_nodes(N)` says otherwise.
pub const DEFAULT_MAX_NODES: usize = 1_000_000;

/// How a recorded call ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still running when the goal ended (the goal left it by an exception or a cut).
    Open,
    /// Exited (the last exit is kept when a call exits more than once).
    Exit,
    /// Failed (after its last exit, if it had any).
    Fail,
}

/// One recorded call.
pub struct Call {
    /// The enclosing recorded call, `None` for a call made directly by the goal.
    pub parent: Option<usize>,
    /// The goal as called.
    pub at_call: StoredTerm,
    /// The goal at its last exit.
    pub at_exit: Option<StoredTerm>,
    /// How it ended.
    pub outcome: Outcome,
    /// The label the program's hook or the `label/1` option gave it, written out.
    pub label: Option<String>,
}

/// The state of `search_tree/4`: what is being recorded, and what was.
#[derive(Default)]
pub struct Recording {
    /// The predicate in its box while a goal runs: its id, the hidden predicate holding its
    /// clauses, and the flags to give back.
    pub boxed: Option<Boxed>,
    /// The calls, in the order they were made.
    pub calls: Vec<Call>,
    /// Calls made after `max_nodes` were recorded, counted only.
    pub dropped: u64,
    /// The most calls to keep.
    pub max_nodes: usize,
    /// The file to write.
    pub file: String,
    /// Which argument is what.
    pub roles: Roles,
    /// The predicate recorded, `(name, arity)`.
    pub pred: (u32, usize),
}

/// A predicate in its box.
pub struct Boxed {
    /// The predicate.
    pub pid: PredId,
    /// The hidden predicate its clauses run under meanwhile.
    pub hidden: PredId,
    /// Its `library` flag, given back with the clauses.
    pub library: bool,
}

/// The stored goals hold atoms that the atom collector must keep.
impl NativeState for Recording {
    fn atoms(&self, mark: &mut dyn FnMut(u32)) {
        for c in &self.calls {
            mark_cells(&c.at_call.cells, mark);
            if let Some(e) = &c.at_exit {
                mark_cells(&e.cells, mark);
            }
        }
    }
    ply_engine::native_state_any!();
}

/// Register the recording natives.
pub fn install(m: &mut Machine) {
    m.def_native("$st_begin", 3, begin);
    m.def_native("$st_end", 0, end);
    m.def_native("$st_call", 3, call);
    m.def_native("$st_exit", 2, exit);
    m.def_native("$st_fail", 1, fail);
    m.def_native("$st_count", 1, |m, a| {
        let n = m.native_state::<Recording>().calls.len();
        Ok(m.unify(a[0], Cell::int(n as i64)))
    });
    m.def_native("$st_goal", 2, goal);
    m.def_native("$st_set_label", 2, set_label);
}

/// `'$st_begin'(+PI, +File, +Options)`: check the arguments, forget the last recording and put
/// the predicate `PI` in its box.
fn begin(m: &mut Machine, a: &[Cell]) -> Res {
    if m.native_state::<Recording>().boxed.is_some() {
        let pi = m.heap().deref(a[0]);
        return Err(m.permission_err("record", "search_tree", pi));
    }
    let pi = m.heap().deref(a[0]);
    if pi.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !(pi.tag() == Tag::Str && m.heap().functor_of(pi) == Cell::functor(atom::SLASH, 2)) {
        return Err(m.type_err("predicate_indicator", pi));
    }
    let (name, arity) = crate::builtins::db::name_arity_parts(m, pi, 0)?;
    let file = m.text_arg(a[1], crate::machine::cell_text::Accept::ATOMIC, "atom")?;
    let (roles, max_nodes) = super::roles::parse_options(m, a[2], name, arity)?;
    super::write::check_extension(m, &file, a[1])?;
    let pid = match m.lookup_pred(name, arity) {
        Some(pid) => pid,
        None => return Err(m.existence_err("procedure", pi)),
    };
    m.load_deferred(pid);
    let p = m.pred(pid);
    if !matches!(p.kind, PredKind::Clauses(_)) {
        return Err(m.permission_err("record", "builtin_procedure", pi));
    }
    if !p.defined && !p.dynamic {
        return Err(m.existence_err("procedure", pi));
    }
    // Clauses asserted or retracted while the goal runs would change the box, not the
    // predicate, and be lost when the box goes.
    if p.dynamic {
        return Err(m.permission_err("record", "dynamic_procedure", pi));
    }
    let library = p.library;
    let hidden_name = format!("{} search_tree", m.atoms().name(name));
    let hidden_atom = m.atoms_mut().intern(&hidden_name);
    m.atoms_mut().pin(hidden_atom);
    m.atoms_mut().pin(name);
    let hidden = m.pred_id(hidden_atom, arity);
    // The clauses move to the hidden predicate as they are, code and index together.
    m.move_clauses(pid, hidden);
    m.set_library(pid, false);
    {
        let r = m.native_state::<Recording>();
        r.boxed = Some(Boxed {
            pid,
            hidden,
            library,
        });
        r.calls.clear();
        r.dropped = 0;
        r.max_nodes = max_nodes;
        r.file = file;
        r.roles = roles;
        r.pred = (name, arity);
    }
    let args: Vec<Cell> = (0..arity).map(|_| m.heap_mut().new_var()).collect();
    let (head, inner) = if arity == 0 {
        (Cell::atom(name), Cell::atom(hidden_atom))
    } else {
        (
            m.heap_mut().compound(name, &args),
            m.heap_mut().compound(hidden_atom, &args),
        )
    };
    let box_atom = m.atoms_mut().intern("$st_box");
    let body = m.heap_mut().compound(box_atom, &[head, inner]);
    let clause = m.heap_mut().compound(atom::NECK, &[head, body]);
    if let Err(e) = m.compile_clause(clause, true) {
        unbox(m);
        return Err(e);
    }
    Ok(true)
}

/// Give the boxed predicate its clauses back.
fn unbox(m: &mut Machine) {
    let Some(b) = m.native_state::<Recording>().boxed.take() else {
        return;
    };
    m.wipe_clauses(b.pid);
    m.move_clauses(b.hidden, b.pid);
    m.set_library(b.pid, b.library);
    m.set_defined(b.hidden, false);
}

/// `'$st_end'`: the goal has ended; take the box away.
fn end(m: &mut Machine, _: &[Cell]) -> Res {
    unbox(m);
    Ok(true)
}

/// `'$st_call'(+Goal, +Parent, -Node)`: record a call of the boxed predicate made inside node
/// `Parent` (-1 for none); Node is its number, or -2 once `max_nodes` calls are kept.
fn call(m: &mut Machine, a: &[Cell]) -> Res {
    let parent = m.heap().deref(a[1]);
    let parent = if parent.tag() == Tag::Int {
        parent.int_value()
    } else {
        -1
    };
    let r = m.native_state::<Recording>();
    let node = if parent == -2 || r.calls.len() >= r.max_nodes {
        r.dropped += 1;
        -2
    } else {
        let at_call = StoredTerm::from_heap(m.heap(), a[0]);
        let r = m.native_state::<Recording>();
        r.calls.push(Call {
            parent: usize::try_from(parent).ok(),
            at_call,
            at_exit: None,
            outcome: Outcome::Open,
            label: None,
        });
        r.calls.len() as i64 - 1
    };
    Ok(m.unify(a[2], Cell::int(node)))
}

/// The call numbered by `c`, if it is one that was kept.
fn node_of(m: &mut Machine, c: Cell) -> Option<usize> {
    let c = m.heap().deref(c);
    if c.tag() != Tag::Int {
        return None;
    }
    let i = usize::try_from(c.int_value()).ok()?;
    (i < m.native_state::<Recording>().calls.len()).then_some(i)
}

/// `'$st_exit'(+Node, +Goal)`: call Node exited as Goal.
fn exit(m: &mut Machine, a: &[Cell]) -> Res {
    if let Some(i) = node_of(m, a[0]) {
        let t = StoredTerm::from_heap(m.heap(), a[1]);
        let c = &mut m.native_state::<Recording>().calls[i];
        c.at_exit = Some(t);
        c.outcome = Outcome::Exit;
    }
    Ok(true)
}

/// `'$st_fail'(+Node)`: call Node failed (it may have exited before, on an earlier try).
fn fail(m: &mut Machine, a: &[Cell]) -> Res {
    if let Some(i) = node_of(m, a[0]) {
        m.native_state::<Recording>().calls[i].outcome = Outcome::Fail;
    }
    Ok(true)
}

/// `'$st_goal'(+I, -Goal)`: recorded call I (counted from 1) as it exited, or as it was called
/// when it never exited.
fn goal(m: &mut Machine, a: &[Cell]) -> Res {
    let i = m.heap().deref(a[0]);
    let r = m.native_state::<Recording>();
    let Some(c) = usize::try_from(i.int_value() - 1)
        .ok()
        .and_then(|i| r.calls.get(i))
    else {
        return Ok(false);
    };
    let t = c.at_exit.as_ref().unwrap_or(&c.at_call).clone();
    let g = t.to_heap(m.heap_mut());
    Ok(m.unify(a[1], g))
}

/// `'$st_set_label'(+I, +Label)`: call I (counted from 1) is shown as Label.
fn set_label(m: &mut Machine, a: &[Cell]) -> Res {
    let i = m.heap().deref(a[0]).int_value();
    let text = m.format_term(a[1], false, 0);
    if let Some(c) = usize::try_from(i - 1)
        .ok()
        .and_then(|i| m.native_state::<Recording>().calls.get_mut(i))
    {
        c.label = Some(text);
    }
    Ok(true)
}
