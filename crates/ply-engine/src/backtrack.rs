//! Backtracking: resuming the newest alternative when a goal fails.
//!
//! The commonest alternatives, the next clause of a call and the next alternative of a clause's
//! disjunction, are resumed in line in the run loop; every other kind of choicepoint is handled
//! out of line. Nothing here may push a choicepoint or recurse: a failure only ever pops or
//! retries what is on the choicepoint stack. The one exception is a cleanup handler failed
//! into (`cleanup.rs`), run as a nested query whose depth `cleanup.rs` bounds.

use super::choice::ChoiceKind;
use super::db::{Cands, ClauseList, PredKind};
use super::run::Outcome;
use super::Machine;

impl Machine {
    /// Backtrack to the newest choicepoint. Returns an outcome when the query is over.
    #[inline(always)]
    pub fn backtrack(&mut self) -> Option<Outcome> {
        // The commonest cases, the next clause of a call and the next alternative of a clause,
        // are taken in line.
        if let Some(i) = self.stacks.choices.len().checked_sub(1) {
            match self.stacks.choices[i].kind {
                ChoiceKind::Clauses { .. } => {
                    self.restore_from(i);
                    self.retry_clause(i);
                    return None;
                }
                ChoiceKind::Resume(at) => {
                    self.restore_from(i);
                    self.resume_alternative(i, at);
                    return None;
                }
                _ => {}
            }
        }
        self.backtrack_further()
    }

    /// Run the next clause of the call whose choicepoint, `i`, is on top and has been restored
    /// from; the choicepoint goes when that clause is the last.
    #[inline(always)]
    fn retry_clause(&mut self, i: usize) {
        let ChoiceKind::Clauses { list, cands, next } = &mut self.stacks.choices[i].kind else {
            return;
        };
        let pos = *next;
        let start = list.start_at(cands, pos);
        let more = match candidate_after(list, cands, pos) {
            Some(n) => {
                *next = n;
                true
            }
            None => false,
        };
        self.restore_args(i);
        if !more {
            self.pop_choice();
        }
        self.stacks.b0 = i;
        self.stacks.pc = start;
    }

    /// Resume the alternative at `at` of the clause whose choicepoint, `i`, is on top and has
    /// been restored from; the choicepoint goes.
    #[inline(always)]
    fn resume_alternative(&mut self, i: usize, at: usize) {
        self.restore_args(i);
        self.pop_choice();
        self.stacks.pc = at;
    }

    /// [`Machine::backtrack`] past choicepoints that resume no clause.
    #[inline(never)]
    fn backtrack_further(&mut self) -> Option<Outcome> {
        loop {
            let i = match self.stacks.choices.len() {
                0 => return Some(Outcome::Failure),
                n => n - 1,
            };
            self.restore_from(i);
            match &mut self.stacks.choices[i].kind {
                ChoiceKind::Clauses { .. } => {
                    self.retry_clause(i);
                    return None;
                }
                ChoiceKind::Barrier => {
                    self.pop_choice();
                    return Some(Outcome::Failure);
                }
                ChoiceKind::Catch { .. } | ChoiceKind::Disabled => {
                    self.pop_choice();
                }
                ChoiceKind::Cleanup => self.cut_cleanups(i),
                ChoiceKind::Redo {
                    pred,
                    state,
                    resume,
                } => {
                    let (pred, state, resume) = (*pred, *state, *resume);
                    let f = match self.program.preds[pred as usize].kind {
                        PredKind::Redo(f, _) => f,
                        _ => {
                            self.pop_choice();
                            continue;
                        }
                    };
                    let arity = self.program.preds[pred as usize].arity;
                    self.restore_args(i);
                    self.stacks.pc = if resume == super::redo_in_line::RESUME_CONTINUATION {
                        self.stacks.cp
                    } else {
                        resume as usize
                    };
                    if self.redo_native(pred, f, arity, state, Some(i)) {
                        return None;
                    }
                }
                ChoiceKind::Resume(at) => {
                    let at = *at;
                    self.resume_alternative(i, at);
                    return None;
                }
                ChoiceKind::Findall { .. } => {
                    if self.findall_finish(i) {
                        return None;
                    }
                }
            }
        }
    }
}

/// The candidate position after `pos`, the one a retry of `pos` leaves for later.
#[inline(always)]
pub(super) fn candidate_after(list: &ClauseList, cands: &Cands, pos: usize) -> Option<usize> {
    // A mask's next candidate is its next set bit: a shift and a count, made here rather than
    // by a call of `next_candidate`. `pos` is a set bit, below 64.
    if let Cands::Mask(m) = cands {
        let rest = m.checked_shr(pos as u32 + 1).unwrap_or(0);
        return (rest != 0).then(|| pos + 1 + rest.trailing_zeros() as usize);
    }
    if is_last(list, cands, pos) {
        None
    } else {
        list.next_candidate(cands, pos + 1)
    }
}

/// Whether candidate position `pos` is known to be the last without a search: nothing
/// follows the last slot or the last listed position, so the retry of the second of two
/// clauses, the commonest, needs none. False when a search may still find none.
#[inline(always)]
pub(super) fn is_last(list: &ClauseList, cands: &Cands, pos: usize) -> bool {
    match cands {
        Cands::Scan(_) => pos + 1 >= list.clauses.end(),
        Cands::Listed(l) => pos + 1 >= l.len(),
        Cands::Slots(slots, _) => pos + 1 >= slots.len(),
        // `pos` is a set bit, so no higher one is set exactly when this is at most 1.
        Cands::Mask(m) => (*m >> pos) <= 1,
    }
}
