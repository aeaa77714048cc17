//! Modules as SWI-Prolog has them, kept beside the flat predicate table rather than in it.
//!
//! A program without module declarations lives in `user`, which is the flat table
//! (`Program::pred_map`) exactly as before: its calls resolve as they always did, so the run
//! loop pays nothing for modules. A module declared by `module/2` has a table of its own with
//! the predicates it defines and the ones it imports. A call is resolved when its clause is
//! compiled, in the clause's module (`Modules::current`): the module's own predicate or import,
//! else a system or library predicate, else a new predicate of the module, which, while it has
//! no clause, hands its calls to `user` (`Machine::undefined_target`), SWI-Prolog's default
//! module chain. A goal qualified with another module (`m:foo(X)`) is compiled under a
//! qualified name, an atom the module table maps back to the module and the plain name, so the
//! compiler and the meta-call resolve it through the same table with no new instruction.

mod chain;
mod files;
mod meta;
mod prescan;

pub use chain::SYSTEM;
pub use files::ImportList;

use super::db::{Pred, PredKind};
use super::instr::PredId;
use super::program::Program;
use super::Machine;
use ply_term::{atom, AtomTable, Cell, FastMap, Tag};

/// One module other than `user`.
#[derive(Default, Clone)]
pub struct Module {
    /// The file that declared it, if any.
    pub file: Option<u32>,
    /// The predicates visible in it by name: its own and those it imports.
    pub preds: FastMap<(u32, usize), PredId>,
    /// The predicates it exports, by name and arity.
    pub exports: Vec<(u32, usize)>,
    /// The operators it exports, as the goals `op(P, T, N)` that declare them where it is
    /// imported.
    pub ops: Vec<ply_term::StoredTerm>,
}

/// The module table.
#[derive(Default)]
pub struct Modules {
    /// Modules by name; `user` is not here (it is the flat table).
    pub table: FastMap<u32, Module>,
    /// The module in which clauses are compiled and directives run now; 0 for `user`.
    pub current: u32,
    /// The module each predicate of `user` and of other modules was imported from, by the
    /// importing module (0 for `user`) and the name and arity it is known by there.
    pub imported: FastMap<(u32, u32, usize), u32>,
    /// The module each module file declared, by the file's absolute path.
    pub files: FastMap<u32, u32>,
    /// The import modules of each module whose chain was changed (`modules/chain.rs`).
    pub chains: FastMap<u32, Vec<u32>>,
    /// The meta-argument specifications `meta_predicate/1` declared, by predicate.
    pub meta: FastMap<PredId, Vec<u8>>,
    /// The system's specification of each predicate of `user` asked about so far, or `None`:
    /// found by name in a table once, since a module's meta-calls ask at every call
    /// (`modules/meta.rs`). A predicate's name, arity and module never change.
    pub system_meta: std::cell::RefCell<FastMap<PredId, Option<&'static str>>>,
    /// Qualified names: the atom a goal `m:foo(...)` is compiled under, with the module and
    /// the plain name.
    qualified: FastMap<u32, (u32, u32)>,
    /// The qualified name of each module and plain name made so far.
    by_pair: FastMap<(u32, u32), u32>,
}

impl Modules {
    /// The key a module name has in the table: 0 for `user` and `system` (the flat table).
    pub fn key(name: u32, system: u32) -> u32 {
        if name == atom::USER || name == system {
            0
        } else {
            name
        }
    }

    /// The module and plain name behind a qualified name, if `name` is one.
    #[inline]
    pub fn unqualify(&self, name: u32) -> Option<(u32, u32)> {
        if self.qualified.is_empty() {
            return None;
        }
        self.qualified.get(&name).copied()
    }

    /// The atom a goal of `module` named `name` is compiled under (`name` itself in `user`).
    pub fn qualify(&mut self, atoms: &mut AtomTable, module: u32, name: u32) -> u32 {
        if module == 0 {
            return name;
        }
        self.qualify_always(atoms, module, name)
    }

    /// [`Modules::qualify`], making a qualified name for `user` too: a goal `user:foo` in
    /// another module's clause must not resolve in that module.
    pub fn qualify_always(&mut self, atoms: &mut AtomTable, module: u32, name: u32) -> u32 {
        if let Some(&q) = self.by_pair.get(&(module, name)) {
            return q;
        }
        let m = if module == 0 {
            "user"
        } else {
            atoms.name(module)
        };
        let text = format!("{}:{}", m, atoms.name(name));
        let q = atoms.intern(&text);
        self.qualified.insert(q, (module, name));
        self.by_pair.insert((module, name), q);
        q
    }
}

impl Program {
    /// The predicate a call of `name/arity` compiled in `module` (0 for `user`) reaches; a
    /// qualified name is resolved in its own module.
    pub fn resolve(&mut self, module: u32, name: u32, arity: usize) -> PredId {
        let (module, name) = self.modules.unqualify(name).unwrap_or((module, name));
        if module == 0 {
            return self.pred_id(name, arity);
        }
        if let Some(pid) = self.lookup_in(module, name, arity) {
            return pid;
        }
        // A module ply has no table for is one of the library's (`lists:append/3`): it means
        // the library's predicate even where the program has one of that name.
        if !self.modules.table.contains_key(&module) {
            if let Some(pid) = self.overrides.hidden(name, arity) {
                return pid;
            }
        }
        if let Some(pid) = self.lookup_pred(name, arity) {
            let p = &self.preds[pid as usize];
            if p.is_builtin() || p.library || self.aux_parent.contains_key(&pid) {
                return pid;
            }
        }
        self.local_pred(module, name, arity)
    }

    /// The predicate `module:name/arity` if it is visible there, without making one.
    pub fn lookup_in(&self, module: u32, name: u32, arity: usize) -> Option<PredId> {
        if module == 0 {
            return self.lookup_pred(name, arity);
        }
        let m = self.modules.table.get(&module)?;
        m.preds.get(&(name, arity)).copied()
    }

    /// The predicate a clause for `name/arity` read in the current module defines: the
    /// module's own one (an import is replaced by a local definition, as SWI-Prolog does when
    /// the import was only implicit), or the flat table's in `user`.
    pub fn head_pred(&mut self, name: u32, arity: usize) -> PredId {
        let (module, name) = self
            .modules
            .unqualify(name)
            .unwrap_or((self.modules.current, name));
        if module == 0 {
            let pid = self.pred_id(name, arity);
            if self.preds[pid as usize].module == 0 {
                return pid;
            }
            // A clause of `user` for a name it imported: the local definition replaces the
            // import (the loader warns, as SWI-Prolog does).
            self.pred_map.remove(&(name, arity));
            self.modules.imported.remove(&(0, name, arity));
            return self.pred_id(name, arity);
        }
        if let Some(pid) = self.lookup_in(module, name, arity) {
            if self.preds[pid as usize].module == module {
                return pid;
            }
        }
        self.local_pred(module, name, arity)
    }

    /// The module `name/arity` was imported into `module` from, if it was.
    pub fn imported_from(&self, module: u32, name: u32, arity: usize) -> Option<u32> {
        let from = *self.modules.imported.get(&(module, name, arity))?;
        let pid = self.lookup_in(module, name, arity)?;
        (self.preds[pid as usize].module != module).then_some(from)
    }

    /// A new undefined predicate of `module` (not `user`), visible there by its name.
    pub fn local_pred(&mut self, module: u32, name: u32, arity: usize) -> PredId {
        let id = self.preds.len() as PredId;
        self.preds.push(Pred::undefined(name, arity, module));
        self.modules
            .table
            .entry(module)
            .or_default()
            .preds
            .insert((name, arity), id);
        self.modules.imported.remove(&(module, name, arity));
        id
    }
}

impl Machine {
    /// The key of module name `name` (0 for `user` and `system`).
    pub fn module_key(&self, name: u32) -> u32 {
        match self.atoms.lookup("system") {
            Some(system) => Modules::key(name, system),
            None => Modules::key(name, atom::USER),
        }
    }

    /// [`Machine::strip_module`] for code that may not raise: `None` for a bad module. In
    /// line for a term with no `:/2`, as [`Machine::strip_module_from`].
    #[inline]
    pub fn strip_module_quiet(&self, term: Cell) -> Option<(u32, Cell)> {
        let t = self.stacks.heap.deref(term);
        if t.tag() == Tag::Str && self.stacks.heap.functor_of(t) == Cell::functor(atom::COLON, 2) {
            return self.strip_qualified_quiet(t);
        }
        Some((0, t))
    }

    /// [`Machine::strip_module_quiet`] for a term `t`, dereferenced, that is qualified.
    #[inline(never)]
    fn strip_qualified_quiet(&self, t: Cell) -> Option<(u32, Cell)> {
        let mut module = 0;
        let mut t = t;
        // An acyclic chain of qualifications has fewer links than the heap has cells.
        let mut links = self.stacks.heap.top();
        while t.tag() == Tag::Str && self.stacks.heap.functor_of(t) == Cell::functor(atom::COLON, 2)
        {
            let m = self.stacks.heap.deref(self.stacks.heap.arg(t, 0));
            if m.tag() != Tag::Atom || links == 0 {
                return None;
            }
            links -= 1;
            module = self.module_key(m.atom_index());
            t = self.stacks.heap.deref(self.stacks.heap.arg(t, 1));
        }
        Some((module, t))
    }

    /// The predicate a clause head `name/arity` names in `module`: the module's own or
    /// imported one, else the flat table's (`user` and the system).
    pub fn visible_pred(&self, module: u32, name: u32, arity: usize) -> Option<PredId> {
        self.program
            .lookup_in(module, name, arity)
            .or_else(|| self.program.lookup_pred(name, arity))
    }

    /// The name of module key `module`.
    pub fn module_name(&self, module: u32) -> u32 {
        if module == 0 {
            atom::USER
        } else {
            module
        }
    }

    /// `term` with its module qualifications taken off, and the module the innermost names
    /// (`user` when there is none: a module's own goals pass their module-sensitive arguments
    /// qualified, `modules/meta.rs`). An unbound or non-atom module is an error.
    #[inline]
    pub fn strip_module(&mut self, term: Cell) -> Result<(u32, Cell), super::error::PlError> {
        self.strip_module_from(0, term)
    }

    /// [`Machine::strip_module`] with `module` for a term of no qualification. In line, so
    /// that the commonest term, one with no `:/2` (every `assert/1` and `retract/1` of a
    /// program without modules), costs a dereference and a look at its functor.
    #[inline]
    pub fn strip_module_from(
        &mut self,
        module: u32,
        term: Cell,
    ) -> Result<(u32, Cell), super::error::PlError> {
        let t = self.stacks.heap.deref(term);
        if t.tag() == Tag::Str && self.stacks.heap.functor_of(t) == Cell::functor(atom::COLON, 2) {
            return self.strip_qualified(module, t);
        }
        Ok((module, t))
    }

    /// [`Machine::strip_module_from`] for a term `t`, dereferenced, that is qualified.
    #[inline(never)]
    fn strip_qualified(
        &mut self,
        module: u32,
        t: Cell,
    ) -> Result<(u32, Cell), super::error::PlError> {
        let mut module = module;
        let mut t = t;
        // An acyclic chain of qualifications has fewer links than the heap has cells: a
        // cyclic one (`X = m:X`) is an error, not a loop.
        let mut links = self.stacks.heap.top();
        while t.tag() == Tag::Str && self.stacks.heap.functor_of(t) == Cell::functor(atom::COLON, 2)
        {
            if links == 0 {
                return Err(self.type_err("acyclic_term", t));
            }
            links -= 1;
            let m = self.stacks.heap.deref(self.stacks.heap.arg(t, 0));
            match m.tag() {
                Tag::Atom => module = self.module_key(m.atom_index()),
                Tag::Ref => return Err(self.inst_err()),
                _ => return Err(self.type_err("module", m)),
            }
            t = self.stacks.heap.deref(self.stacks.heap.arg(t, 1));
        }
        Ok((module, t))
    }

    /// Run `f` with `module` as the module clauses are compiled in.
    pub fn in_module<R>(&mut self, module: u32, f: impl FnOnce(&mut Machine) -> R) -> R {
        let outer = std::mem::replace(&mut self.program.modules.current, module);
        let r = f(self);
        self.program.modules.current = outer;
        r
    }

    /// Where a call of `pid`, which has no clause, goes instead: the definition that became
    /// visible under its name after the call was compiled (an import), or the first one of
    /// its module's import modules (`user`'s for a module, SWI-Prolog's default chain).
    pub fn undefined_target(&self, pid: PredId) -> Option<PredId> {
        let p = &self.program.preds[pid as usize];
        if p.dynamic || p.defined {
            return None;
        }
        let key = (p.name, p.arity);
        let visible = if p.module == 0 {
            self.program.pred_map.get(&key).copied()
        } else {
            self.program
                .modules
                .table
                .get(&p.module)
                .and_then(|m| m.preds.get(&key))
                .copied()
        };
        let live = |t: PredId| {
            let q = &self.program.preds[t as usize];
            q.is_builtin()
                || q.defined
                || q.dynamic
                || matches!(&q.kind, PredKind::Clauses(l) if !l.clauses.is_empty())
        };
        visible
            .filter(|&t| t != pid && live(t))
            .or_else(|| self.chain_target(p.module, key, pid))
    }

    /// The predicates named `name` visible in `module` (of arity `arity` when given), as arity
    /// and id in arity order: [`Machine::preds_named`] for `user`.
    pub fn module_preds_named(
        &self,
        module: u32,
        name: u32,
        arity: Option<usize>,
    ) -> Vec<(usize, PredId)> {
        if module == 0 {
            return self.preds_named(name, arity);
        }
        let mut found: Vec<(usize, PredId)> = self
            .program
            .modules
            .table
            .get(&module)
            .map(|t| {
                t.preds
                    .iter()
                    .filter(|((n, a), _)| *n == name && arity.is_none_or(|x| x == *a))
                    .map(|((_, a), &pid)| (*a, pid))
                    .collect()
            })
            .unwrap_or_default();
        found.sort();
        found
    }

    /// The predicate indicator of `pid` as error terms show it: `m:name/arity` for a
    /// predicate of a module other than `user`.
    pub fn pred_indicator(&mut self, pid: PredId) -> Cell {
        let p = &self.program.preds[pid as usize];
        let (name, arity, module) = (p.name, p.arity, p.module);
        let pi = self.indicator(name, arity);
        if module == 0 {
            pi
        } else {
            self.stacks
                .heap
                .compound(atom::COLON, &[Cell::atom(module), pi])
        }
    }

    /// Make `pid` visible in `into` (0 for `user`) as `name/arity`, imported from `from`.
    pub fn import_pred(&mut self, into: u32, from: u32, pid: PredId, name: u32, arity: usize) {
        if into == 0 {
            self.program.pred_map.insert((name, arity), pid);
        } else {
            self.program
                .modules
                .table
                .entry(into)
                .or_default()
                .preds
                .insert((name, arity), pid);
        }
        self.program
            .modules
            .imported
            .insert((into, name, arity), from);
    }
}

impl Machine {
    /// For a clause `M:Clause` or `M:Head :- Body` read in another module, the module it
    /// belongs to and the clause to compile there; a body outside the qualification keeps
    /// running in the module that read it, as in SWI-Prolog.
    pub fn clause_for_module(&mut self, clause: Cell) -> Option<(u32, Cell)> {
        let c = self.stacks.heap.deref(clause);
        let colon = Cell::functor(atom::COLON, 2);
        if c.tag() != Tag::Str {
            return None;
        }
        let f = self.stacks.heap.functor_of(c);
        let current = self.program.modules.current;
        if f == colon {
            return self.strip_module(c).ok();
        }
        if f != Cell::functor(atom::NECK, 2) {
            return None;
        }
        let head = self.stacks.heap.deref(self.stacks.heap.arg(c, 0));
        if head.tag() != Tag::Str || self.stacks.heap.functor_of(head) != colon {
            return None;
        }
        let (module, head) = self.strip_module(head).ok()?;
        let body = self.stacks.heap.arg(c, 1);
        let body = if module == current {
            body
        } else {
            let here = Cell::atom(self.module_name(current));
            self.stacks.heap.compound(atom::COLON, &[here, body])
        };
        Some((module, self.stacks.heap.compound(atom::NECK, &[head, body])))
    }
}
