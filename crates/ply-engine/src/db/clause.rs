//! [`Clause`]: one clause of a predicate, its code's place and its term, and the readers of its
//! term, which are given the code area so that a fact kept in its code is read back from it.

use super::clause_term::{ClauseTerm, HeadKeys, TermCells};
use super::fact_decode;
use super::Key;
use crate::instr::Instr;
use ply_term::Cell;

/// One clause.
///
/// A consulted program keeps one per clause, behind an `Rc`, so it holds only what cannot be
/// read off something else: its keys are read from its term (see [`ClauseTerm`]) and, for
/// calls, from the key array of its clause list. Its code's address and length are 32-bit
/// words (a code area of 2^32 instructions would be 96 GiB), the family flag the length's top
/// bit: the clause is 24 bytes, and with its `Rc`'s two counts takes one 48-byte block of the
/// allocator, where 40 bytes took a 64-byte one.
#[derive(Clone, Debug)]
pub struct Clause {
    /// The clause as a term `Head :- Body` (or `Head`), for clause/2, retract/1 and listing,
    /// and for the keys of its head; for a fact kept in its code, only its name and arity.
    /// Read through [`Clause::cells`], which reads such a fact back from its code.
    term: ClauseTerm,
    /// A unique number, used by clause references.
    pub id: usize,
    /// Address of its code (see [`Clause::start`]).
    start: u32,
    /// Its code's length ([`Clause::code_len`]) in the low 31 bits, and its family flag
    /// ([`Clause::family`]) in the top one.
    len_family: u32,
    // Where a clause read from text has its calls, for error reports, is not here but in
    // `Program::clause_sources` (`db_limit.rs` counts the block).
}

// A million facts keep a million of these behind an `Rc`: 24 bytes and the `Rc`'s two counts
// take one 48-byte block of the allocator.
const _: () = assert!(std::mem::size_of::<Clause>() <= 24);

/// The family flag's bit in [`Clause::len_family`].
const FAMILY: u32 = 1 << 31;

impl Clause {
    /// The clause with id `id` whose code is at `start` (`code_len` and `family` as for
    /// [`Clause::code_len`] and [`Clause::family`]) and whose term is `term`.
    pub fn new(start: usize, code_len: u32, family: bool, term: ClauseTerm, id: usize) -> Clause {
        let mut c = Clause {
            term,
            id,
            start: 0,
            len_family: 0,
        };
        c.set_code(start, code_len, family);
        c
    }

    /// Address of its code.
    #[inline]
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// Length of its code when the code is a region of its own that may be freed once the
    /// clause is removed (`code_space.rs`); 0 when it is not.
    #[inline]
    pub fn code_len(&self) -> u32 {
        self.len_family & !FAMILY
    }

    /// Whether its code is a family of more than one plain region (owner entries of several
    /// alternatives, templates, a decoding or auxiliary predicates; see
    /// `code_space/family.rs`), which the code space must look at before it frees it.
    #[inline]
    pub fn family(&self) -> bool {
        self.len_family & FAMILY != 0
    }

    /// Move the clause to code at `start`, `code_len` long, a family or not.
    pub fn set_code(&mut self, start: usize, code_len: u32, family: bool) {
        // The code area is a vector of 24-byte instructions: it cannot reach 2^32 of them,
        // nor a clause 2^31, in any memory a machine has.
        self.start = u32::try_from(start).expect("code address within 32 bits");
        assert!(code_len < FAMILY, "clause code within 31 bits");
        self.len_family = code_len | if family { FAMILY } else { 0 };
    }

    /// Move the clause's code to `start`, its length and family as they are.
    #[inline]
    pub fn set_start(&mut self, start: usize) {
        self.set_code(start, self.code_len(), self.family());
    }

    /// The clause's cells, root first, as [`ClauseTerm`] lays them out; `code` is the code
    /// area (`Program::code`), from which a fact kept in its code is read back.
    #[inline]
    pub fn cells<'a>(&'a self, code: &[Instr]) -> TermCells<'a> {
        let from = code.get(self.start()..).unwrap_or(&[]);
        TermCells::of(&self.term, from)
    }

    /// The keys of its head, which the indexes read (see [`HeadKeys`]); `code` is the code
    /// area, as for [`Clause::cells`], from which a fact kept in its code has its keys read
    /// with no cells made.
    #[inline]
    pub fn keys<'a>(&'a self, code: &'a [Instr]) -> HeadKeys<'a> {
        let from = code.get(self.start()..).unwrap_or(&[]);
        HeadKeys::of(&self.term, from)
    }

    /// The cells of its stored term: all of them, except for a fact kept in its code, which
    /// has none (its atoms are in its code, where the atom collector finds them). For what
    /// counts a clause's blocks or marks its atoms, never for what reads the clause.
    #[inline]
    pub fn stored_cells(&self) -> &[Cell] {
        self.term.stored()
    }

    /// Whether it is a fact kept in its code, with no stored term.
    #[inline]
    pub fn in_code(&self) -> bool {
        self.term.fact_in_code().is_some()
    }

    /// Its stored term, to rename atoms in place (see [`ClauseTerm::cells_mut`]).
    pub fn term_mut(&mut self) -> &mut ClauseTerm {
        &mut self.term
    }

    /// Copy the clause onto the heap, with fresh variables; returns its root. `code` is the
    /// code area, as for [`Clause::cells`].
    pub fn to_heap(&self, code: &[Instr], heap: &mut ply_term::Heap) -> Cell {
        match self.term.fact_in_code() {
            None => self.cells(code).to_heap(heap),
            Some((name, arity)) => {
                let from = code.get(self.start()..).unwrap_or(&[]);
                fact_decode::fact_to_heap(from, name, arity, heap)
                    .expect("a fact kept in its code reads back from it")
            }
        }
    }

    /// The key of the head's first argument; `code` is the code area, as for
    /// [`Clause::cells`].
    #[inline]
    pub fn key(&self, code: &[Instr]) -> Key {
        self.keys(code).key()
    }
}
