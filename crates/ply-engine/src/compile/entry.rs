//! How the machine compiles a clause around the compiler: the entry points that check a clause
//! and raise its errors, hand the compiler the program, the atom table and the heap, and then
//! place the code it wrote, grow the register file to what that code names and add the clause.
//!
//! These are the steps that need more of the machine than the compiler may see: the errors are
//! raised through the machine, finding free code for a fact and placing code may reclaim retired
//! code (which asks the run where code may still be running), and the registers belong to the
//! run.

use super::{name_arity, regalloc, split_clause, Compiler};
use crate::db::fact_decode::fact_cells;
use crate::db::{Clause, ClauseTerm, MAX_FACT_ARGS, MAX_FACT_CELLS};
use crate::error::PlError;
use crate::instr::PredId;
use crate::source_map::SiteRecorder;
use crate::Machine;
use ply_term::{atom, Cell, Heap, StoredTerm, Tag};

impl Machine {
    /// Run `f` on the compiler of this machine's program, atom table and heap, with the
    /// loader's recorder when it is given; then grow the registers to what the new code names
    /// (the run loop reads them unchecked) and ask for an atom collection if the atoms it made
    /// call for one.
    pub(crate) fn with_compiler<R>(
        &mut self,
        recorder: Option<&mut SiteRecorder>,
        f: impl FnOnce(&mut Compiler) -> R,
    ) -> R {
        let mut c = Compiler {
            program: &mut self.program,
            atoms: &mut self.atoms,
            heap: &mut self.stacks.heap,
            fast_paths: self.services.fast_paths,
            recorder,
            regs: 0,
            made_atoms: false,
        };
        let r = f(&mut c);
        let (regs, made_atoms) = (c.regs, c.made_atoms);
        if self.stacks.x.len() < regs {
            self.stacks.x.resize(regs, Cell(0));
        }
        if made_atoms {
            self.note_volatile_atoms();
        }
        r
    }

    /// Compile clause `term` (`Head :- Body` or `Head`) and add it to its predicate; returns the
    /// predicate. `at_end` chooses assertz over asserta order.
    pub fn compile_clause(&mut self, term: Cell, at_end: bool) -> Result<PredId, PlError> {
        self.compile_stored_clause(term, None, at_end)
    }

    /// [`Machine::compile_clause`], given when known the stored copy of `term` that the
    /// clause keeps (`StoredTerm::from_heap` of it, or of a term it is a copy of).
    pub fn compile_stored_clause(
        &mut self,
        term: Cell,
        stored: Option<StoredTerm>,
        at_end: bool,
    ) -> Result<PredId, PlError> {
        let id = self.program.next_clause_id;
        let (pid, clause) = self.stored_clause_code(term, stored, id)?;
        self.program.next_clause_id += 1;
        self.add_clause(pid, clause, at_end);
        Ok(pid)
    }

    /// Compile clause `term` into the code area, as the clause with id `id` of its predicate,
    /// which is returned with it; the clause is not added.
    pub fn clause_code(&mut self, term: Cell, id: usize) -> Result<(PredId, Clause), PlError> {
        self.stored_clause_code(term, None, id)
    }

    /// [`Machine::clause_code`], with the stored copy of `term` when it is known. The machine
    /// checks the clause (raising its errors), places the code the compiler wrote and makes
    /// the clause's source table; the compiler writes the code.
    fn stored_clause_code(
        &mut self,
        term: Cell,
        stored: Option<StoredTerm>,
        id: usize,
    ) -> Result<(PredId, Clause), PlError> {
        let term = self.stacks.heap.deref(term);
        let (head, body) = self.split_clause(term);
        let module = self.program.modules.current;
        // A body `M:G` (a clause a module wrote for `user`, `user:h :- G`, is kept as
        // `h :- m:G`) hands G's goal arguments over qualified with M, as in a module's clause.
        let qualify =
            module != 0 || !self.program.modules.meta.is_empty() || self.is_qualified(body);
        let (term, body) = if qualify && self.stacks.heap.deref(body) != Cell::atom(atom::TRUE) {
            // A module's goals hand their goal arguments over qualified (`modules/meta.rs`).
            let body = self.qualify_body(module, body);
            (self.stacks.heap.compound(atom::NECK, &[head, body]), body)
        } else {
            (term, body)
        };
        let head = self.stacks.heap.deref(head);
        match head.tag() {
            Tag::Atom | Tag::Str | Tag::List => {}
            Tag::Ref => return Err(self.inst_err()),
            _ => return Err(self.type_err("callable", head)),
        }
        let (name, arity) = self.name_arity(head);
        let (term, head, stored) = if arity == 0 && head.tag() == Tag::Str {
            // `foo() :- B` is a clause of foo/0 whose head is the atom, as in SWI-Prolog 7, so
            // that clause/2 and listing/1 show it as every other clause of foo/0.
            let head = Cell::atom(name);
            (
                self.stacks.heap.compound(atom::NECK, &[head, body]),
                head,
                None,
            )
        } else {
            (term, head, stored)
        };
        // A fact has no call to note, so a clause read from text (which notes its calls) is
        // left to the general path, which also makes its source table.
        let no_body = self.stacks.heap.deref(body) == Cell::atom(atom::TRUE);
        let fact = no_body && self.services.loading.recorder.is_none();
        if !fact {
            self.check_body(body)?;
        }
        let pid = self.program.head_pred(name, arity);
        // The source names are read off the term before storing it may mark its variables.
        let names = self.source_names_of(term);
        let stored = match stored {
            Some(stored) => stored,
            None => StoredTerm::from_heap_marking(&mut self.stacks.heap, term),
        };
        let outer = self.program.lib_natives.compiling.replace(pid);
        let mark = self.compile_mark();
        // A fact of atomic arguments names nothing outside its code, so it is written straight
        // into a free family of its length when there is one (see `fact.rs`); finding one may
        // reclaim retired code, which asks the run where code may still be running.
        let free = if fact && atomic_args(&self.stacks.heap, head, arity) {
            let len = super::Compiler::constant_fact_len(self.services.fast_paths, arity);
            self.take_free_plain(len, pid)
        } else {
            None
        };
        let mut recorder = self.services.loading.recorder.take();
        let (start, in_free) = self.with_compiler(recorder.as_mut(), |c| {
            if fact {
                c.emit_fact(head, pid, free)
            } else {
                (c.clause_alternatives(pid, head, body), None)
            }
        });
        self.program.lib_natives.compiling = outer;
        let end = self.program.code.len();
        let placed = match in_free {
            Some(code_len) => crate::code_space::Placed {
                start,
                code_len,
                family: false,
            },
            None if start == mark.code => self.place_code(mark, pid),
            None => crate::code_space::Placed::fixed(start),
        };
        let term = self.kept_term(stored, placed.start, pid, no_body);
        let clause = Clause::new(placed.start, placed.code_len, placed.family, term, id);
        // The source table goes beside the clause (`Program::clause_sources`); a clause
        // compiled again under its id replaces it.
        if let Some(names) = names {
            self.program.clause_names.insert(id, names);
        }
        if let Some(rec) = recorder {
            match self.finish_sites(rec, (start, end, placed.start)) {
                Some(source) => self.program.clause_sources.insert(id, source),
                None => self.program.clause_sources.remove(&id),
            };
        }
        Ok((pid, clause))
    }

    /// The term the clause whose stored copy is `stored` and whose code starts at `start`
    /// keeps: none, only its name and arity ([`ClauseTerm::in_code`]), for a fact (`fact`) of
    /// predicate `pid` whose code reads back as exactly `stored` (`db/fact_decode.rs`), else
    /// `stored`. Every reader of a clause's cells reads such a fact back from its code
    /// (`Clause::cells`), which the code space never changes nor reuses while the clause is
    /// held. The fact must be named as its predicate is, whose name the atom collector marks.
    fn kept_term(&self, stored: StoredTerm, start: usize, pid: PredId, fact: bool) -> ClauseTerm {
        let cells = &stored.cells[..];
        if !fact || cells.len() > MAX_FACT_CELLS || cells.first() != Some(&Cell::structure(1)) {
            return stored.into();
        }
        let f = cells[1];
        let (name, arity) = (f.functor_name(), f.functor_arity());
        if name != self.program.preds[pid as usize].name || !(1..=MAX_FACT_ARGS).contains(&arity) {
            return stored.into();
        }
        let mut back = [Cell(0); MAX_FACT_CELLS];
        let code = self.program.code.get(start..).unwrap_or(&[]);
        match fact_cells(code, name, arity, &mut back) {
            Some(len) if back[..len] == *cells => ClauseTerm::in_code(name, arity),
            _ => stored.into(),
        }
    }

    /// Split a clause term into head and body (`true` for facts).
    pub fn split_clause(&self, term: Cell) -> (Cell, Cell) {
        split_clause(&self.stacks.heap, term)
    }

    /// Name and arity of a callable term (lists count as `'.'/2`).
    pub fn name_arity(&self, t: Cell) -> (u32, usize) {
        name_arity(&self.stacks.heap, t)
    }

    /// Raise the ISO error for a body that is not callable.
    fn check_body(&mut self, body: Cell) -> Result<(), PlError> {
        let mut stack = vec![body];
        while let Some(g) = stack.pop() {
            let g = self.stacks.heap.deref(g);
            match g.tag() {
                Tag::Ref | Tag::Atom => {}
                Tag::Str => {
                    let f = self.stacks.heap.functor_of(g);
                    let n = f.functor_name();
                    if f.functor_arity() == 2
                        && [atom::COMMA, atom::SEMI, atom::ARROW, atom::SOFT].contains(&n)
                    {
                        stack.push(self.stacks.heap.arg(g, 0));
                        stack.push(self.stacks.heap.arg(g, 1));
                    } else if f.functor_arity() == 1 && n == atom::NOT {
                        // SWI-Prolog checks inside `\+` too; and the compiler moves its goal
                        // into an auxiliary clause, which must not get a number for a body.
                        stack.push(self.stacks.heap.arg(g, 0));
                    }
                }
                Tag::List => {}
                _ => {
                    let b = self.stacks.heap.deref(body);
                    return Err(self.type_err("callable", b));
                }
            }
        }
        Ok(())
    }
}

/// True when every argument of the callable `head` is an atom or an integer.
fn atomic_args(heap: &Heap, head: Cell, arity: usize) -> bool {
    (0..arity).all(|i| {
        let a = heap.deref(regalloc::head_arg(heap, head, i));
        matches!(a.tag(), Tag::Atom | Tag::Int)
    })
}
