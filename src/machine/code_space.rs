//! Reuse of the code area: the code of a clause that retract, erase, abolish or a reconsult
//! removed is given to a later clause of the same length, once nothing can run it any more.
//!
//! Without this, a loop that retracts and asserts a counter grows the code area by one clause
//! on every turn, for as long as it runs. The code area is one vector addressed by absolute
//! positions (continuations, choicepoints and clause lists hold them), so code is never moved;
//! a freed region is reused in place by a clause that fits it exactly, which is what such loops
//! assert.
//!
//! This file must never free a region that something may still run: the program counter, the
//! continuation, a frame's or a choicepoint's continuation, a choicepoint's resume address, an
//! outer query's saved registers, or a clause list (a call's snapshot, a `retract/1` scan) that
//! still holds the clause. Only clauses whose code is one region of their own, with one owner
//! entry and no auxiliary predicate, are ever freed or placed in a freed region.

use super::db::Clause;
use super::instr::Instr;
use super::Machine;
use crate::term::FastMap;
use std::rc::Rc;

/// The least number of retired instructions between two searches for free code, so that a
/// search (which walks every frame and choicepoint) is paid for by the regions it frees.
const MIN_SCAN_GAP: usize = 1024;

/// [`MIN_SCAN_GAP`], or the number `PLY_CODE_SCAN_GAP` gives, so that tests can search for
/// free code at every clause they assert.
fn min_scan_gap() -> usize {
    static GAP: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *GAP.get_or_init(|| {
        std::env::var("PLY_CODE_SCAN_GAP")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(MIN_SCAN_GAP)
    })
}

/// Regions of the code area: retired (their clause is gone from its predicate, but may still
/// run) and free (nothing can run them; they wait for a clause of their length).
#[derive(Default)]
pub struct CodeSpace {
    /// Clauses removed from their predicates whose code may still be running.
    retired: Vec<Rc<Clause>>,
    /// The instructions of `retired` added since the last search.
    retired_since_scan: usize,
    /// How many retired instructions make the next search worth its cost.
    scan_gap: usize,
    /// Free regions by length: their start addresses.
    free: FastMap<u32, Vec<usize>>,
    /// Regions freed, and regions reused, since the machine started (for statistics).
    pub freed: u64,
    /// Regions handed to new clauses.
    pub reused: u64,
}

impl Machine {
    /// Note that `clause` has left its predicate: its code is freed once nothing can run it.
    pub fn retire_clause(&mut self, clause: &Rc<Clause>) {
        if clause.code_len == 0 {
            return;
        }
        self.code_space.retired_since_scan += clause.code_len as usize;
        self.code_space.retired.push(Rc::clone(clause));
    }

    /// Place the code of the clause just compiled at `start..self.code.len()`: in a free
    /// region of its length when there is one, moving it there, or where it is. `owners` and
    /// `preds` are the lengths of `code_owners` and `preds` before it was compiled. Returns its
    /// start and its length as [`Clause::code_len`] (0 when it may never be freed).
    pub fn place_code(&mut self, start: usize, owners: usize, preds: usize) -> (usize, u32) {
        let end = self.code.len();
        let own_region = self.preds.len() == preds
            && self.code_owners.len() == owners + 1
            && self.code_owners[owners].0 == start
            && end > start;
        let Ok(len) = u32::try_from(end - start) else {
            return (start, 0);
        };
        if !own_region {
            return (start, 0);
        }
        let mut region = self.take_free(len);
        if region.is_none() && self.code_space.retired_since_scan >= self.code_space.scan_gap {
            self.reclaim_code();
            region = self.take_free(len);
        }
        let Some(to) = region else {
            return (start, len);
        };
        for i in 0..len as usize {
            let instr = relocate(self.code[start + i], start, end, to);
            self.code[to + i] = instr;
        }
        self.code.truncate(start);
        let (_, pid) = self.code_owners.pop().expect("the clause's own entry");
        // The region was a clause's own, so its owner entry starts it.
        let at = self.code_owners.partition_point(|&(s, _)| s < to);
        if let Some(entry) = self.code_owners.get_mut(at).filter(|e| e.0 == to) {
            entry.1 = pid;
        }
        self.code_space.reused += 1;
        (to, len)
    }

    /// A free region of exactly `len` instructions, taken out of the free list.
    fn take_free(&mut self, len: u32) -> Option<usize> {
        self.code_space.free.get_mut(&len)?.pop()
    }

    /// Free the retired regions that nothing can run any more.
    ///
    /// A region is still in use when a clause list other than the retired list holds its
    /// clause (the strong count says so), or when an address that execution will return or
    /// backtrack to lies in it (or just past it, which a clause whose last instruction is
    /// running may have stepped to).
    pub fn reclaim_code(&mut self) {
        let mut live = self.live_code_addresses();
        live.sort_unstable();
        let in_use = |c: &Clause| {
            let i = live.partition_point(|&a| a < c.start);
            live.get(i)
                .is_some_and(|&a| a <= c.start + c.code_len as usize)
        };
        let retired = std::mem::take(&mut self.code_space.retired);
        let mut kept = Vec::new();
        for clause in retired {
            if Rc::strong_count(&clause) > 1 || in_use(&clause) {
                kept.push(clause);
            } else {
                self.code_space.freed += 1;
                self.code_space
                    .free
                    .entry(clause.code_len)
                    .or_default()
                    .push(clause.start);
            }
        }
        // The next search waits until the retired code has grown by as much as this search
        // looked at, so searching costs a bounded amount per retired instruction.
        let gap = min_scan_gap();
        self.code_space.scan_gap = if gap < MIN_SCAN_GAP {
            gap
        } else {
            gap.max(live.len() + kept.len())
        };
        self.code_space.retired = kept;
        self.code_space.retired_since_scan = 0;
    }

    /// Every code address that execution may still go to: the registers, every reachable
    /// frame's continuation, every choicepoint's continuation and resume address, and those of
    /// the queries that nested queries interrupted.
    fn live_code_addresses(&self) -> Vec<usize> {
        let mut live = vec![self.pc, self.cp, self.pending_pc];
        for c in &self.choices {
            live.push(c.cp);
            if let super::choice::ChoiceKind::Resume(at) = c.kind {
                live.push(at);
            }
        }
        let mut starts = vec![self.e];
        starts.extend(self.choices.iter().map(|c| c.e));
        for s in &self.saved_states {
            let (pc, cp, e) = s.code_registers();
            live.extend([pc, cp]);
            starts.push(e);
        }
        // A frame's continuation is the word after its link to the previous frame.
        let frames = self.frames_from(starts.into_iter());
        live.extend(
            frames
                .iter()
                .filter_map(|&e| self.stack.get(e + 1))
                .map(|c| c.0 as usize),
        );
        live
    }
}

/// `instr` moved from a region at `from..end` to one at `to`: addresses inside the region
/// move with it, addresses outside it (none, for a clause's own region) stay.
fn relocate(instr: Instr, from: usize, end: usize, to: usize) -> Instr {
    let moved = |a: u32| {
        let a = a as usize;
        if (from..end).contains(&a) {
            (a - from + to) as u32
        } else {
            a as u32
        }
    };
    match instr {
        Instr::PushAlt(alt, n) => Instr::PushAlt(moved(alt), n),
        Instr::GuardAlt { alt, n, call } => Instr::GuardAlt {
            alt: moved(alt),
            n,
            call: moved(call),
        },
        Instr::TestAlt { alt, n, cut, shape } => Instr::TestAlt {
            alt: moved(alt),
            n,
            cut: moved(cut),
            shape,
        },
        other => other,
    }
}
