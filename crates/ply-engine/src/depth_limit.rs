//! The depth of frames, for `call_with_depth_limit/3`: while a limit is active, every call is
//! given the depth of its caller plus one, a call deeper than the limit fails, and the deepest
//! depth reached is kept, as SWI-Prolog counts them (a last call is one level deeper than its
//! caller, as if no frame were reused).
//!
//! Nothing here runs while no limit is active. Activating one raises an attention bit, so that
//! every call goes through the dispatcher's hook ([`Machine::attend`]), which calls
//! [`Machine::depth_enter`]; the run loop's `Deallocate` asks one flag. The depth of the clause
//! running is kept in a register (`cur`, right for a clause without an environment, which makes
//! only its last call), and the depth of a clause with an environment beside the environment's
//! address (`side`): a clause makes its calls before the last from its own environment, and
//! gives its depth back to the register when it leaves it. The environment of the clause a
//! call enters is allocated where the environment stack's top is at the call, so the depth is
//! written there when the call is made. The register, the depths beside environments and the
//! limit itself are trailed, so that backtracking restores what they were; the deepest depth
//! reached is not, since a limit exceeded on a branch that failed is what the result reports.

use super::choice::TrailEntry;
use super::db::PredKind;
use super::hook::ATTEND_DEPTH;
use super::instr::PredId;
use super::{Machine, NO_ENV};
use ply_term::atom;
use std::sync::atomic::Ordering::Relaxed;

/// The trail slot of the register `cur` (any other slot is an environment's address).
const CUR: usize = usize::MAX;
/// The trail slot of the limit and whether it is active.
const LIMIT: usize = usize::MAX - 1;
/// The value of [`LIMIT`] when no limit is active.
const OFF: u64 = u64::MAX;

/// The state of `call_with_depth_limit/3` in a machine.
#[derive(Debug, Default)]
pub struct DepthLimit {
    /// Whether a limit is active: the one field the run loop reads.
    pub on: bool,
    /// The deepest depth a call may have.
    limit: u64,
    /// The depth of the clause running, for its last call when it has no environment.
    cur: u64,
    /// The deepest depth a call was given since the limit was set, calls refused included.
    reached: u64,
    /// The depth of the clause whose environment is at each address.
    side: Vec<u64>,
    /// The trail position of the last entry for `cur`, [`NONE`] before any.
    cur_at: usize,
    /// The trail position of the last entry for each slot of `side`, [`NONE`] before any.
    side_at: Vec<usize>,
}

/// No trail entry yet for a slot.
const NONE: usize = usize::MAX;

/// What a limit replaced, for [`Machine::depth_limit_restore`].
#[derive(Clone, Copy, Debug)]
pub struct DepthSaved {
    /// The limit before, or [`OFF`].
    pub limit: u64,
    /// The register `cur` before.
    pub cur: u64,
    /// The deepest depth reached before.
    pub reached: u64,
    /// The environment of the clause that set the limit, and the depth beside it before.
    pub env: u64,
    /// The depth beside that environment before.
    pub env_depth: u64,
    /// How many choicepoints there were when the limit was set.
    pub choices: u64,
}

impl DepthSaved {
    /// The saved state as integers, for the term the library keeps it in.
    pub fn words(&self) -> [u64; 6] {
        [
            self.limit,
            self.cur,
            self.reached,
            self.env,
            self.env_depth,
            self.choices,
        ]
    }

    /// The state [`DepthSaved::words`] gave.
    pub fn from_words(w: [u64; 6]) -> DepthSaved {
        DepthSaved {
            limit: w[0],
            cur: w[1],
            reached: w[2],
            env: w[3],
            env_depth: w[4],
            choices: w[5],
        }
    }
}

impl Machine {
    /// Give the call of `pid` its depth (see the module's comment): the predicate to run, which
    /// is `fail/0` for a call deeper than the limit. The control constructs of a clause body
    /// are no level of their own (`call/1` runs its goal one level below its caller).
    #[cold]
    #[inline(never)]
    pub(crate) fn depth_enter(&mut self, pid: PredId, is_call: bool) -> PredId {
        let caller = if is_call {
            self.depth_beside(self.stacks.e)
        } else {
            self.stacks.depth.cur
        };
        let p = &self.program.preds[pid as usize];
        let counted = match p.kind {
            // The auxiliary predicate of a control construct in a clause (the fast paths off)
            // is no level either: with them on, the construct is compiled in line.
            PredKind::Clauses(_) => !self.program.aux_parent.contains_key(&pid),
            PredKind::Native(_) | PredKind::Redo(..) => true,
            // The control constructs SWI-Prolog compiles into the clause are no level; the
            // others (`catch/3`, `findall/3`, ...) are predicates there, and one level.
            _ => !matches!(
                self.atoms.name(p.name),
                "call" | "," | ";" | "->" | "*->" | "\\+" | "not" | "!" | ":"
            ),
        };
        // A native runs and returns: only a predicate that runs goals leaves a depth behind.
        let runs_goals = !matches!(p.kind, PredKind::Native(_) | PredKind::Redo(..));
        let depth = if counted { caller + 1 } else { caller };
        if counted {
            let st = &mut self.stacks.depth;
            st.reached = st.reached.max(depth);
            if depth > st.limit {
                return self.pred_id(atom::FAIL, 0);
            }
        }
        if runs_goals {
            let top = self.env_top();
            self.depth_set(top, depth);
            self.depth_set(CUR, depth);
        }
        pid
    }

    /// `Deallocate` of the environment at `e` while a limit is active: the clause's depth
    /// goes back to the register for its last call.
    #[cold]
    #[inline(never)]
    pub(crate) fn depth_leave(&mut self, e: usize) {
        let d = self.depth_beside(e);
        self.depth_set(CUR, d);
    }

    /// The depth beside the environment at `e` (0 for none).
    fn depth_beside(&self, e: usize) -> u64 {
        if e == NO_ENV {
            return 0;
        }
        self.stacks.depth.side.get(e).copied().unwrap_or(0)
    }

    /// Set trailed slot `slot` ([`CUR`], [`LIMIT`] or an environment's address) to `v`, with
    /// a trail entry holding what it was unless one is there already above the newest
    /// choicepoint's mark (the WAM's conditional trailing): backtracking to that choicepoint,
    /// or to an older one, undoes that entry, which puts back the value the slot had before
    /// any change since the choicepoint, so a second entry would only be undone in its turn.
    /// Only choicepoints undo the trail past a call (a nested query or a catch pushes one), so
    /// the newest one's mark is the only one that matters; the entry found must still be the
    /// slot's, since backtracking and the collector move and drop entries.
    fn depth_set(&mut self, slot: usize, v: u64) {
        let old = match slot {
            CUR => std::mem::replace(&mut self.stacks.depth.cur, v),
            LIMIT => {
                let old = if self.stacks.depth.on {
                    self.stacks.depth.limit
                } else {
                    OFF
                };
                self.depth_put(LIMIT, v);
                old
            }
            e => {
                let side = &mut self.stacks.depth.side;
                if side.len() <= e {
                    side.resize(e + 1, 0);
                }
                std::mem::replace(&mut side[e], v)
            }
        };
        if old == v {
            return;
        }
        let at = match slot {
            CUR => self.stacks.depth.cur_at,
            LIMIT => NONE,
            e => self.stacks.depth.side_at.get(e).copied().unwrap_or(NONE),
        };
        let mark = self.stacks.choices.last().map_or(0, |c| c.trail);
        let covered = at != NONE
            && at >= mark
            && matches!(self.stacks.trail.get(at), Some(&TrailEntry::Depth(s, _)) if s == slot);
        if covered {
            return;
        }
        let at = self.stacks.trail.len();
        self.stacks.trail.push(TrailEntry::Depth(slot, old));
        match slot {
            CUR => self.stacks.depth.cur_at = at,
            LIMIT => {}
            e => {
                let side_at = &mut self.stacks.depth.side_at;
                if side_at.len() <= e {
                    side_at.resize(e + 1, NONE);
                }
                side_at[e] = at;
            }
        }
    }

    /// Put `v` in slot `slot` untrailed: the undoing of a trail entry, and [`Machine::depth_set`].
    pub(crate) fn depth_put(&mut self, slot: usize, v: u64) {
        match slot {
            CUR => self.stacks.depth.cur = v,
            LIMIT => {
                let on = v != OFF;
                self.stacks.depth.on = on;
                self.stacks.depth.limit = if on { v } else { 0 };
                if on {
                    self.services.attention.fetch_or(ATTEND_DEPTH, Relaxed);
                } else {
                    self.services.attention.fetch_and(!ATTEND_DEPTH, Relaxed);
                }
            }
            e => {
                if let Some(d) = self.stacks.depth.side.get_mut(e) {
                    *d = v;
                }
            }
        }
    }

    /// Activate a limit of `limit` levels below the clause calling this (its environment is
    /// the current one): the goal it calls next is at depth 1. Returns what it replaced.
    pub fn depth_limit_set(&mut self, limit: u64) -> DepthSaved {
        let e = self.stacks.e;
        let st = &self.stacks.depth;
        let saved = DepthSaved {
            limit: if st.on { st.limit } else { OFF },
            cur: st.cur,
            // The native setting the limit is a level below the clause calling it, whether
            // or not its call went through the hook (a native may be called in line).
            reached: st.reached.max(self.depth_beside(e) + 1),
            env: e as u64,
            env_depth: self.depth_beside(e),
            choices: self.stacks.choices.len() as u64,
        };
        self.depth_set(LIMIT, limit.min(OFF - 1));
        self.depth_set(CUR, 0);
        if e != NO_ENV {
            self.depth_set(e, 0);
        }
        // The goal itself is a frame at depth 1, whatever it is.
        self.stacks.depth.reached = 1;
        saved
    }

    /// The deepest depth reached under the active limit.
    pub fn depth_reached(&self) -> u64 {
        self.stacks.depth.reached
    }

    /// Set the deepest depth reached (when the goal is run again for its next answer).
    pub fn depth_set_reached(&mut self, reached: u64) {
        self.stacks.depth.reached = reached;
    }

    /// Whether the limit active was exceeded by some call.
    pub fn depth_exceeded(&self) -> bool {
        let st = &self.stacks.depth;
        st.reached > st.limit
    }

    /// Put back the state `saved` that a limit replaced (trailed, but for the depth reached).
    pub fn depth_limit_restore(&mut self, saved: DepthSaved) {
        self.depth_set(LIMIT, saved.limit);
        self.depth_set(CUR, saved.cur);
        let e = saved.env as usize;
        if e != NO_ENV {
            self.depth_set(e, saved.env_depth);
        }
        self.stacks.depth.reached = saved.reached;
    }
}
