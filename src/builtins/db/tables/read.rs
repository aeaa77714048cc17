//! The readers of a table: the natives that give its answers one by one, and what the readers
//! of an incomplete table saw in the current pass of its group's evaluation.
//!
//! A reader of an incomplete table gives the answers found so far and those added while it
//! reads, and ends when it reaches the last one. The group's evaluation runs another pass only
//! to give each clause the answers it has not consumed yet: when every reader of every table of
//! the group ended at the table's last answer, every clause has seen every answer of every
//! table it reads, and another pass would derive nothing new. So each table counts, for the
//! current pass, the readers that began and did not end (a cut or an exception stopped them,
//! and what they skipped is unknown), the fewest answers one of them ended at, and whether a
//! moded answer was replaced in place (a reader may have read its old value); the leader's
//! `'$tbl_settle'/3` asks [`Readers::saw_all`] of every table of its group.

use super::{table_id, to_heap, with_tables};
use crate::machine::db::LAST;
use crate::machine::error::PlError;
use crate::machine::Machine;
use crate::term::{atom, Cell, Tag};

/// What the readers of one incomplete table saw in the current pass.
#[derive(Default)]
pub struct Readers {
    /// How many readers began and have not ended.
    open: u32,
    /// The fewest answers a reader that ended had seen, if one ended.
    least_end: Option<usize>,
    /// Whether an answer was replaced in place (moded tables).
    replaced: bool,
}

impl Readers {
    /// A new pass begins: nothing has been read in it.
    pub fn reset(&mut self) {
        *self = Readers::default();
    }

    /// A moded table's answer was replaced in place.
    pub fn replaced(&mut self) {
        self.replaced = true;
    }

    /// Whether every reader of the pass ended at the last of the table's `len` answers, with
    /// no answer replaced since it read it.
    pub fn saw_all(&self, len: usize) -> bool {
        self.open == 0 && !self.replaced && self.least_end.is_none_or(|e| e >= len)
    }
}

/// Register the natives that read a table.
pub(super) fn register(m: &mut Machine) {
    m.def_redo("$tbl_answer", 3, answer, |_, _| false);
    m.def_redo("$tbl_answer_from", 4, answer_from, |_, _| false);
    m.def_redo("$tbl_answer_marked", 5, answer_marked, |_, _| false);
}

/// Answer `i` of the table held by `id` unified with `out`: `Some(true)` when it is the last
/// answer of a complete table, `Some(false)` when more may follow, `None` when there is no
/// such answer (the reader ends) or it does not unify. `first` tells that the reader begins.
/// `goal` is the table's call as the reader made it: when the answer is a compound of atoms
/// and small integers, as most are, its arguments are bound to goal's (of which every answer
/// of a plain table is an instance) and `out` to goal, with no copy of the answer on the heap.
fn read(m: &mut Machine, id: Cell, goal: Cell, out: Cell, i: usize, first: bool) -> Option<bool> {
    let id = table_id(m, id);
    let goal = m.stacks.heap.deref(goal);
    let c = with_tables(m, |t, m| {
        let tb = t.tables.get_mut(&id)?;
        let incomplete = tb.pos.is_some();
        if incomplete && first {
            tb.readers.open += 1;
        }
        let Some(cells) = tb.answers.get(i) else {
            if incomplete {
                let r = &mut tb.readers;
                r.open = r.open.saturating_sub(1);
                r.least_end = Some(r.least_end.map_or(i, |e| e.min(i)));
            }
            return None;
        };
        let last = !incomplete && i + 1 == tb.answers.len();
        if tb.modes.is_none() && bind_flat(m, goal, cells) {
            return Some((goal, last));
        }
        Some((to_heap(&mut m.stacks.heap, cells), last))
    });
    let (c, last) = c?;
    m.unify(out, c).then_some(last)
}

/// Bind the arguments of heap compound `goal` to those of stored answer `cells` when the answer
/// is a compound of atoms and small integers of goal's functor: true when goal now is the
/// answer. False when it is not such an answer, or an argument of goal differs from the
/// answer's (goal is then partly bound, and unifying it with the answer fails as it must).
fn bind_flat(m: &mut Machine, goal: Cell, cells: &[Cell]) -> bool {
    let [root, f, args @ ..] = cells else {
        return false;
    };
    if root.tag() != Tag::Str
        || root.addr() != 1
        || goal.tag() != Tag::Str
        || m.stacks.heap.functor_of(goal) != *f
        || f.functor_arity() != args.len()
        || !args.iter().all(|c| matches!(c.tag(), Tag::Atom | Tag::Int))
    {
        return false;
    }
    for (j, &c) in args.iter().enumerate() {
        let g = m.stacks.heap.deref(m.stacks.heap.arg(goal, j));
        if g.tag() == Tag::Ref {
            m.bind(g, c);
        } else if g != c {
            return false;
        }
    }
    true
}

/// `'$tbl_answer'(Id, Goal, Answer)`: the answers of table Id one by one, from the first;
/// answers added to an incomplete table while this runs are given too. Goal is the call the
/// table was entered with (see [`read`]).
fn answer(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    let r = read(m, a[0], a[1], a[2], state, state == 0);
    Ok(r.map(|last| if last { LAST } else { state + 1 }))
}

/// The stamp argument `c` of a reader, as a stamp.
fn stamp_arg(m: &Machine, c: Cell) -> u64 {
    let s = m.stacks.heap.deref(c);
    if s.tag() == Tag::Int {
        s.int_value().max(0) as u64
    } else {
        0
    }
}

/// `'$tbl_answer_from'(Id, Stamp, Goal, Answer)`: as `'$tbl_answer'/3`, from the first answer
/// stamped Stamp or later; every answer of a moded table, whose answers change in place.
fn answer_from(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    // The state is one more than the place of the next answer, so that 0 means the start.
    let i = if state == 0 {
        let id = table_id(m, a[0]);
        let s = stamp_arg(m, a[1]);
        let start = with_tables(m, |t, _| {
            let tb = t.tables.get(&id)?;
            Some(match tb.modes {
                Some(_) => 0,
                None => tb.answers.first_stamped(s),
            })
        });
        let Some(start) = start else {
            return Ok(None);
        };
        start
    } else {
        state - 1
    };
    let r = read(m, a[0], a[2], a[3], i, state == 0);
    Ok(r.map(|last| if last { LAST } else { i + 2 }))
}

/// `'$tbl_answer_marked'(Id, Stamp, Goal, Answer, New)`: every answer of table Id, from the
/// first, as `'$tbl_answer'/3` gives them, with New `true` for an answer stamped Stamp or later (every
/// answer of a moded table, whose answers change in place) and `false` for an older one.
fn answer_marked(m: &mut Machine, a: &[Cell], state: usize) -> Result<Option<usize>, PlError> {
    let id = table_id(m, a[0]);
    let s = stamp_arg(m, a[1]);
    let new = with_tables(m, |t, _| {
        let tb = t.tables.get(&id)?;
        Some(tb.modes.is_some() || tb.answers.first_stamped(s) <= state)
    });
    let Some(new) = new else {
        return Ok(None);
    };
    let flag = Cell::atom(if new { atom::TRUE } else { atom::FALSE });
    if !m.unify(a[4], flag) {
        return Ok(None);
    }
    let r = read(m, a[0], a[2], a[3], state, state == 0);
    Ok(r.map(|last| if last { LAST } else { state + 1 }))
}
