//! Reuse of the code area: the code of a clause that retract, erase, abolish or a reconsult
//! removed is given to a later clause of the same layout, once nothing can run it any more.
//!
//! Without this, a loop that retracts and asserts a counter grows the code area by one clause
//! on every turn, for as long as it runs. The code area is one vector addressed by absolute
//! positions (continuations, choicepoints and clause lists hold them), so code is never moved;
//! a freed region is reused in place by a clause that fits it exactly, which is what such loops
//! assert. What is freed and reused is a clause's whole family (`family.rs`): its code with the
//! owner entries, templates, decoded tests and auxiliary predicates its compilation made, so
//! that a loop asserting clauses with disjunctions, if-then-elses or compound arguments runs
//! in bounded memory too.
//!
//! This file must never free a family that something may still run: the program counter, the
//! continuation, a frame's or a choicepoint's continuation, a choicepoint's resume address, an
//! outer query's saved registers, a clause list (a call's snapshot, a `retract/1` scan) that
//! still holds the clause, or one that holds the clause list of one of its auxiliary
//! predicates. Only clauses whose code names nothing but what their own compilation made are
//! ever freed or placed in a freed family.

use super::db::Clause;
use super::instr::PredId;
use super::Machine;
use family::{Layout, Region};
use ply_term::FastMap;
use std::rc::Rc;

mod family;

pub use family::CompileMark;

/// The least number of retired instructions between two searches for free code, so that a
/// search (which walks every frame and choicepoint) is paid for by the regions it frees.
const MIN_SCAN_GAP: usize = 1024;

/// Plain families shorter than this are listed by length in a vector (see
/// [`CodeSpace::free_short`]).
const SHORT_PLAIN: usize = 32;

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

/// Families of the code area (see `family.rs`): retired (their clause is gone from its
/// predicate, but may still run) and free (nothing can run them; they wait for a clause of
/// their layout).
#[derive(Default)]
pub struct CodeSpace {
    /// Clauses removed from their predicates whose code may still be running.
    retired: Vec<Rc<Clause>>,
    /// The instructions of `retired` added since the last search.
    retired_since_scan: usize,
    /// How many retired instructions make the next search worth its cost.
    scan_gap: usize,
    /// Free plain families (one region and nothing else, see [`Layout::plain`]) shorter than
    /// [`SHORT_PLAIN`], by length: their starts. A fact is one of these, and a program that
    /// asserts and retracts facts frees and takes one per clause, so the list is found by
    /// indexing rather than hashing, and an emptied list keeps its room for the next batch.
    free_short: Vec<Vec<usize>>,
    /// How many starts `free_short` holds.
    free_short_count: usize,
    /// The other free plain families, by length: their starts.
    free_plain: FastMap<u32, Vec<usize>>,
    /// The other free families by layout.
    free: FastMap<Layout, Vec<Region>>,
    /// Regions freed, and regions reused, since the machine started (for statistics).
    pub freed: u64,
    /// Regions handed to new clauses.
    pub reused: u64,
}

/// Where [`Machine::place_code`] put a clause's code, and what its [`Clause`] says of it.
#[derive(Clone, Copy, Debug)]
pub struct Placed {
    /// Its start.
    pub start: usize,
    /// [`Clause::code_len`]: its family's length, 0 when it may never be freed.
    pub code_len: u32,
    /// [`Clause::family`]: whether its family is more than one plain region.
    pub family: bool,
}

impl Placed {
    /// Code at `start` that is never freed.
    pub fn fixed(start: usize) -> Placed {
        Placed {
            start,
            code_len: 0,
            family: false,
        }
    }
}

impl Machine {
    /// Note that `clause` has left its predicate: its code is freed once nothing can run it.
    pub fn retire_clause(&mut self, clause: &Rc<Clause>) {
        if clause.code_len() == 0 {
            return;
        }
        self.program.code_space.retired_since_scan += clause.code_len() as usize;
        self.program.code_space.retired.push(Rc::clone(clause));
    }

    /// Place the code of the clause of `pid` just compiled, from `mark.code` to the end of the
    /// code area: in a free family of its layout when there is one, moving it there, or where
    /// it is. Returns where it is and what its [`Clause`] must say of its code.
    pub fn place_code(&mut self, mark: CompileMark, pid: PredId) -> Placed {
        let (start, end) = (mark.code, self.program.code.len());
        // The commonest clause, told by what its compilation added: one owner entry and no
        // template, decoding or predicate. Its code names nothing of another clause's.
        let plain = end > start
            && self.program.code_owners.len() == mark.owners + 1
            && self.program.code_owners[mark.owners] == (start as u32, pid)
            && self.program.preds.len() == mark.preds
            && self.program.templates.len() == mark.templates
            && self.program.test_clauses.len() == mark.shapes;
        let (layout, region) = if plain {
            let Ok(len) = u32::try_from(end - start) else {
                return Placed::fixed(start);
            };
            (Layout::plain(len), Region::plain(start))
        } else {
            match self.family(start, end) {
                Some((layout, region, main))
                    if main == pid && self.family_is_own(&layout, &region, mark) =>
                {
                    (layout, region)
                }
                _ => return Placed::fixed(start),
            }
        };
        let due = self.program.code_space.retired_since_scan >= self.program.code_space.scan_gap;
        if self.program.code_space.free.is_empty()
            && self.program.code_space.free_plain.is_empty()
            && self.program.code_space.free_short_count == 0
            && !due
        {
            return self.placed(layout, start);
        }
        let mut old = self.take_free(&layout);
        if old.is_none() && due {
            self.reclaim_code();
            old = self.take_free(&layout);
        }
        let Some(old) = old else {
            return self.placed(layout, start);
        };
        if !self.aux_are_last(&region, mark) {
            // Its auxiliary predicates could not be dropped: it stays where it is, and the
            // free family waits for another clause.
            self.put_free(layout.clone(), old);
            return self.placed(layout, start);
        }
        self.move_family(&layout, &region, &old, mark, pid);
        self.program.code_space.reused += 1;
        self.placed(layout, old.start)
    }

    /// The family of `layout` now at `start`, as [`Machine::place_code`] returns it.
    fn placed(&self, layout: Layout, start: usize) -> Placed {
        Placed {
            start,
            code_len: layout.len() as u32,
            family: !layout.is_plain(),
        }
    }

    /// A free plain family of `len` instructions for a clause of `pid` about to be written
    /// there, its owner entry given to `pid`: what [`Machine::place_code`] would move a plain
    /// clause of that length into, looked for (and the retired code searched when due) as it
    /// looks. The caller writes the code, which must name nothing outside itself, and counts it
    /// as placed with [`Placed`] of that start and length.
    pub fn take_free_plain(&mut self, len: usize, pid: PredId) -> Option<usize> {
        let layout = Layout::plain(u32::try_from(len).ok()?);
        let mut old = self.take_free(&layout);
        if old.is_none()
            && self.program.code_space.retired_since_scan >= self.program.code_space.scan_gap
        {
            self.reclaim_code();
            old = self.take_free(&layout);
        }
        let start = old?.start;
        let first = self
            .program
            .code_owners
            .partition_point(|&(s, _)| (s as usize) < start);
        self.program.code_owners[first].1 = pid;
        self.program.code_space.reused += 1;
        Some(start)
    }

    /// A free family of layout `layout`, taken out of the free lists.
    fn take_free(&mut self, layout: &Layout) -> Option<Region> {
        if layout.is_plain() {
            let len = layout.len() as u32;
            if (len as usize) < SHORT_PLAIN {
                let start = self
                    .program
                    .code_space
                    .free_short
                    .get_mut(len as usize)?
                    .pop()?;
                self.program.code_space.free_short_count -= 1;
                return Some(Region::plain(start));
            }
            let starts = self.program.code_space.free_plain.get_mut(&len)?;
            let start = starts.pop();
            if starts.is_empty() {
                self.program.code_space.free_plain.remove(&len);
            }
            return start.map(Region::plain);
        }
        let regions = self.program.code_space.free.get_mut(layout)?;
        let region = regions.pop();
        if regions.is_empty() {
            self.program.code_space.free.remove(layout);
        }
        region
    }

    /// Put the free family `region`, of layout `layout`, in its free list.
    fn put_free(&mut self, layout: Layout, region: Region) {
        if layout.is_plain() {
            let len = layout.len() as u32;
            if (len as usize) < SHORT_PLAIN {
                let short = &mut self.program.code_space.free_short;
                if short.len() <= len as usize {
                    short.resize_with(len as usize + 1, Vec::new);
                }
                short[len as usize].push(region.start);
                self.program.code_space.free_short_count += 1;
                return;
            }
            self.program
                .code_space
                .free_plain
                .entry(len)
                .or_default()
                .push(region.start);
        } else {
            self.program
                .code_space
                .free
                .entry(layout)
                .or_default()
                .push(region);
        }
    }

    /// Free the retired families that nothing can run any more.
    ///
    /// A family is still in use when a clause list other than the retired list holds its
    /// clause (the strong count says so), when a choicepoint or a scan holds the clause list of
    /// one of its auxiliary predicates, or when an address that execution will return or
    /// backtrack to lies in its code (or just past it, which a clause whose last instruction
    /// is running may have stepped to).
    pub fn reclaim_code(&mut self) {
        let mut live = self.live_code_addresses();
        live.sort_unstable();
        let in_use = |c: &Clause| {
            let i = live.partition_point(|&a| a < c.start());
            live.get(i)
                .is_some_and(|&a| a <= c.start() + c.code_len() as usize)
        };
        let retired = std::mem::take(&mut self.program.code_space.retired);
        let mut kept = Vec::new();
        for clause in retired {
            if Rc::strong_count(&clause) > 1 || in_use(&clause) {
                kept.push(clause);
                continue;
            }
            let end = clause.start() + clause.code_len() as usize;
            let (layout, region) = if clause.family() {
                // A family when it was placed, and nothing has changed that since: its code,
                // owner entries and auxiliary predicates are still as they were made.
                let Some((layout, region, _)) = self.family(clause.start(), end) else {
                    continue;
                };
                (layout, region)
            } else {
                (
                    Layout::plain(clause.code_len()),
                    Region::plain(clause.start()),
                )
            };
            if !self.aux_are_idle(&region) {
                kept.push(clause);
                continue;
            }
            self.program.code_space.freed += 1;
            self.put_free(layout, region);
        }
        // The next search waits until the retired code has grown by as much as this search
        // looked at, so searching costs a bounded amount per retired instruction.
        let gap = min_scan_gap();
        self.program.code_space.scan_gap = if gap < MIN_SCAN_GAP {
            gap
        } else {
            gap.max(live.len() + kept.len())
        };
        self.program.code_space.retired = kept;
        self.program.code_space.retired_since_scan = 0;
    }

    /// Every code address that execution may still go to: the registers, every reachable
    /// frame's continuation, every choicepoint's continuation and resume address, and those of
    /// the queries that nested queries interrupted.
    fn live_code_addresses(&self) -> Vec<usize> {
        let mut live = vec![self.stacks.pc, self.stacks.cp, self.program.pending_pc];
        for c in &self.stacks.choices {
            live.push(c.cp);
            if let super::choice::ChoiceKind::Resume(at) = c.kind {
                live.push(at);
            }
        }
        let mut starts = vec![self.stacks.e];
        starts.extend(self.stacks.choices.iter().map(|c| c.e));
        for s in &self.stacks.saved_states {
            let (pc, cp, e) = s.code_registers();
            live.extend([pc, cp]);
            starts.push(e);
        }
        // A frame's continuation is the word after its link to the previous frame.
        let frames = self.frames_from(starts.into_iter());
        live.extend(
            frames
                .iter()
                .filter_map(|&e| self.stacks.stack.get(e + 1))
                .map(|c| c.0 as usize),
        );
        live
    }
}
