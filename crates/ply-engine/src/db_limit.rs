//! The clause database's limit: how much memory the clauses of all predicates may take before
//! an assert raises `error(resource_error(memory), clause_database(Limit))`, so that a program
//! that asserts without end meets a catchable error instead of taking the machine's memory.
//!
//! What a clause takes is estimated when it is added and given back when it is removed: its
//! [`Clause`] behind its `Rc`, its term's cells, its code when the code is a region of its own,
//! and what its slot, key, code owner and index entries cost (benches/README.md measures these
//! for a fact; `tests/fact_footprint.rs` keeps them from growing). The limit (the
//! `clause_database_limit` flag) is 8 GB by default: a million facts of three small arguments
//! are counted for about 216 megabytes. Only assert checks it, before it compiles the clause,
//! so the database passes the limit by one clause at most; consulting a file is not limited.

use super::db::Clause;
use super::error::PlError;
use super::instr::Instr;
use super::Machine;
use ply_term::atoms::atom;
use ply_term::cell::Cell;
use std::mem::size_of;

/// The default limit in bytes.
pub const DEFAULT_DB_LIMIT: usize = 8 << 30;

/// What a clause costs beyond its own blocks and code: its slot (8 bytes) and key word and
/// code address (16) in the clause list, its code owner entry (8), and an entry in the hash
/// tables of up to two indexes (`db/index/slot_map.rs`: 16 bytes and a control byte, in a
/// table between 7/16 and 7/8 full, so 20 to 39 bytes; 40 for two is a table seven eighths
/// full and one half that).
const CLAUSE_OVERHEAD: usize = 8 + 16 + 8 + 40;

/// The `Rc`'s two counts before a clause.
const RC_COUNTS: usize = 2 * size_of::<usize>();

/// The bytes clause `c` is counted for.
pub fn clause_bytes(c: &Clause) -> usize {
    RC_COUNTS
        + size_of::<Clause>()
        + std::mem::size_of_val(c.stored_cells())
        + c.code_len() as usize * size_of::<Instr>()
        + CLAUSE_OVERHEAD
}

impl Machine {
    /// The bytes the clause database is counted for now.
    pub fn db_bytes(&self) -> usize {
        self.services.db_bytes
    }

    /// The clause database's limit in bytes.
    pub fn db_limit_bytes(&self) -> usize {
        self.services.db_limit
    }

    /// Set the clause database's limit in bytes.
    pub fn set_db_limit_bytes(&mut self, bytes: usize) {
        self.services.db_limit = bytes;
    }

    /// The `resource_error` to raise when the clause database is over its limit.
    pub fn ensure_db_room(&mut self) -> Result<(), PlError> {
        if self.services.db_bytes <= self.services.db_limit {
            return Ok(());
        }
        let which = Cell::atom(self.atoms.intern("memory"));
        let formal = self.stacks.heap.compound(atom::RESOURCE_ERROR, &[which]);
        let limit = Cell::int(self.services.db_limit.min(i64::MAX as usize) as i64);
        let name = self.atoms.intern("clause_database");
        let context = self.stacks.heap.compound(name, &[limit]);
        Err(PlError(
            self.stacks.heap.compound(atom::ERROR, &[formal, context]),
        ))
    }
}
