//! The stack limit: how much of the machine's memory a program may use before a
//! `resource_error(stack)`, how that use is measured, and how the memory goes back after the
//! error is caught; and the atom table's limit, of the same size, before a
//! `resource_error(atoms)`.
//!
//! The limit (the `stack_limit` flag, 1 GB by default as in SWI-Prolog) covers what SWI-Prolog
//! calls its stacks: the heap (global stack), the environments and choicepoints (local stack),
//! the trail, and the answers findall/3 has collected so far. The run loop compares a cheap
//! estimate with the limit at every call (allocated lengths, not tops); only when that
//! says "over" is the real use measured, the environment stack cut back to its top, and the
//! heap collected. Only when the real use is still over the limit is the error raised, so a
//! caught error leaves a machine whose cheap measure is back under the limit.

use std::mem::size_of;

use super::choice::{Choice, TrailEntry};
use super::error::PlError;
use super::Machine;
use ply_term::atoms::atom;
use ply_term::cell::Cell;

/// The default stack limit in bytes: 1 GB, as SWI-Prolog's.
pub const DEFAULT_STACK_LIMIT: usize = 1 << 30;

/// A memory size as SWI-Prolog's command line writes it: a number of bytes, or a number
/// followed by `b`, `k`, `m` or `g` (bytes, kilobytes, megabytes, gigabytes, in powers of
/// 1024). `None` when the text is not one.
pub fn parse_size(text: &str) -> Option<usize> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_lowercase()),
        _ => (text, 'b'),
    };
    let n: usize = digits.parse().ok()?;
    let scale: usize = match unit {
        'b' => 1,
        'k' => 1 << 10,
        'm' => 1 << 20,
        'g' => 1 << 30,
        _ => return None,
    };
    n.checked_mul(scale)
}

/// Bytes in one cell, the unit in which the machine counts memory.
const CELL_BYTES: usize = size_of::<Cell>();

/// Extra cells counted for each stored findall answer: the vector header and the term's
/// bookkeeping, which cost memory however small the answer is.
pub const BAG_ENTRY_OVERHEAD: usize = 4;

/// How much room the stacks may keep unused after a trim: enough that a program near its
/// previous depth does not reallocate at once, little enough to give most memory back.
const TRIM_SLACK_CELLS: usize = 1 << 16;

impl Machine {
    /// The stack limit in bytes, as the `stack_limit` flag reads it.
    pub fn stack_limit_bytes(&self) -> usize {
        self.services.memory_limit * CELL_BYTES
    }

    /// Set the stack limit in bytes. Refused (false) when the stacks already use more than
    /// half of it: as in SWI-Prolog, a limit must leave the program room to go on.
    pub fn set_stack_limit_bytes(&mut self, bytes: usize) -> bool {
        let cells = bytes / CELL_BYTES;
        if cells < 2 * self.stack_usage() {
            return false;
        }
        self.services.memory_limit = cells;
        true
    }

    /// The memory the machine's stacks really use, in cells: heap top, environment-stack top,
    /// choicepoints, saved arguments, trail and collected findall answers.
    pub fn stack_usage(&self) -> usize {
        self.stacks.heap.top()
            + self.env_top()
            + self.stacks.choices.len() * size_of::<Choice>().div_ceil(CELL_BYTES)
            + self.stacks.saved_args.len()
            + self.stacks.trail.len() * size_of::<TrailEntry>().div_ceil(CELL_BYTES)
            + self.stacks.bag_cells
    }

    /// The cheap check said the limit is passed: trim the environment stack to its top, then
    /// collect the heap (keeping `live` argument registers) if that is not enough. True when
    /// the machine is really over the limit, and the caller must raise the error.
    #[cold]
    #[inline(never)]
    pub fn over_stack_limit(&mut self, live: usize, may_collect: bool) -> bool {
        self.trim_env_stack();
        if self.stack_usage() <= self.services.memory_limit {
            return false;
        }
        if may_collect {
            self.collect_garbage(live);
            self.trim_env_stack();
        }
        self.stack_usage() > self.services.memory_limit
    }

    /// Cut the environment stack's vector back to the top in use (plus some slack), so that
    /// the cheap measure, which counts its length, agrees with the real use again.
    fn trim_env_stack(&mut self) {
        let keep = self.env_top() + TRIM_SLACK_CELLS.min(self.services.memory_limit / 16);
        if self.stacks.stack.len() > keep {
            self.stacks.stack.truncate(keep);
        }
    }

    /// Give memory back after an error unwound the stacks: every stack vector keeps about
    /// what it uses (and some slack), so that a caught `resource_error` leaves a small process.
    pub fn trim_stacks(&mut self) {
        fn shrink<T>(v: &mut Vec<T>) {
            if v.capacity() > 2 * v.len() + TRIM_SLACK_CELLS {
                v.shrink_to(v.len() + v.len() / 2 + TRIM_SLACK_CELLS / 8);
            }
        }
        self.trim_env_stack();
        shrink(&mut self.stacks.stack);
        shrink(&mut self.stacks.heap.cells);
        shrink(&mut self.stacks.choices);
        shrink(&mut self.stacks.saved_args);
        shrink(&mut self.stacks.trail);
    }

    /// Make sure a native may build `cells` more cells without passing the limit; the
    /// `resource_error(stack)` to return otherwise. Natives that build a term whose size an
    /// argument gives (`length(L, N)`) ask first, as SWI-Prolog's do, rather than allocate
    /// what the machine cannot hold.
    pub fn ensure_room(&mut self, cells: usize) -> Result<(), PlError> {
        if self.stack_usage().saturating_add(cells) > self.services.memory_limit {
            return Err(self.stack_overflow_err());
        }
        Ok(())
    }

    /// Make sure a new atom named `name` fits in the atom table; the `resource_error(atoms)`
    /// to return otherwise. The table may hold as many bytes of atoms (text and bookkeeping,
    /// `atoms::atom_bytes`) as the stack limit allows the stacks, so a program that makes
    /// atoms without end meets a catchable error long before the machine runs out of memory.
    /// An atom that exists already costs nothing. Atoms the collector could free still count
    /// until it runs (at the next call of a clause predicate after enough were made).
    pub fn ensure_atom_room(&mut self, name: &str) -> Result<(), PlError> {
        let after = self.atoms.bytes() + ply_term::atoms::atom_bytes(name);
        if after > self.stack_limit_bytes() && self.atoms.lookup(name).is_none() {
            return Err(self.atom_space_err());
        }
        Ok(())
    }

    /// `error(resource_error(atoms), atom_space(Limit))`: the atom table is full, `Limit` its
    /// size in bytes.
    pub fn atom_space_err(&mut self) -> PlError {
        let which = Cell::atom(self.atoms.intern("atoms"));
        let formal = self.stacks.heap.compound(atom::RESOURCE_ERROR, &[which]);
        let limit = Cell::int(self.stack_limit_bytes() as i64);
        let name = self.atoms.intern("atom_space");
        let context = self.stacks.heap.compound(name, &[limit]);
        let err = self.stacks.heap.compound(atom::ERROR, &[formal, context]);
        PlError(err)
    }

    /// How long the environment stack's vector may grow to make room for `need` cells: twice
    /// its length as usual, but never past the limit, so that doubling does not by itself put
    /// the machine over it.
    pub fn env_stack_growth(&self, need: usize) -> usize {
        need.max((self.stacks.stack.len() * 2).min(self.services.memory_limit))
    }

    /// `error(resource_error(stack), stack_overflow(Limit))`: the stacks passed the limit,
    /// `Limit` in bytes. The context says which limit, as SWI-Prolog's does.
    pub fn stack_overflow_err(&mut self) -> PlError {
        let which = Cell::atom(self.atoms.intern("stack"));
        let formal = self.stacks.heap.compound(atom::RESOURCE_ERROR, &[which]);
        let limit = Cell::int(self.stack_limit_bytes() as i64);
        let name = self.atoms.intern("stack_overflow");
        let context = self.stacks.heap.compound(name, &[limit]);
        let err = self.stacks.heap.compound(atom::ERROR, &[formal, context]);
        PlError(err)
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_read_as_swipl_reads_them() {
        assert_eq!(parse_size("100000"), Some(100_000));
        assert_eq!(parse_size("256m"), Some(256 << 20));
        assert_eq!(parse_size("1g"), Some(1 << 30));
        assert_eq!(parse_size("64k"), Some(64 << 10));
        assert_eq!(parse_size("2000000b"), Some(2_000_000));
        assert_eq!(parse_size("foo"), None);
        assert_eq!(parse_size("12x"), None);
        assert_eq!(parse_size(""), None);
    }
}
