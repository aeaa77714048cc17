//! The database builtins: `assert/1`, `asserta/1`, `assertz/1`, `abolish/1`, `abolish/2`, declarations
//! (`dynamic/1`, `discontiguous/1`, `multifile/1`) and the natives that `retract/1`,
//! `clause/2` and `current_predicate/1` in the boot library are built on. Tabling (`table/1`)
//! lives in `db/tables.rs`, the storage of tries in `db/tries.rs`.
//!
//! Clause snapshots are copies of the clause list taken at call time (the logical update view).

pub mod clause_scan;
mod indexes;
mod retract;
pub mod tables;
mod tries;

use crate::machine::db::PredKind;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::{atom, Cell, StoredTerm, Tag};

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("assert", 1, |m, a| assert(m, a[0], true));
    m.def_native("assertz", 1, |m, a| assert(m, a[0], true));
    m.def_native("asserta", 1, |m, a| assert(m, a[0], false));
    m.def_native("assert", 2, |m, a| assert_ref(m, a, true));
    m.def_native("assertz", 2, |m, a| assert_ref(m, a, true));
    m.def_native("asserta", 2, |m, a| assert_ref(m, a, false));
    m.def_native("erase", 1, erase_ref);
    m.def_native("$clause_by_ref", 3, clause_by_ref);
    m.def_native("$retract_all_general", 1, retract_all_general);
    m.def_native("abolish", 1, abolish);
    m.def_native("abolish", 2, abolish_name_arity);
    m.def_native("dynamic", 1, |m, a| declare(m, a[0], Decl::Dynamic));
    // ply runs one Prolog thread, so a thread-local predicate is a dynamic one.
    m.def_native("thread_local", 1, |m, a| declare(m, a[0], Decl::Dynamic));
    m.def_native("discontiguous", 1, |m, a| {
        declare(m, a[0], Decl::Discontiguous)
    });
    m.def_native("multifile", 1, |m, a| declare(m, a[0], Decl::Multifile));
    m.def_native("$clause_snapshot", 3, clause_snapshot);
    m.def_redo("$clause_next", 4, clause_scan::clause_next, |_, _| false);
    // A library predicate, as it was when written in Prolog: a program may define its own.
    m.def_redo("retract", 1, retract::retract, retract::retract_is_det);
    let retract = m.atoms.intern("retract");
    let pid = m.pred_id(retract, 1);
    m.program.preds[pid as usize].library = true;
    m.def_native("$erase", 1, erase_ref);
    m.def_native("$user_predicates", 1, user_predicates);
    m.def_native("$module_predicates", 2, module_predicates);
    m.def_native("$predicate_info", 4, predicate_info);
    m.def_native("$indexes", 2, indexes::indexes);
    tables::install(m);
    tries::install(m);
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Decl {
    Dynamic,
    Discontiguous,
    Multifile,
}

/// The predicate a clause term defines, with the ISO errors for bad clauses and for
/// modifying builtins or static predicates.
fn clause_pred(m: &mut Machine, clause: Cell, access: &str) -> Result<u32, PlError> {
    let c = m.stacks.heap.deref(clause);
    let (head, body) = m.split_clause(c);
    let head = m.stacks.heap.deref(head);
    match head.tag() {
        Tag::Ref => return Err(m.inst_err()),
        Tag::Atom | Tag::Str | Tag::List => {}
        _ => return Err(m.type_err("callable", head)),
    }
    let body = m.stacks.heap.deref(body);
    if !matches!(body.tag(), Tag::Ref | Tag::Atom | Tag::Str | Tag::List) {
        return Err(m.type_err("callable", body));
    }
    let (name, arity) = m.name_arity(head);
    // As in SWI-Prolog, a clause asserted in `user` for a system or library predicate that is
    // not ISO makes a predicate of the program's (`ply_engine::overrides`).
    let mut pid = m.program.head_pred(name, arity);
    let p = &m.program.preds[pid as usize];
    if access == "modify" && (p.library || p.is_builtin()) && m.override_in_user(name, arity) {
        pid = m.program.head_pred(name, arity);
    }
    let p = &m.program.preds[pid as usize];
    let static_user = matches!(&p.kind, PredKind::Clauses(l) if !l.clauses.is_empty())
        && !p.dynamic
        && p.file.is_some();
    if (p.is_builtin() && !p.library) || m.is_iso(pid) || static_user {
        let pi = m.indicator(name, arity);
        return Err(m.permission_err(access, "static_procedure", pi));
    }
    Ok(pid)
}

fn assert(m: &mut Machine, clause: Cell, at_end: bool) -> Res {
    assert_clause(m, clause, at_end)?;
    Ok(true)
}

/// [`assert_clause_here`] in the module a qualified clause names (`m:C`, `m:H :- B`).
/// An unqualified clause is `user`'s: a module's own goals qualify theirs.
fn assert_clause(m: &mut Machine, clause: Cell, at_end: bool) -> Result<(u32, usize), PlError> {
    m.in_module(0, |m| match m.clause_for_module(clause) {
        Some((module, clause)) => m.in_module(module, |m| assert_clause_here(m, clause, at_end)),
        None => assert_clause_here(m, clause, at_end),
    })
}

/// `assertz(Clause, Ref)` and the like: assert, then give the new clause's reference, the
/// `Pid-ClauseId` pair that `clause/3` and `erase/1` take.
fn assert_ref(m: &mut Machine, a: &[Cell], at_end: bool) -> Res {
    let r = m.stacks.heap.deref(a[1]);
    if r.tag() != Tag::Ref {
        return Err(m.uninstantiation_err(r));
    }
    let (pid, id) = assert_clause(m, a[0], at_end)?;
    let pair = [Cell::int(pid as i64), Cell::int(id as i64)];
    let reference = m.stacks.heap.compound(atom::MINUS, &pair);
    Ok(m.unify(r, reference))
}

/// `erase(Ref)` and `'$erase'(Ref)`: remove the clause `Ref` names; fails when it is gone
/// already, as in SWI-Prolog.
fn erase_ref(m: &mut Machine, a: &[Cell]) -> Res {
    let r = m.stacks.heap.deref(a[0]);
    if r.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let Some((pid, id)) = clause_ref_parts(m, r) else {
        return Err(m.type_err("db_reference", r));
    };
    Ok(m.erase_clause(pid, id))
}

/// `'$clause_by_ref'(Ref, Head, Body)`: the clause `Ref` names, while it is in its predicate.
fn clause_by_ref(m: &mut Machine, a: &[Cell]) -> Res {
    let r = m.stacks.heap.deref(a[0]);
    let Some((pid, id)) = clause_ref_parts(m, r) else {
        return Ok(false);
    };
    let PredKind::Clauses(list) = &m.program.preds[pid as usize].kind else {
        return Ok(false);
    };
    let Some(clause) = list.clauses.iter().find(|c| c.id == id).cloned() else {
        return Ok(false);
    };
    let (_, hb) = clause_scan::clause_on_heap(m, pid, &clause, true);
    let hb = m.stacks.heap.deref(hb);
    let (h, b) = (m.stacks.heap.arg(hb, 0), m.stacks.heap.arg(hb, 1));
    Ok(m.unify(h, a[1]) && m.unify(b, a[2]))
}

/// The predicate and clause id of a clause reference, if `r` is one.
fn clause_ref_parts(m: &Machine, r: Cell) -> Option<(u32, usize)> {
    if r.tag() != Tag::Str || m.stacks.heap.functor_of(r) != Cell::functor(atom::MINUS, 2) {
        return None;
    }
    let pid = m.stacks.heap.deref(m.stacks.heap.arg(r, 0));
    let id = m.stacks.heap.deref(m.stacks.heap.arg(r, 1));
    if pid.tag() != Tag::Int || id.tag() != Tag::Int {
        return None;
    }
    let pid = u32::try_from(pid.int_value()).ok()?;
    let id = usize::try_from(id.int_value()).ok()?;
    ((pid as usize) < m.program.preds.len()).then_some((pid, id))
}

/// Assert `clause` at the end or the front; returns its predicate and clause id.
fn assert_clause_here(
    m: &mut Machine,
    clause: Cell,
    at_end: bool,
) -> Result<(u32, usize), PlError> {
    let pid = clause_pred(m, clause, "modify")?;
    m.ensure_db_room()?;
    let clause = body_goals_converted(m, clause)?;
    // A clause is compiled by walking it, and SWI-Prolog refuses cyclic clauses too. The clause
    // keeps a stored copy of itself and is compiled from a fresh copy on the heap: the stored
    // one is made first and the heap copy from it, in one walk of the clause. The marking copy
    // succeeds only on an acyclic term, so the cycle test is needed only when it gives up.
    let clause = m.stacks.heap.deref(clause);
    let copy = match atomic_fact(m, clause) {
        Some(stored) => Some(stored),
        None => StoredTerm::try_from_heap_marking(&mut m.stacks.heap, clause),
    };
    let stored = match copy {
        Some(stored) => stored,
        None => {
            if !crate::term::cycles::is_acyclic(&m.stacks.heap, clause) {
                return Err(m.representation_err("cyclic_term"));
            }
            StoredTerm::from_heap(&m.stacks.heap, clause)
        }
    };
    // A fact is written as code straight from its head, which is only read (`compile/fact.rs`),
    // so the term itself serves; any other clause is compiled from a fresh copy.
    let body = m.split_clause(clause).1;
    let c = if m.stacks.heap.deref(body) == Cell::atom(atom::TRUE) {
        clause
    } else {
        stored.to_heap(&mut m.stacks.heap)
    };
    {
        let p = &mut m.program.preds[pid as usize];
        if p.library || p.is_builtin() {
            p.library = false;
            m.wipe_clauses(pid);
        }
        m.program.preds[pid as usize].dynamic = true;
    }
    let id = m.program.next_clause_id;
    m.compile_stored_clause(c, Some(stored), at_end)?;
    Ok((pid, id))
}

/// The stored copy of `clause` (dereferenced) when it is a fact whose arguments are all atoms
/// and small integers, the commonest fact a program asserts: the cells the marking copy would
/// make (the root, the functor, the arguments), without its walk.
fn atomic_fact(m: &Machine, clause: Cell) -> Option<StoredTerm> {
    let cells = match clause.tag() {
        Tag::Atom => vec![clause],
        Tag::Str => {
            let f = m.stacks.heap.functor_of(clause);
            if f == Cell::functor(atom::NECK, 2) {
                return None;
            }
            let n = f.functor_arity();
            let mut cells = Vec::with_capacity(n + 2);
            cells.extend([Cell::structure(1), f]);
            for i in 0..n {
                let a = m.stacks.heap.deref(m.stacks.heap.arg(clause, i));
                if !matches!(a.tag(), Tag::Atom | Tag::Int) {
                    return None;
                }
                cells.push(a);
            }
            cells
        }
        _ => return None,
    };
    Some(StoredTerm { cells, nvars: 0 })
}

/// The clause as ISO 7.6.2 turns a term into a clause: a variable standing as a goal of the
/// body (under `,`, `;`, `->` and `*->`) becomes `call(V)`, so that `clause/2` gives it back
/// that way; a number standing as a goal is a `type_error(callable, Body)`. The body is walked
/// with an explicit stack, and rebuilt only when it holds a variable goal.
fn body_goals_converted(m: &mut Machine, clause: Cell) -> Result<Cell, PlError> {
    let c = m.stacks.heap.deref(clause);
    if c.tag() != Tag::Str || m.stacks.heap.functor_of(c) != Cell::functor(atom::NECK, 2) {
        return Ok(clause);
    }
    let body = m.stacks.heap.arg(c, 1);
    let is_control = |m: &Machine, t: Cell| {
        t.tag() == Tag::Str
            && [atom::COMMA, atom::SEMI, atom::ARROW, atom::SOFT]
                .iter()
                .any(|&f| m.stacks.heap.functor_of(t) == Cell::functor(f, 2))
    };
    let mut has_var = false;
    let mut work = vec![body];
    while let Some(t) = work.pop() {
        let t = m.stacks.heap.deref(t);
        match t.tag() {
            Tag::Ref => has_var = true,
            Tag::Int | Tag::Boxed => {
                let b = m.stacks.heap.deref(body);
                return Err(m.type_err("callable", b));
            }
            _ if is_control(m, t) => {
                work.push(m.stacks.heap.arg(t, 1));
                work.push(m.stacks.heap.arg(t, 0));
            }
            _ => {}
        }
    }
    if !has_var {
        return Ok(clause);
    }
    // Post-order rebuild: `Visit` leaves one converted term on `done`, `Build` joins two.
    enum Job {
        Visit(Cell),
        Build(Cell),
    }
    let mut jobs = vec![Job::Visit(body)];
    let mut done: Vec<Cell> = Vec::new();
    while let Some(job) = jobs.pop() {
        match job {
            Job::Visit(t) => {
                let t = m.stacks.heap.deref(t);
                if t.tag() == Tag::Ref {
                    let call = m.stacks.heap.compound(atom::CALL, &[t]);
                    done.push(call);
                } else if is_control(m, t) {
                    jobs.push(Job::Build(m.stacks.heap.functor_of(t)));
                    jobs.push(Job::Visit(m.stacks.heap.arg(t, 1)));
                    jobs.push(Job::Visit(m.stacks.heap.arg(t, 0)));
                } else {
                    done.push(t);
                }
            }
            Job::Build(f) => {
                let right = done.pop().expect("right operand converted");
                let left = done.pop().expect("left operand converted");
                let t = m.stacks.heap.compound(f.functor_name(), &[left, right]);
                done.push(t);
            }
        }
    }
    let body = done.pop().expect("body converted");
    let head = m.stacks.heap.arg(c, 0);
    Ok(m.stacks.heap.compound(atom::NECK, &[head, body]))
}

/// Parse `Name/Arity`, raising the ISO errors.
fn indicator_parts(m: &mut Machine, pi: Cell) -> Result<(u32, usize), PlError> {
    let pi = m.stacks.heap.deref(pi);
    if pi.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if !(pi.tag() == Tag::Str && m.stacks.heap.functor_of(pi) == Cell::functor(atom::SLASH, 2)) {
        return Err(m.type_err("predicate_indicator", pi));
    }
    name_arity_parts(m, pi, 0)
}

/// The name and the arity plus `extra` of `Name/Arity` or `Name//Arity` (`pi`, a compound of
/// two arguments), raising the ISO errors for a name or an arity of the wrong kind.
pub(crate) fn name_arity_parts(
    m: &mut Machine,
    pi: Cell,
    extra: usize,
) -> Result<(u32, usize), PlError> {
    let (n, a) = (m.stacks.heap.arg(pi, 0), m.stacks.heap.arg(pi, 1));
    name_arity_cells(m, n, a, extra)
}

/// [`name_arity_parts`] of a name and an arity given apart, as `abolish/2` takes them.
fn name_arity_cells(
    m: &mut Machine,
    n: Cell,
    a: Cell,
    extra: usize,
) -> Result<(u32, usize), PlError> {
    let n = m.stacks.heap.deref(n);
    let a = m.stacks.heap.deref(a);
    if n.tag() == Tag::Ref || a.tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    if n.tag() != Tag::Atom {
        return Err(m.type_err("atom", n));
    }
    if a.tag() != Tag::Int {
        return Err(m.type_err("integer", a));
    }
    if a.int_value() < 0 {
        return Err(m.domain_err("not_less_than_zero", a));
    }
    let arity = a.int_value() as usize + extra;
    if arity > crate::term::cell::MAX_ARITY {
        return Err(m.representation_err("max_arity"));
    }
    Ok((n.atom_index(), arity))
}

/// `abolish(PI)`, where the indicator may name its module (`user:foo/2`), as in SWI-Prolog.
fn abolish(m: &mut Machine, a: &[Cell]) -> Res {
    let here = m.program.modules.current;
    let (module, pi) = m.strip_module_from(here, a[0])?;
    let (name, arity) = indicator_parts(m, pi)?;
    let pid = if module == here {
        m.lookup_pred(name, arity)
    } else {
        m.program.lookup_in(module, name, arity)
    };
    abolish_found(m, pid, name, arity)
}

/// `abolish(Name, Arity)`, the older form that SWI-Prolog keeps: `abolish(Name/Arity)` with the
/// name and the arity given apart, and the same errors for each.
fn abolish_name_arity(m: &mut Machine, a: &[Cell]) -> Res {
    let (name, arity) = name_arity_cells(m, a[0], a[1], 0)?;
    abolish_pred(m, name, arity)
}

/// Remove every clause of `name/arity` and forget that it was declared, unless it is a builtin.
/// A static predicate loaded from a file is abolished too: SWI-Prolog refuses only with its
/// `iso` flag set, which ply keeps `false`, and programs written for it (a game that resets its
/// search depth with `abolish/1` and `assertz/1`) rely on that.
fn abolish_pred(m: &mut Machine, name: u32, arity: usize) -> Res {
    let pid = m.lookup_pred(name, arity);
    abolish_found(m, pid, name, arity)
}

/// [`abolish_pred`] of the predicate found for `name/arity`, if any.
fn abolish_found(
    m: &mut Machine,
    pid: Option<crate::machine::instr::PredId>,
    name: u32,
    arity: usize,
) -> Res {
    if let Some(pid) = pid {
        let p = &m.program.preds[pid as usize];
        if p.is_builtin() && !p.library {
            let pi = m.indicator(name, arity);
            return Err(m.permission_err("modify", "static_procedure", pi));
        }
        m.wipe_clauses(pid);
        let p = &mut m.program.preds[pid as usize];
        p.dynamic = false;
        p.defined = false;
    }
    Ok(true)
}

/// Run `each` on every item of a declaration's argument: a comma list, a list, or one item
/// (`[]` names none). An unbound item is an instantiation error.
pub(crate) fn for_each_spec(
    m: &mut Machine,
    spec: Cell,
    mut each: impl FnMut(&mut Machine, Cell) -> Result<(), PlError>,
) -> Result<(), PlError> {
    let mut stack = vec![spec];
    while let Some(s) = stack.pop() {
        let s = m.stacks.heap.deref(s);
        if s.tag() == Tag::Ref {
            return Err(m.inst_err());
        }
        if s.tag() == Tag::Str && m.stacks.heap.functor_of(s) == Cell::functor(atom::COMMA, 2) {
            stack.push(m.stacks.heap.arg(s, 1));
            stack.push(m.stacks.heap.arg(s, 0));
            continue;
        }
        if s.tag() == Tag::List {
            if let Some(items) = m.list_to_vec(s) {
                stack.extend(items.into_iter().rev());
                continue;
            }
        }
        if s != Cell::atom(atom::NIL) {
            each(m, s)?;
        }
    }
    Ok(())
}

fn declare(m: &mut Machine, spec: Cell, what: Decl) -> Res {
    let (module, spec) = m.strip_module(spec)?;
    m.in_module(module, |m| declare_here(m, spec, what))
}

/// [`declare`] in the current module; an item may name its own module (`user:p/1`).
fn declare_here(m: &mut Machine, spec: Cell, what: Decl) -> Res {
    for_each_spec(m, spec, |m, s| {
        let here = m.program.modules.current;
        let (module, s) = m.strip_module_from(here, s)?;
        // `Name//Arity` declares the grammar rule's predicate, of two more arguments.
        let dcg = m.atoms.intern("//");
        let (name, arity) =
            if s.tag() == Tag::Str && m.stacks.heap.functor_of(s) == Cell::functor(dcg, 2) {
                name_arity_parts(m, s, 2)?
            } else {
                indicator_parts(m, s)?
            };
        let pid = m.in_module(module, |m| m.program.head_pred(name, arity));
        let p = &m.program.preds[pid as usize];
        if p.is_builtin() && !p.library {
            let pi = m.indicator(name, arity);
            return Err(m.permission_err("modify", "static_procedure", pi));
        }
        // Declaring a library predicate dynamic or discontiguous makes it the program's own;
        // declaring it multifile keeps the library's clauses for the program's to follow (a
        // hook such as `error:has_type/2`).
        if p.library && !matches!(what, Decl::Multifile) {
            m.wipe_clauses(pid);
            m.program.preds[pid as usize].library = false;
        }
        let p = &mut m.program.preds[pid as usize];
        p.defined = true;
        match what {
            Decl::Dynamic => p.dynamic = true,
            Decl::Discontiguous => p.discontiguous = true,
            Decl::Multifile => p.multifile = true,
        }
        Ok(())
    })?;
    Ok(true)
}

/// `'$clause_snapshot'(Head, Access, Pairs)`: Pairs is a list of `Ref-(H:-B)` for the clauses of
/// `'$retract_all_general'(Head)`: when every argument of `Head` is a variable of its own,
/// remove all clauses of its predicate at once, without copying any; fails, changing nothing,
/// for any other head, which `retractall/1` then matches clause by clause.
fn retract_all_general(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, head) = clause_scan::callable_head(m, a[0])?;
    if head.tag() == Tag::Str {
        let arity = m.stacks.heap.functor_of(head).functor_arity();
        let mut seen = std::collections::HashSet::new();
        for i in 0..arity {
            let arg = m.stacks.heap.deref(m.stacks.heap.arg(head, i));
            if arg.tag() != Tag::Ref || !seen.insert(arg.addr()) {
                return Ok(false);
            }
        }
    } else if head.tag() != Tag::Atom {
        return Ok(false);
    }
    if let Some((pid, _, _)) = clause_scan::scan_target(m, module, head, false)? {
        m.wipe_clauses(pid);
    }
    Ok(true)
}

/// Head's predicate whose first argument may match, copied now. Access is `access` (clause/2)
/// or `modify` (retract/1), for the permission error on builtins.
fn clause_snapshot(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, head) = clause_scan::callable_head(m, a[0])?;
    let access = m.stacks.heap.deref(a[1]) == Cell::atom(atom::ACCESS);
    let Some((pid, list, key)) = clause_scan::scan_target(m, module, head, access)? else {
        return Ok(m.unify(a[2], Cell::atom(atom::NIL)));
    };
    let mut items = Vec::new();
    let area = &m.program.code;
    let keys: Vec<bool> = (list.clauses.iter())
        .map(|c| c.key(area).compatible(key))
        .collect();
    for (c, _) in list.clauses.iter().zip(keys).filter(|&(_, k)| k) {
        let (r, hb) = clause_scan::clause_on_heap(m, pid, c, access);
        items.push(m.stacks.heap.compound(atom::MINUS, &[r, hb]));
    }
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(a[2], l))
}

/// `'$user_predicates'(L)`: Name/Arity of every user predicate that has clauses or is dynamic.
fn user_predicates(m: &mut Machine, a: &[Cell]) -> Res {
    let mut items = Vec::new();
    for i in 0..m.program.preds.len() {
        let p = &m.program.preds[i];
        let has = matches!(&p.kind, PredKind::Clauses(l) if !l.clauses.is_empty());
        let name = m.atoms.name(p.name);
        // A module's own predicate is current in `user` only when imported there.
        let visible =
            p.module == 0 || m.program.pred_map.get(&(p.name, p.arity)) == Some(&(i as u32));
        if (has || p.dynamic) && !p.library && !name.starts_with('$') && visible {
            let (n, ar) = (p.name, p.arity);
            items.push(m.indicator(n, ar));
            // A predicate known by two names is current under both.
            if let Some(&alias) = m.program.aliases.get(&(i as u32)) {
                items.push(m.indicator(alias, ar));
            }
        }
    }
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(a[0], l))
}

/// `'$module_predicates'(Module:_, L)`: Name/Arity of every predicate of `Module` that has
/// clauses or is dynamic, for `current_predicate(Module:Spec)`; `user`'s are
/// `'$user_predicates'/1`'s.
fn module_predicates(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, _) = m.strip_module(a[0])?;
    if module == 0 {
        return user_predicates(m, &a[1..]);
    }
    let mut items = Vec::new();
    for i in 0..m.program.preds.len() {
        let p = &m.program.preds[i];
        let has = matches!(&p.kind, PredKind::Clauses(l) if !l.clauses.is_empty());
        if p.module == module && (has || p.dynamic) && !p.library {
            let (n, ar) = (p.name, p.arity);
            items.push(m.indicator(n, ar));
        }
    }
    let l = m.stacks.heap.list_from(&items, Cell::atom(atom::NIL));
    Ok(m.unify(a[1], l))
}

/// `'$predicate_info'(Head, Dynamic, Builtin, Defined)`: flags as atoms true/false.
fn predicate_info(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((module, head)) = m.strip_module_quiet(a[0]) else {
        return Ok(false);
    };
    if !matches!(head.tag(), Tag::Atom | Tag::Str | Tag::List) {
        return Ok(false);
    }
    let (name, arity) = m.name_arity(head);
    let pid = match m.visible_pred(module, name, arity) {
        Some(p) => p,
        None => return Ok(false),
    };
    m.load_deferred(pid);
    let p = &m.program.preds[pid as usize];
    let has = matches!(&p.kind, PredKind::Clauses(l) if !l.clauses.is_empty());
    let b = |x: bool| Cell::atom(if x { atom::TRUE } else { atom::FALSE });
    let (d, bi, de) = (
        b(p.dynamic),
        b(p.is_builtin() || p.library),
        b(p.defined || has),
    );
    Ok(m.unify(a[1], d) && m.unify(a[2], bi) && m.unify(a[3], de))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The direct copy of a fact of atomic arguments is the marking copy's, cell for cell, and
    /// anything else is left to the marking copy.
    #[test]
    fn atomic_facts_are_stored_as_the_marking_copy_stores_them() {
        let mut m = Machine::bare();
        let f = m.atoms.intern("f");
        let big = m.stacks.heap.float(2.5);
        let v = m.stacks.heap.new_var();
        let inner = m.stacks.heap.compound(f, &[Cell::int(1)]);
        let facts = [
            m.stacks.heap.compound(f, &[Cell::int(7)]),
            m.stacks
                .heap
                .compound(f, &[Cell::atom(atom::NIL), Cell::int(-3), Cell::atom(f)]),
            Cell::atom(f),
        ];
        for fact in facts {
            let direct = atomic_fact(&m, fact).expect("an atomic fact");
            let marked =
                StoredTerm::try_from_heap_marking(&mut m.stacks.heap, fact).expect("acyclic");
            assert_eq!(direct.cells, marked.cells);
            assert_eq!(direct.nvars, marked.nvars);
        }
        for other in [big, v, inner] {
            let fact = m.stacks.heap.compound(f, &[Cell::int(1), other]);
            assert!(atomic_fact(&m, fact).is_none());
        }
        let rule = m
            .stacks
            .heap
            .compound(atom::NECK, &[Cell::atom(f), Cell::atom(atom::TRUE)]);
        assert!(atomic_fact(&m, rule).is_none());
    }
}
