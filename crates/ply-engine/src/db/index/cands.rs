//! [`Cands`]: which clauses of one snapshot a call may still try, as a choicepoint keeps them,
//! and the walk over them that a retry makes.

use super::jit::Slots;
use super::{live_match, ClauseList};
use crate::db::Clause;
use std::rc::Rc;

/// Which clauses of a snapshot a call may try.
#[derive(Clone, Debug)]
pub enum Cands {
    /// Positions `next..` whose key is compatible with the call's key, by its code.
    Scan(u64),
    /// Exactly the listed positions.
    Listed(Slots),
    /// The slots whose bits are set, for a short list narrowed by several columns.
    Mask(u64),
    /// The slots of a just-in-time index's list (`jit.rs`) whose first argument may match the
    /// call's first-argument key code.
    Slots(Slots, u64),
}

impl ClauseList {
    /// The first candidate position at or after `from`, as an index into `cands` iteration.
    #[inline]
    pub fn next_candidate(&self, cands: &Cands, from: usize) -> Option<usize> {
        match cands {
            Cands::Scan(k) => {
                let k = *k;
                let from = from.max(self.clauses.head());
                let rest = self.clauses.keys.get(from..)?;
                rest.iter()
                    .position(|&(c, _)| live_match(c, k))
                    .map(|i| i + from)
            }
            Cands::Listed(list) => {
                if from < list.len() {
                    Some(from)
                } else {
                    None
                }
            }
            Cands::Mask(mask) => {
                if from >= u64::BITS as usize {
                    return None;
                }
                let rest = mask & (u64::MAX << from);
                (rest != 0).then(|| rest.trailing_zeros() as usize)
            }
            Cands::Slots(slots, first) => {
                let keys = &self.clauses.keys;
                let rest = slots.get(from..)?;
                rest.iter()
                    .position(|&s| live_match(keys[s as usize].0, *first))
                    .map(|i| i + from)
            }
        }
    }

    /// The clause at candidate position `pos`, which [`ClauseList::next_candidate`] found.
    #[inline]
    pub fn clause_at(&self, cands: &Cands, pos: usize) -> Option<&Rc<Clause>> {
        self.clauses.get(match cands {
            Cands::Scan(_) => pos,
            Cands::Listed(list) => list[pos] as usize,
            Cands::Mask(_) => pos,
            Cands::Slots(slots, _) => slots[pos] as usize,
        })
    }

    /// The code address of the clause at candidate position `pos`.
    #[inline]
    pub fn start_at(&self, cands: &Cands, pos: usize) -> usize {
        // The kinds whose positions are slots share one load.
        let slot = match cands {
            Cands::Scan(_) | Cands::Mask(_) => pos,
            Cands::Listed(list) => list[pos] as usize,
            Cands::Slots(slots, _) => slots[pos] as usize,
        };
        self.clauses.keys[slot].1
    }
}
