//! Tabling: `table/1`, `abolish_all_tables/0`, the answer tables of tabled predicates and the
//! natives that `library/tabling.pl` evaluates them with.
//!
//! A call to a tabled predicate is looked up by its variant (the call copied off the heap, whose
//! cells are the same for any two calls equal up to renaming). A new variant gets a table, which
//! is evaluated by running the predicate's clauses (its *worker*, the clauses renamed by the
//! loader) and adding every solution that is not yet an answer. A call to a variant whose table
//! is still being evaluated reads the answers found so far, including those added while it reads
//! them. Tables that depend on each other form a group, found as the strongly connected
//! components of the call graph are (each evaluation records the oldest incomplete table it read
//! from): the oldest table of a group re-runs the clauses of every table of the group until one
//! whole pass adds no answer, and then marks them all complete.
//!
//! Nothing here runs Prolog code or recurses on term depth; an exception inside an evaluation
//! must leave no table of the unfinished group behind (`'$tbl_abandon'/1` drops them), so that
//! no half-filled table is ever taken for a complete one.

use crate::machine::db::PredKind;
use crate::machine::error::{PlError, Res};
use crate::machine::Machine;
use crate::term::stored::{copy_out, relocate_into, VarMap};
use crate::term::{atom, AtomTable, Cell, FastMap, Heap, StoredTerm, Tag};
use std::sync::Arc;

mod answers;
mod delta;
mod modes;
mod read;
mod settle;
mod slab;
use answers::{hash_cells, Answers};
use modes::Mode;

/// Register the family.
pub fn install(m: &mut Machine) {
    m.def_native("table", 1, declare);
    m.def_native("abolish_all_tables", 0, |m, _| {
        with_tables(m, |t, _| t.abolish_complete());
        Ok(true)
    });
    m.def_native("$tbl_enter", 5, enter);
    m.def_native("$tbl_add", 3, add);
    m.def_native("$tbl_update", 3, update);
    read::register(m);
    m.def_native("$tbl_pass", 2, settle::pass);
    m.def_native("$tbl_members", 2, members);
    m.def_native("$tbl_member", 5, member);
    m.def_native("$tbl_settle", 3, settle::settle);
    m.def_native("$tbl_run_goal", 3, run_goal);
    m.def_native("$tbl_run_done", 1, run_done);
    m.def_native("$tbl_abandon", 1, abandon);
}

/// The tables of one machine, and what it knows about its tabled predicates.
#[derive(Default)]
pub struct Tables {
    /// Each tabled predicate `(name, arity)`.
    tabled: FastMap<(u32, usize), Tabled>,
    /// The table of each call variant, by the variant's stored cells.
    variants: FastMap<Box<[Cell]>, u64>,
    /// The tables by id; ids are never reused, so a stale id finds nothing.
    tables: slab::Slab,
    /// The next table id.
    next_id: u64,
    /// The incomplete tables, oldest first; a table's `pos` is its index here.
    stack: Vec<u64>,
    /// The evaluations of new variants running now, innermost last.
    frames: Vec<Frame>,
    /// How many answers have been added to any table so far, less those of abandoned tables: a
    /// pass that leaves it unchanged found nothing new.
    added: u64,
    /// How many answers have ever been added: each answer's stamp, which never goes back.
    stamp: u64,
    /// The delta predicates made so far (`delta.rs`).
    deltas: delta::Deltas,
    /// A call or an answer copied off the heap, to be looked up before it is kept (most
    /// lookups find it, and then nothing is allocated).
    scratch: Vec<Cell>,
    /// The index arguments of a moded table's answer, copied off the heap the same way.
    key_scratch: Vec<Cell>,
    /// The variables met by the copies into `scratch` and `key_scratch`, kept between copies.
    vars: VarMap,
    /// The atoms the natives answer with, interned at first use.
    names: Option<Names>,
}

/// The atoms the natives answer with.
#[derive(Clone, Copy)]
struct Names {
    fresh: u32,
    complete: u32,
    incomplete: u32,
    none: u32,
    update: u32,
}

impl Tables {
    /// The atoms the natives answer with.
    fn names(&mut self, atoms: &mut AtomTable) -> Names {
        *self.names.get_or_insert_with(|| Names {
            fresh: atoms.intern("fresh"),
            complete: atoms.intern("complete"),
            incomplete: atoms.intern("incomplete"),
            none: atoms.intern("none"),
            update: atoms.intern("update"),
        })
    }
}

/// Copy heap term `root` into `out` as a stored term (addresses relative to `out[0]`), in place
/// of what `out` held; returns how many distinct variables it has.
fn copy_into(heap: &Heap, root: Cell, out: &mut Vec<Cell>, vars: &mut VarMap) -> usize {
    out.clear();
    vars.clear();
    copy_out(heap, root, out, 0, vars);
    vars.len()
}

/// Copy stored term `cells` onto the heap, with fresh variables; returns its root. An atomic
/// term is its own root and takes no heap cell.
pub(super) fn to_heap(heap: &mut Heap, cells: &[Cell]) -> Cell {
    if let [c] = cells {
        if matches!(c.tag(), Tag::Atom | Tag::Int) {
            return *c;
        }
    }
    let base = heap.top();
    relocate_into(cells, base, &mut heap.cells);
    heap.cells[base]
}

/// What is known of a tabled predicate.
struct Tabled {
    /// The name its clauses are loaded under.
    worker: u32,
    /// The modes of its arguments, for mode-directed tabling.
    modes: Option<Arc<[Mode]>>,
}

/// One call variant's table.
struct Table {
    /// The call, as first made.
    goal: StoredTerm,
    /// The name the predicate's clauses are loaded under.
    worker: u32,
    /// The tabled predicate's name and arity.
    pred: (u32, usize),
    /// The answers, in the order found, with their stamps; a plain table's are indexed by
    /// their cells, so that a variant of an answer already there is no new answer.
    answers: Answers,
    /// For a moded table, every answer ever derived: one derived again is no news, and is not
    /// aggregated again (a join that is not idempotent would otherwise grow at every pass).
    derived: FastMap<Box<[Cell]>, ()>,
    /// The runs of the table's clauses (`'$tbl_run_goal'/3`).
    runs: Runs,
    /// What the readers of the table saw in the current pass of its group's evaluation.
    readers: read::Readers,
    /// For a moded table, the cells of each group's index arguments, with the place of the
    /// group's answer in `answers`.
    seen: FastMap<Box<[Cell]>, usize>,
    /// The modes of the arguments, for mode-directed tabling.
    modes: Option<Arc<[Mode]>>,
    /// Where the table is on the stack of incomplete tables; `None` once complete.
    pos: Option<usize>,
}

/// The runs of one table's clauses, for semi-naive passes (`delta.rs`).
#[derive(Default)]
struct Runs {
    /// The stamp at which the last run that ended began; `None` before one has ended, or
    /// after a run inside another run of the same table, which proves nothing.
    last_start: Option<u64>,
    /// How many runs are going on now.
    depth: u32,
    /// The stamp at which the outermost running one began.
    started: u64,
    /// Whether a run began inside the outermost running one.
    nested: bool,
}

/// A running evaluation of a new variant.
struct Frame {
    /// Its table's place on the stack of incomplete tables.
    pos: usize,
    /// The oldest place of an incomplete table that it (or an evaluation inside it) read.
    low: usize,
    /// Whether it (or an evaluation inside it) read an incomplete table, its own included.
    read: bool,
}

impl Tables {
    /// Drop every complete table (the incomplete ones belong to a running evaluation).
    fn abolish_complete(&mut self) {
        if self.stack.is_empty() {
            // No evaluation is running: every table is complete.
            self.tables.clear();
            self.variants.clear();
            return;
        }
        let done: Vec<u64> = self
            .tables
            .iter()
            .filter(|(_, t)| t.pos.is_none())
            .map(|(id, _)| id)
            .collect();
        for id in done {
            self.remove(id);
        }
    }

    /// Drop table `id`.
    fn remove(&mut self, id: u64) {
        if let Some(t) = self.tables.remove(&id) {
            self.variants.remove(&t.goal.cells[..]);
        }
    }

    /// The place of table `id` on the stack of incomplete tables, if it is there.
    fn pos_of(&self, id: u64) -> Option<usize> {
        self.tables.get(&id).and_then(|t| t.pos)
    }
}

/// Run `f` on the tables of `m`. The tables are taken out of the machine while `f` runs, so
/// that `f` may use the machine too; `f` must not run Prolog code, which could reach the
/// tables again.
fn with_tables<R>(m: &mut Machine, f: impl FnOnce(&mut Tables, &mut Machine) -> R) -> R {
    let natives = &mut m.services.natives;
    let mut t = natives.get::<TableState>().0.take().unwrap_or_default();
    let r = f(&mut t, m);
    m.services.natives.get::<TableState>().0 = Some(t);
    r
}

/// The machine's native state for tabling: the tables behind a pointer, so that taking them
/// out for a native and putting them back moves one word.
#[derive(Default)]
struct TableState(Option<Box<Tables>>);

/// The loader asks the tables which name a tabled predicate's clauses go under, and a file
/// about to be loaded drops every complete table: its answers may depend on clauses the load
/// replaces. Tables pin the atoms they store (see `pin_atoms`), so they report none.
impl crate::machine::native_state::NativeState for TableState {
    fn before_consult(&mut self) {
        if let Some(t) = &mut self.0 {
            t.abolish_complete();
            t.deltas.clear();
        }
    }
    fn load_as(&self, name: u32, arity: usize) -> Option<u32> {
        let t = self.0.as_ref()?;
        t.tabled.get(&(name, arity)).map(|t| t.worker)
    }
    ply_engine::native_state_any!();
}

/// Make every volatile atom of stored term `cells` permanent: the atom collector does not look
/// into tables.
fn pin_atoms(atoms: &mut AtomTable, cells: &[Cell]) {
    let mut i = 0;
    while i < cells.len() {
        let c = cells[i];
        match c.tag() {
            Tag::Atom => atoms.pin(c.atom_index()),
            Tag::Functor => atoms.pin(c.functor_name()),
            Tag::Header => i += c.header_words(),
            _ => {}
        }
        i += 1;
    }
}

/// `table(Spec)`: declare the predicates of Spec (`Name/Arity`, `Name//Arity`, `Name`, or a
/// comma list or list of them) tabled. Each gets one clause, `Head :- '$tbl_call'(Head)`; the clauses the
/// file gives it are loaded under its worker name (`'Name tabled'`).
fn declare(m: &mut Machine, a: &[Cell]) -> Res {
    super::for_each_spec(m, a[0], |m, s| {
        let (name, arity, modes) = spec_parts(m, s)?;
        table_predicate(m, name, arity, modes)
    })?;
    with_tables(m, |t, _| t.abolish_complete());
    Ok(true)
}

/// A name, an arity and argument modes from `Name/Arity`, `Name//Arity` (two more arguments),
/// `Name` (no argument) or a moded head such as `path(_,_,min)`.
type Spec = (u32, usize, Option<Vec<Mode>>);

/// The parts of one table specification.
fn spec_parts(m: &mut Machine, s: Cell) -> Result<Spec, PlError> {
    let dslash = m.atoms.intern("//");
    if s.tag() == Tag::Atom {
        return Ok((s.atom_index(), 0, None));
    }
    if s.tag() != Tag::Str {
        return Err(m.type_err("predicate_indicator", s));
    }
    let f = m.stacks.heap.functor_of(s);
    let extra = if f == Cell::functor(atom::SLASH, 2) {
        0
    } else if f == Cell::functor(dslash, 2) {
        2
    } else {
        let modes = modes::parse(m, s)?;
        return Ok((f.functor_name(), f.functor_arity(), modes));
    };
    let (name, arity) = super::name_arity_parts(m, s, extra)?;
    Ok((name, arity, None))
}

/// Make `name/arity` tabled: remember its worker name and give it its one clause.
fn table_predicate(
    m: &mut Machine,
    name: u32,
    arity: usize,
    modes: Option<Vec<Mode>>,
) -> Result<(), PlError> {
    let pid = m.pred_id(name, arity);
    let p = &m.program.preds[pid as usize];
    if p.is_builtin() && !p.library {
        let pi = m.indicator(name, arity);
        return Err(m.permission_err("modify", "static_procedure", pi));
    }
    let worker_name = format!("{} tabled", m.atoms.name(name));
    let worker = m.atoms.intern(&worker_name);
    m.atoms.pin(name);
    if let Some(modes) = &modes {
        for md in modes {
            if let Mode::Lattice(p) = md {
                m.atoms.pin(*p);
            }
        }
    }
    let modes = modes.map(Arc::from);
    with_tables(m, |t, _| {
        t.tabled.insert((name, arity), Tabled { worker, modes })
    });
    let args: Vec<Cell> = (0..arity).map(|_| m.stacks.heap.new_var()).collect();
    let head = if arity == 0 {
        Cell::atom(name)
    } else {
        m.stacks.heap.compound(name, &args)
    };
    let call = m.atoms.intern("$tbl_call");
    let body = m.stacks.heap.compound(call, &[head]);
    let clause = m.stacks.heap.compound(atom::NECK, &[head, body]);
    m.wipe_clauses(pid);
    m.program.preds[pid as usize].library = false;
    m.compile_clause(clause, true)?;
    m.program.preds[pid as usize].defined = true;
    Ok(())
}

/// Whether `name/arity` (a worker) has clauses or is declared, so that calling it is no error.
fn worker_exists(m: &Machine, name: u32, arity: usize) -> bool {
    match m.lookup_pred(name, arity) {
        None => false,
        Some(pid) => {
            let p = &m.program.preds[pid as usize];
            p.dynamic
                || matches!(&p.kind, PredKind::Clauses(l) if !l.clauses.is_empty())
                || m.services.loading.deferred.has(pid)
        }
    }
}

/// What `'$tbl_enter'/5` finds of a call's variant.
enum Found {
    /// The table of the variant, and whether it is complete.
    Known(u64, bool),
    /// A new table, just made.
    Fresh(u64),
    /// No worker to evaluate a new table with.
    NoWorker,
}

/// `'$tbl_enter'(Goal, Id, Status, Worker, TGoal)`: the table of the variant of TGoal, made
/// when new. TGoal is Goal, or for a moded table Goal with its moded arguments left free.
/// Status is `complete`, `incomplete` (being evaluated; the running evaluation now depends on
/// it) or `fresh` (just made: the caller evaluates it, and ends with `'$tbl_settle'/3` or
/// `'$tbl_abandon'/1`). Worker is TGoal's worker call, sharing its arguments.
fn enter(m: &mut Machine, a: &[Cell]) -> Res {
    let goal = m.stacks.heap.deref(a[0]);
    if !matches!(goal.tag(), Tag::Atom | Tag::Str) {
        return Err(m.type_err("callable", goal));
    }
    let (name, arity) = m.name_arity(goal);
    let tabled = with_tables(m, |t, _| {
        t.tabled
            .get(&(name, arity))
            .map(|tb| (tb.worker, tb.modes.clone()))
    });
    let Some((worker, modes)) = tabled else {
        let pi = m.indicator(name, arity);
        return Err(m.existence_err("procedure", pi));
    };
    let goal = match &modes {
        Some(md) => modes::general_call(m, goal, md),
        None => goal,
    };
    let (found, names) = with_tables(m, |t, m| {
        let names = t.names(&mut m.atoms);
        let nvars = copy_into(&m.stacks.heap, goal, &mut t.scratch, &mut t.vars);
        if let Some(&id) = t.variants.get(&t.scratch[..]) {
            // A known variant: whether its table is complete. Reading an incomplete one makes
            // the running evaluation depend on it.
            return match t.tables.get(&id).and_then(|tb| tb.pos) {
                None => (Found::Known(id, true), names),
                Some(p) => {
                    if let Some(f) = t.frames.last_mut() {
                        f.low = f.low.min(p);
                        f.read = true;
                    }
                    (Found::Known(id, false), names)
                }
            };
        }
        if !worker_exists(m, worker, arity) {
            return (Found::NoWorker, names);
        }
        pin_atoms(&mut m.atoms, &t.scratch);
        let key = StoredTerm {
            cells: t.scratch.clone(),
            nvars,
        };
        let id = t.next_id;
        t.next_id += 1;
        let pos = t.stack.len();
        t.stack.push(id);
        t.frames.push(Frame {
            pos,
            low: pos,
            read: false,
        });
        t.variants.insert(key.cells.clone().into_boxed_slice(), id);
        t.tables.insert(
            id,
            Table {
                goal: key,
                worker,
                pred: (name, arity),
                answers: Answers::default(),
                derived: FastMap::default(),
                runs: Runs::default(),
                readers: read::Readers::default(),
                seen: FastMap::default(),
                modes,
                pos: Some(pos),
            },
        );
        (Found::Fresh(id), names)
    });
    let (id, status) = match found {
        Found::Known(id, true) => (id, names.complete),
        Found::Known(id, false) => (id, names.incomplete),
        Found::Fresh(id) => (id, names.fresh),
        Found::NoWorker => {
            let pi = m.indicator(name, arity);
            return Err(m.existence_err("procedure", pi));
        }
    };
    let w = worker_call(m, goal, worker, arity);
    let idc = m.stacks.heap.int(id as i64);
    Ok(m.unify(a[1], idc)
        && m.unify(a[2], Cell::atom(status))
        && m.unify(a[3], w)
        && m.unify(a[4], goal))
}

/// The call of worker `worker` with the arguments of `goal` (of arity `arity`).
fn worker_call(m: &mut Machine, goal: Cell, worker: u32, arity: usize) -> Cell {
    call_with(m, goal, worker, arity, None)
}

/// The call of `name` with the `arity` arguments of `goal` and then `extra`, if any, built on
/// the heap in place (no argument vector).
fn call_with(m: &mut Machine, goal: Cell, name: u32, arity: usize, extra: Option<Cell>) -> Cell {
    let n = arity + usize::from(extra.is_some());
    if n == 0 {
        return Cell::atom(name);
    }
    let at = m.stacks.heap.top();
    m.stacks.heap.cells.push(Cell::functor(name, n));
    for i in 0..arity {
        let c = m.stacks.heap.arg(goal, i);
        m.stacks.heap.cells.push(c);
    }
    m.stacks.heap.cells.extend(extra);
    Cell::structure(at)
}

/// The table id held by `c`.
fn table_id(m: &Machine, c: Cell) -> u64 {
    let c = m.stacks.heap.deref(c);
    if c.tag() == Tag::Int {
        c.int_value() as u64
    } else {
        u64::MAX
    }
}

/// `'$tbl_add'(Id, Answer, Update)`: add Answer to table Id unless a variant of it is there
/// already. For a moded table, an answer of a group already there (same index arguments) is
/// aggregated with it: Update is `none`, or `update(I, Candidate, Joins)` when lattice joins must
/// be made (`call(Lattice, Old, New, Joined)` for each `j(Joined, Lattice, Old, New)` of Joins)
/// before `'$tbl_update'(Id, I, Candidate)` stores Candidate as the group's answer.
fn add(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    let goal = m.stacks.heap.deref(a[1]);
    // A plain table is decided in one visit: the answer is there already, or it goes in. Only
    // a new answer is kept, and it takes no allocation of its own.
    let (moded, names) = with_tables(m, |t, m| {
        let names = t.names(&mut m.atoms);
        let Some(tb) = t.tables.get_mut(&id) else {
            return (None, names);
        };
        copy_into(&m.stacks.heap, goal, &mut t.scratch, &mut t.vars);
        if let Some(md) = &tb.modes {
            // An answer derived before is no news, and is not aggregated again.
            if tb.derived.contains_key(&t.scratch[..]) {
                return (None, names);
            }
            tb.derived.insert(t.scratch.clone().into_boxed_slice(), ());
            return (Some(md.clone()), names);
        }
        let h = hash_cells(&t.scratch);
        if tb.answers.find(&t.scratch, h).is_none() {
            pin_atoms(&mut m.atoms, &t.scratch);
            tb.answers.push_indexed(&t.scratch, h, t.stamp);
            t.stamp += 1;
            t.added += 1;
        }
        (None, names)
    });
    let none = Cell::atom(names.none);
    let Some(md) = moded else {
        return Ok(m.unify(a[2], none));
    };
    let k = modes::key_term(m, goal, &md);
    let old = with_tables(m, |t, m| {
        copy_into(&m.stacks.heap, k, &mut t.key_scratch, &mut t.vars);
        let tb = t.tables.get_mut(&id)?;
        match tb.seen.get(&t.key_scratch[..]) {
            Some(&i) => {
                let old = to_heap(&mut m.stacks.heap, tb.answers.get(i)?);
                Some((i, old))
            }
            None => {
                // A new group: the answer (still in the scratch block) goes in as it is.
                pin_atoms(&mut m.atoms, &t.scratch);
                tb.seen
                    .insert(t.key_scratch.clone().into_boxed_slice(), tb.answers.len());
                tb.answers.push(&t.scratch, t.stamp);
                t.stamp += 1;
                t.added += 1;
                None
            }
        }
    });
    let Some((i, old)) = old else {
        return Ok(m.unify(a[2], none));
    };
    let c = modes::candidate(m, old, goal, &md);
    if c.joins.is_empty() {
        store_at(m, id, i, c.answer, c.progress);
        return Ok(m.unify(a[2], none));
    }
    let joins = m.stacks.heap.list_from(&c.joins, Cell::atom(atom::NIL));
    let ic = m.stacks.heap.int(i as i64);
    let u = m.stacks.heap.compound(names.update, &[ic, c.answer, joins]);
    Ok(m.unify(a[2], u))
}

/// `'$tbl_update'(Id, I, Answer)`: Answer replaces answer I of moded table Id.
fn update(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    let i = m.stacks.heap.deref(a[1]).int_value() as usize;
    store_at(m, id, i, a[2], true);
    Ok(true)
}

/// Put `answer` in place of answer `i` of table `id`, when it differs; when `progress`, the
/// change counts as a new answer, so that the evaluation runs another pass.
fn store_at(m: &mut Machine, id: u64, i: usize, answer: Cell, progress: bool) {
    with_tables(m, |t, m| {
        let Some(tb) = t.tables.get_mut(&id) else {
            return;
        };
        copy_into(&m.stacks.heap, answer, &mut t.scratch, &mut t.vars);
        match tb.answers.get(i) {
            Some(old) if old != &t.scratch[..] => {}
            _ => return,
        }
        pin_atoms(&mut m.atoms, &t.scratch);
        tb.answers.replace(i, &t.scratch);
        tb.readers.replaced();
        t.added += u64::from(progress);
    });
}

/// `'$tbl_run_goal'(Id, Worker, Run)`: a run of table Id's clauses begins; Run is the goal it
/// calls: Worker, or when an earlier run has ended the delta predicate's call (`delta.rs`)
/// with the stamp at which that run began.
fn run_goal(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    let worker = m.stacks.heap.deref(a[1]);
    let fast = m.services.fast_paths;
    let begun = with_tables(m, |t, _| {
        let now = t.stamp;
        let tb = t.tables.get_mut(&id)?;
        let r = &mut tb.runs;
        r.depth += 1;
        if r.depth > 1 {
            r.nested = true;
            return Some((tb.pred, tb.worker, None));
        }
        r.started = now;
        r.nested = false;
        Some((tb.pred, tb.worker, r.last_start.filter(|_| fast)))
    });
    let Some(((name, arity), wname, Some(since))) = begun else {
        return Ok(m.unify(a[2], worker));
    };
    let Some(dname) = delta_of(m, name, arity, wname)? else {
        return Ok(m.unify(a[2], worker));
    };
    let stamp = m.stacks.heap.int(since as i64);
    let run = call_with(m, worker, dname, arity, Some(stamp));
    Ok(m.unify(a[2], run))
}

/// The delta predicate of tabled predicate `name/arity` (worker `wname`), made when missing or
/// stale; `None` when it would be the worker itself.
fn delta_of(m: &mut Machine, name: u32, arity: usize, wname: u32) -> Result<Option<u32>, PlError> {
    let known = with_tables(m, |t, m| {
        t.deltas
            .get(&(name, arity))
            .filter(|d| d.valid(m))
            .map(|d| d.name)
    });
    if let Some(d) = known {
        return Ok(d);
    }
    let tabled: crate::term::FastSet<(u32, usize)> =
        with_tables(m, |t, _| t.tabled.keys().copied().collect());
    let d = delta::build(m, arity, wname, &|n, k| tabled.contains(&(n, k)))?;
    let dname = d.name;
    with_tables(m, |t, _| t.deltas.insert((name, arity), d));
    Ok(dname)
}

/// `'$tbl_run_done'(Id)`: the run of table Id's clauses begun last has ended.
fn run_done(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    with_tables(m, |t, _| {
        if let Some(tb) = t.tables.get_mut(&id) {
            let r = &mut tb.runs;
            r.depth = r.depth.saturating_sub(1);
            if r.depth == 0 {
                r.last_start = if r.nested { None } else { Some(r.started) };
            }
        }
    });
    Ok(true)
}

/// `'$tbl_members'(Id, N)`: how many incomplete tables were made after table Id (which is
/// incomplete).
fn members(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    let n = with_tables(m, |t, _| match t.pos_of(id) {
        Some(p) => t.stack.len() - p - 1,
        None => 0,
    });
    let c = m.stacks.heap.int(n as i64);
    Ok(m.unify(a[1], c))
}

/// `'$tbl_member'(Id, K, MId, MGoal, MWorker)`: the K-th incomplete table made after table Id
/// (which is incomplete), with its call and worker call.
fn member(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    let k = m.stacks.heap.deref(a[1]).int_value() as usize;
    let found = with_tables(m, |t, m| {
        let p = t.pos_of(id)?;
        let mid = *t.stack.get(p + k)?;
        let tb = t.tables.get(&mid)?;
        let g = to_heap(&mut m.stacks.heap, &tb.goal.cells);
        Some((mid, g, tb.worker))
    });
    let Some((mid, g, worker)) = found else {
        return Ok(false);
    };
    let (_, arity) = m.name_arity(g);
    let w = worker_call(m, g, worker, arity);
    let idc = m.stacks.heap.int(mid as i64);
    Ok(m.unify(a[2], idc) && m.unify(a[3], g) && m.unify(a[4], w))
}

/// `'$tbl_abandon'(Id)`: an exception left the evaluation of table Id: drop it and every
/// incomplete table made after it, with their evaluations.
fn abandon(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0]);
    with_tables(m, |t, _| {
        let Some(p) = t.pos_of(id) else {
            return;
        };
        for gone in t.stack.split_off(p) {
            // Its answers are no progress of the evaluation that goes on around it: an
            // evaluation that catches the exception may make and drop this table at each pass.
            let n = t.tables.get(&gone).map_or(0, |tb| tb.answers.len() as u64);
            t.added -= n;
            t.remove(gone);
        }
        while t.frames.last().is_some_and(|f| f.pos >= p) {
            t.frames.pop();
        }
    });
    Ok(true)
}
