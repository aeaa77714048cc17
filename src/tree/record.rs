//! Recording a search: the natives behind `search_tree/3,4` (`library/search_tree.pl`) that put
//! a box around one predicate while a goal runs, note each call's arguments at the call and at
//! its exit or failure, and take the box away again.
//!
//! The box is a renaming, as tabling's worker is: the predicate's clause list moves to a hidden
//! predicate and the predicate gets the one clause `Head :- '$st_box'(Head, Hidden)`. Callers
//! keep calling the same predicate, so every call is seen, from any clause, recursive or not;
//! when the goal ends (or throws) the clause list moves back untouched. The calls are kept in
//! [`Recording`], a native state, as stored terms, so backtracking never loses them.
//!
//! What is kept is the top of the tree: `max_depth(D)` drops every call deeper than D, and
//! `max_nodes(N)` keeps the first N calls in breadth-first order (by depth, then in the order
//! they were made). The calls arrive depth first, so once N are kept a shallower call pushes
//! out the last of the deepest; a call that would not be kept is not recorded at all, and its
//! clauses run with nothing around them, so memory stays bounded by what is kept.

use super::roles::Roles;
use crate::machine::db::PredKind;
use crate::machine::error::Res;
use crate::machine::instr::PredId;
use crate::machine::native_state::{mark_cells, NativeState};
use crate::machine::Machine;
use crate::term::{atom, Cell, StoredTerm, Tag};
use std::collections::{BTreeMap, BTreeSet};

/// How many calls a recording keeps unless `max_nodes(N)` says otherwise.
pub const DEFAULT_MAX_NODES: usize = 1_000_000;

/// How many bytes a file may have unless `max_bytes(B)` says otherwise: more than this is
/// refused with an error that names the option.
pub const DEFAULT_MAX_BYTES: usize = 50_000_000;

/// What a recording keeps and writes: the options `max_nodes(N)`, `max_depth(D)` and
/// `max_bytes(B)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most calls kept.
    pub max_nodes: usize,
    /// The deepest call kept (the goal's own calls are at depth 0).
    pub max_depth: Option<usize>,
    /// The largest file written; `None` for no limit (`max_bytes(inf)`).
    pub max_bytes: Option<usize>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_nodes: DEFAULT_MAX_NODES,
            max_depth: None,
            max_bytes: Some(DEFAULT_MAX_BYTES),
        }
    }
}

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
    /// The enclosing recorded call, `None` for a call made directly by the goal: while the
    /// goal runs its number, once it has ended its index in [`Recording::calls`].
    pub parent: Option<usize>,
    /// Its distance from the goal's own calls.
    pub depth: usize,
    /// Calls made inside it that were not kept.
    pub hidden: u64,
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
    /// Once the goal has ended, the calls kept, in the order they were made.
    pub calls: Vec<Call>,
    /// While the goal runs, the calls kept by their number, which counts every call kept.
    kept: BTreeMap<usize, Call>,
    /// The calls kept in breadth-first order: depth, then number.
    by_depth: BTreeSet<(usize, usize)>,
    /// The number the next call kept gets.
    next: usize,
    /// Calls not kept, or pushed out by shallower ones, counted only.
    pub dropped: u64,
    /// What to keep and write.
    pub limits: Limits,
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
        for c in self.calls.iter().chain(self.kept.values()) {
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
    // `Module:Name/Arity` names a predicate of a module; a plain indicator one of `user`.
    let (module, plain) = m.strip_module(a[0])?;
    if plain.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !(plain.tag() == Tag::Str && m.heap().functor_of(plain) == Cell::functor(atom::SLASH, 2)) {
        return Err(m.type_err("predicate_indicator", plain));
    }
    let (name, arity) = crate::builtins::db::name_arity_parts(m, plain, 0)?;
    let pi = m.heap().deref(a[0]);
    let file = m.text_arg(a[1], crate::machine::cell_text::Accept::ATOMIC, "atom")?;
    let (roles, limits) = super::roles::parse_options(m, a[2], name, arity)?;
    super::write::check_extension(m, &file, a[1])?;
    let pid = match m.visible_pred(module, name, arity) {
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
        r.kept.clear();
        r.by_depth.clear();
        r.next = 0;
        r.dropped = 0;
        r.limits = limits;
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
    // The box is a clause of the recorded predicate, in its own module, so that the calls
    // compiled to reach it (its recursive calls among them) reach the box.
    let home = m.pred(pid).module;
    if let Err(e) = m.in_module(home, |m| m.compile_clause(clause, true)) {
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
    m.native_state::<Recording>().settle();
}

impl Recording {
    /// Whether a call at `depth` is kept, pushing out the last of the deepest kept calls when
    /// the recording is full and the call comes before it in breadth-first order. Once full it
    /// stays full and the deepest depth kept never grows, so a call refused here would be
    /// refused at any later time too, and so would every call below it.
    fn admit(&mut self, depth: usize) -> bool {
        if self.limits.max_depth.is_some_and(|d| depth > d) {
            return false;
        }
        if self.kept.len() < self.limits.max_nodes {
            return true;
        }
        match self.by_depth.last().copied() {
            Some((deepest, last)) if depth < deepest => {
                self.by_depth.remove(&(deepest, last));
                if let Some(gone) = self.kept.remove(&last) {
                    self.dropped += 1 + gone.hidden;
                    if let Some(p) = gone.parent.and_then(|p| self.kept.get_mut(&p)) {
                        p.hidden += 1 + gone.hidden;
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// The goal has ended: the calls kept, in the order they were made, their parents
    /// numbered by place in that order.
    fn settle(&mut self) {
        let kept = std::mem::take(&mut self.kept);
        self.by_depth.clear();
        let place: BTreeMap<usize, usize> = kept.keys().enumerate().map(|(i, &n)| (n, i)).collect();
        self.calls = kept
            .into_values()
            .map(|mut c| {
                c.parent = c.parent.and_then(|p| place.get(&p).copied());
                c
            })
            .collect();
    }
}

/// `'$st_end'`: the goal has ended; take the box away.
fn end(m: &mut Machine, _: &[Cell]) -> Res {
    unbox(m);
    Ok(true)
}

/// `'$st_call'(+Goal, +Parent, -Node)`: record a call of the boxed predicate made inside the
/// kept call numbered `Parent` (-1 for none); Node is its number, or -2 when it is not kept
/// (and nothing of it is recorded).
fn call(m: &mut Machine, a: &[Cell]) -> Res {
    let parent = m.heap().deref(a[1]);
    let parent = (parent.tag() == Tag::Int)
        .then(|| usize::try_from(parent.int_value()).ok())
        .flatten();
    let r = m.native_state::<Recording>();
    let depth = match parent {
        None => Some(0),
        Some(p) => r.kept.get(&p).map(|c| c.depth + 1),
    };
    let node = match depth {
        Some(depth) if r.admit(depth) => {
            let at_call = StoredTerm::from_heap(m.heap(), a[0]);
            let r = m.native_state::<Recording>();
            let n = r.next;
            r.next += 1;
            r.by_depth.insert((depth, n));
            r.kept.insert(
                n,
                Call {
                    parent,
                    depth,
                    hidden: 0,
                    at_call,
                    at_exit: None,
                    outcome: Outcome::Open,
                    label: None,
                },
            );
            n as i64
        }
        _ => {
            r.dropped += 1;
            if let Some(p) = parent.and_then(|p| r.kept.get_mut(&p)) {
                p.hidden += 1;
            }
            -2
        }
    };
    Ok(m.unify(a[2], Cell::int(node)))
}

/// The kept call numbered by `c`, while the goal runs.
fn node_of(m: &mut Machine, c: Cell) -> Option<&mut Call> {
    let c = m.heap().deref(c);
    if c.tag() != Tag::Int {
        return None;
    }
    let n = usize::try_from(c.int_value()).ok()?;
    m.native_state::<Recording>().kept.get_mut(&n)
}

/// `'$st_exit'(+Node, +Goal)`: call Node exited as Goal.
fn exit(m: &mut Machine, a: &[Cell]) -> Res {
    let t = StoredTerm::from_heap(m.heap(), a[1]);
    if let Some(c) = node_of(m, a[0]) {
        c.at_exit = Some(t);
        c.outcome = Outcome::Exit;
    }
    Ok(true)
}

/// `'$st_fail'(+Node)`: call Node failed (it may have exited before, on an earlier try).
fn fail(m: &mut Machine, a: &[Cell]) -> Res {
    if let Some(c) = node_of(m, a[0]) {
        c.outcome = Outcome::Fail;
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
