//! Semi-naive passes: a tabled predicate's clauses run again with each clause that reads one
//! table reading only the answers that are new to it.
//!
//! The evaluation of a group of tables runs the clauses of every table again until a pass adds
//! no answer (see `tables.rs`). Run as they are, the clauses derive again, in every pass, every
//! answer they derived before, so a group that needs n passes costs n times its answers. Most
//! tabled clauses read one table and compute the rest with pure tests and arithmetic, as in
//! `d(X) :- e(Y), Y < 20000, X is Y + 1.` or `path(X, Y) :- path(X, Z), edge(Z, Y).` Such a
//! clause, run again, can derive something new only from an answer of that table found since
//! the previous run of the same table began: an older answer was there for the previous run to
//! read, and the previous run, which ran the same call to exhaustion, derived from it whatever
//! it gives. So later runs call a *delta* predicate: the worker's clauses, in the same order,
//! with one more argument (the stamp at which the previous run began), in which each such
//! clause reads its table through `'$tbl_delta'/2`, which gives only the answers stamped from
//! there on. Every other clause is copied as it is, so cuts keep their meaning and the answers
//! and their order are those of a full run.
//!
//! A clause that reads several tables, as `path(X, Y) :- path(X, Z), path(Z, Y).`, can derive
//! something new only from a combination of answers one of which is new: a combination of older
//! answers was there for an earlier run. Its delta clause reads every table but the last one in
//! full through `'$tbl_delta_mark'/4`, which tells whether each answer is new, and the last one
//! in full after a new answer and only from the stamp otherwise (`'$tbl_delta_last'/3`). The
//! answers of a table lie in the order of their stamps, so the combinations come in the order
//! of a full run, less those of older answers only.
//!
//! A clause qualifies when its body is a conjunction of goals, one or more of which call a
//! tabled predicate, and every other goal is a pure builtin (unification, comparison, type
//! tests, arithmetic, `functor/3`, `arg/3`, `=../2`) or a call of a static predicate made of
//! facts only: nothing it runs could read another table, have an effect or cut. The delta
//! predicate is made at the first run that can use it and made again when a predicate it
//! relied on became dynamic or a file was consulted.

use crate::machine::db::PredKind;
use crate::machine::error::PlError;
use crate::machine::instr::PredId;
use crate::machine::Machine;
use crate::term::{atom, Cell, FastMap, Tag};

/// The delta predicate of one tabled predicate, as last made.
pub struct Delta {
    /// Its name (arity one more than the tabled predicate's), or `None` when no clause of the
    /// worker qualifies and later runs call the worker itself.
    pub name: Option<u32>,
    /// The worker and the fact predicates the analysis relied on being static.
    relied: Vec<PredId>,
}

impl Delta {
    /// Whether what the delta predicate was made from still holds.
    pub fn valid(&self, m: &Machine) -> bool {
        self.relied
            .iter()
            .all(|&p| !m.program.preds.get(p as usize).is_none_or(|p| p.dynamic))
    }
}

/// The builtins a qualifying clause may call besides its one table: they bind, compare or
/// compute, run no other code and have no effect.
const PURE: &[(&str, usize)] = &[
    ("=", 2),
    ("==", 2),
    ("\\==", 2),
    ("\\=", 2),
    ("@<", 2),
    ("@>", 2),
    ("@=<", 2),
    ("@>=", 2),
    ("<", 2),
    (">", 2),
    ("=<", 2),
    (">=", 2),
    ("=:=", 2),
    ("=\\=", 2),
    ("is", 2),
    ("var", 1),
    ("nonvar", 1),
    ("atom", 1),
    ("number", 1),
    ("integer", 1),
    ("float", 1),
    ("atomic", 1),
    ("compound", 1),
    ("callable", 1),
    ("is_list", 1),
    ("ground", 1),
    ("functor", 3),
    ("arg", 3),
    ("=..", 2),
    ("succ", 2),
    ("plus", 3),
    ("true", 0),
];

/// How a goal of a clause body counts for the analysis.
enum Goal {
    /// A call of a tabled predicate.
    Table,
    /// A pure builtin or a call of a static predicate of facts (the predicate, to rely on).
    Pure(Option<PredId>),
    /// Anything else.
    Other,
}

/// Make the delta predicate of a tabled predicate of arity `arity` whose clauses are loaded
/// under `worker`; `tabled` tells which predicates are tabled.
pub fn build(
    m: &mut Machine,
    arity: usize,
    worker: u32,
    tabled: &dyn Fn(u32, usize) -> bool,
) -> Result<Delta, PlError> {
    let Some(wpid) = m.lookup_pred(worker, arity) else {
        return Ok(Delta {
            name: None,
            relied: Vec::new(),
        });
    };
    m.load_deferred(wpid);
    let mut relied = vec![wpid];
    let none = |relied| Ok(Delta { name: None, relied });
    let terms: Vec<Cell> = match &m.program.preds[wpid as usize].kind {
        _ if m.program.preds[wpid as usize].dynamic => return none(relied),
        PredKind::Clauses(l) => {
            let list = l.clone();
            list.clauses
                .iter()
                .map(|c| c.to_heap(&m.program.code, &mut m.stacks.heap))
                .collect()
        }
        _ => return none(relied),
    };
    let stamp = m.stacks.heap.new_var();
    let mut clauses = Vec::with_capacity(terms.len());
    let mut any = false;
    for t in terms {
        let t = m.stacks.heap.deref(t);
        let (head, body) =
            if t.tag() == Tag::Str && m.stacks.heap.functor_of(t) == Cell::functor(atom::NECK, 2) {
                (
                    m.stacks.heap.deref(m.stacks.heap.arg(t, 0)),
                    m.stacks.heap.deref(m.stacks.heap.arg(t, 1)),
                )
            } else {
                (t, Cell::atom(atom::TRUE))
            };
        let goals = conjuncts(m, body);
        let mut tables_at = Vec::new();
        let mut qualifies = true;
        let mut facts = Vec::new();
        for (i, &g) in goals.iter().enumerate() {
            match classify(m, g, tabled) {
                Goal::Table => tables_at.push(i),
                Goal::Pure(p) => facts.extend(p),
                Goal::Other => qualifies = false,
            }
        }
        let mut goals = goals;
        if qualifies && tables_at.len() == 1 {
            let i = tables_at[0];
            let delta = m.atoms.intern("$tbl_delta");
            goals[i] = m.stacks.heap.compound(delta, &[goals[i], stamp]);
            relied.extend(facts);
            any = true;
        } else if qualifies && tables_at.len() > 1 {
            // A flag threads through the reads: `false` until an answer read is new.
            let mark = m.atoms.intern("$tbl_delta_mark");
            let last = m.atoms.intern("$tbl_delta_last");
            let mut flag = Cell::atom(atom::FALSE);
            let (&l, rest) = tables_at.split_last().expect("several tables");
            for &i in rest {
                let out = m.stacks.heap.new_var();
                goals[i] = m.stacks.heap.compound(mark, &[goals[i], stamp, flag, out]);
                flag = out;
            }
            goals[l] = m.stacks.heap.compound(last, &[goals[l], stamp, flag]);
            relied.extend(facts);
            any = true;
        }
        let mut args: Vec<Cell> = (0..arity).map(|i| m.stacks.heap.arg(head, i)).collect();
        args.push(stamp);
        clauses.push((args, goals));
    }
    if !any {
        return none(relied);
    }
    let dname = format!("{} delta", m.atoms.name(worker));
    let dname = m.atoms.intern(&dname);
    m.atoms.pin(dname);
    let dpid = m.pred_id(dname, arity + 1);
    m.wipe_clauses(dpid);
    for (args, goals) in clauses {
        let head = m.stacks.heap.compound(dname, &args);
        let body = conjunction(m, &goals);
        let clause = m.stacks.heap.compound(atom::NECK, &[head, body]);
        m.compile_clause(clause, true)?;
    }
    m.program.preds[dpid as usize].defined = true;
    Ok(Delta {
        name: Some(dname),
        relied,
    })
}

/// The goals of conjunction `body`, left to right.
fn conjuncts(m: &Machine, body: Cell) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut todo = vec![body];
    while let Some(g) = todo.pop() {
        let g = m.stacks.heap.deref(g);
        if g.tag() == Tag::Str && m.stacks.heap.functor_of(g) == Cell::functor(atom::COMMA, 2) {
            todo.push(m.stacks.heap.arg(g, 1));
            todo.push(m.stacks.heap.arg(g, 0));
        } else {
            out.push(g);
        }
    }
    out
}

/// The conjunction of `goals` (`true` when there is none).
fn conjunction(m: &mut Machine, goals: &[Cell]) -> Cell {
    let Some((&last, rest)) = goals.split_last() else {
        return Cell::atom(atom::TRUE);
    };
    rest.iter().rev().fold(last, |acc, &g| {
        m.stacks.heap.compound(atom::COMMA, &[g, acc])
    })
}

/// What goal `g` of a clause body is for the analysis.
fn classify(m: &Machine, g: Cell, tabled: &dyn Fn(u32, usize) -> bool) -> Goal {
    if !matches!(g.tag(), Tag::Atom | Tag::Str) {
        return Goal::Other;
    }
    let (name, arity) = m.name_arity(g);
    if tabled(name, arity) {
        return Goal::Table;
    }
    let Some(pid) = m.lookup_pred(name, arity) else {
        return Goal::Other;
    };
    let p = &m.program.preds[pid as usize];
    let text = m.atoms.name(name);
    if p.is_builtin() && !p.library && PURE.contains(&(text, arity)) {
        return Goal::Pure(None);
    }
    match &p.kind {
        PredKind::Clauses(l)
            if !p.dynamic
                && !p.library
                && !m.services.loading.deferred.has(pid)
                && l.clauses
                    .iter()
                    .all(|c| !is_rule(&c.cells(&m.program.code))) =>
        {
            Goal::Pure(Some(pid))
        }
        _ => Goal::Other,
    }
}

/// Whether the stored clause `cells` (root first) is a rule `Head :- Body`.
fn is_rule(cells: &[Cell]) -> bool {
    cells.first().is_some_and(|c| {
        c.tag() == Tag::Str
            && cells
                .get(c.addr())
                .is_some_and(|f| *f == Cell::functor(atom::NECK, 2))
    })
}

/// The delta predicates made so far, by tabled predicate.
pub type Deltas = FastMap<(u32, usize), Delta>;
